"builtin.module"() <{sym_name = "jit_nvfp4_dot"}> ({
  "func.func"() <{function_type = (tensor<2x9x80xf32>, tensor<80x24xf32>) -> tensor<2x9x24xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<2x9x80xf32>, %arg1: tensor<80x24xf32>):
    %cst = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %0 = "stablehlo.broadcast_in_dim"(%cst) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<1xf32>
    %1 = "stablehlo.reshape"(%arg0) : (tensor<2x9x80xf32>) -> tensor<2x9x5x16xf32>
    %2 = "stablehlo.broadcast_in_dim"(%0) <{broadcast_dimensions = array<i64: 3>}> : (tensor<1xf32>) -> tensor<1x1x1x1xf32>
    %3 = "stablehlo.broadcast_in_dim"(%2) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x1x1x1xf32>) -> tensor<2x9x5x16xf32>
    %4 = "stablehlo.divide"(%1, %3) : (tensor<2x9x5x16xf32>, tensor<2x9x5x16xf32>) -> tensor<2x9x5x16xf32>
    %5 = "stablehlo.abs"(%4) : (tensor<2x9x5x16xf32>) -> tensor<2x9x5x16xf32>
    %cst_0 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %6 = "stablehlo.reduce"(%5, %cst_0) <{dimensions = array<i64: 3>}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %7 = "stablehlo.maximum"(%arg2, %arg3) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%7) : (tensor<f32>) -> ()
    }) : (tensor<2x9x5x16xf32>, tensor<f32>) -> tensor<2x9x5xf32>
    %7 = "stablehlo.broadcast_in_dim"(%6) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x9x5xf32>) -> tensor<2x9x5x1xf32>
    %cst_1 = "stablehlo.constant"() <{value = dense<6.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %8 = "stablehlo.broadcast_in_dim"(%cst_1) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x9x5x1xf32>
    %9 = "stablehlo.divide"(%7, %8) : (tensor<2x9x5x1xf32>, tensor<2x9x5x1xf32>) -> tensor<2x9x5x1xf32>
    %c = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %cst_2 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<f32>}> : () -> tensor<f32>
    %10 = "func.call"(%9, %c, %cst_2) <{callee = @clip}> : (tensor<2x9x5x1xf32>, tensor<i32>, tensor<f32>) -> tensor<2x9x5x1xf32>
    %11 = "stablehlo.convert"(%10) : (tensor<2x9x5x1xf32>) -> tensor<2x9x5x1xf8E4M3FN>
    %12 = "stablehlo.optimization_barrier"(%11) : (tensor<2x9x5x1xf8E4M3FN>) -> tensor<2x9x5x1xf8E4M3FN>
    %13 = "stablehlo.convert"(%12) : (tensor<2x9x5x1xf8E4M3FN>) -> tensor<2x9x5x1xf32>
    %14 = "stablehlo.broadcast_in_dim"(%13) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<2x9x5x1xf32>) -> tensor<2x9x5x16xf32>
    %15 = "stablehlo.divide"(%4, %14) : (tensor<2x9x5x16xf32>, tensor<2x9x5x16xf32>) -> tensor<2x9x5x16xf32>
    %cst_3 = "stablehlo.constant"() <{value = dense<-6.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %cst_4 = "stablehlo.constant"() <{value = dense<6.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %16 = "func.call"(%15, %cst_3, %cst_4) <{callee = @clip_0}> : (tensor<2x9x5x16xf32>, tensor<f32>, tensor<f32>) -> tensor<2x9x5x16xf32>
    %17 = "stablehlo.convert"(%16) : (tensor<2x9x5x16xf32>) -> tensor<2x9x5x16xf4E2M1FN>
    %18 = "stablehlo.reshape"(%17) : (tensor<2x9x5x16xf4E2M1FN>) -> tensor<2x9x80xf4E2M1FN>
    %19 = "stablehlo.reshape"(%12) : (tensor<2x9x5x1xf8E4M3FN>) -> tensor<2x9x5xf8E4M3FN>
    %20 = "stablehlo.convert"(%18) : (tensor<2x9x80xf4E2M1FN>) -> tensor<2x9x80xf32>
    %21 = "stablehlo.reshape"(%20) : (tensor<2x9x80xf32>) -> tensor<2x9x5x16xf32>
    %22 = "stablehlo.convert"(%19) : (tensor<2x9x5xf8E4M3FN>) -> tensor<2x9x5xf32>
    %23 = "stablehlo.broadcast_in_dim"(%22) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x9x5xf32>) -> tensor<2x9x5x1xf32>
    %24 = "stablehlo.broadcast_in_dim"(%23) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<2x9x5x1xf32>) -> tensor<2x9x5x16xf32>
    %25 = "stablehlo.multiply"(%21, %24) : (tensor<2x9x5x16xf32>, tensor<2x9x5x16xf32>) -> tensor<2x9x5x16xf32>
    %26 = "stablehlo.reshape"(%25) : (tensor<2x9x5x16xf32>) -> tensor<2x9x80xf32>
    %27 = "stablehlo.transpose"(%arg1) <{permutation = array<i64: 1, 0>}> : (tensor<80x24xf32>) -> tensor<24x80xf32>
    %cst_5 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %28 = "stablehlo.broadcast_in_dim"(%cst_5) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<1xf32>
    %29 = "stablehlo.reshape"(%27) : (tensor<24x80xf32>) -> tensor<24x5x16xf32>
    %30 = "stablehlo.broadcast_in_dim"(%28) <{broadcast_dimensions = array<i64: 2>}> : (tensor<1xf32>) -> tensor<1x1x1xf32>
    %31 = "stablehlo.broadcast_in_dim"(%30) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x1xf32>) -> tensor<24x5x16xf32>
    %32 = "stablehlo.divide"(%29, %31) : (tensor<24x5x16xf32>, tensor<24x5x16xf32>) -> tensor<24x5x16xf32>
    %33 = "stablehlo.abs"(%32) : (tensor<24x5x16xf32>) -> tensor<24x5x16xf32>
    %cst_6 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %34 = "stablehlo.reduce"(%33, %cst_6) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %35 = "stablehlo.maximum"(%arg2, %arg3) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%35) : (tensor<f32>) -> ()
    }) : (tensor<24x5x16xf32>, tensor<f32>) -> tensor<24x5xf32>
    %35 = "stablehlo.broadcast_in_dim"(%34) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<24x5xf32>) -> tensor<24x5x1xf32>
    %cst_7 = "stablehlo.constant"() <{value = dense<6.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %36 = "stablehlo.broadcast_in_dim"(%cst_7) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<24x5x1xf32>
    %37 = "stablehlo.divide"(%35, %36) : (tensor<24x5x1xf32>, tensor<24x5x1xf32>) -> tensor<24x5x1xf32>
    %c_8 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %cst_9 = "stablehlo.constant"() <{value = dense<4.480000e+02> : tensor<f32>}> : () -> tensor<f32>
    %38 = "func.call"(%37, %c_8, %cst_9) <{callee = @clip_1}> : (tensor<24x5x1xf32>, tensor<i32>, tensor<f32>) -> tensor<24x5x1xf32>
    %39 = "stablehlo.convert"(%38) : (tensor<24x5x1xf32>) -> tensor<24x5x1xf8E4M3FN>
    %40 = "stablehlo.optimization_barrier"(%39) : (tensor<24x5x1xf8E4M3FN>) -> tensor<24x5x1xf8E4M3FN>
    %41 = "stablehlo.convert"(%40) : (tensor<24x5x1xf8E4M3FN>) -> tensor<24x5x1xf32>
    %42 = "stablehlo.broadcast_in_dim"(%41) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<24x5x1xf32>) -> tensor<24x5x16xf32>
    %43 = "stablehlo.divide"(%32, %42) : (tensor<24x5x16xf32>, tensor<24x5x16xf32>) -> tensor<24x5x16xf32>
    %cst_10 = "stablehlo.constant"() <{value = dense<-6.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %cst_11 = "stablehlo.constant"() <{value = dense<6.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %44 = "func.call"(%43, %cst_10, %cst_11) <{callee = @clip_2}> : (tensor<24x5x16xf32>, tensor<f32>, tensor<f32>) -> tensor<24x5x16xf32>
    %45 = "stablehlo.convert"(%44) : (tensor<24x5x16xf32>) -> tensor<24x5x16xf4E2M1FN>
    %46 = "stablehlo.reshape"(%45) : (tensor<24x5x16xf4E2M1FN>) -> tensor<24x80xf4E2M1FN>
    %47 = "stablehlo.reshape"(%40) : (tensor<24x5x1xf8E4M3FN>) -> tensor<24x5xf8E4M3FN>
    %48 = "stablehlo.convert"(%46) : (tensor<24x80xf4E2M1FN>) -> tensor<24x80xf32>
    %49 = "stablehlo.reshape"(%48) : (tensor<24x80xf32>) -> tensor<24x5x16xf32>
    %50 = "stablehlo.convert"(%47) : (tensor<24x5xf8E4M3FN>) -> tensor<24x5xf32>
    %51 = "stablehlo.broadcast_in_dim"(%50) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<24x5xf32>) -> tensor<24x5x1xf32>
    %52 = "stablehlo.broadcast_in_dim"(%51) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<24x5x1xf32>) -> tensor<24x5x16xf32>
    %53 = "stablehlo.multiply"(%49, %52) : (tensor<24x5x16xf32>, tensor<24x5x16xf32>) -> tensor<24x5x16xf32>
    %54 = "stablehlo.reshape"(%53) : (tensor<24x5x16xf32>) -> tensor<24x80xf32>
    %55 = "stablehlo.dot_general"(%26, %54) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x9x80xf32>, tensor<24x80xf32>) -> tensor<2x9x24xf32>
    "func.return"(%55) : (tensor<2x9x24xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<2x9x5x1xf32>, tensor<i32>, tensor<f32>) -> tensor<2x9x5x1xf32>, sym_name = "clip", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<2x9x5x1xf32>, %arg1: tensor<i32>, %arg2: tensor<f32>):
    %0 = "stablehlo.convert"(%arg1) : (tensor<i32>) -> tensor<f32>
    %1 = "stablehlo.broadcast_in_dim"(%0) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x9x5x1xf32>
    %2 = "stablehlo.maximum"(%1, %arg0) : (tensor<2x9x5x1xf32>, tensor<2x9x5x1xf32>) -> tensor<2x9x5x1xf32>
    %3 = "stablehlo.broadcast_in_dim"(%arg2) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x9x5x1xf32>
    %4 = "stablehlo.minimum"(%3, %2) : (tensor<2x9x5x1xf32>, tensor<2x9x5x1xf32>) -> tensor<2x9x5x1xf32>
    "func.return"(%4) : (tensor<2x9x5x1xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<2x9x5x16xf32>, tensor<f32>, tensor<f32>) -> tensor<2x9x5x16xf32>, sym_name = "clip_0", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<2x9x5x16xf32>, %arg1: tensor<f32>, %arg2: tensor<f32>):
    %0 = "stablehlo.broadcast_in_dim"(%arg1) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x9x5x16xf32>
    %1 = "stablehlo.maximum"(%0, %arg0) : (tensor<2x9x5x16xf32>, tensor<2x9x5x16xf32>) -> tensor<2x9x5x16xf32>
    %2 = "stablehlo.broadcast_in_dim"(%arg2) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x9x5x16xf32>
    %3 = "stablehlo.minimum"(%2, %1) : (tensor<2x9x5x16xf32>, tensor<2x9x5x16xf32>) -> tensor<2x9x5x16xf32>
    "func.return"(%3) : (tensor<2x9x5x16xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<24x5x1xf32>, tensor<i32>, tensor<f32>) -> tensor<24x5x1xf32>, sym_name = "clip_1", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<24x5x1xf32>, %arg1: tensor<i32>, %arg2: tensor<f32>):
    %0 = "stablehlo.convert"(%arg1) : (tensor<i32>) -> tensor<f32>
    %1 = "stablehlo.broadcast_in_dim"(%0) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<24x5x1xf32>
    %2 = "stablehlo.maximum"(%1, %arg0) : (tensor<24x5x1xf32>, tensor<24x5x1xf32>) -> tensor<24x5x1xf32>
    %3 = "stablehlo.broadcast_in_dim"(%arg2) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<24x5x1xf32>
    %4 = "stablehlo.minimum"(%3, %2) : (tensor<24x5x1xf32>, tensor<24x5x1xf32>) -> tensor<24x5x1xf32>
    "func.return"(%4) : (tensor<24x5x1xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<24x5x16xf32>, tensor<f32>, tensor<f32>) -> tensor<24x5x16xf32>, sym_name = "clip_2", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<24x5x16xf32>, %arg1: tensor<f32>, %arg2: tensor<f32>):
    %0 = "stablehlo.broadcast_in_dim"(%arg1) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<24x5x16xf32>
    %1 = "stablehlo.maximum"(%0, %arg0) : (tensor<24x5x16xf32>, tensor<24x5x16xf32>) -> tensor<24x5x16xf32>
    %2 = "stablehlo.broadcast_in_dim"(%arg2) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<24x5x16xf32>
    %3 = "stablehlo.minimum"(%2, %1) : (tensor<24x5x16xf32>, tensor<24x5x16xf32>) -> tensor<24x5x16xf32>
    "func.return"(%3) : (tensor<24x5x16xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
