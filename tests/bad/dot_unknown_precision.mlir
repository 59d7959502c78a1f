// Found by fuzzing (fuzz/ parse target): the custom form took any bare word as a precision, so
// `D6.AULT` was kept and printed in the generic form as a `#stablehlo<precision ...>` that did
// not parse back.
func.func @f(%a: tensor<8x32xf32>, %b: tensor<32x64xf32>) -> tensor<8x64xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], precision = [D6.AULT, DEFAULT] : (tensor<8x32xf32>, tensor<32x64xf32>) -> tensor<8x64xf32>
  return %0 : tensor<8x64xf32>
}
