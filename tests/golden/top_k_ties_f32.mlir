module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<300x130xi32>) -> (tensor<300x5xf32> {jax.result_info = "result[0]"}, tensor<300x5xi32> {jax.result_info = "result[1]"}) {
    %0 = stablehlo.convert %arg0 : (tensor<300x130xi32>) -> tensor<300x130xf32>
    %values, %indices = chlo.top_k(%0, k = 5) : tensor<300x130xf32> -> (tensor<300x5xf32>, tensor<300x5xi32>)
    return %values, %indices : tensor<300x5xf32>, tensor<300x5xi32>
  }
}
