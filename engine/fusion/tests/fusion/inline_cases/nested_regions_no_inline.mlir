func.func @main(%arg0: tensor<4xf32>) -> tensor<f32> {
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = stablehlo.reduce(%arg0 init: %cst) across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
   reducer(%a: tensor<f32>, %b: tensor<f32>) {
    %1 = func.call @max(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }
  %2 = func.call @max(%0, %0) {no_inline} : (tensor<f32>, tensor<f32>) -> tensor<f32>
  return %2 : tensor<f32>
}
func.func private @max(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> {
  %0 = stablehlo.maximum %arg0, %arg1 : tensor<f32>
  return %0 : tensor<f32>
}
