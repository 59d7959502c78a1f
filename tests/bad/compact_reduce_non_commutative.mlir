func.func @f(%a: tensor<4xf32>, %i: tensor<f32>) -> tensor<f32> {
  %0 = stablehlo.reduce(%a init: %i) applies stablehlo.subtract across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
