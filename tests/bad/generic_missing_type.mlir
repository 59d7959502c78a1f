func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.negate"(%a)
  return %0 : tensor<2xf32>
}
