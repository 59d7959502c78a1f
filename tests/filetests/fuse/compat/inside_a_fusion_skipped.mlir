// The seed's P0: an op already inside a fusion is skipped: fusing what `mul_red_sqrt.mlir`
// fused changes nothing.
// RUN: egfuse fuse --mode compat %s --flag generalElementwiseFusion=false
func.func @main(%x: tensor<2x8xf32>) -> tensor<2xf32> {
  %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %r = "mhlo.fusion"(%zero, %x) ({
  ^bb0(%arg0: tensor<f32>, %arg1: tensor<2x8xf32>):
    %sq = stablehlo.multiply %arg1, %arg1 : tensor<2x8xf32>
    %sum = stablehlo.reduce(%sq init: %arg0) applies stablehlo.add across dimensions = [1] : (tensor<2x8xf32>, tensor<f32>) -> tensor<2xf32>
    %0 = stablehlo.sqrt %sum : tensor<2xf32>
    mhlo.return %0 : tensor<2xf32>
  }) {FusionKind = "MulRedSqrt"} : (tensor<f32>, tensor<2x8xf32>) -> tensor<2xf32>
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
// fused 0 clusters: none
// ----- exit 0
