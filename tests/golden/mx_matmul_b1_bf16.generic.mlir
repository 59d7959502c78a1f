"builtin.module"() <{sym_name = "jit_mx_dot_bf16"}> ({
  "func.func"() <{function_type = (tensor<1x7x416xbf16>, tensor<416x200xbf16>) -> tensor<1x7x200xbf16>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<1x7x416xbf16>, %arg1: tensor<416x200xbf16>):
    %0 = "stablehlo.reshape"(%arg0) : (tensor<1x7x416xbf16>) -> tensor<1x7x13x32xbf16>
    %1 = "stablehlo.abs"(%0) : (tensor<1x7x13x32xbf16>) -> tensor<1x7x13x32xbf16>
    %cst = "stablehlo.constant"() <{value = dense<0xFF80> : tensor<bf16>}> : () -> tensor<bf16>
    %2 = "stablehlo.reduce"(%1, %cst) <{dimensions = array<i64: 3>}> ({
    ^bb0(%arg2: tensor<bf16>, %arg3: tensor<bf16>):
      %3 = "stablehlo.maximum"(%arg2, %arg3) : (tensor<bf16>, tensor<bf16>) -> tensor<bf16>
      "stablehlo.return"(%3) : (tensor<bf16>) -> ()
    }) : (tensor<1x7x13x32xbf16>, tensor<bf16>) -> tensor<1x7x13xbf16>
    %3 = "stablehlo.broadcast_in_dim"(%2) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x7x13xbf16>) -> tensor<1x7x13x1xbf16>
    %cst_0 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %4 = "stablehlo.broadcast_in_dim"(%cst_0) <{broadcast_dimensions = array<i64>}> : (tensor<bf16>) -> tensor<1x7x13x1xbf16>
    %5 = "stablehlo.divide"(%3, %4) : (tensor<1x7x13x1xbf16>, tensor<1x7x13x1xbf16>) -> tensor<1x7x13x1xbf16>
    %6 = "stablehlo.convert"(%5) : (tensor<1x7x13x1xbf16>) -> tensor<1x7x13x1xf32>
    %7 = "stablehlo.bitcast_convert"(%6) : (tensor<1x7x13x1xf32>) -> tensor<1x7x13x1xui32>
    %c = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %8 = "stablehlo.broadcast_in_dim"(%c) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<1x7x13x1xui32>
    %9 = "stablehlo.shift_right_logical"(%7, %8) : (tensor<1x7x13x1xui32>, tensor<1x7x13x1xui32>) -> tensor<1x7x13x1xui32>
    %c_1 = "stablehlo.constant"() <{value = dense<8388607> : tensor<ui32>}> : () -> tensor<ui32>
    %10 = "stablehlo.broadcast_in_dim"(%c_1) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<1x7x13x1xui32>
    %11 = "stablehlo.and"(%7, %10) : (tensor<1x7x13x1xui32>, tensor<1x7x13x1xui32>) -> tensor<1x7x13x1xui32>
    %c_2 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %12 = "stablehlo.broadcast_in_dim"(%c_2) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<1x7x13x1xui32>
    %13 = "stablehlo.compare"(%11, %12) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<1x7x13x1xui32>, tensor<1x7x13x1xui32>) -> tensor<1x7x13x1xi1>
    %c_3 = "stablehlo.constant"() <{value = dense<254> : tensor<ui32>}> : () -> tensor<ui32>
    %14 = "stablehlo.broadcast_in_dim"(%c_3) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<1x7x13x1xui32>
    %15 = "stablehlo.compare"(%9, %14) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<1x7x13x1xui32>, tensor<1x7x13x1xui32>) -> tensor<1x7x13x1xi1>
    %16 = "stablehlo.and"(%13, %15) : (tensor<1x7x13x1xi1>, tensor<1x7x13x1xi1>) -> tensor<1x7x13x1xi1>
    %c_4 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %17 = "stablehlo.broadcast_in_dim"(%c_4) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<1x7x13x1xui32>
    %18 = "stablehlo.compare"(%9, %17) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<1x7x13x1xui32>, tensor<1x7x13x1xui32>) -> tensor<1x7x13x1xi1>
    %c_5 = "stablehlo.constant"() <{value = dense<4194304> : tensor<ui32>}> : () -> tensor<ui32>
    %19 = "stablehlo.broadcast_in_dim"(%c_5) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<1x7x13x1xui32>
    %20 = "stablehlo.compare"(%11, %19) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}> : (tensor<1x7x13x1xui32>, tensor<1x7x13x1xui32>) -> tensor<1x7x13x1xi1>
    %21 = "stablehlo.and"(%18, %20) : (tensor<1x7x13x1xi1>, tensor<1x7x13x1xi1>) -> tensor<1x7x13x1xi1>
    %22 = "stablehlo.not"(%21) : (tensor<1x7x13x1xi1>) -> tensor<1x7x13x1xi1>
    %23 = "stablehlo.and"(%16, %22) : (tensor<1x7x13x1xi1>, tensor<1x7x13x1xi1>) -> tensor<1x7x13x1xi1>
    %c_6 = "stablehlo.constant"() <{value = dense<1> : tensor<ui32>}> : () -> tensor<ui32>
    %24 = "stablehlo.broadcast_in_dim"(%c_6) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<1x7x13x1xui32>
    %25 = "stablehlo.add"(%9, %24) : (tensor<1x7x13x1xui32>, tensor<1x7x13x1xui32>) -> tensor<1x7x13x1xui32>
    %26 = "func.call"(%23, %25, %9) <{callee = @_where}> : (tensor<1x7x13x1xi1>, tensor<1x7x13x1xui32>, tensor<1x7x13x1xui32>) -> tensor<1x7x13x1xui32>
    %27 = "stablehlo.convert"(%26) : (tensor<1x7x13x1xui32>) -> tensor<1x7x13x1xui8>
    %28 = "stablehlo.convert"(%27) : (tensor<1x7x13x1xui8>) -> tensor<1x7x13x1xui32>
    %c_7 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %29 = "stablehlo.broadcast_in_dim"(%c_7) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<1x7x13x1xui32>
    %30 = "stablehlo.shift_left"(%28, %29) : (tensor<1x7x13x1xui32>, tensor<1x7x13x1xui32>) -> tensor<1x7x13x1xui32>
    %31 = "stablehlo.bitcast_convert"(%30) : (tensor<1x7x13x1xui32>) -> tensor<1x7x13x1xf32>
    %cst_8 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %32 = "stablehlo.broadcast_in_dim"(%cst_8) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<1x7x13x1xf32>
    %33 = "stablehlo.compare"(%31, %32) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<1x7x13x1xf32>, tensor<1x7x13x1xf32>) -> tensor<1x7x13x1xi1>
    %cst_9 = "stablehlo.constant"() <{value = dense<5.87747175E-39> : tensor<f32>}> : () -> tensor<f32>
    %34 = "func.call"(%33, %cst_9, %31) <{callee = @_where_0}> : (tensor<1x7x13x1xi1>, tensor<f32>, tensor<1x7x13x1xf32>) -> tensor<1x7x13x1xf32>
    %35 = "stablehlo.convert"(%34) : (tensor<1x7x13x1xf32>) -> tensor<1x7x13x1xbf16>
    %36 = "stablehlo.broadcast_in_dim"(%35) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x7x13x1xbf16>) -> tensor<1x7x13x32xbf16>
    %37 = "stablehlo.divide"(%0, %36) : (tensor<1x7x13x32xbf16>, tensor<1x7x13x32xbf16>) -> tensor<1x7x13x32xbf16>
    %cst_10 = "stablehlo.constant"() <{value = dense<-4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %cst_11 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %38 = "func.call"(%37, %cst_10, %cst_11) <{callee = @clip}> : (tensor<1x7x13x32xbf16>, tensor<bf16>, tensor<bf16>) -> tensor<1x7x13x32xbf16>
    %39 = "stablehlo.convert"(%38) : (tensor<1x7x13x32xbf16>) -> tensor<1x7x13x32xf8E4M3FN>
    %40 = "stablehlo.reshape"(%39) : (tensor<1x7x13x32xf8E4M3FN>) -> tensor<1x7x416xf8E4M3FN>
    %41 = "stablehlo.reshape"(%27) : (tensor<1x7x13x1xui8>) -> tensor<1x7x13xui8>
    %42 = "stablehlo.bitcast_convert"(%41) : (tensor<1x7x13xui8>) -> tensor<1x7x13xf8E8M0FNU>
    %43 = "stablehlo.convert"(%40) : (tensor<1x7x416xf8E4M3FN>) -> tensor<1x7x416xbf16>
    %44 = "stablehlo.reshape"(%43) : (tensor<1x7x416xbf16>) -> tensor<1x7x13x32xbf16>
    %45 = "stablehlo.convert"(%42) : (tensor<1x7x13xf8E8M0FNU>) -> tensor<1x7x13xbf16>
    %46 = "stablehlo.broadcast_in_dim"(%45) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x7x13xbf16>) -> tensor<1x7x13x1xbf16>
    %47 = "stablehlo.broadcast_in_dim"(%46) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x7x13x1xbf16>) -> tensor<1x7x13x32xbf16>
    %48 = "stablehlo.multiply"(%44, %47) : (tensor<1x7x13x32xbf16>, tensor<1x7x13x32xbf16>) -> tensor<1x7x13x32xbf16>
    %49 = "stablehlo.reshape"(%48) : (tensor<1x7x13x32xbf16>) -> tensor<1x7x416xbf16>
    %50 = "stablehlo.transpose"(%arg1) <{permutation = array<i64: 1, 0>}> : (tensor<416x200xbf16>) -> tensor<200x416xbf16>
    %51 = "stablehlo.reshape"(%50) : (tensor<200x416xbf16>) -> tensor<200x13x32xbf16>
    %52 = "stablehlo.abs"(%51) : (tensor<200x13x32xbf16>) -> tensor<200x13x32xbf16>
    %cst_12 = "stablehlo.constant"() <{value = dense<0xFF80> : tensor<bf16>}> : () -> tensor<bf16>
    %53 = "stablehlo.reduce"(%52, %cst_12) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg2: tensor<bf16>, %arg3: tensor<bf16>):
      %54 = "stablehlo.maximum"(%arg2, %arg3) : (tensor<bf16>, tensor<bf16>) -> tensor<bf16>
      "stablehlo.return"(%54) : (tensor<bf16>) -> ()
    }) : (tensor<200x13x32xbf16>, tensor<bf16>) -> tensor<200x13xbf16>
    %54 = "stablehlo.broadcast_in_dim"(%53) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<200x13xbf16>) -> tensor<200x13x1xbf16>
    %cst_13 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %55 = "stablehlo.broadcast_in_dim"(%cst_13) <{broadcast_dimensions = array<i64>}> : (tensor<bf16>) -> tensor<200x13x1xbf16>
    %56 = "stablehlo.divide"(%54, %55) : (tensor<200x13x1xbf16>, tensor<200x13x1xbf16>) -> tensor<200x13x1xbf16>
    %57 = "stablehlo.convert"(%56) : (tensor<200x13x1xbf16>) -> tensor<200x13x1xf32>
    %58 = "stablehlo.bitcast_convert"(%57) : (tensor<200x13x1xf32>) -> tensor<200x13x1xui32>
    %c_14 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %59 = "stablehlo.broadcast_in_dim"(%c_14) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<200x13x1xui32>
    %60 = "stablehlo.shift_right_logical"(%58, %59) : (tensor<200x13x1xui32>, tensor<200x13x1xui32>) -> tensor<200x13x1xui32>
    %c_15 = "stablehlo.constant"() <{value = dense<8388607> : tensor<ui32>}> : () -> tensor<ui32>
    %61 = "stablehlo.broadcast_in_dim"(%c_15) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<200x13x1xui32>
    %62 = "stablehlo.and"(%58, %61) : (tensor<200x13x1xui32>, tensor<200x13x1xui32>) -> tensor<200x13x1xui32>
    %c_16 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %63 = "stablehlo.broadcast_in_dim"(%c_16) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<200x13x1xui32>
    %64 = "stablehlo.compare"(%62, %63) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<200x13x1xui32>, tensor<200x13x1xui32>) -> tensor<200x13x1xi1>
    %c_17 = "stablehlo.constant"() <{value = dense<254> : tensor<ui32>}> : () -> tensor<ui32>
    %65 = "stablehlo.broadcast_in_dim"(%c_17) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<200x13x1xui32>
    %66 = "stablehlo.compare"(%60, %65) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<200x13x1xui32>, tensor<200x13x1xui32>) -> tensor<200x13x1xi1>
    %67 = "stablehlo.and"(%64, %66) : (tensor<200x13x1xi1>, tensor<200x13x1xi1>) -> tensor<200x13x1xi1>
    %c_18 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %68 = "stablehlo.broadcast_in_dim"(%c_18) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<200x13x1xui32>
    %69 = "stablehlo.compare"(%60, %68) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<200x13x1xui32>, tensor<200x13x1xui32>) -> tensor<200x13x1xi1>
    %c_19 = "stablehlo.constant"() <{value = dense<4194304> : tensor<ui32>}> : () -> tensor<ui32>
    %70 = "stablehlo.broadcast_in_dim"(%c_19) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<200x13x1xui32>
    %71 = "stablehlo.compare"(%62, %70) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}> : (tensor<200x13x1xui32>, tensor<200x13x1xui32>) -> tensor<200x13x1xi1>
    %72 = "stablehlo.and"(%69, %71) : (tensor<200x13x1xi1>, tensor<200x13x1xi1>) -> tensor<200x13x1xi1>
    %73 = "stablehlo.not"(%72) : (tensor<200x13x1xi1>) -> tensor<200x13x1xi1>
    %74 = "stablehlo.and"(%67, %73) : (tensor<200x13x1xi1>, tensor<200x13x1xi1>) -> tensor<200x13x1xi1>
    %c_20 = "stablehlo.constant"() <{value = dense<1> : tensor<ui32>}> : () -> tensor<ui32>
    %75 = "stablehlo.broadcast_in_dim"(%c_20) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<200x13x1xui32>
    %76 = "stablehlo.add"(%60, %75) : (tensor<200x13x1xui32>, tensor<200x13x1xui32>) -> tensor<200x13x1xui32>
    %77 = "func.call"(%74, %76, %60) <{callee = @_where_1}> : (tensor<200x13x1xi1>, tensor<200x13x1xui32>, tensor<200x13x1xui32>) -> tensor<200x13x1xui32>
    %78 = "stablehlo.convert"(%77) : (tensor<200x13x1xui32>) -> tensor<200x13x1xui8>
    %79 = "stablehlo.convert"(%78) : (tensor<200x13x1xui8>) -> tensor<200x13x1xui32>
    %c_21 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %80 = "stablehlo.broadcast_in_dim"(%c_21) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<200x13x1xui32>
    %81 = "stablehlo.shift_left"(%79, %80) : (tensor<200x13x1xui32>, tensor<200x13x1xui32>) -> tensor<200x13x1xui32>
    %82 = "stablehlo.bitcast_convert"(%81) : (tensor<200x13x1xui32>) -> tensor<200x13x1xf32>
    %cst_22 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %83 = "stablehlo.broadcast_in_dim"(%cst_22) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<200x13x1xf32>
    %84 = "stablehlo.compare"(%82, %83) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<200x13x1xf32>, tensor<200x13x1xf32>) -> tensor<200x13x1xi1>
    %cst_23 = "stablehlo.constant"() <{value = dense<5.87747175E-39> : tensor<f32>}> : () -> tensor<f32>
    %85 = "func.call"(%84, %cst_23, %82) <{callee = @_where_2}> : (tensor<200x13x1xi1>, tensor<f32>, tensor<200x13x1xf32>) -> tensor<200x13x1xf32>
    %86 = "stablehlo.convert"(%85) : (tensor<200x13x1xf32>) -> tensor<200x13x1xbf16>
    %87 = "stablehlo.broadcast_in_dim"(%86) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<200x13x1xbf16>) -> tensor<200x13x32xbf16>
    %88 = "stablehlo.divide"(%51, %87) : (tensor<200x13x32xbf16>, tensor<200x13x32xbf16>) -> tensor<200x13x32xbf16>
    %cst_24 = "stablehlo.constant"() <{value = dense<-4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %cst_25 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %89 = "func.call"(%88, %cst_24, %cst_25) <{callee = @clip_3}> : (tensor<200x13x32xbf16>, tensor<bf16>, tensor<bf16>) -> tensor<200x13x32xbf16>
    %90 = "stablehlo.convert"(%89) : (tensor<200x13x32xbf16>) -> tensor<200x13x32xf8E4M3FN>
    %91 = "stablehlo.reshape"(%90) : (tensor<200x13x32xf8E4M3FN>) -> tensor<200x416xf8E4M3FN>
    %92 = "stablehlo.reshape"(%78) : (tensor<200x13x1xui8>) -> tensor<200x13xui8>
    %93 = "stablehlo.bitcast_convert"(%92) : (tensor<200x13xui8>) -> tensor<200x13xf8E8M0FNU>
    %94 = "stablehlo.convert"(%91) : (tensor<200x416xf8E4M3FN>) -> tensor<200x416xbf16>
    %95 = "stablehlo.reshape"(%94) : (tensor<200x416xbf16>) -> tensor<200x13x32xbf16>
    %96 = "stablehlo.convert"(%93) : (tensor<200x13xf8E8M0FNU>) -> tensor<200x13xbf16>
    %97 = "stablehlo.broadcast_in_dim"(%96) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<200x13xbf16>) -> tensor<200x13x1xbf16>
    %98 = "stablehlo.broadcast_in_dim"(%97) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<200x13x1xbf16>) -> tensor<200x13x32xbf16>
    %99 = "stablehlo.multiply"(%95, %98) : (tensor<200x13x32xbf16>, tensor<200x13x32xbf16>) -> tensor<200x13x32xbf16>
    %100 = "stablehlo.reshape"(%99) : (tensor<200x13x32xbf16>) -> tensor<200x416xbf16>
    %101 = "stablehlo.dot_general"(%49, %100) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<1x7x416xbf16>, tensor<200x416xbf16>) -> tensor<1x7x200xbf16>
    "func.return"(%101) : (tensor<1x7x200xbf16>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<1x7x13x1xi1>, tensor<1x7x13x1xui32>, tensor<1x7x13x1xui32>) -> tensor<1x7x13x1xui32>, sym_name = "_where", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<1x7x13x1xi1>, %arg1: tensor<1x7x13x1xui32>, %arg2: tensor<1x7x13x1xui32>):
    %0 = "stablehlo.select"(%arg0, %arg1, %arg2) : (tensor<1x7x13x1xi1>, tensor<1x7x13x1xui32>, tensor<1x7x13x1xui32>) -> tensor<1x7x13x1xui32>
    "func.return"(%0) : (tensor<1x7x13x1xui32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<1x7x13x1xi1>, tensor<f32>, tensor<1x7x13x1xf32>) -> tensor<1x7x13x1xf32>, sym_name = "_where_0", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<1x7x13x1xi1>, %arg1: tensor<f32>, %arg2: tensor<1x7x13x1xf32>):
    %0 = "stablehlo.broadcast_in_dim"(%arg1) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<1x7x13x1xf32>
    %1 = "stablehlo.select"(%arg0, %0, %arg2) : (tensor<1x7x13x1xi1>, tensor<1x7x13x1xf32>, tensor<1x7x13x1xf32>) -> tensor<1x7x13x1xf32>
    "func.return"(%1) : (tensor<1x7x13x1xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<1x7x13x32xbf16>, tensor<bf16>, tensor<bf16>) -> tensor<1x7x13x32xbf16>, sym_name = "clip", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<1x7x13x32xbf16>, %arg1: tensor<bf16>, %arg2: tensor<bf16>):
    %0 = "stablehlo.broadcast_in_dim"(%arg1) <{broadcast_dimensions = array<i64>}> : (tensor<bf16>) -> tensor<1x7x13x32xbf16>
    %1 = "stablehlo.maximum"(%0, %arg0) : (tensor<1x7x13x32xbf16>, tensor<1x7x13x32xbf16>) -> tensor<1x7x13x32xbf16>
    %2 = "stablehlo.broadcast_in_dim"(%arg2) <{broadcast_dimensions = array<i64>}> : (tensor<bf16>) -> tensor<1x7x13x32xbf16>
    %3 = "stablehlo.minimum"(%2, %1) : (tensor<1x7x13x32xbf16>, tensor<1x7x13x32xbf16>) -> tensor<1x7x13x32xbf16>
    "func.return"(%3) : (tensor<1x7x13x32xbf16>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<200x13x1xi1>, tensor<200x13x1xui32>, tensor<200x13x1xui32>) -> tensor<200x13x1xui32>, sym_name = "_where_1", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<200x13x1xi1>, %arg1: tensor<200x13x1xui32>, %arg2: tensor<200x13x1xui32>):
    %0 = "stablehlo.select"(%arg0, %arg1, %arg2) : (tensor<200x13x1xi1>, tensor<200x13x1xui32>, tensor<200x13x1xui32>) -> tensor<200x13x1xui32>
    "func.return"(%0) : (tensor<200x13x1xui32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<200x13x1xi1>, tensor<f32>, tensor<200x13x1xf32>) -> tensor<200x13x1xf32>, sym_name = "_where_2", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<200x13x1xi1>, %arg1: tensor<f32>, %arg2: tensor<200x13x1xf32>):
    %0 = "stablehlo.broadcast_in_dim"(%arg1) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<200x13x1xf32>
    %1 = "stablehlo.select"(%arg0, %0, %arg2) : (tensor<200x13x1xi1>, tensor<200x13x1xf32>, tensor<200x13x1xf32>) -> tensor<200x13x1xf32>
    "func.return"(%1) : (tensor<200x13x1xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<200x13x32xbf16>, tensor<bf16>, tensor<bf16>) -> tensor<200x13x32xbf16>, sym_name = "clip_3", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<200x13x32xbf16>, %arg1: tensor<bf16>, %arg2: tensor<bf16>):
    %0 = "stablehlo.broadcast_in_dim"(%arg1) <{broadcast_dimensions = array<i64>}> : (tensor<bf16>) -> tensor<200x13x32xbf16>
    %1 = "stablehlo.maximum"(%0, %arg0) : (tensor<200x13x32xbf16>, tensor<200x13x32xbf16>) -> tensor<200x13x32xbf16>
    %2 = "stablehlo.broadcast_in_dim"(%arg2) <{broadcast_dimensions = array<i64>}> : (tensor<bf16>) -> tensor<200x13x32xbf16>
    %3 = "stablehlo.minimum"(%2, %1) : (tensor<200x13x32xbf16>, tensor<200x13x32xbf16>) -> tensor<200x13x32xbf16>
    "func.return"(%3) : (tensor<200x13x32xbf16>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
