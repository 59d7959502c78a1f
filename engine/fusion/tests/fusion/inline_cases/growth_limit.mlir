func.func @main(%arg0: tensor<f32>) -> tensor<f32> {
  %0 = call @trig(%arg0) : (tensor<f32>) -> tensor<f32>
  %1 = call @trig(%0) : (tensor<f32>) -> tensor<f32>
  %2 = call @trig(%1) : (tensor<f32>) -> tensor<f32>
  return %2 : tensor<f32>
}
func.func private @trig(%arg0: tensor<f32>) -> tensor<f32> {
  %0 = stablehlo.sine %arg0 : tensor<f32>
  %1 = stablehlo.cosine %0 : tensor<f32>
  return %1 : tensor<f32>
}
