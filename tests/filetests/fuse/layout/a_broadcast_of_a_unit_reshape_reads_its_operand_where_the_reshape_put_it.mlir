// A unit dimension in front: `1x8 -> 8`, broadcast along the result's columns, reads the
// operand's columns; the derived dimensions are `[0, 1]`. The fused module re-parses (`egfuse
// parse`) and computes what the input did (`egfuse verify`).
// RUN: egfuse fuse %s -o %t
// RUN: egfuse parse %t
// RUN: egfuse verify %s %t
func.func @main(%z: tensor<1x8xf32>, %y: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %r = stablehlo.reshape %z : (tensor<1x8xf32>) -> tensor<8xf32>
  %b = stablehlo.broadcast_in_dim %r, dims = [1] : (tensor<8xf32>) -> tensor<8x8xf32>
  %s = stablehlo.subtract %b, %y : tensor<8x8xf32>
  return %s : tensor<8x8xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse fuse %s -o %t
// ----- stderr
// fused 1 cluster: Elementwise x1
// ----- exit 0
// ----- egfuse parse %t
// func.func @main(%z: tensor<1x8xf32>, %y: tensor<8x8xf32>) -> tensor<8x8xf32> {
//   %s = "mhlo.fusion"(%y, %z) ({
//   ^bb0(%arg0: tensor<8x8xf32>, %arg1: tensor<1x8xf32>):
//     %0 = stablehlo.broadcast_in_dim %arg1, dims = [0, 1] : (tensor<1x8xf32>) -> tensor<8x8xf32>
//     %1 = stablehlo.subtract %0, %arg0 : tensor<8x8xf32>
//     mhlo.return %1 : tensor<8x8xf32>
//   }) {FusionKind = "Elementwise"} : (tensor<8x8xf32>, tensor<1x8xf32>) -> tensor<8x8xf32>
//   return %s : tensor<8x8xf32>
// }
// ----- exit 0
// ----- egfuse verify %s %t
// trial 0 (seed 0, positive inputs):
//   out0 tensor<8x8xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 1e-6, rtol 1e-5, scale 9.006e-1): agree
// trial 1 (seed 0, signed inputs):
//   out0 tensor<8x8xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 1e-6, rtol 1e-5, scale 1.726e0): agree
// trial 2 (seed 0, small positive inputs):
//   out0 tensor<8x8xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 9.765625e-10, rtol 1e-5, scale 8.795e-4): agree
// verify: equal
// ----- exit 0
