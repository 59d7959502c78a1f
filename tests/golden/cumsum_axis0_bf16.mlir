module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<300x24xbf16>) -> (tensor<300x24xbf16> {jax.result_info = "result"}) {
    %0 = call @cumsum(%arg0) : (tensor<300x24xbf16>) -> tensor<300x24xbf16>
    return %0 : tensor<300x24xbf16>
  }
  func.func private @cumsum(%arg0: tensor<300x24xbf16>) -> tensor<300x24xbf16> {
    %0 = call @cumsum_0(%arg0) : (tensor<300x24xbf16>) -> tensor<300x24xbf16>
    return %0 : tensor<300x24xbf16>
  }
  func.func private @cumsum_0(%arg0: tensor<300x24xbf16>) -> tensor<300x24xbf16> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<bf16>) -> tensor<bf16>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1, 1>, padding = dense<[[299, 0], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 300, 1>, window_strides = array<i64: 1, 1>}> ({
    ^bb0(%arg1: tensor<bf16>, %arg2: tensor<bf16>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<bf16>
      stablehlo.return %2 : tensor<bf16>
    }) : (tensor<300x24xbf16>, tensor<bf16>) -> tensor<300x24xbf16>
    return %1 : tensor<300x24xbf16>
  }
}
