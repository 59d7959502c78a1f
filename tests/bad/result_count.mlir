func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0:2 = stablehlo.negate %a : tensor<2xf32>
  return %0#0 : tensor<2xf32>
}
