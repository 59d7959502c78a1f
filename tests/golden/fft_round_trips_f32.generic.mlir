"builtin.module"() <{sym_name = "jit_fft_round_trips"}> ({
  "func.func"() <{function_type = (tensor<3x30xf32>, tensor<2x6x10xf32>, tensor<2x6x10xf32>) -> (tensor<3x30xf32>, tensor<2x6x10xcomplex<f32>>), res_attrs = [{jax.result_info = "result[0]"}, {jax.result_info = "result[1]"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<3x30xf32>, %arg1: tensor<2x6x10xf32>, %arg2: tensor<2x6x10xf32>):
    %0 = "stablehlo.complex"(%arg1, %arg2) : (tensor<2x6x10xf32>, tensor<2x6x10xf32>) -> tensor<2x6x10xcomplex<f32>>
    %1 = "func.call"(%0) <{callee = @fft}> : (tensor<2x6x10xcomplex<f32>>) -> tensor<2x6x10xcomplex<f32>>
    %cst = "stablehlo.constant"() <{value = dense<(5.000000e-01,0.000000e+00)> : tensor<complex<f32>>}> : () -> tensor<complex<f32>>
    %2 = "stablehlo.broadcast_in_dim"(%cst) <{broadcast_dimensions = array<i64>}> : (tensor<complex<f32>>) -> tensor<2x6x10xcomplex<f32>>
    %3 = "stablehlo.multiply"(%1, %2) : (tensor<2x6x10xcomplex<f32>>, tensor<2x6x10xcomplex<f32>>) -> tensor<2x6x10xcomplex<f32>>
    %4 = "func.call"(%3) <{callee = @fft_0}> : (tensor<2x6x10xcomplex<f32>>) -> tensor<2x6x10xcomplex<f32>>
    %5 = "func.call"(%arg0) <{callee = @fft_1}> : (tensor<3x30xf32>) -> tensor<3x16xcomplex<f32>>
    %cst_0 = "stablehlo.constant"() <{value = dense<(2.000000e+00,0.000000e+00)> : tensor<complex<f32>>}> : () -> tensor<complex<f32>>
    %6 = "stablehlo.broadcast_in_dim"(%cst_0) <{broadcast_dimensions = array<i64>}> : (tensor<complex<f32>>) -> tensor<3x16xcomplex<f32>>
    %7 = "stablehlo.multiply"(%5, %6) : (tensor<3x16xcomplex<f32>>, tensor<3x16xcomplex<f32>>) -> tensor<3x16xcomplex<f32>>
    %c = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %8 = "func.call"(%7, %c) <{callee = @_pad}> : (tensor<3x16xcomplex<f32>>, tensor<i32>) -> tensor<3x16xcomplex<f32>>
    %9 = "func.call"(%8) <{callee = @fft_2}> : (tensor<3x16xcomplex<f32>>) -> tensor<3x30xf32>
    "func.return"(%9, %4) : (tensor<3x30xf32>, tensor<2x6x10xcomplex<f32>>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<2x6x10xcomplex<f32>>) -> tensor<2x6x10xcomplex<f32>>, sym_name = "fft", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<2x6x10xcomplex<f32>>):
    %0 = "stablehlo.fft"(%arg0) <{fft_length = array<i64: 6, 10>, fft_type = #stablehlo<fft_type FFT>}> : (tensor<2x6x10xcomplex<f32>>) -> tensor<2x6x10xcomplex<f32>>
    "func.return"(%0) : (tensor<2x6x10xcomplex<f32>>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<2x6x10xcomplex<f32>>) -> tensor<2x6x10xcomplex<f32>>, sym_name = "fft_0", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<2x6x10xcomplex<f32>>):
    %0 = "stablehlo.fft"(%arg0) <{fft_length = array<i64: 6, 10>, fft_type = #stablehlo<fft_type IFFT>}> : (tensor<2x6x10xcomplex<f32>>) -> tensor<2x6x10xcomplex<f32>>
    "func.return"(%0) : (tensor<2x6x10xcomplex<f32>>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<3x30xf32>) -> tensor<3x16xcomplex<f32>>, sym_name = "fft_1", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<3x30xf32>):
    %0 = "stablehlo.fft"(%arg0) <{fft_length = array<i64: 30>, fft_type = #stablehlo<fft_type RFFT>}> : (tensor<3x30xf32>) -> tensor<3x16xcomplex<f32>>
    "func.return"(%0) : (tensor<3x16xcomplex<f32>>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<3x16xcomplex<f32>>, tensor<i32>) -> tensor<3x16xcomplex<f32>>, sym_name = "_pad", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<3x16xcomplex<f32>>, %arg1: tensor<i32>):
    %0 = "stablehlo.convert"(%arg1) : (tensor<i32>) -> tensor<complex<f32>>
    %1 = "stablehlo.pad"(%arg0, %0) <{edge_padding_high = array<i64: 0, 0>, edge_padding_low = array<i64: 0, 0>, interior_padding = array<i64: 0, 0>}> : (tensor<3x16xcomplex<f32>>, tensor<complex<f32>>) -> tensor<3x16xcomplex<f32>>
    "func.return"(%1) : (tensor<3x16xcomplex<f32>>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<3x16xcomplex<f32>>) -> tensor<3x30xf32>, sym_name = "fft_2", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<3x16xcomplex<f32>>):
    %0 = "stablehlo.fft"(%arg0) <{fft_length = array<i64: 30>, fft_type = #stablehlo<fft_type IRFFT>}> : (tensor<3x16xcomplex<f32>>) -> tensor<3x30xf32>
    "func.return"(%0) : (tensor<3x30xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
