module @jit_reduce_precision_ties_bf16 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x8xbf16>) -> (tensor<3x8xbf16> {jax.result_info = "result[0]"}, tensor<3x8xbf16> {jax.result_info = "result[1]"}, tensor<3x8xbf16> {jax.result_info = "result[2]"}) {
    %cst = stablehlo.constant dense<[1.500000e+00, 3.000000e+00, 6.000000e+00, -1.200000e+01, 2.793970e-09, 7.500000e-01, 9.600000e+01, 0.000000e+00]> : tensor<8xbf16>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [1] : (tensor<8xbf16>) -> tensor<1x8xbf16>
    %1 = stablehlo.concatenate %arg0, %0, dim = 0 : (tensor<2x8xbf16>, tensor<1x8xbf16>) -> tensor<3x8xbf16>
    %2 = stablehlo.reduce_precision %1, format = e6m0 : tensor<3x8xbf16>
    %3 = stablehlo.reduce_precision %1, format = e5m2 : tensor<3x8xbf16>
    %4 = stablehlo.reduce_precision %1, format = e8m23 : tensor<3x8xbf16>
    return %2, %3, %4 : tensor<3x8xbf16>, tensor<3x8xbf16>, tensor<3x8xbf16>
  }
}
