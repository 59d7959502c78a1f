"builtin.module"() <{sym_name = "jit_mx_dot"}> ({
  "func.func"() <{function_type = (tensor<2x40x64xf32>, tensor<64x48xf32>) -> tensor<2x40x48xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<2x40x64xf32>, %arg1: tensor<64x48xf32>):
    %0 = "stablehlo.reshape"(%arg0) : (tensor<2x40x64xf32>) -> tensor<2x40x2x32xf32>
    %1 = "stablehlo.abs"(%0) : (tensor<2x40x2x32xf32>) -> tensor<2x40x2x32xf32>
    %cst = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %2 = "stablehlo.reduce"(%1, %cst) <{dimensions = array<i64: 3>}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %3 = "stablehlo.maximum"(%arg2, %arg3) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%3) : (tensor<f32>) -> ()
    }) : (tensor<2x40x2x32xf32>, tensor<f32>) -> tensor<2x40x2xf32>
    %3 = "stablehlo.broadcast_in_dim"(%2) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x40x2xf32>) -> tensor<2x40x2x1xf32>
    %cst_0 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<f32>}> : () -> tensor<f32>
    %4 = "stablehlo.broadcast_in_dim"(%cst_0) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x40x2x1xf32>
    %5 = "stablehlo.divide"(%3, %4) : (tensor<2x40x2x1xf32>, tensor<2x40x2x1xf32>) -> tensor<2x40x2x1xf32>
    %6 = "stablehlo.bitcast_convert"(%5) : (tensor<2x40x2x1xf32>) -> tensor<2x40x2x1xui32>
    %c = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %7 = "stablehlo.broadcast_in_dim"(%c) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<2x40x2x1xui32>
    %8 = "stablehlo.shift_right_logical"(%6, %7) : (tensor<2x40x2x1xui32>, tensor<2x40x2x1xui32>) -> tensor<2x40x2x1xui32>
    %c_1 = "stablehlo.constant"() <{value = dense<8388607> : tensor<ui32>}> : () -> tensor<ui32>
    %9 = "stablehlo.broadcast_in_dim"(%c_1) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<2x40x2x1xui32>
    %10 = "stablehlo.and"(%6, %9) : (tensor<2x40x2x1xui32>, tensor<2x40x2x1xui32>) -> tensor<2x40x2x1xui32>
    %c_2 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %11 = "stablehlo.broadcast_in_dim"(%c_2) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<2x40x2x1xui32>
    %12 = "stablehlo.compare"(%10, %11) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<2x40x2x1xui32>, tensor<2x40x2x1xui32>) -> tensor<2x40x2x1xi1>
    %c_3 = "stablehlo.constant"() <{value = dense<254> : tensor<ui32>}> : () -> tensor<ui32>
    %13 = "stablehlo.broadcast_in_dim"(%c_3) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<2x40x2x1xui32>
    %14 = "stablehlo.compare"(%8, %13) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<2x40x2x1xui32>, tensor<2x40x2x1xui32>) -> tensor<2x40x2x1xi1>
    %15 = "stablehlo.and"(%12, %14) : (tensor<2x40x2x1xi1>, tensor<2x40x2x1xi1>) -> tensor<2x40x2x1xi1>
    %c_4 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %16 = "stablehlo.broadcast_in_dim"(%c_4) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<2x40x2x1xui32>
    %17 = "stablehlo.compare"(%8, %16) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<2x40x2x1xui32>, tensor<2x40x2x1xui32>) -> tensor<2x40x2x1xi1>
    %c_5 = "stablehlo.constant"() <{value = dense<4194304> : tensor<ui32>}> : () -> tensor<ui32>
    %18 = "stablehlo.broadcast_in_dim"(%c_5) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<2x40x2x1xui32>
    %19 = "stablehlo.compare"(%10, %18) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}> : (tensor<2x40x2x1xui32>, tensor<2x40x2x1xui32>) -> tensor<2x40x2x1xi1>
    %20 = "stablehlo.and"(%17, %19) : (tensor<2x40x2x1xi1>, tensor<2x40x2x1xi1>) -> tensor<2x40x2x1xi1>
    %21 = "stablehlo.not"(%20) : (tensor<2x40x2x1xi1>) -> tensor<2x40x2x1xi1>
    %22 = "stablehlo.and"(%15, %21) : (tensor<2x40x2x1xi1>, tensor<2x40x2x1xi1>) -> tensor<2x40x2x1xi1>
    %c_6 = "stablehlo.constant"() <{value = dense<1> : tensor<ui32>}> : () -> tensor<ui32>
    %23 = "stablehlo.broadcast_in_dim"(%c_6) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<2x40x2x1xui32>
    %24 = "stablehlo.add"(%8, %23) : (tensor<2x40x2x1xui32>, tensor<2x40x2x1xui32>) -> tensor<2x40x2x1xui32>
    %25 = "func.call"(%22, %24, %8) <{callee = @_where}> : (tensor<2x40x2x1xi1>, tensor<2x40x2x1xui32>, tensor<2x40x2x1xui32>) -> tensor<2x40x2x1xui32>
    %26 = "stablehlo.convert"(%25) : (tensor<2x40x2x1xui32>) -> tensor<2x40x2x1xui8>
    %27 = "stablehlo.convert"(%26) : (tensor<2x40x2x1xui8>) -> tensor<2x40x2x1xui32>
    %c_7 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %28 = "stablehlo.broadcast_in_dim"(%c_7) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<2x40x2x1xui32>
    %29 = "stablehlo.shift_left"(%27, %28) : (tensor<2x40x2x1xui32>, tensor<2x40x2x1xui32>) -> tensor<2x40x2x1xui32>
    %30 = "stablehlo.bitcast_convert"(%29) : (tensor<2x40x2x1xui32>) -> tensor<2x40x2x1xf32>
    %cst_8 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %31 = "stablehlo.broadcast_in_dim"(%cst_8) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x40x2x1xf32>
    %32 = "stablehlo.compare"(%30, %31) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<2x40x2x1xf32>, tensor<2x40x2x1xf32>) -> tensor<2x40x2x1xi1>
    %cst_9 = "stablehlo.constant"() <{value = dense<5.87747175E-39> : tensor<f32>}> : () -> tensor<f32>
    %33 = "func.call"(%32, %cst_9, %30) <{callee = @_where_0}> : (tensor<2x40x2x1xi1>, tensor<f32>, tensor<2x40x2x1xf32>) -> tensor<2x40x2x1xf32>
    %34 = "stablehlo.broadcast_in_dim"(%33) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<2x40x2x1xf32>) -> tensor<2x40x2x32xf32>
    %35 = "stablehlo.divide"(%0, %34) : (tensor<2x40x2x32xf32>, tensor<2x40x2x32xf32>) -> tensor<2x40x2x32xf32>
    %cst_10 = "stablehlo.constant"() <{value = dense<-4.480000e+02> : tensor<f32>}> : () -> tensor<f32>
    %cst_11 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<f32>}> : () -> tensor<f32>
    %36 = "func.call"(%35, %cst_10, %cst_11) <{callee = @clip}> : (tensor<2x40x2x32xf32>, tensor<f32>, tensor<f32>) -> tensor<2x40x2x32xf32>
    %37 = "stablehlo.convert"(%36) : (tensor<2x40x2x32xf32>) -> tensor<2x40x2x32xf8E4M3FN>
    %38 = "stablehlo.reshape"(%37) : (tensor<2x40x2x32xf8E4M3FN>) -> tensor<2x40x64xf8E4M3FN>
    %39 = "stablehlo.reshape"(%26) : (tensor<2x40x2x1xui8>) -> tensor<2x40x2xui8>
    %40 = "stablehlo.bitcast_convert"(%39) : (tensor<2x40x2xui8>) -> tensor<2x40x2xf8E8M0FNU>
    %41 = "stablehlo.convert"(%38) : (tensor<2x40x64xf8E4M3FN>) -> tensor<2x40x64xf32>
    %42 = "stablehlo.reshape"(%41) : (tensor<2x40x64xf32>) -> tensor<2x40x2x32xf32>
    %43 = "stablehlo.convert"(%40) : (tensor<2x40x2xf8E8M0FNU>) -> tensor<2x40x2xf32>
    %44 = "stablehlo.broadcast_in_dim"(%43) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x40x2xf32>) -> tensor<2x40x2x1xf32>
    %45 = "stablehlo.broadcast_in_dim"(%44) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<2x40x2x1xf32>) -> tensor<2x40x2x32xf32>
    %46 = "stablehlo.multiply"(%42, %45) : (tensor<2x40x2x32xf32>, tensor<2x40x2x32xf32>) -> tensor<2x40x2x32xf32>
    %47 = "stablehlo.reshape"(%46) : (tensor<2x40x2x32xf32>) -> tensor<2x40x64xf32>
    %48 = "stablehlo.transpose"(%arg1) <{permutation = array<i64: 1, 0>}> : (tensor<64x48xf32>) -> tensor<48x64xf32>
    %49 = "stablehlo.reshape"(%48) : (tensor<48x64xf32>) -> tensor<48x2x32xf32>
    %50 = "stablehlo.abs"(%49) : (tensor<48x2x32xf32>) -> tensor<48x2x32xf32>
    %cst_12 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %51 = "stablehlo.reduce"(%50, %cst_12) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %52 = "stablehlo.maximum"(%arg2, %arg3) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%52) : (tensor<f32>) -> ()
    }) : (tensor<48x2x32xf32>, tensor<f32>) -> tensor<48x2xf32>
    %52 = "stablehlo.broadcast_in_dim"(%51) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<48x2xf32>) -> tensor<48x2x1xf32>
    %cst_13 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<f32>}> : () -> tensor<f32>
    %53 = "stablehlo.broadcast_in_dim"(%cst_13) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<48x2x1xf32>
    %54 = "stablehlo.divide"(%52, %53) : (tensor<48x2x1xf32>, tensor<48x2x1xf32>) -> tensor<48x2x1xf32>
    %55 = "stablehlo.bitcast_convert"(%54) : (tensor<48x2x1xf32>) -> tensor<48x2x1xui32>
    %c_14 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %56 = "stablehlo.broadcast_in_dim"(%c_14) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<48x2x1xui32>
    %57 = "stablehlo.shift_right_logical"(%55, %56) : (tensor<48x2x1xui32>, tensor<48x2x1xui32>) -> tensor<48x2x1xui32>
    %c_15 = "stablehlo.constant"() <{value = dense<8388607> : tensor<ui32>}> : () -> tensor<ui32>
    %58 = "stablehlo.broadcast_in_dim"(%c_15) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<48x2x1xui32>
    %59 = "stablehlo.and"(%55, %58) : (tensor<48x2x1xui32>, tensor<48x2x1xui32>) -> tensor<48x2x1xui32>
    %c_16 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %60 = "stablehlo.broadcast_in_dim"(%c_16) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<48x2x1xui32>
    %61 = "stablehlo.compare"(%59, %60) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<48x2x1xui32>, tensor<48x2x1xui32>) -> tensor<48x2x1xi1>
    %c_17 = "stablehlo.constant"() <{value = dense<254> : tensor<ui32>}> : () -> tensor<ui32>
    %62 = "stablehlo.broadcast_in_dim"(%c_17) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<48x2x1xui32>
    %63 = "stablehlo.compare"(%57, %62) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<48x2x1xui32>, tensor<48x2x1xui32>) -> tensor<48x2x1xi1>
    %64 = "stablehlo.and"(%61, %63) : (tensor<48x2x1xi1>, tensor<48x2x1xi1>) -> tensor<48x2x1xi1>
    %c_18 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %65 = "stablehlo.broadcast_in_dim"(%c_18) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<48x2x1xui32>
    %66 = "stablehlo.compare"(%57, %65) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<48x2x1xui32>, tensor<48x2x1xui32>) -> tensor<48x2x1xi1>
    %c_19 = "stablehlo.constant"() <{value = dense<4194304> : tensor<ui32>}> : () -> tensor<ui32>
    %67 = "stablehlo.broadcast_in_dim"(%c_19) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<48x2x1xui32>
    %68 = "stablehlo.compare"(%59, %67) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}> : (tensor<48x2x1xui32>, tensor<48x2x1xui32>) -> tensor<48x2x1xi1>
    %69 = "stablehlo.and"(%66, %68) : (tensor<48x2x1xi1>, tensor<48x2x1xi1>) -> tensor<48x2x1xi1>
    %70 = "stablehlo.not"(%69) : (tensor<48x2x1xi1>) -> tensor<48x2x1xi1>
    %71 = "stablehlo.and"(%64, %70) : (tensor<48x2x1xi1>, tensor<48x2x1xi1>) -> tensor<48x2x1xi1>
    %c_20 = "stablehlo.constant"() <{value = dense<1> : tensor<ui32>}> : () -> tensor<ui32>
    %72 = "stablehlo.broadcast_in_dim"(%c_20) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<48x2x1xui32>
    %73 = "stablehlo.add"(%57, %72) : (tensor<48x2x1xui32>, tensor<48x2x1xui32>) -> tensor<48x2x1xui32>
    %74 = "func.call"(%71, %73, %57) <{callee = @_where_1}> : (tensor<48x2x1xi1>, tensor<48x2x1xui32>, tensor<48x2x1xui32>) -> tensor<48x2x1xui32>
    %75 = "stablehlo.convert"(%74) : (tensor<48x2x1xui32>) -> tensor<48x2x1xui8>
    %76 = "stablehlo.convert"(%75) : (tensor<48x2x1xui8>) -> tensor<48x2x1xui32>
    %c_21 = "stablehlo.constant"() <{value = dense<23> : tensor<ui32>}> : () -> tensor<ui32>
    %77 = "stablehlo.broadcast_in_dim"(%c_21) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<48x2x1xui32>
    %78 = "stablehlo.shift_left"(%76, %77) : (tensor<48x2x1xui32>, tensor<48x2x1xui32>) -> tensor<48x2x1xui32>
    %79 = "stablehlo.bitcast_convert"(%78) : (tensor<48x2x1xui32>) -> tensor<48x2x1xf32>
    %cst_22 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %80 = "stablehlo.broadcast_in_dim"(%cst_22) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<48x2x1xf32>
    %81 = "stablehlo.compare"(%79, %80) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<48x2x1xf32>, tensor<48x2x1xf32>) -> tensor<48x2x1xi1>
    %cst_23 = "stablehlo.constant"() <{value = dense<5.87747175E-39> : tensor<f32>}> : () -> tensor<f32>
    %82 = "func.call"(%81, %cst_23, %79) <{callee = @_where_2}> : (tensor<48x2x1xi1>, tensor<f32>, tensor<48x2x1xf32>) -> tensor<48x2x1xf32>
    %83 = "stablehlo.broadcast_in_dim"(%82) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<48x2x1xf32>) -> tensor<48x2x32xf32>
    %84 = "stablehlo.divide"(%49, %83) : (tensor<48x2x32xf32>, tensor<48x2x32xf32>) -> tensor<48x2x32xf32>
    %cst_24 = "stablehlo.constant"() <{value = dense<-4.480000e+02> : tensor<f32>}> : () -> tensor<f32>
    %cst_25 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<f32>}> : () -> tensor<f32>
    %85 = "func.call"(%84, %cst_24, %cst_25) <{callee = @clip_3}> : (tensor<48x2x32xf32>, tensor<f32>, tensor<f32>) -> tensor<48x2x32xf32>
    %86 = "stablehlo.convert"(%85) : (tensor<48x2x32xf32>) -> tensor<48x2x32xf8E4M3FN>
    %87 = "stablehlo.reshape"(%86) : (tensor<48x2x32xf8E4M3FN>) -> tensor<48x64xf8E4M3FN>
    %88 = "stablehlo.reshape"(%75) : (tensor<48x2x1xui8>) -> tensor<48x2xui8>
    %89 = "stablehlo.bitcast_convert"(%88) : (tensor<48x2xui8>) -> tensor<48x2xf8E8M0FNU>
    %90 = "stablehlo.convert"(%87) : (tensor<48x64xf8E4M3FN>) -> tensor<48x64xf32>
    %91 = "stablehlo.reshape"(%90) : (tensor<48x64xf32>) -> tensor<48x2x32xf32>
    %92 = "stablehlo.convert"(%89) : (tensor<48x2xf8E8M0FNU>) -> tensor<48x2xf32>
    %93 = "stablehlo.broadcast_in_dim"(%92) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<48x2xf32>) -> tensor<48x2x1xf32>
    %94 = "stablehlo.broadcast_in_dim"(%93) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<48x2x1xf32>) -> tensor<48x2x32xf32>
    %95 = "stablehlo.multiply"(%91, %94) : (tensor<48x2x32xf32>, tensor<48x2x32xf32>) -> tensor<48x2x32xf32>
    %96 = "stablehlo.reshape"(%95) : (tensor<48x2x32xf32>) -> tensor<48x64xf32>
    %97 = "stablehlo.dot_general"(%47, %96) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x40x64xf32>, tensor<48x64xf32>) -> tensor<2x40x48xf32>
    "func.return"(%97) : (tensor<2x40x48xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<2x40x2x1xi1>, tensor<2x40x2x1xui32>, tensor<2x40x2x1xui32>) -> tensor<2x40x2x1xui32>, sym_name = "_where", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<2x40x2x1xi1>, %arg1: tensor<2x40x2x1xui32>, %arg2: tensor<2x40x2x1xui32>):
    %0 = "stablehlo.select"(%arg0, %arg1, %arg2) : (tensor<2x40x2x1xi1>, tensor<2x40x2x1xui32>, tensor<2x40x2x1xui32>) -> tensor<2x40x2x1xui32>
    "func.return"(%0) : (tensor<2x40x2x1xui32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<2x40x2x1xi1>, tensor<f32>, tensor<2x40x2x1xf32>) -> tensor<2x40x2x1xf32>, sym_name = "_where_0", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<2x40x2x1xi1>, %arg1: tensor<f32>, %arg2: tensor<2x40x2x1xf32>):
    %0 = "stablehlo.broadcast_in_dim"(%arg1) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x40x2x1xf32>
    %1 = "stablehlo.select"(%arg0, %0, %arg2) : (tensor<2x40x2x1xi1>, tensor<2x40x2x1xf32>, tensor<2x40x2x1xf32>) -> tensor<2x40x2x1xf32>
    "func.return"(%1) : (tensor<2x40x2x1xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<2x40x2x32xf32>, tensor<f32>, tensor<f32>) -> tensor<2x40x2x32xf32>, sym_name = "clip", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<2x40x2x32xf32>, %arg1: tensor<f32>, %arg2: tensor<f32>):
    %0 = "stablehlo.broadcast_in_dim"(%arg1) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x40x2x32xf32>
    %1 = "stablehlo.maximum"(%0, %arg0) : (tensor<2x40x2x32xf32>, tensor<2x40x2x32xf32>) -> tensor<2x40x2x32xf32>
    %2 = "stablehlo.broadcast_in_dim"(%arg2) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x40x2x32xf32>
    %3 = "stablehlo.minimum"(%2, %1) : (tensor<2x40x2x32xf32>, tensor<2x40x2x32xf32>) -> tensor<2x40x2x32xf32>
    "func.return"(%3) : (tensor<2x40x2x32xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<48x2x1xi1>, tensor<48x2x1xui32>, tensor<48x2x1xui32>) -> tensor<48x2x1xui32>, sym_name = "_where_1", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<48x2x1xi1>, %arg1: tensor<48x2x1xui32>, %arg2: tensor<48x2x1xui32>):
    %0 = "stablehlo.select"(%arg0, %arg1, %arg2) : (tensor<48x2x1xi1>, tensor<48x2x1xui32>, tensor<48x2x1xui32>) -> tensor<48x2x1xui32>
    "func.return"(%0) : (tensor<48x2x1xui32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<48x2x1xi1>, tensor<f32>, tensor<48x2x1xf32>) -> tensor<48x2x1xf32>, sym_name = "_where_2", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<48x2x1xi1>, %arg1: tensor<f32>, %arg2: tensor<48x2x1xf32>):
    %0 = "stablehlo.broadcast_in_dim"(%arg1) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<48x2x1xf32>
    %1 = "stablehlo.select"(%arg0, %0, %arg2) : (tensor<48x2x1xi1>, tensor<48x2x1xf32>, tensor<48x2x1xf32>) -> tensor<48x2x1xf32>
    "func.return"(%1) : (tensor<48x2x1xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<48x2x32xf32>, tensor<f32>, tensor<f32>) -> tensor<48x2x32xf32>, sym_name = "clip_3", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<48x2x32xf32>, %arg1: tensor<f32>, %arg2: tensor<f32>):
    %0 = "stablehlo.broadcast_in_dim"(%arg1) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<48x2x32xf32>
    %1 = "stablehlo.maximum"(%0, %arg0) : (tensor<48x2x32xf32>, tensor<48x2x32xf32>) -> tensor<48x2x32xf32>
    %2 = "stablehlo.broadcast_in_dim"(%arg2) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<48x2x32xf32>
    %3 = "stablehlo.minimum"(%2, %1) : (tensor<48x2x32xf32>, tensor<48x2x32xf32>) -> tensor<48x2x32xf32>
    "func.return"(%3) : (tensor<48x2x32xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
