"builtin.module"() <{sym_name = "jit_remainders"}> ({
  "func.func"() <{function_type = (tensor<3x7xf32>, tensor<3x7xf32>, tensor<12xbf16>) -> (tensor<3x7xf32>, tensor<3x7xf32>, tensor<3x7xf32>, tensor<12xbf16>), res_attrs = [{jax.result_info = "result[0]"}, {jax.result_info = "result[1]"}, {jax.result_info = "result[2]"}, {jax.result_info = "result[3]"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<3x7xf32>, %arg1: tensor<3x7xf32>, %arg2: tensor<12xbf16>):
    %0 = "func.call"(%arg0, %arg1) <{callee = @fmod}> : (tensor<3x7xf32>, tensor<3x7xf32>) -> tensor<3x7xf32>
    %1 = "func.call"(%arg0, %arg1) <{callee = @remainder}> : (tensor<3x7xf32>, tensor<3x7xf32>) -> tensor<3x7xf32>
    %cst = "stablehlo.constant"() <{value = dense<1.000000e+30> : tensor<f32>}> : () -> tensor<f32>
    %2 = "stablehlo.broadcast_in_dim"(%cst) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<3x7xf32>
    %3 = "stablehlo.multiply"(%arg0, %2) : (tensor<3x7xf32>, tensor<3x7xf32>) -> tensor<3x7xf32>
    %4 = "func.call"(%3, %arg1) <{callee = @fmod}> : (tensor<3x7xf32>, tensor<3x7xf32>) -> tensor<3x7xf32>
    %5 = "stablehlo.reverse"(%arg2) <{dimensions = array<i64: 0>}> : (tensor<12xbf16>) -> tensor<12xbf16>
    %cst_0 = "stablehlo.constant"() <{value = dense<5.000000e-01> : tensor<bf16>}> : () -> tensor<bf16>
    %6 = "stablehlo.broadcast_in_dim"(%cst_0) <{broadcast_dimensions = array<i64>}> : (tensor<bf16>) -> tensor<12xbf16>
    %7 = "stablehlo.add"(%5, %6) : (tensor<12xbf16>, tensor<12xbf16>) -> tensor<12xbf16>
    %8 = "func.call"(%arg2, %7) <{callee = @fmod_0}> : (tensor<12xbf16>, tensor<12xbf16>) -> tensor<12xbf16>
    "func.return"(%0, %1, %4, %8) : (tensor<3x7xf32>, tensor<3x7xf32>, tensor<3x7xf32>, tensor<12xbf16>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<3x7xf32>, tensor<3x7xf32>) -> tensor<3x7xf32>, sym_name = "fmod", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<3x7xf32>, %arg1: tensor<3x7xf32>):
    %0 = "stablehlo.remainder"(%arg0, %arg1) : (tensor<3x7xf32>, tensor<3x7xf32>) -> tensor<3x7xf32>
    "func.return"(%0) : (tensor<3x7xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<3x7xf32>, tensor<3x7xf32>) -> tensor<3x7xf32>, sym_name = "remainder", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<3x7xf32>, %arg1: tensor<3x7xf32>):
    %0 = "stablehlo.remainder"(%arg0, %arg1) : (tensor<3x7xf32>, tensor<3x7xf32>) -> tensor<3x7xf32>
    %cst = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %1 = "stablehlo.broadcast_in_dim"(%cst) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<3x7xf32>
    %2 = "stablehlo.compare"(%0, %1) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<3x7xf32>, tensor<3x7xf32>) -> tensor<3x7xi1>
    %cst_0 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %3 = "stablehlo.broadcast_in_dim"(%cst_0) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<3x7xf32>
    %4 = "stablehlo.compare"(%0, %3) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<3x7xf32>, tensor<3x7xf32>) -> tensor<3x7xi1>
    %cst_1 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %5 = "stablehlo.broadcast_in_dim"(%cst_1) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<3x7xf32>
    %6 = "stablehlo.compare"(%arg1, %5) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<3x7xf32>, tensor<3x7xf32>) -> tensor<3x7xi1>
    %7 = "stablehlo.compare"(%4, %6) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<3x7xi1>, tensor<3x7xi1>) -> tensor<3x7xi1>
    %8 = "stablehlo.and"(%7, %2) : (tensor<3x7xi1>, tensor<3x7xi1>) -> tensor<3x7xi1>
    %9 = "stablehlo.add"(%0, %arg1) : (tensor<3x7xf32>, tensor<3x7xf32>) -> tensor<3x7xf32>
    %10 = "stablehlo.select"(%8, %9, %0) : (tensor<3x7xi1>, tensor<3x7xf32>, tensor<3x7xf32>) -> tensor<3x7xf32>
    "func.return"(%10) : (tensor<3x7xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<12xbf16>, tensor<12xbf16>) -> tensor<12xbf16>, sym_name = "fmod_0", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<12xbf16>, %arg1: tensor<12xbf16>):
    %0 = "stablehlo.remainder"(%arg0, %arg1) : (tensor<12xbf16>, tensor<12xbf16>) -> tensor<12xbf16>
    "func.return"(%0) : (tensor<12xbf16>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
