// keepdims as PyTorch writes it: a reshape inserts the unit dimension and another removes it
// before the broadcast; the broadcast reads the unit-dimension value directly, `[0, 1, 2]`. The
// fused module re-parses (`egfuse parse`) and computes what the input did (`egfuse verify`).
// RUN: egfuse fuse %s -o %t
// RUN: egfuse parse %t
// RUN: egfuse verify %s %t
func.func @main(%x: tensor<2x8xf32>, %y: tensor<2x8x4xf32>) -> tensor<2x8x4xf32> {
  %k = stablehlo.reshape %x : (tensor<2x8xf32>) -> tensor<2x8x1xf32>
  %e = stablehlo.exponential %k : tensor<2x8x1xf32>
  %d = stablehlo.reshape %e : (tensor<2x8x1xf32>) -> tensor<2x8xf32>
  %b = stablehlo.broadcast_in_dim %d, dims = [0, 1] : (tensor<2x8xf32>) -> tensor<2x8x4xf32>
  %s = stablehlo.subtract %b, %y : tensor<2x8x4xf32>
  return %s : tensor<2x8x4xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse fuse %s -o %t
// ----- stderr
// fused 1 cluster: Elementwise x1
// ----- exit 0
// ----- egfuse parse %t
// func.func @main(%x: tensor<2x8xf32>, %y: tensor<2x8x4xf32>) -> tensor<2x8x4xf32> {
//   %s = "mhlo.fusion"(%y, %x) ({
//   ^bb0(%arg0: tensor<2x8x4xf32>, %arg1: tensor<2x8xf32>):
//     %k = stablehlo.reshape %arg1 : (tensor<2x8xf32>) -> tensor<2x8x1xf32>
//     %e = stablehlo.exponential %k : tensor<2x8x1xf32>
//     %0 = stablehlo.broadcast_in_dim %e, dims = [0, 1, 2] : (tensor<2x8x1xf32>) -> tensor<2x8x4xf32>
//     %1 = stablehlo.subtract %0, %arg0 : tensor<2x8x4xf32>
//     mhlo.return %1 : tensor<2x8x4xf32>
//   }) {FusionKind = "Elementwise"} : (tensor<2x8x4xf32>, tensor<2x8xf32>) -> tensor<2x8x4xf32>
//   return %s : tensor<2x8x4xf32>
// }
// ----- exit 0
// ----- egfuse verify %s %t
// trial 0 (seed 0, positive inputs):
//   out0 tensor<2x8x4xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 1e-6, rtol 1e-5, scale 2.989e0): agree
// trial 1 (seed 0, signed inputs):
//   out0 tensor<2x8x4xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 1e-6, rtol 1e-5, scale 3.656e0): agree
// trial 2 (seed 0, small positive inputs):
//   out0 tensor<2x8x4xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 9.765625e-10, rtol 1e-5, scale 1.000e0): agree
// verify: equal
// ----- exit 0
