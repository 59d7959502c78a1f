"builtin.module"() <{sym_name = "jit_rmsnorm_bf16"}> ({
  "func.func"() <{function_type = (tensor<2x8x32xbf16>, tensor<32xbf16>) -> tensor<2x8x32xbf16>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<2x8x32xbf16>, %arg1: tensor<32xbf16>):
    %0 = "stablehlo.convert"(%arg0) : (tensor<2x8x32xbf16>) -> tensor<2x8x32xf32>
    %1 = "stablehlo.multiply"(%0, %0) : (tensor<2x8x32xf32>, tensor<2x8x32xf32>) -> tensor<2x8x32xf32>
    %cst = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %2 = "stablehlo.reduce"(%1, %cst) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %3 = "stablehlo.add"(%arg2, %arg3) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%3) : (tensor<f32>) -> ()
    }) : (tensor<2x8x32xf32>, tensor<f32>) -> tensor<2x8xf32>
    %3 = "stablehlo.broadcast_in_dim"(%2) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x8xf32>) -> tensor<2x8x1xf32>
    %cst_0 = "stablehlo.constant"() <{value = dense<3.200000e+01> : tensor<f32>}> : () -> tensor<f32>
    %4 = "stablehlo.broadcast_in_dim"(%cst_0) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x8x1xf32>
    %5 = "stablehlo.divide"(%3, %4) : (tensor<2x8x1xf32>, tensor<2x8x1xf32>) -> tensor<2x8x1xf32>
    %cst_1 = "stablehlo.constant"() <{value = dense<9.99999997E-7> : tensor<f32>}> : () -> tensor<f32>
    %6 = "stablehlo.broadcast_in_dim"(%cst_1) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x8x1xf32>
    %7 = "stablehlo.add"(%5, %6) : (tensor<2x8x1xf32>, tensor<2x8x1xf32>) -> tensor<2x8x1xf32>
    %8 = "stablehlo.rsqrt"(%7) : (tensor<2x8x1xf32>) -> tensor<2x8x1xf32>
    %9 = "stablehlo.broadcast_in_dim"(%8) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x8x1xf32>) -> tensor<2x8x32xf32>
    %10 = "stablehlo.multiply"(%0, %9) : (tensor<2x8x32xf32>, tensor<2x8x32xf32>) -> tensor<2x8x32xf32>
    %11 = "stablehlo.convert"(%10) : (tensor<2x8x32xf32>) -> tensor<2x8x32xbf16>
    %12 = "stablehlo.broadcast_in_dim"(%arg1) <{broadcast_dimensions = array<i64: 2>}> : (tensor<32xbf16>) -> tensor<1x1x32xbf16>
    %13 = "stablehlo.broadcast_in_dim"(%12) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x32xbf16>) -> tensor<2x8x32xbf16>
    %14 = "stablehlo.multiply"(%13, %11) : (tensor<2x8x32xbf16>, tensor<2x8x32xbf16>) -> tensor<2x8x32xbf16>
    "func.return"(%14) : (tensor<2x8x32xbf16>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
