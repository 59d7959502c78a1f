module @jit_reduce_precision_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x8xf32>) -> (tensor<4x8xf32> {jax.result_info = "result[0]"}, tensor<4x8xf32> {jax.result_info = "result[1]"}) {
    %0 = stablehlo.reduce_precision %arg0, format = e5m10 : tensor<4x8xf32>
    %1 = stablehlo.reduce_precision %arg0, format = e8m7 : tensor<4x8xf32>
    return %0, %1 : tensor<4x8xf32>, tensor<4x8xf32>
  }
}
