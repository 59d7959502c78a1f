"builtin.module"() <{sym_name = "jit_nvfp4_quantize"}> ({
  "func.func"() <{function_type = (tensor<4x5x64xf32>) -> (tensor<4x5x64xf4E2M1FN>, tensor<4x5x4xf8E4M3FN>), res_attrs = [{jax.result_info = "result[0]"}, {jax.result_info = "result[1]"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<4x5x64xf32>):
    %cst = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %0 = "stablehlo.broadcast_in_dim"(%cst) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<1xf32>
    %1 = "stablehlo.reshape"(%arg0) : (tensor<4x5x64xf32>) -> tensor<4x5x4x16xf32>
    %2 = "stablehlo.broadcast_in_dim"(%0) <{broadcast_dimensions = array<i64: 3>}> : (tensor<1xf32>) -> tensor<1x1x1x1xf32>
    %3 = "stablehlo.broadcast_in_dim"(%2) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x1x1x1xf32>) -> tensor<4x5x4x16xf32>
    %4 = "stablehlo.divide"(%1, %3) : (tensor<4x5x4x16xf32>, tensor<4x5x4x16xf32>) -> tensor<4x5x4x16xf32>
    %5 = "stablehlo.abs"(%4) : (tensor<4x5x4x16xf32>) -> tensor<4x5x4x16xf32>
    %cst_0 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %6 = "stablehlo.reduce"(%5, %cst_0) <{dimensions = array<i64: 3>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %7 = "stablehlo.maximum"(%arg1, %arg2) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%7) : (tensor<f32>) -> ()
    }) : (tensor<4x5x4x16xf32>, tensor<f32>) -> tensor<4x5x4xf32>
    %7 = "stablehlo.broadcast_in_dim"(%6) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x5x4xf32>) -> tensor<4x5x4x1xf32>
    %cst_1 = "stablehlo.constant"() <{value = dense<6.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %8 = "stablehlo.broadcast_in_dim"(%cst_1) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x5x4x1xf32>
    %9 = "stablehlo.divide"(%7, %8) : (tensor<4x5x4x1xf32>, tensor<4x5x4x1xf32>) -> tensor<4x5x4x1xf32>
    %c = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %cst_2 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<f32>}> : () -> tensor<f32>
    %10 = "func.call"(%9, %c, %cst_2) <{callee = @clip}> : (tensor<4x5x4x1xf32>, tensor<i32>, tensor<f32>) -> tensor<4x5x4x1xf32>
    %11 = "stablehlo.convert"(%10) : (tensor<4x5x4x1xf32>) -> tensor<4x5x4x1xf8E4M3FN>
    %12 = "stablehlo.optimization_barrier"(%11) : (tensor<4x5x4x1xf8E4M3FN>) -> tensor<4x5x4x1xf8E4M3FN>
    %13 = "stablehlo.convert"(%12) : (tensor<4x5x4x1xf8E4M3FN>) -> tensor<4x5x4x1xf32>
    %14 = "stablehlo.broadcast_in_dim"(%13) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<4x5x4x1xf32>) -> tensor<4x5x4x16xf32>
    %15 = "stablehlo.divide"(%4, %14) : (tensor<4x5x4x16xf32>, tensor<4x5x4x16xf32>) -> tensor<4x5x4x16xf32>
    %cst_3 = "stablehlo.constant"() <{value = dense<-6.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %cst_4 = "stablehlo.constant"() <{value = dense<6.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %16 = "func.call"(%15, %cst_3, %cst_4) <{callee = @clip_0}> : (tensor<4x5x4x16xf32>, tensor<f32>, tensor<f32>) -> tensor<4x5x4x16xf32>
    %17 = "stablehlo.convert"(%16) : (tensor<4x5x4x16xf32>) -> tensor<4x5x4x16xf4E2M1FN>
    %18 = "stablehlo.reshape"(%17) : (tensor<4x5x4x16xf4E2M1FN>) -> tensor<4x5x64xf4E2M1FN>
    %19 = "stablehlo.reshape"(%12) : (tensor<4x5x4x1xf8E4M3FN>) -> tensor<4x5x4xf8E4M3FN>
    "func.return"(%18, %19) : (tensor<4x5x64xf4E2M1FN>, tensor<4x5x4xf8E4M3FN>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<4x5x4x1xf32>, tensor<i32>, tensor<f32>) -> tensor<4x5x4x1xf32>, sym_name = "clip", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<4x5x4x1xf32>, %arg1: tensor<i32>, %arg2: tensor<f32>):
    %0 = "stablehlo.convert"(%arg1) : (tensor<i32>) -> tensor<f32>
    %1 = "stablehlo.broadcast_in_dim"(%0) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x5x4x1xf32>
    %2 = "stablehlo.maximum"(%1, %arg0) : (tensor<4x5x4x1xf32>, tensor<4x5x4x1xf32>) -> tensor<4x5x4x1xf32>
    %3 = "stablehlo.broadcast_in_dim"(%arg2) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x5x4x1xf32>
    %4 = "stablehlo.minimum"(%3, %2) : (tensor<4x5x4x1xf32>, tensor<4x5x4x1xf32>) -> tensor<4x5x4x1xf32>
    "func.return"(%4) : (tensor<4x5x4x1xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<4x5x4x16xf32>, tensor<f32>, tensor<f32>) -> tensor<4x5x4x16xf32>, sym_name = "clip_0", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<4x5x4x16xf32>, %arg1: tensor<f32>, %arg2: tensor<f32>):
    %0 = "stablehlo.broadcast_in_dim"(%arg1) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x5x4x16xf32>
    %1 = "stablehlo.maximum"(%0, %arg0) : (tensor<4x5x4x16xf32>, tensor<4x5x4x16xf32>) -> tensor<4x5x4x16xf32>
    %2 = "stablehlo.broadcast_in_dim"(%arg2) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x5x4x16xf32>
    %3 = "stablehlo.minimum"(%2, %1) : (tensor<4x5x4x16xf32>, tensor<4x5x4x16xf32>) -> tensor<4x5x4x16xf32>
    "func.return"(%3) : (tensor<4x5x4x16xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
