//! `egfuse lower` on kernels that concatenate (`lowering/src/split.rs`, `lowering/src/edge.rs`):
//! a concatenate that writes a result stores each operand to its range of the output, one
//! computed on inside the kernel is first moved down to its results (the kernel computes each
//! piece apart), through a broadcast too, and a concatenate of inputs is one DMA per piece.
//! Each kernel is checked by value against the reference interpreter, which runs the body as
//! written.

use crate::lower::{checked, lower};
use crate::support::scratch;
use expect_test::expect;

/// The lines of a lowered program's text that are instructions, each cut at its first `(`.
fn ops(text: &str) -> Vec<&str> {
    (text.lines().map(str::trim))
        .filter(|l| l.contains("engine="))
        .map(|l| l.split('(').next().unwrap_or(l))
        .collect()
}

/// The DMAs that store an output.
fn stores(text: &str) -> Vec<&str> {
    (text.lines().map(str::trim))
        .filter(|l| l.starts_with("dma_copy(dst=%out"))
        .collect()
}

/// A module whose `@main` is one fused kernel: signature `sig`, body `body` (a `^bb0` block and
/// its ops), result type `ret`.
fn fused(sig: &str, body: &str, ret: &str) -> String {
    let args: Vec<&str> = (sig.split(", "))
        .map(|a| a.split(':').next().unwrap_or(a))
        .collect();
    let types: Vec<&str> = (sig.split(", "))
        .map(|a| a.split(": ").nth(1).unwrap_or(a))
        .collect();
    format!(
        "func.func @main({sig}) -> {ret} {{\n  %0 = \"mhlo.fusion\"({}) ({{\n{body}\n  }}) \
         {{FusionKind = \"Elementwise\"}} : ({}) -> {ret}\n  return %0 : {ret}\n}}\n",
        args.join(", "),
        types.join(", ")
    )
}

/// JAX's rotary embedding over 300 tokens of 16: each half computed from slices of `x`, then
/// joined. The space is a half's (300 rows, 8 columns); each half is stored to its 8 columns of
/// every row of the output.
#[test]
fn a_concatenate_that_writes_a_result_stores_each_piece() {
    let body = "  ^bb0(%x: tensor<300x16xf32>, %c: tensor<300x8xf32>, %s: tensor<300x8xf32>):\n    \
        %a = stablehlo.slice %x [0:300, 0:8] : (tensor<300x16xf32>) -> tensor<300x8xf32>\n    \
        %b = stablehlo.slice %x [0:300, 8:16] : (tensor<300x16xf32>) -> tensor<300x8xf32>\n    \
        %ac = stablehlo.multiply %a, %c : tensor<300x8xf32>\n    \
        %bs = stablehlo.multiply %b, %s : tensor<300x8xf32>\n    \
        %lo = stablehlo.subtract %ac, %bs : tensor<300x8xf32>\n    \
        %bc = stablehlo.multiply %b, %c : tensor<300x8xf32>\n    \
        %as = stablehlo.multiply %a, %s : tensor<300x8xf32>\n    \
        %hi = stablehlo.add %bc, %as : tensor<300x8xf32>\n    \
        %r = stablehlo.concatenate %lo, %hi, dim = 1 : (tensor<300x8xf32>, tensor<300x8xf32>) -> tensor<300x16xf32>\n    \
        mhlo.return %r : tensor<300x16xf32>";
    let sig = "%x: tensor<300x16xf32>, %c: tensor<300x8xf32>, %s: tensor<300x8xf32>";
    let (_, text) = checked("rope_jax.mlir", &fused(sig, body, "tensor<300x16xf32>"));
    expect![[r#"
        [
            "dma_copy(dst=%out0.ap([[16, 128], [1, 8]], offset=2048*%r0), src=%t10, engine=DMA)",
            "dma_copy(dst=%out0.ap([[16, 128], [1, 8]], offset=2048*%r0 + 8), src=%t13, engine=DMA)",
            "dma_copy(dst=%out0.ap([[16, 44], [1, 8]], offset=4096), src=%t20.ap([[8, 44], [1, 8]]), engine=DMA)",
            "dma_copy(dst=%out0.ap([[16, 44], [1, 8]], offset=4104), src=%t23.ap([[8, 44], [1, 8]]), engine=DMA)",
        ]
    "#]]
    .assert_debug_eq(&stores(&text));
}

/// PyTorch's rotary embedding: `x * cos + rotate_half(x) * sin`, where `rotate_half`
/// concatenates `-x[:, 8:]` and `x[:, :8]`. Split, the kernel computes each half of the result
/// apart: per half two loads of `x`, one of `cos` and one of `sin`, a negate on one half, four
/// multiplies and two adds, and a store to each half; no op runs on the whole width.
#[test]
fn a_concatenate_computed_on_is_split_into_its_pieces() {
    let body = "  ^bb0(%x: tensor<300x16xf32>, %c: tensor<300x16xf32>, %s: tensor<300x16xf32>):\n    \
        %a = stablehlo.slice %x [0:300, 0:8] : (tensor<300x16xf32>) -> tensor<300x8xf32>\n    \
        %b = stablehlo.slice %x [0:300, 8:16] : (tensor<300x16xf32>) -> tensor<300x8xf32>\n    \
        %n = stablehlo.negate %b : tensor<300x8xf32>\n    \
        %rot = stablehlo.concatenate %n, %a, dim = 1 : (tensor<300x8xf32>, tensor<300x8xf32>) -> tensor<300x16xf32>\n    \
        %xc = stablehlo.multiply %x, %c : tensor<300x16xf32>\n    \
        %rs = stablehlo.multiply %rot, %s : tensor<300x16xf32>\n    \
        %r = stablehlo.add %xc, %rs : tensor<300x16xf32>\n    \
        mhlo.return %r : tensor<300x16xf32>";
    let sig = "%x: tensor<300x16xf32>, %c: tensor<300x16xf32>, %s: tensor<300x16xf32>";
    let (_, text) = checked("rope_torch.mlir", &fused(sig, body, "tensor<300x16xf32>"));
    let first_tile: Vec<&str> = ops(&text).into_iter().take(17).collect();
    expect![[r#"
        [
            "dma_copy",
            "dma_copy",
            "dma_copy",
            "dma_copy",
            "dma_copy",
            "dma_copy",
            "dma_copy",
            "dma_copy",
            "activation",
            "tensor_tensor",
            "tensor_tensor",
            "tensor_tensor",
            "tensor_tensor",
            "tensor_tensor",
            "tensor_tensor",
            "dma_copy",
            "dma_copy",
        ]
    "#]]
    .assert_debug_eq(&first_tile);
    expect![[r#"
        [
            "dma_copy(dst=%out0.ap([[16, 128], [1, 8]], offset=2048*%r0), src=%t17, engine=DMA)",
            "dma_copy(dst=%out0.ap([[16, 128], [1, 8]], offset=2048*%r0 + 8), src=%t18, engine=DMA)",
            "dma_copy(dst=%out0.ap([[16, 44], [1, 8]], offset=4096), src=%t32.ap([[8, 44], [1, 8]]), engine=DMA)",
            "dma_copy(dst=%out0.ap([[16, 44], [1, 8]], offset=4104), src=%t33.ap([[8, 44], [1, 8]]), engine=DMA)",
        ]
    "#]]
    .assert_debug_eq(&stores(&text));
}

/// A concatenate of two weights broadcast along the rows and added to `x`: the concatenate moves
/// below the broadcast and the add, and each piece reads its weight once.
#[test]
fn a_concatenate_moves_below_a_broadcast() {
    let body = "  ^bb0(%x: tensor<200x16xf32>, %u: tensor<8xf32>, %v: tensor<8xf32>):\n    \
        %w = stablehlo.concatenate %u, %v, dim = 0 : (tensor<8xf32>, tensor<8xf32>) -> tensor<16xf32>\n    \
        %b = stablehlo.broadcast_in_dim %w, dims = [1] : (tensor<16xf32>) -> tensor<200x16xf32>\n    \
        %r = stablehlo.add %x, %b : tensor<200x16xf32>\n    \
        mhlo.return %r : tensor<200x16xf32>";
    let sig = "%x: tensor<200x16xf32>, %u: tensor<8xf32>, %v: tensor<8xf32>";
    let (_, text) = checked("bias.mlir", &fused(sig, body, "tensor<200x16xf32>"));
    assert_eq!(stores(&text).len(), 4, "{text}");
}

/// A concatenate of one input with itself (PyTorch's rotary table, `cat((f, f), -1)`) computes
/// nothing: one DMA per piece, from the input to its half of every row.
#[test]
fn a_concatenate_of_inputs_is_a_dma_per_piece() {
    let body = "  ^bb0(%f: tensor<8x4xf32>):\n    \
        %r = stablehlo.concatenate %f, %f, dim = 1 : (tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<8x8xf32>\n    \
        mhlo.return %r : tensor<8x8xf32>";
    let (_, text) = checked(
        "table.mlir",
        &fused("%f: tensor<8x4xf32>", body, "tensor<8x8xf32>"),
    );
    expect![[r#"
        [
            "dma_copy(dst=%out0.ap([[8, 8], [1, 4]]), src=%in0.ap([[4, 8], [1, 4]]), engine=DMA)",
            "dma_copy(dst=%out0.ap([[8, 8], [1, 4]], offset=4), src=%in0.ap([[4, 8], [1, 4]]), engine=DMA)",
        ]
    "#]]
    .assert_debug_eq(&stores(&text));
}

/// A concatenate that a reduce reads across its dimension (after an exponential moved below
/// it) cannot be computed piece by piece: the kernel is a diagnostic at the concatenate.
#[test]
fn a_concatenate_a_reduce_reads_is_a_diagnostic() {
    let body = "  ^bb0(%u: tensor<4x8xf32>, %v: tensor<4x8xf32>):\n    \
        %w = stablehlo.concatenate %u, %v, dim = 1 : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x16xf32>\n    \
        %e = stablehlo.exponential %w : tensor<4x16xf32>\n    \
        %z = stablehlo.constant dense<0.0> : tensor<f32>\n    \
        %r = stablehlo.reduce(%e init: %z) applies stablehlo.add across dimensions = [1] : (tensor<4x16xf32>, tensor<f32>) -> tensor<4xf32>\n    \
        mhlo.return %r : tensor<4xf32>";
    let src = fused(
        "%u: tensor<4x8xf32>, %v: tensor<4x8xf32>",
        body,
        "tensor<4xf32>",
    );
    let input = scratch("reduce.mlir", &src);
    let (_, _, code, err) = lower(&input, &[]);
    assert_eq!(code, 1, "{err}");
    let err = err.replace(input.to_str().unwrap(), "IN");
    expect![[r#"
        error: IN:4:5: a concatenate this kernel cannot compute piece by piece
           ╭─[IN:4:5]
         3 │   ^bb0(%u: tensor<4x8xf32>, %v: tensor<4x8xf32>):
         4 │     %w = stablehlo.concatenate %u, %v, dim = 1 : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x16xf32>
           ·     ─────────────────────────────────────────────────┬─────────────────────────────────────────────────
           ·                                                      ╰── `stablehlo.reduce` reads it whole
         5 │     %e = stablehlo.exponential %w : tensor<4x16xf32>
           ╰────
          help: a kernel computes each piece of a concatenate apart through elementwise ops, broadcasts
                and reshapes of unit dimensions, up to its results
        lowered 0 kernels; 1 could not be lowered
    "#]].assert_eq(&err);
}
