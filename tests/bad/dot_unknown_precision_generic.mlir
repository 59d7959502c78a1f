// The generic form's precision array holds a value StableHLO does not define.
func.func @f(%a: tensor<8x32xf32>, %b: tensor<32x64xf32>) -> tensor<8x64xf32> {
  %0 = "stablehlo.dot_general"(%a, %b) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision FASTEST>, #stablehlo<precision DEFAULT>]}> : (tensor<8x32xf32>, tensor<32x64xf32>) -> tensor<8x64xf32>
  return %0 : tensor<8x64xf32>
}
