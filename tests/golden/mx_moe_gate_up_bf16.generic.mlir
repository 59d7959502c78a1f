"builtin.module"() <{sym_name = "jit_mx_moe_gate_up"}> ({
  "func.func"() <{function_type = (tensor<24x128xbf16>, tensor<128x4xf32>, tensor<4x128x96xf32>, tensor<4x96xf32>, tensor<4x128x96xf32>, tensor<4x96xf32>, tensor<4x96x128xf32>) -> tensor<24x128xbf16>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<24x128xbf16>, %arg1: tensor<128x4xf32>, %arg2: tensor<4x128x96xf32>, %arg3: tensor<4x96xf32>, %arg4: tensor<4x128x96xf32>, %arg5: tensor<4x96xf32>, %arg6: tensor<4x96x128xf32>):
    %0 = "stablehlo.convert"(%arg0) : (tensor<24x128xbf16>) -> tensor<24x128xf32>
    %1 = "stablehlo.dot_general"(%0, %arg1) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<24x128xf32>, tensor<128x4xf32>) -> tensor<24x4xf32>
    %cst = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %2 = "stablehlo.reduce"(%1, %cst) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg7: tensor<f32>, %arg8: tensor<f32>):
      %3 = "stablehlo.maximum"(%arg7, %arg8) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%3) : (tensor<f32>) -> ()
    }) : (tensor<24x4xf32>, tensor<f32>) -> tensor<24xf32>
    %cst_0 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %3 = "stablehlo.broadcast_in_dim"(%cst_0) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<24xf32>
    %4 = "stablehlo.maximum"(%3, %2) : (tensor<24xf32>, tensor<24xf32>) -> tensor<24xf32>
    %5 = "stablehlo.broadcast_in_dim"(%4) <{broadcast_dimensions = array<i64: 0>}> : (tensor<24xf32>) -> tensor<24x1xf32>
    %6 = "stablehlo.broadcast_in_dim"(%5) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<24x1xf32>) -> tensor<24x4xf32>
    %7 = "stablehlo.subtract"(%1, %6) : (tensor<24x4xf32>, tensor<24x4xf32>) -> tensor<24x4xf32>
    %8 = "stablehlo.exponential"(%7) : (tensor<24x4xf32>) -> tensor<24x4xf32>
    %cst_1 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %9 = "stablehlo.reduce"(%8, %cst_1) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg7: tensor<f32>, %arg8: tensor<f32>):
      %10 = "stablehlo.add"(%arg7, %arg8) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%10) : (tensor<f32>) -> ()
    }) : (tensor<24x4xf32>, tensor<f32>) -> tensor<24xf32>
    %10 = "stablehlo.broadcast_in_dim"(%9) <{broadcast_dimensions = array<i64: 0>}> : (tensor<24xf32>) -> tensor<24x1xf32>
    %11 = "stablehlo.broadcast_in_dim"(%10) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<24x1xf32>) -> tensor<24x4xf32>
    %12 = "stablehlo.divide"(%8, %11) : (tensor<24x4xf32>, tensor<24x4xf32>) -> tensor<24x4xf32>
    %values, %indices = "chlo.top_k"(%12) <{k = 2 : i64}> : (tensor<24x4xf32>) -> (tensor<24x2xf32>, tensor<24x2xi32>)
    %13 = "func.call"(%indices) <{callee = @_one_hot}> : (tensor<24x2xi32>) -> tensor<24x2x4xf32>
    %cst_2 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %14 = "stablehlo.reduce"(%values, %cst_2) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg7: tensor<f32>, %arg8: tensor<f32>):
      %15 = "stablehlo.add"(%arg7, %arg8) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%15) : (tensor<f32>) -> ()
    }) : (tensor<24x2xf32>, tensor<f32>) -> tensor<24xf32>
    %15 = "stablehlo.broadcast_in_dim"(%14) <{broadcast_dimensions = array<i64: 0>}> : (tensor<24xf32>) -> tensor<24x1xf32>
    %16 = "stablehlo.broadcast_in_dim"(%15) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<24x1xf32>) -> tensor<24x2xf32>
    %17 = "stablehlo.divide"(%values, %16) : (tensor<24x2xf32>, tensor<24x2xf32>) -> tensor<24x2xf32>
    %18 = "stablehlo.broadcast_in_dim"(%17) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<24x2xf32>) -> tensor<24x2x1xf32>
    %19 = "stablehlo.broadcast_in_dim"(%18) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<24x2x1xf32>) -> tensor<24x2x4xf32>
    %20 = "stablehlo.multiply"(%13, %19) : (tensor<24x2x4xf32>, tensor<24x2x4xf32>) -> tensor<24x2x4xf32>
    %cst_3 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %21 = "stablehlo.reduce"(%20, %cst_3) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg7: tensor<f32>, %arg8: tensor<f32>):
      %22 = "stablehlo.add"(%arg7, %arg8) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%22) : (tensor<f32>) -> ()
    }) : (tensor<24x2x4xf32>, tensor<f32>) -> tensor<24x4xf32>
    %22 = "stablehlo.slice"(%arg2) <{limit_indices = array<i64: 1, 128, 96>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>}> : (tensor<4x128x96xf32>) -> tensor<1x128x96xf32>
    %23 = "stablehlo.reshape"(%22) : (tensor<1x128x96xf32>) -> tensor<128x96xf32>
    %24 = "stablehlo.reshape"(%arg0) : (tensor<24x128xbf16>) -> tensor<24x4x32xbf16>
    %25 = "stablehlo.abs"(%24) : (tensor<24x4x32xbf16>) -> tensor<24x4x32xbf16>
    %cst_4 = "stablehlo.constant"() <{value = dense<0xFF80> : tensor<bf16>}> : () -> tensor<bf16>
    %26 = "stablehlo.reduce"(%25, %cst_4) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg7: tensor<bf16>, %arg8: tensor<bf16>):
      %27 = "stablehlo.maximum"(%arg7, %arg8) : (tensor<bf16>, tensor<bf16>) -> tensor<bf16>
      "stablehlo.return"(%27) : (tensor<bf16>) -> ()
    }) : (tensor<24x4x32xbf16>, tensor<bf16>) -> tensor<24x4xbf16>
    %27 = "stablehlo.broadcast_in_dim"(%26) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<24x4xbf16>) -> tensor<24x4x1xbf16>
    %cst_5 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %28 = "stablehlo.broadcast_in_dim"(%cst_5) <{broadcast_dimensions = array<i64>}> : (tensor<bf16>) -> tensor<24x4x1xbf16>
    %29 = "stablehlo.divide"(%27, %28) : (tensor<24x4x1xbf16>, tensor<24x4x1xbf16>) -> tensor<24x4x1xbf16>
    %30 = "stablehlo.convert"(%29) : (tensor<24x4x1xbf16>) -> tensor<24x4x1xf32>
    %31 = "stablehlo.bitcast_convert"(%30) : (tensor<24x4x1xf32>) -> tensor<24x4x1xui32>
    %c = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %32 = "stablehlo.broadcast_in_dim"(%c) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %33 = "stablehlo.shift_right_logical"(%31, %32) : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xui32>
    %c_6 = "stablehlo.constant"() <{value = dense<8388607> : tensor<ui32>}> : () -> tensor<ui32>
    %34 = "stablehlo.broadcast_in_dim"(%c_6) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %35 = "stablehlo.and"(%31, %34) : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xui32>
    %c_7 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %36 = "stablehlo.broadcast_in_dim"(%c_7) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %37 = "stablehlo.compare"(%35, %36) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xi1>
    %c_8 = "stablehlo.constant"() <{value = dense<254> : tensor<ui32>}> : () -> tensor<ui32>
    %38 = "stablehlo.broadcast_in_dim"(%c_8) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %39 = "stablehlo.compare"(%33, %38) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xi1>
    %40 = "stablehlo.and"(%37, %39) : (tensor<24x4x1xi1>, tensor<24x4x1xi1>) -> tensor<24x4x1xi1>
    %c_9 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %41 = "stablehlo.broadcast_in_dim"(%c_9) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %42 = "stablehlo.compare"(%33, %41) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xi1>
    %c_10 = "stablehlo.constant"() <{value = dense<4194304> : tensor<ui32>}> : () -> tensor<ui32>
    %43 = "stablehlo.broadcast_in_dim"(%c_10) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %44 = "stablehlo.compare"(%35, %43) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}> : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xi1>
    %45 = "stablehlo.and"(%42, %44) : (tensor<24x4x1xi1>, tensor<24x4x1xi1>) -> tensor<24x4x1xi1>
    %46 = "stablehlo.not"(%45) : (tensor<24x4x1xi1>) -> tensor<24x4x1xi1>
    %47 = "stablehlo.and"(%40, %46) : (tensor<24x4x1xi1>, tensor<24x4x1xi1>) -> tensor<24x4x1xi1>
    %c_11 = "stablehlo.constant"() <{value = dense<1> : tensor<ui32>}> : () -> tensor<ui32>
    %48 = "stablehlo.broadcast_in_dim"(%c_11) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %49 = "stablehlo.add"(%33, %48) : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xui32>
    %50 = "func.call"(%47, %49, %33) <{callee = @_where}> : (tensor<24x4x1xi1>, tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xui32>
    %51 = "stablehlo.convert"(%50) : (tensor<24x4x1xui32>) -> tensor<24x4x1xui8>
    %52 = "stablehlo.convert"(%51) : (tensor<24x4x1xui8>) -> tensor<24x4x1xui32>
    %c_12 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %53 = "stablehlo.broadcast_in_dim"(%c_12) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %54 = "stablehlo.shift_left"(%52, %53) : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xui32>
    %55 = "stablehlo.bitcast_convert"(%54) : (tensor<24x4x1xui32>) -> tensor<24x4x1xf32>
    %cst_13 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %56 = "stablehlo.broadcast_in_dim"(%cst_13) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<24x4x1xf32>
    %57 = "stablehlo.compare"(%55, %56) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<24x4x1xf32>, tensor<24x4x1xf32>) -> tensor<24x4x1xi1>
    %cst_14 = "stablehlo.constant"() <{value = dense<5.87747175E-39> : tensor<f32>}> : () -> tensor<f32>
    %58 = "func.call"(%57, %cst_14, %55) <{callee = @_where_0}> : (tensor<24x4x1xi1>, tensor<f32>, tensor<24x4x1xf32>) -> tensor<24x4x1xf32>
    %59 = "stablehlo.convert"(%58) : (tensor<24x4x1xf32>) -> tensor<24x4x1xbf16>
    %60 = "stablehlo.broadcast_in_dim"(%59) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<24x4x1xbf16>) -> tensor<24x4x32xbf16>
    %61 = "stablehlo.divide"(%24, %60) : (tensor<24x4x32xbf16>, tensor<24x4x32xbf16>) -> tensor<24x4x32xbf16>
    %cst_15 = "stablehlo.constant"() <{value = dense<-4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %cst_16 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %62 = "func.call"(%61, %cst_15, %cst_16) <{callee = @clip}> : (tensor<24x4x32xbf16>, tensor<bf16>, tensor<bf16>) -> tensor<24x4x32xbf16>
    %63 = "stablehlo.convert"(%62) : (tensor<24x4x32xbf16>) -> tensor<24x4x32xf8E4M3FN>
    %64 = "stablehlo.reshape"(%63) : (tensor<24x4x32xf8E4M3FN>) -> tensor<24x128xf8E4M3FN>
    %65 = "stablehlo.reshape"(%51) : (tensor<24x4x1xui8>) -> tensor<24x4xui8>
    %66 = "stablehlo.bitcast_convert"(%65) : (tensor<24x4xui8>) -> tensor<24x4xf8E8M0FNU>
    %67 = "stablehlo.convert"(%64) : (tensor<24x128xf8E4M3FN>) -> tensor<24x128xf32>
    %68 = "stablehlo.reshape"(%67) : (tensor<24x128xf32>) -> tensor<24x4x32xf32>
    %69 = "stablehlo.convert"(%66) : (tensor<24x4xf8E8M0FNU>) -> tensor<24x4xf32>
    %70 = "stablehlo.broadcast_in_dim"(%69) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<24x4xf32>) -> tensor<24x4x1xf32>
    %71 = "stablehlo.broadcast_in_dim"(%70) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<24x4x1xf32>) -> tensor<24x4x32xf32>
    %72 = "stablehlo.multiply"(%68, %71) : (tensor<24x4x32xf32>, tensor<24x4x32xf32>) -> tensor<24x4x32xf32>
    %73 = "stablehlo.reshape"(%72) : (tensor<24x4x32xf32>) -> tensor<24x128xf32>
    %74 = "stablehlo.transpose"(%23) <{permutation = array<i64: 1, 0>}> : (tensor<128x96xf32>) -> tensor<96x128xf32>
    %75 = "stablehlo.reshape"(%74) : (tensor<96x128xf32>) -> tensor<96x4x32xf32>
    %76 = "stablehlo.abs"(%75) : (tensor<96x4x32xf32>) -> tensor<96x4x32xf32>
    %cst_17 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %77 = "stablehlo.reduce"(%76, %cst_17) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg7: tensor<f32>, %arg8: tensor<f32>):
      %78 = "stablehlo.maximum"(%arg7, %arg8) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%78) : (tensor<f32>) -> ()
    }) : (tensor<96x4x32xf32>, tensor<f32>) -> tensor<96x4xf32>
    %78 = "stablehlo.broadcast_in_dim"(%77) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<96x4xf32>) -> tensor<96x4x1xf32>
    %cst_18 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<f32>}> : () -> tensor<f32>
    %79 = "stablehlo.broadcast_in_dim"(%cst_18) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<96x4x1xf32>
    %80 = "stablehlo.divide"(%78, %79) : (tensor<96x4x1xf32>, tensor<96x4x1xf32>) -> tensor<96x4x1xf32>
    %81 = "stablehlo.bitcast_convert"(%80) : (tensor<96x4x1xf32>) -> tensor<96x4x1xui32>
    %c_19 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %82 = "stablehlo.broadcast_in_dim"(%c_19) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %83 = "stablehlo.shift_right_logical"(%81, %82) : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xui32>
    %c_20 = "stablehlo.constant"() <{value = dense<8388607> : tensor<ui32>}> : () -> tensor<ui32>
    %84 = "stablehlo.broadcast_in_dim"(%c_20) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %85 = "stablehlo.and"(%81, %84) : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xui32>
    %c_21 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %86 = "stablehlo.broadcast_in_dim"(%c_21) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %87 = "stablehlo.compare"(%85, %86) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xi1>
    %c_22 = "stablehlo.constant"() <{value = dense<254> : tensor<ui32>}> : () -> tensor<ui32>
    %88 = "stablehlo.broadcast_in_dim"(%c_22) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %89 = "stablehlo.compare"(%83, %88) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xi1>
    %90 = "stablehlo.and"(%87, %89) : (tensor<96x4x1xi1>, tensor<96x4x1xi1>) -> tensor<96x4x1xi1>
    %c_23 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %91 = "stablehlo.broadcast_in_dim"(%c_23) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %92 = "stablehlo.compare"(%83, %91) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xi1>
    %c_24 = "stablehlo.constant"() <{value = dense<4194304> : tensor<ui32>}> : () -> tensor<ui32>
    %93 = "stablehlo.broadcast_in_dim"(%c_24) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %94 = "stablehlo.compare"(%85, %93) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}> : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xi1>
    %95 = "stablehlo.and"(%92, %94) : (tensor<96x4x1xi1>, tensor<96x4x1xi1>) -> tensor<96x4x1xi1>
    %96 = "stablehlo.not"(%95) : (tensor<96x4x1xi1>) -> tensor<96x4x1xi1>
    %97 = "stablehlo.and"(%90, %96) : (tensor<96x4x1xi1>, tensor<96x4x1xi1>) -> tensor<96x4x1xi1>
    %c_25 = "stablehlo.constant"() <{value = dense<1> : tensor<ui32>}> : () -> tensor<ui32>
    %98 = "stablehlo.broadcast_in_dim"(%c_25) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %99 = "stablehlo.add"(%83, %98) : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xui32>
    %100 = "func.call"(%97, %99, %83) <{callee = @_where_1}> : (tensor<96x4x1xi1>, tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xui32>
    %101 = "stablehlo.convert"(%100) : (tensor<96x4x1xui32>) -> tensor<96x4x1xui8>
    %102 = "stablehlo.convert"(%101) : (tensor<96x4x1xui8>) -> tensor<96x4x1xui32>
    %c_26 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %103 = "stablehlo.broadcast_in_dim"(%c_26) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %104 = "stablehlo.shift_left"(%102, %103) : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xui32>
    %105 = "stablehlo.bitcast_convert"(%104) : (tensor<96x4x1xui32>) -> tensor<96x4x1xf32>
    %cst_27 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %106 = "stablehlo.broadcast_in_dim"(%cst_27) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<96x4x1xf32>
    %107 = "stablehlo.compare"(%105, %106) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<96x4x1xf32>, tensor<96x4x1xf32>) -> tensor<96x4x1xi1>
    %cst_28 = "stablehlo.constant"() <{value = dense<5.87747175E-39> : tensor<f32>}> : () -> tensor<f32>
    %108 = "func.call"(%107, %cst_28, %105) <{callee = @_where_2}> : (tensor<96x4x1xi1>, tensor<f32>, tensor<96x4x1xf32>) -> tensor<96x4x1xf32>
    %109 = "stablehlo.broadcast_in_dim"(%108) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<96x4x1xf32>) -> tensor<96x4x32xf32>
    %110 = "stablehlo.divide"(%75, %109) : (tensor<96x4x32xf32>, tensor<96x4x32xf32>) -> tensor<96x4x32xf32>
    %cst_29 = "stablehlo.constant"() <{value = dense<-4.480000e+02> : tensor<f32>}> : () -> tensor<f32>
    %cst_30 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<f32>}> : () -> tensor<f32>
    %111 = "func.call"(%110, %cst_29, %cst_30) <{callee = @clip_3}> : (tensor<96x4x32xf32>, tensor<f32>, tensor<f32>) -> tensor<96x4x32xf32>
    %112 = "stablehlo.convert"(%111) : (tensor<96x4x32xf32>) -> tensor<96x4x32xf8E4M3FN>
    %113 = "stablehlo.reshape"(%112) : (tensor<96x4x32xf8E4M3FN>) -> tensor<96x128xf8E4M3FN>
    %114 = "stablehlo.reshape"(%101) : (tensor<96x4x1xui8>) -> tensor<96x4xui8>
    %115 = "stablehlo.bitcast_convert"(%114) : (tensor<96x4xui8>) -> tensor<96x4xf8E8M0FNU>
    %116 = "stablehlo.convert"(%113) : (tensor<96x128xf8E4M3FN>) -> tensor<96x128xf32>
    %117 = "stablehlo.reshape"(%116) : (tensor<96x128xf32>) -> tensor<96x4x32xf32>
    %118 = "stablehlo.convert"(%115) : (tensor<96x4xf8E8M0FNU>) -> tensor<96x4xf32>
    %119 = "stablehlo.broadcast_in_dim"(%118) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<96x4xf32>) -> tensor<96x4x1xf32>
    %120 = "stablehlo.broadcast_in_dim"(%119) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<96x4x1xf32>) -> tensor<96x4x32xf32>
    %121 = "stablehlo.multiply"(%117, %120) : (tensor<96x4x32xf32>, tensor<96x4x32xf32>) -> tensor<96x4x32xf32>
    %122 = "stablehlo.reshape"(%121) : (tensor<96x4x32xf32>) -> tensor<96x128xf32>
    %123 = "stablehlo.dot_general"(%73, %122) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<24x128xf32>, tensor<96x128xf32>) -> tensor<24x96xf32>
    %124 = "stablehlo.slice"(%arg3) <{limit_indices = array<i64: 1, 96>, start_indices = array<i64: 0, 0>, strides = array<i64: 1, 1>}> : (tensor<4x96xf32>) -> tensor<1x96xf32>
    %125 = "stablehlo.reshape"(%124) : (tensor<1x96xf32>) -> tensor<96xf32>
    %126 = "stablehlo.broadcast_in_dim"(%125) <{broadcast_dimensions = array<i64: 1>}> : (tensor<96xf32>) -> tensor<1x96xf32>
    %127 = "stablehlo.broadcast_in_dim"(%126) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x96xf32>) -> tensor<24x96xf32>
    %128 = "stablehlo.add"(%123, %127) : (tensor<24x96xf32>, tensor<24x96xf32>) -> tensor<24x96xf32>
    %cst_31 = "stablehlo.constant"() <{value = dense<7.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %129 = "stablehlo.broadcast_in_dim"(%cst_31) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<24x96xf32>
    %130 = "stablehlo.minimum"(%128, %129) : (tensor<24x96xf32>, tensor<24x96xf32>) -> tensor<24x96xf32>
    %131 = "stablehlo.slice"(%arg4) <{limit_indices = array<i64: 1, 128, 96>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>}> : (tensor<4x128x96xf32>) -> tensor<1x128x96xf32>
    %132 = "stablehlo.reshape"(%131) : (tensor<1x128x96xf32>) -> tensor<128x96xf32>
    %133 = "stablehlo.reshape"(%arg0) : (tensor<24x128xbf16>) -> tensor<24x4x32xbf16>
    %134 = "stablehlo.abs"(%133) : (tensor<24x4x32xbf16>) -> tensor<24x4x32xbf16>
    %cst_32 = "stablehlo.constant"() <{value = dense<0xFF80> : tensor<bf16>}> : () -> tensor<bf16>
    %135 = "stablehlo.reduce"(%134, %cst_32) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg7: tensor<bf16>, %arg8: tensor<bf16>):
      %136 = "stablehlo.maximum"(%arg7, %arg8) : (tensor<bf16>, tensor<bf16>) -> tensor<bf16>
      "stablehlo.return"(%136) : (tensor<bf16>) -> ()
    }) : (tensor<24x4x32xbf16>, tensor<bf16>) -> tensor<24x4xbf16>
    %136 = "stablehlo.broadcast_in_dim"(%135) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<24x4xbf16>) -> tensor<24x4x1xbf16>
    %cst_33 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %137 = "stablehlo.broadcast_in_dim"(%cst_33) <{broadcast_dimensions = array<i64>}> : (tensor<bf16>) -> tensor<24x4x1xbf16>
    %138 = "stablehlo.divide"(%136, %137) : (tensor<24x4x1xbf16>, tensor<24x4x1xbf16>) -> tensor<24x4x1xbf16>
    %139 = "stablehlo.convert"(%138) : (tensor<24x4x1xbf16>) -> tensor<24x4x1xf32>
    %140 = "stablehlo.bitcast_convert"(%139) : (tensor<24x4x1xf32>) -> tensor<24x4x1xui32>
    %c_34 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %141 = "stablehlo.broadcast_in_dim"(%c_34) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %142 = "stablehlo.shift_right_logical"(%140, %141) : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xui32>
    %c_35 = "stablehlo.constant"() <{value = dense<8388607> : tensor<ui32>}> : () -> tensor<ui32>
    %143 = "stablehlo.broadcast_in_dim"(%c_35) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %144 = "stablehlo.and"(%140, %143) : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xui32>
    %c_36 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %145 = "stablehlo.broadcast_in_dim"(%c_36) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %146 = "stablehlo.compare"(%144, %145) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xi1>
    %c_37 = "stablehlo.constant"() <{value = dense<254> : tensor<ui32>}> : () -> tensor<ui32>
    %147 = "stablehlo.broadcast_in_dim"(%c_37) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %148 = "stablehlo.compare"(%142, %147) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xi1>
    %149 = "stablehlo.and"(%146, %148) : (tensor<24x4x1xi1>, tensor<24x4x1xi1>) -> tensor<24x4x1xi1>
    %c_38 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %150 = "stablehlo.broadcast_in_dim"(%c_38) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %151 = "stablehlo.compare"(%142, %150) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xi1>
    %c_39 = "stablehlo.constant"() <{value = dense<4194304> : tensor<ui32>}> : () -> tensor<ui32>
    %152 = "stablehlo.broadcast_in_dim"(%c_39) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %153 = "stablehlo.compare"(%144, %152) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}> : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xi1>
    %154 = "stablehlo.and"(%151, %153) : (tensor<24x4x1xi1>, tensor<24x4x1xi1>) -> tensor<24x4x1xi1>
    %155 = "stablehlo.not"(%154) : (tensor<24x4x1xi1>) -> tensor<24x4x1xi1>
    %156 = "stablehlo.and"(%149, %155) : (tensor<24x4x1xi1>, tensor<24x4x1xi1>) -> tensor<24x4x1xi1>
    %c_40 = "stablehlo.constant"() <{value = dense<1> : tensor<ui32>}> : () -> tensor<ui32>
    %157 = "stablehlo.broadcast_in_dim"(%c_40) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %158 = "stablehlo.add"(%142, %157) : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xui32>
    %159 = "func.call"(%156, %158, %142) <{callee = @_where}> : (tensor<24x4x1xi1>, tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xui32>
    %160 = "stablehlo.convert"(%159) : (tensor<24x4x1xui32>) -> tensor<24x4x1xui8>
    %161 = "stablehlo.convert"(%160) : (tensor<24x4x1xui8>) -> tensor<24x4x1xui32>
    %c_41 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %162 = "stablehlo.broadcast_in_dim"(%c_41) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %163 = "stablehlo.shift_left"(%161, %162) : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xui32>
    %164 = "stablehlo.bitcast_convert"(%163) : (tensor<24x4x1xui32>) -> tensor<24x4x1xf32>
    %cst_42 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %165 = "stablehlo.broadcast_in_dim"(%cst_42) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<24x4x1xf32>
    %166 = "stablehlo.compare"(%164, %165) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<24x4x1xf32>, tensor<24x4x1xf32>) -> tensor<24x4x1xi1>
    %cst_43 = "stablehlo.constant"() <{value = dense<5.87747175E-39> : tensor<f32>}> : () -> tensor<f32>
    %167 = "func.call"(%166, %cst_43, %164) <{callee = @_where_0}> : (tensor<24x4x1xi1>, tensor<f32>, tensor<24x4x1xf32>) -> tensor<24x4x1xf32>
    %168 = "stablehlo.convert"(%167) : (tensor<24x4x1xf32>) -> tensor<24x4x1xbf16>
    %169 = "stablehlo.broadcast_in_dim"(%168) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<24x4x1xbf16>) -> tensor<24x4x32xbf16>
    %170 = "stablehlo.divide"(%133, %169) : (tensor<24x4x32xbf16>, tensor<24x4x32xbf16>) -> tensor<24x4x32xbf16>
    %cst_44 = "stablehlo.constant"() <{value = dense<-4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %cst_45 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %171 = "func.call"(%170, %cst_44, %cst_45) <{callee = @clip}> : (tensor<24x4x32xbf16>, tensor<bf16>, tensor<bf16>) -> tensor<24x4x32xbf16>
    %172 = "stablehlo.convert"(%171) : (tensor<24x4x32xbf16>) -> tensor<24x4x32xf8E4M3FN>
    %173 = "stablehlo.reshape"(%172) : (tensor<24x4x32xf8E4M3FN>) -> tensor<24x128xf8E4M3FN>
    %174 = "stablehlo.reshape"(%160) : (tensor<24x4x1xui8>) -> tensor<24x4xui8>
    %175 = "stablehlo.bitcast_convert"(%174) : (tensor<24x4xui8>) -> tensor<24x4xf8E8M0FNU>
    %176 = "stablehlo.convert"(%173) : (tensor<24x128xf8E4M3FN>) -> tensor<24x128xf32>
    %177 = "stablehlo.reshape"(%176) : (tensor<24x128xf32>) -> tensor<24x4x32xf32>
    %178 = "stablehlo.convert"(%175) : (tensor<24x4xf8E8M0FNU>) -> tensor<24x4xf32>
    %179 = "stablehlo.broadcast_in_dim"(%178) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<24x4xf32>) -> tensor<24x4x1xf32>
    %180 = "stablehlo.broadcast_in_dim"(%179) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<24x4x1xf32>) -> tensor<24x4x32xf32>
    %181 = "stablehlo.multiply"(%177, %180) : (tensor<24x4x32xf32>, tensor<24x4x32xf32>) -> tensor<24x4x32xf32>
    %182 = "stablehlo.reshape"(%181) : (tensor<24x4x32xf32>) -> tensor<24x128xf32>
    %183 = "stablehlo.transpose"(%132) <{permutation = array<i64: 1, 0>}> : (tensor<128x96xf32>) -> tensor<96x128xf32>
    %184 = "stablehlo.reshape"(%183) : (tensor<96x128xf32>) -> tensor<96x4x32xf32>
    %185 = "stablehlo.abs"(%184) : (tensor<96x4x32xf32>) -> tensor<96x4x32xf32>
    %cst_46 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %186 = "stablehlo.reduce"(%185, %cst_46) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg7: tensor<f32>, %arg8: tensor<f32>):
      %187 = "stablehlo.maximum"(%arg7, %arg8) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%187) : (tensor<f32>) -> ()
    }) : (tensor<96x4x32xf32>, tensor<f32>) -> tensor<96x4xf32>
    %187 = "stablehlo.broadcast_in_dim"(%186) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<96x4xf32>) -> tensor<96x4x1xf32>
    %cst_47 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<f32>}> : () -> tensor<f32>
    %188 = "stablehlo.broadcast_in_dim"(%cst_47) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<96x4x1xf32>
    %189 = "stablehlo.divide"(%187, %188) : (tensor<96x4x1xf32>, tensor<96x4x1xf32>) -> tensor<96x4x1xf32>
    %190 = "stablehlo.bitcast_convert"(%189) : (tensor<96x4x1xf32>) -> tensor<96x4x1xui32>
    %c_48 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %191 = "stablehlo.broadcast_in_dim"(%c_48) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %192 = "stablehlo.shift_right_logical"(%190, %191) : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xui32>
    %c_49 = "stablehlo.constant"() <{value = dense<8388607> : tensor<ui32>}> : () -> tensor<ui32>
    %193 = "stablehlo.broadcast_in_dim"(%c_49) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %194 = "stablehlo.and"(%190, %193) : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xui32>
    %c_50 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %195 = "stablehlo.broadcast_in_dim"(%c_50) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %196 = "stablehlo.compare"(%194, %195) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xi1>
    %c_51 = "stablehlo.constant"() <{value = dense<254> : tensor<ui32>}> : () -> tensor<ui32>
    %197 = "stablehlo.broadcast_in_dim"(%c_51) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %198 = "stablehlo.compare"(%192, %197) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xi1>
    %199 = "stablehlo.and"(%196, %198) : (tensor<96x4x1xi1>, tensor<96x4x1xi1>) -> tensor<96x4x1xi1>
    %c_52 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %200 = "stablehlo.broadcast_in_dim"(%c_52) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %201 = "stablehlo.compare"(%192, %200) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xi1>
    %c_53 = "stablehlo.constant"() <{value = dense<4194304> : tensor<ui32>}> : () -> tensor<ui32>
    %202 = "stablehlo.broadcast_in_dim"(%c_53) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %203 = "stablehlo.compare"(%194, %202) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}> : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xi1>
    %204 = "stablehlo.and"(%201, %203) : (tensor<96x4x1xi1>, tensor<96x4x1xi1>) -> tensor<96x4x1xi1>
    %205 = "stablehlo.not"(%204) : (tensor<96x4x1xi1>) -> tensor<96x4x1xi1>
    %206 = "stablehlo.and"(%199, %205) : (tensor<96x4x1xi1>, tensor<96x4x1xi1>) -> tensor<96x4x1xi1>
    %c_54 = "stablehlo.constant"() <{value = dense<1> : tensor<ui32>}> : () -> tensor<ui32>
    %207 = "stablehlo.broadcast_in_dim"(%c_54) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %208 = "stablehlo.add"(%192, %207) : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xui32>
    %209 = "func.call"(%206, %208, %192) <{callee = @_where_1}> : (tensor<96x4x1xi1>, tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xui32>
    %210 = "stablehlo.convert"(%209) : (tensor<96x4x1xui32>) -> tensor<96x4x1xui8>
    %211 = "stablehlo.convert"(%210) : (tensor<96x4x1xui8>) -> tensor<96x4x1xui32>
    %c_55 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %212 = "stablehlo.broadcast_in_dim"(%c_55) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %213 = "stablehlo.shift_left"(%211, %212) : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xui32>
    %214 = "stablehlo.bitcast_convert"(%213) : (tensor<96x4x1xui32>) -> tensor<96x4x1xf32>
    %cst_56 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %215 = "stablehlo.broadcast_in_dim"(%cst_56) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<96x4x1xf32>
    %216 = "stablehlo.compare"(%214, %215) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<96x4x1xf32>, tensor<96x4x1xf32>) -> tensor<96x4x1xi1>
    %cst_57 = "stablehlo.constant"() <{value = dense<5.87747175E-39> : tensor<f32>}> : () -> tensor<f32>
    %217 = "func.call"(%216, %cst_57, %214) <{callee = @_where_2}> : (tensor<96x4x1xi1>, tensor<f32>, tensor<96x4x1xf32>) -> tensor<96x4x1xf32>
    %218 = "stablehlo.broadcast_in_dim"(%217) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<96x4x1xf32>) -> tensor<96x4x32xf32>
    %219 = "stablehlo.divide"(%184, %218) : (tensor<96x4x32xf32>, tensor<96x4x32xf32>) -> tensor<96x4x32xf32>
    %cst_58 = "stablehlo.constant"() <{value = dense<-4.480000e+02> : tensor<f32>}> : () -> tensor<f32>
    %cst_59 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<f32>}> : () -> tensor<f32>
    %220 = "func.call"(%219, %cst_58, %cst_59) <{callee = @clip_3}> : (tensor<96x4x32xf32>, tensor<f32>, tensor<f32>) -> tensor<96x4x32xf32>
    %221 = "stablehlo.convert"(%220) : (tensor<96x4x32xf32>) -> tensor<96x4x32xf8E4M3FN>
    %222 = "stablehlo.reshape"(%221) : (tensor<96x4x32xf8E4M3FN>) -> tensor<96x128xf8E4M3FN>
    %223 = "stablehlo.reshape"(%210) : (tensor<96x4x1xui8>) -> tensor<96x4xui8>
    %224 = "stablehlo.bitcast_convert"(%223) : (tensor<96x4xui8>) -> tensor<96x4xf8E8M0FNU>
    %225 = "stablehlo.convert"(%222) : (tensor<96x128xf8E4M3FN>) -> tensor<96x128xf32>
    %226 = "stablehlo.reshape"(%225) : (tensor<96x128xf32>) -> tensor<96x4x32xf32>
    %227 = "stablehlo.convert"(%224) : (tensor<96x4xf8E8M0FNU>) -> tensor<96x4xf32>
    %228 = "stablehlo.broadcast_in_dim"(%227) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<96x4xf32>) -> tensor<96x4x1xf32>
    %229 = "stablehlo.broadcast_in_dim"(%228) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<96x4x1xf32>) -> tensor<96x4x32xf32>
    %230 = "stablehlo.multiply"(%226, %229) : (tensor<96x4x32xf32>, tensor<96x4x32xf32>) -> tensor<96x4x32xf32>
    %231 = "stablehlo.reshape"(%230) : (tensor<96x4x32xf32>) -> tensor<96x128xf32>
    %232 = "stablehlo.dot_general"(%182, %231) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<24x128xf32>, tensor<96x128xf32>) -> tensor<24x96xf32>
    %233 = "stablehlo.slice"(%arg5) <{limit_indices = array<i64: 1, 96>, start_indices = array<i64: 0, 0>, strides = array<i64: 1, 1>}> : (tensor<4x96xf32>) -> tensor<1x96xf32>
    %234 = "stablehlo.reshape"(%233) : (tensor<1x96xf32>) -> tensor<96xf32>
    %235 = "stablehlo.broadcast_in_dim"(%234) <{broadcast_dimensions = array<i64: 1>}> : (tensor<96xf32>) -> tensor<1x96xf32>
    %236 = "stablehlo.broadcast_in_dim"(%235) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x96xf32>) -> tensor<24x96xf32>
    %237 = "stablehlo.add"(%232, %236) : (tensor<24x96xf32>, tensor<24x96xf32>) -> tensor<24x96xf32>
    %cst_60 = "stablehlo.constant"() <{value = dense<-7.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %cst_61 = "stablehlo.constant"() <{value = dense<7.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %238 = "func.call"(%237, %cst_60, %cst_61) <{callee = @clip_4}> : (tensor<24x96xf32>, tensor<f32>, tensor<f32>) -> tensor<24x96xf32>
    %239 = "func.call"(%130) <{callee = @silu}> : (tensor<24x96xf32>) -> tensor<24x96xf32>
    %240 = "stablehlo.multiply"(%239, %238) : (tensor<24x96xf32>, tensor<24x96xf32>) -> tensor<24x96xf32>
    %241 = "stablehlo.convert"(%240) : (tensor<24x96xf32>) -> tensor<24x96xbf16>
    %242 = "stablehlo.slice"(%arg6) <{limit_indices = array<i64: 1, 96, 128>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>}> : (tensor<4x96x128xf32>) -> tensor<1x96x128xf32>
    %243 = "stablehlo.reshape"(%242) : (tensor<1x96x128xf32>) -> tensor<96x128xf32>
    %244 = "stablehlo.reshape"(%241) : (tensor<24x96xbf16>) -> tensor<24x3x32xbf16>
    %245 = "stablehlo.abs"(%244) : (tensor<24x3x32xbf16>) -> tensor<24x3x32xbf16>
    %cst_62 = "stablehlo.constant"() <{value = dense<0xFF80> : tensor<bf16>}> : () -> tensor<bf16>
    %246 = "stablehlo.reduce"(%245, %cst_62) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg7: tensor<bf16>, %arg8: tensor<bf16>):
      %247 = "stablehlo.maximum"(%arg7, %arg8) : (tensor<bf16>, tensor<bf16>) -> tensor<bf16>
      "stablehlo.return"(%247) : (tensor<bf16>) -> ()
    }) : (tensor<24x3x32xbf16>, tensor<bf16>) -> tensor<24x3xbf16>
    %247 = "stablehlo.broadcast_in_dim"(%246) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<24x3xbf16>) -> tensor<24x3x1xbf16>
    %cst_63 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %248 = "stablehlo.broadcast_in_dim"(%cst_63) <{broadcast_dimensions = array<i64>}> : (tensor<bf16>) -> tensor<24x3x1xbf16>
    %249 = "stablehlo.divide"(%247, %248) : (tensor<24x3x1xbf16>, tensor<24x3x1xbf16>) -> tensor<24x3x1xbf16>
    %250 = "stablehlo.convert"(%249) : (tensor<24x3x1xbf16>) -> tensor<24x3x1xf32>
    %251 = "stablehlo.bitcast_convert"(%250) : (tensor<24x3x1xf32>) -> tensor<24x3x1xui32>
    %c_64 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %252 = "stablehlo.broadcast_in_dim"(%c_64) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x3x1xui32>
    %253 = "stablehlo.shift_right_logical"(%251, %252) : (tensor<24x3x1xui32>, tensor<24x3x1xui32>) -> tensor<24x3x1xui32>
    %c_65 = "stablehlo.constant"() <{value = dense<8388607> : tensor<ui32>}> : () -> tensor<ui32>
    %254 = "stablehlo.broadcast_in_dim"(%c_65) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x3x1xui32>
    %255 = "stablehlo.and"(%251, %254) : (tensor<24x3x1xui32>, tensor<24x3x1xui32>) -> tensor<24x3x1xui32>
    %c_66 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %256 = "stablehlo.broadcast_in_dim"(%c_66) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x3x1xui32>
    %257 = "stablehlo.compare"(%255, %256) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<24x3x1xui32>, tensor<24x3x1xui32>) -> tensor<24x3x1xi1>
    %c_67 = "stablehlo.constant"() <{value = dense<254> : tensor<ui32>}> : () -> tensor<ui32>
    %258 = "stablehlo.broadcast_in_dim"(%c_67) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x3x1xui32>
    %259 = "stablehlo.compare"(%253, %258) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<24x3x1xui32>, tensor<24x3x1xui32>) -> tensor<24x3x1xi1>
    %260 = "stablehlo.and"(%257, %259) : (tensor<24x3x1xi1>, tensor<24x3x1xi1>) -> tensor<24x3x1xi1>
    %c_68 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %261 = "stablehlo.broadcast_in_dim"(%c_68) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x3x1xui32>
    %262 = "stablehlo.compare"(%253, %261) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<24x3x1xui32>, tensor<24x3x1xui32>) -> tensor<24x3x1xi1>
    %c_69 = "stablehlo.constant"() <{value = dense<4194304> : tensor<ui32>}> : () -> tensor<ui32>
    %263 = "stablehlo.broadcast_in_dim"(%c_69) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x3x1xui32>
    %264 = "stablehlo.compare"(%255, %263) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}> : (tensor<24x3x1xui32>, tensor<24x3x1xui32>) -> tensor<24x3x1xi1>
    %265 = "stablehlo.and"(%262, %264) : (tensor<24x3x1xi1>, tensor<24x3x1xi1>) -> tensor<24x3x1xi1>
    %266 = "stablehlo.not"(%265) : (tensor<24x3x1xi1>) -> tensor<24x3x1xi1>
    %267 = "stablehlo.and"(%260, %266) : (tensor<24x3x1xi1>, tensor<24x3x1xi1>) -> tensor<24x3x1xi1>
    %c_70 = "stablehlo.constant"() <{value = dense<1> : tensor<ui32>}> : () -> tensor<ui32>
    %268 = "stablehlo.broadcast_in_dim"(%c_70) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x3x1xui32>
    %269 = "stablehlo.add"(%253, %268) : (tensor<24x3x1xui32>, tensor<24x3x1xui32>) -> tensor<24x3x1xui32>
    %270 = "func.call"(%267, %269, %253) <{callee = @_where_5}> : (tensor<24x3x1xi1>, tensor<24x3x1xui32>, tensor<24x3x1xui32>) -> tensor<24x3x1xui32>
    %271 = "stablehlo.convert"(%270) : (tensor<24x3x1xui32>) -> tensor<24x3x1xui8>
    %272 = "stablehlo.convert"(%271) : (tensor<24x3x1xui8>) -> tensor<24x3x1xui32>
    %c_71 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %273 = "stablehlo.broadcast_in_dim"(%c_71) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x3x1xui32>
    %274 = "stablehlo.shift_left"(%272, %273) : (tensor<24x3x1xui32>, tensor<24x3x1xui32>) -> tensor<24x3x1xui32>
    %275 = "stablehlo.bitcast_convert"(%274) : (tensor<24x3x1xui32>) -> tensor<24x3x1xf32>
    %cst_72 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %276 = "stablehlo.broadcast_in_dim"(%cst_72) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<24x3x1xf32>
    %277 = "stablehlo.compare"(%275, %276) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<24x3x1xf32>, tensor<24x3x1xf32>) -> tensor<24x3x1xi1>
    %cst_73 = "stablehlo.constant"() <{value = dense<5.87747175E-39> : tensor<f32>}> : () -> tensor<f32>
    %278 = "func.call"(%277, %cst_73, %275) <{callee = @_where_6}> : (tensor<24x3x1xi1>, tensor<f32>, tensor<24x3x1xf32>) -> tensor<24x3x1xf32>
    %279 = "stablehlo.convert"(%278) : (tensor<24x3x1xf32>) -> tensor<24x3x1xbf16>
    %280 = "stablehlo.broadcast_in_dim"(%279) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<24x3x1xbf16>) -> tensor<24x3x32xbf16>
    %281 = "stablehlo.divide"(%244, %280) : (tensor<24x3x32xbf16>, tensor<24x3x32xbf16>) -> tensor<24x3x32xbf16>
    %cst_74 = "stablehlo.constant"() <{value = dense<-4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %cst_75 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %282 = "func.call"(%281, %cst_74, %cst_75) <{callee = @clip_7}> : (tensor<24x3x32xbf16>, tensor<bf16>, tensor<bf16>) -> tensor<24x3x32xbf16>
    %283 = "stablehlo.convert"(%282) : (tensor<24x3x32xbf16>) -> tensor<24x3x32xf8E4M3FN>
    %284 = "stablehlo.reshape"(%283) : (tensor<24x3x32xf8E4M3FN>) -> tensor<24x96xf8E4M3FN>
    %285 = "stablehlo.reshape"(%271) : (tensor<24x3x1xui8>) -> tensor<24x3xui8>
    %286 = "stablehlo.bitcast_convert"(%285) : (tensor<24x3xui8>) -> tensor<24x3xf8E8M0FNU>
    %287 = "stablehlo.convert"(%284) : (tensor<24x96xf8E4M3FN>) -> tensor<24x96xf32>
    %288 = "stablehlo.reshape"(%287) : (tensor<24x96xf32>) -> tensor<24x3x32xf32>
    %289 = "stablehlo.convert"(%286) : (tensor<24x3xf8E8M0FNU>) -> tensor<24x3xf32>
    %290 = "stablehlo.broadcast_in_dim"(%289) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<24x3xf32>) -> tensor<24x3x1xf32>
    %291 = "stablehlo.broadcast_in_dim"(%290) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<24x3x1xf32>) -> tensor<24x3x32xf32>
    %292 = "stablehlo.multiply"(%288, %291) : (tensor<24x3x32xf32>, tensor<24x3x32xf32>) -> tensor<24x3x32xf32>
    %293 = "stablehlo.reshape"(%292) : (tensor<24x3x32xf32>) -> tensor<24x96xf32>
    %294 = "stablehlo.transpose"(%243) <{permutation = array<i64: 1, 0>}> : (tensor<96x128xf32>) -> tensor<128x96xf32>
    %295 = "stablehlo.reshape"(%294) : (tensor<128x96xf32>) -> tensor<128x3x32xf32>
    %296 = "stablehlo.abs"(%295) : (tensor<128x3x32xf32>) -> tensor<128x3x32xf32>
    %cst_76 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %297 = "stablehlo.reduce"(%296, %cst_76) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg7: tensor<f32>, %arg8: tensor<f32>):
      %298 = "stablehlo.maximum"(%arg7, %arg8) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%298) : (tensor<f32>) -> ()
    }) : (tensor<128x3x32xf32>, tensor<f32>) -> tensor<128x3xf32>
    %298 = "stablehlo.broadcast_in_dim"(%297) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<128x3xf32>) -> tensor<128x3x1xf32>
    %cst_77 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<f32>}> : () -> tensor<f32>
    %299 = "stablehlo.broadcast_in_dim"(%cst_77) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<128x3x1xf32>
    %300 = "stablehlo.divide"(%298, %299) : (tensor<128x3x1xf32>, tensor<128x3x1xf32>) -> tensor<128x3x1xf32>
    %301 = "stablehlo.bitcast_convert"(%300) : (tensor<128x3x1xf32>) -> tensor<128x3x1xui32>
    %c_78 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %302 = "stablehlo.broadcast_in_dim"(%c_78) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<128x3x1xui32>
    %303 = "stablehlo.shift_right_logical"(%301, %302) : (tensor<128x3x1xui32>, tensor<128x3x1xui32>) -> tensor<128x3x1xui32>
    %c_79 = "stablehlo.constant"() <{value = dense<8388607> : tensor<ui32>}> : () -> tensor<ui32>
    %304 = "stablehlo.broadcast_in_dim"(%c_79) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<128x3x1xui32>
    %305 = "stablehlo.and"(%301, %304) : (tensor<128x3x1xui32>, tensor<128x3x1xui32>) -> tensor<128x3x1xui32>
    %c_80 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %306 = "stablehlo.broadcast_in_dim"(%c_80) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<128x3x1xui32>
    %307 = "stablehlo.compare"(%305, %306) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<128x3x1xui32>, tensor<128x3x1xui32>) -> tensor<128x3x1xi1>
    %c_81 = "stablehlo.constant"() <{value = dense<254> : tensor<ui32>}> : () -> tensor<ui32>
    %308 = "stablehlo.broadcast_in_dim"(%c_81) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<128x3x1xui32>
    %309 = "stablehlo.compare"(%303, %308) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<128x3x1xui32>, tensor<128x3x1xui32>) -> tensor<128x3x1xi1>
    %310 = "stablehlo.and"(%307, %309) : (tensor<128x3x1xi1>, tensor<128x3x1xi1>) -> tensor<128x3x1xi1>
    %c_82 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %311 = "stablehlo.broadcast_in_dim"(%c_82) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<128x3x1xui32>
    %312 = "stablehlo.compare"(%303, %311) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<128x3x1xui32>, tensor<128x3x1xui32>) -> tensor<128x3x1xi1>
    %c_83 = "stablehlo.constant"() <{value = dense<4194304> : tensor<ui32>}> : () -> tensor<ui32>
    %313 = "stablehlo.broadcast_in_dim"(%c_83) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<128x3x1xui32>
    %314 = "stablehlo.compare"(%305, %313) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}> : (tensor<128x3x1xui32>, tensor<128x3x1xui32>) -> tensor<128x3x1xi1>
    %315 = "stablehlo.and"(%312, %314) : (tensor<128x3x1xi1>, tensor<128x3x1xi1>) -> tensor<128x3x1xi1>
    %316 = "stablehlo.not"(%315) : (tensor<128x3x1xi1>) -> tensor<128x3x1xi1>
    %317 = "stablehlo.and"(%310, %316) : (tensor<128x3x1xi1>, tensor<128x3x1xi1>) -> tensor<128x3x1xi1>
    %c_84 = "stablehlo.constant"() <{value = dense<1> : tensor<ui32>}> : () -> tensor<ui32>
    %318 = "stablehlo.broadcast_in_dim"(%c_84) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<128x3x1xui32>
    %319 = "stablehlo.add"(%303, %318) : (tensor<128x3x1xui32>, tensor<128x3x1xui32>) -> tensor<128x3x1xui32>
    %320 = "func.call"(%317, %319, %303) <{callee = @_where_8}> : (tensor<128x3x1xi1>, tensor<128x3x1xui32>, tensor<128x3x1xui32>) -> tensor<128x3x1xui32>
    %321 = "stablehlo.convert"(%320) : (tensor<128x3x1xui32>) -> tensor<128x3x1xui8>
    %322 = "stablehlo.convert"(%321) : (tensor<128x3x1xui8>) -> tensor<128x3x1xui32>
    %c_85 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %323 = "stablehlo.broadcast_in_dim"(%c_85) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<128x3x1xui32>
    %324 = "stablehlo.shift_left"(%322, %323) : (tensor<128x3x1xui32>, tensor<128x3x1xui32>) -> tensor<128x3x1xui32>
    %325 = "stablehlo.bitcast_convert"(%324) : (tensor<128x3x1xui32>) -> tensor<128x3x1xf32>
    %cst_86 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %326 = "stablehlo.broadcast_in_dim"(%cst_86) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<128x3x1xf32>
    %327 = "stablehlo.compare"(%325, %326) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<128x3x1xf32>, tensor<128x3x1xf32>) -> tensor<128x3x1xi1>
    %cst_87 = "stablehlo.constant"() <{value = dense<5.87747175E-39> : tensor<f32>}> : () -> tensor<f32>
    %328 = "func.call"(%327, %cst_87, %325) <{callee = @_where_9}> : (tensor<128x3x1xi1>, tensor<f32>, tensor<128x3x1xf32>) -> tensor<128x3x1xf32>
    %329 = "stablehlo.broadcast_in_dim"(%328) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<128x3x1xf32>) -> tensor<128x3x32xf32>
    %330 = "stablehlo.divide"(%295, %329) : (tensor<128x3x32xf32>, tensor<128x3x32xf32>) -> tensor<128x3x32xf32>
    %cst_88 = "stablehlo.constant"() <{value = dense<-4.480000e+02> : tensor<f32>}> : () -> tensor<f32>
    %cst_89 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<f32>}> : () -> tensor<f32>
    %331 = "func.call"(%330, %cst_88, %cst_89) <{callee = @clip_10}> : (tensor<128x3x32xf32>, tensor<f32>, tensor<f32>) -> tensor<128x3x32xf32>
    %332 = "stablehlo.convert"(%331) : (tensor<128x3x32xf32>) -> tensor<128x3x32xf8E4M3FN>
    %333 = "stablehlo.reshape"(%332) : (tensor<128x3x32xf8E4M3FN>) -> tensor<128x96xf8E4M3FN>
    %334 = "stablehlo.reshape"(%321) : (tensor<128x3x1xui8>) -> tensor<128x3xui8>
    %335 = "stablehlo.bitcast_convert"(%334) : (tensor<128x3xui8>) -> tensor<128x3xf8E8M0FNU>
    %336 = "stablehlo.convert"(%333) : (tensor<128x96xf8E4M3FN>) -> tensor<128x96xf32>
    %337 = "stablehlo.reshape"(%336) : (tensor<128x96xf32>) -> tensor<128x3x32xf32>
    %338 = "stablehlo.convert"(%335) : (tensor<128x3xf8E8M0FNU>) -> tensor<128x3xf32>
    %339 = "stablehlo.broadcast_in_dim"(%338) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<128x3xf32>) -> tensor<128x3x1xf32>
    %340 = "stablehlo.broadcast_in_dim"(%339) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<128x3x1xf32>) -> tensor<128x3x32xf32>
    %341 = "stablehlo.multiply"(%337, %340) : (tensor<128x3x32xf32>, tensor<128x3x32xf32>) -> tensor<128x3x32xf32>
    %342 = "stablehlo.reshape"(%341) : (tensor<128x3x32xf32>) -> tensor<128x96xf32>
    %343 = "stablehlo.dot_general"(%293, %342) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<24x96xf32>, tensor<128x96xf32>) -> tensor<24x128xf32>
    %344 = "stablehlo.slice"(%arg2) <{limit_indices = array<i64: 2, 128, 96>, start_indices = array<i64: 1, 0, 0>, strides = array<i64: 1, 1, 1>}> : (tensor<4x128x96xf32>) -> tensor<1x128x96xf32>
    %345 = "stablehlo.reshape"(%344) : (tensor<1x128x96xf32>) -> tensor<128x96xf32>
    %346 = "stablehlo.reshape"(%arg0) : (tensor<24x128xbf16>) -> tensor<24x4x32xbf16>
    %347 = "stablehlo.abs"(%346) : (tensor<24x4x32xbf16>) -> tensor<24x4x32xbf16>
    %cst_90 = "stablehlo.constant"() <{value = dense<0xFF80> : tensor<bf16>}> : () -> tensor<bf16>
    %348 = "stablehlo.reduce"(%347, %cst_90) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg7: tensor<bf16>, %arg8: tensor<bf16>):
      %349 = "stablehlo.maximum"(%arg7, %arg8) : (tensor<bf16>, tensor<bf16>) -> tensor<bf16>
      "stablehlo.return"(%349) : (tensor<bf16>) -> ()
    }) : (tensor<24x4x32xbf16>, tensor<bf16>) -> tensor<24x4xbf16>
    %349 = "stablehlo.broadcast_in_dim"(%348) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<24x4xbf16>) -> tensor<24x4x1xbf16>
    %cst_91 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %350 = "stablehlo.broadcast_in_dim"(%cst_91) <{broadcast_dimensions = array<i64>}> : (tensor<bf16>) -> tensor<24x4x1xbf16>
    %351 = "stablehlo.divide"(%349, %350) : (tensor<24x4x1xbf16>, tensor<24x4x1xbf16>) -> tensor<24x4x1xbf16>
    %352 = "stablehlo.convert"(%351) : (tensor<24x4x1xbf16>) -> tensor<24x4x1xf32>
    %353 = "stablehlo.bitcast_convert"(%352) : (tensor<24x4x1xf32>) -> tensor<24x4x1xui32>
    %c_92 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %354 = "stablehlo.broadcast_in_dim"(%c_92) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %355 = "stablehlo.shift_right_logical"(%353, %354) : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xui32>
    %c_93 = "stablehlo.constant"() <{value = dense<8388607> : tensor<ui32>}> : () -> tensor<ui32>
    %356 = "stablehlo.broadcast_in_dim"(%c_93) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %357 = "stablehlo.and"(%353, %356) : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xui32>
    %c_94 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %358 = "stablehlo.broadcast_in_dim"(%c_94) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %359 = "stablehlo.compare"(%357, %358) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xi1>
    %c_95 = "stablehlo.constant"() <{value = dense<254> : tensor<ui32>}> : () -> tensor<ui32>
    %360 = "stablehlo.broadcast_in_dim"(%c_95) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %361 = "stablehlo.compare"(%355, %360) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xi1>
    %362 = "stablehlo.and"(%359, %361) : (tensor<24x4x1xi1>, tensor<24x4x1xi1>) -> tensor<24x4x1xi1>
    %c_96 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %363 = "stablehlo.broadcast_in_dim"(%c_96) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %364 = "stablehlo.compare"(%355, %363) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xi1>
    %c_97 = "stablehlo.constant"() <{value = dense<4194304> : tensor<ui32>}> : () -> tensor<ui32>
    %365 = "stablehlo.broadcast_in_dim"(%c_97) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %366 = "stablehlo.compare"(%357, %365) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}> : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xi1>
    %367 = "stablehlo.and"(%364, %366) : (tensor<24x4x1xi1>, tensor<24x4x1xi1>) -> tensor<24x4x1xi1>
    %368 = "stablehlo.not"(%367) : (tensor<24x4x1xi1>) -> tensor<24x4x1xi1>
    %369 = "stablehlo.and"(%362, %368) : (tensor<24x4x1xi1>, tensor<24x4x1xi1>) -> tensor<24x4x1xi1>
    %c_98 = "stablehlo.constant"() <{value = dense<1> : tensor<ui32>}> : () -> tensor<ui32>
    %370 = "stablehlo.broadcast_in_dim"(%c_98) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %371 = "stablehlo.add"(%355, %370) : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xui32>
    %372 = "func.call"(%369, %371, %355) <{callee = @_where}> : (tensor<24x4x1xi1>, tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xui32>
    %373 = "stablehlo.convert"(%372) : (tensor<24x4x1xui32>) -> tensor<24x4x1xui8>
    %374 = "stablehlo.convert"(%373) : (tensor<24x4x1xui8>) -> tensor<24x4x1xui32>
    %c_99 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %375 = "stablehlo.broadcast_in_dim"(%c_99) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %376 = "stablehlo.shift_left"(%374, %375) : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xui32>
    %377 = "stablehlo.bitcast_convert"(%376) : (tensor<24x4x1xui32>) -> tensor<24x4x1xf32>
    %cst_100 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %378 = "stablehlo.broadcast_in_dim"(%cst_100) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<24x4x1xf32>
    %379 = "stablehlo.compare"(%377, %378) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<24x4x1xf32>, tensor<24x4x1xf32>) -> tensor<24x4x1xi1>
    %cst_101 = "stablehlo.constant"() <{value = dense<5.87747175E-39> : tensor<f32>}> : () -> tensor<f32>
    %380 = "func.call"(%379, %cst_101, %377) <{callee = @_where_0}> : (tensor<24x4x1xi1>, tensor<f32>, tensor<24x4x1xf32>) -> tensor<24x4x1xf32>
    %381 = "stablehlo.convert"(%380) : (tensor<24x4x1xf32>) -> tensor<24x4x1xbf16>
    %382 = "stablehlo.broadcast_in_dim"(%381) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<24x4x1xbf16>) -> tensor<24x4x32xbf16>
    %383 = "stablehlo.divide"(%346, %382) : (tensor<24x4x32xbf16>, tensor<24x4x32xbf16>) -> tensor<24x4x32xbf16>
    %cst_102 = "stablehlo.constant"() <{value = dense<-4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %cst_103 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %384 = "func.call"(%383, %cst_102, %cst_103) <{callee = @clip}> : (tensor<24x4x32xbf16>, tensor<bf16>, tensor<bf16>) -> tensor<24x4x32xbf16>
    %385 = "stablehlo.convert"(%384) : (tensor<24x4x32xbf16>) -> tensor<24x4x32xf8E4M3FN>
    %386 = "stablehlo.reshape"(%385) : (tensor<24x4x32xf8E4M3FN>) -> tensor<24x128xf8E4M3FN>
    %387 = "stablehlo.reshape"(%373) : (tensor<24x4x1xui8>) -> tensor<24x4xui8>
    %388 = "stablehlo.bitcast_convert"(%387) : (tensor<24x4xui8>) -> tensor<24x4xf8E8M0FNU>
    %389 = "stablehlo.convert"(%386) : (tensor<24x128xf8E4M3FN>) -> tensor<24x128xf32>
    %390 = "stablehlo.reshape"(%389) : (tensor<24x128xf32>) -> tensor<24x4x32xf32>
    %391 = "stablehlo.convert"(%388) : (tensor<24x4xf8E8M0FNU>) -> tensor<24x4xf32>
    %392 = "stablehlo.broadcast_in_dim"(%391) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<24x4xf32>) -> tensor<24x4x1xf32>
    %393 = "stablehlo.broadcast_in_dim"(%392) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<24x4x1xf32>) -> tensor<24x4x32xf32>
    %394 = "stablehlo.multiply"(%390, %393) : (tensor<24x4x32xf32>, tensor<24x4x32xf32>) -> tensor<24x4x32xf32>
    %395 = "stablehlo.reshape"(%394) : (tensor<24x4x32xf32>) -> tensor<24x128xf32>
    %396 = "stablehlo.transpose"(%345) <{permutation = array<i64: 1, 0>}> : (tensor<128x96xf32>) -> tensor<96x128xf32>
    %397 = "stablehlo.reshape"(%396) : (tensor<96x128xf32>) -> tensor<96x4x32xf32>
    %398 = "stablehlo.abs"(%397) : (tensor<96x4x32xf32>) -> tensor<96x4x32xf32>
    %cst_104 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %399 = "stablehlo.reduce"(%398, %cst_104) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg7: tensor<f32>, %arg8: tensor<f32>):
      %400 = "stablehlo.maximum"(%arg7, %arg8) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%400) : (tensor<f32>) -> ()
    }) : (tensor<96x4x32xf32>, tensor<f32>) -> tensor<96x4xf32>
    %400 = "stablehlo.broadcast_in_dim"(%399) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<96x4xf32>) -> tensor<96x4x1xf32>
    %cst_105 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<f32>}> : () -> tensor<f32>
    %401 = "stablehlo.broadcast_in_dim"(%cst_105) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<96x4x1xf32>
    %402 = "stablehlo.divide"(%400, %401) : (tensor<96x4x1xf32>, tensor<96x4x1xf32>) -> tensor<96x4x1xf32>
    %403 = "stablehlo.bitcast_convert"(%402) : (tensor<96x4x1xf32>) -> tensor<96x4x1xui32>
    %c_106 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %404 = "stablehlo.broadcast_in_dim"(%c_106) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %405 = "stablehlo.shift_right_logical"(%403, %404) : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xui32>
    %c_107 = "stablehlo.constant"() <{value = dense<8388607> : tensor<ui32>}> : () -> tensor<ui32>
    %406 = "stablehlo.broadcast_in_dim"(%c_107) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %407 = "stablehlo.and"(%403, %406) : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xui32>
    %c_108 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %408 = "stablehlo.broadcast_in_dim"(%c_108) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %409 = "stablehlo.compare"(%407, %408) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xi1>
    %c_109 = "stablehlo.constant"() <{value = dense<254> : tensor<ui32>}> : () -> tensor<ui32>
    %410 = "stablehlo.broadcast_in_dim"(%c_109) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %411 = "stablehlo.compare"(%405, %410) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xi1>
    %412 = "stablehlo.and"(%409, %411) : (tensor<96x4x1xi1>, tensor<96x4x1xi1>) -> tensor<96x4x1xi1>
    %c_110 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %413 = "stablehlo.broadcast_in_dim"(%c_110) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %414 = "stablehlo.compare"(%405, %413) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xi1>
    %c_111 = "stablehlo.constant"() <{value = dense<4194304> : tensor<ui32>}> : () -> tensor<ui32>
    %415 = "stablehlo.broadcast_in_dim"(%c_111) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %416 = "stablehlo.compare"(%407, %415) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}> : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xi1>
    %417 = "stablehlo.and"(%414, %416) : (tensor<96x4x1xi1>, tensor<96x4x1xi1>) -> tensor<96x4x1xi1>
    %418 = "stablehlo.not"(%417) : (tensor<96x4x1xi1>) -> tensor<96x4x1xi1>
    %419 = "stablehlo.and"(%412, %418) : (tensor<96x4x1xi1>, tensor<96x4x1xi1>) -> tensor<96x4x1xi1>
    %c_112 = "stablehlo.constant"() <{value = dense<1> : tensor<ui32>}> : () -> tensor<ui32>
    %420 = "stablehlo.broadcast_in_dim"(%c_112) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %421 = "stablehlo.add"(%405, %420) : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xui32>
    %422 = "func.call"(%419, %421, %405) <{callee = @_where_1}> : (tensor<96x4x1xi1>, tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xui32>
    %423 = "stablehlo.convert"(%422) : (tensor<96x4x1xui32>) -> tensor<96x4x1xui8>
    %424 = "stablehlo.convert"(%423) : (tensor<96x4x1xui8>) -> tensor<96x4x1xui32>
    %c_113 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %425 = "stablehlo.broadcast_in_dim"(%c_113) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %426 = "stablehlo.shift_left"(%424, %425) : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xui32>
    %427 = "stablehlo.bitcast_convert"(%426) : (tensor<96x4x1xui32>) -> tensor<96x4x1xf32>
    %cst_114 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %428 = "stablehlo.broadcast_in_dim"(%cst_114) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<96x4x1xf32>
    %429 = "stablehlo.compare"(%427, %428) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<96x4x1xf32>, tensor<96x4x1xf32>) -> tensor<96x4x1xi1>
    %cst_115 = "stablehlo.constant"() <{value = dense<5.87747175E-39> : tensor<f32>}> : () -> tensor<f32>
    %430 = "func.call"(%429, %cst_115, %427) <{callee = @_where_2}> : (tensor<96x4x1xi1>, tensor<f32>, tensor<96x4x1xf32>) -> tensor<96x4x1xf32>
    %431 = "stablehlo.broadcast_in_dim"(%430) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<96x4x1xf32>) -> tensor<96x4x32xf32>
    %432 = "stablehlo.divide"(%397, %431) : (tensor<96x4x32xf32>, tensor<96x4x32xf32>) -> tensor<96x4x32xf32>
    %cst_116 = "stablehlo.constant"() <{value = dense<-4.480000e+02> : tensor<f32>}> : () -> tensor<f32>
    %cst_117 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<f32>}> : () -> tensor<f32>
    %433 = "func.call"(%432, %cst_116, %cst_117) <{callee = @clip_3}> : (tensor<96x4x32xf32>, tensor<f32>, tensor<f32>) -> tensor<96x4x32xf32>
    %434 = "stablehlo.convert"(%433) : (tensor<96x4x32xf32>) -> tensor<96x4x32xf8E4M3FN>
    %435 = "stablehlo.reshape"(%434) : (tensor<96x4x32xf8E4M3FN>) -> tensor<96x128xf8E4M3FN>
    %436 = "stablehlo.reshape"(%423) : (tensor<96x4x1xui8>) -> tensor<96x4xui8>
    %437 = "stablehlo.bitcast_convert"(%436) : (tensor<96x4xui8>) -> tensor<96x4xf8E8M0FNU>
    %438 = "stablehlo.convert"(%435) : (tensor<96x128xf8E4M3FN>) -> tensor<96x128xf32>
    %439 = "stablehlo.reshape"(%438) : (tensor<96x128xf32>) -> tensor<96x4x32xf32>
    %440 = "stablehlo.convert"(%437) : (tensor<96x4xf8E8M0FNU>) -> tensor<96x4xf32>
    %441 = "stablehlo.broadcast_in_dim"(%440) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<96x4xf32>) -> tensor<96x4x1xf32>
    %442 = "stablehlo.broadcast_in_dim"(%441) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<96x4x1xf32>) -> tensor<96x4x32xf32>
    %443 = "stablehlo.multiply"(%439, %442) : (tensor<96x4x32xf32>, tensor<96x4x32xf32>) -> tensor<96x4x32xf32>
    %444 = "stablehlo.reshape"(%443) : (tensor<96x4x32xf32>) -> tensor<96x128xf32>
    %445 = "stablehlo.dot_general"(%395, %444) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<24x128xf32>, tensor<96x128xf32>) -> tensor<24x96xf32>
    %446 = "stablehlo.slice"(%arg3) <{limit_indices = array<i64: 2, 96>, start_indices = array<i64: 1, 0>, strides = array<i64: 1, 1>}> : (tensor<4x96xf32>) -> tensor<1x96xf32>
    %447 = "stablehlo.reshape"(%446) : (tensor<1x96xf32>) -> tensor<96xf32>
    %448 = "stablehlo.broadcast_in_dim"(%447) <{broadcast_dimensions = array<i64: 1>}> : (tensor<96xf32>) -> tensor<1x96xf32>
    %449 = "stablehlo.broadcast_in_dim"(%448) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x96xf32>) -> tensor<24x96xf32>
    %450 = "stablehlo.add"(%445, %449) : (tensor<24x96xf32>, tensor<24x96xf32>) -> tensor<24x96xf32>
    %cst_118 = "stablehlo.constant"() <{value = dense<7.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %451 = "stablehlo.broadcast_in_dim"(%cst_118) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<24x96xf32>
    %452 = "stablehlo.minimum"(%450, %451) : (tensor<24x96xf32>, tensor<24x96xf32>) -> tensor<24x96xf32>
    %453 = "stablehlo.slice"(%arg4) <{limit_indices = array<i64: 2, 128, 96>, start_indices = array<i64: 1, 0, 0>, strides = array<i64: 1, 1, 1>}> : (tensor<4x128x96xf32>) -> tensor<1x128x96xf32>
    %454 = "stablehlo.reshape"(%453) : (tensor<1x128x96xf32>) -> tensor<128x96xf32>
    %455 = "stablehlo.reshape"(%arg0) : (tensor<24x128xbf16>) -> tensor<24x4x32xbf16>
    %456 = "stablehlo.abs"(%455) : (tensor<24x4x32xbf16>) -> tensor<24x4x32xbf16>
    %cst_119 = "stablehlo.constant"() <{value = dense<0xFF80> : tensor<bf16>}> : () -> tensor<bf16>
    %457 = "stablehlo.reduce"(%456, %cst_119) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg7: tensor<bf16>, %arg8: tensor<bf16>):
      %458 = "stablehlo.maximum"(%arg7, %arg8) : (tensor<bf16>, tensor<bf16>) -> tensor<bf16>
      "stablehlo.return"(%458) : (tensor<bf16>) -> ()
    }) : (tensor<24x4x32xbf16>, tensor<bf16>) -> tensor<24x4xbf16>
    %458 = "stablehlo.broadcast_in_dim"(%457) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<24x4xbf16>) -> tensor<24x4x1xbf16>
    %cst_120 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %459 = "stablehlo.broadcast_in_dim"(%cst_120) <{broadcast_dimensions = array<i64>}> : (tensor<bf16>) -> tensor<24x4x1xbf16>
    %460 = "stablehlo.divide"(%458, %459) : (tensor<24x4x1xbf16>, tensor<24x4x1xbf16>) -> tensor<24x4x1xbf16>
    %461 = "stablehlo.convert"(%460) : (tensor<24x4x1xbf16>) -> tensor<24x4x1xf32>
    %462 = "stablehlo.bitcast_convert"(%461) : (tensor<24x4x1xf32>) -> tensor<24x4x1xui32>
    %c_121 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %463 = "stablehlo.broadcast_in_dim"(%c_121) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %464 = "stablehlo.shift_right_logical"(%462, %463) : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xui32>
    %c_122 = "stablehlo.constant"() <{value = dense<8388607> : tensor<ui32>}> : () -> tensor<ui32>
    %465 = "stablehlo.broadcast_in_dim"(%c_122) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %466 = "stablehlo.and"(%462, %465) : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xui32>
    %c_123 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %467 = "stablehlo.broadcast_in_dim"(%c_123) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %468 = "stablehlo.compare"(%466, %467) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xi1>
    %c_124 = "stablehlo.constant"() <{value = dense<254> : tensor<ui32>}> : () -> tensor<ui32>
    %469 = "stablehlo.broadcast_in_dim"(%c_124) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %470 = "stablehlo.compare"(%464, %469) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xi1>
    %471 = "stablehlo.and"(%468, %470) : (tensor<24x4x1xi1>, tensor<24x4x1xi1>) -> tensor<24x4x1xi1>
    %c_125 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %472 = "stablehlo.broadcast_in_dim"(%c_125) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %473 = "stablehlo.compare"(%464, %472) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xi1>
    %c_126 = "stablehlo.constant"() <{value = dense<4194304> : tensor<ui32>}> : () -> tensor<ui32>
    %474 = "stablehlo.broadcast_in_dim"(%c_126) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %475 = "stablehlo.compare"(%466, %474) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}> : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xi1>
    %476 = "stablehlo.and"(%473, %475) : (tensor<24x4x1xi1>, tensor<24x4x1xi1>) -> tensor<24x4x1xi1>
    %477 = "stablehlo.not"(%476) : (tensor<24x4x1xi1>) -> tensor<24x4x1xi1>
    %478 = "stablehlo.and"(%471, %477) : (tensor<24x4x1xi1>, tensor<24x4x1xi1>) -> tensor<24x4x1xi1>
    %c_127 = "stablehlo.constant"() <{value = dense<1> : tensor<ui32>}> : () -> tensor<ui32>
    %479 = "stablehlo.broadcast_in_dim"(%c_127) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %480 = "stablehlo.add"(%464, %479) : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xui32>
    %481 = "func.call"(%478, %480, %464) <{callee = @_where}> : (tensor<24x4x1xi1>, tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xui32>
    %482 = "stablehlo.convert"(%481) : (tensor<24x4x1xui32>) -> tensor<24x4x1xui8>
    %483 = "stablehlo.convert"(%482) : (tensor<24x4x1xui8>) -> tensor<24x4x1xui32>
    %c_128 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %484 = "stablehlo.broadcast_in_dim"(%c_128) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %485 = "stablehlo.shift_left"(%483, %484) : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xui32>
    %486 = "stablehlo.bitcast_convert"(%485) : (tensor<24x4x1xui32>) -> tensor<24x4x1xf32>
    %cst_129 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %487 = "stablehlo.broadcast_in_dim"(%cst_129) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<24x4x1xf32>
    %488 = "stablehlo.compare"(%486, %487) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<24x4x1xf32>, tensor<24x4x1xf32>) -> tensor<24x4x1xi1>
    %cst_130 = "stablehlo.constant"() <{value = dense<5.87747175E-39> : tensor<f32>}> : () -> tensor<f32>
    %489 = "func.call"(%488, %cst_130, %486) <{callee = @_where_0}> : (tensor<24x4x1xi1>, tensor<f32>, tensor<24x4x1xf32>) -> tensor<24x4x1xf32>
    %490 = "stablehlo.convert"(%489) : (tensor<24x4x1xf32>) -> tensor<24x4x1xbf16>
    %491 = "stablehlo.broadcast_in_dim"(%490) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<24x4x1xbf16>) -> tensor<24x4x32xbf16>
    %492 = "stablehlo.divide"(%455, %491) : (tensor<24x4x32xbf16>, tensor<24x4x32xbf16>) -> tensor<24x4x32xbf16>
    %cst_131 = "stablehlo.constant"() <{value = dense<-4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %cst_132 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %493 = "func.call"(%492, %cst_131, %cst_132) <{callee = @clip}> : (tensor<24x4x32xbf16>, tensor<bf16>, tensor<bf16>) -> tensor<24x4x32xbf16>
    %494 = "stablehlo.convert"(%493) : (tensor<24x4x32xbf16>) -> tensor<24x4x32xf8E4M3FN>
    %495 = "stablehlo.reshape"(%494) : (tensor<24x4x32xf8E4M3FN>) -> tensor<24x128xf8E4M3FN>
    %496 = "stablehlo.reshape"(%482) : (tensor<24x4x1xui8>) -> tensor<24x4xui8>
    %497 = "stablehlo.bitcast_convert"(%496) : (tensor<24x4xui8>) -> tensor<24x4xf8E8M0FNU>
    %498 = "stablehlo.convert"(%495) : (tensor<24x128xf8E4M3FN>) -> tensor<24x128xf32>
    %499 = "stablehlo.reshape"(%498) : (tensor<24x128xf32>) -> tensor<24x4x32xf32>
    %500 = "stablehlo.convert"(%497) : (tensor<24x4xf8E8M0FNU>) -> tensor<24x4xf32>
    %501 = "stablehlo.broadcast_in_dim"(%500) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<24x4xf32>) -> tensor<24x4x1xf32>
    %502 = "stablehlo.broadcast_in_dim"(%501) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<24x4x1xf32>) -> tensor<24x4x32xf32>
    %503 = "stablehlo.multiply"(%499, %502) : (tensor<24x4x32xf32>, tensor<24x4x32xf32>) -> tensor<24x4x32xf32>
    %504 = "stablehlo.reshape"(%503) : (tensor<24x4x32xf32>) -> tensor<24x128xf32>
    %505 = "stablehlo.transpose"(%454) <{permutation = array<i64: 1, 0>}> : (tensor<128x96xf32>) -> tensor<96x128xf32>
    %506 = "stablehlo.reshape"(%505) : (tensor<96x128xf32>) -> tensor<96x4x32xf32>
    %507 = "stablehlo.abs"(%506) : (tensor<96x4x32xf32>) -> tensor<96x4x32xf32>
    %cst_133 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %508 = "stablehlo.reduce"(%507, %cst_133) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg7: tensor<f32>, %arg8: tensor<f32>):
      %509 = "stablehlo.maximum"(%arg7, %arg8) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%509) : (tensor<f32>) -> ()
    }) : (tensor<96x4x32xf32>, tensor<f32>) -> tensor<96x4xf32>
    %509 = "stablehlo.broadcast_in_dim"(%508) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<96x4xf32>) -> tensor<96x4x1xf32>
    %cst_134 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<f32>}> : () -> tensor<f32>
    %510 = "stablehlo.broadcast_in_dim"(%cst_134) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<96x4x1xf32>
    %511 = "stablehlo.divide"(%509, %510) : (tensor<96x4x1xf32>, tensor<96x4x1xf32>) -> tensor<96x4x1xf32>
    %512 = "stablehlo.bitcast_convert"(%511) : (tensor<96x4x1xf32>) -> tensor<96x4x1xui32>
    %c_135 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %513 = "stablehlo.broadcast_in_dim"(%c_135) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %514 = "stablehlo.shift_right_logical"(%512, %513) : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xui32>
    %c_136 = "stablehlo.constant"() <{value = dense<8388607> : tensor<ui32>}> : () -> tensor<ui32>
    %515 = "stablehlo.broadcast_in_dim"(%c_136) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %516 = "stablehlo.and"(%512, %515) : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xui32>
    %c_137 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %517 = "stablehlo.broadcast_in_dim"(%c_137) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %518 = "stablehlo.compare"(%516, %517) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xi1>
    %c_138 = "stablehlo.constant"() <{value = dense<254> : tensor<ui32>}> : () -> tensor<ui32>
    %519 = "stablehlo.broadcast_in_dim"(%c_138) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %520 = "stablehlo.compare"(%514, %519) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xi1>
    %521 = "stablehlo.and"(%518, %520) : (tensor<96x4x1xi1>, tensor<96x4x1xi1>) -> tensor<96x4x1xi1>
    %c_139 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %522 = "stablehlo.broadcast_in_dim"(%c_139) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %523 = "stablehlo.compare"(%514, %522) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xi1>
    %c_140 = "stablehlo.constant"() <{value = dense<4194304> : tensor<ui32>}> : () -> tensor<ui32>
    %524 = "stablehlo.broadcast_in_dim"(%c_140) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %525 = "stablehlo.compare"(%516, %524) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}> : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xi1>
    %526 = "stablehlo.and"(%523, %525) : (tensor<96x4x1xi1>, tensor<96x4x1xi1>) -> tensor<96x4x1xi1>
    %527 = "stablehlo.not"(%526) : (tensor<96x4x1xi1>) -> tensor<96x4x1xi1>
    %528 = "stablehlo.and"(%521, %527) : (tensor<96x4x1xi1>, tensor<96x4x1xi1>) -> tensor<96x4x1xi1>
    %c_141 = "stablehlo.constant"() <{value = dense<1> : tensor<ui32>}> : () -> tensor<ui32>
    %529 = "stablehlo.broadcast_in_dim"(%c_141) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %530 = "stablehlo.add"(%514, %529) : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xui32>
    %531 = "func.call"(%528, %530, %514) <{callee = @_where_1}> : (tensor<96x4x1xi1>, tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xui32>
    %532 = "stablehlo.convert"(%531) : (tensor<96x4x1xui32>) -> tensor<96x4x1xui8>
    %533 = "stablehlo.convert"(%532) : (tensor<96x4x1xui8>) -> tensor<96x4x1xui32>
    %c_142 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %534 = "stablehlo.broadcast_in_dim"(%c_142) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %535 = "stablehlo.shift_left"(%533, %534) : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xui32>
    %536 = "stablehlo.bitcast_convert"(%535) : (tensor<96x4x1xui32>) -> tensor<96x4x1xf32>
    %cst_143 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %537 = "stablehlo.broadcast_in_dim"(%cst_143) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<96x4x1xf32>
    %538 = "stablehlo.compare"(%536, %537) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<96x4x1xf32>, tensor<96x4x1xf32>) -> tensor<96x4x1xi1>
    %cst_144 = "stablehlo.constant"() <{value = dense<5.87747175E-39> : tensor<f32>}> : () -> tensor<f32>
    %539 = "func.call"(%538, %cst_144, %536) <{callee = @_where_2}> : (tensor<96x4x1xi1>, tensor<f32>, tensor<96x4x1xf32>) -> tensor<96x4x1xf32>
    %540 = "stablehlo.broadcast_in_dim"(%539) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<96x4x1xf32>) -> tensor<96x4x32xf32>
    %541 = "stablehlo.divide"(%506, %540) : (tensor<96x4x32xf32>, tensor<96x4x32xf32>) -> tensor<96x4x32xf32>
    %cst_145 = "stablehlo.constant"() <{value = dense<-4.480000e+02> : tensor<f32>}> : () -> tensor<f32>
    %cst_146 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<f32>}> : () -> tensor<f32>
    %542 = "func.call"(%541, %cst_145, %cst_146) <{callee = @clip_3}> : (tensor<96x4x32xf32>, tensor<f32>, tensor<f32>) -> tensor<96x4x32xf32>
    %543 = "stablehlo.convert"(%542) : (tensor<96x4x32xf32>) -> tensor<96x4x32xf8E4M3FN>
    %544 = "stablehlo.reshape"(%543) : (tensor<96x4x32xf8E4M3FN>) -> tensor<96x128xf8E4M3FN>
    %545 = "stablehlo.reshape"(%532) : (tensor<96x4x1xui8>) -> tensor<96x4xui8>
    %546 = "stablehlo.bitcast_convert"(%545) : (tensor<96x4xui8>) -> tensor<96x4xf8E8M0FNU>
    %547 = "stablehlo.convert"(%544) : (tensor<96x128xf8E4M3FN>) -> tensor<96x128xf32>
    %548 = "stablehlo.reshape"(%547) : (tensor<96x128xf32>) -> tensor<96x4x32xf32>
    %549 = "stablehlo.convert"(%546) : (tensor<96x4xf8E8M0FNU>) -> tensor<96x4xf32>
    %550 = "stablehlo.broadcast_in_dim"(%549) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<96x4xf32>) -> tensor<96x4x1xf32>
    %551 = "stablehlo.broadcast_in_dim"(%550) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<96x4x1xf32>) -> tensor<96x4x32xf32>
    %552 = "stablehlo.multiply"(%548, %551) : (tensor<96x4x32xf32>, tensor<96x4x32xf32>) -> tensor<96x4x32xf32>
    %553 = "stablehlo.reshape"(%552) : (tensor<96x4x32xf32>) -> tensor<96x128xf32>
    %554 = "stablehlo.dot_general"(%504, %553) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<24x128xf32>, tensor<96x128xf32>) -> tensor<24x96xf32>
    %555 = "stablehlo.slice"(%arg5) <{limit_indices = array<i64: 2, 96>, start_indices = array<i64: 1, 0>, strides = array<i64: 1, 1>}> : (tensor<4x96xf32>) -> tensor<1x96xf32>
    %556 = "stablehlo.reshape"(%555) : (tensor<1x96xf32>) -> tensor<96xf32>
    %557 = "stablehlo.broadcast_in_dim"(%556) <{broadcast_dimensions = array<i64: 1>}> : (tensor<96xf32>) -> tensor<1x96xf32>
    %558 = "stablehlo.broadcast_in_dim"(%557) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x96xf32>) -> tensor<24x96xf32>
    %559 = "stablehlo.add"(%554, %558) : (tensor<24x96xf32>, tensor<24x96xf32>) -> tensor<24x96xf32>
    %cst_147 = "stablehlo.constant"() <{value = dense<-7.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %cst_148 = "stablehlo.constant"() <{value = dense<7.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %560 = "func.call"(%559, %cst_147, %cst_148) <{callee = @clip_4}> : (tensor<24x96xf32>, tensor<f32>, tensor<f32>) -> tensor<24x96xf32>
    %561 = "func.call"(%452) <{callee = @silu}> : (tensor<24x96xf32>) -> tensor<24x96xf32>
    %562 = "stablehlo.multiply"(%561, %560) : (tensor<24x96xf32>, tensor<24x96xf32>) -> tensor<24x96xf32>
    %563 = "stablehlo.convert"(%562) : (tensor<24x96xf32>) -> tensor<24x96xbf16>
    %564 = "stablehlo.slice"(%arg6) <{limit_indices = array<i64: 2, 96, 128>, start_indices = array<i64: 1, 0, 0>, strides = array<i64: 1, 1, 1>}> : (tensor<4x96x128xf32>) -> tensor<1x96x128xf32>
    %565 = "stablehlo.reshape"(%564) : (tensor<1x96x128xf32>) -> tensor<96x128xf32>
    %566 = "stablehlo.reshape"(%563) : (tensor<24x96xbf16>) -> tensor<24x3x32xbf16>
    %567 = "stablehlo.abs"(%566) : (tensor<24x3x32xbf16>) -> tensor<24x3x32xbf16>
    %cst_149 = "stablehlo.constant"() <{value = dense<0xFF80> : tensor<bf16>}> : () -> tensor<bf16>
    %568 = "stablehlo.reduce"(%567, %cst_149) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg7: tensor<bf16>, %arg8: tensor<bf16>):
      %569 = "stablehlo.maximum"(%arg7, %arg8) : (tensor<bf16>, tensor<bf16>) -> tensor<bf16>
      "stablehlo.return"(%569) : (tensor<bf16>) -> ()
    }) : (tensor<24x3x32xbf16>, tensor<bf16>) -> tensor<24x3xbf16>
    %569 = "stablehlo.broadcast_in_dim"(%568) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<24x3xbf16>) -> tensor<24x3x1xbf16>
    %cst_150 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %570 = "stablehlo.broadcast_in_dim"(%cst_150) <{broadcast_dimensions = array<i64>}> : (tensor<bf16>) -> tensor<24x3x1xbf16>
    %571 = "stablehlo.divide"(%569, %570) : (tensor<24x3x1xbf16>, tensor<24x3x1xbf16>) -> tensor<24x3x1xbf16>
    %572 = "stablehlo.convert"(%571) : (tensor<24x3x1xbf16>) -> tensor<24x3x1xf32>
    %573 = "stablehlo.bitcast_convert"(%572) : (tensor<24x3x1xf32>) -> tensor<24x3x1xui32>
    %c_151 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %574 = "stablehlo.broadcast_in_dim"(%c_151) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x3x1xui32>
    %575 = "stablehlo.shift_right_logical"(%573, %574) : (tensor<24x3x1xui32>, tensor<24x3x1xui32>) -> tensor<24x3x1xui32>
    %c_152 = "stablehlo.constant"() <{value = dense<8388607> : tensor<ui32>}> : () -> tensor<ui32>
    %576 = "stablehlo.broadcast_in_dim"(%c_152) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x3x1xui32>
    %577 = "stablehlo.and"(%573, %576) : (tensor<24x3x1xui32>, tensor<24x3x1xui32>) -> tensor<24x3x1xui32>
    %c_153 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %578 = "stablehlo.broadcast_in_dim"(%c_153) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x3x1xui32>
    %579 = "stablehlo.compare"(%577, %578) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<24x3x1xui32>, tensor<24x3x1xui32>) -> tensor<24x3x1xi1>
    %c_154 = "stablehlo.constant"() <{value = dense<254> : tensor<ui32>}> : () -> tensor<ui32>
    %580 = "stablehlo.broadcast_in_dim"(%c_154) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x3x1xui32>
    %581 = "stablehlo.compare"(%575, %580) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<24x3x1xui32>, tensor<24x3x1xui32>) -> tensor<24x3x1xi1>
    %582 = "stablehlo.and"(%579, %581) : (tensor<24x3x1xi1>, tensor<24x3x1xi1>) -> tensor<24x3x1xi1>
    %c_155 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %583 = "stablehlo.broadcast_in_dim"(%c_155) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x3x1xui32>
    %584 = "stablehlo.compare"(%575, %583) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<24x3x1xui32>, tensor<24x3x1xui32>) -> tensor<24x3x1xi1>
    %c_156 = "stablehlo.constant"() <{value = dense<4194304> : tensor<ui32>}> : () -> tensor<ui32>
    %585 = "stablehlo.broadcast_in_dim"(%c_156) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x3x1xui32>
    %586 = "stablehlo.compare"(%577, %585) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}> : (tensor<24x3x1xui32>, tensor<24x3x1xui32>) -> tensor<24x3x1xi1>
    %587 = "stablehlo.and"(%584, %586) : (tensor<24x3x1xi1>, tensor<24x3x1xi1>) -> tensor<24x3x1xi1>
    %588 = "stablehlo.not"(%587) : (tensor<24x3x1xi1>) -> tensor<24x3x1xi1>
    %589 = "stablehlo.and"(%582, %588) : (tensor<24x3x1xi1>, tensor<24x3x1xi1>) -> tensor<24x3x1xi1>
    %c_157 = "stablehlo.constant"() <{value = dense<1> : tensor<ui32>}> : () -> tensor<ui32>
    %590 = "stablehlo.broadcast_in_dim"(%c_157) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x3x1xui32>
    %591 = "stablehlo.add"(%575, %590) : (tensor<24x3x1xui32>, tensor<24x3x1xui32>) -> tensor<24x3x1xui32>
    %592 = "func.call"(%589, %591, %575) <{callee = @_where_5}> : (tensor<24x3x1xi1>, tensor<24x3x1xui32>, tensor<24x3x1xui32>) -> tensor<24x3x1xui32>
    %593 = "stablehlo.convert"(%592) : (tensor<24x3x1xui32>) -> tensor<24x3x1xui8>
    %594 = "stablehlo.convert"(%593) : (tensor<24x3x1xui8>) -> tensor<24x3x1xui32>
    %c_158 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %595 = "stablehlo.broadcast_in_dim"(%c_158) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x3x1xui32>
    %596 = "stablehlo.shift_left"(%594, %595) : (tensor<24x3x1xui32>, tensor<24x3x1xui32>) -> tensor<24x3x1xui32>
    %597 = "stablehlo.bitcast_convert"(%596) : (tensor<24x3x1xui32>) -> tensor<24x3x1xf32>
    %cst_159 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %598 = "stablehlo.broadcast_in_dim"(%cst_159) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<24x3x1xf32>
    %599 = "stablehlo.compare"(%597, %598) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<24x3x1xf32>, tensor<24x3x1xf32>) -> tensor<24x3x1xi1>
    %cst_160 = "stablehlo.constant"() <{value = dense<5.87747175E-39> : tensor<f32>}> : () -> tensor<f32>
    %600 = "func.call"(%599, %cst_160, %597) <{callee = @_where_6}> : (tensor<24x3x1xi1>, tensor<f32>, tensor<24x3x1xf32>) -> tensor<24x3x1xf32>
    %601 = "stablehlo.convert"(%600) : (tensor<24x3x1xf32>) -> tensor<24x3x1xbf16>
    %602 = "stablehlo.broadcast_in_dim"(%601) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<24x3x1xbf16>) -> tensor<24x3x32xbf16>
    %603 = "stablehlo.divide"(%566, %602) : (tensor<24x3x32xbf16>, tensor<24x3x32xbf16>) -> tensor<24x3x32xbf16>
    %cst_161 = "stablehlo.constant"() <{value = dense<-4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %cst_162 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %604 = "func.call"(%603, %cst_161, %cst_162) <{callee = @clip_7}> : (tensor<24x3x32xbf16>, tensor<bf16>, tensor<bf16>) -> tensor<24x3x32xbf16>
    %605 = "stablehlo.convert"(%604) : (tensor<24x3x32xbf16>) -> tensor<24x3x32xf8E4M3FN>
    %606 = "stablehlo.reshape"(%605) : (tensor<24x3x32xf8E4M3FN>) -> tensor<24x96xf8E4M3FN>
    %607 = "stablehlo.reshape"(%593) : (tensor<24x3x1xui8>) -> tensor<24x3xui8>
    %608 = "stablehlo.bitcast_convert"(%607) : (tensor<24x3xui8>) -> tensor<24x3xf8E8M0FNU>
    %609 = "stablehlo.convert"(%606) : (tensor<24x96xf8E4M3FN>) -> tensor<24x96xf32>
    %610 = "stablehlo.reshape"(%609) : (tensor<24x96xf32>) -> tensor<24x3x32xf32>
    %611 = "stablehlo.convert"(%608) : (tensor<24x3xf8E8M0FNU>) -> tensor<24x3xf32>
    %612 = "stablehlo.broadcast_in_dim"(%611) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<24x3xf32>) -> tensor<24x3x1xf32>
    %613 = "stablehlo.broadcast_in_dim"(%612) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<24x3x1xf32>) -> tensor<24x3x32xf32>
    %614 = "stablehlo.multiply"(%610, %613) : (tensor<24x3x32xf32>, tensor<24x3x32xf32>) -> tensor<24x3x32xf32>
    %615 = "stablehlo.reshape"(%614) : (tensor<24x3x32xf32>) -> tensor<24x96xf32>
    %616 = "stablehlo.transpose"(%565) <{permutation = array<i64: 1, 0>}> : (tensor<96x128xf32>) -> tensor<128x96xf32>
    %617 = "stablehlo.reshape"(%616) : (tensor<128x96xf32>) -> tensor<128x3x32xf32>
    %618 = "stablehlo.abs"(%617) : (tensor<128x3x32xf32>) -> tensor<128x3x32xf32>
    %cst_163 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %619 = "stablehlo.reduce"(%618, %cst_163) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg7: tensor<f32>, %arg8: tensor<f32>):
      %620 = "stablehlo.maximum"(%arg7, %arg8) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%620) : (tensor<f32>) -> ()
    }) : (tensor<128x3x32xf32>, tensor<f32>) -> tensor<128x3xf32>
    %620 = "stablehlo.broadcast_in_dim"(%619) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<128x3xf32>) -> tensor<128x3x1xf32>
    %cst_164 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<f32>}> : () -> tensor<f32>
    %621 = "stablehlo.broadcast_in_dim"(%cst_164) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<128x3x1xf32>
    %622 = "stablehlo.divide"(%620, %621) : (tensor<128x3x1xf32>, tensor<128x3x1xf32>) -> tensor<128x3x1xf32>
    %623 = "stablehlo.bitcast_convert"(%622) : (tensor<128x3x1xf32>) -> tensor<128x3x1xui32>
    %c_165 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %624 = "stablehlo.broadcast_in_dim"(%c_165) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<128x3x1xui32>
    %625 = "stablehlo.shift_right_logical"(%623, %624) : (tensor<128x3x1xui32>, tensor<128x3x1xui32>) -> tensor<128x3x1xui32>
    %c_166 = "stablehlo.constant"() <{value = dense<8388607> : tensor<ui32>}> : () -> tensor<ui32>
    %626 = "stablehlo.broadcast_in_dim"(%c_166) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<128x3x1xui32>
    %627 = "stablehlo.and"(%623, %626) : (tensor<128x3x1xui32>, tensor<128x3x1xui32>) -> tensor<128x3x1xui32>
    %c_167 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %628 = "stablehlo.broadcast_in_dim"(%c_167) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<128x3x1xui32>
    %629 = "stablehlo.compare"(%627, %628) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<128x3x1xui32>, tensor<128x3x1xui32>) -> tensor<128x3x1xi1>
    %c_168 = "stablehlo.constant"() <{value = dense<254> : tensor<ui32>}> : () -> tensor<ui32>
    %630 = "stablehlo.broadcast_in_dim"(%c_168) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<128x3x1xui32>
    %631 = "stablehlo.compare"(%625, %630) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<128x3x1xui32>, tensor<128x3x1xui32>) -> tensor<128x3x1xi1>
    %632 = "stablehlo.and"(%629, %631) : (tensor<128x3x1xi1>, tensor<128x3x1xi1>) -> tensor<128x3x1xi1>
    %c_169 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %633 = "stablehlo.broadcast_in_dim"(%c_169) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<128x3x1xui32>
    %634 = "stablehlo.compare"(%625, %633) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<128x3x1xui32>, tensor<128x3x1xui32>) -> tensor<128x3x1xi1>
    %c_170 = "stablehlo.constant"() <{value = dense<4194304> : tensor<ui32>}> : () -> tensor<ui32>
    %635 = "stablehlo.broadcast_in_dim"(%c_170) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<128x3x1xui32>
    %636 = "stablehlo.compare"(%627, %635) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}> : (tensor<128x3x1xui32>, tensor<128x3x1xui32>) -> tensor<128x3x1xi1>
    %637 = "stablehlo.and"(%634, %636) : (tensor<128x3x1xi1>, tensor<128x3x1xi1>) -> tensor<128x3x1xi1>
    %638 = "stablehlo.not"(%637) : (tensor<128x3x1xi1>) -> tensor<128x3x1xi1>
    %639 = "stablehlo.and"(%632, %638) : (tensor<128x3x1xi1>, tensor<128x3x1xi1>) -> tensor<128x3x1xi1>
    %c_171 = "stablehlo.constant"() <{value = dense<1> : tensor<ui32>}> : () -> tensor<ui32>
    %640 = "stablehlo.broadcast_in_dim"(%c_171) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<128x3x1xui32>
    %641 = "stablehlo.add"(%625, %640) : (tensor<128x3x1xui32>, tensor<128x3x1xui32>) -> tensor<128x3x1xui32>
    %642 = "func.call"(%639, %641, %625) <{callee = @_where_8}> : (tensor<128x3x1xi1>, tensor<128x3x1xui32>, tensor<128x3x1xui32>) -> tensor<128x3x1xui32>
    %643 = "stablehlo.convert"(%642) : (tensor<128x3x1xui32>) -> tensor<128x3x1xui8>
    %644 = "stablehlo.convert"(%643) : (tensor<128x3x1xui8>) -> tensor<128x3x1xui32>
    %c_172 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %645 = "stablehlo.broadcast_in_dim"(%c_172) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<128x3x1xui32>
    %646 = "stablehlo.shift_left"(%644, %645) : (tensor<128x3x1xui32>, tensor<128x3x1xui32>) -> tensor<128x3x1xui32>
    %647 = "stablehlo.bitcast_convert"(%646) : (tensor<128x3x1xui32>) -> tensor<128x3x1xf32>
    %cst_173 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %648 = "stablehlo.broadcast_in_dim"(%cst_173) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<128x3x1xf32>
    %649 = "stablehlo.compare"(%647, %648) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<128x3x1xf32>, tensor<128x3x1xf32>) -> tensor<128x3x1xi1>
    %cst_174 = "stablehlo.constant"() <{value = dense<5.87747175E-39> : tensor<f32>}> : () -> tensor<f32>
    %650 = "func.call"(%649, %cst_174, %647) <{callee = @_where_9}> : (tensor<128x3x1xi1>, tensor<f32>, tensor<128x3x1xf32>) -> tensor<128x3x1xf32>
    %651 = "stablehlo.broadcast_in_dim"(%650) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<128x3x1xf32>) -> tensor<128x3x32xf32>
    %652 = "stablehlo.divide"(%617, %651) : (tensor<128x3x32xf32>, tensor<128x3x32xf32>) -> tensor<128x3x32xf32>
    %cst_175 = "stablehlo.constant"() <{value = dense<-4.480000e+02> : tensor<f32>}> : () -> tensor<f32>
    %cst_176 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<f32>}> : () -> tensor<f32>
    %653 = "func.call"(%652, %cst_175, %cst_176) <{callee = @clip_10}> : (tensor<128x3x32xf32>, tensor<f32>, tensor<f32>) -> tensor<128x3x32xf32>
    %654 = "stablehlo.convert"(%653) : (tensor<128x3x32xf32>) -> tensor<128x3x32xf8E4M3FN>
    %655 = "stablehlo.reshape"(%654) : (tensor<128x3x32xf8E4M3FN>) -> tensor<128x96xf8E4M3FN>
    %656 = "stablehlo.reshape"(%643) : (tensor<128x3x1xui8>) -> tensor<128x3xui8>
    %657 = "stablehlo.bitcast_convert"(%656) : (tensor<128x3xui8>) -> tensor<128x3xf8E8M0FNU>
    %658 = "stablehlo.convert"(%655) : (tensor<128x96xf8E4M3FN>) -> tensor<128x96xf32>
    %659 = "stablehlo.reshape"(%658) : (tensor<128x96xf32>) -> tensor<128x3x32xf32>
    %660 = "stablehlo.convert"(%657) : (tensor<128x3xf8E8M0FNU>) -> tensor<128x3xf32>
    %661 = "stablehlo.broadcast_in_dim"(%660) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<128x3xf32>) -> tensor<128x3x1xf32>
    %662 = "stablehlo.broadcast_in_dim"(%661) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<128x3x1xf32>) -> tensor<128x3x32xf32>
    %663 = "stablehlo.multiply"(%659, %662) : (tensor<128x3x32xf32>, tensor<128x3x32xf32>) -> tensor<128x3x32xf32>
    %664 = "stablehlo.reshape"(%663) : (tensor<128x3x32xf32>) -> tensor<128x96xf32>
    %665 = "stablehlo.dot_general"(%615, %664) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<24x96xf32>, tensor<128x96xf32>) -> tensor<24x128xf32>
    %666 = "stablehlo.slice"(%arg2) <{limit_indices = array<i64: 3, 128, 96>, start_indices = array<i64: 2, 0, 0>, strides = array<i64: 1, 1, 1>}> : (tensor<4x128x96xf32>) -> tensor<1x128x96xf32>
    %667 = "stablehlo.reshape"(%666) : (tensor<1x128x96xf32>) -> tensor<128x96xf32>
    %668 = "stablehlo.reshape"(%arg0) : (tensor<24x128xbf16>) -> tensor<24x4x32xbf16>
    %669 = "stablehlo.abs"(%668) : (tensor<24x4x32xbf16>) -> tensor<24x4x32xbf16>
    %cst_177 = "stablehlo.constant"() <{value = dense<0xFF80> : tensor<bf16>}> : () -> tensor<bf16>
    %670 = "stablehlo.reduce"(%669, %cst_177) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg7: tensor<bf16>, %arg8: tensor<bf16>):
      %671 = "stablehlo.maximum"(%arg7, %arg8) : (tensor<bf16>, tensor<bf16>) -> tensor<bf16>
      "stablehlo.return"(%671) : (tensor<bf16>) -> ()
    }) : (tensor<24x4x32xbf16>, tensor<bf16>) -> tensor<24x4xbf16>
    %671 = "stablehlo.broadcast_in_dim"(%670) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<24x4xbf16>) -> tensor<24x4x1xbf16>
    %cst_178 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %672 = "stablehlo.broadcast_in_dim"(%cst_178) <{broadcast_dimensions = array<i64>}> : (tensor<bf16>) -> tensor<24x4x1xbf16>
    %673 = "stablehlo.divide"(%671, %672) : (tensor<24x4x1xbf16>, tensor<24x4x1xbf16>) -> tensor<24x4x1xbf16>
    %674 = "stablehlo.convert"(%673) : (tensor<24x4x1xbf16>) -> tensor<24x4x1xf32>
    %675 = "stablehlo.bitcast_convert"(%674) : (tensor<24x4x1xf32>) -> tensor<24x4x1xui32>
    %c_179 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %676 = "stablehlo.broadcast_in_dim"(%c_179) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %677 = "stablehlo.shift_right_logical"(%675, %676) : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xui32>
    %c_180 = "stablehlo.constant"() <{value = dense<8388607> : tensor<ui32>}> : () -> tensor<ui32>
    %678 = "stablehlo.broadcast_in_dim"(%c_180) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %679 = "stablehlo.and"(%675, %678) : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xui32>
    %c_181 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %680 = "stablehlo.broadcast_in_dim"(%c_181) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %681 = "stablehlo.compare"(%679, %680) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xi1>
    %c_182 = "stablehlo.constant"() <{value = dense<254> : tensor<ui32>}> : () -> tensor<ui32>
    %682 = "stablehlo.broadcast_in_dim"(%c_182) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %683 = "stablehlo.compare"(%677, %682) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xi1>
    %684 = "stablehlo.and"(%681, %683) : (tensor<24x4x1xi1>, tensor<24x4x1xi1>) -> tensor<24x4x1xi1>
    %c_183 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %685 = "stablehlo.broadcast_in_dim"(%c_183) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %686 = "stablehlo.compare"(%677, %685) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xi1>
    %c_184 = "stablehlo.constant"() <{value = dense<4194304> : tensor<ui32>}> : () -> tensor<ui32>
    %687 = "stablehlo.broadcast_in_dim"(%c_184) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %688 = "stablehlo.compare"(%679, %687) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}> : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xi1>
    %689 = "stablehlo.and"(%686, %688) : (tensor<24x4x1xi1>, tensor<24x4x1xi1>) -> tensor<24x4x1xi1>
    %690 = "stablehlo.not"(%689) : (tensor<24x4x1xi1>) -> tensor<24x4x1xi1>
    %691 = "stablehlo.and"(%684, %690) : (tensor<24x4x1xi1>, tensor<24x4x1xi1>) -> tensor<24x4x1xi1>
    %c_185 = "stablehlo.constant"() <{value = dense<1> : tensor<ui32>}> : () -> tensor<ui32>
    %692 = "stablehlo.broadcast_in_dim"(%c_185) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %693 = "stablehlo.add"(%677, %692) : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xui32>
    %694 = "func.call"(%691, %693, %677) <{callee = @_where}> : (tensor<24x4x1xi1>, tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xui32>
    %695 = "stablehlo.convert"(%694) : (tensor<24x4x1xui32>) -> tensor<24x4x1xui8>
    %696 = "stablehlo.convert"(%695) : (tensor<24x4x1xui8>) -> tensor<24x4x1xui32>
    %c_186 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %697 = "stablehlo.broadcast_in_dim"(%c_186) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %698 = "stablehlo.shift_left"(%696, %697) : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xui32>
    %699 = "stablehlo.bitcast_convert"(%698) : (tensor<24x4x1xui32>) -> tensor<24x4x1xf32>
    %cst_187 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %700 = "stablehlo.broadcast_in_dim"(%cst_187) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<24x4x1xf32>
    %701 = "stablehlo.compare"(%699, %700) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<24x4x1xf32>, tensor<24x4x1xf32>) -> tensor<24x4x1xi1>
    %cst_188 = "stablehlo.constant"() <{value = dense<5.87747175E-39> : tensor<f32>}> : () -> tensor<f32>
    %702 = "func.call"(%701, %cst_188, %699) <{callee = @_where_0}> : (tensor<24x4x1xi1>, tensor<f32>, tensor<24x4x1xf32>) -> tensor<24x4x1xf32>
    %703 = "stablehlo.convert"(%702) : (tensor<24x4x1xf32>) -> tensor<24x4x1xbf16>
    %704 = "stablehlo.broadcast_in_dim"(%703) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<24x4x1xbf16>) -> tensor<24x4x32xbf16>
    %705 = "stablehlo.divide"(%668, %704) : (tensor<24x4x32xbf16>, tensor<24x4x32xbf16>) -> tensor<24x4x32xbf16>
    %cst_189 = "stablehlo.constant"() <{value = dense<-4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %cst_190 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %706 = "func.call"(%705, %cst_189, %cst_190) <{callee = @clip}> : (tensor<24x4x32xbf16>, tensor<bf16>, tensor<bf16>) -> tensor<24x4x32xbf16>
    %707 = "stablehlo.convert"(%706) : (tensor<24x4x32xbf16>) -> tensor<24x4x32xf8E4M3FN>
    %708 = "stablehlo.reshape"(%707) : (tensor<24x4x32xf8E4M3FN>) -> tensor<24x128xf8E4M3FN>
    %709 = "stablehlo.reshape"(%695) : (tensor<24x4x1xui8>) -> tensor<24x4xui8>
    %710 = "stablehlo.bitcast_convert"(%709) : (tensor<24x4xui8>) -> tensor<24x4xf8E8M0FNU>
    %711 = "stablehlo.convert"(%708) : (tensor<24x128xf8E4M3FN>) -> tensor<24x128xf32>
    %712 = "stablehlo.reshape"(%711) : (tensor<24x128xf32>) -> tensor<24x4x32xf32>
    %713 = "stablehlo.convert"(%710) : (tensor<24x4xf8E8M0FNU>) -> tensor<24x4xf32>
    %714 = "stablehlo.broadcast_in_dim"(%713) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<24x4xf32>) -> tensor<24x4x1xf32>
    %715 = "stablehlo.broadcast_in_dim"(%714) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<24x4x1xf32>) -> tensor<24x4x32xf32>
    %716 = "stablehlo.multiply"(%712, %715) : (tensor<24x4x32xf32>, tensor<24x4x32xf32>) -> tensor<24x4x32xf32>
    %717 = "stablehlo.reshape"(%716) : (tensor<24x4x32xf32>) -> tensor<24x128xf32>
    %718 = "stablehlo.transpose"(%667) <{permutation = array<i64: 1, 0>}> : (tensor<128x96xf32>) -> tensor<96x128xf32>
    %719 = "stablehlo.reshape"(%718) : (tensor<96x128xf32>) -> tensor<96x4x32xf32>
    %720 = "stablehlo.abs"(%719) : (tensor<96x4x32xf32>) -> tensor<96x4x32xf32>
    %cst_191 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %721 = "stablehlo.reduce"(%720, %cst_191) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg7: tensor<f32>, %arg8: tensor<f32>):
      %722 = "stablehlo.maximum"(%arg7, %arg8) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%722) : (tensor<f32>) -> ()
    }) : (tensor<96x4x32xf32>, tensor<f32>) -> tensor<96x4xf32>
    %722 = "stablehlo.broadcast_in_dim"(%721) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<96x4xf32>) -> tensor<96x4x1xf32>
    %cst_192 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<f32>}> : () -> tensor<f32>
    %723 = "stablehlo.broadcast_in_dim"(%cst_192) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<96x4x1xf32>
    %724 = "stablehlo.divide"(%722, %723) : (tensor<96x4x1xf32>, tensor<96x4x1xf32>) -> tensor<96x4x1xf32>
    %725 = "stablehlo.bitcast_convert"(%724) : (tensor<96x4x1xf32>) -> tensor<96x4x1xui32>
    %c_193 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %726 = "stablehlo.broadcast_in_dim"(%c_193) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %727 = "stablehlo.shift_right_logical"(%725, %726) : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xui32>
    %c_194 = "stablehlo.constant"() <{value = dense<8388607> : tensor<ui32>}> : () -> tensor<ui32>
    %728 = "stablehlo.broadcast_in_dim"(%c_194) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %729 = "stablehlo.and"(%725, %728) : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xui32>
    %c_195 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %730 = "stablehlo.broadcast_in_dim"(%c_195) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %731 = "stablehlo.compare"(%729, %730) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xi1>
    %c_196 = "stablehlo.constant"() <{value = dense<254> : tensor<ui32>}> : () -> tensor<ui32>
    %732 = "stablehlo.broadcast_in_dim"(%c_196) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %733 = "stablehlo.compare"(%727, %732) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xi1>
    %734 = "stablehlo.and"(%731, %733) : (tensor<96x4x1xi1>, tensor<96x4x1xi1>) -> tensor<96x4x1xi1>
    %c_197 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %735 = "stablehlo.broadcast_in_dim"(%c_197) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %736 = "stablehlo.compare"(%727, %735) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xi1>
    %c_198 = "stablehlo.constant"() <{value = dense<4194304> : tensor<ui32>}> : () -> tensor<ui32>
    %737 = "stablehlo.broadcast_in_dim"(%c_198) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %738 = "stablehlo.compare"(%729, %737) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}> : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xi1>
    %739 = "stablehlo.and"(%736, %738) : (tensor<96x4x1xi1>, tensor<96x4x1xi1>) -> tensor<96x4x1xi1>
    %740 = "stablehlo.not"(%739) : (tensor<96x4x1xi1>) -> tensor<96x4x1xi1>
    %741 = "stablehlo.and"(%734, %740) : (tensor<96x4x1xi1>, tensor<96x4x1xi1>) -> tensor<96x4x1xi1>
    %c_199 = "stablehlo.constant"() <{value = dense<1> : tensor<ui32>}> : () -> tensor<ui32>
    %742 = "stablehlo.broadcast_in_dim"(%c_199) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %743 = "stablehlo.add"(%727, %742) : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xui32>
    %744 = "func.call"(%741, %743, %727) <{callee = @_where_1}> : (tensor<96x4x1xi1>, tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xui32>
    %745 = "stablehlo.convert"(%744) : (tensor<96x4x1xui32>) -> tensor<96x4x1xui8>
    %746 = "stablehlo.convert"(%745) : (tensor<96x4x1xui8>) -> tensor<96x4x1xui32>
    %c_200 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %747 = "stablehlo.broadcast_in_dim"(%c_200) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %748 = "stablehlo.shift_left"(%746, %747) : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xui32>
    %749 = "stablehlo.bitcast_convert"(%748) : (tensor<96x4x1xui32>) -> tensor<96x4x1xf32>
    %cst_201 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %750 = "stablehlo.broadcast_in_dim"(%cst_201) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<96x4x1xf32>
    %751 = "stablehlo.compare"(%749, %750) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<96x4x1xf32>, tensor<96x4x1xf32>) -> tensor<96x4x1xi1>
    %cst_202 = "stablehlo.constant"() <{value = dense<5.87747175E-39> : tensor<f32>}> : () -> tensor<f32>
    %752 = "func.call"(%751, %cst_202, %749) <{callee = @_where_2}> : (tensor<96x4x1xi1>, tensor<f32>, tensor<96x4x1xf32>) -> tensor<96x4x1xf32>
    %753 = "stablehlo.broadcast_in_dim"(%752) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<96x4x1xf32>) -> tensor<96x4x32xf32>
    %754 = "stablehlo.divide"(%719, %753) : (tensor<96x4x32xf32>, tensor<96x4x32xf32>) -> tensor<96x4x32xf32>
    %cst_203 = "stablehlo.constant"() <{value = dense<-4.480000e+02> : tensor<f32>}> : () -> tensor<f32>
    %cst_204 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<f32>}> : () -> tensor<f32>
    %755 = "func.call"(%754, %cst_203, %cst_204) <{callee = @clip_3}> : (tensor<96x4x32xf32>, tensor<f32>, tensor<f32>) -> tensor<96x4x32xf32>
    %756 = "stablehlo.convert"(%755) : (tensor<96x4x32xf32>) -> tensor<96x4x32xf8E4M3FN>
    %757 = "stablehlo.reshape"(%756) : (tensor<96x4x32xf8E4M3FN>) -> tensor<96x128xf8E4M3FN>
    %758 = "stablehlo.reshape"(%745) : (tensor<96x4x1xui8>) -> tensor<96x4xui8>
    %759 = "stablehlo.bitcast_convert"(%758) : (tensor<96x4xui8>) -> tensor<96x4xf8E8M0FNU>
    %760 = "stablehlo.convert"(%757) : (tensor<96x128xf8E4M3FN>) -> tensor<96x128xf32>
    %761 = "stablehlo.reshape"(%760) : (tensor<96x128xf32>) -> tensor<96x4x32xf32>
    %762 = "stablehlo.convert"(%759) : (tensor<96x4xf8E8M0FNU>) -> tensor<96x4xf32>
    %763 = "stablehlo.broadcast_in_dim"(%762) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<96x4xf32>) -> tensor<96x4x1xf32>
    %764 = "stablehlo.broadcast_in_dim"(%763) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<96x4x1xf32>) -> tensor<96x4x32xf32>
    %765 = "stablehlo.multiply"(%761, %764) : (tensor<96x4x32xf32>, tensor<96x4x32xf32>) -> tensor<96x4x32xf32>
    %766 = "stablehlo.reshape"(%765) : (tensor<96x4x32xf32>) -> tensor<96x128xf32>
    %767 = "stablehlo.dot_general"(%717, %766) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<24x128xf32>, tensor<96x128xf32>) -> tensor<24x96xf32>
    %768 = "stablehlo.slice"(%arg3) <{limit_indices = array<i64: 3, 96>, start_indices = array<i64: 2, 0>, strides = array<i64: 1, 1>}> : (tensor<4x96xf32>) -> tensor<1x96xf32>
    %769 = "stablehlo.reshape"(%768) : (tensor<1x96xf32>) -> tensor<96xf32>
    %770 = "stablehlo.broadcast_in_dim"(%769) <{broadcast_dimensions = array<i64: 1>}> : (tensor<96xf32>) -> tensor<1x96xf32>
    %771 = "stablehlo.broadcast_in_dim"(%770) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x96xf32>) -> tensor<24x96xf32>
    %772 = "stablehlo.add"(%767, %771) : (tensor<24x96xf32>, tensor<24x96xf32>) -> tensor<24x96xf32>
    %cst_205 = "stablehlo.constant"() <{value = dense<7.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %773 = "stablehlo.broadcast_in_dim"(%cst_205) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<24x96xf32>
    %774 = "stablehlo.minimum"(%772, %773) : (tensor<24x96xf32>, tensor<24x96xf32>) -> tensor<24x96xf32>
    %775 = "stablehlo.slice"(%arg4) <{limit_indices = array<i64: 3, 128, 96>, start_indices = array<i64: 2, 0, 0>, strides = array<i64: 1, 1, 1>}> : (tensor<4x128x96xf32>) -> tensor<1x128x96xf32>
    %776 = "stablehlo.reshape"(%775) : (tensor<1x128x96xf32>) -> tensor<128x96xf32>
    %777 = "stablehlo.reshape"(%arg0) : (tensor<24x128xbf16>) -> tensor<24x4x32xbf16>
    %778 = "stablehlo.abs"(%777) : (tensor<24x4x32xbf16>) -> tensor<24x4x32xbf16>
    %cst_206 = "stablehlo.constant"() <{value = dense<0xFF80> : tensor<bf16>}> : () -> tensor<bf16>
    %779 = "stablehlo.reduce"(%778, %cst_206) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg7: tensor<bf16>, %arg8: tensor<bf16>):
      %780 = "stablehlo.maximum"(%arg7, %arg8) : (tensor<bf16>, tensor<bf16>) -> tensor<bf16>
      "stablehlo.return"(%780) : (tensor<bf16>) -> ()
    }) : (tensor<24x4x32xbf16>, tensor<bf16>) -> tensor<24x4xbf16>
    %780 = "stablehlo.broadcast_in_dim"(%779) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<24x4xbf16>) -> tensor<24x4x1xbf16>
    %cst_207 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %781 = "stablehlo.broadcast_in_dim"(%cst_207) <{broadcast_dimensions = array<i64>}> : (tensor<bf16>) -> tensor<24x4x1xbf16>
    %782 = "stablehlo.divide"(%780, %781) : (tensor<24x4x1xbf16>, tensor<24x4x1xbf16>) -> tensor<24x4x1xbf16>
    %783 = "stablehlo.convert"(%782) : (tensor<24x4x1xbf16>) -> tensor<24x4x1xf32>
    %784 = "stablehlo.bitcast_convert"(%783) : (tensor<24x4x1xf32>) -> tensor<24x4x1xui32>
    %c_208 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %785 = "stablehlo.broadcast_in_dim"(%c_208) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %786 = "stablehlo.shift_right_logical"(%784, %785) : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xui32>
    %c_209 = "stablehlo.constant"() <{value = dense<8388607> : tensor<ui32>}> : () -> tensor<ui32>
    %787 = "stablehlo.broadcast_in_dim"(%c_209) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %788 = "stablehlo.and"(%784, %787) : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xui32>
    %c_210 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %789 = "stablehlo.broadcast_in_dim"(%c_210) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %790 = "stablehlo.compare"(%788, %789) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xi1>
    %c_211 = "stablehlo.constant"() <{value = dense<254> : tensor<ui32>}> : () -> tensor<ui32>
    %791 = "stablehlo.broadcast_in_dim"(%c_211) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %792 = "stablehlo.compare"(%786, %791) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xi1>
    %793 = "stablehlo.and"(%790, %792) : (tensor<24x4x1xi1>, tensor<24x4x1xi1>) -> tensor<24x4x1xi1>
    %c_212 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %794 = "stablehlo.broadcast_in_dim"(%c_212) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %795 = "stablehlo.compare"(%786, %794) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xi1>
    %c_213 = "stablehlo.constant"() <{value = dense<4194304> : tensor<ui32>}> : () -> tensor<ui32>
    %796 = "stablehlo.broadcast_in_dim"(%c_213) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %797 = "stablehlo.compare"(%788, %796) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}> : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xi1>
    %798 = "stablehlo.and"(%795, %797) : (tensor<24x4x1xi1>, tensor<24x4x1xi1>) -> tensor<24x4x1xi1>
    %799 = "stablehlo.not"(%798) : (tensor<24x4x1xi1>) -> tensor<24x4x1xi1>
    %800 = "stablehlo.and"(%793, %799) : (tensor<24x4x1xi1>, tensor<24x4x1xi1>) -> tensor<24x4x1xi1>
    %c_214 = "stablehlo.constant"() <{value = dense<1> : tensor<ui32>}> : () -> tensor<ui32>
    %801 = "stablehlo.broadcast_in_dim"(%c_214) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %802 = "stablehlo.add"(%786, %801) : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xui32>
    %803 = "func.call"(%800, %802, %786) <{callee = @_where}> : (tensor<24x4x1xi1>, tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xui32>
    %804 = "stablehlo.convert"(%803) : (tensor<24x4x1xui32>) -> tensor<24x4x1xui8>
    %805 = "stablehlo.convert"(%804) : (tensor<24x4x1xui8>) -> tensor<24x4x1xui32>
    %c_215 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %806 = "stablehlo.broadcast_in_dim"(%c_215) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %807 = "stablehlo.shift_left"(%805, %806) : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xui32>
    %808 = "stablehlo.bitcast_convert"(%807) : (tensor<24x4x1xui32>) -> tensor<24x4x1xf32>
    %cst_216 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %809 = "stablehlo.broadcast_in_dim"(%cst_216) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<24x4x1xf32>
    %810 = "stablehlo.compare"(%808, %809) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<24x4x1xf32>, tensor<24x4x1xf32>) -> tensor<24x4x1xi1>
    %cst_217 = "stablehlo.constant"() <{value = dense<5.87747175E-39> : tensor<f32>}> : () -> tensor<f32>
    %811 = "func.call"(%810, %cst_217, %808) <{callee = @_where_0}> : (tensor<24x4x1xi1>, tensor<f32>, tensor<24x4x1xf32>) -> tensor<24x4x1xf32>
    %812 = "stablehlo.convert"(%811) : (tensor<24x4x1xf32>) -> tensor<24x4x1xbf16>
    %813 = "stablehlo.broadcast_in_dim"(%812) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<24x4x1xbf16>) -> tensor<24x4x32xbf16>
    %814 = "stablehlo.divide"(%777, %813) : (tensor<24x4x32xbf16>, tensor<24x4x32xbf16>) -> tensor<24x4x32xbf16>
    %cst_218 = "stablehlo.constant"() <{value = dense<-4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %cst_219 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %815 = "func.call"(%814, %cst_218, %cst_219) <{callee = @clip}> : (tensor<24x4x32xbf16>, tensor<bf16>, tensor<bf16>) -> tensor<24x4x32xbf16>
    %816 = "stablehlo.convert"(%815) : (tensor<24x4x32xbf16>) -> tensor<24x4x32xf8E4M3FN>
    %817 = "stablehlo.reshape"(%816) : (tensor<24x4x32xf8E4M3FN>) -> tensor<24x128xf8E4M3FN>
    %818 = "stablehlo.reshape"(%804) : (tensor<24x4x1xui8>) -> tensor<24x4xui8>
    %819 = "stablehlo.bitcast_convert"(%818) : (tensor<24x4xui8>) -> tensor<24x4xf8E8M0FNU>
    %820 = "stablehlo.convert"(%817) : (tensor<24x128xf8E4M3FN>) -> tensor<24x128xf32>
    %821 = "stablehlo.reshape"(%820) : (tensor<24x128xf32>) -> tensor<24x4x32xf32>
    %822 = "stablehlo.convert"(%819) : (tensor<24x4xf8E8M0FNU>) -> tensor<24x4xf32>
    %823 = "stablehlo.broadcast_in_dim"(%822) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<24x4xf32>) -> tensor<24x4x1xf32>
    %824 = "stablehlo.broadcast_in_dim"(%823) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<24x4x1xf32>) -> tensor<24x4x32xf32>
    %825 = "stablehlo.multiply"(%821, %824) : (tensor<24x4x32xf32>, tensor<24x4x32xf32>) -> tensor<24x4x32xf32>
    %826 = "stablehlo.reshape"(%825) : (tensor<24x4x32xf32>) -> tensor<24x128xf32>
    %827 = "stablehlo.transpose"(%776) <{permutation = array<i64: 1, 0>}> : (tensor<128x96xf32>) -> tensor<96x128xf32>
    %828 = "stablehlo.reshape"(%827) : (tensor<96x128xf32>) -> tensor<96x4x32xf32>
    %829 = "stablehlo.abs"(%828) : (tensor<96x4x32xf32>) -> tensor<96x4x32xf32>
    %cst_220 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %830 = "stablehlo.reduce"(%829, %cst_220) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg7: tensor<f32>, %arg8: tensor<f32>):
      %831 = "stablehlo.maximum"(%arg7, %arg8) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%831) : (tensor<f32>) -> ()
    }) : (tensor<96x4x32xf32>, tensor<f32>) -> tensor<96x4xf32>
    %831 = "stablehlo.broadcast_in_dim"(%830) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<96x4xf32>) -> tensor<96x4x1xf32>
    %cst_221 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<f32>}> : () -> tensor<f32>
    %832 = "stablehlo.broadcast_in_dim"(%cst_221) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<96x4x1xf32>
    %833 = "stablehlo.divide"(%831, %832) : (tensor<96x4x1xf32>, tensor<96x4x1xf32>) -> tensor<96x4x1xf32>
    %834 = "stablehlo.bitcast_convert"(%833) : (tensor<96x4x1xf32>) -> tensor<96x4x1xui32>
    %c_222 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %835 = "stablehlo.broadcast_in_dim"(%c_222) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %836 = "stablehlo.shift_right_logical"(%834, %835) : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xui32>
    %c_223 = "stablehlo.constant"() <{value = dense<8388607> : tensor<ui32>}> : () -> tensor<ui32>
    %837 = "stablehlo.broadcast_in_dim"(%c_223) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %838 = "stablehlo.and"(%834, %837) : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xui32>
    %c_224 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %839 = "stablehlo.broadcast_in_dim"(%c_224) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %840 = "stablehlo.compare"(%838, %839) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xi1>
    %c_225 = "stablehlo.constant"() <{value = dense<254> : tensor<ui32>}> : () -> tensor<ui32>
    %841 = "stablehlo.broadcast_in_dim"(%c_225) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %842 = "stablehlo.compare"(%836, %841) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xi1>
    %843 = "stablehlo.and"(%840, %842) : (tensor<96x4x1xi1>, tensor<96x4x1xi1>) -> tensor<96x4x1xi1>
    %c_226 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %844 = "stablehlo.broadcast_in_dim"(%c_226) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %845 = "stablehlo.compare"(%836, %844) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xi1>
    %c_227 = "stablehlo.constant"() <{value = dense<4194304> : tensor<ui32>}> : () -> tensor<ui32>
    %846 = "stablehlo.broadcast_in_dim"(%c_227) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %847 = "stablehlo.compare"(%838, %846) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}> : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xi1>
    %848 = "stablehlo.and"(%845, %847) : (tensor<96x4x1xi1>, tensor<96x4x1xi1>) -> tensor<96x4x1xi1>
    %849 = "stablehlo.not"(%848) : (tensor<96x4x1xi1>) -> tensor<96x4x1xi1>
    %850 = "stablehlo.and"(%843, %849) : (tensor<96x4x1xi1>, tensor<96x4x1xi1>) -> tensor<96x4x1xi1>
    %c_228 = "stablehlo.constant"() <{value = dense<1> : tensor<ui32>}> : () -> tensor<ui32>
    %851 = "stablehlo.broadcast_in_dim"(%c_228) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %852 = "stablehlo.add"(%836, %851) : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xui32>
    %853 = "func.call"(%850, %852, %836) <{callee = @_where_1}> : (tensor<96x4x1xi1>, tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xui32>
    %854 = "stablehlo.convert"(%853) : (tensor<96x4x1xui32>) -> tensor<96x4x1xui8>
    %855 = "stablehlo.convert"(%854) : (tensor<96x4x1xui8>) -> tensor<96x4x1xui32>
    %c_229 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %856 = "stablehlo.broadcast_in_dim"(%c_229) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %857 = "stablehlo.shift_left"(%855, %856) : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xui32>
    %858 = "stablehlo.bitcast_convert"(%857) : (tensor<96x4x1xui32>) -> tensor<96x4x1xf32>
    %cst_230 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %859 = "stablehlo.broadcast_in_dim"(%cst_230) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<96x4x1xf32>
    %860 = "stablehlo.compare"(%858, %859) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<96x4x1xf32>, tensor<96x4x1xf32>) -> tensor<96x4x1xi1>
    %cst_231 = "stablehlo.constant"() <{value = dense<5.87747175E-39> : tensor<f32>}> : () -> tensor<f32>
    %861 = "func.call"(%860, %cst_231, %858) <{callee = @_where_2}> : (tensor<96x4x1xi1>, tensor<f32>, tensor<96x4x1xf32>) -> tensor<96x4x1xf32>
    %862 = "stablehlo.broadcast_in_dim"(%861) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<96x4x1xf32>) -> tensor<96x4x32xf32>
    %863 = "stablehlo.divide"(%828, %862) : (tensor<96x4x32xf32>, tensor<96x4x32xf32>) -> tensor<96x4x32xf32>
    %cst_232 = "stablehlo.constant"() <{value = dense<-4.480000e+02> : tensor<f32>}> : () -> tensor<f32>
    %cst_233 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<f32>}> : () -> tensor<f32>
    %864 = "func.call"(%863, %cst_232, %cst_233) <{callee = @clip_3}> : (tensor<96x4x32xf32>, tensor<f32>, tensor<f32>) -> tensor<96x4x32xf32>
    %865 = "stablehlo.convert"(%864) : (tensor<96x4x32xf32>) -> tensor<96x4x32xf8E4M3FN>
    %866 = "stablehlo.reshape"(%865) : (tensor<96x4x32xf8E4M3FN>) -> tensor<96x128xf8E4M3FN>
    %867 = "stablehlo.reshape"(%854) : (tensor<96x4x1xui8>) -> tensor<96x4xui8>
    %868 = "stablehlo.bitcast_convert"(%867) : (tensor<96x4xui8>) -> tensor<96x4xf8E8M0FNU>
    %869 = "stablehlo.convert"(%866) : (tensor<96x128xf8E4M3FN>) -> tensor<96x128xf32>
    %870 = "stablehlo.reshape"(%869) : (tensor<96x128xf32>) -> tensor<96x4x32xf32>
    %871 = "stablehlo.convert"(%868) : (tensor<96x4xf8E8M0FNU>) -> tensor<96x4xf32>
    %872 = "stablehlo.broadcast_in_dim"(%871) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<96x4xf32>) -> tensor<96x4x1xf32>
    %873 = "stablehlo.broadcast_in_dim"(%872) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<96x4x1xf32>) -> tensor<96x4x32xf32>
    %874 = "stablehlo.multiply"(%870, %873) : (tensor<96x4x32xf32>, tensor<96x4x32xf32>) -> tensor<96x4x32xf32>
    %875 = "stablehlo.reshape"(%874) : (tensor<96x4x32xf32>) -> tensor<96x128xf32>
    %876 = "stablehlo.dot_general"(%826, %875) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<24x128xf32>, tensor<96x128xf32>) -> tensor<24x96xf32>
    %877 = "stablehlo.slice"(%arg5) <{limit_indices = array<i64: 3, 96>, start_indices = array<i64: 2, 0>, strides = array<i64: 1, 1>}> : (tensor<4x96xf32>) -> tensor<1x96xf32>
    %878 = "stablehlo.reshape"(%877) : (tensor<1x96xf32>) -> tensor<96xf32>
    %879 = "stablehlo.broadcast_in_dim"(%878) <{broadcast_dimensions = array<i64: 1>}> : (tensor<96xf32>) -> tensor<1x96xf32>
    %880 = "stablehlo.broadcast_in_dim"(%879) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x96xf32>) -> tensor<24x96xf32>
    %881 = "stablehlo.add"(%876, %880) : (tensor<24x96xf32>, tensor<24x96xf32>) -> tensor<24x96xf32>
    %cst_234 = "stablehlo.constant"() <{value = dense<-7.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %cst_235 = "stablehlo.constant"() <{value = dense<7.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %882 = "func.call"(%881, %cst_234, %cst_235) <{callee = @clip_4}> : (tensor<24x96xf32>, tensor<f32>, tensor<f32>) -> tensor<24x96xf32>
    %883 = "func.call"(%774) <{callee = @silu}> : (tensor<24x96xf32>) -> tensor<24x96xf32>
    %884 = "stablehlo.multiply"(%883, %882) : (tensor<24x96xf32>, tensor<24x96xf32>) -> tensor<24x96xf32>
    %885 = "stablehlo.convert"(%884) : (tensor<24x96xf32>) -> tensor<24x96xbf16>
    %886 = "stablehlo.slice"(%arg6) <{limit_indices = array<i64: 3, 96, 128>, start_indices = array<i64: 2, 0, 0>, strides = array<i64: 1, 1, 1>}> : (tensor<4x96x128xf32>) -> tensor<1x96x128xf32>
    %887 = "stablehlo.reshape"(%886) : (tensor<1x96x128xf32>) -> tensor<96x128xf32>
    %888 = "stablehlo.reshape"(%885) : (tensor<24x96xbf16>) -> tensor<24x3x32xbf16>
    %889 = "stablehlo.abs"(%888) : (tensor<24x3x32xbf16>) -> tensor<24x3x32xbf16>
    %cst_236 = "stablehlo.constant"() <{value = dense<0xFF80> : tensor<bf16>}> : () -> tensor<bf16>
    %890 = "stablehlo.reduce"(%889, %cst_236) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg7: tensor<bf16>, %arg8: tensor<bf16>):
      %891 = "stablehlo.maximum"(%arg7, %arg8) : (tensor<bf16>, tensor<bf16>) -> tensor<bf16>
      "stablehlo.return"(%891) : (tensor<bf16>) -> ()
    }) : (tensor<24x3x32xbf16>, tensor<bf16>) -> tensor<24x3xbf16>
    %891 = "stablehlo.broadcast_in_dim"(%890) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<24x3xbf16>) -> tensor<24x3x1xbf16>
    %cst_237 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %892 = "stablehlo.broadcast_in_dim"(%cst_237) <{broadcast_dimensions = array<i64>}> : (tensor<bf16>) -> tensor<24x3x1xbf16>
    %893 = "stablehlo.divide"(%891, %892) : (tensor<24x3x1xbf16>, tensor<24x3x1xbf16>) -> tensor<24x3x1xbf16>
    %894 = "stablehlo.convert"(%893) : (tensor<24x3x1xbf16>) -> tensor<24x3x1xf32>
    %895 = "stablehlo.bitcast_convert"(%894) : (tensor<24x3x1xf32>) -> tensor<24x3x1xui32>
    %c_238 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %896 = "stablehlo.broadcast_in_dim"(%c_238) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x3x1xui32>
    %897 = "stablehlo.shift_right_logical"(%895, %896) : (tensor<24x3x1xui32>, tensor<24x3x1xui32>) -> tensor<24x3x1xui32>
    %c_239 = "stablehlo.constant"() <{value = dense<8388607> : tensor<ui32>}> : () -> tensor<ui32>
    %898 = "stablehlo.broadcast_in_dim"(%c_239) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x3x1xui32>
    %899 = "stablehlo.and"(%895, %898) : (tensor<24x3x1xui32>, tensor<24x3x1xui32>) -> tensor<24x3x1xui32>
    %c_240 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %900 = "stablehlo.broadcast_in_dim"(%c_240) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x3x1xui32>
    %901 = "stablehlo.compare"(%899, %900) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<24x3x1xui32>, tensor<24x3x1xui32>) -> tensor<24x3x1xi1>
    %c_241 = "stablehlo.constant"() <{value = dense<254> : tensor<ui32>}> : () -> tensor<ui32>
    %902 = "stablehlo.broadcast_in_dim"(%c_241) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x3x1xui32>
    %903 = "stablehlo.compare"(%897, %902) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<24x3x1xui32>, tensor<24x3x1xui32>) -> tensor<24x3x1xi1>
    %904 = "stablehlo.and"(%901, %903) : (tensor<24x3x1xi1>, tensor<24x3x1xi1>) -> tensor<24x3x1xi1>
    %c_242 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %905 = "stablehlo.broadcast_in_dim"(%c_242) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x3x1xui32>
    %906 = "stablehlo.compare"(%897, %905) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<24x3x1xui32>, tensor<24x3x1xui32>) -> tensor<24x3x1xi1>
    %c_243 = "stablehlo.constant"() <{value = dense<4194304> : tensor<ui32>}> : () -> tensor<ui32>
    %907 = "stablehlo.broadcast_in_dim"(%c_243) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x3x1xui32>
    %908 = "stablehlo.compare"(%899, %907) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}> : (tensor<24x3x1xui32>, tensor<24x3x1xui32>) -> tensor<24x3x1xi1>
    %909 = "stablehlo.and"(%906, %908) : (tensor<24x3x1xi1>, tensor<24x3x1xi1>) -> tensor<24x3x1xi1>
    %910 = "stablehlo.not"(%909) : (tensor<24x3x1xi1>) -> tensor<24x3x1xi1>
    %911 = "stablehlo.and"(%904, %910) : (tensor<24x3x1xi1>, tensor<24x3x1xi1>) -> tensor<24x3x1xi1>
    %c_244 = "stablehlo.constant"() <{value = dense<1> : tensor<ui32>}> : () -> tensor<ui32>
    %912 = "stablehlo.broadcast_in_dim"(%c_244) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x3x1xui32>
    %913 = "stablehlo.add"(%897, %912) : (tensor<24x3x1xui32>, tensor<24x3x1xui32>) -> tensor<24x3x1xui32>
    %914 = "func.call"(%911, %913, %897) <{callee = @_where_5}> : (tensor<24x3x1xi1>, tensor<24x3x1xui32>, tensor<24x3x1xui32>) -> tensor<24x3x1xui32>
    %915 = "stablehlo.convert"(%914) : (tensor<24x3x1xui32>) -> tensor<24x3x1xui8>
    %916 = "stablehlo.convert"(%915) : (tensor<24x3x1xui8>) -> tensor<24x3x1xui32>
    %c_245 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %917 = "stablehlo.broadcast_in_dim"(%c_245) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x3x1xui32>
    %918 = "stablehlo.shift_left"(%916, %917) : (tensor<24x3x1xui32>, tensor<24x3x1xui32>) -> tensor<24x3x1xui32>
    %919 = "stablehlo.bitcast_convert"(%918) : (tensor<24x3x1xui32>) -> tensor<24x3x1xf32>
    %cst_246 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %920 = "stablehlo.broadcast_in_dim"(%cst_246) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<24x3x1xf32>
    %921 = "stablehlo.compare"(%919, %920) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<24x3x1xf32>, tensor<24x3x1xf32>) -> tensor<24x3x1xi1>
    %cst_247 = "stablehlo.constant"() <{value = dense<5.87747175E-39> : tensor<f32>}> : () -> tensor<f32>
    %922 = "func.call"(%921, %cst_247, %919) <{callee = @_where_6}> : (tensor<24x3x1xi1>, tensor<f32>, tensor<24x3x1xf32>) -> tensor<24x3x1xf32>
    %923 = "stablehlo.convert"(%922) : (tensor<24x3x1xf32>) -> tensor<24x3x1xbf16>
    %924 = "stablehlo.broadcast_in_dim"(%923) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<24x3x1xbf16>) -> tensor<24x3x32xbf16>
    %925 = "stablehlo.divide"(%888, %924) : (tensor<24x3x32xbf16>, tensor<24x3x32xbf16>) -> tensor<24x3x32xbf16>
    %cst_248 = "stablehlo.constant"() <{value = dense<-4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %cst_249 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %926 = "func.call"(%925, %cst_248, %cst_249) <{callee = @clip_7}> : (tensor<24x3x32xbf16>, tensor<bf16>, tensor<bf16>) -> tensor<24x3x32xbf16>
    %927 = "stablehlo.convert"(%926) : (tensor<24x3x32xbf16>) -> tensor<24x3x32xf8E4M3FN>
    %928 = "stablehlo.reshape"(%927) : (tensor<24x3x32xf8E4M3FN>) -> tensor<24x96xf8E4M3FN>
    %929 = "stablehlo.reshape"(%915) : (tensor<24x3x1xui8>) -> tensor<24x3xui8>
    %930 = "stablehlo.bitcast_convert"(%929) : (tensor<24x3xui8>) -> tensor<24x3xf8E8M0FNU>
    %931 = "stablehlo.convert"(%928) : (tensor<24x96xf8E4M3FN>) -> tensor<24x96xf32>
    %932 = "stablehlo.reshape"(%931) : (tensor<24x96xf32>) -> tensor<24x3x32xf32>
    %933 = "stablehlo.convert"(%930) : (tensor<24x3xf8E8M0FNU>) -> tensor<24x3xf32>
    %934 = "stablehlo.broadcast_in_dim"(%933) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<24x3xf32>) -> tensor<24x3x1xf32>
    %935 = "stablehlo.broadcast_in_dim"(%934) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<24x3x1xf32>) -> tensor<24x3x32xf32>
    %936 = "stablehlo.multiply"(%932, %935) : (tensor<24x3x32xf32>, tensor<24x3x32xf32>) -> tensor<24x3x32xf32>
    %937 = "stablehlo.reshape"(%936) : (tensor<24x3x32xf32>) -> tensor<24x96xf32>
    %938 = "stablehlo.transpose"(%887) <{permutation = array<i64: 1, 0>}> : (tensor<96x128xf32>) -> tensor<128x96xf32>
    %939 = "stablehlo.reshape"(%938) : (tensor<128x96xf32>) -> tensor<128x3x32xf32>
    %940 = "stablehlo.abs"(%939) : (tensor<128x3x32xf32>) -> tensor<128x3x32xf32>
    %cst_250 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %941 = "stablehlo.reduce"(%940, %cst_250) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg7: tensor<f32>, %arg8: tensor<f32>):
      %942 = "stablehlo.maximum"(%arg7, %arg8) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%942) : (tensor<f32>) -> ()
    }) : (tensor<128x3x32xf32>, tensor<f32>) -> tensor<128x3xf32>
    %942 = "stablehlo.broadcast_in_dim"(%941) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<128x3xf32>) -> tensor<128x3x1xf32>
    %cst_251 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<f32>}> : () -> tensor<f32>
    %943 = "stablehlo.broadcast_in_dim"(%cst_251) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<128x3x1xf32>
    %944 = "stablehlo.divide"(%942, %943) : (tensor<128x3x1xf32>, tensor<128x3x1xf32>) -> tensor<128x3x1xf32>
    %945 = "stablehlo.bitcast_convert"(%944) : (tensor<128x3x1xf32>) -> tensor<128x3x1xui32>
    %c_252 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %946 = "stablehlo.broadcast_in_dim"(%c_252) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<128x3x1xui32>
    %947 = "stablehlo.shift_right_logical"(%945, %946) : (tensor<128x3x1xui32>, tensor<128x3x1xui32>) -> tensor<128x3x1xui32>
    %c_253 = "stablehlo.constant"() <{value = dense<8388607> : tensor<ui32>}> : () -> tensor<ui32>
    %948 = "stablehlo.broadcast_in_dim"(%c_253) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<128x3x1xui32>
    %949 = "stablehlo.and"(%945, %948) : (tensor<128x3x1xui32>, tensor<128x3x1xui32>) -> tensor<128x3x1xui32>
    %c_254 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %950 = "stablehlo.broadcast_in_dim"(%c_254) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<128x3x1xui32>
    %951 = "stablehlo.compare"(%949, %950) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<128x3x1xui32>, tensor<128x3x1xui32>) -> tensor<128x3x1xi1>
    %c_255 = "stablehlo.constant"() <{value = dense<254> : tensor<ui32>}> : () -> tensor<ui32>
    %952 = "stablehlo.broadcast_in_dim"(%c_255) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<128x3x1xui32>
    %953 = "stablehlo.compare"(%947, %952) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<128x3x1xui32>, tensor<128x3x1xui32>) -> tensor<128x3x1xi1>
    %954 = "stablehlo.and"(%951, %953) : (tensor<128x3x1xi1>, tensor<128x3x1xi1>) -> tensor<128x3x1xi1>
    %c_256 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %955 = "stablehlo.broadcast_in_dim"(%c_256) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<128x3x1xui32>
    %956 = "stablehlo.compare"(%947, %955) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<128x3x1xui32>, tensor<128x3x1xui32>) -> tensor<128x3x1xi1>
    %c_257 = "stablehlo.constant"() <{value = dense<4194304> : tensor<ui32>}> : () -> tensor<ui32>
    %957 = "stablehlo.broadcast_in_dim"(%c_257) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<128x3x1xui32>
    %958 = "stablehlo.compare"(%949, %957) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}> : (tensor<128x3x1xui32>, tensor<128x3x1xui32>) -> tensor<128x3x1xi1>
    %959 = "stablehlo.and"(%956, %958) : (tensor<128x3x1xi1>, tensor<128x3x1xi1>) -> tensor<128x3x1xi1>
    %960 = "stablehlo.not"(%959) : (tensor<128x3x1xi1>) -> tensor<128x3x1xi1>
    %961 = "stablehlo.and"(%954, %960) : (tensor<128x3x1xi1>, tensor<128x3x1xi1>) -> tensor<128x3x1xi1>
    %c_258 = "stablehlo.constant"() <{value = dense<1> : tensor<ui32>}> : () -> tensor<ui32>
    %962 = "stablehlo.broadcast_in_dim"(%c_258) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<128x3x1xui32>
    %963 = "stablehlo.add"(%947, %962) : (tensor<128x3x1xui32>, tensor<128x3x1xui32>) -> tensor<128x3x1xui32>
    %964 = "func.call"(%961, %963, %947) <{callee = @_where_8}> : (tensor<128x3x1xi1>, tensor<128x3x1xui32>, tensor<128x3x1xui32>) -> tensor<128x3x1xui32>
    %965 = "stablehlo.convert"(%964) : (tensor<128x3x1xui32>) -> tensor<128x3x1xui8>
    %966 = "stablehlo.convert"(%965) : (tensor<128x3x1xui8>) -> tensor<128x3x1xui32>
    %c_259 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %967 = "stablehlo.broadcast_in_dim"(%c_259) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<128x3x1xui32>
    %968 = "stablehlo.shift_left"(%966, %967) : (tensor<128x3x1xui32>, tensor<128x3x1xui32>) -> tensor<128x3x1xui32>
    %969 = "stablehlo.bitcast_convert"(%968) : (tensor<128x3x1xui32>) -> tensor<128x3x1xf32>
    %cst_260 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %970 = "stablehlo.broadcast_in_dim"(%cst_260) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<128x3x1xf32>
    %971 = "stablehlo.compare"(%969, %970) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<128x3x1xf32>, tensor<128x3x1xf32>) -> tensor<128x3x1xi1>
    %cst_261 = "stablehlo.constant"() <{value = dense<5.87747175E-39> : tensor<f32>}> : () -> tensor<f32>
    %972 = "func.call"(%971, %cst_261, %969) <{callee = @_where_9}> : (tensor<128x3x1xi1>, tensor<f32>, tensor<128x3x1xf32>) -> tensor<128x3x1xf32>
    %973 = "stablehlo.broadcast_in_dim"(%972) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<128x3x1xf32>) -> tensor<128x3x32xf32>
    %974 = "stablehlo.divide"(%939, %973) : (tensor<128x3x32xf32>, tensor<128x3x32xf32>) -> tensor<128x3x32xf32>
    %cst_262 = "stablehlo.constant"() <{value = dense<-4.480000e+02> : tensor<f32>}> : () -> tensor<f32>
    %cst_263 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<f32>}> : () -> tensor<f32>
    %975 = "func.call"(%974, %cst_262, %cst_263) <{callee = @clip_10}> : (tensor<128x3x32xf32>, tensor<f32>, tensor<f32>) -> tensor<128x3x32xf32>
    %976 = "stablehlo.convert"(%975) : (tensor<128x3x32xf32>) -> tensor<128x3x32xf8E4M3FN>
    %977 = "stablehlo.reshape"(%976) : (tensor<128x3x32xf8E4M3FN>) -> tensor<128x96xf8E4M3FN>
    %978 = "stablehlo.reshape"(%965) : (tensor<128x3x1xui8>) -> tensor<128x3xui8>
    %979 = "stablehlo.bitcast_convert"(%978) : (tensor<128x3xui8>) -> tensor<128x3xf8E8M0FNU>
    %980 = "stablehlo.convert"(%977) : (tensor<128x96xf8E4M3FN>) -> tensor<128x96xf32>
    %981 = "stablehlo.reshape"(%980) : (tensor<128x96xf32>) -> tensor<128x3x32xf32>
    %982 = "stablehlo.convert"(%979) : (tensor<128x3xf8E8M0FNU>) -> tensor<128x3xf32>
    %983 = "stablehlo.broadcast_in_dim"(%982) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<128x3xf32>) -> tensor<128x3x1xf32>
    %984 = "stablehlo.broadcast_in_dim"(%983) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<128x3x1xf32>) -> tensor<128x3x32xf32>
    %985 = "stablehlo.multiply"(%981, %984) : (tensor<128x3x32xf32>, tensor<128x3x32xf32>) -> tensor<128x3x32xf32>
    %986 = "stablehlo.reshape"(%985) : (tensor<128x3x32xf32>) -> tensor<128x96xf32>
    %987 = "stablehlo.dot_general"(%937, %986) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<24x96xf32>, tensor<128x96xf32>) -> tensor<24x128xf32>
    %988 = "stablehlo.slice"(%arg2) <{limit_indices = array<i64: 4, 128, 96>, start_indices = array<i64: 3, 0, 0>, strides = array<i64: 1, 1, 1>}> : (tensor<4x128x96xf32>) -> tensor<1x128x96xf32>
    %989 = "stablehlo.reshape"(%988) : (tensor<1x128x96xf32>) -> tensor<128x96xf32>
    %990 = "stablehlo.reshape"(%arg0) : (tensor<24x128xbf16>) -> tensor<24x4x32xbf16>
    %991 = "stablehlo.abs"(%990) : (tensor<24x4x32xbf16>) -> tensor<24x4x32xbf16>
    %cst_264 = "stablehlo.constant"() <{value = dense<0xFF80> : tensor<bf16>}> : () -> tensor<bf16>
    %992 = "stablehlo.reduce"(%991, %cst_264) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg7: tensor<bf16>, %arg8: tensor<bf16>):
      %993 = "stablehlo.maximum"(%arg7, %arg8) : (tensor<bf16>, tensor<bf16>) -> tensor<bf16>
      "stablehlo.return"(%993) : (tensor<bf16>) -> ()
    }) : (tensor<24x4x32xbf16>, tensor<bf16>) -> tensor<24x4xbf16>
    %993 = "stablehlo.broadcast_in_dim"(%992) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<24x4xbf16>) -> tensor<24x4x1xbf16>
    %cst_265 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %994 = "stablehlo.broadcast_in_dim"(%cst_265) <{broadcast_dimensions = array<i64>}> : (tensor<bf16>) -> tensor<24x4x1xbf16>
    %995 = "stablehlo.divide"(%993, %994) : (tensor<24x4x1xbf16>, tensor<24x4x1xbf16>) -> tensor<24x4x1xbf16>
    %996 = "stablehlo.convert"(%995) : (tensor<24x4x1xbf16>) -> tensor<24x4x1xf32>
    %997 = "stablehlo.bitcast_convert"(%996) : (tensor<24x4x1xf32>) -> tensor<24x4x1xui32>
    %c_266 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %998 = "stablehlo.broadcast_in_dim"(%c_266) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %999 = "stablehlo.shift_right_logical"(%997, %998) : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xui32>
    %c_267 = "stablehlo.constant"() <{value = dense<8388607> : tensor<ui32>}> : () -> tensor<ui32>
    %1000 = "stablehlo.broadcast_in_dim"(%c_267) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %1001 = "stablehlo.and"(%997, %1000) : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xui32>
    %c_268 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %1002 = "stablehlo.broadcast_in_dim"(%c_268) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %1003 = "stablehlo.compare"(%1001, %1002) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xi1>
    %c_269 = "stablehlo.constant"() <{value = dense<254> : tensor<ui32>}> : () -> tensor<ui32>
    %1004 = "stablehlo.broadcast_in_dim"(%c_269) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %1005 = "stablehlo.compare"(%999, %1004) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xi1>
    %1006 = "stablehlo.and"(%1003, %1005) : (tensor<24x4x1xi1>, tensor<24x4x1xi1>) -> tensor<24x4x1xi1>
    %c_270 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %1007 = "stablehlo.broadcast_in_dim"(%c_270) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %1008 = "stablehlo.compare"(%999, %1007) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xi1>
    %c_271 = "stablehlo.constant"() <{value = dense<4194304> : tensor<ui32>}> : () -> tensor<ui32>
    %1009 = "stablehlo.broadcast_in_dim"(%c_271) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %1010 = "stablehlo.compare"(%1001, %1009) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}> : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xi1>
    %1011 = "stablehlo.and"(%1008, %1010) : (tensor<24x4x1xi1>, tensor<24x4x1xi1>) -> tensor<24x4x1xi1>
    %1012 = "stablehlo.not"(%1011) : (tensor<24x4x1xi1>) -> tensor<24x4x1xi1>
    %1013 = "stablehlo.and"(%1006, %1012) : (tensor<24x4x1xi1>, tensor<24x4x1xi1>) -> tensor<24x4x1xi1>
    %c_272 = "stablehlo.constant"() <{value = dense<1> : tensor<ui32>}> : () -> tensor<ui32>
    %1014 = "stablehlo.broadcast_in_dim"(%c_272) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %1015 = "stablehlo.add"(%999, %1014) : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xui32>
    %1016 = "func.call"(%1013, %1015, %999) <{callee = @_where}> : (tensor<24x4x1xi1>, tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xui32>
    %1017 = "stablehlo.convert"(%1016) : (tensor<24x4x1xui32>) -> tensor<24x4x1xui8>
    %1018 = "stablehlo.convert"(%1017) : (tensor<24x4x1xui8>) -> tensor<24x4x1xui32>
    %c_273 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %1019 = "stablehlo.broadcast_in_dim"(%c_273) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %1020 = "stablehlo.shift_left"(%1018, %1019) : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xui32>
    %1021 = "stablehlo.bitcast_convert"(%1020) : (tensor<24x4x1xui32>) -> tensor<24x4x1xf32>
    %cst_274 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %1022 = "stablehlo.broadcast_in_dim"(%cst_274) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<24x4x1xf32>
    %1023 = "stablehlo.compare"(%1021, %1022) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<24x4x1xf32>, tensor<24x4x1xf32>) -> tensor<24x4x1xi1>
    %cst_275 = "stablehlo.constant"() <{value = dense<5.87747175E-39> : tensor<f32>}> : () -> tensor<f32>
    %1024 = "func.call"(%1023, %cst_275, %1021) <{callee = @_where_0}> : (tensor<24x4x1xi1>, tensor<f32>, tensor<24x4x1xf32>) -> tensor<24x4x1xf32>
    %1025 = "stablehlo.convert"(%1024) : (tensor<24x4x1xf32>) -> tensor<24x4x1xbf16>
    %1026 = "stablehlo.broadcast_in_dim"(%1025) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<24x4x1xbf16>) -> tensor<24x4x32xbf16>
    %1027 = "stablehlo.divide"(%990, %1026) : (tensor<24x4x32xbf16>, tensor<24x4x32xbf16>) -> tensor<24x4x32xbf16>
    %cst_276 = "stablehlo.constant"() <{value = dense<-4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %cst_277 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %1028 = "func.call"(%1027, %cst_276, %cst_277) <{callee = @clip}> : (tensor<24x4x32xbf16>, tensor<bf16>, tensor<bf16>) -> tensor<24x4x32xbf16>
    %1029 = "stablehlo.convert"(%1028) : (tensor<24x4x32xbf16>) -> tensor<24x4x32xf8E4M3FN>
    %1030 = "stablehlo.reshape"(%1029) : (tensor<24x4x32xf8E4M3FN>) -> tensor<24x128xf8E4M3FN>
    %1031 = "stablehlo.reshape"(%1017) : (tensor<24x4x1xui8>) -> tensor<24x4xui8>
    %1032 = "stablehlo.bitcast_convert"(%1031) : (tensor<24x4xui8>) -> tensor<24x4xf8E8M0FNU>
    %1033 = "stablehlo.convert"(%1030) : (tensor<24x128xf8E4M3FN>) -> tensor<24x128xf32>
    %1034 = "stablehlo.reshape"(%1033) : (tensor<24x128xf32>) -> tensor<24x4x32xf32>
    %1035 = "stablehlo.convert"(%1032) : (tensor<24x4xf8E8M0FNU>) -> tensor<24x4xf32>
    %1036 = "stablehlo.broadcast_in_dim"(%1035) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<24x4xf32>) -> tensor<24x4x1xf32>
    %1037 = "stablehlo.broadcast_in_dim"(%1036) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<24x4x1xf32>) -> tensor<24x4x32xf32>
    %1038 = "stablehlo.multiply"(%1034, %1037) : (tensor<24x4x32xf32>, tensor<24x4x32xf32>) -> tensor<24x4x32xf32>
    %1039 = "stablehlo.reshape"(%1038) : (tensor<24x4x32xf32>) -> tensor<24x128xf32>
    %1040 = "stablehlo.transpose"(%989) <{permutation = array<i64: 1, 0>}> : (tensor<128x96xf32>) -> tensor<96x128xf32>
    %1041 = "stablehlo.reshape"(%1040) : (tensor<96x128xf32>) -> tensor<96x4x32xf32>
    %1042 = "stablehlo.abs"(%1041) : (tensor<96x4x32xf32>) -> tensor<96x4x32xf32>
    %cst_278 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %1043 = "stablehlo.reduce"(%1042, %cst_278) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg7: tensor<f32>, %arg8: tensor<f32>):
      %1044 = "stablehlo.maximum"(%arg7, %arg8) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1044) : (tensor<f32>) -> ()
    }) : (tensor<96x4x32xf32>, tensor<f32>) -> tensor<96x4xf32>
    %1044 = "stablehlo.broadcast_in_dim"(%1043) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<96x4xf32>) -> tensor<96x4x1xf32>
    %cst_279 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<f32>}> : () -> tensor<f32>
    %1045 = "stablehlo.broadcast_in_dim"(%cst_279) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<96x4x1xf32>
    %1046 = "stablehlo.divide"(%1044, %1045) : (tensor<96x4x1xf32>, tensor<96x4x1xf32>) -> tensor<96x4x1xf32>
    %1047 = "stablehlo.bitcast_convert"(%1046) : (tensor<96x4x1xf32>) -> tensor<96x4x1xui32>
    %c_280 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %1048 = "stablehlo.broadcast_in_dim"(%c_280) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %1049 = "stablehlo.shift_right_logical"(%1047, %1048) : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xui32>
    %c_281 = "stablehlo.constant"() <{value = dense<8388607> : tensor<ui32>}> : () -> tensor<ui32>
    %1050 = "stablehlo.broadcast_in_dim"(%c_281) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %1051 = "stablehlo.and"(%1047, %1050) : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xui32>
    %c_282 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %1052 = "stablehlo.broadcast_in_dim"(%c_282) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %1053 = "stablehlo.compare"(%1051, %1052) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xi1>
    %c_283 = "stablehlo.constant"() <{value = dense<254> : tensor<ui32>}> : () -> tensor<ui32>
    %1054 = "stablehlo.broadcast_in_dim"(%c_283) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %1055 = "stablehlo.compare"(%1049, %1054) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xi1>
    %1056 = "stablehlo.and"(%1053, %1055) : (tensor<96x4x1xi1>, tensor<96x4x1xi1>) -> tensor<96x4x1xi1>
    %c_284 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %1057 = "stablehlo.broadcast_in_dim"(%c_284) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %1058 = "stablehlo.compare"(%1049, %1057) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xi1>
    %c_285 = "stablehlo.constant"() <{value = dense<4194304> : tensor<ui32>}> : () -> tensor<ui32>
    %1059 = "stablehlo.broadcast_in_dim"(%c_285) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %1060 = "stablehlo.compare"(%1051, %1059) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}> : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xi1>
    %1061 = "stablehlo.and"(%1058, %1060) : (tensor<96x4x1xi1>, tensor<96x4x1xi1>) -> tensor<96x4x1xi1>
    %1062 = "stablehlo.not"(%1061) : (tensor<96x4x1xi1>) -> tensor<96x4x1xi1>
    %1063 = "stablehlo.and"(%1056, %1062) : (tensor<96x4x1xi1>, tensor<96x4x1xi1>) -> tensor<96x4x1xi1>
    %c_286 = "stablehlo.constant"() <{value = dense<1> : tensor<ui32>}> : () -> tensor<ui32>
    %1064 = "stablehlo.broadcast_in_dim"(%c_286) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %1065 = "stablehlo.add"(%1049, %1064) : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xui32>
    %1066 = "func.call"(%1063, %1065, %1049) <{callee = @_where_1}> : (tensor<96x4x1xi1>, tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xui32>
    %1067 = "stablehlo.convert"(%1066) : (tensor<96x4x1xui32>) -> tensor<96x4x1xui8>
    %1068 = "stablehlo.convert"(%1067) : (tensor<96x4x1xui8>) -> tensor<96x4x1xui32>
    %c_287 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %1069 = "stablehlo.broadcast_in_dim"(%c_287) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %1070 = "stablehlo.shift_left"(%1068, %1069) : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xui32>
    %1071 = "stablehlo.bitcast_convert"(%1070) : (tensor<96x4x1xui32>) -> tensor<96x4x1xf32>
    %cst_288 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %1072 = "stablehlo.broadcast_in_dim"(%cst_288) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<96x4x1xf32>
    %1073 = "stablehlo.compare"(%1071, %1072) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<96x4x1xf32>, tensor<96x4x1xf32>) -> tensor<96x4x1xi1>
    %cst_289 = "stablehlo.constant"() <{value = dense<5.87747175E-39> : tensor<f32>}> : () -> tensor<f32>
    %1074 = "func.call"(%1073, %cst_289, %1071) <{callee = @_where_2}> : (tensor<96x4x1xi1>, tensor<f32>, tensor<96x4x1xf32>) -> tensor<96x4x1xf32>
    %1075 = "stablehlo.broadcast_in_dim"(%1074) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<96x4x1xf32>) -> tensor<96x4x32xf32>
    %1076 = "stablehlo.divide"(%1041, %1075) : (tensor<96x4x32xf32>, tensor<96x4x32xf32>) -> tensor<96x4x32xf32>
    %cst_290 = "stablehlo.constant"() <{value = dense<-4.480000e+02> : tensor<f32>}> : () -> tensor<f32>
    %cst_291 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<f32>}> : () -> tensor<f32>
    %1077 = "func.call"(%1076, %cst_290, %cst_291) <{callee = @clip_3}> : (tensor<96x4x32xf32>, tensor<f32>, tensor<f32>) -> tensor<96x4x32xf32>
    %1078 = "stablehlo.convert"(%1077) : (tensor<96x4x32xf32>) -> tensor<96x4x32xf8E4M3FN>
    %1079 = "stablehlo.reshape"(%1078) : (tensor<96x4x32xf8E4M3FN>) -> tensor<96x128xf8E4M3FN>
    %1080 = "stablehlo.reshape"(%1067) : (tensor<96x4x1xui8>) -> tensor<96x4xui8>
    %1081 = "stablehlo.bitcast_convert"(%1080) : (tensor<96x4xui8>) -> tensor<96x4xf8E8M0FNU>
    %1082 = "stablehlo.convert"(%1079) : (tensor<96x128xf8E4M3FN>) -> tensor<96x128xf32>
    %1083 = "stablehlo.reshape"(%1082) : (tensor<96x128xf32>) -> tensor<96x4x32xf32>
    %1084 = "stablehlo.convert"(%1081) : (tensor<96x4xf8E8M0FNU>) -> tensor<96x4xf32>
    %1085 = "stablehlo.broadcast_in_dim"(%1084) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<96x4xf32>) -> tensor<96x4x1xf32>
    %1086 = "stablehlo.broadcast_in_dim"(%1085) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<96x4x1xf32>) -> tensor<96x4x32xf32>
    %1087 = "stablehlo.multiply"(%1083, %1086) : (tensor<96x4x32xf32>, tensor<96x4x32xf32>) -> tensor<96x4x32xf32>
    %1088 = "stablehlo.reshape"(%1087) : (tensor<96x4x32xf32>) -> tensor<96x128xf32>
    %1089 = "stablehlo.dot_general"(%1039, %1088) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<24x128xf32>, tensor<96x128xf32>) -> tensor<24x96xf32>
    %1090 = "stablehlo.slice"(%arg3) <{limit_indices = array<i64: 4, 96>, start_indices = array<i64: 3, 0>, strides = array<i64: 1, 1>}> : (tensor<4x96xf32>) -> tensor<1x96xf32>
    %1091 = "stablehlo.reshape"(%1090) : (tensor<1x96xf32>) -> tensor<96xf32>
    %1092 = "stablehlo.broadcast_in_dim"(%1091) <{broadcast_dimensions = array<i64: 1>}> : (tensor<96xf32>) -> tensor<1x96xf32>
    %1093 = "stablehlo.broadcast_in_dim"(%1092) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x96xf32>) -> tensor<24x96xf32>
    %1094 = "stablehlo.add"(%1089, %1093) : (tensor<24x96xf32>, tensor<24x96xf32>) -> tensor<24x96xf32>
    %cst_292 = "stablehlo.constant"() <{value = dense<7.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %1095 = "stablehlo.broadcast_in_dim"(%cst_292) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<24x96xf32>
    %1096 = "stablehlo.minimum"(%1094, %1095) : (tensor<24x96xf32>, tensor<24x96xf32>) -> tensor<24x96xf32>
    %1097 = "stablehlo.slice"(%arg4) <{limit_indices = array<i64: 4, 128, 96>, start_indices = array<i64: 3, 0, 0>, strides = array<i64: 1, 1, 1>}> : (tensor<4x128x96xf32>) -> tensor<1x128x96xf32>
    %1098 = "stablehlo.reshape"(%1097) : (tensor<1x128x96xf32>) -> tensor<128x96xf32>
    %1099 = "stablehlo.reshape"(%arg0) : (tensor<24x128xbf16>) -> tensor<24x4x32xbf16>
    %1100 = "stablehlo.abs"(%1099) : (tensor<24x4x32xbf16>) -> tensor<24x4x32xbf16>
    %cst_293 = "stablehlo.constant"() <{value = dense<0xFF80> : tensor<bf16>}> : () -> tensor<bf16>
    %1101 = "stablehlo.reduce"(%1100, %cst_293) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg7: tensor<bf16>, %arg8: tensor<bf16>):
      %1102 = "stablehlo.maximum"(%arg7, %arg8) : (tensor<bf16>, tensor<bf16>) -> tensor<bf16>
      "stablehlo.return"(%1102) : (tensor<bf16>) -> ()
    }) : (tensor<24x4x32xbf16>, tensor<bf16>) -> tensor<24x4xbf16>
    %1102 = "stablehlo.broadcast_in_dim"(%1101) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<24x4xbf16>) -> tensor<24x4x1xbf16>
    %cst_294 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %1103 = "stablehlo.broadcast_in_dim"(%cst_294) <{broadcast_dimensions = array<i64>}> : (tensor<bf16>) -> tensor<24x4x1xbf16>
    %1104 = "stablehlo.divide"(%1102, %1103) : (tensor<24x4x1xbf16>, tensor<24x4x1xbf16>) -> tensor<24x4x1xbf16>
    %1105 = "stablehlo.convert"(%1104) : (tensor<24x4x1xbf16>) -> tensor<24x4x1xf32>
    %1106 = "stablehlo.bitcast_convert"(%1105) : (tensor<24x4x1xf32>) -> tensor<24x4x1xui32>
    %c_295 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %1107 = "stablehlo.broadcast_in_dim"(%c_295) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %1108 = "stablehlo.shift_right_logical"(%1106, %1107) : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xui32>
    %c_296 = "stablehlo.constant"() <{value = dense<8388607> : tensor<ui32>}> : () -> tensor<ui32>
    %1109 = "stablehlo.broadcast_in_dim"(%c_296) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %1110 = "stablehlo.and"(%1106, %1109) : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xui32>
    %c_297 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %1111 = "stablehlo.broadcast_in_dim"(%c_297) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %1112 = "stablehlo.compare"(%1110, %1111) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xi1>
    %c_298 = "stablehlo.constant"() <{value = dense<254> : tensor<ui32>}> : () -> tensor<ui32>
    %1113 = "stablehlo.broadcast_in_dim"(%c_298) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %1114 = "stablehlo.compare"(%1108, %1113) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xi1>
    %1115 = "stablehlo.and"(%1112, %1114) : (tensor<24x4x1xi1>, tensor<24x4x1xi1>) -> tensor<24x4x1xi1>
    %c_299 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %1116 = "stablehlo.broadcast_in_dim"(%c_299) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %1117 = "stablehlo.compare"(%1108, %1116) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xi1>
    %c_300 = "stablehlo.constant"() <{value = dense<4194304> : tensor<ui32>}> : () -> tensor<ui32>
    %1118 = "stablehlo.broadcast_in_dim"(%c_300) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %1119 = "stablehlo.compare"(%1110, %1118) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}> : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xi1>
    %1120 = "stablehlo.and"(%1117, %1119) : (tensor<24x4x1xi1>, tensor<24x4x1xi1>) -> tensor<24x4x1xi1>
    %1121 = "stablehlo.not"(%1120) : (tensor<24x4x1xi1>) -> tensor<24x4x1xi1>
    %1122 = "stablehlo.and"(%1115, %1121) : (tensor<24x4x1xi1>, tensor<24x4x1xi1>) -> tensor<24x4x1xi1>
    %c_301 = "stablehlo.constant"() <{value = dense<1> : tensor<ui32>}> : () -> tensor<ui32>
    %1123 = "stablehlo.broadcast_in_dim"(%c_301) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %1124 = "stablehlo.add"(%1108, %1123) : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xui32>
    %1125 = "func.call"(%1122, %1124, %1108) <{callee = @_where}> : (tensor<24x4x1xi1>, tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xui32>
    %1126 = "stablehlo.convert"(%1125) : (tensor<24x4x1xui32>) -> tensor<24x4x1xui8>
    %1127 = "stablehlo.convert"(%1126) : (tensor<24x4x1xui8>) -> tensor<24x4x1xui32>
    %c_302 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %1128 = "stablehlo.broadcast_in_dim"(%c_302) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x4x1xui32>
    %1129 = "stablehlo.shift_left"(%1127, %1128) : (tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xui32>
    %1130 = "stablehlo.bitcast_convert"(%1129) : (tensor<24x4x1xui32>) -> tensor<24x4x1xf32>
    %cst_303 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %1131 = "stablehlo.broadcast_in_dim"(%cst_303) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<24x4x1xf32>
    %1132 = "stablehlo.compare"(%1130, %1131) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<24x4x1xf32>, tensor<24x4x1xf32>) -> tensor<24x4x1xi1>
    %cst_304 = "stablehlo.constant"() <{value = dense<5.87747175E-39> : tensor<f32>}> : () -> tensor<f32>
    %1133 = "func.call"(%1132, %cst_304, %1130) <{callee = @_where_0}> : (tensor<24x4x1xi1>, tensor<f32>, tensor<24x4x1xf32>) -> tensor<24x4x1xf32>
    %1134 = "stablehlo.convert"(%1133) : (tensor<24x4x1xf32>) -> tensor<24x4x1xbf16>
    %1135 = "stablehlo.broadcast_in_dim"(%1134) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<24x4x1xbf16>) -> tensor<24x4x32xbf16>
    %1136 = "stablehlo.divide"(%1099, %1135) : (tensor<24x4x32xbf16>, tensor<24x4x32xbf16>) -> tensor<24x4x32xbf16>
    %cst_305 = "stablehlo.constant"() <{value = dense<-4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %cst_306 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %1137 = "func.call"(%1136, %cst_305, %cst_306) <{callee = @clip}> : (tensor<24x4x32xbf16>, tensor<bf16>, tensor<bf16>) -> tensor<24x4x32xbf16>
    %1138 = "stablehlo.convert"(%1137) : (tensor<24x4x32xbf16>) -> tensor<24x4x32xf8E4M3FN>
    %1139 = "stablehlo.reshape"(%1138) : (tensor<24x4x32xf8E4M3FN>) -> tensor<24x128xf8E4M3FN>
    %1140 = "stablehlo.reshape"(%1126) : (tensor<24x4x1xui8>) -> tensor<24x4xui8>
    %1141 = "stablehlo.bitcast_convert"(%1140) : (tensor<24x4xui8>) -> tensor<24x4xf8E8M0FNU>
    %1142 = "stablehlo.convert"(%1139) : (tensor<24x128xf8E4M3FN>) -> tensor<24x128xf32>
    %1143 = "stablehlo.reshape"(%1142) : (tensor<24x128xf32>) -> tensor<24x4x32xf32>
    %1144 = "stablehlo.convert"(%1141) : (tensor<24x4xf8E8M0FNU>) -> tensor<24x4xf32>
    %1145 = "stablehlo.broadcast_in_dim"(%1144) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<24x4xf32>) -> tensor<24x4x1xf32>
    %1146 = "stablehlo.broadcast_in_dim"(%1145) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<24x4x1xf32>) -> tensor<24x4x32xf32>
    %1147 = "stablehlo.multiply"(%1143, %1146) : (tensor<24x4x32xf32>, tensor<24x4x32xf32>) -> tensor<24x4x32xf32>
    %1148 = "stablehlo.reshape"(%1147) : (tensor<24x4x32xf32>) -> tensor<24x128xf32>
    %1149 = "stablehlo.transpose"(%1098) <{permutation = array<i64: 1, 0>}> : (tensor<128x96xf32>) -> tensor<96x128xf32>
    %1150 = "stablehlo.reshape"(%1149) : (tensor<96x128xf32>) -> tensor<96x4x32xf32>
    %1151 = "stablehlo.abs"(%1150) : (tensor<96x4x32xf32>) -> tensor<96x4x32xf32>
    %cst_307 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %1152 = "stablehlo.reduce"(%1151, %cst_307) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg7: tensor<f32>, %arg8: tensor<f32>):
      %1153 = "stablehlo.maximum"(%arg7, %arg8) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1153) : (tensor<f32>) -> ()
    }) : (tensor<96x4x32xf32>, tensor<f32>) -> tensor<96x4xf32>
    %1153 = "stablehlo.broadcast_in_dim"(%1152) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<96x4xf32>) -> tensor<96x4x1xf32>
    %cst_308 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<f32>}> : () -> tensor<f32>
    %1154 = "stablehlo.broadcast_in_dim"(%cst_308) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<96x4x1xf32>
    %1155 = "stablehlo.divide"(%1153, %1154) : (tensor<96x4x1xf32>, tensor<96x4x1xf32>) -> tensor<96x4x1xf32>
    %1156 = "stablehlo.bitcast_convert"(%1155) : (tensor<96x4x1xf32>) -> tensor<96x4x1xui32>
    %c_309 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %1157 = "stablehlo.broadcast_in_dim"(%c_309) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %1158 = "stablehlo.shift_right_logical"(%1156, %1157) : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xui32>
    %c_310 = "stablehlo.constant"() <{value = dense<8388607> : tensor<ui32>}> : () -> tensor<ui32>
    %1159 = "stablehlo.broadcast_in_dim"(%c_310) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %1160 = "stablehlo.and"(%1156, %1159) : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xui32>
    %c_311 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %1161 = "stablehlo.broadcast_in_dim"(%c_311) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %1162 = "stablehlo.compare"(%1160, %1161) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xi1>
    %c_312 = "stablehlo.constant"() <{value = dense<254> : tensor<ui32>}> : () -> tensor<ui32>
    %1163 = "stablehlo.broadcast_in_dim"(%c_312) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %1164 = "stablehlo.compare"(%1158, %1163) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xi1>
    %1165 = "stablehlo.and"(%1162, %1164) : (tensor<96x4x1xi1>, tensor<96x4x1xi1>) -> tensor<96x4x1xi1>
    %c_313 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %1166 = "stablehlo.broadcast_in_dim"(%c_313) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %1167 = "stablehlo.compare"(%1158, %1166) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xi1>
    %c_314 = "stablehlo.constant"() <{value = dense<4194304> : tensor<ui32>}> : () -> tensor<ui32>
    %1168 = "stablehlo.broadcast_in_dim"(%c_314) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %1169 = "stablehlo.compare"(%1160, %1168) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}> : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xi1>
    %1170 = "stablehlo.and"(%1167, %1169) : (tensor<96x4x1xi1>, tensor<96x4x1xi1>) -> tensor<96x4x1xi1>
    %1171 = "stablehlo.not"(%1170) : (tensor<96x4x1xi1>) -> tensor<96x4x1xi1>
    %1172 = "stablehlo.and"(%1165, %1171) : (tensor<96x4x1xi1>, tensor<96x4x1xi1>) -> tensor<96x4x1xi1>
    %c_315 = "stablehlo.constant"() <{value = dense<1> : tensor<ui32>}> : () -> tensor<ui32>
    %1173 = "stablehlo.broadcast_in_dim"(%c_315) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %1174 = "stablehlo.add"(%1158, %1173) : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xui32>
    %1175 = "func.call"(%1172, %1174, %1158) <{callee = @_where_1}> : (tensor<96x4x1xi1>, tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xui32>
    %1176 = "stablehlo.convert"(%1175) : (tensor<96x4x1xui32>) -> tensor<96x4x1xui8>
    %1177 = "stablehlo.convert"(%1176) : (tensor<96x4x1xui8>) -> tensor<96x4x1xui32>
    %c_316 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %1178 = "stablehlo.broadcast_in_dim"(%c_316) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<96x4x1xui32>
    %1179 = "stablehlo.shift_left"(%1177, %1178) : (tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xui32>
    %1180 = "stablehlo.bitcast_convert"(%1179) : (tensor<96x4x1xui32>) -> tensor<96x4x1xf32>
    %cst_317 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %1181 = "stablehlo.broadcast_in_dim"(%cst_317) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<96x4x1xf32>
    %1182 = "stablehlo.compare"(%1180, %1181) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<96x4x1xf32>, tensor<96x4x1xf32>) -> tensor<96x4x1xi1>
    %cst_318 = "stablehlo.constant"() <{value = dense<5.87747175E-39> : tensor<f32>}> : () -> tensor<f32>
    %1183 = "func.call"(%1182, %cst_318, %1180) <{callee = @_where_2}> : (tensor<96x4x1xi1>, tensor<f32>, tensor<96x4x1xf32>) -> tensor<96x4x1xf32>
    %1184 = "stablehlo.broadcast_in_dim"(%1183) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<96x4x1xf32>) -> tensor<96x4x32xf32>
    %1185 = "stablehlo.divide"(%1150, %1184) : (tensor<96x4x32xf32>, tensor<96x4x32xf32>) -> tensor<96x4x32xf32>
    %cst_319 = "stablehlo.constant"() <{value = dense<-4.480000e+02> : tensor<f32>}> : () -> tensor<f32>
    %cst_320 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<f32>}> : () -> tensor<f32>
    %1186 = "func.call"(%1185, %cst_319, %cst_320) <{callee = @clip_3}> : (tensor<96x4x32xf32>, tensor<f32>, tensor<f32>) -> tensor<96x4x32xf32>
    %1187 = "stablehlo.convert"(%1186) : (tensor<96x4x32xf32>) -> tensor<96x4x32xf8E4M3FN>
    %1188 = "stablehlo.reshape"(%1187) : (tensor<96x4x32xf8E4M3FN>) -> tensor<96x128xf8E4M3FN>
    %1189 = "stablehlo.reshape"(%1176) : (tensor<96x4x1xui8>) -> tensor<96x4xui8>
    %1190 = "stablehlo.bitcast_convert"(%1189) : (tensor<96x4xui8>) -> tensor<96x4xf8E8M0FNU>
    %1191 = "stablehlo.convert"(%1188) : (tensor<96x128xf8E4M3FN>) -> tensor<96x128xf32>
    %1192 = "stablehlo.reshape"(%1191) : (tensor<96x128xf32>) -> tensor<96x4x32xf32>
    %1193 = "stablehlo.convert"(%1190) : (tensor<96x4xf8E8M0FNU>) -> tensor<96x4xf32>
    %1194 = "stablehlo.broadcast_in_dim"(%1193) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<96x4xf32>) -> tensor<96x4x1xf32>
    %1195 = "stablehlo.broadcast_in_dim"(%1194) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<96x4x1xf32>) -> tensor<96x4x32xf32>
    %1196 = "stablehlo.multiply"(%1192, %1195) : (tensor<96x4x32xf32>, tensor<96x4x32xf32>) -> tensor<96x4x32xf32>
    %1197 = "stablehlo.reshape"(%1196) : (tensor<96x4x32xf32>) -> tensor<96x128xf32>
    %1198 = "stablehlo.dot_general"(%1148, %1197) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<24x128xf32>, tensor<96x128xf32>) -> tensor<24x96xf32>
    %1199 = "stablehlo.slice"(%arg5) <{limit_indices = array<i64: 4, 96>, start_indices = array<i64: 3, 0>, strides = array<i64: 1, 1>}> : (tensor<4x96xf32>) -> tensor<1x96xf32>
    %1200 = "stablehlo.reshape"(%1199) : (tensor<1x96xf32>) -> tensor<96xf32>
    %1201 = "stablehlo.broadcast_in_dim"(%1200) <{broadcast_dimensions = array<i64: 1>}> : (tensor<96xf32>) -> tensor<1x96xf32>
    %1202 = "stablehlo.broadcast_in_dim"(%1201) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x96xf32>) -> tensor<24x96xf32>
    %1203 = "stablehlo.add"(%1198, %1202) : (tensor<24x96xf32>, tensor<24x96xf32>) -> tensor<24x96xf32>
    %cst_321 = "stablehlo.constant"() <{value = dense<-7.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %cst_322 = "stablehlo.constant"() <{value = dense<7.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %1204 = "func.call"(%1203, %cst_321, %cst_322) <{callee = @clip_4}> : (tensor<24x96xf32>, tensor<f32>, tensor<f32>) -> tensor<24x96xf32>
    %1205 = "func.call"(%1096) <{callee = @silu}> : (tensor<24x96xf32>) -> tensor<24x96xf32>
    %1206 = "stablehlo.multiply"(%1205, %1204) : (tensor<24x96xf32>, tensor<24x96xf32>) -> tensor<24x96xf32>
    %1207 = "stablehlo.convert"(%1206) : (tensor<24x96xf32>) -> tensor<24x96xbf16>
    %1208 = "stablehlo.slice"(%arg6) <{limit_indices = array<i64: 4, 96, 128>, start_indices = array<i64: 3, 0, 0>, strides = array<i64: 1, 1, 1>}> : (tensor<4x96x128xf32>) -> tensor<1x96x128xf32>
    %1209 = "stablehlo.reshape"(%1208) : (tensor<1x96x128xf32>) -> tensor<96x128xf32>
    %1210 = "stablehlo.reshape"(%1207) : (tensor<24x96xbf16>) -> tensor<24x3x32xbf16>
    %1211 = "stablehlo.abs"(%1210) : (tensor<24x3x32xbf16>) -> tensor<24x3x32xbf16>
    %cst_323 = "stablehlo.constant"() <{value = dense<0xFF80> : tensor<bf16>}> : () -> tensor<bf16>
    %1212 = "stablehlo.reduce"(%1211, %cst_323) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg7: tensor<bf16>, %arg8: tensor<bf16>):
      %1213 = "stablehlo.maximum"(%arg7, %arg8) : (tensor<bf16>, tensor<bf16>) -> tensor<bf16>
      "stablehlo.return"(%1213) : (tensor<bf16>) -> ()
    }) : (tensor<24x3x32xbf16>, tensor<bf16>) -> tensor<24x3xbf16>
    %1213 = "stablehlo.broadcast_in_dim"(%1212) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<24x3xbf16>) -> tensor<24x3x1xbf16>
    %cst_324 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %1214 = "stablehlo.broadcast_in_dim"(%cst_324) <{broadcast_dimensions = array<i64>}> : (tensor<bf16>) -> tensor<24x3x1xbf16>
    %1215 = "stablehlo.divide"(%1213, %1214) : (tensor<24x3x1xbf16>, tensor<24x3x1xbf16>) -> tensor<24x3x1xbf16>
    %1216 = "stablehlo.convert"(%1215) : (tensor<24x3x1xbf16>) -> tensor<24x3x1xf32>
    %1217 = "stablehlo.bitcast_convert"(%1216) : (tensor<24x3x1xf32>) -> tensor<24x3x1xui32>
    %c_325 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %1218 = "stablehlo.broadcast_in_dim"(%c_325) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x3x1xui32>
    %1219 = "stablehlo.shift_right_logical"(%1217, %1218) : (tensor<24x3x1xui32>, tensor<24x3x1xui32>) -> tensor<24x3x1xui32>
    %c_326 = "stablehlo.constant"() <{value = dense<8388607> : tensor<ui32>}> : () -> tensor<ui32>
    %1220 = "stablehlo.broadcast_in_dim"(%c_326) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x3x1xui32>
    %1221 = "stablehlo.and"(%1217, %1220) : (tensor<24x3x1xui32>, tensor<24x3x1xui32>) -> tensor<24x3x1xui32>
    %c_327 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %1222 = "stablehlo.broadcast_in_dim"(%c_327) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x3x1xui32>
    %1223 = "stablehlo.compare"(%1221, %1222) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<24x3x1xui32>, tensor<24x3x1xui32>) -> tensor<24x3x1xi1>
    %c_328 = "stablehlo.constant"() <{value = dense<254> : tensor<ui32>}> : () -> tensor<ui32>
    %1224 = "stablehlo.broadcast_in_dim"(%c_328) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x3x1xui32>
    %1225 = "stablehlo.compare"(%1219, %1224) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<24x3x1xui32>, tensor<24x3x1xui32>) -> tensor<24x3x1xi1>
    %1226 = "stablehlo.and"(%1223, %1225) : (tensor<24x3x1xi1>, tensor<24x3x1xi1>) -> tensor<24x3x1xi1>
    %c_329 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %1227 = "stablehlo.broadcast_in_dim"(%c_329) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x3x1xui32>
    %1228 = "stablehlo.compare"(%1219, %1227) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<24x3x1xui32>, tensor<24x3x1xui32>) -> tensor<24x3x1xi1>
    %c_330 = "stablehlo.constant"() <{value = dense<4194304> : tensor<ui32>}> : () -> tensor<ui32>
    %1229 = "stablehlo.broadcast_in_dim"(%c_330) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x3x1xui32>
    %1230 = "stablehlo.compare"(%1221, %1229) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}> : (tensor<24x3x1xui32>, tensor<24x3x1xui32>) -> tensor<24x3x1xi1>
    %1231 = "stablehlo.and"(%1228, %1230) : (tensor<24x3x1xi1>, tensor<24x3x1xi1>) -> tensor<24x3x1xi1>
    %1232 = "stablehlo.not"(%1231) : (tensor<24x3x1xi1>) -> tensor<24x3x1xi1>
    %1233 = "stablehlo.and"(%1226, %1232) : (tensor<24x3x1xi1>, tensor<24x3x1xi1>) -> tensor<24x3x1xi1>
    %c_331 = "stablehlo.constant"() <{value = dense<1> : tensor<ui32>}> : () -> tensor<ui32>
    %1234 = "stablehlo.broadcast_in_dim"(%c_331) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x3x1xui32>
    %1235 = "stablehlo.add"(%1219, %1234) : (tensor<24x3x1xui32>, tensor<24x3x1xui32>) -> tensor<24x3x1xui32>
    %1236 = "func.call"(%1233, %1235, %1219) <{callee = @_where_5}> : (tensor<24x3x1xi1>, tensor<24x3x1xui32>, tensor<24x3x1xui32>) -> tensor<24x3x1xui32>
    %1237 = "stablehlo.convert"(%1236) : (tensor<24x3x1xui32>) -> tensor<24x3x1xui8>
    %1238 = "stablehlo.convert"(%1237) : (tensor<24x3x1xui8>) -> tensor<24x3x1xui32>
    %c_332 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %1239 = "stablehlo.broadcast_in_dim"(%c_332) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<24x3x1xui32>
    %1240 = "stablehlo.shift_left"(%1238, %1239) : (tensor<24x3x1xui32>, tensor<24x3x1xui32>) -> tensor<24x3x1xui32>
    %1241 = "stablehlo.bitcast_convert"(%1240) : (tensor<24x3x1xui32>) -> tensor<24x3x1xf32>
    %cst_333 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %1242 = "stablehlo.broadcast_in_dim"(%cst_333) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<24x3x1xf32>
    %1243 = "stablehlo.compare"(%1241, %1242) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<24x3x1xf32>, tensor<24x3x1xf32>) -> tensor<24x3x1xi1>
    %cst_334 = "stablehlo.constant"() <{value = dense<5.87747175E-39> : tensor<f32>}> : () -> tensor<f32>
    %1244 = "func.call"(%1243, %cst_334, %1241) <{callee = @_where_6}> : (tensor<24x3x1xi1>, tensor<f32>, tensor<24x3x1xf32>) -> tensor<24x3x1xf32>
    %1245 = "stablehlo.convert"(%1244) : (tensor<24x3x1xf32>) -> tensor<24x3x1xbf16>
    %1246 = "stablehlo.broadcast_in_dim"(%1245) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<24x3x1xbf16>) -> tensor<24x3x32xbf16>
    %1247 = "stablehlo.divide"(%1210, %1246) : (tensor<24x3x32xbf16>, tensor<24x3x32xbf16>) -> tensor<24x3x32xbf16>
    %cst_335 = "stablehlo.constant"() <{value = dense<-4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %cst_336 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %1248 = "func.call"(%1247, %cst_335, %cst_336) <{callee = @clip_7}> : (tensor<24x3x32xbf16>, tensor<bf16>, tensor<bf16>) -> tensor<24x3x32xbf16>
    %1249 = "stablehlo.convert"(%1248) : (tensor<24x3x32xbf16>) -> tensor<24x3x32xf8E4M3FN>
    %1250 = "stablehlo.reshape"(%1249) : (tensor<24x3x32xf8E4M3FN>) -> tensor<24x96xf8E4M3FN>
    %1251 = "stablehlo.reshape"(%1237) : (tensor<24x3x1xui8>) -> tensor<24x3xui8>
    %1252 = "stablehlo.bitcast_convert"(%1251) : (tensor<24x3xui8>) -> tensor<24x3xf8E8M0FNU>
    %1253 = "stablehlo.convert"(%1250) : (tensor<24x96xf8E4M3FN>) -> tensor<24x96xf32>
    %1254 = "stablehlo.reshape"(%1253) : (tensor<24x96xf32>) -> tensor<24x3x32xf32>
    %1255 = "stablehlo.convert"(%1252) : (tensor<24x3xf8E8M0FNU>) -> tensor<24x3xf32>
    %1256 = "stablehlo.broadcast_in_dim"(%1255) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<24x3xf32>) -> tensor<24x3x1xf32>
    %1257 = "stablehlo.broadcast_in_dim"(%1256) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<24x3x1xf32>) -> tensor<24x3x32xf32>
    %1258 = "stablehlo.multiply"(%1254, %1257) : (tensor<24x3x32xf32>, tensor<24x3x32xf32>) -> tensor<24x3x32xf32>
    %1259 = "stablehlo.reshape"(%1258) : (tensor<24x3x32xf32>) -> tensor<24x96xf32>
    %1260 = "stablehlo.transpose"(%1209) <{permutation = array<i64: 1, 0>}> : (tensor<96x128xf32>) -> tensor<128x96xf32>
    %1261 = "stablehlo.reshape"(%1260) : (tensor<128x96xf32>) -> tensor<128x3x32xf32>
    %1262 = "stablehlo.abs"(%1261) : (tensor<128x3x32xf32>) -> tensor<128x3x32xf32>
    %cst_337 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %1263 = "stablehlo.reduce"(%1262, %cst_337) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg7: tensor<f32>, %arg8: tensor<f32>):
      %1264 = "stablehlo.maximum"(%arg7, %arg8) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1264) : (tensor<f32>) -> ()
    }) : (tensor<128x3x32xf32>, tensor<f32>) -> tensor<128x3xf32>
    %1264 = "stablehlo.broadcast_in_dim"(%1263) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<128x3xf32>) -> tensor<128x3x1xf32>
    %cst_338 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<f32>}> : () -> tensor<f32>
    %1265 = "stablehlo.broadcast_in_dim"(%cst_338) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<128x3x1xf32>
    %1266 = "stablehlo.divide"(%1264, %1265) : (tensor<128x3x1xf32>, tensor<128x3x1xf32>) -> tensor<128x3x1xf32>
    %1267 = "stablehlo.bitcast_convert"(%1266) : (tensor<128x3x1xf32>) -> tensor<128x3x1xui32>
    %c_339 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %1268 = "stablehlo.broadcast_in_dim"(%c_339) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<128x3x1xui32>
    %1269 = "stablehlo.shift_right_logical"(%1267, %1268) : (tensor<128x3x1xui32>, tensor<128x3x1xui32>) -> tensor<128x3x1xui32>
    %c_340 = "stablehlo.constant"() <{value = dense<8388607> : tensor<ui32>}> : () -> tensor<ui32>
    %1270 = "stablehlo.broadcast_in_dim"(%c_340) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<128x3x1xui32>
    %1271 = "stablehlo.and"(%1267, %1270) : (tensor<128x3x1xui32>, tensor<128x3x1xui32>) -> tensor<128x3x1xui32>
    %c_341 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %1272 = "stablehlo.broadcast_in_dim"(%c_341) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<128x3x1xui32>
    %1273 = "stablehlo.compare"(%1271, %1272) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<128x3x1xui32>, tensor<128x3x1xui32>) -> tensor<128x3x1xi1>
    %c_342 = "stablehlo.constant"() <{value = dense<254> : tensor<ui32>}> : () -> tensor<ui32>
    %1274 = "stablehlo.broadcast_in_dim"(%c_342) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<128x3x1xui32>
    %1275 = "stablehlo.compare"(%1269, %1274) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<128x3x1xui32>, tensor<128x3x1xui32>) -> tensor<128x3x1xi1>
    %1276 = "stablehlo.and"(%1273, %1275) : (tensor<128x3x1xi1>, tensor<128x3x1xi1>) -> tensor<128x3x1xi1>
    %c_343 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %1277 = "stablehlo.broadcast_in_dim"(%c_343) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<128x3x1xui32>
    %1278 = "stablehlo.compare"(%1269, %1277) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<128x3x1xui32>, tensor<128x3x1xui32>) -> tensor<128x3x1xi1>
    %c_344 = "stablehlo.constant"() <{value = dense<4194304> : tensor<ui32>}> : () -> tensor<ui32>
    %1279 = "stablehlo.broadcast_in_dim"(%c_344) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<128x3x1xui32>
    %1280 = "stablehlo.compare"(%1271, %1279) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}> : (tensor<128x3x1xui32>, tensor<128x3x1xui32>) -> tensor<128x3x1xi1>
    %1281 = "stablehlo.and"(%1278, %1280) : (tensor<128x3x1xi1>, tensor<128x3x1xi1>) -> tensor<128x3x1xi1>
    %1282 = "stablehlo.not"(%1281) : (tensor<128x3x1xi1>) -> tensor<128x3x1xi1>
    %1283 = "stablehlo.and"(%1276, %1282) : (tensor<128x3x1xi1>, tensor<128x3x1xi1>) -> tensor<128x3x1xi1>
    %c_345 = "stablehlo.constant"() <{value = dense<1> : tensor<ui32>}> : () -> tensor<ui32>
    %1284 = "stablehlo.broadcast_in_dim"(%c_345) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<128x3x1xui32>
    %1285 = "stablehlo.add"(%1269, %1284) : (tensor<128x3x1xui32>, tensor<128x3x1xui32>) -> tensor<128x3x1xui32>
    %1286 = "func.call"(%1283, %1285, %1269) <{callee = @_where_8}> : (tensor<128x3x1xi1>, tensor<128x3x1xui32>, tensor<128x3x1xui32>) -> tensor<128x3x1xui32>
    %1287 = "stablehlo.convert"(%1286) : (tensor<128x3x1xui32>) -> tensor<128x3x1xui8>
    %1288 = "stablehlo.convert"(%1287) : (tensor<128x3x1xui8>) -> tensor<128x3x1xui32>
    %c_346 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %1289 = "stablehlo.broadcast_in_dim"(%c_346) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<128x3x1xui32>
    %1290 = "stablehlo.shift_left"(%1288, %1289) : (tensor<128x3x1xui32>, tensor<128x3x1xui32>) -> tensor<128x3x1xui32>
    %1291 = "stablehlo.bitcast_convert"(%1290) : (tensor<128x3x1xui32>) -> tensor<128x3x1xf32>
    %cst_347 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %1292 = "stablehlo.broadcast_in_dim"(%cst_347) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<128x3x1xf32>
    %1293 = "stablehlo.compare"(%1291, %1292) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<128x3x1xf32>, tensor<128x3x1xf32>) -> tensor<128x3x1xi1>
    %cst_348 = "stablehlo.constant"() <{value = dense<5.87747175E-39> : tensor<f32>}> : () -> tensor<f32>
    %1294 = "func.call"(%1293, %cst_348, %1291) <{callee = @_where_9}> : (tensor<128x3x1xi1>, tensor<f32>, tensor<128x3x1xf32>) -> tensor<128x3x1xf32>
    %1295 = "stablehlo.broadcast_in_dim"(%1294) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<128x3x1xf32>) -> tensor<128x3x32xf32>
    %1296 = "stablehlo.divide"(%1261, %1295) : (tensor<128x3x32xf32>, tensor<128x3x32xf32>) -> tensor<128x3x32xf32>
    %cst_349 = "stablehlo.constant"() <{value = dense<-4.480000e+02> : tensor<f32>}> : () -> tensor<f32>
    %cst_350 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<f32>}> : () -> tensor<f32>
    %1297 = "func.call"(%1296, %cst_349, %cst_350) <{callee = @clip_10}> : (tensor<128x3x32xf32>, tensor<f32>, tensor<f32>) -> tensor<128x3x32xf32>
    %1298 = "stablehlo.convert"(%1297) : (tensor<128x3x32xf32>) -> tensor<128x3x32xf8E4M3FN>
    %1299 = "stablehlo.reshape"(%1298) : (tensor<128x3x32xf8E4M3FN>) -> tensor<128x96xf8E4M3FN>
    %1300 = "stablehlo.reshape"(%1287) : (tensor<128x3x1xui8>) -> tensor<128x3xui8>
    %1301 = "stablehlo.bitcast_convert"(%1300) : (tensor<128x3xui8>) -> tensor<128x3xf8E8M0FNU>
    %1302 = "stablehlo.convert"(%1299) : (tensor<128x96xf8E4M3FN>) -> tensor<128x96xf32>
    %1303 = "stablehlo.reshape"(%1302) : (tensor<128x96xf32>) -> tensor<128x3x32xf32>
    %1304 = "stablehlo.convert"(%1301) : (tensor<128x3xf8E8M0FNU>) -> tensor<128x3xf32>
    %1305 = "stablehlo.broadcast_in_dim"(%1304) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<128x3xf32>) -> tensor<128x3x1xf32>
    %1306 = "stablehlo.broadcast_in_dim"(%1305) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<128x3x1xf32>) -> tensor<128x3x32xf32>
    %1307 = "stablehlo.multiply"(%1303, %1306) : (tensor<128x3x32xf32>, tensor<128x3x32xf32>) -> tensor<128x3x32xf32>
    %1308 = "stablehlo.reshape"(%1307) : (tensor<128x3x32xf32>) -> tensor<128x96xf32>
    %1309 = "stablehlo.dot_general"(%1259, %1308) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<24x96xf32>, tensor<128x96xf32>) -> tensor<24x128xf32>
    %1310 = "stablehlo.broadcast_in_dim"(%343) <{broadcast_dimensions = array<i64: 0, 2>}> : (tensor<24x128xf32>) -> tensor<24x1x128xf32>
    %1311 = "stablehlo.broadcast_in_dim"(%665) <{broadcast_dimensions = array<i64: 0, 2>}> : (tensor<24x128xf32>) -> tensor<24x1x128xf32>
    %1312 = "stablehlo.broadcast_in_dim"(%987) <{broadcast_dimensions = array<i64: 0, 2>}> : (tensor<24x128xf32>) -> tensor<24x1x128xf32>
    %1313 = "stablehlo.broadcast_in_dim"(%1309) <{broadcast_dimensions = array<i64: 0, 2>}> : (tensor<24x128xf32>) -> tensor<24x1x128xf32>
    %1314 = "stablehlo.concatenate"(%1310, %1311, %1312, %1313) <{dimension = 1 : i64}> : (tensor<24x1x128xf32>, tensor<24x1x128xf32>, tensor<24x1x128xf32>, tensor<24x1x128xf32>) -> tensor<24x4x128xf32>
    %1315 = "stablehlo.broadcast_in_dim"(%21) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<24x4xf32>) -> tensor<24x4x1xf32>
    %1316 = "stablehlo.broadcast_in_dim"(%1315) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<24x4x1xf32>) -> tensor<24x4x128xf32>
    %1317 = "stablehlo.multiply"(%1314, %1316) : (tensor<24x4x128xf32>, tensor<24x4x128xf32>) -> tensor<24x4x128xf32>
    %cst_351 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %1318 = "stablehlo.reduce"(%1317, %cst_351) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg7: tensor<f32>, %arg8: tensor<f32>):
      %1319 = "stablehlo.add"(%arg7, %arg8) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1319) : (tensor<f32>) -> ()
    }) : (tensor<24x4x128xf32>, tensor<f32>) -> tensor<24x128xf32>
    %1319 = "stablehlo.convert"(%1318) : (tensor<24x128xf32>) -> tensor<24x128xbf16>
    "func.return"(%1319) : (tensor<24x128xbf16>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<24x2xi32>) -> tensor<24x2x4xf32>, sym_name = "_one_hot", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<24x2xi32>):
    %0 = "stablehlo.broadcast_in_dim"(%arg0) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<24x2xi32>) -> tensor<24x2x1xi32>
    %1 = "stablehlo.iota"() <{iota_dimension = 2 : i64}> : () -> tensor<1x1x4xi32>
    %2 = "stablehlo.broadcast_in_dim"(%0) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<24x2x1xi32>) -> tensor<24x2x4xi32>
    %3 = "stablehlo.broadcast_in_dim"(%1) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x4xi32>) -> tensor<24x2x4xi32>
    %4 = "stablehlo.compare"(%2, %3) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<24x2x4xi32>, tensor<24x2x4xi32>) -> tensor<24x2x4xi1>
    %5 = "stablehlo.convert"(%4) : (tensor<24x2x4xi1>) -> tensor<24x2x4xf32>
    "func.return"(%5) : (tensor<24x2x4xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<24x4x1xi1>, tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xui32>, sym_name = "_where", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<24x4x1xi1>, %arg1: tensor<24x4x1xui32>, %arg2: tensor<24x4x1xui32>):
    %0 = "stablehlo.select"(%arg0, %arg1, %arg2) : (tensor<24x4x1xi1>, tensor<24x4x1xui32>, tensor<24x4x1xui32>) -> tensor<24x4x1xui32>
    "func.return"(%0) : (tensor<24x4x1xui32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<24x4x1xi1>, tensor<f32>, tensor<24x4x1xf32>) -> tensor<24x4x1xf32>, sym_name = "_where_0", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<24x4x1xi1>, %arg1: tensor<f32>, %arg2: tensor<24x4x1xf32>):
    %0 = "stablehlo.broadcast_in_dim"(%arg1) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<24x4x1xf32>
    %1 = "stablehlo.select"(%arg0, %0, %arg2) : (tensor<24x4x1xi1>, tensor<24x4x1xf32>, tensor<24x4x1xf32>) -> tensor<24x4x1xf32>
    "func.return"(%1) : (tensor<24x4x1xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<24x4x32xbf16>, tensor<bf16>, tensor<bf16>) -> tensor<24x4x32xbf16>, sym_name = "clip", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<24x4x32xbf16>, %arg1: tensor<bf16>, %arg2: tensor<bf16>):
    %0 = "stablehlo.broadcast_in_dim"(%arg1) <{broadcast_dimensions = array<i64>}> : (tensor<bf16>) -> tensor<24x4x32xbf16>
    %1 = "stablehlo.maximum"(%0, %arg0) : (tensor<24x4x32xbf16>, tensor<24x4x32xbf16>) -> tensor<24x4x32xbf16>
    %2 = "stablehlo.broadcast_in_dim"(%arg2) <{broadcast_dimensions = array<i64>}> : (tensor<bf16>) -> tensor<24x4x32xbf16>
    %3 = "stablehlo.minimum"(%2, %1) : (tensor<24x4x32xbf16>, tensor<24x4x32xbf16>) -> tensor<24x4x32xbf16>
    "func.return"(%3) : (tensor<24x4x32xbf16>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<96x4x1xi1>, tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xui32>, sym_name = "_where_1", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<96x4x1xi1>, %arg1: tensor<96x4x1xui32>, %arg2: tensor<96x4x1xui32>):
    %0 = "stablehlo.select"(%arg0, %arg1, %arg2) : (tensor<96x4x1xi1>, tensor<96x4x1xui32>, tensor<96x4x1xui32>) -> tensor<96x4x1xui32>
    "func.return"(%0) : (tensor<96x4x1xui32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<96x4x1xi1>, tensor<f32>, tensor<96x4x1xf32>) -> tensor<96x4x1xf32>, sym_name = "_where_2", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<96x4x1xi1>, %arg1: tensor<f32>, %arg2: tensor<96x4x1xf32>):
    %0 = "stablehlo.broadcast_in_dim"(%arg1) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<96x4x1xf32>
    %1 = "stablehlo.select"(%arg0, %0, %arg2) : (tensor<96x4x1xi1>, tensor<96x4x1xf32>, tensor<96x4x1xf32>) -> tensor<96x4x1xf32>
    "func.return"(%1) : (tensor<96x4x1xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<96x4x32xf32>, tensor<f32>, tensor<f32>) -> tensor<96x4x32xf32>, sym_name = "clip_3", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<96x4x32xf32>, %arg1: tensor<f32>, %arg2: tensor<f32>):
    %0 = "stablehlo.broadcast_in_dim"(%arg1) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<96x4x32xf32>
    %1 = "stablehlo.maximum"(%0, %arg0) : (tensor<96x4x32xf32>, tensor<96x4x32xf32>) -> tensor<96x4x32xf32>
    %2 = "stablehlo.broadcast_in_dim"(%arg2) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<96x4x32xf32>
    %3 = "stablehlo.minimum"(%2, %1) : (tensor<96x4x32xf32>, tensor<96x4x32xf32>) -> tensor<96x4x32xf32>
    "func.return"(%3) : (tensor<96x4x32xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<24x96xf32>, tensor<f32>, tensor<f32>) -> tensor<24x96xf32>, sym_name = "clip_4", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<24x96xf32>, %arg1: tensor<f32>, %arg2: tensor<f32>):
    %0 = "stablehlo.convert"(%arg1) : (tensor<f32>) -> tensor<f32>
    %1 = "stablehlo.broadcast_in_dim"(%0) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<24x96xf32>
    %2 = "stablehlo.maximum"(%1, %arg0) : (tensor<24x96xf32>, tensor<24x96xf32>) -> tensor<24x96xf32>
    %3 = "stablehlo.convert"(%arg2) : (tensor<f32>) -> tensor<f32>
    %4 = "stablehlo.broadcast_in_dim"(%3) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<24x96xf32>
    %5 = "stablehlo.minimum"(%4, %2) : (tensor<24x96xf32>, tensor<24x96xf32>) -> tensor<24x96xf32>
    "func.return"(%5) : (tensor<24x96xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<24x96xf32>) -> tensor<24x96xf32>, sym_name = "silu", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<24x96xf32>):
    %0 = "stablehlo.negate"(%arg0) : (tensor<24x96xf32>) -> tensor<24x96xf32>
    %1 = "stablehlo.exponential"(%0) : (tensor<24x96xf32>) -> tensor<24x96xf32>
    %cst = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %2 = "stablehlo.broadcast_in_dim"(%cst) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<24x96xf32>
    %3 = "stablehlo.add"(%2, %1) : (tensor<24x96xf32>, tensor<24x96xf32>) -> tensor<24x96xf32>
    %cst_0 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %4 = "stablehlo.broadcast_in_dim"(%cst_0) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<24x96xf32>
    %5 = "stablehlo.divide"(%4, %3) : (tensor<24x96xf32>, tensor<24x96xf32>) -> tensor<24x96xf32>
    %6 = "stablehlo.multiply"(%arg0, %5) : (tensor<24x96xf32>, tensor<24x96xf32>) -> tensor<24x96xf32>
    "func.return"(%6) : (tensor<24x96xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<24x3x1xi1>, tensor<24x3x1xui32>, tensor<24x3x1xui32>) -> tensor<24x3x1xui32>, sym_name = "_where_5", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<24x3x1xi1>, %arg1: tensor<24x3x1xui32>, %arg2: tensor<24x3x1xui32>):
    %0 = "stablehlo.select"(%arg0, %arg1, %arg2) : (tensor<24x3x1xi1>, tensor<24x3x1xui32>, tensor<24x3x1xui32>) -> tensor<24x3x1xui32>
    "func.return"(%0) : (tensor<24x3x1xui32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<24x3x1xi1>, tensor<f32>, tensor<24x3x1xf32>) -> tensor<24x3x1xf32>, sym_name = "_where_6", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<24x3x1xi1>, %arg1: tensor<f32>, %arg2: tensor<24x3x1xf32>):
    %0 = "stablehlo.broadcast_in_dim"(%arg1) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<24x3x1xf32>
    %1 = "stablehlo.select"(%arg0, %0, %arg2) : (tensor<24x3x1xi1>, tensor<24x3x1xf32>, tensor<24x3x1xf32>) -> tensor<24x3x1xf32>
    "func.return"(%1) : (tensor<24x3x1xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<24x3x32xbf16>, tensor<bf16>, tensor<bf16>) -> tensor<24x3x32xbf16>, sym_name = "clip_7", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<24x3x32xbf16>, %arg1: tensor<bf16>, %arg2: tensor<bf16>):
    %0 = "stablehlo.broadcast_in_dim"(%arg1) <{broadcast_dimensions = array<i64>}> : (tensor<bf16>) -> tensor<24x3x32xbf16>
    %1 = "stablehlo.maximum"(%0, %arg0) : (tensor<24x3x32xbf16>, tensor<24x3x32xbf16>) -> tensor<24x3x32xbf16>
    %2 = "stablehlo.broadcast_in_dim"(%arg2) <{broadcast_dimensions = array<i64>}> : (tensor<bf16>) -> tensor<24x3x32xbf16>
    %3 = "stablehlo.minimum"(%2, %1) : (tensor<24x3x32xbf16>, tensor<24x3x32xbf16>) -> tensor<24x3x32xbf16>
    "func.return"(%3) : (tensor<24x3x32xbf16>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<128x3x1xi1>, tensor<128x3x1xui32>, tensor<128x3x1xui32>) -> tensor<128x3x1xui32>, sym_name = "_where_8", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<128x3x1xi1>, %arg1: tensor<128x3x1xui32>, %arg2: tensor<128x3x1xui32>):
    %0 = "stablehlo.select"(%arg0, %arg1, %arg2) : (tensor<128x3x1xi1>, tensor<128x3x1xui32>, tensor<128x3x1xui32>) -> tensor<128x3x1xui32>
    "func.return"(%0) : (tensor<128x3x1xui32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<128x3x1xi1>, tensor<f32>, tensor<128x3x1xf32>) -> tensor<128x3x1xf32>, sym_name = "_where_9", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<128x3x1xi1>, %arg1: tensor<f32>, %arg2: tensor<128x3x1xf32>):
    %0 = "stablehlo.broadcast_in_dim"(%arg1) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<128x3x1xf32>
    %1 = "stablehlo.select"(%arg0, %0, %arg2) : (tensor<128x3x1xi1>, tensor<128x3x1xf32>, tensor<128x3x1xf32>) -> tensor<128x3x1xf32>
    "func.return"(%1) : (tensor<128x3x1xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<128x3x32xf32>, tensor<f32>, tensor<f32>) -> tensor<128x3x32xf32>, sym_name = "clip_10", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<128x3x32xf32>, %arg1: tensor<f32>, %arg2: tensor<f32>):
    %0 = "stablehlo.broadcast_in_dim"(%arg1) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<128x3x32xf32>
    %1 = "stablehlo.maximum"(%0, %arg0) : (tensor<128x3x32xf32>, tensor<128x3x32xf32>) -> tensor<128x3x32xf32>
    %2 = "stablehlo.broadcast_in_dim"(%arg2) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<128x3x32xf32>
    %3 = "stablehlo.minimum"(%2, %1) : (tensor<128x3x32xf32>, tensor<128x3x32xf32>) -> tensor<128x3x32xf32>
    "func.return"(%3) : (tensor<128x3x32xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
