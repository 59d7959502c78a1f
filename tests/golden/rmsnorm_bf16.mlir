module @jit_rmsnorm_bf16 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x8x32xbf16>, %arg1: tensor<32xbf16>) -> (tensor<2x8x32xbf16> {jax.result_info = "result"}) {
    %0 = stablehlo.convert %arg0 : (tensor<2x8x32xbf16>) -> tensor<2x8x32xf32>
    %1 = stablehlo.multiply %0, %0 : tensor<2x8x32xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %2 = stablehlo.reduce(%1 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<2x8x32xf32>, tensor<f32>) -> tensor<2x8xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0, 1] : (tensor<2x8xf32>) -> tensor<2x8x1xf32>
    %cst_0 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x8x1xf32>
    %5 = stablehlo.divide %3, %4 : tensor<2x8x1xf32>
    %cst_1 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x8x1xf32>
    %7 = stablehlo.add %5, %6 : tensor<2x8x1xf32>
    %8 = stablehlo.rsqrt %7 : tensor<2x8x1xf32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2] : (tensor<2x8x1xf32>) -> tensor<2x8x32xf32>
    %10 = stablehlo.multiply %0, %9 : tensor<2x8x32xf32>
    %11 = stablehlo.convert %10 : (tensor<2x8x32xf32>) -> tensor<2x8x32xbf16>
    %12 = stablehlo.broadcast_in_dim %arg1, dims = [2] : (tensor<32xbf16>) -> tensor<1x1x32xbf16>
    %13 = stablehlo.broadcast_in_dim %12, dims = [0, 1, 2] : (tensor<1x1x32xbf16>) -> tensor<2x8x32xbf16>
    %14 = stablehlo.multiply %13, %11 : tensor<2x8x32xbf16>
    return %14 : tensor<2x8x32xbf16>
  }
}
