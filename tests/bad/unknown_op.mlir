func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.frobnicate %a : tensor<2xf32>
  return %0 : tensor<2xf32>
}
