// Softmax of scaled scores is one DotSoftmax kernel. The `max(-inf, m)` clamp merges the
// clamp's class with the reduce's, so the clamp's own e-node reads its own class: extraction
// must skip that cycle. The fused module re-parses (`egfuse parse`) and computes what the input
// did (`egfuse verify`).
// RUN: egfuse fuse %s -o %t
// RUN: egfuse parse %t
// RUN: egfuse verify %s %t
func.func @main(%q: tensor<4x8xf32>, %k: tensor<8x6xf32>) -> tensor<4x6xf32> {
  %s = stablehlo.dot_general %q, %k, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x6xf32>) -> tensor<4x6xf32>
  %c = stablehlo.constant dense<2.000000e+00> : tensor<4x6xf32>
  %t = stablehlo.divide %s, %c : tensor<4x6xf32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %m = stablehlo.reduce(%t init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<4x6xf32>, tensor<f32>) -> tensor<4xf32>
  %ninfs = stablehlo.broadcast_in_dim %ninf, dims = [] : (tensor<f32>) -> tensor<4xf32>
  %clamp = stablehlo.maximum %ninfs, %m : tensor<4xf32>
  %mk = stablehlo.broadcast_in_dim %clamp, dims = [0] : (tensor<4xf32>) -> tensor<4x1xf32>
  %mb = stablehlo.broadcast_in_dim %mk, dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x6xf32>
  %z = stablehlo.subtract %t, %mb : tensor<4x6xf32>
  %e = stablehlo.exponential %z : tensor<4x6xf32>
  %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %sum = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<4x6xf32>, tensor<f32>) -> tensor<4xf32>
  %sk = stablehlo.broadcast_in_dim %sum, dims = [0] : (tensor<4xf32>) -> tensor<4x1xf32>
  %sb = stablehlo.broadcast_in_dim %sk, dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x6xf32>
  %p = stablehlo.divide %e, %sb : tensor<4x6xf32>
  return %p : tensor<4x6xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse fuse %s -o %t
// ----- stderr
// fused 1 cluster: DotSoftmax x1
// ----- exit 0
// ----- egfuse parse %t
// func.func @main(%q: tensor<4x8xf32>, %k: tensor<8x6xf32>) -> tensor<4x6xf32> {
//   %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
//   %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
//   %0 = stablehlo.constant dense<2.0e0> : tensor<f32>
//   %p = "mhlo.fusion"(%zero, %ninf, %q, %k, %0) ({
//   ^bb0(%arg0: tensor<f32>, %arg1: tensor<f32>, %arg2: tensor<4x8xf32>, %arg3: tensor<8x6xf32>, %arg4: tensor<f32>):
//     %1 = stablehlo.broadcast_in_dim %arg4, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
//     %s = stablehlo.dot_general %arg2, %arg3, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x6xf32>) -> tensor<4x6xf32>
//     %t = stablehlo.divide %s, %1 : tensor<4x6xf32>
//     %m = stablehlo.reduce(%t init: %arg1) applies stablehlo.maximum across dimensions = [1] : (tensor<4x6xf32>, tensor<f32>) -> tensor<4xf32>
//     %2 = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<4xf32>) -> tensor<4x6xf32>
//     %z = stablehlo.subtract %t, %2 : tensor<4x6xf32>
//     %e = stablehlo.exponential %z : tensor<4x6xf32>
//     %sum = stablehlo.reduce(%e init: %arg0) applies stablehlo.add across dimensions = [1] : (tensor<4x6xf32>, tensor<f32>) -> tensor<4xf32>
//     %3 = stablehlo.broadcast_in_dim %sum, dims = [0] : (tensor<4xf32>) -> tensor<4x6xf32>
//     %4 = stablehlo.divide %e, %3 : tensor<4x6xf32>
//     mhlo.return %4 : tensor<4x6xf32>
//   }) {FusionKind = "DotSoftmax"} : (tensor<f32>, tensor<f32>, tensor<4x8xf32>, tensor<8x6xf32>, tensor<f32>) -> tensor<4x6xf32>
//   return %p : tensor<4x6xf32>
// }
// ----- exit 0
// ----- egfuse verify %s %t
// trial 0 (seed 0, positive inputs):
//   out0 tensor<4x6xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 1e-6, rtol 1e-5, scale 2.246e-1): agree
// trial 1 (seed 0, signed inputs):
//   out0 tensor<4x6xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 1e-6, rtol 1e-5, scale 2.660e-1): agree
// trial 2 (seed 0, small positive inputs):
//   out0 tensor<4x6xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 9.765625e-10, rtol 1e-5, scale 1.667e-1): agree
// verify: equal
// ----- exit 0
