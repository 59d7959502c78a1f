// A dot that contracts nothing is a product of broadcasts (`expand`): `u ⊗ v` becomes one
// multiply of `u` and `v` placed on the result's dimensions, which joins the add after it. Flax
// BERT's head mask, a dot of the attention probabilities with ones, becomes the probabilities
// transposed (`x * 1 = x`), and `dot-folding` takes that transpose (and the one that undoes it)
// into the next dot. The fused module re-parses (`egfuse parse`) and computes what the input
// did (`egfuse verify`).
// RUN: egfuse fuse %s -o %t
// RUN: egfuse parse %t
// RUN: egfuse verify %s %t
func.func @main(%u: tensor<4xf32>, %v: tensor<3xf32>, %w: tensor<4x3xf32>, %p: tensor<2x4x8xf32>, %x: tensor<2x8x5xf32>) -> (tensor<4x3xf32>, tensor<2x4x5xf32>) {
  %o = stablehlo.dot_general %u, %v, contracting_dims = [] x [] : (tensor<4xf32>, tensor<3xf32>) -> tensor<4x3xf32>
  %r = stablehlo.add %o, %w : tensor<4x3xf32>
  %one = stablehlo.constant dense<1.0> : tensor<f32>
  %ones = stablehlo.broadcast_in_dim %one, dims = [] : (tensor<f32>) -> tensor<4xf32>
  %h = stablehlo.dot_general %ones, %p, batching_dims = [0] x [1], contracting_dims = [] x [] : (tensor<4xf32>, tensor<2x4x8xf32>) -> tensor<4x2x8xf32>
  %t = stablehlo.transpose %h, dims = [1, 0, 2] : (tensor<4x2x8xf32>) -> tensor<2x4x8xf32>
  %y = stablehlo.dot_general %t, %x, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x4x8xf32>, tensor<2x8x5xf32>) -> tensor<2x4x5xf32>
  return %r, %y : tensor<4x3xf32>, tensor<2x4x5xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse fuse %s -o %t
// ----- stderr
// fused 1 cluster: Elementwise x1
// ----- exit 0
// ----- egfuse parse %t
// func.func @main(%u: tensor<4xf32>, %v: tensor<3xf32>, %w: tensor<4x3xf32>, %p: tensor<2x4x8xf32>, %x: tensor<2x8x5xf32>) -> (tensor<4x3xf32>, tensor<2x4x5xf32>) {
//   %r = "mhlo.fusion"(%w, %v, %u) ({
//   ^bb0(%arg0: tensor<4x3xf32>, %arg1: tensor<3xf32>, %arg2: tensor<4xf32>):
//     %0 = stablehlo.broadcast_in_dim %arg2, dims = [0] : (tensor<4xf32>) -> tensor<4x3xf32>
//     %1 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<3xf32>) -> tensor<4x3xf32>
//     %2 = stablehlo.multiply %0, %1 : tensor<4x3xf32>
//     %3 = stablehlo.add %2, %arg0 : tensor<4x3xf32>
//     mhlo.return %3 : tensor<4x3xf32>
//   }) {FusionKind = "Elementwise"} : (tensor<4x3xf32>, tensor<3xf32>, tensor<4xf32>) -> tensor<4x3xf32>
//   %y = stablehlo.dot_general %p, %x, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x4x8xf32>, tensor<2x8x5xf32>) -> tensor<2x4x5xf32>
//   return %r, %y : tensor<4x3xf32>, tensor<2x4x5xf32>
// }
// ----- exit 0
// ----- egfuse verify %s %t
// trial 0 (seed 0, positive inputs):
//   out0 tensor<4x3xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 1e-6, rtol 1e-5, scale 1.902e0): agree
//   out1 tensor<2x4x5xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 1e-6, rtol 1e-5, scale 9.586e0): agree
// trial 1 (seed 0, signed inputs):
//   out0 tensor<4x3xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 1e-6, rtol 1e-5, scale 1.886e0): agree
//   out1 tensor<2x4x5xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 1e-6, rtol 1e-5, scale 4.067e0): agree
// trial 2 (seed 0, small positive inputs):
//   out0 tensor<4x3xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 9.765625e-10, rtol 1e-5, scale 1.239e-3): agree
//   out1 tensor<2x4x5xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 9.765625e-10, rtol 1e-5, scale 9.142e-6): agree
// verify: equal
// ----- exit 0
