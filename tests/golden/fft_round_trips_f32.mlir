module @jit_fft_round_trips attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x30xf32>, %arg1: tensor<2x6x10xf32>, %arg2: tensor<2x6x10xf32>) -> (tensor<3x30xf32> {jax.result_info = "result[0]"}, tensor<2x6x10xcomplex<f32>> {jax.result_info = "result[1]"}) {
    %0 = stablehlo.complex %arg1, %arg2 : tensor<2x6x10xcomplex<f32>>
    %1 = call @fft(%0) : (tensor<2x6x10xcomplex<f32>>) -> tensor<2x6x10xcomplex<f32>>
    %cst = stablehlo.constant dense<(5.000000e-01,0.000000e+00)> : tensor<complex<f32>>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f32>>) -> tensor<2x6x10xcomplex<f32>>
    %3 = stablehlo.multiply %1, %2 : tensor<2x6x10xcomplex<f32>>
    %4 = call @fft_0(%3) : (tensor<2x6x10xcomplex<f32>>) -> tensor<2x6x10xcomplex<f32>>
    %5 = call @fft_1(%arg0) : (tensor<3x30xf32>) -> tensor<3x16xcomplex<f32>>
    %cst_0 = stablehlo.constant dense<(2.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %6 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<complex<f32>>) -> tensor<3x16xcomplex<f32>>
    %7 = stablehlo.multiply %5, %6 : tensor<3x16xcomplex<f32>>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %8 = call @_pad(%7, %c) : (tensor<3x16xcomplex<f32>>, tensor<i32>) -> tensor<3x16xcomplex<f32>>
    %9 = call @fft_2(%8) : (tensor<3x16xcomplex<f32>>) -> tensor<3x30xf32>
    return %9, %4 : tensor<3x30xf32>, tensor<2x6x10xcomplex<f32>>
  }
  func.func private @fft(%arg0: tensor<2x6x10xcomplex<f32>>) -> tensor<2x6x10xcomplex<f32>> {
    %0 = stablehlo.fft %arg0, type = FFT, length = [6, 10] : (tensor<2x6x10xcomplex<f32>>) -> tensor<2x6x10xcomplex<f32>>
    return %0 : tensor<2x6x10xcomplex<f32>>
  }
  func.func private @fft_0(%arg0: tensor<2x6x10xcomplex<f32>>) -> tensor<2x6x10xcomplex<f32>> {
    %0 = stablehlo.fft %arg0, type = IFFT, length = [6, 10] : (tensor<2x6x10xcomplex<f32>>) -> tensor<2x6x10xcomplex<f32>>
    return %0 : tensor<2x6x10xcomplex<f32>>
  }
  func.func private @fft_1(%arg0: tensor<3x30xf32>) -> tensor<3x16xcomplex<f32>> {
    %0 = stablehlo.fft %arg0, type = RFFT, length = [30] : (tensor<3x30xf32>) -> tensor<3x16xcomplex<f32>>
    return %0 : tensor<3x16xcomplex<f32>>
  }
  func.func private @_pad(%arg0: tensor<3x16xcomplex<f32>>, %arg1: tensor<i32>) -> tensor<3x16xcomplex<f32>> {
    %0 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<complex<f32>>
    %1 = stablehlo.pad %arg0, %0, low = [0, 0], high = [0, 0], interior = [0, 0] : (tensor<3x16xcomplex<f32>>, tensor<complex<f32>>) -> tensor<3x16xcomplex<f32>>
    return %1 : tensor<3x16xcomplex<f32>>
  }
  func.func private @fft_2(%arg0: tensor<3x16xcomplex<f32>>) -> tensor<3x30xf32> {
    %0 = stablehlo.fft %arg0, type = IRFFT, length = [30] : (tensor<3x16xcomplex<f32>>) -> tensor<3x30xf32>
    return %0 : tensor<3x30xf32>
  }
}
