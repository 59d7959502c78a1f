//! `egfuse lower` on the derivatives of pooling: `select_and_scatter` (max pooling's gradient)
//! and a `reduce_window` of (value, tangent) pairs (its forward-mode derivative), each spelled
//! by `lowering/src/window_forms/` as its body applied per window position over strided
//! slices and placing pads. `egfuse verify` judges each spelling against the original op run
//! by the reference interpreter; `--check` judges the kernels.

use crate::lower::lower;
use crate::lower_pool::{expanded, verify};
use crate::support::scratch;

/// PyTorch's max pooling gradient: a 3 x 3 window in steps of 2 with one element of padding
/// each side, as a `padding` attribute (JAX pads the operand itself instead), over an operand
/// of 7 x 7 (windows overlap; the padding is never selected).
const GRAD: &str = "func.func @main(%x: tensor<2x7x7x3xf32>, %g: tensor<2x4x4x3xf32>) -> tensor<2x7x7x3xf32> {
  %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = \"stablehlo.select_and_scatter\"(%x, %g, %zero) <{padding = dense<[[0, 0], [1, 1], [1, 1], [0, 0]]> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 3, 3, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %1 = stablehlo.compare GE, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %1 = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) : (tensor<2x7x7x3xf32>, tensor<2x4x4x3xf32>, tensor<f32>) -> tensor<2x7x7x3xf32>
  return %0 : tensor<2x7x7x3xf32>
}
";

/// A reduce_window of pairs as JAX's `_select_and_gather_add` spells it for a min pool: the
/// tangent of each window's first minimum, over a 2 x 2 window dilated by 2 along the columns,
/// in steps of 2 x 1, padded by one row after.
const PAIRS: &str = "func.func @main(%x: tensor<5x9xf32>, %t: tensor<5x9xf32>) -> (tensor<3x7xf32>, tensor<3x7xf32>) {
  %inf = stablehlo.constant dense<0x7F800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %0:2 = \"stablehlo.reduce_window\"(%x, %t, %inf, %zero) <{padding = dense<[[0, 1], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 2>, window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<f32>, %d: tensor<f32>):
    %1 = stablehlo.compare LE, %a, %c, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %2 = stablehlo.select %1, %a, %c : tensor<i1>, tensor<f32>
    %3 = stablehlo.select %1, %b, %d : tensor<i1>, tensor<f32>
    stablehlo.return %2, %3 : tensor<f32>, tensor<f32>
  }) : (tensor<5x9xf32>, tensor<5x9xf32>, tensor<f32>, tensor<f32>) -> (tensor<3x7xf32>, tensor<3x7xf32>)
  return %0#0, %0#1 : tensor<3x7xf32>, tensor<3x7xf32>
}
";

/// The variants: the gradient on integers (small random values tie, so the first maximum must
/// win), with a product for its scatter (no sum: the general form), and with an init that is
/// an argument (it may be `-0.0`: the general form); the pairs, and a difference (a body that
/// is no associative op) over the pairs' window.
fn cases() -> Vec<(&'static str, String)> {
    let ints = GRAD
        .replace("xf32>", "xi32>")
        .replace("<f32>", "<i32>")
        .replace("dense<0.000000e+00>", "dense<0>")
        .replace(", FLOAT", ", SIGNED");
    let product = GRAD
        .replace("stablehlo.add %a", "stablehlo.multiply %a")
        .replace("dense<0.000000e+00>", "dense<1.500000e+00>");
    let init_argument = GRAD
        .replace(
            "%g: tensor<2x4x4x3xf32>)",
            "%g: tensor<2x4x4x3xf32>, %i: tensor<f32>)",
        )
        .replace("(%x, %g, %zero)", "(%x, %g, %i)");
    let difference = "func.func @main(%x: tensor<5x9xf32>) -> tensor<3x7xf32> {
  %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = \"stablehlo.reduce_window\"(%x, %zero) <{padding = dense<[[0, 1], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 2>, window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %1 = stablehlo.subtract %a, %b : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) : (tensor<5x9xf32>, tensor<f32>) -> tensor<3x7xf32>
  return %0 : tensor<3x7xf32>
}
";
    vec![
        ("grad", GRAD.to_string()),
        ("grad_ints", ints),
        ("grad_product", product),
        ("grad_init_argument", init_argument),
        ("pairs", PAIRS.to_string()),
        ("difference", difference.to_string()),
    ]
}

/// Each spelling computes what its op computes, padding, overlapping windows, ties, dilations
/// and any body included.
#[test]
fn pooling_derivatives_are_their_bodies_over_window_positions() {
    for (name, src) in cases() {
        let (text, n) = expanded(&src);
        assert_eq!(n, 1, "{name}:\n{text}");
        assert!(!text.contains("select_and_scatter") && !text.contains("reduce_window"));
        let (code, out) = verify(name, &src, &text);
        assert_eq!(code, 0, "{name}: {out}\n{text}");
    }
    println!(
        "window forms: {} pooling derivatives verified",
        cases().len()
    );
}

/// The last of equal values must not win: on integers, where the random values tie, choosing
/// by `GT` in the spelling (a later maximum replaces the current one) gives another result.
#[test]
fn the_first_of_tied_maximums_is_chosen() {
    let (_, ints) = cases().swap_remove(1);
    let (text, _) = expanded(&ints);
    assert!(
        text.contains("compare  GE") || text.contains("compare GE"),
        "{text}"
    );
    let later = text.replace("GE,", "GT,");
    assert_ne!(later, text);
    let (code, out) = verify("later_max", &ints, &later);
    assert_eq!(code, 1, "choosing the last maximum must differ: {out}");
}

/// The sum form: a gradient that adds into a zero init places each position's chosen sources
/// by one pad and adds them; the general form also pads each position's choice.
#[test]
fn a_summed_scatter_pads_once_per_position() {
    let pads = |src: &str| expanded(src).0.matches("stablehlo.pad").count();
    // Nine positions; the operand's padding is one more pad, and the padding's mask another.
    assert_eq!(pads(GRAD), 9 + 2);
    let (_, product) = cases().swap_remove(2);
    assert_eq!(pads(&product), 2 * 9 + 2);
}

/// Each lowers whole and its kernels check.
#[test]
fn pooling_derivatives_lower_and_check() {
    for (name, src) in cases() {
        let (program, _, code, err) = lower(&scratch(&format!("{name}.mlir"), &src), &["--check"]);
        assert_eq!(code, 0, "{name}: {err}");
        let n = program.kernels.len();
        let all = format!("check: {n} of {n} kernels agree");
        assert!(err.contains(&all), "{name}: {err}");
    }
}
