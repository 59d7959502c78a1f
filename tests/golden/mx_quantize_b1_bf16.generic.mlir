"builtin.module"() <{sym_name = "jit_mx_quantize"}> ({
  "func.func"() <{function_type = (tensor<1x7x4096xbf16>) -> (tensor<1x7x4096xf8E4M3FN>, tensor<1x7x128xf8E8M0FNU>), res_attrs = [{jax.result_info = "result[0]"}, {jax.result_info = "result[1]"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<1x7x4096xbf16>):
    %0 = "stablehlo.reshape"(%arg0) : (tensor<1x7x4096xbf16>) -> tensor<1x7x128x32xbf16>
    %1 = "stablehlo.abs"(%0) : (tensor<1x7x128x32xbf16>) -> tensor<1x7x128x32xbf16>
    %cst = "stablehlo.constant"() <{value = dense<0xFF80> : tensor<bf16>}> : () -> tensor<bf16>
    %2 = "stablehlo.reduce"(%1, %cst) <{dimensions = array<i64: 3>}> ({
    ^bb0(%arg1: tensor<bf16>, %arg2: tensor<bf16>):
      %3 = "stablehlo.maximum"(%arg1, %arg2) : (tensor<bf16>, tensor<bf16>) -> tensor<bf16>
      "stablehlo.return"(%3) : (tensor<bf16>) -> ()
    }) : (tensor<1x7x128x32xbf16>, tensor<bf16>) -> tensor<1x7x128xbf16>
    %3 = "stablehlo.broadcast_in_dim"(%2) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x7x128xbf16>) -> tensor<1x7x128x1xbf16>
    %cst_0 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %4 = "stablehlo.broadcast_in_dim"(%cst_0) <{broadcast_dimensions = array<i64>}> : (tensor<bf16>) -> tensor<1x7x128x1xbf16>
    %5 = "stablehlo.divide"(%3, %4) : (tensor<1x7x128x1xbf16>, tensor<1x7x128x1xbf16>) -> tensor<1x7x128x1xbf16>
    %6 = "stablehlo.convert"(%5) : (tensor<1x7x128x1xbf16>) -> tensor<1x7x128x1xf32>
    %7 = "stablehlo.bitcast_convert"(%6) : (tensor<1x7x128x1xf32>) -> tensor<1x7x128x1xui32>
    %c = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %8 = "stablehlo.broadcast_in_dim"(%c) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<1x7x128x1xui32>
    %9 = "stablehlo.shift_right_logical"(%7, %8) : (tensor<1x7x128x1xui32>, tensor<1x7x128x1xui32>) -> tensor<1x7x128x1xui32>
    %c_1 = "stablehlo.constant"() <{value = dense<8388607> : tensor<ui32>}> : () -> tensor<ui32>
    %10 = "stablehlo.broadcast_in_dim"(%c_1) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<1x7x128x1xui32>
    %11 = "stablehlo.and"(%7, %10) : (tensor<1x7x128x1xui32>, tensor<1x7x128x1xui32>) -> tensor<1x7x128x1xui32>
    %c_2 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %12 = "stablehlo.broadcast_in_dim"(%c_2) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<1x7x128x1xui32>
    %13 = "stablehlo.compare"(%11, %12) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<1x7x128x1xui32>, tensor<1x7x128x1xui32>) -> tensor<1x7x128x1xi1>
    %c_3 = "stablehlo.constant"() <{value = dense<254> : tensor<ui32>}> : () -> tensor<ui32>
    %14 = "stablehlo.broadcast_in_dim"(%c_3) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<1x7x128x1xui32>
    %15 = "stablehlo.compare"(%9, %14) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<1x7x128x1xui32>, tensor<1x7x128x1xui32>) -> tensor<1x7x128x1xi1>
    %16 = "stablehlo.and"(%13, %15) : (tensor<1x7x128x1xi1>, tensor<1x7x128x1xi1>) -> tensor<1x7x128x1xi1>
    %c_4 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %17 = "stablehlo.broadcast_in_dim"(%c_4) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<1x7x128x1xui32>
    %18 = "stablehlo.compare"(%9, %17) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<1x7x128x1xui32>, tensor<1x7x128x1xui32>) -> tensor<1x7x128x1xi1>
    %c_5 = "stablehlo.constant"() <{value = dense<4194304> : tensor<ui32>}> : () -> tensor<ui32>
    %19 = "stablehlo.broadcast_in_dim"(%c_5) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<1x7x128x1xui32>
    %20 = "stablehlo.compare"(%11, %19) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}> : (tensor<1x7x128x1xui32>, tensor<1x7x128x1xui32>) -> tensor<1x7x128x1xi1>
    %21 = "stablehlo.and"(%18, %20) : (tensor<1x7x128x1xi1>, tensor<1x7x128x1xi1>) -> tensor<1x7x128x1xi1>
    %22 = "stablehlo.not"(%21) : (tensor<1x7x128x1xi1>) -> tensor<1x7x128x1xi1>
    %23 = "stablehlo.and"(%16, %22) : (tensor<1x7x128x1xi1>, tensor<1x7x128x1xi1>) -> tensor<1x7x128x1xi1>
    %c_6 = "stablehlo.constant"() <{value = dense<1> : tensor<ui32>}> : () -> tensor<ui32>
    %24 = "stablehlo.broadcast_in_dim"(%c_6) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<1x7x128x1xui32>
    %25 = "stablehlo.add"(%9, %24) : (tensor<1x7x128x1xui32>, tensor<1x7x128x1xui32>) -> tensor<1x7x128x1xui32>
    %26 = "func.call"(%23, %25, %9) <{callee = @_where}> : (tensor<1x7x128x1xi1>, tensor<1x7x128x1xui32>, tensor<1x7x128x1xui32>) -> tensor<1x7x128x1xui32>
    %27 = "stablehlo.convert"(%26) : (tensor<1x7x128x1xui32>) -> tensor<1x7x128x1xui8>
    %28 = "stablehlo.convert"(%27) : (tensor<1x7x128x1xui8>) -> tensor<1x7x128x1xui32>
    %c_7 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %29 = "stablehlo.broadcast_in_dim"(%c_7) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<1x7x128x1xui32>
    %30 = "stablehlo.shift_left"(%28, %29) : (tensor<1x7x128x1xui32>, tensor<1x7x128x1xui32>) -> tensor<1x7x128x1xui32>
    %31 = "stablehlo.bitcast_convert"(%30) : (tensor<1x7x128x1xui32>) -> tensor<1x7x128x1xf32>
    %cst_8 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %32 = "stablehlo.broadcast_in_dim"(%cst_8) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<1x7x128x1xf32>
    %33 = "stablehlo.compare"(%31, %32) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<1x7x128x1xf32>, tensor<1x7x128x1xf32>) -> tensor<1x7x128x1xi1>
    %cst_9 = "stablehlo.constant"() <{value = dense<5.87747175E-39> : tensor<f32>}> : () -> tensor<f32>
    %34 = "func.call"(%33, %cst_9, %31) <{callee = @_where_0}> : (tensor<1x7x128x1xi1>, tensor<f32>, tensor<1x7x128x1xf32>) -> tensor<1x7x128x1xf32>
    %35 = "stablehlo.convert"(%34) : (tensor<1x7x128x1xf32>) -> tensor<1x7x128x1xbf16>
    %36 = "stablehlo.broadcast_in_dim"(%35) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x7x128x1xbf16>) -> tensor<1x7x128x32xbf16>
    %37 = "stablehlo.divide"(%0, %36) : (tensor<1x7x128x32xbf16>, tensor<1x7x128x32xbf16>) -> tensor<1x7x128x32xbf16>
    %cst_10 = "stablehlo.constant"() <{value = dense<-4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %cst_11 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %38 = "func.call"(%37, %cst_10, %cst_11) <{callee = @clip}> : (tensor<1x7x128x32xbf16>, tensor<bf16>, tensor<bf16>) -> tensor<1x7x128x32xbf16>
    %39 = "stablehlo.convert"(%38) : (tensor<1x7x128x32xbf16>) -> tensor<1x7x128x32xf8E4M3FN>
    %40 = "stablehlo.reshape"(%39) : (tensor<1x7x128x32xf8E4M3FN>) -> tensor<1x7x4096xf8E4M3FN>
    %41 = "stablehlo.reshape"(%27) : (tensor<1x7x128x1xui8>) -> tensor<1x7x128xui8>
    %42 = "stablehlo.bitcast_convert"(%41) : (tensor<1x7x128xui8>) -> tensor<1x7x128xf8E8M0FNU>
    "func.return"(%40, %42) : (tensor<1x7x4096xf8E4M3FN>, tensor<1x7x128xf8E8M0FNU>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<1x7x128x1xi1>, tensor<1x7x128x1xui32>, tensor<1x7x128x1xui32>) -> tensor<1x7x128x1xui32>, sym_name = "_where", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<1x7x128x1xi1>, %arg1: tensor<1x7x128x1xui32>, %arg2: tensor<1x7x128x1xui32>):
    %0 = "stablehlo.select"(%arg0, %arg1, %arg2) : (tensor<1x7x128x1xi1>, tensor<1x7x128x1xui32>, tensor<1x7x128x1xui32>) -> tensor<1x7x128x1xui32>
    "func.return"(%0) : (tensor<1x7x128x1xui32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<1x7x128x1xi1>, tensor<f32>, tensor<1x7x128x1xf32>) -> tensor<1x7x128x1xf32>, sym_name = "_where_0", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<1x7x128x1xi1>, %arg1: tensor<f32>, %arg2: tensor<1x7x128x1xf32>):
    %0 = "stablehlo.broadcast_in_dim"(%arg1) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<1x7x128x1xf32>
    %1 = "stablehlo.select"(%arg0, %0, %arg2) : (tensor<1x7x128x1xi1>, tensor<1x7x128x1xf32>, tensor<1x7x128x1xf32>) -> tensor<1x7x128x1xf32>
    "func.return"(%1) : (tensor<1x7x128x1xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<1x7x128x32xbf16>, tensor<bf16>, tensor<bf16>) -> tensor<1x7x128x32xbf16>, sym_name = "clip", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<1x7x128x32xbf16>, %arg1: tensor<bf16>, %arg2: tensor<bf16>):
    %0 = "stablehlo.broadcast_in_dim"(%arg1) <{broadcast_dimensions = array<i64>}> : (tensor<bf16>) -> tensor<1x7x128x32xbf16>
    %1 = "stablehlo.maximum"(%0, %arg0) : (tensor<1x7x128x32xbf16>, tensor<1x7x128x32xbf16>) -> tensor<1x7x128x32xbf16>
    %2 = "stablehlo.broadcast_in_dim"(%arg2) <{broadcast_dimensions = array<i64>}> : (tensor<bf16>) -> tensor<1x7x128x32xbf16>
    %3 = "stablehlo.minimum"(%2, %1) : (tensor<1x7x128x32xbf16>, tensor<1x7x128x32xbf16>) -> tensor<1x7x128x32xbf16>
    "func.return"(%3) : (tensor<1x7x128x32xbf16>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
