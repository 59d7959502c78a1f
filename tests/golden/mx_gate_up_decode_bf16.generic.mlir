"builtin.module"() <{sym_name = "jit__lambda"}> ({
  "func.func"() <{function_type = (tensor<1x64xbf16>, tensor<64x32xbf16>, tensor<64x32xbf16>, tensor<32xbf16>, tensor<32xbf16>) -> (tensor<1x32xf8E4M3FN>, tensor<1x1xf8E8M0FNU>), res_attrs = [{jax.result_info = "result[0]"}, {jax.result_info = "result[1]"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<1x64xbf16>, %arg1: tensor<64x32xbf16>, %arg2: tensor<64x32xbf16>, %arg3: tensor<32xbf16>, %arg4: tensor<32xbf16>):
    %0 = "stablehlo.reshape"(%arg0) : (tensor<1x64xbf16>) -> tensor<1x2x32xbf16>
    %1 = "stablehlo.abs"(%0) : (tensor<1x2x32xbf16>) -> tensor<1x2x32xbf16>
    %cst = "stablehlo.constant"() <{value = dense<0xFF80> : tensor<bf16>}> : () -> tensor<bf16>
    %2 = "stablehlo.reduce"(%1, %cst) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg5: tensor<bf16>, %arg6: tensor<bf16>):
      %3 = "stablehlo.maximum"(%arg5, %arg6) : (tensor<bf16>, tensor<bf16>) -> tensor<bf16>
      "stablehlo.return"(%3) : (tensor<bf16>) -> ()
    }) : (tensor<1x2x32xbf16>, tensor<bf16>) -> tensor<1x2xbf16>
    %3 = "stablehlo.broadcast_in_dim"(%2) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x2xbf16>) -> tensor<1x2x1xbf16>
    %cst_0 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %4 = "stablehlo.broadcast_in_dim"(%cst_0) <{broadcast_dimensions = array<i64>}> : (tensor<bf16>) -> tensor<1x2x1xbf16>
    %5 = "stablehlo.divide"(%3, %4) : (tensor<1x2x1xbf16>, tensor<1x2x1xbf16>) -> tensor<1x2x1xbf16>
    %6 = "stablehlo.convert"(%5) : (tensor<1x2x1xbf16>) -> tensor<1x2x1xf32>
    %7 = "stablehlo.bitcast_convert"(%6) : (tensor<1x2x1xf32>) -> tensor<1x2x1xui32>
    %c = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %8 = "stablehlo.broadcast_in_dim"(%c) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<1x2x1xui32>
    %9 = "stablehlo.shift_right_logical"(%7, %8) : (tensor<1x2x1xui32>, tensor<1x2x1xui32>) -> tensor<1x2x1xui32>
    %c_1 = "stablehlo.constant"() <{value = dense<8388607> : tensor<ui32>}> : () -> tensor<ui32>
    %10 = "stablehlo.broadcast_in_dim"(%c_1) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<1x2x1xui32>
    %11 = "stablehlo.and"(%7, %10) : (tensor<1x2x1xui32>, tensor<1x2x1xui32>) -> tensor<1x2x1xui32>
    %c_2 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %12 = "stablehlo.broadcast_in_dim"(%c_2) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<1x2x1xui32>
    %13 = "stablehlo.compare"(%11, %12) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<1x2x1xui32>, tensor<1x2x1xui32>) -> tensor<1x2x1xi1>
    %c_3 = "stablehlo.constant"() <{value = dense<254> : tensor<ui32>}> : () -> tensor<ui32>
    %14 = "stablehlo.broadcast_in_dim"(%c_3) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<1x2x1xui32>
    %15 = "stablehlo.compare"(%9, %14) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<1x2x1xui32>, tensor<1x2x1xui32>) -> tensor<1x2x1xi1>
    %16 = "stablehlo.and"(%13, %15) : (tensor<1x2x1xi1>, tensor<1x2x1xi1>) -> tensor<1x2x1xi1>
    %c_4 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %17 = "stablehlo.broadcast_in_dim"(%c_4) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<1x2x1xui32>
    %18 = "stablehlo.compare"(%9, %17) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<1x2x1xui32>, tensor<1x2x1xui32>) -> tensor<1x2x1xi1>
    %c_5 = "stablehlo.constant"() <{value = dense<4194304> : tensor<ui32>}> : () -> tensor<ui32>
    %19 = "stablehlo.broadcast_in_dim"(%c_5) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<1x2x1xui32>
    %20 = "stablehlo.compare"(%11, %19) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}> : (tensor<1x2x1xui32>, tensor<1x2x1xui32>) -> tensor<1x2x1xi1>
    %21 = "stablehlo.and"(%18, %20) : (tensor<1x2x1xi1>, tensor<1x2x1xi1>) -> tensor<1x2x1xi1>
    %22 = "stablehlo.not"(%21) : (tensor<1x2x1xi1>) -> tensor<1x2x1xi1>
    %23 = "stablehlo.and"(%16, %22) : (tensor<1x2x1xi1>, tensor<1x2x1xi1>) -> tensor<1x2x1xi1>
    %c_6 = "stablehlo.constant"() <{value = dense<1> : tensor<ui32>}> : () -> tensor<ui32>
    %24 = "stablehlo.broadcast_in_dim"(%c_6) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<1x2x1xui32>
    %25 = "stablehlo.add"(%9, %24) : (tensor<1x2x1xui32>, tensor<1x2x1xui32>) -> tensor<1x2x1xui32>
    %26 = "func.call"(%23, %25, %9) <{callee = @_where}> : (tensor<1x2x1xi1>, tensor<1x2x1xui32>, tensor<1x2x1xui32>) -> tensor<1x2x1xui32>
    %27 = "stablehlo.convert"(%26) : (tensor<1x2x1xui32>) -> tensor<1x2x1xui8>
    %28 = "stablehlo.convert"(%27) : (tensor<1x2x1xui8>) -> tensor<1x2x1xui32>
    %c_7 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %29 = "stablehlo.broadcast_in_dim"(%c_7) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<1x2x1xui32>
    %30 = "stablehlo.shift_left"(%28, %29) : (tensor<1x2x1xui32>, tensor<1x2x1xui32>) -> tensor<1x2x1xui32>
    %31 = "stablehlo.bitcast_convert"(%30) : (tensor<1x2x1xui32>) -> tensor<1x2x1xf32>
    %cst_8 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %32 = "stablehlo.broadcast_in_dim"(%cst_8) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<1x2x1xf32>
    %33 = "stablehlo.compare"(%31, %32) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<1x2x1xf32>, tensor<1x2x1xf32>) -> tensor<1x2x1xi1>
    %cst_9 = "stablehlo.constant"() <{value = dense<5.87747175E-39> : tensor<f32>}> : () -> tensor<f32>
    %34 = "func.call"(%33, %cst_9, %31) <{callee = @_where_0}> : (tensor<1x2x1xi1>, tensor<f32>, tensor<1x2x1xf32>) -> tensor<1x2x1xf32>
    %35 = "stablehlo.convert"(%34) : (tensor<1x2x1xf32>) -> tensor<1x2x1xbf16>
    %36 = "stablehlo.broadcast_in_dim"(%35) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x2x1xbf16>) -> tensor<1x2x32xbf16>
    %37 = "stablehlo.divide"(%0, %36) : (tensor<1x2x32xbf16>, tensor<1x2x32xbf16>) -> tensor<1x2x32xbf16>
    %cst_10 = "stablehlo.constant"() <{value = dense<-4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %cst_11 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %38 = "func.call"(%37, %cst_10, %cst_11) <{callee = @clip}> : (tensor<1x2x32xbf16>, tensor<bf16>, tensor<bf16>) -> tensor<1x2x32xbf16>
    %39 = "stablehlo.convert"(%38) : (tensor<1x2x32xbf16>) -> tensor<1x2x32xf8E4M3FN>
    %40 = "stablehlo.reshape"(%39) : (tensor<1x2x32xf8E4M3FN>) -> tensor<1x64xf8E4M3FN>
    %41 = "stablehlo.reshape"(%27) : (tensor<1x2x1xui8>) -> tensor<1x2xui8>
    %42 = "stablehlo.bitcast_convert"(%41) : (tensor<1x2xui8>) -> tensor<1x2xf8E8M0FNU>
    %43 = "stablehlo.convert"(%40) : (tensor<1x64xf8E4M3FN>) -> tensor<1x64xf32>
    %44 = "stablehlo.reshape"(%43) : (tensor<1x64xf32>) -> tensor<1x2x32xf32>
    %45 = "stablehlo.convert"(%42) : (tensor<1x2xf8E8M0FNU>) -> tensor<1x2xf32>
    %46 = "stablehlo.broadcast_in_dim"(%45) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x2xf32>) -> tensor<1x2x1xf32>
    %47 = "stablehlo.broadcast_in_dim"(%46) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x2x1xf32>) -> tensor<1x2x32xf32>
    %48 = "stablehlo.multiply"(%44, %47) : (tensor<1x2x32xf32>, tensor<1x2x32xf32>) -> tensor<1x2x32xf32>
    %49 = "stablehlo.reshape"(%48) : (tensor<1x2x32xf32>) -> tensor<1x64xf32>
    %50 = "stablehlo.transpose"(%arg1) <{permutation = array<i64: 1, 0>}> : (tensor<64x32xbf16>) -> tensor<32x64xbf16>
    %51 = "stablehlo.reshape"(%50) : (tensor<32x64xbf16>) -> tensor<32x2x32xbf16>
    %52 = "stablehlo.abs"(%51) : (tensor<32x2x32xbf16>) -> tensor<32x2x32xbf16>
    %cst_12 = "stablehlo.constant"() <{value = dense<0xFF80> : tensor<bf16>}> : () -> tensor<bf16>
    %53 = "stablehlo.reduce"(%52, %cst_12) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg5: tensor<bf16>, %arg6: tensor<bf16>):
      %54 = "stablehlo.maximum"(%arg5, %arg6) : (tensor<bf16>, tensor<bf16>) -> tensor<bf16>
      "stablehlo.return"(%54) : (tensor<bf16>) -> ()
    }) : (tensor<32x2x32xbf16>, tensor<bf16>) -> tensor<32x2xbf16>
    %54 = "stablehlo.broadcast_in_dim"(%53) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<32x2xbf16>) -> tensor<32x2x1xbf16>
    %cst_13 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %55 = "stablehlo.broadcast_in_dim"(%cst_13) <{broadcast_dimensions = array<i64>}> : (tensor<bf16>) -> tensor<32x2x1xbf16>
    %56 = "stablehlo.divide"(%54, %55) : (tensor<32x2x1xbf16>, tensor<32x2x1xbf16>) -> tensor<32x2x1xbf16>
    %57 = "stablehlo.convert"(%56) : (tensor<32x2x1xbf16>) -> tensor<32x2x1xf32>
    %58 = "stablehlo.bitcast_convert"(%57) : (tensor<32x2x1xf32>) -> tensor<32x2x1xui32>
    %c_14 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %59 = "stablehlo.broadcast_in_dim"(%c_14) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<32x2x1xui32>
    %60 = "stablehlo.shift_right_logical"(%58, %59) : (tensor<32x2x1xui32>, tensor<32x2x1xui32>) -> tensor<32x2x1xui32>
    %c_15 = "stablehlo.constant"() <{value = dense<8388607> : tensor<ui32>}> : () -> tensor<ui32>
    %61 = "stablehlo.broadcast_in_dim"(%c_15) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<32x2x1xui32>
    %62 = "stablehlo.and"(%58, %61) : (tensor<32x2x1xui32>, tensor<32x2x1xui32>) -> tensor<32x2x1xui32>
    %c_16 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %63 = "stablehlo.broadcast_in_dim"(%c_16) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<32x2x1xui32>
    %64 = "stablehlo.compare"(%62, %63) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<32x2x1xui32>, tensor<32x2x1xui32>) -> tensor<32x2x1xi1>
    %c_17 = "stablehlo.constant"() <{value = dense<254> : tensor<ui32>}> : () -> tensor<ui32>
    %65 = "stablehlo.broadcast_in_dim"(%c_17) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<32x2x1xui32>
    %66 = "stablehlo.compare"(%60, %65) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<32x2x1xui32>, tensor<32x2x1xui32>) -> tensor<32x2x1xi1>
    %67 = "stablehlo.and"(%64, %66) : (tensor<32x2x1xi1>, tensor<32x2x1xi1>) -> tensor<32x2x1xi1>
    %c_18 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %68 = "stablehlo.broadcast_in_dim"(%c_18) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<32x2x1xui32>
    %69 = "stablehlo.compare"(%60, %68) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<32x2x1xui32>, tensor<32x2x1xui32>) -> tensor<32x2x1xi1>
    %c_19 = "stablehlo.constant"() <{value = dense<4194304> : tensor<ui32>}> : () -> tensor<ui32>
    %70 = "stablehlo.broadcast_in_dim"(%c_19) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<32x2x1xui32>
    %71 = "stablehlo.compare"(%62, %70) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}> : (tensor<32x2x1xui32>, tensor<32x2x1xui32>) -> tensor<32x2x1xi1>
    %72 = "stablehlo.and"(%69, %71) : (tensor<32x2x1xi1>, tensor<32x2x1xi1>) -> tensor<32x2x1xi1>
    %73 = "stablehlo.not"(%72) : (tensor<32x2x1xi1>) -> tensor<32x2x1xi1>
    %74 = "stablehlo.and"(%67, %73) : (tensor<32x2x1xi1>, tensor<32x2x1xi1>) -> tensor<32x2x1xi1>
    %c_20 = "stablehlo.constant"() <{value = dense<1> : tensor<ui32>}> : () -> tensor<ui32>
    %75 = "stablehlo.broadcast_in_dim"(%c_20) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<32x2x1xui32>
    %76 = "stablehlo.add"(%60, %75) : (tensor<32x2x1xui32>, tensor<32x2x1xui32>) -> tensor<32x2x1xui32>
    %77 = "func.call"(%74, %76, %60) <{callee = @_where_1}> : (tensor<32x2x1xi1>, tensor<32x2x1xui32>, tensor<32x2x1xui32>) -> tensor<32x2x1xui32>
    %78 = "stablehlo.convert"(%77) : (tensor<32x2x1xui32>) -> tensor<32x2x1xui8>
    %79 = "stablehlo.convert"(%78) : (tensor<32x2x1xui8>) -> tensor<32x2x1xui32>
    %c_21 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %80 = "stablehlo.broadcast_in_dim"(%c_21) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<32x2x1xui32>
    %81 = "stablehlo.shift_left"(%79, %80) : (tensor<32x2x1xui32>, tensor<32x2x1xui32>) -> tensor<32x2x1xui32>
    %82 = "stablehlo.bitcast_convert"(%81) : (tensor<32x2x1xui32>) -> tensor<32x2x1xf32>
    %cst_22 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %83 = "stablehlo.broadcast_in_dim"(%cst_22) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<32x2x1xf32>
    %84 = "stablehlo.compare"(%82, %83) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<32x2x1xf32>, tensor<32x2x1xf32>) -> tensor<32x2x1xi1>
    %cst_23 = "stablehlo.constant"() <{value = dense<5.87747175E-39> : tensor<f32>}> : () -> tensor<f32>
    %85 = "func.call"(%84, %cst_23, %82) <{callee = @_where_2}> : (tensor<32x2x1xi1>, tensor<f32>, tensor<32x2x1xf32>) -> tensor<32x2x1xf32>
    %86 = "stablehlo.convert"(%85) : (tensor<32x2x1xf32>) -> tensor<32x2x1xbf16>
    %87 = "stablehlo.broadcast_in_dim"(%86) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<32x2x1xbf16>) -> tensor<32x2x32xbf16>
    %88 = "stablehlo.divide"(%51, %87) : (tensor<32x2x32xbf16>, tensor<32x2x32xbf16>) -> tensor<32x2x32xbf16>
    %cst_24 = "stablehlo.constant"() <{value = dense<-4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %cst_25 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %89 = "func.call"(%88, %cst_24, %cst_25) <{callee = @clip_3}> : (tensor<32x2x32xbf16>, tensor<bf16>, tensor<bf16>) -> tensor<32x2x32xbf16>
    %90 = "stablehlo.convert"(%89) : (tensor<32x2x32xbf16>) -> tensor<32x2x32xf8E4M3FN>
    %91 = "stablehlo.reshape"(%90) : (tensor<32x2x32xf8E4M3FN>) -> tensor<32x64xf8E4M3FN>
    %92 = "stablehlo.reshape"(%78) : (tensor<32x2x1xui8>) -> tensor<32x2xui8>
    %93 = "stablehlo.bitcast_convert"(%92) : (tensor<32x2xui8>) -> tensor<32x2xf8E8M0FNU>
    %94 = "stablehlo.convert"(%91) : (tensor<32x64xf8E4M3FN>) -> tensor<32x64xf32>
    %95 = "stablehlo.reshape"(%94) : (tensor<32x64xf32>) -> tensor<32x2x32xf32>
    %96 = "stablehlo.convert"(%93) : (tensor<32x2xf8E8M0FNU>) -> tensor<32x2xf32>
    %97 = "stablehlo.broadcast_in_dim"(%96) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<32x2xf32>) -> tensor<32x2x1xf32>
    %98 = "stablehlo.broadcast_in_dim"(%97) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<32x2x1xf32>) -> tensor<32x2x32xf32>
    %99 = "stablehlo.multiply"(%95, %98) : (tensor<32x2x32xf32>, tensor<32x2x32xf32>) -> tensor<32x2x32xf32>
    %100 = "stablehlo.reshape"(%99) : (tensor<32x2x32xf32>) -> tensor<32x64xf32>
    %101 = "stablehlo.dot_general"(%49, %100) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<1x64xf32>, tensor<32x64xf32>) -> tensor<1x32xf32>
    %102 = "stablehlo.reshape"(%arg0) : (tensor<1x64xbf16>) -> tensor<1x2x32xbf16>
    %103 = "stablehlo.abs"(%102) : (tensor<1x2x32xbf16>) -> tensor<1x2x32xbf16>
    %cst_26 = "stablehlo.constant"() <{value = dense<0xFF80> : tensor<bf16>}> : () -> tensor<bf16>
    %104 = "stablehlo.reduce"(%103, %cst_26) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg5: tensor<bf16>, %arg6: tensor<bf16>):
      %105 = "stablehlo.maximum"(%arg5, %arg6) : (tensor<bf16>, tensor<bf16>) -> tensor<bf16>
      "stablehlo.return"(%105) : (tensor<bf16>) -> ()
    }) : (tensor<1x2x32xbf16>, tensor<bf16>) -> tensor<1x2xbf16>
    %105 = "stablehlo.broadcast_in_dim"(%104) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x2xbf16>) -> tensor<1x2x1xbf16>
    %cst_27 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %106 = "stablehlo.broadcast_in_dim"(%cst_27) <{broadcast_dimensions = array<i64>}> : (tensor<bf16>) -> tensor<1x2x1xbf16>
    %107 = "stablehlo.divide"(%105, %106) : (tensor<1x2x1xbf16>, tensor<1x2x1xbf16>) -> tensor<1x2x1xbf16>
    %108 = "stablehlo.convert"(%107) : (tensor<1x2x1xbf16>) -> tensor<1x2x1xf32>
    %109 = "stablehlo.bitcast_convert"(%108) : (tensor<1x2x1xf32>) -> tensor<1x2x1xui32>
    %c_28 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %110 = "stablehlo.broadcast_in_dim"(%c_28) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<1x2x1xui32>
    %111 = "stablehlo.shift_right_logical"(%109, %110) : (tensor<1x2x1xui32>, tensor<1x2x1xui32>) -> tensor<1x2x1xui32>
    %c_29 = "stablehlo.constant"() <{value = dense<8388607> : tensor<ui32>}> : () -> tensor<ui32>
    %112 = "stablehlo.broadcast_in_dim"(%c_29) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<1x2x1xui32>
    %113 = "stablehlo.and"(%109, %112) : (tensor<1x2x1xui32>, tensor<1x2x1xui32>) -> tensor<1x2x1xui32>
    %c_30 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %114 = "stablehlo.broadcast_in_dim"(%c_30) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<1x2x1xui32>
    %115 = "stablehlo.compare"(%113, %114) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<1x2x1xui32>, tensor<1x2x1xui32>) -> tensor<1x2x1xi1>
    %c_31 = "stablehlo.constant"() <{value = dense<254> : tensor<ui32>}> : () -> tensor<ui32>
    %116 = "stablehlo.broadcast_in_dim"(%c_31) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<1x2x1xui32>
    %117 = "stablehlo.compare"(%111, %116) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<1x2x1xui32>, tensor<1x2x1xui32>) -> tensor<1x2x1xi1>
    %118 = "stablehlo.and"(%115, %117) : (tensor<1x2x1xi1>, tensor<1x2x1xi1>) -> tensor<1x2x1xi1>
    %c_32 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %119 = "stablehlo.broadcast_in_dim"(%c_32) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<1x2x1xui32>
    %120 = "stablehlo.compare"(%111, %119) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<1x2x1xui32>, tensor<1x2x1xui32>) -> tensor<1x2x1xi1>
    %c_33 = "stablehlo.constant"() <{value = dense<4194304> : tensor<ui32>}> : () -> tensor<ui32>
    %121 = "stablehlo.broadcast_in_dim"(%c_33) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<1x2x1xui32>
    %122 = "stablehlo.compare"(%113, %121) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}> : (tensor<1x2x1xui32>, tensor<1x2x1xui32>) -> tensor<1x2x1xi1>
    %123 = "stablehlo.and"(%120, %122) : (tensor<1x2x1xi1>, tensor<1x2x1xi1>) -> tensor<1x2x1xi1>
    %124 = "stablehlo.not"(%123) : (tensor<1x2x1xi1>) -> tensor<1x2x1xi1>
    %125 = "stablehlo.and"(%118, %124) : (tensor<1x2x1xi1>, tensor<1x2x1xi1>) -> tensor<1x2x1xi1>
    %c_34 = "stablehlo.constant"() <{value = dense<1> : tensor<ui32>}> : () -> tensor<ui32>
    %126 = "stablehlo.broadcast_in_dim"(%c_34) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<1x2x1xui32>
    %127 = "stablehlo.add"(%111, %126) : (tensor<1x2x1xui32>, tensor<1x2x1xui32>) -> tensor<1x2x1xui32>
    %128 = "func.call"(%125, %127, %111) <{callee = @_where}> : (tensor<1x2x1xi1>, tensor<1x2x1xui32>, tensor<1x2x1xui32>) -> tensor<1x2x1xui32>
    %129 = "stablehlo.convert"(%128) : (tensor<1x2x1xui32>) -> tensor<1x2x1xui8>
    %130 = "stablehlo.convert"(%129) : (tensor<1x2x1xui8>) -> tensor<1x2x1xui32>
    %c_35 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %131 = "stablehlo.broadcast_in_dim"(%c_35) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<1x2x1xui32>
    %132 = "stablehlo.shift_left"(%130, %131) : (tensor<1x2x1xui32>, tensor<1x2x1xui32>) -> tensor<1x2x1xui32>
    %133 = "stablehlo.bitcast_convert"(%132) : (tensor<1x2x1xui32>) -> tensor<1x2x1xf32>
    %cst_36 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %134 = "stablehlo.broadcast_in_dim"(%cst_36) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<1x2x1xf32>
    %135 = "stablehlo.compare"(%133, %134) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<1x2x1xf32>, tensor<1x2x1xf32>) -> tensor<1x2x1xi1>
    %cst_37 = "stablehlo.constant"() <{value = dense<5.87747175E-39> : tensor<f32>}> : () -> tensor<f32>
    %136 = "func.call"(%135, %cst_37, %133) <{callee = @_where_0}> : (tensor<1x2x1xi1>, tensor<f32>, tensor<1x2x1xf32>) -> tensor<1x2x1xf32>
    %137 = "stablehlo.convert"(%136) : (tensor<1x2x1xf32>) -> tensor<1x2x1xbf16>
    %138 = "stablehlo.broadcast_in_dim"(%137) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x2x1xbf16>) -> tensor<1x2x32xbf16>
    %139 = "stablehlo.divide"(%102, %138) : (tensor<1x2x32xbf16>, tensor<1x2x32xbf16>) -> tensor<1x2x32xbf16>
    %cst_38 = "stablehlo.constant"() <{value = dense<-4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %cst_39 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %140 = "func.call"(%139, %cst_38, %cst_39) <{callee = @clip}> : (tensor<1x2x32xbf16>, tensor<bf16>, tensor<bf16>) -> tensor<1x2x32xbf16>
    %141 = "stablehlo.convert"(%140) : (tensor<1x2x32xbf16>) -> tensor<1x2x32xf8E4M3FN>
    %142 = "stablehlo.reshape"(%141) : (tensor<1x2x32xf8E4M3FN>) -> tensor<1x64xf8E4M3FN>
    %143 = "stablehlo.reshape"(%129) : (tensor<1x2x1xui8>) -> tensor<1x2xui8>
    %144 = "stablehlo.bitcast_convert"(%143) : (tensor<1x2xui8>) -> tensor<1x2xf8E8M0FNU>
    %145 = "stablehlo.convert"(%142) : (tensor<1x64xf8E4M3FN>) -> tensor<1x64xf32>
    %146 = "stablehlo.reshape"(%145) : (tensor<1x64xf32>) -> tensor<1x2x32xf32>
    %147 = "stablehlo.convert"(%144) : (tensor<1x2xf8E8M0FNU>) -> tensor<1x2xf32>
    %148 = "stablehlo.broadcast_in_dim"(%147) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x2xf32>) -> tensor<1x2x1xf32>
    %149 = "stablehlo.broadcast_in_dim"(%148) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x2x1xf32>) -> tensor<1x2x32xf32>
    %150 = "stablehlo.multiply"(%146, %149) : (tensor<1x2x32xf32>, tensor<1x2x32xf32>) -> tensor<1x2x32xf32>
    %151 = "stablehlo.reshape"(%150) : (tensor<1x2x32xf32>) -> tensor<1x64xf32>
    %152 = "stablehlo.transpose"(%arg2) <{permutation = array<i64: 1, 0>}> : (tensor<64x32xbf16>) -> tensor<32x64xbf16>
    %153 = "stablehlo.reshape"(%152) : (tensor<32x64xbf16>) -> tensor<32x2x32xbf16>
    %154 = "stablehlo.abs"(%153) : (tensor<32x2x32xbf16>) -> tensor<32x2x32xbf16>
    %cst_40 = "stablehlo.constant"() <{value = dense<0xFF80> : tensor<bf16>}> : () -> tensor<bf16>
    %155 = "stablehlo.reduce"(%154, %cst_40) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg5: tensor<bf16>, %arg6: tensor<bf16>):
      %156 = "stablehlo.maximum"(%arg5, %arg6) : (tensor<bf16>, tensor<bf16>) -> tensor<bf16>
      "stablehlo.return"(%156) : (tensor<bf16>) -> ()
    }) : (tensor<32x2x32xbf16>, tensor<bf16>) -> tensor<32x2xbf16>
    %156 = "stablehlo.broadcast_in_dim"(%155) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<32x2xbf16>) -> tensor<32x2x1xbf16>
    %cst_41 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %157 = "stablehlo.broadcast_in_dim"(%cst_41) <{broadcast_dimensions = array<i64>}> : (tensor<bf16>) -> tensor<32x2x1xbf16>
    %158 = "stablehlo.divide"(%156, %157) : (tensor<32x2x1xbf16>, tensor<32x2x1xbf16>) -> tensor<32x2x1xbf16>
    %159 = "stablehlo.convert"(%158) : (tensor<32x2x1xbf16>) -> tensor<32x2x1xf32>
    %160 = "stablehlo.bitcast_convert"(%159) : (tensor<32x2x1xf32>) -> tensor<32x2x1xui32>
    %c_42 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %161 = "stablehlo.broadcast_in_dim"(%c_42) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<32x2x1xui32>
    %162 = "stablehlo.shift_right_logical"(%160, %161) : (tensor<32x2x1xui32>, tensor<32x2x1xui32>) -> tensor<32x2x1xui32>
    %c_43 = "stablehlo.constant"() <{value = dense<8388607> : tensor<ui32>}> : () -> tensor<ui32>
    %163 = "stablehlo.broadcast_in_dim"(%c_43) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<32x2x1xui32>
    %164 = "stablehlo.and"(%160, %163) : (tensor<32x2x1xui32>, tensor<32x2x1xui32>) -> tensor<32x2x1xui32>
    %c_44 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %165 = "stablehlo.broadcast_in_dim"(%c_44) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<32x2x1xui32>
    %166 = "stablehlo.compare"(%164, %165) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<32x2x1xui32>, tensor<32x2x1xui32>) -> tensor<32x2x1xi1>
    %c_45 = "stablehlo.constant"() <{value = dense<254> : tensor<ui32>}> : () -> tensor<ui32>
    %167 = "stablehlo.broadcast_in_dim"(%c_45) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<32x2x1xui32>
    %168 = "stablehlo.compare"(%162, %167) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<32x2x1xui32>, tensor<32x2x1xui32>) -> tensor<32x2x1xi1>
    %169 = "stablehlo.and"(%166, %168) : (tensor<32x2x1xi1>, tensor<32x2x1xi1>) -> tensor<32x2x1xi1>
    %c_46 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %170 = "stablehlo.broadcast_in_dim"(%c_46) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<32x2x1xui32>
    %171 = "stablehlo.compare"(%162, %170) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<32x2x1xui32>, tensor<32x2x1xui32>) -> tensor<32x2x1xi1>
    %c_47 = "stablehlo.constant"() <{value = dense<4194304> : tensor<ui32>}> : () -> tensor<ui32>
    %172 = "stablehlo.broadcast_in_dim"(%c_47) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<32x2x1xui32>
    %173 = "stablehlo.compare"(%164, %172) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}> : (tensor<32x2x1xui32>, tensor<32x2x1xui32>) -> tensor<32x2x1xi1>
    %174 = "stablehlo.and"(%171, %173) : (tensor<32x2x1xi1>, tensor<32x2x1xi1>) -> tensor<32x2x1xi1>
    %175 = "stablehlo.not"(%174) : (tensor<32x2x1xi1>) -> tensor<32x2x1xi1>
    %176 = "stablehlo.and"(%169, %175) : (tensor<32x2x1xi1>, tensor<32x2x1xi1>) -> tensor<32x2x1xi1>
    %c_48 = "stablehlo.constant"() <{value = dense<1> : tensor<ui32>}> : () -> tensor<ui32>
    %177 = "stablehlo.broadcast_in_dim"(%c_48) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<32x2x1xui32>
    %178 = "stablehlo.add"(%162, %177) : (tensor<32x2x1xui32>, tensor<32x2x1xui32>) -> tensor<32x2x1xui32>
    %179 = "func.call"(%176, %178, %162) <{callee = @_where_1}> : (tensor<32x2x1xi1>, tensor<32x2x1xui32>, tensor<32x2x1xui32>) -> tensor<32x2x1xui32>
    %180 = "stablehlo.convert"(%179) : (tensor<32x2x1xui32>) -> tensor<32x2x1xui8>
    %181 = "stablehlo.convert"(%180) : (tensor<32x2x1xui8>) -> tensor<32x2x1xui32>
    %c_49 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %182 = "stablehlo.broadcast_in_dim"(%c_49) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<32x2x1xui32>
    %183 = "stablehlo.shift_left"(%181, %182) : (tensor<32x2x1xui32>, tensor<32x2x1xui32>) -> tensor<32x2x1xui32>
    %184 = "stablehlo.bitcast_convert"(%183) : (tensor<32x2x1xui32>) -> tensor<32x2x1xf32>
    %cst_50 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %185 = "stablehlo.broadcast_in_dim"(%cst_50) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<32x2x1xf32>
    %186 = "stablehlo.compare"(%184, %185) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<32x2x1xf32>, tensor<32x2x1xf32>) -> tensor<32x2x1xi1>
    %cst_51 = "stablehlo.constant"() <{value = dense<5.87747175E-39> : tensor<f32>}> : () -> tensor<f32>
    %187 = "func.call"(%186, %cst_51, %184) <{callee = @_where_2}> : (tensor<32x2x1xi1>, tensor<f32>, tensor<32x2x1xf32>) -> tensor<32x2x1xf32>
    %188 = "stablehlo.convert"(%187) : (tensor<32x2x1xf32>) -> tensor<32x2x1xbf16>
    %189 = "stablehlo.broadcast_in_dim"(%188) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<32x2x1xbf16>) -> tensor<32x2x32xbf16>
    %190 = "stablehlo.divide"(%153, %189) : (tensor<32x2x32xbf16>, tensor<32x2x32xbf16>) -> tensor<32x2x32xbf16>
    %cst_52 = "stablehlo.constant"() <{value = dense<-4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %cst_53 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %191 = "func.call"(%190, %cst_52, %cst_53) <{callee = @clip_3}> : (tensor<32x2x32xbf16>, tensor<bf16>, tensor<bf16>) -> tensor<32x2x32xbf16>
    %192 = "stablehlo.convert"(%191) : (tensor<32x2x32xbf16>) -> tensor<32x2x32xf8E4M3FN>
    %193 = "stablehlo.reshape"(%192) : (tensor<32x2x32xf8E4M3FN>) -> tensor<32x64xf8E4M3FN>
    %194 = "stablehlo.reshape"(%180) : (tensor<32x2x1xui8>) -> tensor<32x2xui8>
    %195 = "stablehlo.bitcast_convert"(%194) : (tensor<32x2xui8>) -> tensor<32x2xf8E8M0FNU>
    %196 = "stablehlo.convert"(%193) : (tensor<32x64xf8E4M3FN>) -> tensor<32x64xf32>
    %197 = "stablehlo.reshape"(%196) : (tensor<32x64xf32>) -> tensor<32x2x32xf32>
    %198 = "stablehlo.convert"(%195) : (tensor<32x2xf8E8M0FNU>) -> tensor<32x2xf32>
    %199 = "stablehlo.broadcast_in_dim"(%198) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<32x2xf32>) -> tensor<32x2x1xf32>
    %200 = "stablehlo.broadcast_in_dim"(%199) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<32x2x1xf32>) -> tensor<32x2x32xf32>
    %201 = "stablehlo.multiply"(%197, %200) : (tensor<32x2x32xf32>, tensor<32x2x32xf32>) -> tensor<32x2x32xf32>
    %202 = "stablehlo.reshape"(%201) : (tensor<32x2x32xf32>) -> tensor<32x64xf32>
    %203 = "stablehlo.dot_general"(%151, %202) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<1x64xf32>, tensor<32x64xf32>) -> tensor<1x32xf32>
    %204 = "stablehlo.convert"(%arg3) : (tensor<32xbf16>) -> tensor<32xf32>
    %205 = "stablehlo.broadcast_in_dim"(%204) <{broadcast_dimensions = array<i64: 1>}> : (tensor<32xf32>) -> tensor<1x32xf32>
    %206 = "stablehlo.add"(%101, %205) : (tensor<1x32xf32>, tensor<1x32xf32>) -> tensor<1x32xf32>
    %207 = "stablehlo.convert"(%arg4) : (tensor<32xbf16>) -> tensor<32xf32>
    %208 = "stablehlo.broadcast_in_dim"(%207) <{broadcast_dimensions = array<i64: 1>}> : (tensor<32xf32>) -> tensor<1x32xf32>
    %209 = "stablehlo.add"(%203, %208) : (tensor<1x32xf32>, tensor<1x32xf32>) -> tensor<1x32xf32>
    %cst_54 = "stablehlo.constant"() <{value = dense<7.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %210 = "stablehlo.broadcast_in_dim"(%cst_54) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<1x32xf32>
    %211 = "stablehlo.minimum"(%206, %210) : (tensor<1x32xf32>, tensor<1x32xf32>) -> tensor<1x32xf32>
    %cst_55 = "stablehlo.constant"() <{value = dense<-7.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %cst_56 = "stablehlo.constant"() <{value = dense<7.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %212 = "func.call"(%209, %cst_55, %cst_56) <{callee = @clip_4}> : (tensor<1x32xf32>, tensor<f32>, tensor<f32>) -> tensor<1x32xf32>
    %213 = "func.call"(%211) <{callee = @silu}> : (tensor<1x32xf32>) -> tensor<1x32xf32>
    %214 = "stablehlo.multiply"(%213, %212) : (tensor<1x32xf32>, tensor<1x32xf32>) -> tensor<1x32xf32>
    %215 = "stablehlo.convert"(%214) : (tensor<1x32xf32>) -> tensor<1x32xbf16>
    %216 = "stablehlo.reshape"(%215) : (tensor<1x32xbf16>) -> tensor<1x1x32xbf16>
    %217 = "stablehlo.abs"(%216) : (tensor<1x1x32xbf16>) -> tensor<1x1x32xbf16>
    %cst_57 = "stablehlo.constant"() <{value = dense<0xFF80> : tensor<bf16>}> : () -> tensor<bf16>
    %218 = "stablehlo.reduce"(%217, %cst_57) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg5: tensor<bf16>, %arg6: tensor<bf16>):
      %219 = "stablehlo.maximum"(%arg5, %arg6) : (tensor<bf16>, tensor<bf16>) -> tensor<bf16>
      "stablehlo.return"(%219) : (tensor<bf16>) -> ()
    }) : (tensor<1x1x32xbf16>, tensor<bf16>) -> tensor<1x1xbf16>
    %219 = "stablehlo.broadcast_in_dim"(%218) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x1xbf16>) -> tensor<1x1x1xbf16>
    %cst_58 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %220 = "stablehlo.broadcast_in_dim"(%cst_58) <{broadcast_dimensions = array<i64>}> : (tensor<bf16>) -> tensor<1x1x1xbf16>
    %221 = "stablehlo.divide"(%219, %220) : (tensor<1x1x1xbf16>, tensor<1x1x1xbf16>) -> tensor<1x1x1xbf16>
    %222 = "stablehlo.convert"(%221) : (tensor<1x1x1xbf16>) -> tensor<1x1x1xf32>
    %223 = "stablehlo.bitcast_convert"(%222) : (tensor<1x1x1xf32>) -> tensor<1x1x1xui32>
    %c_59 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %224 = "stablehlo.broadcast_in_dim"(%c_59) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<1x1x1xui32>
    %225 = "stablehlo.shift_right_logical"(%223, %224) : (tensor<1x1x1xui32>, tensor<1x1x1xui32>) -> tensor<1x1x1xui32>
    %c_60 = "stablehlo.constant"() <{value = dense<8388607> : tensor<ui32>}> : () -> tensor<ui32>
    %226 = "stablehlo.broadcast_in_dim"(%c_60) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<1x1x1xui32>
    %227 = "stablehlo.and"(%223, %226) : (tensor<1x1x1xui32>, tensor<1x1x1xui32>) -> tensor<1x1x1xui32>
    %c_61 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %228 = "stablehlo.broadcast_in_dim"(%c_61) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<1x1x1xui32>
    %229 = "stablehlo.compare"(%227, %228) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<1x1x1xui32>, tensor<1x1x1xui32>) -> tensor<1x1x1xi1>
    %c_62 = "stablehlo.constant"() <{value = dense<254> : tensor<ui32>}> : () -> tensor<ui32>
    %230 = "stablehlo.broadcast_in_dim"(%c_62) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<1x1x1xui32>
    %231 = "stablehlo.compare"(%225, %230) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<1x1x1xui32>, tensor<1x1x1xui32>) -> tensor<1x1x1xi1>
    %232 = "stablehlo.and"(%229, %231) : (tensor<1x1x1xi1>, tensor<1x1x1xi1>) -> tensor<1x1x1xi1>
    %c_63 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %233 = "stablehlo.broadcast_in_dim"(%c_63) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<1x1x1xui32>
    %234 = "stablehlo.compare"(%225, %233) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<1x1x1xui32>, tensor<1x1x1xui32>) -> tensor<1x1x1xi1>
    %c_64 = "stablehlo.constant"() <{value = dense<4194304> : tensor<ui32>}> : () -> tensor<ui32>
    %235 = "stablehlo.broadcast_in_dim"(%c_64) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<1x1x1xui32>
    %236 = "stablehlo.compare"(%227, %235) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}> : (tensor<1x1x1xui32>, tensor<1x1x1xui32>) -> tensor<1x1x1xi1>
    %237 = "stablehlo.and"(%234, %236) : (tensor<1x1x1xi1>, tensor<1x1x1xi1>) -> tensor<1x1x1xi1>
    %238 = "stablehlo.not"(%237) : (tensor<1x1x1xi1>) -> tensor<1x1x1xi1>
    %239 = "stablehlo.and"(%232, %238) : (tensor<1x1x1xi1>, tensor<1x1x1xi1>) -> tensor<1x1x1xi1>
    %c_65 = "stablehlo.constant"() <{value = dense<1> : tensor<ui32>}> : () -> tensor<ui32>
    %240 = "stablehlo.broadcast_in_dim"(%c_65) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<1x1x1xui32>
    %241 = "stablehlo.add"(%225, %240) : (tensor<1x1x1xui32>, tensor<1x1x1xui32>) -> tensor<1x1x1xui32>
    %242 = "func.call"(%239, %241, %225) <{callee = @_where_5}> : (tensor<1x1x1xi1>, tensor<1x1x1xui32>, tensor<1x1x1xui32>) -> tensor<1x1x1xui32>
    %243 = "stablehlo.convert"(%242) : (tensor<1x1x1xui32>) -> tensor<1x1x1xui8>
    %244 = "stablehlo.convert"(%243) : (tensor<1x1x1xui8>) -> tensor<1x1x1xui32>
    %c_66 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %245 = "stablehlo.broadcast_in_dim"(%c_66) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<1x1x1xui32>
    %246 = "stablehlo.shift_left"(%244, %245) : (tensor<1x1x1xui32>, tensor<1x1x1xui32>) -> tensor<1x1x1xui32>
    %247 = "stablehlo.bitcast_convert"(%246) : (tensor<1x1x1xui32>) -> tensor<1x1x1xf32>
    %cst_67 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %248 = "stablehlo.broadcast_in_dim"(%cst_67) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<1x1x1xf32>
    %249 = "stablehlo.compare"(%247, %248) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<1x1x1xf32>, tensor<1x1x1xf32>) -> tensor<1x1x1xi1>
    %cst_68 = "stablehlo.constant"() <{value = dense<5.87747175E-39> : tensor<f32>}> : () -> tensor<f32>
    %250 = "func.call"(%249, %cst_68, %247) <{callee = @_where_6}> : (tensor<1x1x1xi1>, tensor<f32>, tensor<1x1x1xf32>) -> tensor<1x1x1xf32>
    %251 = "stablehlo.convert"(%250) : (tensor<1x1x1xf32>) -> tensor<1x1x1xbf16>
    %252 = "stablehlo.broadcast_in_dim"(%251) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x1xbf16>) -> tensor<1x1x32xbf16>
    %253 = "stablehlo.divide"(%216, %252) : (tensor<1x1x32xbf16>, tensor<1x1x32xbf16>) -> tensor<1x1x32xbf16>
    %cst_69 = "stablehlo.constant"() <{value = dense<-4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %cst_70 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %254 = "func.call"(%253, %cst_69, %cst_70) <{callee = @clip_7}> : (tensor<1x1x32xbf16>, tensor<bf16>, tensor<bf16>) -> tensor<1x1x32xbf16>
    %255 = "stablehlo.convert"(%254) : (tensor<1x1x32xbf16>) -> tensor<1x1x32xf8E4M3FN>
    %256 = "stablehlo.reshape"(%255) : (tensor<1x1x32xf8E4M3FN>) -> tensor<1x32xf8E4M3FN>
    %257 = "stablehlo.reshape"(%243) : (tensor<1x1x1xui8>) -> tensor<1x1xui8>
    %258 = "stablehlo.bitcast_convert"(%257) : (tensor<1x1xui8>) -> tensor<1x1xf8E8M0FNU>
    "func.return"(%256, %258) : (tensor<1x32xf8E4M3FN>, tensor<1x1xf8E8M0FNU>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<1x2x1xi1>, tensor<1x2x1xui32>, tensor<1x2x1xui32>) -> tensor<1x2x1xui32>, sym_name = "_where", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<1x2x1xi1>, %arg1: tensor<1x2x1xui32>, %arg2: tensor<1x2x1xui32>):
    %0 = "stablehlo.select"(%arg0, %arg1, %arg2) : (tensor<1x2x1xi1>, tensor<1x2x1xui32>, tensor<1x2x1xui32>) -> tensor<1x2x1xui32>
    "func.return"(%0) : (tensor<1x2x1xui32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<1x2x1xi1>, tensor<f32>, tensor<1x2x1xf32>) -> tensor<1x2x1xf32>, sym_name = "_where_0", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<1x2x1xi1>, %arg1: tensor<f32>, %arg2: tensor<1x2x1xf32>):
    %0 = "stablehlo.broadcast_in_dim"(%arg1) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<1x2x1xf32>
    %1 = "stablehlo.select"(%arg0, %0, %arg2) : (tensor<1x2x1xi1>, tensor<1x2x1xf32>, tensor<1x2x1xf32>) -> tensor<1x2x1xf32>
    "func.return"(%1) : (tensor<1x2x1xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<1x2x32xbf16>, tensor<bf16>, tensor<bf16>) -> tensor<1x2x32xbf16>, sym_name = "clip", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<1x2x32xbf16>, %arg1: tensor<bf16>, %arg2: tensor<bf16>):
    %0 = "stablehlo.broadcast_in_dim"(%arg1) <{broadcast_dimensions = array<i64>}> : (tensor<bf16>) -> tensor<1x2x32xbf16>
    %1 = "stablehlo.maximum"(%0, %arg0) : (tensor<1x2x32xbf16>, tensor<1x2x32xbf16>) -> tensor<1x2x32xbf16>
    %2 = "stablehlo.broadcast_in_dim"(%arg2) <{broadcast_dimensions = array<i64>}> : (tensor<bf16>) -> tensor<1x2x32xbf16>
    %3 = "stablehlo.minimum"(%2, %1) : (tensor<1x2x32xbf16>, tensor<1x2x32xbf16>) -> tensor<1x2x32xbf16>
    "func.return"(%3) : (tensor<1x2x32xbf16>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<32x2x1xi1>, tensor<32x2x1xui32>, tensor<32x2x1xui32>) -> tensor<32x2x1xui32>, sym_name = "_where_1", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<32x2x1xi1>, %arg1: tensor<32x2x1xui32>, %arg2: tensor<32x2x1xui32>):
    %0 = "stablehlo.select"(%arg0, %arg1, %arg2) : (tensor<32x2x1xi1>, tensor<32x2x1xui32>, tensor<32x2x1xui32>) -> tensor<32x2x1xui32>
    "func.return"(%0) : (tensor<32x2x1xui32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<32x2x1xi1>, tensor<f32>, tensor<32x2x1xf32>) -> tensor<32x2x1xf32>, sym_name = "_where_2", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<32x2x1xi1>, %arg1: tensor<f32>, %arg2: tensor<32x2x1xf32>):
    %0 = "stablehlo.broadcast_in_dim"(%arg1) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<32x2x1xf32>
    %1 = "stablehlo.select"(%arg0, %0, %arg2) : (tensor<32x2x1xi1>, tensor<32x2x1xf32>, tensor<32x2x1xf32>) -> tensor<32x2x1xf32>
    "func.return"(%1) : (tensor<32x2x1xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<32x2x32xbf16>, tensor<bf16>, tensor<bf16>) -> tensor<32x2x32xbf16>, sym_name = "clip_3", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<32x2x32xbf16>, %arg1: tensor<bf16>, %arg2: tensor<bf16>):
    %0 = "stablehlo.broadcast_in_dim"(%arg1) <{broadcast_dimensions = array<i64>}> : (tensor<bf16>) -> tensor<32x2x32xbf16>
    %1 = "stablehlo.maximum"(%0, %arg0) : (tensor<32x2x32xbf16>, tensor<32x2x32xbf16>) -> tensor<32x2x32xbf16>
    %2 = "stablehlo.broadcast_in_dim"(%arg2) <{broadcast_dimensions = array<i64>}> : (tensor<bf16>) -> tensor<32x2x32xbf16>
    %3 = "stablehlo.minimum"(%2, %1) : (tensor<32x2x32xbf16>, tensor<32x2x32xbf16>) -> tensor<32x2x32xbf16>
    "func.return"(%3) : (tensor<32x2x32xbf16>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<1x32xf32>, tensor<f32>, tensor<f32>) -> tensor<1x32xf32>, sym_name = "clip_4", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<1x32xf32>, %arg1: tensor<f32>, %arg2: tensor<f32>):
    %0 = "stablehlo.convert"(%arg1) : (tensor<f32>) -> tensor<f32>
    %1 = "stablehlo.broadcast_in_dim"(%0) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<1x32xf32>
    %2 = "stablehlo.maximum"(%1, %arg0) : (tensor<1x32xf32>, tensor<1x32xf32>) -> tensor<1x32xf32>
    %3 = "stablehlo.convert"(%arg2) : (tensor<f32>) -> tensor<f32>
    %4 = "stablehlo.broadcast_in_dim"(%3) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<1x32xf32>
    %5 = "stablehlo.minimum"(%4, %2) : (tensor<1x32xf32>, tensor<1x32xf32>) -> tensor<1x32xf32>
    "func.return"(%5) : (tensor<1x32xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<1x32xf32>) -> tensor<1x32xf32>, sym_name = "silu", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<1x32xf32>):
    %0 = "stablehlo.negate"(%arg0) : (tensor<1x32xf32>) -> tensor<1x32xf32>
    %1 = "stablehlo.exponential"(%0) : (tensor<1x32xf32>) -> tensor<1x32xf32>
    %cst = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %2 = "stablehlo.broadcast_in_dim"(%cst) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<1x32xf32>
    %3 = "stablehlo.add"(%2, %1) : (tensor<1x32xf32>, tensor<1x32xf32>) -> tensor<1x32xf32>
    %cst_0 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %4 = "stablehlo.broadcast_in_dim"(%cst_0) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<1x32xf32>
    %5 = "stablehlo.divide"(%4, %3) : (tensor<1x32xf32>, tensor<1x32xf32>) -> tensor<1x32xf32>
    %6 = "stablehlo.multiply"(%arg0, %5) : (tensor<1x32xf32>, tensor<1x32xf32>) -> tensor<1x32xf32>
    "func.return"(%6) : (tensor<1x32xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<1x1x1xi1>, tensor<1x1x1xui32>, tensor<1x1x1xui32>) -> tensor<1x1x1xui32>, sym_name = "_where_5", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<1x1x1xi1>, %arg1: tensor<1x1x1xui32>, %arg2: tensor<1x1x1xui32>):
    %0 = "stablehlo.select"(%arg0, %arg1, %arg2) : (tensor<1x1x1xi1>, tensor<1x1x1xui32>, tensor<1x1x1xui32>) -> tensor<1x1x1xui32>
    "func.return"(%0) : (tensor<1x1x1xui32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<1x1x1xi1>, tensor<f32>, tensor<1x1x1xf32>) -> tensor<1x1x1xf32>, sym_name = "_where_6", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<1x1x1xi1>, %arg1: tensor<f32>, %arg2: tensor<1x1x1xf32>):
    %0 = "stablehlo.broadcast_in_dim"(%arg1) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<1x1x1xf32>
    %1 = "stablehlo.select"(%arg0, %0, %arg2) : (tensor<1x1x1xi1>, tensor<1x1x1xf32>, tensor<1x1x1xf32>) -> tensor<1x1x1xf32>
    "func.return"(%1) : (tensor<1x1x1xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<1x1x32xbf16>, tensor<bf16>, tensor<bf16>) -> tensor<1x1x32xbf16>, sym_name = "clip_7", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<1x1x32xbf16>, %arg1: tensor<bf16>, %arg2: tensor<bf16>):
    %0 = "stablehlo.broadcast_in_dim"(%arg1) <{broadcast_dimensions = array<i64>}> : (tensor<bf16>) -> tensor<1x1x32xbf16>
    %1 = "stablehlo.maximum"(%0, %arg0) : (tensor<1x1x32xbf16>, tensor<1x1x32xbf16>) -> tensor<1x1x32xbf16>
    %2 = "stablehlo.broadcast_in_dim"(%arg2) <{broadcast_dimensions = array<i64>}> : (tensor<bf16>) -> tensor<1x1x32xbf16>
    %3 = "stablehlo.minimum"(%2, %1) : (tensor<1x1x32xbf16>, tensor<1x1x32xbf16>) -> tensor<1x1x32xbf16>
    "func.return"(%3) : (tensor<1x1x32xbf16>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
