module @jit_mx_converts attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6x40xf32>) -> (tensor<6x40xf32> {jax.result_info = "result[0]"}, tensor<6x40xf32> {jax.result_info = "result[1]"}, tensor<6x40xf32> {jax.result_info = "result[2]"}, tensor<6x40xf32> {jax.result_info = "result[3]"}) {
    %0 = stablehlo.convert %arg0 : (tensor<6x40xf32>) -> tensor<6x40xf8E4M3FN>
    %1 = stablehlo.convert %0 : (tensor<6x40xf8E4M3FN>) -> tensor<6x40xf32>
    %2 = stablehlo.convert %arg0 : (tensor<6x40xf32>) -> tensor<6x40xf8E5M2>
    %3 = stablehlo.convert %2 : (tensor<6x40xf8E5M2>) -> tensor<6x40xf32>
    %4 = stablehlo.convert %arg0 : (tensor<6x40xf32>) -> tensor<6x40xf8E8M0FNU>
    %5 = stablehlo.convert %4 : (tensor<6x40xf8E8M0FNU>) -> tensor<6x40xf32>
    %6 = stablehlo.convert %arg0 : (tensor<6x40xf32>) -> tensor<6x40xf4E2M1FN>
    %7 = stablehlo.convert %6 : (tensor<6x40xf4E2M1FN>) -> tensor<6x40xf32>
    return %1, %3, %5, %7 : tensor<6x40xf32>, tensor<6x40xf32>, tensor<6x40xf32>, tensor<6x40xf32>
  }
}
