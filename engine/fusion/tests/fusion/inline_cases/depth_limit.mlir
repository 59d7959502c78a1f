func.func @main(%arg0: tensor<f32>) -> tensor<f32> {
  %0 = call @a(%arg0) : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
func.func private @a(%arg0: tensor<f32>) -> tensor<f32> {
  %0 = call @b(%arg0) : (tensor<f32>) -> tensor<f32>
  %1 = call @b(%0) : (tensor<f32>) -> tensor<f32>
  return %1 : tensor<f32>
}
func.func private @b(%arg0: tensor<f32>) -> tensor<f32> {
  %0 = stablehlo.negate %arg0 : tensor<f32>
  %1 = stablehlo.abs %0 : tensor<f32>
  return %1 : tensor<f32>
}
