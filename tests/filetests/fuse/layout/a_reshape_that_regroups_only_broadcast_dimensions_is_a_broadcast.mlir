// A bias over the columns, its rows regrouped `8 -> 2x4` (PyTorch's `[B*S, H] -> [B, S, H]`):
// the reshape only regroups what the broadcast added, so it is one broadcast to dimension 2.
// The fused module re-parses (`egfuse parse`) and computes what the input did (`egfuse
// verify`).
// RUN: egfuse fuse %s -o %t
// RUN: egfuse parse %t
// RUN: egfuse verify %s %t
func.func @main(%v: tensor<16xf32>, %y: tensor<2x4x16xf32>) -> tensor<2x4x16xf32> {
  %b = stablehlo.broadcast_in_dim %v, dims = [1] : (tensor<16xf32>) -> tensor<8x16xf32>
  %r = stablehlo.reshape %b : (tensor<8x16xf32>) -> tensor<2x4x16xf32>
  %s = stablehlo.subtract %r, %y : tensor<2x4x16xf32>
  return %s : tensor<2x4x16xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse fuse %s -o %t
// ----- stderr
// fused 1 cluster: Elementwise x1
// ----- exit 0
// ----- egfuse parse %t
// func.func @main(%v: tensor<16xf32>, %y: tensor<2x4x16xf32>) -> tensor<2x4x16xf32> {
//   %s = "mhlo.fusion"(%y, %v) ({
//   ^bb0(%arg0: tensor<2x4x16xf32>, %arg1: tensor<16xf32>):
//     %0 = stablehlo.broadcast_in_dim %arg1, dims = [2] : (tensor<16xf32>) -> tensor<2x4x16xf32>
//     %1 = stablehlo.subtract %0, %arg0 : tensor<2x4x16xf32>
//     mhlo.return %1 : tensor<2x4x16xf32>
//   }) {FusionKind = "Elementwise"} : (tensor<2x4x16xf32>, tensor<16xf32>) -> tensor<2x4x16xf32>
//   return %s : tensor<2x4x16xf32>
// }
// ----- exit 0
// ----- egfuse verify %s %t
// trial 0 (seed 0, positive inputs):
//   out0 tensor<2x4x16xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 1e-6, rtol 1e-5, scale 7.661e-1): agree
// trial 1 (seed 0, signed inputs):
//   out0 tensor<2x4x16xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 1e-6, rtol 1e-5, scale 1.774e0): agree
// trial 2 (seed 0, small positive inputs):
//   out0 tensor<2x4x16xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 9.765625e-10, rtol 1e-5, scale 7.481e-4): agree
// verify: equal
// ----- exit 0
