module @jit_bitcast_convert_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xi32>) -> (tensor<4x8xf32> {jax.result_info = "result[0]"}, tensor<4x8x4xui8> {jax.result_info = "result[1]"}) {
    %0 = stablehlo.bitcast_convert %arg0 : (tensor<4x8xf32>) -> tensor<4x8xi32>
    %1 = stablehlo.xor %0, %arg1 : tensor<4x8xi32>
    %2 = stablehlo.bitcast_convert %1 : (tensor<4x8xi32>) -> tensor<4x8xf32>
    %3 = stablehlo.bitcast_convert %arg0 : (tensor<4x8xf32>) -> tensor<4x8x4xui8>
    return %2, %3 : tensor<4x8xf32>, tensor<4x8x4xui8>
  }
}
