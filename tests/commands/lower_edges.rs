//! `egfuse lower` on kernels with views at their edge (`lowering/src/edge.rs`): a head split
//! stores through its reshape and transpose, an input read through a transpose loads through
//! its pattern, a kernel of views only is one DMA, rows whose runs do not tile 128 rows are a
//! diagnostic, a broadcast that writes a result repeats the store, and a matmul reads its
//! operands through a slice, a transpose and a head merge. Each kernel is checked by value against the reference interpreter.

use crate::lower::{checked, lower};
use crate::support::scratch;
use expect_test::{expect, Expect};

/// The DMAs of a lowered program's text.
fn dmas(text: &str) -> Vec<&str> {
    (text.lines().map(str::trim))
        .filter(|l| l.starts_with("dma_copy"))
        .collect()
}

/// Lowers `src` (written to a scratch file `name`) with `--check` and compares its DMAs with
/// `expect`.
fn check_dmas(name: &str, src: &str, expect: Expect) {
    let (_, text) = checked(name, src);
    expect.assert_debug_eq(&dmas(&text));
}

/// A fused kernel with body `body` (a `^bb0` block and its ops), operands `args` and type `ty`.
fn fused(sig: &str, args: &str, body: &str, ty: &str, ret: &str) -> String {
    format!(
        "func.func @main({sig}) -> {ret} {{\n  %0 = \"mhlo.fusion\"({args}) ({{\n{body}\n  }}) \
         {{FusionKind = \"Elementwise\"}} : {ty}\n  return %0 : {ret}\n}}\n"
    )
}

/// A head split: `x + b` over 300 tokens of 4 heads of 8, written as `[4, 300, 8]`. The space
/// is the add's (300 rows, 32 columns); the store walks the rows by 8 and the columns as 4
/// heads of 300 x 8 elements and 8 adjacent ones.
#[test]
fn a_head_split_stores_through_its_transpose() {
    let body = "  ^bb0(%x: tensor<300x32xf32>, %b: tensor<32xf32>):\n    \
                %w = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<32xf32>) -> tensor<300x32xf32>\n    \
                %a = stablehlo.add %x, %w : tensor<300x32xf32>\n    \
                %r = stablehlo.reshape %a : (tensor<300x32xf32>) -> tensor<300x4x8xf32>\n    \
                %t = stablehlo.transpose %r, dims = [1, 0, 2] : (tensor<300x4x8xf32>) -> tensor<4x300x8xf32>\n    \
                mhlo.return %t : tensor<4x300x8xf32>";
    let src = fused(
        "%x: tensor<300x32xf32>, %b: tensor<32xf32>",
        "%x, %b",
        body,
        "(tensor<300x32xf32>, tensor<32xf32>) -> tensor<4x300x8xf32>",
        "tensor<4x300x8xf32>",
    );
    check_dmas(
        "split.mlir",
        &src,
        expect![[r#"
        [
            "dma_copy(dst=%t3, src=%in1.ap([[0, 128], [1, 32]]), engine=DMA)",
            "dma_copy(dst=%t4, src=%in0.ap([[32, 128], [1, 32]], offset=4096*%r0), engine=DMA)",
            "dma_copy(dst=%out0.ap([[8, 128], [2400, 4], [1, 8]], offset=1024*%r0), src=%t5, engine=DMA)",
            "dma_copy(dst=%t6.ap([[32, 44], [1, 32]]), src=%in0.ap([[32, 44], [1, 32]], offset=8192), engine=DMA)",
            "dma_copy(dst=%out0.ap([[8, 44], [2400, 4], [1, 8]], offset=2048), src=%t7.ap([[32, 44], [1, 32]]), engine=DMA)",
        ]
    "#]],
    );
}

/// An input read through a transpose: `exp(transpose(x))` computes on the transposed space and
/// loads `x` by a pattern that walks its columns as the rows.
#[test]
fn a_transposed_input_loads_through_its_pattern() {
    let body = "  ^bb0(%x: tensor<64x200xf32>):\n    \
                %t = stablehlo.transpose %x, dims = [1, 0] : (tensor<64x200xf32>) -> tensor<200x64xf32>\n    \
                %e = stablehlo.exponential %t : tensor<200x64xf32>\n    \
                mhlo.return %e : tensor<200x64xf32>";
    let src = fused(
        "%x: tensor<64x200xf32>",
        "%x",
        body,
        "(tensor<64x200xf32>) -> tensor<200x64xf32>",
        "tensor<200x64xf32>",
    );
    check_dmas(
        "transposed_in.mlir",
        &src,
        expect![[r#"
        [
            "dma_copy(dst=%t2, src=%in0.ap([[1, 128], [200, 64]]), engine=DMA)",
            "dma_copy(dst=%out0.ap([[64, 128], [1, 64]]), src=%t3, engine=DMA)",
            "dma_copy(dst=%t4.ap([[64, 72], [1, 64]]), src=%in0.ap([[1, 72], [200, 64]], offset=128), engine=DMA)",
            "dma_copy(dst=%out0.ap([[64, 72], [1, 64]], offset=8192), src=%t5.ap([[64, 72], [1, 64]]), engine=DMA)",
        ]
    "#]],
    );
}

/// A head merge (a transpose and the reshape flattening the heads) computes nothing: one
/// HBM-to-HBM DMA whose two patterns walk the same elements.
#[test]
fn a_kernel_of_views_only_is_one_dma() {
    let body = "  ^bb0(%o: tensor<2x4x3xf32>):\n    \
                %t = stablehlo.transpose %o, dims = [1, 0, 2] : (tensor<2x4x3xf32>) -> tensor<4x2x3xf32>\n    \
                %r = stablehlo.reshape %t : (tensor<4x2x3xf32>) -> tensor<4x6xf32>\n    \
                mhlo.return %r : tensor<4x6xf32>";
    let src = fused(
        "%o: tensor<2x4x3xf32>",
        "%o",
        body,
        "(tensor<2x4x3xf32>) -> tensor<4x6xf32>",
        "tensor<4x6xf32>",
    );
    let (program, text) = checked("merge.mlir", &src);
    assert_eq!(program.kernels[0].insts().len(), 1, "{text}");
    expect![[r#"
        [
            "dma_copy(dst=%out0.ap([[3, 2], [6, 4], [1, 3]]), src=%in0.ap([[12, 2], [3, 4], [1, 3]]), engine=DMA)",
        ]
    "#]]
    .assert_debug_eq(&dmas(&text));
}

/// Rows whose inner run in HBM is longer than a tile (256 rows a run, after a transpose that
/// puts 2 outer rows around them) have no one pattern per tile of 128: a diagnostic at the
/// value stored so, and the exit code of a module with a kernel that did not lower.
#[test]
fn rows_whose_runs_do_not_tile_are_a_diagnostic() {
    let body = "  ^bb0(%x: tensor<2x256x8xf32>):\n    \
                %e = stablehlo.exponential %x : tensor<2x256x8xf32>\n    \
                %t = stablehlo.transpose %e, dims = [1, 0, 2] : (tensor<2x256x8xf32>) -> tensor<256x2x8xf32>\n    \
                mhlo.return %t : tensor<256x2x8xf32>";
    let src = fused(
        "%x: tensor<2x256x8xf32>",
        "%x",
        body,
        "(tensor<2x256x8xf32>) -> tensor<256x2x8xf32>",
        "tensor<256x2x8xf32>",
    );
    let input = scratch("untiled.mlir", &src);
    let (_, _, code, err) = lower(&input, &[]);
    assert_eq!(code, 1, "{err}");
    let err = err.replace(input.to_str().unwrap(), "IN");
    let first: Vec<&str> = (err.lines())
        .filter(|l| l.starts_with("error") || l.contains("╰── ") || l.starts_with("lowered"))
        .collect();
    expect![[r#"
        [
            "error: IN:4:5: a value of type tensor<2x256x8xf32> has no place in the kernel's space [2, 256, 8]",
            "   ·                              ╰── its rows are runs in HBM whose inner part does not divide a tile of 128 rows",
            "lowered 0 kernels; 1 could not be lowered",
        ]
    "#]]
    .assert_debug_eq(&first);
}

/// GQA's `repeat_kv` after a computation: `exp(k)` over 2 heads of 64 tokens, broadcast to 2
/// copies each and merged into 4 heads. The kernel computes the 2 heads once and stores each
/// tile twice, in a loop whose counter moves the destination to the next copy.
#[test]
fn a_broadcast_that_writes_a_result_repeats_its_store() {
    let body = "  ^bb0(%k: tensor<2x64x16xf32>):\n    \
                %e = stablehlo.exponential %k : tensor<2x64x16xf32>\n    \
                %b = stablehlo.broadcast_in_dim %e, dims = [0, 2, 3] : (tensor<2x64x16xf32>) -> tensor<2x2x64x16xf32>\n    \
                %r = stablehlo.reshape %b : (tensor<2x2x64x16xf32>) -> tensor<4x64x16xf32>\n    \
                mhlo.return %r : tensor<4x64x16xf32>";
    let src = fused(
        "%k: tensor<2x64x16xf32>",
        "%k",
        body,
        "(tensor<2x64x16xf32>) -> tensor<4x64x16xf32>",
        "tensor<4x64x16xf32>",
    );
    let (_, text) = checked("repeat.mlir", &src);
    let stores: Vec<&str> = (text.lines().map(str::trim))
        .filter(|l| l.starts_with("dma_copy(dst=%out") || l.starts_with("for"))
        .collect();
    expect![[r#"
        [
            "for %r0 in 0..2 {",
            "dma_copy(dst=%out0.ap([[2048, 2], [16, 64], [1, 16]], offset=1024*%r0), src=%t3, engine=DMA)",
        ]
    "#]].assert_debug_eq(&stores);
}

/// A matmul reads its operands through views at the kernel's edge by its own DMA patterns: the
/// odd rows of a fused weight (a slice that starts 32 elements in and steps 2 rows, 64
/// elements) and a transposed activation (its columns walked as the rows, stride 16).
#[test]
fn a_matmul_reads_a_sliced_and_a_transposed_operand_through_their_patterns() {
    let body = "  ^bb0(%x: tensor<32x16xf32>, %w: tensor<128x32xf32>):\n    \
                %t = stablehlo.transpose %x, dims = [1, 0] : (tensor<32x16xf32>) -> tensor<16x32xf32>\n    \
                %s = stablehlo.slice %w [1:128:2, 0:32] : (tensor<128x32xf32>) -> tensor<64x32xf32>\n    \
                %d = stablehlo.dot_general %t, %s, contracting_dims = [1] x [1] : (tensor<16x32xf32>, tensor<64x32xf32>) -> tensor<16x64xf32>\n    \
                mhlo.return %d : tensor<16x64xf32>";
    let src = fused(
        "%x: tensor<32x16xf32>, %w: tensor<128x32xf32>",
        "%x, %w",
        body,
        "(tensor<32x16xf32>, tensor<128x32xf32>) -> tensor<16x64xf32>",
        "tensor<16x64xf32>",
    );
    check_dmas(
        "matmul_views.mlir",
        &src,
        expect![[r#"
        [
            "dma_copy(dst=%t4_st.ap([[16, 32], [1, 16]]), src=%in0.ap([[16, 32], [1, 16]]), engine=DMA)",
            "dma_copy(dst=%t5_mv.ap([[64, 32], [1, 64]]), src=%in1.ap([[1, 32], [64, 64]], offset=32), engine=DMA)",
            "dma_copy(dst=%out0.ap([[64, 16], [1, 64]]), src=%t6_out.ap([[64, 16], [1, 64]]), engine=DMA)",
        ]
    "#]],
    );
}

/// A head merge read by a matmul: `[2, 4, 3] -> [4, 2, 3] -> [4, 6]`. The contracted dimension
/// of 6 walks two runs (2 heads 12 apart, 3 adjacent), the weight's rows one run of 6; the
/// matmul contracts them as pieces of 2 and 3 that both sides walk alike, the inner one the
/// tile on the partitions and the outer one a loop of accumulation.
#[test]
fn a_matmul_reads_a_head_merge_as_pieces_both_sides_walk_alike() {
    let body = "  ^bb0(%o: tensor<2x4x3xf32>, %w: tensor<6x5xf32>):\n    \
                %t = stablehlo.transpose %o, dims = [1, 0, 2] : (tensor<2x4x3xf32>) -> tensor<4x2x3xf32>\n    \
                %r = stablehlo.reshape %t : (tensor<4x2x3xf32>) -> tensor<4x6xf32>\n    \
                %d = stablehlo.dot_general %r, %w, contracting_dims = [1] x [0] : (tensor<4x6xf32>, tensor<6x5xf32>) -> tensor<4x5xf32>\n    \
                mhlo.return %d : tensor<4x5xf32>";
    let src = fused(
        "%o: tensor<2x4x3xf32>, %w: tensor<6x5xf32>",
        "%o, %w",
        body,
        "(tensor<2x4x3xf32>, tensor<6x5xf32>) -> tensor<4x5xf32>",
        "tensor<4x5xf32>",
    );
    check_dmas(
        "matmul_head_merge.mlir",
        &src,
        expect![[r#"
        [
            "dma_copy(dst=%t4_st.ap([[4, 3], [1, 4]]), src=%in0.ap([[1, 3], [3, 4]], offset=12*%r0), engine=DMA)",
            "dma_copy(dst=%t5_mv.ap([[5, 3], [1, 5]]), src=%in1.ap([[5, 3], [1, 5]], offset=15*%r0), engine=DMA)",
            "dma_copy(dst=%out0.ap([[5, 4], [1, 5]]), src=%t6_out.ap([[5, 4], [1, 5]]), engine=DMA)",
        ]
    "#]],
    );
}
