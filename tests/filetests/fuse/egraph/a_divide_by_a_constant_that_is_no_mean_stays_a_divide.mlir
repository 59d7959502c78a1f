// x / 448 is rewritten to x * (1 / 448) only where x is a sum (a mean): the product rounds one
// ulp above the quotient at times (x = 447.99997: 1.0 against 0.99999994), which a mean
// absorbs but an exponent read from the bits does not. Here the quotient's exponent is the
// result, so the fused module keeps the divide.
// RUN: egfuse fuse %s
module @exponent_of_a_quotient {
  func.func public @main(%x: tensor<8xf32>) -> tensor<8xui32> {
    %c448 = stablehlo.constant dense<4.480000e+02> : tensor<8xf32>
    %q = stablehlo.divide %x, %c448 : tensor<8xf32>
    %bits = stablehlo.bitcast_convert %q : (tensor<8xf32>) -> tensor<8xui32>
    %c23 = stablehlo.constant dense<23> : tensor<8xui32>
    %e = stablehlo.shift_right_logical %bits, %c23 : tensor<8xui32>
    return %e : tensor<8xui32>
  }
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse fuse %s
// module @exponent_of_a_quotient {
//   func.func public @main(%x: tensor<8xf32>) -> tensor<8xui32> {
//     %c448 = stablehlo.constant dense<4.480000e+02> : tensor<8xf32>
//     %q = stablehlo.divide %x, %c448 : tensor<8xf32>
//     %bits = stablehlo.bitcast_convert %q : (tensor<8xf32>) -> tensor<8xui32>
//     %c23 = stablehlo.constant dense<23> : tensor<8xui32>
//     %e = stablehlo.shift_right_logical %bits, %c23 : tensor<8xui32>
//     return %e : tensor<8xui32>
//   }
// }
// ----- stderr
// fused 0 clusters: none
// ----- exit 0
