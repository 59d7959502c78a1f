"builtin.module"() <{sym_name = "jit__lambda"}> ({
  "func.func"() <{function_type = (tensor<200x64xf32>, tensor<64x8xf32>, tensor<8x64x96xf32>, tensor<8x96x64xf32>) -> tensor<200x64xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<200x64xf32>, %arg1: tensor<64x8xf32>, %arg2: tensor<8x64x96xf32>, %arg3: tensor<8x96x64xf32>):
    %0 = "stablehlo.dot_general"(%arg0, %arg1) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<200x64xf32>, tensor<64x8xf32>) -> tensor<200x8xf32>
    %cst = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %1 = "stablehlo.reduce"(%0, %cst) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg4: tensor<f32>, %arg5: tensor<f32>):
      %2 = "stablehlo.maximum"(%arg4, %arg5) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%2) : (tensor<f32>) -> ()
    }) : (tensor<200x8xf32>, tensor<f32>) -> tensor<200xf32>
    %cst_0 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %2 = "stablehlo.broadcast_in_dim"(%cst_0) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<200xf32>
    %3 = "stablehlo.maximum"(%2, %1) : (tensor<200xf32>, tensor<200xf32>) -> tensor<200xf32>
    %4 = "stablehlo.broadcast_in_dim"(%3) <{broadcast_dimensions = array<i64: 0>}> : (tensor<200xf32>) -> tensor<200x1xf32>
    %5 = "stablehlo.broadcast_in_dim"(%4) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<200x1xf32>) -> tensor<200x8xf32>
    %6 = "stablehlo.subtract"(%0, %5) : (tensor<200x8xf32>, tensor<200x8xf32>) -> tensor<200x8xf32>
    %7 = "stablehlo.exponential"(%6) : (tensor<200x8xf32>) -> tensor<200x8xf32>
    %cst_1 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %8 = "stablehlo.reduce"(%7, %cst_1) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg4: tensor<f32>, %arg5: tensor<f32>):
      %9 = "stablehlo.add"(%arg4, %arg5) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%9) : (tensor<f32>) -> ()
    }) : (tensor<200x8xf32>, tensor<f32>) -> tensor<200xf32>
    %9 = "stablehlo.broadcast_in_dim"(%8) <{broadcast_dimensions = array<i64: 0>}> : (tensor<200xf32>) -> tensor<200x1xf32>
    %10 = "stablehlo.broadcast_in_dim"(%9) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<200x1xf32>) -> tensor<200x8xf32>
    %11 = "stablehlo.divide"(%7, %10) : (tensor<200x8xf32>, tensor<200x8xf32>) -> tensor<200x8xf32>
    %values, %indices = "chlo.top_k"(%11) <{k = 2 : i64}> : (tensor<200x8xf32>) -> (tensor<200x2xf32>, tensor<200x2xi32>)
    %cst_2 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %12 = "stablehlo.reduce"(%values, %cst_2) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg4: tensor<f32>, %arg5: tensor<f32>):
      %13 = "stablehlo.add"(%arg4, %arg5) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%13) : (tensor<f32>) -> ()
    }) : (tensor<200x2xf32>, tensor<f32>) -> tensor<200xf32>
    %13 = "stablehlo.broadcast_in_dim"(%12) <{broadcast_dimensions = array<i64: 0>}> : (tensor<200xf32>) -> tensor<200x1xf32>
    %14 = "stablehlo.broadcast_in_dim"(%13) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<200x1xf32>) -> tensor<200x2xf32>
    %15 = "stablehlo.divide"(%values, %14) : (tensor<200x2xf32>, tensor<200x2xf32>) -> tensor<200x2xf32>
    %16 = "func.call"(%indices) <{callee = @_one_hot}> : (tensor<200x2xi32>) -> tensor<200x2x8xf32>
    %17 = "stablehlo.broadcast_in_dim"(%15) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<200x2xf32>) -> tensor<200x2x1xf32>
    %18 = "stablehlo.broadcast_in_dim"(%17) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<200x2x1xf32>) -> tensor<200x2x8xf32>
    %19 = "stablehlo.multiply"(%16, %18) : (tensor<200x2x8xf32>, tensor<200x2x8xf32>) -> tensor<200x2x8xf32>
    %cst_3 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %20 = "stablehlo.reduce"(%19, %cst_3) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg4: tensor<f32>, %arg5: tensor<f32>):
      %21 = "stablehlo.add"(%arg4, %arg5) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%21) : (tensor<f32>) -> ()
    }) : (tensor<200x2x8xf32>, tensor<f32>) -> tensor<200x8xf32>
    %21 = "stablehlo.dot_general"(%arg0, %arg2) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<200x64xf32>, tensor<8x64x96xf32>) -> tensor<200x8x96xf32>
    %22 = "func.call"(%21) <{callee = @silu}> : (tensor<200x8x96xf32>) -> tensor<200x8x96xf32>
    %23 = "stablehlo.dot_general"(%arg3, %22) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [1], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x96x64xf32>, tensor<200x8x96xf32>) -> tensor<8x64x200xf32>
    %24 = "stablehlo.transpose"(%23) <{permutation = array<i64: 2, 0, 1>}> : (tensor<8x64x200xf32>) -> tensor<200x8x64xf32>
    %25 = "stablehlo.dot_general"(%24, %20) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<200x8x64xf32>, tensor<200x8xf32>) -> tensor<200x64xf32>
    "func.return"(%25) : (tensor<200x64xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<200x2xi32>) -> tensor<200x2x8xf32>, sym_name = "_one_hot", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<200x2xi32>):
    %0 = "stablehlo.broadcast_in_dim"(%arg0) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<200x2xi32>) -> tensor<200x2x1xi32>
    %1 = "stablehlo.iota"() <{iota_dimension = 2 : i64}> : () -> tensor<1x1x8xi32>
    %2 = "stablehlo.broadcast_in_dim"(%0) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<200x2x1xi32>) -> tensor<200x2x8xi32>
    %3 = "stablehlo.broadcast_in_dim"(%1) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x8xi32>) -> tensor<200x2x8xi32>
    %4 = "stablehlo.compare"(%2, %3) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<200x2x8xi32>, tensor<200x2x8xi32>) -> tensor<200x2x8xi1>
    %5 = "stablehlo.convert"(%4) : (tensor<200x2x8xi1>) -> tensor<200x2x8xf32>
    "func.return"(%5) : (tensor<200x2x8xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<200x8x96xf32>) -> tensor<200x8x96xf32>, sym_name = "silu", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<200x8x96xf32>):
    %0 = "stablehlo.negate"(%arg0) : (tensor<200x8x96xf32>) -> tensor<200x8x96xf32>
    %1 = "stablehlo.exponential"(%0) : (tensor<200x8x96xf32>) -> tensor<200x8x96xf32>
    %cst = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %2 = "stablehlo.broadcast_in_dim"(%cst) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<200x8x96xf32>
    %3 = "stablehlo.add"(%2, %1) : (tensor<200x8x96xf32>, tensor<200x8x96xf32>) -> tensor<200x8x96xf32>
    %cst_0 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %4 = "stablehlo.broadcast_in_dim"(%cst_0) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<200x8x96xf32>
    %5 = "stablehlo.divide"(%4, %3) : (tensor<200x8x96xf32>, tensor<200x8x96xf32>) -> tensor<200x8x96xf32>
    %6 = "stablehlo.multiply"(%arg0, %5) : (tensor<200x8x96xf32>, tensor<200x8x96xf32>) -> tensor<200x8x96xf32>
    "func.return"(%6) : (tensor<200x8x96xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
