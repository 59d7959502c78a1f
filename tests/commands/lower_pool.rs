//! `egfuse lower` on pooling windows: a `reduce_window` of a maximum, a minimum or another
//! associative op is first spelled as strided slices of its padded operand and their maximum
//! (`lowering/src/window_forms/combine.rs`), which computes the same; fusion makes the slices and the
//! chain one elementwise kernel, so a Flax ResNet's max pooling lowers and checks.

use crate::lower::lower;
use crate::support::{egfuse, scratch};

/// A Flax ResNet's max pooling: NHWC, a 3 x 3 window in steps of 2, one row and column of
/// `-inf` padding on each side.
const MAX_POOL: &str = "func.func @main(%x: tensor<1x16x16x16xf32>) -> tensor<1x8x8x16xf32> {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %0 = \"stablehlo.reduce_window\"(%x, %ninf) <{padding = dense<[[0, 0], [1, 1], [1, 1], [0, 0]]> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 3, 3, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %1 = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) : (tensor<1x16x16x16xf32>, tensor<f32>) -> tensor<1x8x8x16xf32>
  return %0 : tensor<1x8x8x16xf32>
}
";

/// A minimum over a 2 x 3 window dilated by 2 along the columns, the operand dilated by 2
/// along its rows, padding negative at one edge, and an init (0.25) that is no identity, so
/// that it is one term of the minimum.
const MIN_POOL: &str = "func.func @main(%x: tensor<5x9xf32>) -> tensor<5x3xf32> {
  %c = stablehlo.constant dense<2.500000e-01> : tensor<f32>
  %0 = \"stablehlo.reduce_window\"(%x, %c) <{base_dilations = array<i64: 2, 1>, padding = dense<[[1, 0], [2, -1]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 2>, window_dimensions = array<i64: 2, 3>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %1 = stablehlo.minimum %a, %b : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) : (tensor<5x9xf32>, tensor<f32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}
";

/// `src` with its windowed ops rewritten (`window_forms::expand`), and how many were.
pub(crate) fn expanded(src: &str) -> (String, usize) {
    let mut m = egfuse_ir::parse::parse(src).expect("parses");
    let n = egfuse_lowering::window_forms::expand(&mut m);
    let text = egfuse_ir::print::print(&m, egfuse_ir::print::PrintOptions::default());
    (text, n)
}

/// `egfuse verify` between two module texts: its exit code and output.
pub(crate) fn verify(name: &str, a: &str, b: &str) -> (i32, String) {
    let a = scratch(&format!("{name}.mlir"), a);
    let b = scratch(&format!("{name}.forms.mlir"), b);
    let (code, out, err) = egfuse(&["verify", &a.display().to_string(), &b.display().to_string()]);
    (code, format!("{out}{err}"))
}

/// The minimum's window as a product, and as an integer sum (which `window_sums` leaves: not a
/// whole prefix, base-dilated), each a chain of the body's op over the same slices.
fn other_bodies() -> [(&'static str, String); 2] {
    let product = MIN_POOL.replace("stablehlo.minimum %a", "stablehlo.multiply %a");
    let int_sum = MIN_POOL
        .replace("stablehlo.minimum %a", "stablehlo.add %a")
        .replace("dense<2.500000e-01>", "dense<3>")
        .replace("xf32>", "xi32>")
        .replace("<f32>", "<i32>");
    [("product", product), ("int_sum", int_sum)]
}

/// Each pooling computes what its slices and their maximum (or minimum, product, sum) compute,
/// padding, dilations, strides and a non-identity init included; a slice moved by one element
/// must differ, so the comparison can fail.
#[test]
fn pooling_windows_are_the_maximum_of_strided_slices() {
    let others = other_bodies();
    let all = [("max_pool", MAX_POOL), ("min_pool", MIN_POOL)]
        .into_iter()
        .chain(others.iter().map(|(n, s)| (*n, s.as_str())));
    for (name, src) in all {
        let (text, n) = expanded(src);
        assert_eq!(n, 1, "{name}:\n{text}");
        assert!(!text.contains("reduce_window"), "{name}:\n{text}");
        let (code, out) = verify(name, src, &text);
        assert_eq!(code, 0, "{name}: {out}\n{text}");
    }
    let (text, _) = expanded(MAX_POOL);
    assert_eq!(text.matches("stablehlo.slice").count(), 9, "{text}");
    let moved = text.replacen(
        "[0:1, 0:15:2, 0:15:2, 0:16]",
        "[0:1, 1:16:2, 0:15:2, 0:16]",
        1,
    );
    assert_ne!(moved, text, "the first slice is spelled otherwise:\n{text}");
    let (code, out) = verify("moved", MAX_POOL, &moved);
    assert_eq!(code, 1, "a moved slice must differ: {out}");
}

/// The init is a term of the minimum only where it is no identity: `inf` is left out.
#[test]
fn an_identity_init_is_no_term() {
    let (with, _) = expanded(MIN_POOL);
    let (without, _) = expanded(&MIN_POOL.replace("2.500000e-01", "0x7F800000"));
    let count = |t: &str| t.matches("stablehlo.minimum").count();
    // Six window positions are six slices and five minimums; the init broadcast is a seventh
    // term and a sixth minimum.
    assert_eq!((count(&with), count(&without)), (6, 5), "{with}\n{without}");
    assert!(with.contains("stablehlo.broadcast_in_dim %c"), "{with}");
}

/// Windows of more than 64 positions (a cumulative maximum over a long axis would be that many
/// loads) are left as they are, and lowering says so.
#[test]
fn large_windows_keep_their_diagnostic() {
    let large = MAX_POOL
        .replace("1, 3, 3, 1>", "1, 9, 9, 1>")
        .replace("[1, 1], [1, 1], [0, 0]]", "[4, 4], [4, 4], [0, 0]]");
    let (text, n) = expanded(&large);
    assert_eq!(n, 0, "{text}");
    let (_, _, code, err) = lower(&scratch("large.mlir", &large), &[]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("`stablehlo.reduce_window` has no lowering"),
        "{err}"
    );
}

/// The max pooling lowers as one DMA kernel (the pad) and one elementwise kernel of nine
/// strided loads and eight maximums, and both check; so do the other poolings.
#[test]
fn a_max_pool_lowers_as_a_pad_and_one_elementwise_kernel() {
    let others = other_bodies();
    let all = [("max_pool", MAX_POOL), ("min_pool", MIN_POOL)]
        .into_iter()
        .chain(others.iter().map(|(n, s)| (*n, s.as_str())));
    for (name, src) in all {
        let (program, _, code, err) = lower(&scratch(&format!("{name}.mlir"), src), &["--check"]);
        assert_eq!(code, 0, "{name}: {err}");
        let kinds: Vec<&str> = program.kernels.iter().map(|k| k.kind.as_str()).collect();
        assert_eq!(kinds, ["stablehlo.pad", "Elementwise"], "{name}: {err}");
        assert!(err.contains("check: 2 of 2 kernels agree"), "{name}: {err}");
    }
}

/// Average pooling's sum over a ResNet-style window (3 x 3 in steps of 2, one row and column of
/// zeros each side), and a window dilated along its columns with uneven padding: each becomes one
/// band matmul per axis (`window_sums`), which computes what the window does; a band moved by
/// one position must differ, so the comparison can fail.
#[test]
fn window_sums_over_several_axes_are_a_band_matmul_per_axis() {
    let avg = MAX_POOL
        .replace("dense<0xFF800000>", "dense<0.0>")
        .replace("stablehlo.maximum %a", "stablehlo.add %a");
    let dilated = "func.func @main(%x: tensor<5x9xf32>) -> tensor<3x4xf32> {
  %c = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = \"stablehlo.reduce_window\"(%x, %c) <{padding = dense<[[1, 0], [2, 1]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 2>, window_dimensions = array<i64: 2, 3>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %1 = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) : (tensor<5x9xf32>, tensor<f32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}
";
    let sums = |src: &str| {
        let mut m = egfuse_ir::parse::parse(src).expect("parses");
        let n = egfuse_lowering::window_sums::expand(&mut m);
        (
            egfuse_ir::print::print(&m, egfuse_ir::print::PrintOptions::default()),
            n,
        )
    };
    for (name, src) in [("avg_pool", avg.as_str()), ("dilated", dilated)] {
        let (text, n) = sums(src);
        assert_eq!(n, 1, "{name}:\n{text}");
        assert_eq!(
            text.matches("stablehlo.dot_general").count(),
            2,
            "{name}:\n{text}"
        );
        let (code, out) = verify(name, src, &text);
        assert_eq!(code, 0, "{name}: {out}\n{text}");
    }
    let (text, _) = sums(&avg);
    let low = "stablehlo.constant dense<1> : tensor<16x8xi32>";
    assert!(
        text.contains(low),
        "the band's padding is spelled otherwise:\n{text}"
    );
    let moved = text.replacen(low, "stablehlo.constant dense<0> : tensor<16x8xi32>", 1);
    let (code, out) = verify("moved_band", &avg, &moved);
    assert_eq!(code, 1, "a moved band must differ: {out}");
}
