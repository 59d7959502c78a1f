// Found by fuzzing (fuzz/ parse target): the custom form took any bare word as a comparison
// type, so `F.LOAT` was kept and printed in the generic form as a `#stablehlo<...>` that did
// not parse back.
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xi1> {
  %0 = stablehlo.compare GT, %a, %b, F.LOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}
