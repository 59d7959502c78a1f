module @jit_nested_call_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xf32>) -> (tensor<4x8xf32> {jax.result_info = "result"}) {
    %0:2 = stablehlo.optimization_barrier %arg0, %arg1 : tensor<4x8xf32>, tensor<4x8xf32>
    %1 = call @"<lambda>"(%0#0, %0#1) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    %2 = call @"<lambda>"(%0#1, %0#0) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    %3 = stablehlo.add %1, %2 : tensor<4x8xf32>
    return %3 : tensor<4x8xf32>
  }
  func.func private @"<lambda>"(%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %0 = stablehlo.tanh %arg0 : tensor<4x8xf32>
    %1 = stablehlo.multiply %0, %arg1 : tensor<4x8xf32>
    return %1 : tensor<4x8xf32>
  }
}
