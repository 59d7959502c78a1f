func.func @f(%a: tensor<2xf32>) -> tensor<2xi32> {
  return %a : tensor<2xf32>
}
