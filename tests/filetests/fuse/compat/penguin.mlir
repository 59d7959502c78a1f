// The seed's "Penguin emission": one NeuronTensorOp line with op and reduce_dims.
// RUN: egfuse fuse --mode compat %s --emit penguin
func.func @main(%x: tensor<2x8xf32>) -> tensor<2xf32> {
  %sq = stablehlo.multiply %x, %x : tensor<2x8xf32>
  %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %sum = stablehlo.reduce(%sq init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<2x8xf32>, tensor<f32>) -> tensor<2xf32>
  %r = stablehlo.sqrt %sum : tensor<2xf32>
  return %r : tensor<2xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse fuse --mode compat %s --emit penguin
// %r = ctx.NeuronTensorOp(%zero, %x, op="MulRedSqrt", reduce_dims=[1], xla_op="mhlo.fusion")
// ----- stderr
// fused 1 cluster: MulRedSqrt x1
// ----- exit 0
