func.func @main(%arg0: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
  %0 = call @self(%arg0) : (tensor<f32>) -> tensor<f32>
  %1 = call @ping(%arg0) : (tensor<f32>) -> tensor<f32>
  return %0, %1 : tensor<f32>, tensor<f32>
}
func.func private @self(%arg0: tensor<f32>) -> tensor<f32> {
  %0 = call @self(%arg0) : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
func.func private @ping(%arg0: tensor<f32>) -> tensor<f32> {
  %0 = call @leaf(%arg0) : (tensor<f32>) -> tensor<f32>
  %1 = call @pong(%0) : (tensor<f32>) -> tensor<f32>
  return %1 : tensor<f32>
}
func.func private @pong(%arg0: tensor<f32>) -> tensor<f32> {
  %0 = call @ping(%arg0) : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
func.func private @leaf(%arg0: tensor<f32>) -> tensor<f32> {
  %0 = stablehlo.negate %arg0 : tensor<f32>
  return %0 : tensor<f32>
}
