"builtin.module"() <{sym_name = "jit_fnet_mixing"}> ({
  "func.func"() <{function_type = (tensor<2x10x24xf32>) -> tensor<2x10x24xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<2x10x24xf32>):
    %0 = "stablehlo.convert"(%arg0) : (tensor<2x10x24xf32>) -> tensor<2x10x24xcomplex<f32>>
    %1 = "func.call"(%0) <{callee = @fft}> : (tensor<2x10x24xcomplex<f32>>) -> tensor<2x10x24xcomplex<f32>>
    %2 = "stablehlo.real"(%1) : (tensor<2x10x24xcomplex<f32>>) -> tensor<2x10x24xf32>
    %3 = "stablehlo.add"(%arg0, %2) : (tensor<2x10x24xf32>, tensor<2x10x24xf32>) -> tensor<2x10x24xf32>
    %cst = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %4 = "stablehlo.reduce"(%3, %cst) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %5 = "stablehlo.add"(%arg1, %arg2) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%5) : (tensor<f32>) -> ()
    }) : (tensor<2x10x24xf32>, tensor<f32>) -> tensor<2x10xf32>
    %5 = "stablehlo.broadcast_in_dim"(%4) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x10xf32>) -> tensor<2x10x1xf32>
    %cst_0 = "stablehlo.constant"() <{value = dense<2.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %6 = "stablehlo.broadcast_in_dim"(%cst_0) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x10x1xf32>
    %7 = "stablehlo.divide"(%5, %6) : (tensor<2x10x1xf32>, tensor<2x10x1xf32>) -> tensor<2x10x1xf32>
    %8 = "stablehlo.broadcast_in_dim"(%7) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x10x1xf32>) -> tensor<2x10x24xf32>
    %9 = "stablehlo.subtract"(%3, %8) : (tensor<2x10x24xf32>, tensor<2x10x24xf32>) -> tensor<2x10x24xf32>
    %10 = "stablehlo.broadcast_in_dim"(%7) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x10x1xf32>) -> tensor<2x10x24xf32>
    %11 = "stablehlo.subtract"(%3, %10) : (tensor<2x10x24xf32>, tensor<2x10x24xf32>) -> tensor<2x10x24xf32>
    %12 = "stablehlo.multiply"(%11, %11) : (tensor<2x10x24xf32>, tensor<2x10x24xf32>) -> tensor<2x10x24xf32>
    %cst_1 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %13 = "stablehlo.reduce"(%12, %cst_1) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %14 = "stablehlo.add"(%arg1, %arg2) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%14) : (tensor<f32>) -> ()
    }) : (tensor<2x10x24xf32>, tensor<f32>) -> tensor<2x10xf32>
    %14 = "stablehlo.broadcast_in_dim"(%13) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x10xf32>) -> tensor<2x10x1xf32>
    %cst_2 = "stablehlo.constant"() <{value = dense<2.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %15 = "stablehlo.broadcast_in_dim"(%cst_2) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x10x1xf32>
    %16 = "stablehlo.divide"(%14, %15) : (tensor<2x10x1xf32>, tensor<2x10x1xf32>) -> tensor<2x10x1xf32>
    %cst_3 = "stablehlo.constant"() <{value = dense<9.99999996E-13> : tensor<f32>}> : () -> tensor<f32>
    %17 = "stablehlo.broadcast_in_dim"(%cst_3) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x10x1xf32>
    %18 = "stablehlo.add"(%16, %17) : (tensor<2x10x1xf32>, tensor<2x10x1xf32>) -> tensor<2x10x1xf32>
    %19 = "stablehlo.rsqrt"(%18) : (tensor<2x10x1xf32>) -> tensor<2x10x1xf32>
    %20 = "stablehlo.broadcast_in_dim"(%19) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x10x1xf32>) -> tensor<2x10x24xf32>
    %21 = "stablehlo.multiply"(%9, %20) : (tensor<2x10x24xf32>, tensor<2x10x24xf32>) -> tensor<2x10x24xf32>
    "func.return"(%21) : (tensor<2x10x24xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<2x10x24xcomplex<f32>>) -> tensor<2x10x24xcomplex<f32>>, sym_name = "fft", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<2x10x24xcomplex<f32>>):
    %0 = "stablehlo.fft"(%arg0) <{fft_length = array<i64: 10, 24>, fft_type = #stablehlo<fft_type FFT>}> : (tensor<2x10x24xcomplex<f32>>) -> tensor<2x10x24xcomplex<f32>>
    "func.return"(%0) : (tensor<2x10x24xcomplex<f32>>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
