module @jit_max_pool_grad attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x9x9x5xf32>, %arg1: tensor<2x5x5x5xf32>) -> (tensor<2x9x9x5xf32> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x9x9x5xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<2x9x9x5xf32>
    %2 = stablehlo.compare EQ, %arg0, %1, FLOAT : (tensor<2x9x9x5xf32>, tensor<2x9x9x5xf32>) -> tensor<2x9x9x5xi1>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x9x9x5xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x9x9x5xf32>
    %5 = stablehlo.select %2, %3, %4 : tensor<2x9x9x5xi1>, tensor<2x9x9x5xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<2x9x9x5xf32>
    %7 = stablehlo.compare EQ, %6, %1, FLOAT : (tensor<2x9x9x5xf32>, tensor<2x9x9x5xf32>) -> tensor<2x9x9x5xi1>
    %cst_3 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<2x9x9x5xf32>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<2x9x9x5xf32>
    %10 = stablehlo.select %7, %8, %9 : tensor<2x9x9x5xi1>, tensor<2x9x9x5xf32>
    %11 = stablehlo.divide %5, %10 : tensor<2x9x9x5xf32>
    %cst_5 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<2x5x5x5xf32>
    %13 = stablehlo.multiply %12, %arg1 : tensor<2x5x5x5xf32>
    %cst_6 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %14 = stablehlo.pad %1, %cst_6, low = [0, 1, 1, 0], high = [0, 1, 1, 0], interior = [0, 0, 0, 0] : (tensor<2x9x9x5xf32>, tensor<f32>) -> tensor<2x11x11x5xf32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %15 = "stablehlo.select_and_scatter"(%14, %13, %cst_7) <{padding = dense<0> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 3, 3, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %18 = stablehlo.compare GE, %arg2, %arg3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %18 : tensor<i1>
    }, {
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %18 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %18 : tensor<f32>
    }) : (tensor<2x11x11x5xf32>, tensor<2x5x5x5xf32>, tensor<f32>) -> tensor<2x11x11x5xf32>
    %16 = stablehlo.slice %15 [0:2, 1:10, 1:10, 0:5] : (tensor<2x11x11x5xf32>) -> tensor<2x9x9x5xf32>
    %17 = stablehlo.multiply %16, %11 : tensor<2x9x9x5xf32>
    return %17 : tensor<2x9x9x5xf32>
  }
}
