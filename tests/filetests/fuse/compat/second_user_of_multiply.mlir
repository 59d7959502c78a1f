// The seed's P4: a second user of the multiply rejects the window.
// RUN: egfuse fuse --mode compat %s --flag generalElementwiseFusion=false -o /dev/null
func.func @main(%x: tensor<2x8xf32>) -> (tensor<2xf32>, tensor<2x8xf32>) {
  %sq = stablehlo.multiply %x, %x : tensor<2x8xf32>
  %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %sum = stablehlo.reduce(%sq init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<2x8xf32>, tensor<f32>) -> tensor<2xf32>
  %r = stablehlo.sqrt %sum : tensor<2xf32>
  return %r, %sq : tensor<2xf32>, tensor<2x8xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse fuse --mode compat %s --flag generalElementwiseFusion=false -o /dev/null
// ----- stderr
// fused 0 clusters: none
// ----- exit 0
