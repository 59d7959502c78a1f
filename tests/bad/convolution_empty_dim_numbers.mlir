// Found by fuzzing (fuzz/ parse target): `dim_numbers = ,` made the parser slice backwards.
func.func @f(%a: tensor<1x16x2xf32>, %b: tensor<3x2x2xf32>) -> tensor<1x33x2xf32> {
  %0 = stablehlo.convolution(%a, %b) dim_numbers = , window = {} : (tensor<1x16x2xf32>, tensor<3x2x2xf32>) -> tensor<1x33x2xf32>
  return %0 : tensor<1x33x2xf32>
}
