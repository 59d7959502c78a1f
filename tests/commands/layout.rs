//! The layout rewrites (`rules/layout.rules`) in egraph mode: a reshape that only inserts unit
//! dimensions becomes a broadcast, and a broadcast of a unit reshape reads the reshape's
//! operand with dimensions derived from where the reshape put them, and a reshape that regroups
//! only the dimensions a broadcast added is that broadcast. Extraction prefers the
//! derived broadcast (one op fewer), so a wrong derivation shows as a verify failure.

use crate::egraph::check;
use expect_test::expect;

/// `%z` of type `z` reshaped to `8` and broadcast with `dims` to `8x8`, minus `%y`.
fn broadcast_of_reshape(z: &str, dims: &str) -> String {
    format!(
        r#"func.func @main(%z: tensor<{z}xf32>, %y: tensor<8x8xf32>) -> tensor<8x8xf32> {{
  %r = stablehlo.reshape %z : (tensor<{z}xf32>) -> tensor<8xf32>
  %b = stablehlo.broadcast_in_dim %r, dims = {dims} : (tensor<8xf32>) -> tensor<8x8xf32>
  %s = stablehlo.subtract %b, %y : tensor<8x8xf32>
  return %s : tensor<8x8xf32>
}}
"#
    )
}

/// A unit dimension in front: `1x8 -> 8`, broadcast along the result's columns, reads the
/// operand's columns; the derived dimensions are `[0, 1]`.
#[test]
fn a_broadcast_of_a_unit_reshape_reads_its_operand_where_the_reshape_put_it() {
    check(
        &broadcast_of_reshape("1x8", "[1]"),
        &[],
        expect![[r#"
            fused 1 clusters: Elementwise x1
            func.func @main(%z: tensor<1x8xf32>, %y: tensor<8x8xf32>) -> tensor<8x8xf32> {
              %s = "mhlo.fusion"(%y, %z) ({
              ^bb0(%arg0: tensor<8x8xf32>, %arg1: tensor<1x8xf32>):
                %0 = stablehlo.broadcast_in_dim %arg1, dims = [0, 1] : (tensor<1x8xf32>) -> tensor<8x8xf32>
                %1 = stablehlo.subtract %0, %arg0 : tensor<8x8xf32>
                mhlo.return %1 : tensor<8x8xf32>
              }) {FusionKind = "Elementwise"} : (tensor<8x8xf32>, tensor<1x8xf32>) -> tensor<8x8xf32>
              return %s : tensor<8x8xf32>
            }
        "#]],
    );
}

/// A unit dimension behind, broadcast along the rows (`8x1 -> 8`, dims `[0]`): the unit
/// takes the free position after it, `[0, 1]`; along the columns (dims `[1]`) no increasing
/// dimensions place the unit, so the reshape stays.
#[test]
fn a_unit_dimension_takes_a_free_position_or_the_reshape_stays() {
    check(
        &broadcast_of_reshape("8x1", "[0]"),
        &[],
        expect![[r#"
            fused 1 clusters: Elementwise x1
            func.func @main(%z: tensor<8x1xf32>, %y: tensor<8x8xf32>) -> tensor<8x8xf32> {
              %s = "mhlo.fusion"(%y, %z) ({
              ^bb0(%arg0: tensor<8x8xf32>, %arg1: tensor<8x1xf32>):
                %0 = stablehlo.broadcast_in_dim %arg1, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x8xf32>
                %1 = stablehlo.subtract %0, %arg0 : tensor<8x8xf32>
                mhlo.return %1 : tensor<8x8xf32>
              }) {FusionKind = "Elementwise"} : (tensor<8x8xf32>, tensor<8x1xf32>) -> tensor<8x8xf32>
              return %s : tensor<8x8xf32>
            }
        "#]],
    );
    check(
        &broadcast_of_reshape("8x1", "[1]"),
        &[],
        expect![[r#"
            fused 1 clusters: Elementwise x1
            func.func @main(%z: tensor<8x1xf32>, %y: tensor<8x8xf32>) -> tensor<8x8xf32> {
              %s = "mhlo.fusion"(%y, %z) ({
              ^bb0(%arg0: tensor<8x8xf32>, %arg1: tensor<8x1xf32>):
                %r = stablehlo.reshape %arg1 : (tensor<8x1xf32>) -> tensor<8xf32>
                %b = stablehlo.broadcast_in_dim %r, dims = [1] : (tensor<8xf32>) -> tensor<8x8xf32>
                %0 = stablehlo.subtract %b, %arg0 : tensor<8x8xf32>
                mhlo.return %0 : tensor<8x8xf32>
              }) {FusionKind = "Elementwise"} : (tensor<8x8xf32>, tensor<8x1xf32>) -> tensor<8x8xf32>
              return %s : tensor<8x8xf32>
            }
        "#]],
    );
}

/// keepdims as PyTorch writes it: a reshape inserts the unit dimension and another removes it
/// before the broadcast; the broadcast reads the unit-dimension value directly, `[0, 1, 2]`.
#[test]
fn keepdims_reshapes_are_broadcasts() {
    check(
        r#"func.func @main(%x: tensor<2x8xf32>, %y: tensor<2x8x4xf32>) -> tensor<2x8x4xf32> {
  %k = stablehlo.reshape %x : (tensor<2x8xf32>) -> tensor<2x8x1xf32>
  %e = stablehlo.exponential %k : tensor<2x8x1xf32>
  %d = stablehlo.reshape %e : (tensor<2x8x1xf32>) -> tensor<2x8xf32>
  %b = stablehlo.broadcast_in_dim %d, dims = [0, 1] : (tensor<2x8xf32>) -> tensor<2x8x4xf32>
  %s = stablehlo.subtract %b, %y : tensor<2x8x4xf32>
  return %s : tensor<2x8x4xf32>
}
"#,
        &[],
        expect![[r#"
            fused 1 clusters: Elementwise x1
            func.func @main(%x: tensor<2x8xf32>, %y: tensor<2x8x4xf32>) -> tensor<2x8x4xf32> {
              %s = "mhlo.fusion"(%y, %x) ({
              ^bb0(%arg0: tensor<2x8x4xf32>, %arg1: tensor<2x8xf32>):
                %k = stablehlo.reshape %arg1 : (tensor<2x8xf32>) -> tensor<2x8x1xf32>
                %e = stablehlo.exponential %k : tensor<2x8x1xf32>
                %0 = stablehlo.broadcast_in_dim %e, dims = [0, 1, 2] : (tensor<2x8x1xf32>) -> tensor<2x8x4xf32>
                %1 = stablehlo.subtract %0, %arg0 : tensor<2x8x4xf32>
                mhlo.return %1 : tensor<2x8x4xf32>
              }) {FusionKind = "Elementwise"} : (tensor<2x8x4xf32>, tensor<2x8xf32>) -> tensor<2x8x4xf32>
              return %s : tensor<2x8x4xf32>
            }
        "#]],
    );
}

/// `%v` broadcast with `dims` to `8x16`, reshaped to `2x4x16`, minus `%y`.
fn reshape_of_broadcast(v: &str, dims: &str) -> String {
    format!(
        r#"func.func @main(%v: tensor<{v}xf32>, %y: tensor<2x4x16xf32>) -> tensor<2x4x16xf32> {{
  %b = stablehlo.broadcast_in_dim %v, dims = {dims} : (tensor<{v}xf32>) -> tensor<8x16xf32>
  %r = stablehlo.reshape %b : (tensor<8x16xf32>) -> tensor<2x4x16xf32>
  %s = stablehlo.subtract %r, %y : tensor<2x4x16xf32>
  return %s : tensor<2x4x16xf32>
}}
"#
    )
}

/// A bias over the columns, its rows regrouped `8 -> 2x4` (PyTorch's `[B*S, H] -> [B, S, H]`):
/// the reshape only regroups what the broadcast added, so it is one broadcast to dimension 2;
/// a vector over the rows, which the reshape splits, is no broadcast of itself there and keeps
/// its reshape.
#[test]
fn a_reshape_that_regroups_only_broadcast_dimensions_is_a_broadcast() {
    check(
        &reshape_of_broadcast("16", "[1]"),
        &[],
        expect![[r#"
            fused 1 clusters: Elementwise x1
            func.func @main(%v: tensor<16xf32>, %y: tensor<2x4x16xf32>) -> tensor<2x4x16xf32> {
              %s = "mhlo.fusion"(%y, %v) ({
              ^bb0(%arg0: tensor<2x4x16xf32>, %arg1: tensor<16xf32>):
                %0 = stablehlo.broadcast_in_dim %arg1, dims = [2] : (tensor<16xf32>) -> tensor<2x4x16xf32>
                %1 = stablehlo.subtract %0, %arg0 : tensor<2x4x16xf32>
                mhlo.return %1 : tensor<2x4x16xf32>
              }) {FusionKind = "Elementwise"} : (tensor<2x4x16xf32>, tensor<16xf32>) -> tensor<2x4x16xf32>
              return %s : tensor<2x4x16xf32>
            }
        "#]],
    );
    check(
        &reshape_of_broadcast("8", "[0]"),
        &[],
        expect![[r#"
            fused 1 clusters: Elementwise x1
            func.func @main(%v: tensor<8xf32>, %y: tensor<2x4x16xf32>) -> tensor<2x4x16xf32> {
              %s = "mhlo.fusion"(%y, %v) ({
              ^bb0(%arg0: tensor<2x4x16xf32>, %arg1: tensor<8xf32>):
                %b = stablehlo.broadcast_in_dim %arg1, dims = [0] : (tensor<8xf32>) -> tensor<8x16xf32>
                %r = stablehlo.reshape %b : (tensor<8x16xf32>) -> tensor<2x4x16xf32>
                %0 = stablehlo.subtract %r, %arg0 : tensor<2x4x16xf32>
                mhlo.return %0 : tensor<2x4x16xf32>
              }) {FusionKind = "Elementwise"} : (tensor<2x4x16xf32>, tensor<8xf32>) -> tensor<2x4x16xf32>
              return %s : tensor<2x4x16xf32>
            }
        "#]],
    );
}

/// A fused gate-up projection: one matmul whose two column halves are SwiGLU's gate and up.
/// `slice-of-dot` makes each half a matmul of its weight's columns, so the gate is a
/// DotLogistic kernel times the up half, and the up half's matmul reads its weight columns
/// through the slice (`matmul-views`); neither slice is a kernel of its own. A wrong window
/// shows as a verify failure.
#[test]
fn a_slice_of_a_matmul_is_a_matmul_of_its_operands_slices() {
    check(
        r#"func.func @main(%x: tensor<16x32xf32>, %w: tensor<32x128xf32>) -> tensor<16x64xf32> {
  %d = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<16x32xf32>, tensor<32x128xf32>) -> tensor<16x128xf32>
  %g = stablehlo.slice %d [0:16, 0:64] : (tensor<16x128xf32>) -> tensor<16x64xf32>
  %u = stablehlo.slice %d [0:16, 64:128] : (tensor<16x128xf32>) -> tensor<16x64xf32>
  %s = stablehlo.logistic %g : tensor<16x64xf32>
  %y = stablehlo.multiply %g, %s : tensor<16x64xf32>
  %o = stablehlo.multiply %y, %u : tensor<16x64xf32>
  return %o : tensor<16x64xf32>
}
"#,
        &[],
        expect![[r#"
            fused 2 clusters: Dot x1, DotLogistic x1
            func.func @main(%x: tensor<16x32xf32>, %w: tensor<32x128xf32>) -> tensor<16x64xf32> {
              %0 = "mhlo.fusion"(%x, %w) ({
              ^bb0(%arg0: tensor<16x32xf32>, %arg1: tensor<32x128xf32>):
                %1 = stablehlo.slice %arg1 [0:32, 64:128] : (tensor<32x128xf32>) -> tensor<32x64xf32>
                %2 = stablehlo.dot_general %arg0, %1, contracting_dims = [1] x [0] : (tensor<16x32xf32>, tensor<32x64xf32>) -> tensor<16x64xf32>
                mhlo.return %2 : tensor<16x64xf32>
              }) {FusionKind = "Dot"} : (tensor<16x32xf32>, tensor<32x128xf32>) -> tensor<16x64xf32>
              %o = "mhlo.fusion"(%0, %x, %w) ({
              ^bb0(%arg0: tensor<16x64xf32>, %arg1: tensor<16x32xf32>, %arg2: tensor<32x128xf32>):
                %1 = stablehlo.slice %arg2 [0:32, 0:64] : (tensor<32x128xf32>) -> tensor<32x64xf32>
                %2 = stablehlo.dot_general %arg1, %1, contracting_dims = [1] x [0] : (tensor<16x32xf32>, tensor<32x64xf32>) -> tensor<16x64xf32>
                %s = stablehlo.logistic %2 : tensor<16x64xf32>
                %y = stablehlo.multiply %2, %s : tensor<16x64xf32>
                %3 = stablehlo.multiply %y, %arg0 : tensor<16x64xf32>
                mhlo.return %3 : tensor<16x64xf32>
              }) {FusionKind = "DotLogistic"} : (tensor<16x64xf32>, tensor<16x32xf32>, tensor<32x128xf32>) -> tensor<16x64xf32>
              return %o : tensor<16x64xf32>
            }
        "#]],
    );
}
