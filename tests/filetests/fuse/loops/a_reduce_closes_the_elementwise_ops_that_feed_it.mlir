// `sum((x - m)^2)` over rows: the subtract, the square and the row broadcast of `m` are fed
// into the reduce's kernel (`reduce-input`), whose only output is the sum. The fused module
// re-parses (`egfuse parse`) and computes what the input did (`egfuse verify`).
// RUN: egfuse fuse %s -o %t
// RUN: egfuse parse %t
// RUN: egfuse verify %s %t
func.func @main(%x: tensor<4x8xf32>, %m: tensor<4xf32>) -> tensor<4xf32> {
  %b = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<4xf32>) -> tensor<4x8xf32>
  %d = stablehlo.subtract %x, %b : tensor<4x8xf32>
  %s = stablehlo.multiply %d, %d : tensor<4x8xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %r = stablehlo.reduce(%s init: %z) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse fuse %s -o %t
// ----- stderr
// fused 1 cluster: Reduce x1
// ----- exit 0
// ----- egfuse parse %t
// func.func @main(%x: tensor<4x8xf32>, %m: tensor<4xf32>) -> tensor<4xf32> {
//   %r = "mhlo.fusion"(%x, %m) ({
//   ^bb0(%arg0: tensor<4x8xf32>, %arg1: tensor<4xf32>):
//     %b = stablehlo.broadcast_in_dim %arg1, dims = [0] : (tensor<4xf32>) -> tensor<4x8xf32>
//     %d = stablehlo.subtract %arg0, %b : tensor<4x8xf32>
//     %s = stablehlo.multiply %d, %d : tensor<4x8xf32>
//     %z = stablehlo.constant dense<0.0> : tensor<f32>
//     %0 = stablehlo.reduce(%s init: %z) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
//     mhlo.return %0 : tensor<4xf32>
//   }) {FusionKind = "Reduce"} : (tensor<4x8xf32>, tensor<4xf32>) -> tensor<4xf32>
//   return %r : tensor<4xf32>
// }
// ----- exit 0
// ----- egfuse verify %s %t
// trial 0 (seed 0, positive inputs):
//   out0 tensor<4xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 1e-6, rtol 1e-5, scale 6.800e0): agree
// trial 1 (seed 0, signed inputs):
//   out0 tensor<4xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 1e-6, rtol 1e-5, scale 1.359e1): agree
// trial 2 (seed 0, small positive inputs):
//   out0 tensor<4xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 9.765625e-10, rtol 1e-5, scale 6.485e-6): agree
// verify: equal
// ----- exit 0
