//! `egfuse lower` on ops that only move elements: their kernels are DMAs between HBM tensors,
//! each access pattern from the op's attributes, checked by value.

use crate::lower::lower;
use crate::support::scratch;
use expect_test::expect;

/// A pad is two DMAs: the padding value broadcast over the result by zero strides, then the
/// operand at `low + i * (interior + 1)`. Negative padding crops: `low = [-1, 2]`,
/// `high = [-2, 0]` drop the operand's first row and its last, and interior padding spaces the
/// columns by 2.
#[test]
fn pad_is_a_fill_and_a_strided_copy() {
    let src = "func.func @main(%x: tensor<6x5xf32>, %v: tensor<f32>) -> tensor<3x15xf32> {\n  \
               %0 = stablehlo.pad %x, %v, low = [-1, 2], high = [-2, 0], interior = [0, 2] : \
               (tensor<6x5xf32>, tensor<f32>) -> tensor<3x15xf32>\n  \
               return %0 : tensor<3x15xf32>\n}\n";
    let input = scratch("pad.mlir", src);
    let (_, text, code, err) = lower(&input, &["--check"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("check: 1 of 1 kernels agree"), "{err}");
    let dmas: Vec<&str> = (text.lines().map(str::trim))
        .filter(|l| l.starts_with("dma_copy"))
        .collect();
    expect![[r#"
        [
            "dma_copy(dst=%out0, src=%in1.ap([[0, 45]]), engine=DMA)",
            "dma_copy(dst=%out0.ap([[3, 15]], offset=2), src=%in0.ap([[1, 15]], offset=5), engine=DMA)",
        ]
    "#]].assert_debug_eq(&dmas);
}
