func.func @main(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> {
  %0 = call @sq(%arg0) : (tensor<f32>) -> tensor<f32>
  %1 = call @sq(%arg1) : (tensor<f32>) -> tensor<f32>
  %2 = stablehlo.add %0, %1 : tensor<f32>
  return %2 : tensor<f32>
}
func.func private @sq(%arg0: tensor<f32>) -> tensor<f32> {
  %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
  %0 = stablehlo.multiply %arg0, %arg0 : tensor<f32>
  %1 = stablehlo.add %0, %cst : tensor<f32>
  return %1 : tensor<f32>
}
