module @jit_rope_complex attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x7x4x64xbf16>, %arg1: tensor<2x7x2x64xbf16>, %arg2: tensor<7x32xcomplex<f32>>) -> (tensor<2x7x4x64xbf16> {jax.result_info = "result[0]"}, tensor<2x7x2x64xbf16> {jax.result_info = "result[1]"}) {
    %0 = stablehlo.convert %arg0 : (tensor<2x7x4x64xbf16>) -> tensor<2x7x4x64xf32>
    %1 = stablehlo.reshape %0 : (tensor<2x7x4x64xf32>) -> tensor<2x7x4x32x2xf32>
    %2 = stablehlo.slice %1 [0:2, 0:7, 0:4, 0:32, 0:1] : (tensor<2x7x4x32x2xf32>) -> tensor<2x7x4x32x1xf32>
    %3 = stablehlo.reshape %2 : (tensor<2x7x4x32x1xf32>) -> tensor<2x7x4x32xf32>
    %4 = stablehlo.slice %1 [0:2, 0:7, 0:4, 0:32, 1:2] : (tensor<2x7x4x32x2xf32>) -> tensor<2x7x4x32x1xf32>
    %5 = stablehlo.reshape %4 : (tensor<2x7x4x32x1xf32>) -> tensor<2x7x4x32xf32>
    %6 = stablehlo.complex %3, %5 : tensor<2x7x4x32xcomplex<f32>>
    %7 = stablehlo.broadcast_in_dim %arg2, dims = [1, 3] : (tensor<7x32xcomplex<f32>>) -> tensor<1x7x1x32xcomplex<f32>>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1, 2, 3] : (tensor<1x7x1x32xcomplex<f32>>) -> tensor<2x7x4x32xcomplex<f32>>
    %9 = stablehlo.multiply %6, %8 : tensor<2x7x4x32xcomplex<f32>>
    %10 = stablehlo.real %9 : (tensor<2x7x4x32xcomplex<f32>>) -> tensor<2x7x4x32xf32>
    %11 = stablehlo.imag %9 : (tensor<2x7x4x32xcomplex<f32>>) -> tensor<2x7x4x32xf32>
    %12 = stablehlo.broadcast_in_dim %10, dims = [0, 1, 2, 3] : (tensor<2x7x4x32xf32>) -> tensor<2x7x4x32x1xf32>
    %13 = stablehlo.broadcast_in_dim %11, dims = [0, 1, 2, 3] : (tensor<2x7x4x32xf32>) -> tensor<2x7x4x32x1xf32>
    %14 = stablehlo.concatenate %12, %13, dim = 4 : (tensor<2x7x4x32x1xf32>, tensor<2x7x4x32x1xf32>) -> tensor<2x7x4x32x2xf32>
    %15 = stablehlo.reshape %14 : (tensor<2x7x4x32x2xf32>) -> tensor<2x7x4x64xf32>
    %16 = stablehlo.convert %15 : (tensor<2x7x4x64xf32>) -> tensor<2x7x4x64xbf16>
    %17 = stablehlo.convert %arg1 : (tensor<2x7x2x64xbf16>) -> tensor<2x7x2x64xf32>
    %18 = stablehlo.reshape %17 : (tensor<2x7x2x64xf32>) -> tensor<2x7x2x32x2xf32>
    %19 = stablehlo.slice %18 [0:2, 0:7, 0:2, 0:32, 0:1] : (tensor<2x7x2x32x2xf32>) -> tensor<2x7x2x32x1xf32>
    %20 = stablehlo.reshape %19 : (tensor<2x7x2x32x1xf32>) -> tensor<2x7x2x32xf32>
    %21 = stablehlo.slice %18 [0:2, 0:7, 0:2, 0:32, 1:2] : (tensor<2x7x2x32x2xf32>) -> tensor<2x7x2x32x1xf32>
    %22 = stablehlo.reshape %21 : (tensor<2x7x2x32x1xf32>) -> tensor<2x7x2x32xf32>
    %23 = stablehlo.complex %20, %22 : tensor<2x7x2x32xcomplex<f32>>
    %24 = stablehlo.broadcast_in_dim %arg2, dims = [1, 3] : (tensor<7x32xcomplex<f32>>) -> tensor<1x7x1x32xcomplex<f32>>
    %25 = stablehlo.broadcast_in_dim %24, dims = [0, 1, 2, 3] : (tensor<1x7x1x32xcomplex<f32>>) -> tensor<2x7x2x32xcomplex<f32>>
    %26 = stablehlo.multiply %23, %25 : tensor<2x7x2x32xcomplex<f32>>
    %27 = stablehlo.real %26 : (tensor<2x7x2x32xcomplex<f32>>) -> tensor<2x7x2x32xf32>
    %28 = stablehlo.imag %26 : (tensor<2x7x2x32xcomplex<f32>>) -> tensor<2x7x2x32xf32>
    %29 = stablehlo.broadcast_in_dim %27, dims = [0, 1, 2, 3] : (tensor<2x7x2x32xf32>) -> tensor<2x7x2x32x1xf32>
    %30 = stablehlo.broadcast_in_dim %28, dims = [0, 1, 2, 3] : (tensor<2x7x2x32xf32>) -> tensor<2x7x2x32x1xf32>
    %31 = stablehlo.concatenate %29, %30, dim = 4 : (tensor<2x7x2x32x1xf32>, tensor<2x7x2x32x1xf32>) -> tensor<2x7x2x32x2xf32>
    %32 = stablehlo.reshape %31 : (tensor<2x7x2x32x2xf32>) -> tensor<2x7x2x64xf32>
    %33 = stablehlo.convert %32 : (tensor<2x7x2x64xf32>) -> tensor<2x7x2x64xbf16>
    return %16, %33 : tensor<2x7x4x64xbf16>, tensor<2x7x2x64xbf16>
  }
}
