func.func @f(%a: tensor<3xf32>) -> tensor<3xf32> {
  %0 = "mhlo.fusion"(%a) ({
  ^bb0(%x: tensor<3xf32>):
    %1 = stablehlo.negate %x : tensor<3xf32>
    mhlo.return %1, %1 : tensor<3xf32>, tensor<3xf32>
  }) {FusionKind = "Neg"} : (tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
