module @jit_attention_causal_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<1x2x8x16xf32>, %arg1: tensor<1x2x8x16xf32>, %arg2: tensor<1x2x8x16xf32>) -> (tensor<1x2x8x16xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<1x2x8x16xf32>, tensor<1x2x8x16xf32>) -> tensor<1x2x8x8xf32>
    %cst = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<1x2x8x8xf32>
    %2 = stablehlo.divide %0, %1 : tensor<1x2x8x8xf32>
    %3 = stablehlo.iota dim = 0 : tensor<8x8xi32>
    %4 = stablehlo.iota dim = 1 : tensor<8x8xi32>
    %5 = stablehlo.compare GE, %3, %4, SIGNED : (tensor<8x8xi32>, tensor<8x8xi32>) -> tensor<8x8xi1>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %6 = call @_where(%5, %2, %cst_0) : (tensor<8x8xi1>, tensor<1x2x8x8xf32>, tensor<f32>) -> tensor<1x2x8x8xf32>
    %cst_1 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.maximum across dimensions = [3] : (tensor<1x2x8x8xf32>, tensor<f32>) -> tensor<1x2x8xf32>
    %cst_2 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<1x2x8xf32>
    %9 = stablehlo.maximum %8, %7 : tensor<1x2x8xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1, 2] : (tensor<1x2x8xf32>) -> tensor<1x2x8x1xf32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [0, 1, 2, 3] : (tensor<1x2x8x1xf32>) -> tensor<1x2x8x8xf32>
    %12 = stablehlo.subtract %6, %11 : tensor<1x2x8x8xf32>
    %13 = stablehlo.exponential %12 : tensor<1x2x8x8xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %14 = stablehlo.reduce(%13 init: %cst_3) applies stablehlo.add across dimensions = [3] : (tensor<1x2x8x8xf32>, tensor<f32>) -> tensor<1x2x8xf32>
    %15 = stablehlo.broadcast_in_dim %14, dims = [0, 1, 2] : (tensor<1x2x8xf32>) -> tensor<1x2x8x1xf32>
    %16 = stablehlo.broadcast_in_dim %15, dims = [0, 1, 2, 3] : (tensor<1x2x8x1xf32>) -> tensor<1x2x8x8xf32>
    %17 = stablehlo.divide %13, %16 : tensor<1x2x8x8xf32>
    %18 = stablehlo.dot_general %17, %arg2, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<1x2x8x8xf32>, tensor<1x2x8x16xf32>) -> tensor<1x2x8x16xf32>
    return %18 : tensor<1x2x8x16xf32>
  }
  func.func private @_where(%arg0: tensor<8x8xi1>, %arg1: tensor<1x2x8x8xf32>, %arg2: tensor<f32>) -> tensor<1x2x8x8xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %arg0, dims = [2, 3] : (tensor<8x8xi1>) -> tensor<1x2x8x8xi1>
    %2 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<1x2x8x8xf32>
    %3 = stablehlo.select %1, %arg1, %2 : tensor<1x2x8x8xi1>, tensor<1x2x8x8xf32>
    return %3 : tensor<1x2x8x8xf32>
  }
}
