func.func @main(%arg0: tensor<f32>) -> tensor<f32> {
  %0 = call @outer(%arg0) : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
func.func private @outer(%arg0: tensor<f32>) -> tensor<f32> {
  %0 = call @inner(%arg0) : (tensor<f32>) -> tensor<f32>
  %1 = stablehlo.exponential %0 : tensor<f32>
  return %1 : tensor<f32>
}
func.func private @inner(%arg0: tensor<f32>) -> tensor<f32> {
  %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
  %0 = stablehlo.multiply %arg0, %cst : tensor<f32>
  return %0 : tensor<f32>
}
