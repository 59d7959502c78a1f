module {
  func.func @f(%a: tensor<3xf32>) -> tensor<3xf32> {
    %0 = stablehlo.composite "neuron.Neg" %a {decomposition = @genComposite0} : (tensor<3xf32>) -> tensor<3xf32>
    %1 = stablehlo.composite "neuron.Neg" %0 {decomposition = @genComposite1} : (tensor<3xf32>) -> tensor<3xf32>
    %2 = stablehlo.composite "Neg" %1 {decomposition = @genComposite0} : (tensor<3xf32>) -> tensor<3xf32>
    return %2 : tensor<3xf32>
  }
  func.func private @genComposite0(%x: tensor<3xf32>) -> tensor<3xf32> attributes {noDelete} {
    %0 = stablehlo.negate %x : tensor<3xf32>
    return %0 : tensor<3xf32>
  }
  func.func private @genComposite1(%x: tensor<3xi32>) -> tensor<3xi32> attributes {noDelete} {
    return %x : tensor<3xi32>
  }
}
