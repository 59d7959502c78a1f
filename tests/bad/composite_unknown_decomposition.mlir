func.func @f(%a: tensor<3xf32>) -> tensor<3xf32> {
  %0 = stablehlo.composite "neuron.Neg" %a {decomposition = @missing} : (tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
