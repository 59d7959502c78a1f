func.func @main(%arg0: tensor<f32>) -> tensor<f32> {
  %0:2 = call @pair(%arg0) : (tensor<f32>) -> (tensor<f32>, tensor<f32>)
  %1 = stablehlo.subtract %0#1, %0#0 : tensor<f32>
  return %1 : tensor<f32>
}
func.func private @pair(%arg0: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
  %0 = stablehlo.cosine %arg0 : tensor<f32>
  return %0, %arg0 : tensor<f32>, tensor<f32>
}
