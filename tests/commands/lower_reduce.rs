//! `egfuse lower` on the reduces and sorts no kernel lowering takes as they stand
//! (`lowering/src/window_forms/reduce.rs`): a single op from an init that is not its identity
//! becomes the op of the reduce from the identity and the init; any other elementwise body
//! over few elements becomes the window fold over the reduced dimensions; a sort along another
//! axis than the last is one along the last between transposes. `egfuse verify`
//! judges each spelling against the reduce; `--check` judges the kernels.

use crate::lower::lower;
use crate::lower_pool::{expanded, verify};
use crate::support::scratch;

/// An integer sum from 3 and a float product from 0.5: one op, an init that is no identity.
const PEELED: &str = "func.func @main(%x: tensor<4x6xi32>, %y: tensor<3x5xf32>) -> (tensor<4xi32>, tensor<5xf32>) {
  %c = stablehlo.constant dense<3> : tensor<i32>
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [1] : (tensor<4x6xi32>, tensor<i32>) -> tensor<4xi32>
  %h = stablehlo.constant dense<5.000000e-01> : tensor<f32>
  %1 = stablehlo.reduce(%y init: %h) applies stablehlo.multiply across dimensions = [0] : (tensor<3x5xf32>, tensor<f32>) -> tensor<5xf32>
  return %0, %1 : tensor<4xi32>, tensor<5xf32>
}
";

/// `jnp.argmax` along the first of three dimensions (not the last, where `arg_reduce`
/// lowers it), NaN first and the lower index among equal values.
const ARGMAX_FIRST_AXIS: &str = "func.func @main(%x: tensor<5x4x3xf32>) -> tensor<4x3xi32> {
  %iota = stablehlo.iota dim = 0 : tensor<5x4x3xi32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.reduce(%x init: %ninf), (%iota init: %zero) across dimensions = [0] : (tensor<5x4x3xf32>, tensor<5x4x3xi32>, tensor<f32>, tensor<i32>) -> (tensor<4x3xf32>, tensor<4x3xi32>)
   reducer(%a: tensor<f32>, %b: tensor<f32>) (%ai: tensor<i32>, %bi: tensor<i32>)  {
    %1 = stablehlo.compare GT, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %2 = stablehlo.compare NE, %a, %a, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %3 = stablehlo.or %1, %2 : tensor<i1>
    %4 = stablehlo.compare EQ, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %5 = stablehlo.compare LT, %ai, %bi, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %6 = stablehlo.and %4, %5 : tensor<i1>
    %7 = stablehlo.or %3, %6 : tensor<i1>
    %8 = stablehlo.select %3, %a, %b : tensor<i1>, tensor<f32>
    %9 = stablehlo.select %7, %ai, %bi : tensor<i1>, tensor<i32>
    stablehlo.return %8, %9 : tensor<f32>, tensor<i32>
  }
  return %0#1 : tensor<4x3xi32>
}
";

/// A reduce of two operands whose results do not meet: the maximum of one and the minimum of
/// the other, over two of three dimensions (4 x 6 elements per result).
const INDEPENDENT: &str = "func.func @main(%x: tensor<3x4x6xi32>, %y: tensor<3x4x6xi32>) -> (tensor<3xi32>, tensor<3xi32>) {
  %lo = stablehlo.constant dense<-2147483648> : tensor<i32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.reduce(%x init: %lo), (%y init: %zero) across dimensions = [1, 2] : (tensor<3x4x6xi32>, tensor<3x4x6xi32>, tensor<i32>, tensor<i32>) -> (tensor<3xi32>, tensor<3xi32>)
   reducer(%a: tensor<i32>, %b: tensor<i32>) (%c: tensor<i32>, %d: tensor<i32>)  {
    %1 = stablehlo.maximum %a, %b : tensor<i32>
    %2 = stablehlo.minimum %c, %d : tensor<i32>
    stablehlo.return %1, %2 : tensor<i32>, tensor<i32>
  }
  return %0#0, %0#1 : tensor<3xi32>, tensor<3xi32>
}
";

/// Each spelling computes what its reduce computes.
#[test]
fn reduces_are_spelled_as_ones_that_lower() {
    let cases = [
        ("peeled", PEELED, 2),
        ("argmax_first_axis", ARGMAX_FIRST_AXIS, 1),
        ("independent", INDEPENDENT, 1),
    ];
    for (name, src, rewritten) in cases {
        let (text, n) = expanded(src);
        assert_eq!(n, rewritten, "{name}:\n{text}");
        let (code, out) = verify(name, src, &text);
        assert_eq!(code, 0, "{name}: {out}\n{text}");
        let (program, _, code, err) = lower(&scratch(&format!("{name}.mlir"), src), &["--check"]);
        assert_eq!(code, 0, "{name}: {err}");
        let k = program.kernels.len();
        assert!(
            err.contains(&format!("check: {k} of {k} kernels agree")),
            "{name}: {err}"
        );
    }
}

/// The init is folded in once, after the reduce from the identity: a sum from 3 is 3 plus the
/// sum from 0, which the `select` rules lower as one `tensor_reduce`.
#[test]
fn an_init_that_is_no_identity_is_added_after() {
    let (text, _) = expanded(PEELED);
    assert!(
        text.contains("stablehlo.constant dense<0> : tensor<i32>"),
        "{text}"
    );
    assert!(
        text.contains("stablehlo.constant dense<1.0> : tensor<f32>"),
        "{text}"
    );
    let dropped = text.replacen("stablehlo.add %", "stablehlo.subtract %", 1);
    assert_ne!(dropped, text, "{text}");
    let (code, out) = verify("peel_dropped", PEELED, &dropped);
    assert_eq!(
        code, 1,
        "an init subtracted instead of added must differ: {out}"
    );
}

/// An argmax along the last dimension stays `arg_reduce`'s, and a body over more than 64
/// elements per result keeps its diagnostic.
#[test]
fn argmax_along_the_last_axis_and_long_folds_are_left_alone() {
    let last = ARGMAX_FIRST_AXIS
        .replace("iota dim = 0", "iota dim = 2")
        .replace("across dimensions = [0]", "across dimensions = [2]")
        .replace(
            "tensor<4x3xf32>, tensor<4x3xi32>)",
            "tensor<5x4xf32>, tensor<5x4xi32>)",
        )
        .replace("-> tensor<4x3xi32> {", "-> tensor<5x4xi32> {")
        .replace(
            "return %0#1 : tensor<4x3xi32>",
            "return %0#1 : tensor<5x4xi32>",
        );
    let (text, n) = expanded(&last);
    assert_eq!(n, 0, "{text}");
    let (program, _, code, err) = lower(&scratch("argmax_last.mlir", &last), &["--check"]);
    assert_eq!(code, 0, "{err}");
    let kinds: Vec<&str> = program.kernels.iter().map(|k| k.kind.as_str()).collect();
    assert!(kinds.contains(&"argmax"), "{err}");
    let long = INDEPENDENT.replace("3x4x6xi32", "3x8x9xi32");
    let (text, n) = expanded(&long);
    assert_eq!(n, 0, "{text}");
    let (_, _, code, err) = lower(&scratch("long_fold.mlir", &long), &[]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("`stablehlo.reduce` has no lowering"), "{err}");
}

/// A sort along the first axis is the sort along the last between transposes, and computes
/// what it did: the sorted values and the index array carried along.
#[test]
fn a_sort_along_the_first_axis_sorts_transposed_rows() {
    let path = crate::support::root().join("tests/filetests/lower/sort_first_axis.mlir");
    let src = std::fs::read_to_string(path).unwrap();
    let (text, n) = expanded(&src);
    assert_eq!(n, 1, "{text}");
    assert_eq!(text.matches("stablehlo.transpose").count(), 4, "{text}");
    assert!(text.contains("dimension = 1 : i64"), "{text}");
    let (code, out) = verify("sort_first_axis", &src, &text);
    assert_eq!(code, 0, "{out}\n{text}");
}
