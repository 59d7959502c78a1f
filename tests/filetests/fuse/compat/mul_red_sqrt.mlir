// The seed's "Algorithm": the window is exactly multiply -> reduce -> sqrt; live-ins are the
// init value and the multiply's operand ("Live-range algorithm": reverse scan), one live-out.
// "Entry Point": MulRedSqrt runs only under fuseDotLogistic.
// RUN: egfuse fuse --mode compat %s --flag generalElementwiseFusion=false
// RUN: egfuse fuse --mode compat %s --flag generalElementwiseFusion=false --flag fuseDotLogistic=false
func.func @main(%x: tensor<2x8xf32>) -> tensor<2xf32> {
  %sq = stablehlo.multiply %x, %x : tensor<2x8xf32>
  %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %sum = stablehlo.reduce(%sq init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<2x8xf32>, tensor<f32>) -> tensor<2xf32>
  %r = stablehlo.sqrt %sum : tensor<2xf32>
  return %r : tensor<2xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse fuse --mode compat %s --flag generalElementwiseFusion=false
// func.func @main(%x: tensor<2x8xf32>) -> tensor<2xf32> {
//   %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
//   %r = "mhlo.fusion"(%zero, %x) ({
//   ^bb0(%arg0: tensor<f32>, %arg1: tensor<2x8xf32>):
//     %sq = stablehlo.multiply %arg1, %arg1 : tensor<2x8xf32>
//     %sum = stablehlo.reduce(%sq init: %arg0) applies stablehlo.add across dimensions = [1] : (tensor<2x8xf32>, tensor<f32>) -> tensor<2xf32>
//     %0 = stablehlo.sqrt %sum : tensor<2xf32>
//     mhlo.return %0 : tensor<2xf32>
//   }) {FusionKind = "MulRedSqrt"} : (tensor<f32>, tensor<2x8xf32>) -> tensor<2xf32>
//   return %r : tensor<2xf32>
// }
// ----- stderr
// fused 1 cluster: MulRedSqrt x1
// ----- exit 0
// ----- egfuse fuse --mode compat %s --flag generalElementwiseFusion=false --flag fuseDotLogistic=false
// func.func @main(%x: tensor<2x8xf32>) -> tensor<2xf32> {
//   %sq = stablehlo.multiply %x, %x : tensor<2x8xf32>
//   %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
//   %sum = stablehlo.reduce(%sq init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<2x8xf32>, tensor<f32>) -> tensor<2xf32>
//   %r = stablehlo.sqrt %sum : tensor<2xf32>
//   return %r : tensor<2xf32>
// }
// ----- stderr
// fused 0 clusters: none
// ----- exit 0
