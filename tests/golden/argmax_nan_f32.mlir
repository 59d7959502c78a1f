module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<130x40xi32>) -> (tensor<130xi32> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<3> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<130x40xi32>
    %1 = stablehlo.compare EQ, %arg0, %0, SIGNED : (tensor<130x40xi32>, tensor<130x40xi32>) -> tensor<130x40xi1>
    %2 = stablehlo.convert %arg0 : (tensor<130x40xi32>) -> tensor<130x40xf32>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %3 = call @_where(%1, %cst, %2) : (tensor<130x40xi1>, tensor<f32>, tensor<130x40xf32>) -> tensor<130x40xf32>
    %4 = call @argmax(%3) : (tensor<130x40xf32>) -> tensor<130xi32>
    return %4 : tensor<130xi32>
  }
  func.func private @_where(%arg0: tensor<130x40xi1>, %arg1: tensor<f32>, %arg2: tensor<130x40xf32>) -> tensor<130x40xf32> {
    %0 = stablehlo.convert %arg1 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<130x40xf32>
    %2 = stablehlo.select %arg0, %1, %arg2 : tensor<130x40xi1>, tensor<130x40xf32>
    return %2 : tensor<130x40xf32>
  }
  func.func private @argmax(%arg0: tensor<130x40xf32>) -> tensor<130xi32> {
    %0 = stablehlo.iota dim = 1 : tensor<130x40xi32>
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1:2 = stablehlo.reduce(%arg0 init: %cst), (%0 init: %c) across dimensions = [1] : (tensor<130x40xf32>, tensor<130x40xi32>, tensor<f32>, tensor<i32>) -> (tensor<130xf32>, tensor<130xi32>)
     reducer(%arg1: tensor<f32>, %arg3: tensor<f32>) (%arg2: tensor<i32>, %arg4: tensor<i32>)  {
      %2 = stablehlo.compare GT, %arg1, %arg3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %3 = stablehlo.compare NE, %arg1, %arg1, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %4 = stablehlo.or %2, %3 : tensor<i1>
      %5 = stablehlo.compare EQ, %arg1, %arg3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %6 = stablehlo.compare LT, %arg2, %arg4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %7 = stablehlo.and %5, %6 : tensor<i1>
      %8 = stablehlo.or %4, %7 : tensor<i1>
      %9 = stablehlo.select %4, %arg1, %arg3 : tensor<i1>, tensor<f32>
      %10 = stablehlo.select %8, %arg2, %arg4 : tensor<i1>, tensor<i32>
      stablehlo.return %9, %10 : tensor<f32>, tensor<i32>
    }
    return %1#1 : tensor<130xi32>
  }
}
