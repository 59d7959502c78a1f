// RMSNorm written with sqrt and a divide (through the keepdims broadcast) is one RmsNorm kernel
// with its weight: divide-by-sqrt, sqrt-through-broadcast and rsqrt-through-broadcast reach the
// rule's rsqrt form. The fused module re-parses (`egfuse parse`) and computes what the input
// did (`egfuse verify`).
// RUN: egfuse fuse %s -o %t
// RUN: egfuse parse %t
// RUN: egfuse verify %s %t
func.func @main(%x: tensor<2x8xf32>, %w: tensor<8xf32>) -> tensor<2x8xf32> {
  %sq = stablehlo.multiply %x, %x : tensor<2x8xf32>
  %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %sum = stablehlo.reduce(%sq init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<2x8xf32>, tensor<f32>) -> tensor<2xf32>
  %keep = stablehlo.broadcast_in_dim %sum, dims = [0] : (tensor<2xf32>) -> tensor<2x1xf32>
  %n = stablehlo.constant dense<8.000000e+00> : tensor<2x1xf32>
  %mean = stablehlo.divide %keep, %n : tensor<2x1xf32>
  %eps = stablehlo.constant dense<9.99999997E-7> : tensor<2x1xf32>
  %var = stablehlo.add %mean, %eps : tensor<2x1xf32>
  %root = stablehlo.sqrt %var : tensor<2x1xf32>
  %rb = stablehlo.broadcast_in_dim %root, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x8xf32>
  %norm = stablehlo.divide %x, %rb : tensor<2x8xf32>
  %wb = stablehlo.broadcast_in_dim %w, dims = [1] : (tensor<8xf32>) -> tensor<2x8xf32>
  %y = stablehlo.multiply %norm, %wb : tensor<2x8xf32>
  return %y : tensor<2x8xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse fuse %s -o %t
// ----- stderr
// fused 1 cluster: RmsNorm x1
// ----- exit 0
// ----- egfuse parse %t
// func.func @main(%x: tensor<2x8xf32>, %w: tensor<8xf32>) -> tensor<2x8xf32> {
//   %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
//   %0 = stablehlo.constant dense<8.0e0> : tensor<f32>
//   %1 = stablehlo.constant dense<9.99999997e-7> : tensor<f32>
//   %y = "mhlo.fusion"(%w, %x, %zero, %1, %0) ({
//   ^bb0(%arg0: tensor<8xf32>, %arg1: tensor<2x8xf32>, %arg2: tensor<f32>, %arg3: tensor<f32>, %arg4: tensor<f32>):
//     %wb = stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<8xf32>) -> tensor<2x8xf32>
//     %2 = stablehlo.broadcast_in_dim %arg4, dims = [] : (tensor<f32>) -> tensor<2xf32>
//     %3 = stablehlo.broadcast_in_dim %arg3, dims = [] : (tensor<f32>) -> tensor<2x1xf32>
//     %sq = stablehlo.multiply %arg1, %arg1 : tensor<2x8xf32>
//     %sum = stablehlo.reduce(%sq init: %arg2) applies stablehlo.add across dimensions = [1] : (tensor<2x8xf32>, tensor<f32>) -> tensor<2xf32>
//     %4 = stablehlo.divide %sum, %2 : tensor<2xf32>
//     %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<2xf32>) -> tensor<2x1xf32>
//     %var = stablehlo.add %5, %3 : tensor<2x1xf32>
//     %6 = stablehlo.rsqrt %var : tensor<2x1xf32>
//     %7 = stablehlo.broadcast_in_dim %6, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x8xf32>
//     %8 = stablehlo.multiply %arg1, %7 : tensor<2x8xf32>
//     %9 = stablehlo.multiply %8, %wb : tensor<2x8xf32>
//     mhlo.return %9 : tensor<2x8xf32>
//   }) {FusionKind = "RmsNorm"} : (tensor<8xf32>, tensor<2x8xf32>, tensor<f32>, tensor<f32>, tensor<f32>) -> tensor<2x8xf32>
//   return %y : tensor<2x8xf32>
// }
// ----- exit 0
// ----- egfuse verify %s %t
// trial 0 (seed 0, positive inputs):
//   out0 tensor<2x8xf32>: max abs err 2.384e-7, max rel err 1.122e-7 (atol 1e-6, rtol 1e-5, scale 1.439e0): agree
// trial 1 (seed 0, signed inputs):
//   out0 tensor<2x8xf32>: max abs err 2.384e-7, max rel err 8.228e-8 (atol 1e-6, rtol 1e-5, scale 1.606e0): agree
// trial 2 (seed 0, small positive inputs):
//   out0 tensor<2x8xf32>: max abs err 1.164e-10, max rel err 1.598e-7 (atol 9.765625e-10, rtol 1e-5, scale 1.082e-3): agree
// verify: equal
// ----- exit 0
