module @jit_pad_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x8xf32>) -> (tensor<7x11xf32> {jax.result_info = "result[0]"}, tensor<7x22xf32> {jax.result_info = "result[1]"}, tensor<6x12xf32> {jax.result_info = "result[2]"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = call @_pad(%arg0, %c) : (tensor<4x8xf32>, tensor<i32>) -> tensor<7x11xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.pad %arg0, %cst, low = [1, 0], high = [-1, 0], interior = [1, 2] : (tensor<4x8xf32>, tensor<f32>) -> tensor<7x22xf32>
    %2 = call @_pad_0(%arg0) : (tensor<4x8xf32>) -> tensor<6x12xf32>
    return %0, %1, %2 : tensor<7x11xf32>, tensor<7x22xf32>, tensor<6x12xf32>
  }
  func.func private @_pad(%arg0: tensor<4x8xf32>, %arg1: tensor<i32>) -> tensor<7x11xf32> {
    %0 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %1 = stablehlo.pad %arg0, %0, low = [1, 0], high = [2, 3], interior = [0, 0] : (tensor<4x8xf32>, tensor<f32>) -> tensor<7x11xf32>
    return %1 : tensor<7x11xf32>
  }
  func.func private @_pad_0(%arg0: tensor<4x8xf32>) -> tensor<6x12xf32> {
    %0 = stablehlo.slice %arg0 [0:1, 0:8] : (tensor<4x8xf32>) -> tensor<1x8xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0, 2] : (tensor<1x8xf32>) -> tensor<1x1x8xf32>
    %2 = stablehlo.reshape %1 : (tensor<1x1x8xf32>) -> tensor<1x8xf32>
    %3 = stablehlo.slice %arg0 [3:4, 0:8] : (tensor<4x8xf32>) -> tensor<1x8xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 2] : (tensor<1x8xf32>) -> tensor<1x1x8xf32>
    %5 = stablehlo.reshape %4 : (tensor<1x1x8xf32>) -> tensor<1x8xf32>
    %6 = stablehlo.concatenate %2, %arg0, %5, dim = 0 : (tensor<1x8xf32>, tensor<4x8xf32>, tensor<1x8xf32>) -> tensor<6x8xf32>
    %7 = stablehlo.slice %6 [0:6, 0:1] : (tensor<6x8xf32>) -> tensor<6x1xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1] : (tensor<6x1xf32>) -> tensor<6x1x2xf32>
    %9 = stablehlo.reshape %8 : (tensor<6x1x2xf32>) -> tensor<6x2xf32>
    %10 = stablehlo.slice %6 [0:6, 7:8] : (tensor<6x8xf32>) -> tensor<6x1xf32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [0, 1] : (tensor<6x1xf32>) -> tensor<6x1x2xf32>
    %12 = stablehlo.reshape %11 : (tensor<6x1x2xf32>) -> tensor<6x2xf32>
    %13 = stablehlo.concatenate %9, %6, %12, dim = 1 : (tensor<6x2xf32>, tensor<6x8xf32>, tensor<6x2xf32>) -> tensor<6x12xf32>
    return %13 : tensor<6x12xf32>
  }
}
