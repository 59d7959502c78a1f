//! `egfuse lower` on kernels that compute an iota (`lowering/src/tile/iota.rs`): an index along
//! the columns is GpSimd's free index, one along the rows the tile's first row plus the
//! partition, from a table of every tile's rows inside a loop. Each kernel is checked by value
//! against the reference interpreter.

use crate::lower::{checked, lower};
use crate::support::scratch;
use expect_test::expect;

/// The instructions of a lowered program's text that are not DMAs, whole.
fn computed(text: &str) -> Vec<&str> {
    (text.lines().map(str::trim))
        .filter(|l| l.contains("engine=") && !l.starts_with("dma_copy"))
        .collect()
}

/// Rotary frequencies as JAX computes them: positions (an input) times `10000^(-2i/16)` over
/// an iota `i` along the columns. The iota is one GpSimd instruction before the loop (it is the
/// same for every row), and the frequencies are computed there too.
#[test]
fn an_iota_along_the_columns_is_the_free_index() {
    let src = r#"func.func @main(%p: tensor<300xf32>) -> tensor<300x8xf32> {
  %0 = "mhlo.fusion"(%p) ({
  ^bb0(%x: tensor<300xf32>):
    %i = stablehlo.iota dim = 0 : tensor<8xf32>
    %c = stablehlo.constant dense<-0.125> : tensor<8xf32>
    %e = stablehlo.multiply %i, %c : tensor<8xf32>
    %b = stablehlo.constant dense<10000.0> : tensor<8xf32>
    %f = stablehlo.power %b, %e : tensor<8xf32>
    %fb = stablehlo.broadcast_in_dim %f, dims = [1] : (tensor<8xf32>) -> tensor<300x8xf32>
    %xb = stablehlo.broadcast_in_dim %x, dims = [0] : (tensor<300xf32>) -> tensor<300x8xf32>
    %r = stablehlo.multiply %xb, %fb : tensor<300x8xf32>
    mhlo.return %r : tensor<300x8xf32>
  }) {FusionKind = "Elementwise"} : (tensor<300xf32>) -> tensor<300x8xf32>
  return %0 : tensor<300x8xf32>
}
"#;
    let (_, text) = checked("freqs.mlir", src);
    expect![[r#"
        [
            "memset(dst=%c0, value=10000.0, engine=DVE)",
            "iota(dst=%t2, offset=0.0, channel_multiplier=0.0, engine=GpSimd)",
            "tensor_scalar(dst=%t3, data=%t2, op0=multiply, operand0=-0.125, engine=DVE)",
            "tensor_tensor(dst=%t4, data1=%c0.ap([[1, 128], [0, 8]]), data2=%t3, op=power, engine=DVE)",
            "tensor_tensor(dst=%t7, data1=%t6.ap([[1, 128], [0, 8]]), data2=%t4, op=multiply, engine=DVE)",
            "tensor_tensor(dst=%t9.ap([[8, 44], [1, 8]]), data1=%t8.ap([[1, 44], [0, 8]]), data2=%t4.ap([[8, 44], [1, 8]]), op=multiply, engine=DVE)",
        ]
    "#]]
    .assert_debug_eq(&computed(&text));
}

/// A causal mask over 300 queries, combined with a padding mask read from HBM: the query index
/// (along the rows) of each loop tile is a column of the table of every tile's rows, made once;
/// the last tile's starts at a fixed row.
#[test]
fn an_iota_along_the_rows_reads_its_tiles_column_of_a_table() {
    let src = r#"func.func @main(%pad: tensor<300x300xi32>) -> tensor<300x300xi32> {
  %0 = "mhlo.fusion"(%pad) ({
  ^bb0(%m: tensor<300x300xi32>):
    %q = stablehlo.iota dim = 0 : tensor<300x300xi32>
    %k = stablehlo.iota dim = 1 : tensor<300x300xi32>
    %c = stablehlo.compare GE, %q, %k, SIGNED : (tensor<300x300xi32>, tensor<300x300xi32>) -> tensor<300x300xi1>
    %ci = stablehlo.convert %c : (tensor<300x300xi1>) -> tensor<300x300xi32>
    %r = stablehlo.and %ci, %m : tensor<300x300xi32>
    mhlo.return %r : tensor<300x300xi32>
  }) {FusionKind = "Elementwise"} : (tensor<300x300xi32>) -> tensor<300x300xi32>
  return %0 : tensor<300x300xi32>
}
"#;
    let (_, text) = checked("causal.mlir", src);
    let iotas: Vec<&str> = (computed(&text).into_iter())
        .filter(|l| l.starts_with("iota") || l.contains("%rows"))
        .collect();
    expect![[r#"
        [
            "iota(dst=%rows, offset=0.0, channel_multiplier=0.0078125, engine=GpSimd)",
            "tensor_scalar(dst=%rows, data=%rows, op0=multiply, operand0=128.0, engine=DVE)",
            "tensor_copy(dst=%t3, src=%rows.ap([[3, 128], [0, 300]], offset=%r0), engine=DVE)",
            "iota(dst=%t5, offset=0.0, channel_multiplier=0.0, engine=GpSimd)",
            "tensor_copy(dst=%t10.ap([[300, 44], [1, 300]]), src=%rows.ap([[3, 44], [0, 300]], offset=2), engine=DVE)",
            "iota(dst=%t11.ap([[300, 44], [1, 300]]), offset=0.0, channel_multiplier=0.0, engine=GpSimd)",
        ]
    "#]]
    .assert_debug_eq(&iotas);
}

/// An iota along one of several dimensions the rows flatten is not the row index: the kernel
/// is a diagnostic at the iota.
#[test]
fn an_iota_along_part_of_the_rows_is_a_diagnostic() {
    let src = r#"func.func @main(%x: tensor<4x8x16xf32>) -> tensor<4x8x16xf32> {
  %0 = "mhlo.fusion"(%x) ({
  ^bb0(%a: tensor<4x8x16xf32>):
    %i = stablehlo.iota dim = 1 : tensor<4x8x16xf32>
    %r = stablehlo.add %a, %i : tensor<4x8x16xf32>
    mhlo.return %r : tensor<4x8x16xf32>
  }) {FusionKind = "Elementwise"} : (tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
  return %0 : tensor<4x8x16xf32>
}
"#;
    let input = scratch("part.mlir", src);
    let (_, _, code, err) = lower(&input, &[]);
    assert_eq!(code, 1, "{err}");
    let err = err.replace(input.to_str().unwrap(), "IN");
    let first: Vec<&str> = (err.lines())
        .filter(|l| l.starts_with("error") || l.contains("╰── "))
        .collect();
    expect![[r#"
        [
            "error: IN:4:5: an iota this kernel cannot index",
            "   ·                             ╰── its index is not the row or the column of the kernel's space",
        ]
    "#]].assert_debug_eq(&first);
}
