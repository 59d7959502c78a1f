//! `egfuse lower` on ops that only move elements: their kernels are DMAs between HBM tensors,
//! each access pattern from the op's attributes, checked by value.

use crate::lower::{compute, lower};
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

/// A `dynamic_slice` clamps each start index into `[0, dim - size]` on every partition and sums
/// them times their strides into the block's first element; per tile of rows, `iota` gives
/// each row's place in the block and one indirect `dma_copy` moves the rows. A `[2, 130, 32]`
/// block of `[4, 300, 64]` is two groups of 128 rows and 2 (the check's start indices, drawn
/// from 0 to 7, clamp the first one to 2).
#[test]
fn dynamic_slice_moves_the_blocks_rows_by_indirect_dma() {
    let src = "func.func @main(%x: tensor<4x300x64xf32>, %a: tensor<i32>, %b: tensor<i32>, %c: tensor<i32>) -> tensor<2x130x32xf32> {\n\
           %0 = stablehlo.dynamic_slice %x, %a, %b, %c, sizes = [2, 130, 32] : (tensor<4x300x64xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x130x32xf32>\n\
           return %0 : tensor<2x130x32xf32>\n\
         }\n";
    let input = scratch("dynamic_slice.mlir", src);
    let (program, text, code, err) = lower(&input, &["--check"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("check: 1 of 1 kernels agree"), "{err}");
    expect![[r#"
        {
            "iota on GpSimd": 4,
            "tensor_scalar on DVE": 3,
            "tensor_scalar on GpSimd": 3,
            "tensor_tensor on GpSimd": 6,
        }
    "#]]
    .assert_debug_eq(&compute(&program.kernels[0]));
    let rows = text
        .lines()
        .filter(|l| l.contains("vector_offset="))
        .count();
    assert_eq!(rows, 4, "{text}");
}

/// A `dynamic_update_slice` (a KV cache written at the current position) copies the operand to
/// the result whole, then scatters the update's rows into it: the same clamped first element
/// and `iota` rows as a `dynamic_slice`, the offsets on the destination (`dst_vector_offset`).
/// A `[2, 130, 64]` update of `[2, 300, 64]` is four tiles of rows; the check's start indices
/// (0 to 7) put it at an offset the clamp keeps.
#[test]
fn dynamic_update_slice_copies_the_operand_and_scatters_the_update_rows() {
    let src = "func.func @main(%x: tensor<2x300x64xf32>, %u: tensor<2x130x64xf32>, %a: tensor<i32>, %b: tensor<i32>, %c: tensor<i32>) -> tensor<2x300x64xf32> {\n\
           %0 = stablehlo.dynamic_update_slice %x, %u, %a, %b, %c : (tensor<2x300x64xf32>, tensor<2x130x64xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x300x64xf32>\n\
           return %0 : tensor<2x300x64xf32>\n\
         }\n";
    let input = scratch("dynamic_update_slice.mlir", src);
    let (_, text, code, err) = lower(&input, &["--check"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("check: 1 of 1 kernels agree"), "{err}");
    let dmas: Vec<&str> = (text.lines().map(str::trim))
        .filter(|l| l.starts_with("dma_copy") && !l.contains("_start"))
        .collect();
    expect![[r#"
        [
            "dma_copy(dst=%out0, src=%in0, engine=DMA)",
            "dma_copy(dst=%out0.ap([[1, 128], [1, 64]]), src=%in1.ap([[64, 128], [1, 64]]), dst_vector_offset=%t12_offset, engine=DMA)",
            "dma_copy(dst=%out0.ap([[1, 2], [1, 64]]), src=%in1.ap([[64, 2], [1, 64]], offset=8192), dst_vector_offset=%t12_offset.ap([[1, 2], [1, 1]]), engine=DMA)",
            "dma_copy(dst=%out0.ap([[1, 128], [1, 64]]), src=%in1.ap([[64, 128], [1, 64]], offset=8320), dst_vector_offset=%t12_offset, engine=DMA)",
            "dma_copy(dst=%out0.ap([[1, 2], [1, 64]]), src=%in1.ap([[64, 2], [1, 64]], offset=16512), dst_vector_offset=%t12_offset.ap([[1, 2], [1, 1]]), engine=DMA)",
        ]
    "#]]
    .assert_debug_eq(&dmas);
}
