module @jit_max_pool_grad attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<1x12x7x3xbf16>, %arg1: tensor<1x6x4x3xbf16>) -> (tensor<1x12x7x3xbf16> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<bf16>) -> tensor<1x12x7x3xbf16>
    %1 = stablehlo.maximum %arg0, %0 : tensor<1x12x7x3xbf16>
    %2 = stablehlo.compare EQ, %arg0, %1, FLOAT : (tensor<1x12x7x3xbf16>, tensor<1x12x7x3xbf16>) -> tensor<1x12x7x3xi1>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<bf16>
    %3 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<bf16>) -> tensor<1x12x7x3xbf16>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %4 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<bf16>) -> tensor<1x12x7x3xbf16>
    %5 = stablehlo.select %2, %3, %4 : tensor<1x12x7x3xi1>, tensor<1x12x7x3xbf16>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %6 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<bf16>) -> tensor<1x12x7x3xbf16>
    %7 = stablehlo.compare EQ, %6, %1, FLOAT : (tensor<1x12x7x3xbf16>, tensor<1x12x7x3xbf16>) -> tensor<1x12x7x3xi1>
    %cst_3 = stablehlo.constant dense<2.000000e+00> : tensor<bf16>
    %8 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<bf16>) -> tensor<1x12x7x3xbf16>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<bf16>
    %9 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<bf16>) -> tensor<1x12x7x3xbf16>
    %10 = stablehlo.select %7, %8, %9 : tensor<1x12x7x3xi1>, tensor<1x12x7x3xbf16>
    %11 = stablehlo.divide %5, %10 : tensor<1x12x7x3xbf16>
    %cst_5 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<1x6x4x3xf32>
    %13 = stablehlo.convert %12 : (tensor<1x6x4x3xf32>) -> tensor<1x6x4x3xbf16>
    %14 = stablehlo.multiply %13, %arg1 : tensor<1x6x4x3xbf16>
    %cst_6 = stablehlo.constant dense<0xFF80> : tensor<bf16>
    %15 = stablehlo.pad %1, %cst_6, low = [0, 0, 1, 0], high = [0, 1, 1, 0], interior = [0, 0, 0, 0] : (tensor<1x12x7x3xbf16>, tensor<bf16>) -> tensor<1x13x9x3xbf16>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %16 = "stablehlo.select_and_scatter"(%15, %14, %cst_7) <{padding = dense<0> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 3, 3, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
    ^bb0(%arg2: tensor<bf16>, %arg3: tensor<bf16>):
      %19 = stablehlo.compare GE, %arg2, %arg3, FLOAT : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
      stablehlo.return %19 : tensor<i1>
    }, {
    ^bb0(%arg2: tensor<bf16>, %arg3: tensor<bf16>):
      %19 = stablehlo.add %arg2, %arg3 : tensor<bf16>
      stablehlo.return %19 : tensor<bf16>
    }) : (tensor<1x13x9x3xbf16>, tensor<1x6x4x3xbf16>, tensor<bf16>) -> tensor<1x13x9x3xbf16>
    %17 = stablehlo.slice %16 [0:1, 0:12, 1:8, 0:3] : (tensor<1x13x9x3xbf16>) -> tensor<1x12x7x3xbf16>
    %18 = stablehlo.multiply %17, %11 : tensor<1x12x7x3xbf16>
    return %18 : tensor<1x12x7x3xbf16>
  }
}
