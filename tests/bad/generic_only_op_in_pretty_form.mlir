func.func @f(%a: tensor<2xf32>, %i: tensor<1xi64>) -> tensor<1xf32> {
  %0 = stablehlo.gather %a, %i : (tensor<2xf32>, tensor<1xi64>) -> tensor<1xf32>
  return %0 : tensor<1xf32>
}
