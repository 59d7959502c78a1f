// Found by fuzzing (fuzz/ parse target): dimension numbers were kept as raw text, so
// `o-b[]>` reached the printer inside `#stablehlo.conv<...>`, whose `>` then did not parse.
func.func @f(%a: tensor<1x8x8x4xf32>, %b: tensor<3x3x4x8xf32>) -> tensor<1x8x8x8xf32> {
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o-b[]>, 0, 1, f], window = {} : (tensor<1x8x8x4xf32>, tensor<3x3x4x8xf32>) -> tensor<1x8x8x8xf32>
  return %0 : tensor<1x8x8x8xf32>
}
