module @jit_fake_quant_int8 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<130x96xf32>) -> (tensor<130x96xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.abs %arg0 : tensor<130x96xf32>
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<130x96xf32>, tensor<f32>) -> tensor<130xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0] : (tensor<130xf32>) -> tensor<130x1xf32>
    %cst_0 = stablehlo.constant dense<1.270000e+02> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<130x1xf32>
    %4 = stablehlo.divide %2, %3 : tensor<130x1xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<130x1xf32>) -> tensor<130x96xf32>
    %6 = stablehlo.divide %arg0, %5 : tensor<130x96xf32>
    %7 = call @round(%6) : (tensor<130x96xf32>) -> tensor<130x96xf32>
    %c = stablehlo.constant dense<-127> : tensor<i32>
    %c_1 = stablehlo.constant dense<127> : tensor<i32>
    %8 = call @clip(%7, %c, %c_1) : (tensor<130x96xf32>, tensor<i32>, tensor<i32>) -> tensor<130x96xf32>
    %9 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<130x1xf32>) -> tensor<130x96xf32>
    %10 = stablehlo.multiply %8, %9 : tensor<130x96xf32>
    return %10 : tensor<130x96xf32>
  }
  func.func private @round(%arg0: tensor<130x96xf32>) -> tensor<130x96xf32> {
    %0 = stablehlo.round_nearest_even %arg0 : tensor<130x96xf32>
    return %0 : tensor<130x96xf32>
  }
  func.func private @clip(%arg0: tensor<130x96xf32>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<130x96xf32> {
    %0 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<130x96xf32>
    %2 = stablehlo.maximum %1, %arg0 : tensor<130x96xf32>
    %3 = stablehlo.convert %arg2 : (tensor<i32>) -> tensor<f32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<f32>) -> tensor<130x96xf32>
    %5 = stablehlo.minimum %4, %2 : tensor<130x96xf32>
    return %5 : tensor<130x96xf32>
  }
}
