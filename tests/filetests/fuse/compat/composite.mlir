// The seed's "MHLO fusion vs StableHLO composite": the ops are cloned into a private, noDelete
// @genComposite<N> whose types equal the composite's, named neuron.<Kind>.
// RUN: egfuse fuse --mode compat %s --flag generalElementwiseFusion=false --emit composite
func.func @main(%x: tensor<2x8xf32>) -> tensor<2xf32> {
  %sq = stablehlo.multiply %x, %x : tensor<2x8xf32>
  %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %sum = stablehlo.reduce(%sq init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<2x8xf32>, tensor<f32>) -> tensor<2xf32>
  %r = stablehlo.sqrt %sum : tensor<2xf32>
  return %r : tensor<2xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse fuse --mode compat %s --flag generalElementwiseFusion=false --emit composite
// func.func @main(%x: tensor<2x8xf32>) -> tensor<2xf32> {
//   %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
//   %r = stablehlo.composite "neuron.MulRedSqrt" %zero, %x {decomposition = @genComposite0} : (tensor<f32>, tensor<2x8xf32>) -> tensor<2xf32>
//   return %r : tensor<2xf32>
// }
// func.func private @genComposite0(%arg0: tensor<f32>, %arg1: tensor<2x8xf32>) -> tensor<2xf32> attributes {noDelete} {
//   %sq = stablehlo.multiply %arg1, %arg1 : tensor<2x8xf32>
//   %sum = stablehlo.reduce(%sq init: %arg0) applies stablehlo.add across dimensions = [1] : (tensor<2x8xf32>, tensor<f32>) -> tensor<2xf32>
//   %r = stablehlo.sqrt %sum : tensor<2xf32>
//   return %r : tensor<2xf32>
// }
// ----- stderr
// fused 1 cluster: MulRedSqrt x1
// ----- exit 0
