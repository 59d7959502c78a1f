func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.add %a, %1 : tensor<2xf32>
  %1 = stablehlo.negate %a : tensor<2xf32>
  return %0 : tensor<2xf32>
}
