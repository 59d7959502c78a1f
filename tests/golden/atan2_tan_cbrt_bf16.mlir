module @jit_ungated_functions attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x40xbf16>, %arg1: tensor<3x40xbf16>) -> (tensor<3x40xbf16> {jax.result_info = "result[0]"}, tensor<3x40xbf16> {jax.result_info = "result[1]"}, tensor<3x40xbf16> {jax.result_info = "result[2]"}) {
    %0 = stablehlo.atan2 %arg1, %arg0 : tensor<3x40xbf16>
    %1 = stablehlo.tan %arg0 : tensor<3x40xbf16>
    %2 = stablehlo.cbrt %arg1 : tensor<3x40xbf16>
    return %0, %1, %2 : tensor<3x40xbf16>, tensor<3x40xbf16>, tensor<3x40xbf16>
  }
}
