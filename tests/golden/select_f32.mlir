module @jit_select_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x8xi1>, %arg1: tensor<4x8xf32>, %arg2: tensor<4x8xf32>) -> (tensor<4x8xf32> {jax.result_info = "result[0]"}, tensor<4x8xf32> {jax.result_info = "result[1]"}) {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<4x8xi1>, tensor<4x8xf32>
    %1 = stablehlo.compare GT, %arg1, %arg2, FLOAT : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xi1>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %2 = call @_where(%1, %arg1, %cst) : (tensor<4x8xi1>, tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
    return %0, %2 : tensor<4x8xf32>, tensor<4x8xf32>
  }
  func.func private @_where(%arg0: tensor<4x8xi1>, %arg1: tensor<4x8xf32>, %arg2: tensor<f32>) -> tensor<4x8xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<4x8xi1>, tensor<4x8xf32>
    return %2 : tensor<4x8xf32>
  }
}
