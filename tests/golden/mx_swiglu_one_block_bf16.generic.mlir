"builtin.module"() <{sym_name = "jit_mx_gate_up"}> ({
  "func.func"() <{function_type = (tensor<300x32xbf16>, tensor<32x64xf32>, tensor<32x64xf32>) -> (tensor<300x64xf8E4M3FN>, tensor<300x2xf8E8M0FNU>), res_attrs = [{jax.result_info = "result[0]"}, {jax.result_info = "result[1]"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<300x32xbf16>, %arg1: tensor<32x64xf32>, %arg2: tensor<32x64xf32>):
    %0 = "stablehlo.reshape"(%arg0) : (tensor<300x32xbf16>) -> tensor<300x1x32xbf16>
    %1 = "stablehlo.abs"(%0) : (tensor<300x1x32xbf16>) -> tensor<300x1x32xbf16>
    %cst = "stablehlo.constant"() <{value = dense<0xFF80> : tensor<bf16>}> : () -> tensor<bf16>
    %2 = "stablehlo.reduce"(%1, %cst) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg3: tensor<bf16>, %arg4: tensor<bf16>):
      %3 = "stablehlo.maximum"(%arg3, %arg4) : (tensor<bf16>, tensor<bf16>) -> tensor<bf16>
      "stablehlo.return"(%3) : (tensor<bf16>) -> ()
    }) : (tensor<300x1x32xbf16>, tensor<bf16>) -> tensor<300x1xbf16>
    %3 = "stablehlo.broadcast_in_dim"(%2) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<300x1xbf16>) -> tensor<300x1x1xbf16>
    %cst_0 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %4 = "stablehlo.broadcast_in_dim"(%cst_0) <{broadcast_dimensions = array<i64>}> : (tensor<bf16>) -> tensor<300x1x1xbf16>
    %5 = "stablehlo.divide"(%3, %4) : (tensor<300x1x1xbf16>, tensor<300x1x1xbf16>) -> tensor<300x1x1xbf16>
    %6 = "stablehlo.convert"(%5) : (tensor<300x1x1xbf16>) -> tensor<300x1x1xf32>
    %7 = "stablehlo.bitcast_convert"(%6) : (tensor<300x1x1xf32>) -> tensor<300x1x1xui32>
    %c = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %8 = "stablehlo.broadcast_in_dim"(%c) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<300x1x1xui32>
    %9 = "stablehlo.shift_right_logical"(%7, %8) : (tensor<300x1x1xui32>, tensor<300x1x1xui32>) -> tensor<300x1x1xui32>
    %c_1 = "stablehlo.constant"() <{value = dense<8388607> : tensor<ui32>}> : () -> tensor<ui32>
    %10 = "stablehlo.broadcast_in_dim"(%c_1) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<300x1x1xui32>
    %11 = "stablehlo.and"(%7, %10) : (tensor<300x1x1xui32>, tensor<300x1x1xui32>) -> tensor<300x1x1xui32>
    %c_2 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %12 = "stablehlo.broadcast_in_dim"(%c_2) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<300x1x1xui32>
    %13 = "stablehlo.compare"(%11, %12) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<300x1x1xui32>, tensor<300x1x1xui32>) -> tensor<300x1x1xi1>
    %c_3 = "stablehlo.constant"() <{value = dense<254> : tensor<ui32>}> : () -> tensor<ui32>
    %14 = "stablehlo.broadcast_in_dim"(%c_3) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<300x1x1xui32>
    %15 = "stablehlo.compare"(%9, %14) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<300x1x1xui32>, tensor<300x1x1xui32>) -> tensor<300x1x1xi1>
    %16 = "stablehlo.and"(%13, %15) : (tensor<300x1x1xi1>, tensor<300x1x1xi1>) -> tensor<300x1x1xi1>
    %c_4 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %17 = "stablehlo.broadcast_in_dim"(%c_4) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<300x1x1xui32>
    %18 = "stablehlo.compare"(%9, %17) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<300x1x1xui32>, tensor<300x1x1xui32>) -> tensor<300x1x1xi1>
    %c_5 = "stablehlo.constant"() <{value = dense<4194304> : tensor<ui32>}> : () -> tensor<ui32>
    %19 = "stablehlo.broadcast_in_dim"(%c_5) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<300x1x1xui32>
    %20 = "stablehlo.compare"(%11, %19) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}> : (tensor<300x1x1xui32>, tensor<300x1x1xui32>) -> tensor<300x1x1xi1>
    %21 = "stablehlo.and"(%18, %20) : (tensor<300x1x1xi1>, tensor<300x1x1xi1>) -> tensor<300x1x1xi1>
    %22 = "stablehlo.not"(%21) : (tensor<300x1x1xi1>) -> tensor<300x1x1xi1>
    %23 = "stablehlo.and"(%16, %22) : (tensor<300x1x1xi1>, tensor<300x1x1xi1>) -> tensor<300x1x1xi1>
    %c_6 = "stablehlo.constant"() <{value = dense<1> : tensor<ui32>}> : () -> tensor<ui32>
    %24 = "stablehlo.broadcast_in_dim"(%c_6) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<300x1x1xui32>
    %25 = "stablehlo.add"(%9, %24) : (tensor<300x1x1xui32>, tensor<300x1x1xui32>) -> tensor<300x1x1xui32>
    %26 = "func.call"(%23, %25, %9) <{callee = @_where}> : (tensor<300x1x1xi1>, tensor<300x1x1xui32>, tensor<300x1x1xui32>) -> tensor<300x1x1xui32>
    %27 = "stablehlo.convert"(%26) : (tensor<300x1x1xui32>) -> tensor<300x1x1xui8>
    %28 = "stablehlo.convert"(%27) : (tensor<300x1x1xui8>) -> tensor<300x1x1xui32>
    %c_7 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %29 = "stablehlo.broadcast_in_dim"(%c_7) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<300x1x1xui32>
    %30 = "stablehlo.shift_left"(%28, %29) : (tensor<300x1x1xui32>, tensor<300x1x1xui32>) -> tensor<300x1x1xui32>
    %31 = "stablehlo.bitcast_convert"(%30) : (tensor<300x1x1xui32>) -> tensor<300x1x1xf32>
    %cst_8 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %32 = "stablehlo.broadcast_in_dim"(%cst_8) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<300x1x1xf32>
    %33 = "stablehlo.compare"(%31, %32) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<300x1x1xf32>, tensor<300x1x1xf32>) -> tensor<300x1x1xi1>
    %cst_9 = "stablehlo.constant"() <{value = dense<5.87747175E-39> : tensor<f32>}> : () -> tensor<f32>
    %34 = "func.call"(%33, %cst_9, %31) <{callee = @_where_0}> : (tensor<300x1x1xi1>, tensor<f32>, tensor<300x1x1xf32>) -> tensor<300x1x1xf32>
    %35 = "stablehlo.convert"(%34) : (tensor<300x1x1xf32>) -> tensor<300x1x1xbf16>
    %36 = "stablehlo.broadcast_in_dim"(%35) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<300x1x1xbf16>) -> tensor<300x1x32xbf16>
    %37 = "stablehlo.divide"(%0, %36) : (tensor<300x1x32xbf16>, tensor<300x1x32xbf16>) -> tensor<300x1x32xbf16>
    %cst_10 = "stablehlo.constant"() <{value = dense<-4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %cst_11 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %38 = "func.call"(%37, %cst_10, %cst_11) <{callee = @clip}> : (tensor<300x1x32xbf16>, tensor<bf16>, tensor<bf16>) -> tensor<300x1x32xbf16>
    %39 = "stablehlo.convert"(%38) : (tensor<300x1x32xbf16>) -> tensor<300x1x32xf8E4M3FN>
    %40 = "stablehlo.reshape"(%39) : (tensor<300x1x32xf8E4M3FN>) -> tensor<300x32xf8E4M3FN>
    %41 = "stablehlo.reshape"(%27) : (tensor<300x1x1xui8>) -> tensor<300x1xui8>
    %42 = "stablehlo.bitcast_convert"(%41) : (tensor<300x1xui8>) -> tensor<300x1xf8E8M0FNU>
    %43 = "stablehlo.convert"(%40) : (tensor<300x32xf8E4M3FN>) -> tensor<300x32xf32>
    %44 = "stablehlo.reshape"(%43) : (tensor<300x32xf32>) -> tensor<300x1x32xf32>
    %45 = "stablehlo.convert"(%42) : (tensor<300x1xf8E8M0FNU>) -> tensor<300x1xf32>
    %46 = "stablehlo.broadcast_in_dim"(%45) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<300x1xf32>) -> tensor<300x1x1xf32>
    %47 = "stablehlo.broadcast_in_dim"(%46) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<300x1x1xf32>) -> tensor<300x1x32xf32>
    %48 = "stablehlo.multiply"(%44, %47) : (tensor<300x1x32xf32>, tensor<300x1x32xf32>) -> tensor<300x1x32xf32>
    %49 = "stablehlo.reshape"(%48) : (tensor<300x1x32xf32>) -> tensor<300x32xf32>
    %50 = "stablehlo.transpose"(%arg1) <{permutation = array<i64: 1, 0>}> : (tensor<32x64xf32>) -> tensor<64x32xf32>
    %51 = "stablehlo.reshape"(%50) : (tensor<64x32xf32>) -> tensor<64x1x32xf32>
    %52 = "stablehlo.abs"(%51) : (tensor<64x1x32xf32>) -> tensor<64x1x32xf32>
    %cst_12 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %53 = "stablehlo.reduce"(%52, %cst_12) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
      %54 = "stablehlo.maximum"(%arg3, %arg4) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%54) : (tensor<f32>) -> ()
    }) : (tensor<64x1x32xf32>, tensor<f32>) -> tensor<64x1xf32>
    %54 = "stablehlo.broadcast_in_dim"(%53) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<64x1xf32>) -> tensor<64x1x1xf32>
    %cst_13 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<f32>}> : () -> tensor<f32>
    %55 = "stablehlo.broadcast_in_dim"(%cst_13) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x1x1xf32>
    %56 = "stablehlo.divide"(%54, %55) : (tensor<64x1x1xf32>, tensor<64x1x1xf32>) -> tensor<64x1x1xf32>
    %57 = "stablehlo.bitcast_convert"(%56) : (tensor<64x1x1xf32>) -> tensor<64x1x1xui32>
    %c_14 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %58 = "stablehlo.broadcast_in_dim"(%c_14) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<64x1x1xui32>
    %59 = "stablehlo.shift_right_logical"(%57, %58) : (tensor<64x1x1xui32>, tensor<64x1x1xui32>) -> tensor<64x1x1xui32>
    %c_15 = "stablehlo.constant"() <{value = dense<8388607> : tensor<ui32>}> : () -> tensor<ui32>
    %60 = "stablehlo.broadcast_in_dim"(%c_15) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<64x1x1xui32>
    %61 = "stablehlo.and"(%57, %60) : (tensor<64x1x1xui32>, tensor<64x1x1xui32>) -> tensor<64x1x1xui32>
    %c_16 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %62 = "stablehlo.broadcast_in_dim"(%c_16) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<64x1x1xui32>
    %63 = "stablehlo.compare"(%61, %62) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<64x1x1xui32>, tensor<64x1x1xui32>) -> tensor<64x1x1xi1>
    %c_17 = "stablehlo.constant"() <{value = dense<254> : tensor<ui32>}> : () -> tensor<ui32>
    %64 = "stablehlo.broadcast_in_dim"(%c_17) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<64x1x1xui32>
    %65 = "stablehlo.compare"(%59, %64) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<64x1x1xui32>, tensor<64x1x1xui32>) -> tensor<64x1x1xi1>
    %66 = "stablehlo.and"(%63, %65) : (tensor<64x1x1xi1>, tensor<64x1x1xi1>) -> tensor<64x1x1xi1>
    %c_18 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %67 = "stablehlo.broadcast_in_dim"(%c_18) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<64x1x1xui32>
    %68 = "stablehlo.compare"(%59, %67) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<64x1x1xui32>, tensor<64x1x1xui32>) -> tensor<64x1x1xi1>
    %c_19 = "stablehlo.constant"() <{value = dense<4194304> : tensor<ui32>}> : () -> tensor<ui32>
    %69 = "stablehlo.broadcast_in_dim"(%c_19) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<64x1x1xui32>
    %70 = "stablehlo.compare"(%61, %69) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}> : (tensor<64x1x1xui32>, tensor<64x1x1xui32>) -> tensor<64x1x1xi1>
    %71 = "stablehlo.and"(%68, %70) : (tensor<64x1x1xi1>, tensor<64x1x1xi1>) -> tensor<64x1x1xi1>
    %72 = "stablehlo.not"(%71) : (tensor<64x1x1xi1>) -> tensor<64x1x1xi1>
    %73 = "stablehlo.and"(%66, %72) : (tensor<64x1x1xi1>, tensor<64x1x1xi1>) -> tensor<64x1x1xi1>
    %c_20 = "stablehlo.constant"() <{value = dense<1> : tensor<ui32>}> : () -> tensor<ui32>
    %74 = "stablehlo.broadcast_in_dim"(%c_20) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<64x1x1xui32>
    %75 = "stablehlo.add"(%59, %74) : (tensor<64x1x1xui32>, tensor<64x1x1xui32>) -> tensor<64x1x1xui32>
    %76 = "func.call"(%73, %75, %59) <{callee = @_where_1}> : (tensor<64x1x1xi1>, tensor<64x1x1xui32>, tensor<64x1x1xui32>) -> tensor<64x1x1xui32>
    %77 = "stablehlo.convert"(%76) : (tensor<64x1x1xui32>) -> tensor<64x1x1xui8>
    %78 = "stablehlo.convert"(%77) : (tensor<64x1x1xui8>) -> tensor<64x1x1xui32>
    %c_21 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %79 = "stablehlo.broadcast_in_dim"(%c_21) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<64x1x1xui32>
    %80 = "stablehlo.shift_left"(%78, %79) : (tensor<64x1x1xui32>, tensor<64x1x1xui32>) -> tensor<64x1x1xui32>
    %81 = "stablehlo.bitcast_convert"(%80) : (tensor<64x1x1xui32>) -> tensor<64x1x1xf32>
    %cst_22 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %82 = "stablehlo.broadcast_in_dim"(%cst_22) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x1x1xf32>
    %83 = "stablehlo.compare"(%81, %82) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<64x1x1xf32>, tensor<64x1x1xf32>) -> tensor<64x1x1xi1>
    %cst_23 = "stablehlo.constant"() <{value = dense<5.87747175E-39> : tensor<f32>}> : () -> tensor<f32>
    %84 = "func.call"(%83, %cst_23, %81) <{callee = @_where_2}> : (tensor<64x1x1xi1>, tensor<f32>, tensor<64x1x1xf32>) -> tensor<64x1x1xf32>
    %85 = "stablehlo.broadcast_in_dim"(%84) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<64x1x1xf32>) -> tensor<64x1x32xf32>
    %86 = "stablehlo.divide"(%51, %85) : (tensor<64x1x32xf32>, tensor<64x1x32xf32>) -> tensor<64x1x32xf32>
    %cst_24 = "stablehlo.constant"() <{value = dense<-4.480000e+02> : tensor<f32>}> : () -> tensor<f32>
    %cst_25 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<f32>}> : () -> tensor<f32>
    %87 = "func.call"(%86, %cst_24, %cst_25) <{callee = @clip_3}> : (tensor<64x1x32xf32>, tensor<f32>, tensor<f32>) -> tensor<64x1x32xf32>
    %88 = "stablehlo.convert"(%87) : (tensor<64x1x32xf32>) -> tensor<64x1x32xf8E4M3FN>
    %89 = "stablehlo.reshape"(%88) : (tensor<64x1x32xf8E4M3FN>) -> tensor<64x32xf8E4M3FN>
    %90 = "stablehlo.reshape"(%77) : (tensor<64x1x1xui8>) -> tensor<64x1xui8>
    %91 = "stablehlo.bitcast_convert"(%90) : (tensor<64x1xui8>) -> tensor<64x1xf8E8M0FNU>
    %92 = "stablehlo.convert"(%89) : (tensor<64x32xf8E4M3FN>) -> tensor<64x32xf32>
    %93 = "stablehlo.reshape"(%92) : (tensor<64x32xf32>) -> tensor<64x1x32xf32>
    %94 = "stablehlo.convert"(%91) : (tensor<64x1xf8E8M0FNU>) -> tensor<64x1xf32>
    %95 = "stablehlo.broadcast_in_dim"(%94) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<64x1xf32>) -> tensor<64x1x1xf32>
    %96 = "stablehlo.broadcast_in_dim"(%95) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<64x1x1xf32>) -> tensor<64x1x32xf32>
    %97 = "stablehlo.multiply"(%93, %96) : (tensor<64x1x32xf32>, tensor<64x1x32xf32>) -> tensor<64x1x32xf32>
    %98 = "stablehlo.reshape"(%97) : (tensor<64x1x32xf32>) -> tensor<64x32xf32>
    %99 = "stablehlo.dot_general"(%49, %98) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<300x32xf32>, tensor<64x32xf32>) -> tensor<300x64xf32>
    %100 = "stablehlo.reshape"(%arg0) : (tensor<300x32xbf16>) -> tensor<300x1x32xbf16>
    %101 = "stablehlo.abs"(%100) : (tensor<300x1x32xbf16>) -> tensor<300x1x32xbf16>
    %cst_26 = "stablehlo.constant"() <{value = dense<0xFF80> : tensor<bf16>}> : () -> tensor<bf16>
    %102 = "stablehlo.reduce"(%101, %cst_26) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg3: tensor<bf16>, %arg4: tensor<bf16>):
      %103 = "stablehlo.maximum"(%arg3, %arg4) : (tensor<bf16>, tensor<bf16>) -> tensor<bf16>
      "stablehlo.return"(%103) : (tensor<bf16>) -> ()
    }) : (tensor<300x1x32xbf16>, tensor<bf16>) -> tensor<300x1xbf16>
    %103 = "stablehlo.broadcast_in_dim"(%102) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<300x1xbf16>) -> tensor<300x1x1xbf16>
    %cst_27 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %104 = "stablehlo.broadcast_in_dim"(%cst_27) <{broadcast_dimensions = array<i64>}> : (tensor<bf16>) -> tensor<300x1x1xbf16>
    %105 = "stablehlo.divide"(%103, %104) : (tensor<300x1x1xbf16>, tensor<300x1x1xbf16>) -> tensor<300x1x1xbf16>
    %106 = "stablehlo.convert"(%105) : (tensor<300x1x1xbf16>) -> tensor<300x1x1xf32>
    %107 = "stablehlo.bitcast_convert"(%106) : (tensor<300x1x1xf32>) -> tensor<300x1x1xui32>
    %c_28 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %108 = "stablehlo.broadcast_in_dim"(%c_28) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<300x1x1xui32>
    %109 = "stablehlo.shift_right_logical"(%107, %108) : (tensor<300x1x1xui32>, tensor<300x1x1xui32>) -> tensor<300x1x1xui32>
    %c_29 = "stablehlo.constant"() <{value = dense<8388607> : tensor<ui32>}> : () -> tensor<ui32>
    %110 = "stablehlo.broadcast_in_dim"(%c_29) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<300x1x1xui32>
    %111 = "stablehlo.and"(%107, %110) : (tensor<300x1x1xui32>, tensor<300x1x1xui32>) -> tensor<300x1x1xui32>
    %c_30 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %112 = "stablehlo.broadcast_in_dim"(%c_30) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<300x1x1xui32>
    %113 = "stablehlo.compare"(%111, %112) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<300x1x1xui32>, tensor<300x1x1xui32>) -> tensor<300x1x1xi1>
    %c_31 = "stablehlo.constant"() <{value = dense<254> : tensor<ui32>}> : () -> tensor<ui32>
    %114 = "stablehlo.broadcast_in_dim"(%c_31) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<300x1x1xui32>
    %115 = "stablehlo.compare"(%109, %114) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<300x1x1xui32>, tensor<300x1x1xui32>) -> tensor<300x1x1xi1>
    %116 = "stablehlo.and"(%113, %115) : (tensor<300x1x1xi1>, tensor<300x1x1xi1>) -> tensor<300x1x1xi1>
    %c_32 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %117 = "stablehlo.broadcast_in_dim"(%c_32) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<300x1x1xui32>
    %118 = "stablehlo.compare"(%109, %117) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<300x1x1xui32>, tensor<300x1x1xui32>) -> tensor<300x1x1xi1>
    %c_33 = "stablehlo.constant"() <{value = dense<4194304> : tensor<ui32>}> : () -> tensor<ui32>
    %119 = "stablehlo.broadcast_in_dim"(%c_33) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<300x1x1xui32>
    %120 = "stablehlo.compare"(%111, %119) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}> : (tensor<300x1x1xui32>, tensor<300x1x1xui32>) -> tensor<300x1x1xi1>
    %121 = "stablehlo.and"(%118, %120) : (tensor<300x1x1xi1>, tensor<300x1x1xi1>) -> tensor<300x1x1xi1>
    %122 = "stablehlo.not"(%121) : (tensor<300x1x1xi1>) -> tensor<300x1x1xi1>
    %123 = "stablehlo.and"(%116, %122) : (tensor<300x1x1xi1>, tensor<300x1x1xi1>) -> tensor<300x1x1xi1>
    %c_34 = "stablehlo.constant"() <{value = dense<1> : tensor<ui32>}> : () -> tensor<ui32>
    %124 = "stablehlo.broadcast_in_dim"(%c_34) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<300x1x1xui32>
    %125 = "stablehlo.add"(%109, %124) : (tensor<300x1x1xui32>, tensor<300x1x1xui32>) -> tensor<300x1x1xui32>
    %126 = "func.call"(%123, %125, %109) <{callee = @_where}> : (tensor<300x1x1xi1>, tensor<300x1x1xui32>, tensor<300x1x1xui32>) -> tensor<300x1x1xui32>
    %127 = "stablehlo.convert"(%126) : (tensor<300x1x1xui32>) -> tensor<300x1x1xui8>
    %128 = "stablehlo.convert"(%127) : (tensor<300x1x1xui8>) -> tensor<300x1x1xui32>
    %c_35 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %129 = "stablehlo.broadcast_in_dim"(%c_35) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<300x1x1xui32>
    %130 = "stablehlo.shift_left"(%128, %129) : (tensor<300x1x1xui32>, tensor<300x1x1xui32>) -> tensor<300x1x1xui32>
    %131 = "stablehlo.bitcast_convert"(%130) : (tensor<300x1x1xui32>) -> tensor<300x1x1xf32>
    %cst_36 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %132 = "stablehlo.broadcast_in_dim"(%cst_36) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<300x1x1xf32>
    %133 = "stablehlo.compare"(%131, %132) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<300x1x1xf32>, tensor<300x1x1xf32>) -> tensor<300x1x1xi1>
    %cst_37 = "stablehlo.constant"() <{value = dense<5.87747175E-39> : tensor<f32>}> : () -> tensor<f32>
    %134 = "func.call"(%133, %cst_37, %131) <{callee = @_where_0}> : (tensor<300x1x1xi1>, tensor<f32>, tensor<300x1x1xf32>) -> tensor<300x1x1xf32>
    %135 = "stablehlo.convert"(%134) : (tensor<300x1x1xf32>) -> tensor<300x1x1xbf16>
    %136 = "stablehlo.broadcast_in_dim"(%135) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<300x1x1xbf16>) -> tensor<300x1x32xbf16>
    %137 = "stablehlo.divide"(%100, %136) : (tensor<300x1x32xbf16>, tensor<300x1x32xbf16>) -> tensor<300x1x32xbf16>
    %cst_38 = "stablehlo.constant"() <{value = dense<-4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %cst_39 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %138 = "func.call"(%137, %cst_38, %cst_39) <{callee = @clip}> : (tensor<300x1x32xbf16>, tensor<bf16>, tensor<bf16>) -> tensor<300x1x32xbf16>
    %139 = "stablehlo.convert"(%138) : (tensor<300x1x32xbf16>) -> tensor<300x1x32xf8E4M3FN>
    %140 = "stablehlo.reshape"(%139) : (tensor<300x1x32xf8E4M3FN>) -> tensor<300x32xf8E4M3FN>
    %141 = "stablehlo.reshape"(%127) : (tensor<300x1x1xui8>) -> tensor<300x1xui8>
    %142 = "stablehlo.bitcast_convert"(%141) : (tensor<300x1xui8>) -> tensor<300x1xf8E8M0FNU>
    %143 = "stablehlo.convert"(%140) : (tensor<300x32xf8E4M3FN>) -> tensor<300x32xf32>
    %144 = "stablehlo.reshape"(%143) : (tensor<300x32xf32>) -> tensor<300x1x32xf32>
    %145 = "stablehlo.convert"(%142) : (tensor<300x1xf8E8M0FNU>) -> tensor<300x1xf32>
    %146 = "stablehlo.broadcast_in_dim"(%145) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<300x1xf32>) -> tensor<300x1x1xf32>
    %147 = "stablehlo.broadcast_in_dim"(%146) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<300x1x1xf32>) -> tensor<300x1x32xf32>
    %148 = "stablehlo.multiply"(%144, %147) : (tensor<300x1x32xf32>, tensor<300x1x32xf32>) -> tensor<300x1x32xf32>
    %149 = "stablehlo.reshape"(%148) : (tensor<300x1x32xf32>) -> tensor<300x32xf32>
    %150 = "stablehlo.transpose"(%arg2) <{permutation = array<i64: 1, 0>}> : (tensor<32x64xf32>) -> tensor<64x32xf32>
    %151 = "stablehlo.reshape"(%150) : (tensor<64x32xf32>) -> tensor<64x1x32xf32>
    %152 = "stablehlo.abs"(%151) : (tensor<64x1x32xf32>) -> tensor<64x1x32xf32>
    %cst_40 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %153 = "stablehlo.reduce"(%152, %cst_40) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
      %154 = "stablehlo.maximum"(%arg3, %arg4) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%154) : (tensor<f32>) -> ()
    }) : (tensor<64x1x32xf32>, tensor<f32>) -> tensor<64x1xf32>
    %154 = "stablehlo.broadcast_in_dim"(%153) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<64x1xf32>) -> tensor<64x1x1xf32>
    %cst_41 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<f32>}> : () -> tensor<f32>
    %155 = "stablehlo.broadcast_in_dim"(%cst_41) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x1x1xf32>
    %156 = "stablehlo.divide"(%154, %155) : (tensor<64x1x1xf32>, tensor<64x1x1xf32>) -> tensor<64x1x1xf32>
    %157 = "stablehlo.bitcast_convert"(%156) : (tensor<64x1x1xf32>) -> tensor<64x1x1xui32>
    %c_42 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %158 = "stablehlo.broadcast_in_dim"(%c_42) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<64x1x1xui32>
    %159 = "stablehlo.shift_right_logical"(%157, %158) : (tensor<64x1x1xui32>, tensor<64x1x1xui32>) -> tensor<64x1x1xui32>
    %c_43 = "stablehlo.constant"() <{value = dense<8388607> : tensor<ui32>}> : () -> tensor<ui32>
    %160 = "stablehlo.broadcast_in_dim"(%c_43) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<64x1x1xui32>
    %161 = "stablehlo.and"(%157, %160) : (tensor<64x1x1xui32>, tensor<64x1x1xui32>) -> tensor<64x1x1xui32>
    %c_44 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %162 = "stablehlo.broadcast_in_dim"(%c_44) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<64x1x1xui32>
    %163 = "stablehlo.compare"(%161, %162) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<64x1x1xui32>, tensor<64x1x1xui32>) -> tensor<64x1x1xi1>
    %c_45 = "stablehlo.constant"() <{value = dense<254> : tensor<ui32>}> : () -> tensor<ui32>
    %164 = "stablehlo.broadcast_in_dim"(%c_45) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<64x1x1xui32>
    %165 = "stablehlo.compare"(%159, %164) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<64x1x1xui32>, tensor<64x1x1xui32>) -> tensor<64x1x1xi1>
    %166 = "stablehlo.and"(%163, %165) : (tensor<64x1x1xi1>, tensor<64x1x1xi1>) -> tensor<64x1x1xi1>
    %c_46 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %167 = "stablehlo.broadcast_in_dim"(%c_46) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<64x1x1xui32>
    %168 = "stablehlo.compare"(%159, %167) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<64x1x1xui32>, tensor<64x1x1xui32>) -> tensor<64x1x1xi1>
    %c_47 = "stablehlo.constant"() <{value = dense<4194304> : tensor<ui32>}> : () -> tensor<ui32>
    %169 = "stablehlo.broadcast_in_dim"(%c_47) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<64x1x1xui32>
    %170 = "stablehlo.compare"(%161, %169) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}> : (tensor<64x1x1xui32>, tensor<64x1x1xui32>) -> tensor<64x1x1xi1>
    %171 = "stablehlo.and"(%168, %170) : (tensor<64x1x1xi1>, tensor<64x1x1xi1>) -> tensor<64x1x1xi1>
    %172 = "stablehlo.not"(%171) : (tensor<64x1x1xi1>) -> tensor<64x1x1xi1>
    %173 = "stablehlo.and"(%166, %172) : (tensor<64x1x1xi1>, tensor<64x1x1xi1>) -> tensor<64x1x1xi1>
    %c_48 = "stablehlo.constant"() <{value = dense<1> : tensor<ui32>}> : () -> tensor<ui32>
    %174 = "stablehlo.broadcast_in_dim"(%c_48) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<64x1x1xui32>
    %175 = "stablehlo.add"(%159, %174) : (tensor<64x1x1xui32>, tensor<64x1x1xui32>) -> tensor<64x1x1xui32>
    %176 = "func.call"(%173, %175, %159) <{callee = @_where_1}> : (tensor<64x1x1xi1>, tensor<64x1x1xui32>, tensor<64x1x1xui32>) -> tensor<64x1x1xui32>
    %177 = "stablehlo.convert"(%176) : (tensor<64x1x1xui32>) -> tensor<64x1x1xui8>
    %178 = "stablehlo.convert"(%177) : (tensor<64x1x1xui8>) -> tensor<64x1x1xui32>
    %c_49 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %179 = "stablehlo.broadcast_in_dim"(%c_49) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<64x1x1xui32>
    %180 = "stablehlo.shift_left"(%178, %179) : (tensor<64x1x1xui32>, tensor<64x1x1xui32>) -> tensor<64x1x1xui32>
    %181 = "stablehlo.bitcast_convert"(%180) : (tensor<64x1x1xui32>) -> tensor<64x1x1xf32>
    %cst_50 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %182 = "stablehlo.broadcast_in_dim"(%cst_50) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x1x1xf32>
    %183 = "stablehlo.compare"(%181, %182) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<64x1x1xf32>, tensor<64x1x1xf32>) -> tensor<64x1x1xi1>
    %cst_51 = "stablehlo.constant"() <{value = dense<5.87747175E-39> : tensor<f32>}> : () -> tensor<f32>
    %184 = "func.call"(%183, %cst_51, %181) <{callee = @_where_2}> : (tensor<64x1x1xi1>, tensor<f32>, tensor<64x1x1xf32>) -> tensor<64x1x1xf32>
    %185 = "stablehlo.broadcast_in_dim"(%184) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<64x1x1xf32>) -> tensor<64x1x32xf32>
    %186 = "stablehlo.divide"(%151, %185) : (tensor<64x1x32xf32>, tensor<64x1x32xf32>) -> tensor<64x1x32xf32>
    %cst_52 = "stablehlo.constant"() <{value = dense<-4.480000e+02> : tensor<f32>}> : () -> tensor<f32>
    %cst_53 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<f32>}> : () -> tensor<f32>
    %187 = "func.call"(%186, %cst_52, %cst_53) <{callee = @clip_3}> : (tensor<64x1x32xf32>, tensor<f32>, tensor<f32>) -> tensor<64x1x32xf32>
    %188 = "stablehlo.convert"(%187) : (tensor<64x1x32xf32>) -> tensor<64x1x32xf8E4M3FN>
    %189 = "stablehlo.reshape"(%188) : (tensor<64x1x32xf8E4M3FN>) -> tensor<64x32xf8E4M3FN>
    %190 = "stablehlo.reshape"(%177) : (tensor<64x1x1xui8>) -> tensor<64x1xui8>
    %191 = "stablehlo.bitcast_convert"(%190) : (tensor<64x1xui8>) -> tensor<64x1xf8E8M0FNU>
    %192 = "stablehlo.convert"(%189) : (tensor<64x32xf8E4M3FN>) -> tensor<64x32xf32>
    %193 = "stablehlo.reshape"(%192) : (tensor<64x32xf32>) -> tensor<64x1x32xf32>
    %194 = "stablehlo.convert"(%191) : (tensor<64x1xf8E8M0FNU>) -> tensor<64x1xf32>
    %195 = "stablehlo.broadcast_in_dim"(%194) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<64x1xf32>) -> tensor<64x1x1xf32>
    %196 = "stablehlo.broadcast_in_dim"(%195) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<64x1x1xf32>) -> tensor<64x1x32xf32>
    %197 = "stablehlo.multiply"(%193, %196) : (tensor<64x1x32xf32>, tensor<64x1x32xf32>) -> tensor<64x1x32xf32>
    %198 = "stablehlo.reshape"(%197) : (tensor<64x1x32xf32>) -> tensor<64x32xf32>
    %199 = "stablehlo.dot_general"(%149, %198) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<300x32xf32>, tensor<64x32xf32>) -> tensor<300x64xf32>
    %200 = "func.call"(%99) <{callee = @silu}> : (tensor<300x64xf32>) -> tensor<300x64xf32>
    %201 = "stablehlo.multiply"(%200, %199) : (tensor<300x64xf32>, tensor<300x64xf32>) -> tensor<300x64xf32>
    %202 = "stablehlo.convert"(%201) : (tensor<300x64xf32>) -> tensor<300x64xbf16>
    %203 = "stablehlo.reshape"(%202) : (tensor<300x64xbf16>) -> tensor<300x2x32xbf16>
    %204 = "stablehlo.abs"(%203) : (tensor<300x2x32xbf16>) -> tensor<300x2x32xbf16>
    %cst_54 = "stablehlo.constant"() <{value = dense<0xFF80> : tensor<bf16>}> : () -> tensor<bf16>
    %205 = "stablehlo.reduce"(%204, %cst_54) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg3: tensor<bf16>, %arg4: tensor<bf16>):
      %206 = "stablehlo.maximum"(%arg3, %arg4) : (tensor<bf16>, tensor<bf16>) -> tensor<bf16>
      "stablehlo.return"(%206) : (tensor<bf16>) -> ()
    }) : (tensor<300x2x32xbf16>, tensor<bf16>) -> tensor<300x2xbf16>
    %206 = "stablehlo.broadcast_in_dim"(%205) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<300x2xbf16>) -> tensor<300x2x1xbf16>
    %cst_55 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %207 = "stablehlo.broadcast_in_dim"(%cst_55) <{broadcast_dimensions = array<i64>}> : (tensor<bf16>) -> tensor<300x2x1xbf16>
    %208 = "stablehlo.divide"(%206, %207) : (tensor<300x2x1xbf16>, tensor<300x2x1xbf16>) -> tensor<300x2x1xbf16>
    %209 = "stablehlo.convert"(%208) : (tensor<300x2x1xbf16>) -> tensor<300x2x1xf32>
    %210 = "stablehlo.bitcast_convert"(%209) : (tensor<300x2x1xf32>) -> tensor<300x2x1xui32>
    %c_56 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %211 = "stablehlo.broadcast_in_dim"(%c_56) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<300x2x1xui32>
    %212 = "stablehlo.shift_right_logical"(%210, %211) : (tensor<300x2x1xui32>, tensor<300x2x1xui32>) -> tensor<300x2x1xui32>
    %c_57 = "stablehlo.constant"() <{value = dense<8388607> : tensor<ui32>}> : () -> tensor<ui32>
    %213 = "stablehlo.broadcast_in_dim"(%c_57) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<300x2x1xui32>
    %214 = "stablehlo.and"(%210, %213) : (tensor<300x2x1xui32>, tensor<300x2x1xui32>) -> tensor<300x2x1xui32>
    %c_58 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %215 = "stablehlo.broadcast_in_dim"(%c_58) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<300x2x1xui32>
    %216 = "stablehlo.compare"(%214, %215) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<300x2x1xui32>, tensor<300x2x1xui32>) -> tensor<300x2x1xi1>
    %c_59 = "stablehlo.constant"() <{value = dense<254> : tensor<ui32>}> : () -> tensor<ui32>
    %217 = "stablehlo.broadcast_in_dim"(%c_59) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<300x2x1xui32>
    %218 = "stablehlo.compare"(%212, %217) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<300x2x1xui32>, tensor<300x2x1xui32>) -> tensor<300x2x1xi1>
    %219 = "stablehlo.and"(%216, %218) : (tensor<300x2x1xi1>, tensor<300x2x1xi1>) -> tensor<300x2x1xi1>
    %c_60 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %220 = "stablehlo.broadcast_in_dim"(%c_60) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<300x2x1xui32>
    %221 = "stablehlo.compare"(%212, %220) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<300x2x1xui32>, tensor<300x2x1xui32>) -> tensor<300x2x1xi1>
    %c_61 = "stablehlo.constant"() <{value = dense<4194304> : tensor<ui32>}> : () -> tensor<ui32>
    %222 = "stablehlo.broadcast_in_dim"(%c_61) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<300x2x1xui32>
    %223 = "stablehlo.compare"(%214, %222) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}> : (tensor<300x2x1xui32>, tensor<300x2x1xui32>) -> tensor<300x2x1xi1>
    %224 = "stablehlo.and"(%221, %223) : (tensor<300x2x1xi1>, tensor<300x2x1xi1>) -> tensor<300x2x1xi1>
    %225 = "stablehlo.not"(%224) : (tensor<300x2x1xi1>) -> tensor<300x2x1xi1>
    %226 = "stablehlo.and"(%219, %225) : (tensor<300x2x1xi1>, tensor<300x2x1xi1>) -> tensor<300x2x1xi1>
    %c_62 = "stablehlo.constant"() <{value = dense<1> : tensor<ui32>}> : () -> tensor<ui32>
    %227 = "stablehlo.broadcast_in_dim"(%c_62) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<300x2x1xui32>
    %228 = "stablehlo.add"(%212, %227) : (tensor<300x2x1xui32>, tensor<300x2x1xui32>) -> tensor<300x2x1xui32>
    %229 = "func.call"(%226, %228, %212) <{callee = @_where_4}> : (tensor<300x2x1xi1>, tensor<300x2x1xui32>, tensor<300x2x1xui32>) -> tensor<300x2x1xui32>
    %230 = "stablehlo.convert"(%229) : (tensor<300x2x1xui32>) -> tensor<300x2x1xui8>
    %231 = "stablehlo.convert"(%230) : (tensor<300x2x1xui8>) -> tensor<300x2x1xui32>
    %c_63 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %232 = "stablehlo.broadcast_in_dim"(%c_63) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<300x2x1xui32>
    %233 = "stablehlo.shift_left"(%231, %232) : (tensor<300x2x1xui32>, tensor<300x2x1xui32>) -> tensor<300x2x1xui32>
    %234 = "stablehlo.bitcast_convert"(%233) : (tensor<300x2x1xui32>) -> tensor<300x2x1xf32>
    %cst_64 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %235 = "stablehlo.broadcast_in_dim"(%cst_64) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<300x2x1xf32>
    %236 = "stablehlo.compare"(%234, %235) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<300x2x1xf32>, tensor<300x2x1xf32>) -> tensor<300x2x1xi1>
    %cst_65 = "stablehlo.constant"() <{value = dense<5.87747175E-39> : tensor<f32>}> : () -> tensor<f32>
    %237 = "func.call"(%236, %cst_65, %234) <{callee = @_where_5}> : (tensor<300x2x1xi1>, tensor<f32>, tensor<300x2x1xf32>) -> tensor<300x2x1xf32>
    %238 = "stablehlo.convert"(%237) : (tensor<300x2x1xf32>) -> tensor<300x2x1xbf16>
    %239 = "stablehlo.broadcast_in_dim"(%238) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<300x2x1xbf16>) -> tensor<300x2x32xbf16>
    %240 = "stablehlo.divide"(%203, %239) : (tensor<300x2x32xbf16>, tensor<300x2x32xbf16>) -> tensor<300x2x32xbf16>
    %cst_66 = "stablehlo.constant"() <{value = dense<-4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %cst_67 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %241 = "func.call"(%240, %cst_66, %cst_67) <{callee = @clip_6}> : (tensor<300x2x32xbf16>, tensor<bf16>, tensor<bf16>) -> tensor<300x2x32xbf16>
    %242 = "stablehlo.convert"(%241) : (tensor<300x2x32xbf16>) -> tensor<300x2x32xf8E4M3FN>
    %243 = "stablehlo.reshape"(%242) : (tensor<300x2x32xf8E4M3FN>) -> tensor<300x64xf8E4M3FN>
    %244 = "stablehlo.reshape"(%230) : (tensor<300x2x1xui8>) -> tensor<300x2xui8>
    %245 = "stablehlo.bitcast_convert"(%244) : (tensor<300x2xui8>) -> tensor<300x2xf8E8M0FNU>
    "func.return"(%243, %245) : (tensor<300x64xf8E4M3FN>, tensor<300x2xf8E8M0FNU>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<300x1x1xi1>, tensor<300x1x1xui32>, tensor<300x1x1xui32>) -> tensor<300x1x1xui32>, sym_name = "_where", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<300x1x1xi1>, %arg1: tensor<300x1x1xui32>, %arg2: tensor<300x1x1xui32>):
    %0 = "stablehlo.select"(%arg0, %arg1, %arg2) : (tensor<300x1x1xi1>, tensor<300x1x1xui32>, tensor<300x1x1xui32>) -> tensor<300x1x1xui32>
    "func.return"(%0) : (tensor<300x1x1xui32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<300x1x1xi1>, tensor<f32>, tensor<300x1x1xf32>) -> tensor<300x1x1xf32>, sym_name = "_where_0", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<300x1x1xi1>, %arg1: tensor<f32>, %arg2: tensor<300x1x1xf32>):
    %0 = "stablehlo.broadcast_in_dim"(%arg1) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<300x1x1xf32>
    %1 = "stablehlo.select"(%arg0, %0, %arg2) : (tensor<300x1x1xi1>, tensor<300x1x1xf32>, tensor<300x1x1xf32>) -> tensor<300x1x1xf32>
    "func.return"(%1) : (tensor<300x1x1xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<300x1x32xbf16>, tensor<bf16>, tensor<bf16>) -> tensor<300x1x32xbf16>, sym_name = "clip", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<300x1x32xbf16>, %arg1: tensor<bf16>, %arg2: tensor<bf16>):
    %0 = "stablehlo.broadcast_in_dim"(%arg1) <{broadcast_dimensions = array<i64>}> : (tensor<bf16>) -> tensor<300x1x32xbf16>
    %1 = "stablehlo.maximum"(%0, %arg0) : (tensor<300x1x32xbf16>, tensor<300x1x32xbf16>) -> tensor<300x1x32xbf16>
    %2 = "stablehlo.broadcast_in_dim"(%arg2) <{broadcast_dimensions = array<i64>}> : (tensor<bf16>) -> tensor<300x1x32xbf16>
    %3 = "stablehlo.minimum"(%2, %1) : (tensor<300x1x32xbf16>, tensor<300x1x32xbf16>) -> tensor<300x1x32xbf16>
    "func.return"(%3) : (tensor<300x1x32xbf16>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<64x1x1xi1>, tensor<64x1x1xui32>, tensor<64x1x1xui32>) -> tensor<64x1x1xui32>, sym_name = "_where_1", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<64x1x1xi1>, %arg1: tensor<64x1x1xui32>, %arg2: tensor<64x1x1xui32>):
    %0 = "stablehlo.select"(%arg0, %arg1, %arg2) : (tensor<64x1x1xi1>, tensor<64x1x1xui32>, tensor<64x1x1xui32>) -> tensor<64x1x1xui32>
    "func.return"(%0) : (tensor<64x1x1xui32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<64x1x1xi1>, tensor<f32>, tensor<64x1x1xf32>) -> tensor<64x1x1xf32>, sym_name = "_where_2", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<64x1x1xi1>, %arg1: tensor<f32>, %arg2: tensor<64x1x1xf32>):
    %0 = "stablehlo.broadcast_in_dim"(%arg1) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x1x1xf32>
    %1 = "stablehlo.select"(%arg0, %0, %arg2) : (tensor<64x1x1xi1>, tensor<64x1x1xf32>, tensor<64x1x1xf32>) -> tensor<64x1x1xf32>
    "func.return"(%1) : (tensor<64x1x1xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<64x1x32xf32>, tensor<f32>, tensor<f32>) -> tensor<64x1x32xf32>, sym_name = "clip_3", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<64x1x32xf32>, %arg1: tensor<f32>, %arg2: tensor<f32>):
    %0 = "stablehlo.broadcast_in_dim"(%arg1) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x1x32xf32>
    %1 = "stablehlo.maximum"(%0, %arg0) : (tensor<64x1x32xf32>, tensor<64x1x32xf32>) -> tensor<64x1x32xf32>
    %2 = "stablehlo.broadcast_in_dim"(%arg2) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x1x32xf32>
    %3 = "stablehlo.minimum"(%2, %1) : (tensor<64x1x32xf32>, tensor<64x1x32xf32>) -> tensor<64x1x32xf32>
    "func.return"(%3) : (tensor<64x1x32xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<300x64xf32>) -> tensor<300x64xf32>, sym_name = "silu", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<300x64xf32>):
    %0 = "stablehlo.negate"(%arg0) : (tensor<300x64xf32>) -> tensor<300x64xf32>
    %1 = "stablehlo.exponential"(%0) : (tensor<300x64xf32>) -> tensor<300x64xf32>
    %cst = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %2 = "stablehlo.broadcast_in_dim"(%cst) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<300x64xf32>
    %3 = "stablehlo.add"(%2, %1) : (tensor<300x64xf32>, tensor<300x64xf32>) -> tensor<300x64xf32>
    %cst_0 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %4 = "stablehlo.broadcast_in_dim"(%cst_0) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<300x64xf32>
    %5 = "stablehlo.divide"(%4, %3) : (tensor<300x64xf32>, tensor<300x64xf32>) -> tensor<300x64xf32>
    %6 = "stablehlo.multiply"(%arg0, %5) : (tensor<300x64xf32>, tensor<300x64xf32>) -> tensor<300x64xf32>
    "func.return"(%6) : (tensor<300x64xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<300x2x1xi1>, tensor<300x2x1xui32>, tensor<300x2x1xui32>) -> tensor<300x2x1xui32>, sym_name = "_where_4", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<300x2x1xi1>, %arg1: tensor<300x2x1xui32>, %arg2: tensor<300x2x1xui32>):
    %0 = "stablehlo.select"(%arg0, %arg1, %arg2) : (tensor<300x2x1xi1>, tensor<300x2x1xui32>, tensor<300x2x1xui32>) -> tensor<300x2x1xui32>
    "func.return"(%0) : (tensor<300x2x1xui32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<300x2x1xi1>, tensor<f32>, tensor<300x2x1xf32>) -> tensor<300x2x1xf32>, sym_name = "_where_5", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<300x2x1xi1>, %arg1: tensor<f32>, %arg2: tensor<300x2x1xf32>):
    %0 = "stablehlo.broadcast_in_dim"(%arg1) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<300x2x1xf32>
    %1 = "stablehlo.select"(%arg0, %0, %arg2) : (tensor<300x2x1xi1>, tensor<300x2x1xf32>, tensor<300x2x1xf32>) -> tensor<300x2x1xf32>
    "func.return"(%1) : (tensor<300x2x1xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<300x2x32xbf16>, tensor<bf16>, tensor<bf16>) -> tensor<300x2x32xbf16>, sym_name = "clip_6", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<300x2x32xbf16>, %arg1: tensor<bf16>, %arg2: tensor<bf16>):
    %0 = "stablehlo.broadcast_in_dim"(%arg1) <{broadcast_dimensions = array<i64>}> : (tensor<bf16>) -> tensor<300x2x32xbf16>
    %1 = "stablehlo.maximum"(%0, %arg0) : (tensor<300x2x32xbf16>, tensor<300x2x32xbf16>) -> tensor<300x2x32xbf16>
    %2 = "stablehlo.broadcast_in_dim"(%arg2) <{broadcast_dimensions = array<i64>}> : (tensor<bf16>) -> tensor<300x2x32xbf16>
    %3 = "stablehlo.minimum"(%2, %1) : (tensor<300x2x32xbf16>, tensor<300x2x32xbf16>) -> tensor<300x2x32xbf16>
    "func.return"(%3) : (tensor<300x2x32xbf16>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
