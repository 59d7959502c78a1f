func.func @main(%arg0: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
  %0 = stablehlo.custom_call @host(%arg0) {called_computations = [@body]} : (tensor<f32>) -> tensor<f32>
  %1 = call @body(%arg0) : (tensor<f32>) -> tensor<f32>
  return %0, %1 : tensor<f32>, tensor<f32>
}
func.func private @body(%arg0: tensor<f32>) -> tensor<f32> {
  %0 = stablehlo.sine %arg0 : tensor<f32>
  return %0 : tensor<f32>
}
func.func private @dead(%arg0: tensor<f32>) -> tensor<f32> {
  %0 = call @dead(%arg0) : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
