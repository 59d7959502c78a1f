// A head split (`add` of a bias, then a reshape and a transpose) is one kernel: the views sit
// in the chain that writes its result (`edge` in rules/elementwise.rules). A transpose between
// two ops that compute never joins a kernel there: it stays an input's view of the second, and
// the first is left on its own. The fused module re-parses (`egfuse parse`) and computes what
// the input did (`egfuse verify`).
// RUN: egfuse fuse %s -o %t
// RUN: egfuse parse %t
// RUN: egfuse verify %s %t
func.func @main(%x: tensor<4x8xf32>, %b: tensor<8xf32>) -> (tensor<2x4x4xf32>, tensor<8x4xf32>) {
  %w = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<8xf32>) -> tensor<4x8xf32>
  %a = stablehlo.add %x, %w : tensor<4x8xf32>
  %r = stablehlo.reshape %a : (tensor<4x8xf32>) -> tensor<4x2x4xf32>
  %t = stablehlo.transpose %r, dims = [1, 0, 2] : (tensor<4x2x4xf32>) -> tensor<2x4x4xf32>
  %n = stablehlo.negate %x : tensor<4x8xf32>
  %u = stablehlo.transpose %n, dims = [1, 0] : (tensor<4x8xf32>) -> tensor<8x4xf32>
  %e = stablehlo.exponential %u : tensor<8x4xf32>
  return %t, %e : tensor<2x4x4xf32>, tensor<8x4xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse fuse %s -o %t
// ----- stderr
// fused 2 clusters: Elementwise x2
// ----- exit 0
// ----- egfuse parse %t
// func.func @main(%x: tensor<4x8xf32>, %b: tensor<8xf32>) -> (tensor<2x4x4xf32>, tensor<8x4xf32>) {
//   %t = "mhlo.fusion"(%x, %b) ({
//   ^bb0(%arg0: tensor<4x8xf32>, %arg1: tensor<8xf32>):
//     %w = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<8xf32>) -> tensor<4x8xf32>
//     %a = stablehlo.add %arg0, %w : tensor<4x8xf32>
//     %r = stablehlo.reshape %a : (tensor<4x8xf32>) -> tensor<4x2x4xf32>
//     %0 = stablehlo.transpose %r, dims = [1, 0, 2] : (tensor<4x2x4xf32>) -> tensor<2x4x4xf32>
//     mhlo.return %0 : tensor<2x4x4xf32>
//   }) {FusionKind = "Elementwise"} : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<2x4x4xf32>
//   %n = stablehlo.negate %x : tensor<4x8xf32>
//   %e = "mhlo.fusion"(%n) ({
//   ^bb0(%arg0: tensor<4x8xf32>):
//     %u = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<4x8xf32>) -> tensor<8x4xf32>
//     %0 = stablehlo.exponential %u : tensor<8x4xf32>
//     mhlo.return %0 : tensor<8x4xf32>
//   }) {FusionKind = "Elementwise"} : (tensor<4x8xf32>) -> tensor<8x4xf32>
//   return %t, %e : tensor<2x4x4xf32>, tensor<8x4xf32>
// }
// ----- exit 0
// ----- egfuse verify %s %t
// trial 0 (seed 0, positive inputs):
//   out0 tensor<2x4x4xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 1e-6, rtol 1e-5, scale 1.996e0): agree
//   out1 tensor<8x4xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 1e-6, rtol 1e-5, scale 3.951e-1): agree
// trial 1 (seed 0, signed inputs):
//   out0 tensor<2x4x4xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 1e-6, rtol 1e-5, scale 1.652e0): agree
//   out1 tensor<8x4xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 1e-6, rtol 1e-5, scale 2.194e0): agree
// trial 2 (seed 0, small positive inputs):
//   out0 tensor<2x4x4xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 9.765625e-10, rtol 1e-5, scale 1.949e-3): agree
//   out1 tensor<8x4xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 9.765625e-10, rtol 1e-5, scale 9.988e-1): agree
// verify: equal
// ----- exit 0
