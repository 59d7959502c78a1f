module @jit_fnet_mixing attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x10x24xf32>) -> (tensor<2x10x24xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.convert %arg0 : (tensor<2x10x24xf32>) -> tensor<2x10x24xcomplex<f32>>
    %1 = call @fft(%0) : (tensor<2x10x24xcomplex<f32>>) -> tensor<2x10x24xcomplex<f32>>
    %2 = stablehlo.real %1 : (tensor<2x10x24xcomplex<f32>>) -> tensor<2x10x24xf32>
    %3 = stablehlo.add %arg0, %2 : tensor<2x10x24xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%3 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<2x10x24xf32>, tensor<f32>) -> tensor<2x10xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<2x10xf32>) -> tensor<2x10x1xf32>
    %cst_0 = stablehlo.constant dense<2.400000e+01> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x10x1xf32>
    %7 = stablehlo.divide %5, %6 : tensor<2x10x1xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1, 2] : (tensor<2x10x1xf32>) -> tensor<2x10x24xf32>
    %9 = stablehlo.subtract %3, %8 : tensor<2x10x24xf32>
    %10 = stablehlo.broadcast_in_dim %7, dims = [0, 1, 2] : (tensor<2x10x1xf32>) -> tensor<2x10x24xf32>
    %11 = stablehlo.subtract %3, %10 : tensor<2x10x24xf32>
    %12 = stablehlo.multiply %11, %11 : tensor<2x10x24xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %13 = stablehlo.reduce(%12 init: %cst_1) applies stablehlo.add across dimensions = [2] : (tensor<2x10x24xf32>, tensor<f32>) -> tensor<2x10xf32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [0, 1] : (tensor<2x10xf32>) -> tensor<2x10x1xf32>
    %cst_2 = stablehlo.constant dense<2.400000e+01> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<2x10x1xf32>
    %16 = stablehlo.divide %14, %15 : tensor<2x10x1xf32>
    %cst_3 = stablehlo.constant dense<9.99999996E-13> : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<2x10x1xf32>
    %18 = stablehlo.add %16, %17 : tensor<2x10x1xf32>
    %19 = stablehlo.rsqrt %18 : tensor<2x10x1xf32>
    %20 = stablehlo.broadcast_in_dim %19, dims = [0, 1, 2] : (tensor<2x10x1xf32>) -> tensor<2x10x24xf32>
    %21 = stablehlo.multiply %9, %20 : tensor<2x10x24xf32>
    return %21 : tensor<2x10x24xf32>
  }
  func.func private @fft(%arg0: tensor<2x10x24xcomplex<f32>>) -> tensor<2x10x24xcomplex<f32>> {
    %0 = stablehlo.fft %arg0, type = FFT, length = [10, 24] : (tensor<2x10x24xcomplex<f32>>) -> tensor<2x10x24xcomplex<f32>>
    return %0 : tensor<2x10x24xcomplex<f32>>
  }
}
