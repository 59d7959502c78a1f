"builtin.module"() <{sym_name = "jit_top_p_step"}> ({
  "func.func"() <{function_type = (tensor<2x1000xf32>, tensor<2x1000xf32>) -> tensor<2xi32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<2x1000xf32>, %arg1: tensor<2x1000xf32>):
    %cst = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %0 = "stablehlo.reduce"(%arg0, %cst) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %1 = "stablehlo.maximum"(%arg2, %arg3) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1) : (tensor<f32>) -> ()
    }) : (tensor<2x1000xf32>, tensor<f32>) -> tensor<2xf32>
    %cst_0 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %1 = "stablehlo.broadcast_in_dim"(%cst_0) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2xf32>
    %2 = "stablehlo.maximum"(%1, %0) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    %3 = "stablehlo.broadcast_in_dim"(%2) <{broadcast_dimensions = array<i64: 0>}> : (tensor<2xf32>) -> tensor<2x1xf32>
    %4 = "stablehlo.broadcast_in_dim"(%3) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x1xf32>) -> tensor<2x1000xf32>
    %5 = "stablehlo.subtract"(%arg0, %4) : (tensor<2x1000xf32>, tensor<2x1000xf32>) -> tensor<2x1000xf32>
    %6 = "stablehlo.exponential"(%5) : (tensor<2x1000xf32>) -> tensor<2x1000xf32>
    %cst_1 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %7 = "stablehlo.reduce"(%6, %cst_1) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %8 = "stablehlo.add"(%arg2, %arg3) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%8) : (tensor<f32>) -> ()
    }) : (tensor<2x1000xf32>, tensor<f32>) -> tensor<2xf32>
    %8 = "stablehlo.broadcast_in_dim"(%7) <{broadcast_dimensions = array<i64: 0>}> : (tensor<2xf32>) -> tensor<2x1xf32>
    %9 = "stablehlo.broadcast_in_dim"(%8) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x1xf32>) -> tensor<2x1000xf32>
    %10 = "stablehlo.divide"(%6, %9) : (tensor<2x1000xf32>, tensor<2x1000xf32>) -> tensor<2x1000xf32>
    %11 = "stablehlo.iota"() <{iota_dimension = 1 : i64}> : () -> tensor<2x1000xi32>
    %12 = "stablehlo.negate"(%10) : (tensor<2x1000xf32>) -> tensor<2x1000xf32>
    %13:2 = "stablehlo.sort"(%12, %11) <{dimension = 1 : i64, is_stable = true}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>, %arg4: tensor<i32>, %arg5: tensor<i32>):
      %cst_4 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
      %26 = "stablehlo.compare"(%arg2, %cst_4) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_5 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
      %27 = "stablehlo.select"(%26, %cst_5, %arg2) : (tensor<i1>, tensor<f32>, tensor<f32>) -> tensor<f32>
      %28 = "stablehlo.compare"(%arg2, %arg2) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_6 = "stablehlo.constant"() <{value = dense<0x7FC00000> : tensor<f32>}> : () -> tensor<f32>
      %29 = "stablehlo.select"(%28, %cst_6, %27) : (tensor<i1>, tensor<f32>, tensor<f32>) -> tensor<f32>
      %cst_7 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
      %30 = "stablehlo.compare"(%arg3, %cst_7) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_8 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
      %31 = "stablehlo.select"(%30, %cst_8, %arg3) : (tensor<i1>, tensor<f32>, tensor<f32>) -> tensor<f32>
      %32 = "stablehlo.compare"(%arg3, %arg3) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_9 = "stablehlo.constant"() <{value = dense<0x7FC00000> : tensor<f32>}> : () -> tensor<f32>
      %33 = "stablehlo.select"(%32, %cst_9, %31) : (tensor<i1>, tensor<f32>, tensor<f32>) -> tensor<f32>
      %34 = "stablehlo.compare"(%29, %33) <{compare_type = #stablehlo<comparison_type TOTALORDER>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<f32>, tensor<f32>) -> tensor<i1>
      "stablehlo.return"(%34) : (tensor<i1>) -> ()
    }) : (tensor<2x1000xf32>, tensor<2x1000xi32>) -> (tensor<2x1000xf32>, tensor<2x1000xi32>)
    %14 = "stablehlo.negate"(%13#0) : (tensor<2x1000xf32>) -> tensor<2x1000xf32>
    %15 = "func.call"(%14) <{callee = @cumsum}> : (tensor<2x1000xf32>) -> tensor<2x1000xf32>
    %16 = "stablehlo.subtract"(%15, %14) : (tensor<2x1000xf32>, tensor<2x1000xf32>) -> tensor<2x1000xf32>
    %cst_2 = "stablehlo.constant"() <{value = dense<0.899999976> : tensor<f32>}> : () -> tensor<f32>
    %17 = "stablehlo.broadcast_in_dim"(%cst_2) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x1000xf32>
    %18 = "stablehlo.compare"(%16, %17) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<2x1000xf32>, tensor<2x1000xf32>) -> tensor<2x1000xi1>
    %19 = "stablehlo.log"(%14) : (tensor<2x1000xf32>) -> tensor<2x1000xf32>
    %cst_3 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %20 = "func.call"(%18, %19, %cst_3) <{callee = @_where}> : (tensor<2x1000xi1>, tensor<2x1000xf32>, tensor<f32>) -> tensor<2x1000xf32>
    %21 = "stablehlo.add"(%20, %arg1) : (tensor<2x1000xf32>, tensor<2x1000xf32>) -> tensor<2x1000xf32>
    %22 = "func.call"(%21) <{callee = @argmax}> : (tensor<2x1000xf32>) -> tensor<2xi32>
    %23 = "stablehlo.broadcast_in_dim"(%22) <{broadcast_dimensions = array<i64: 0>}> : (tensor<2xi32>) -> tensor<2x1xi32>
    %24 = "func.call"(%13#1, %23) <{callee = @take_along_axis}> : (tensor<2x1000xi32>, tensor<2x1xi32>) -> tensor<2x1xi32>
    %25 = "stablehlo.reshape"(%24) : (tensor<2x1xi32>) -> tensor<2xi32>
    "func.return"(%25) : (tensor<2xi32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<2x1000xf32>) -> tensor<2x1000xf32>, sym_name = "cumsum", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<2x1000xf32>):
    %0 = "func.call"(%arg0) <{callee = @cumsum_0}> : (tensor<2x1000xf32>) -> tensor<2x1000xf32>
    "func.return"(%0) : (tensor<2x1000xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<2x1000xf32>) -> tensor<2x1000xf32>, sym_name = "cumsum_0", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<2x1000xf32>):
    %cst = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %0 = "stablehlo.broadcast_in_dim"(%cst) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<f32>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1, 1>, padding = dense<[[0, 0], [999, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 1, 1000>, window_strides = array<i64: 1, 1>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %2 = "stablehlo.add"(%arg1, %arg2) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%2) : (tensor<f32>) -> ()
    }) : (tensor<2x1000xf32>, tensor<f32>) -> tensor<2x1000xf32>
    "func.return"(%1) : (tensor<2x1000xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<2x1000xi1>, tensor<2x1000xf32>, tensor<f32>) -> tensor<2x1000xf32>, sym_name = "_where", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<2x1000xi1>, %arg1: tensor<2x1000xf32>, %arg2: tensor<f32>):
    %0 = "stablehlo.convert"(%arg2) : (tensor<f32>) -> tensor<f32>
    %1 = "stablehlo.broadcast_in_dim"(%0) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x1000xf32>
    %2 = "stablehlo.select"(%arg0, %arg1, %1) : (tensor<2x1000xi1>, tensor<2x1000xf32>, tensor<2x1000xf32>) -> tensor<2x1000xf32>
    "func.return"(%2) : (tensor<2x1000xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<2x1000xf32>) -> tensor<2xi32>, sym_name = "argmax", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<2x1000xf32>):
    %0 = "stablehlo.iota"() <{iota_dimension = 1 : i64}> : () -> tensor<2x1000xi32>
    %cst = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %c = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %1:2 = "stablehlo.reduce"(%arg0, %0, %cst, %c) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<i32>, %arg3: tensor<f32>, %arg4: tensor<i32>):
      %2 = "stablehlo.compare"(%arg1, %arg3) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %3 = "stablehlo.compare"(%arg1, %arg1) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %4 = "stablehlo.or"(%2, %3) : (tensor<i1>, tensor<i1>) -> tensor<i1>
      %5 = "stablehlo.compare"(%arg1, %arg3) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %6 = "stablehlo.compare"(%arg2, %arg4) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %7 = "stablehlo.and"(%5, %6) : (tensor<i1>, tensor<i1>) -> tensor<i1>
      %8 = "stablehlo.or"(%4, %7) : (tensor<i1>, tensor<i1>) -> tensor<i1>
      %9 = "stablehlo.select"(%4, %arg1, %arg3) : (tensor<i1>, tensor<f32>, tensor<f32>) -> tensor<f32>
      %10 = "stablehlo.select"(%8, %arg2, %arg4) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
      "stablehlo.return"(%9, %10) : (tensor<f32>, tensor<i32>) -> ()
    }) : (tensor<2x1000xf32>, tensor<2x1000xi32>, tensor<f32>, tensor<i32>) -> (tensor<2xf32>, tensor<2xi32>)
    "func.return"(%1#1) : (tensor<2xi32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<2x1000xi32>, tensor<2x1xi32>) -> tensor<2x1xi32>, sym_name = "take_along_axis", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<2x1000xi32>, %arg1: tensor<2x1xi32>):
    %c = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %0 = "stablehlo.broadcast_in_dim"(%c) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<2x1xi32>
    %1 = "stablehlo.compare"(%arg1, %0) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<2x1xi32>, tensor<2x1xi32>) -> tensor<2x1xi1>
    %c_0 = "stablehlo.constant"() <{value = dense<1000> : tensor<i32>}> : () -> tensor<i32>
    %2 = "stablehlo.broadcast_in_dim"(%c_0) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<2x1xi32>
    %3 = "stablehlo.add"(%arg1, %2) : (tensor<2x1xi32>, tensor<2x1xi32>) -> tensor<2x1xi32>
    %4 = "stablehlo.select"(%1, %3, %arg1) : (tensor<2x1xi1>, tensor<2x1xi32>, tensor<2x1xi32>) -> tensor<2x1xi32>
    %5 = "stablehlo.reshape"(%4) : (tensor<2x1xi32>) -> tensor<2x1x1xi32>
    %c_1 = "stablehlo.constant"() <{value = dense<999> : tensor<1xi32>}> : () -> tensor<1xi32>
    %c_2 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %6 = "stablehlo.broadcast_in_dim"(%c_2) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<2x1x1xi32>
    %7 = "stablehlo.compare"(%5, %6) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<2x1x1xi32>, tensor<2x1x1xi32>) -> tensor<2x1x1xi1>
    %8 = "stablehlo.broadcast_in_dim"(%c_1) <{broadcast_dimensions = array<i64: 2>}> : (tensor<1xi32>) -> tensor<1x1x1xi32>
    %9 = "stablehlo.broadcast_in_dim"(%8) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x1xi32>) -> tensor<2x1x1xi32>
    %10 = "stablehlo.compare"(%5, %9) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}> : (tensor<2x1x1xi32>, tensor<2x1x1xi32>) -> tensor<2x1x1xi1>
    %11 = "stablehlo.and"(%7, %10) : (tensor<2x1x1xi1>, tensor<2x1x1xi1>) -> tensor<2x1x1xi1>
    %c_3 = "stablehlo.constant"() <{value = dense<true> : tensor<i1>}> : () -> tensor<i1>
    %12 = "stablehlo.reduce"(%11, %c_3) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg2: tensor<i1>, %arg3: tensor<i1>):
      %13 = "stablehlo.and"(%arg2, %arg3) : (tensor<i1>, tensor<i1>) -> tensor<i1>
      "stablehlo.return"(%13) : (tensor<i1>) -> ()
    }) : (tensor<2x1x1xi1>, tensor<i1>) -> tensor<2x1xi1>
    %13 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> : (tensor<2x1000xi32>, tensor<2x1x1xi32>) -> tensor<2x1xi32>
    %c_4 = "stablehlo.constant"() <{value = dense<-2147483648> : tensor<i32>}> : () -> tensor<i32>
    %14 = "stablehlo.broadcast_in_dim"(%c_4) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<2x1xi32>
    %15 = "stablehlo.select"(%12, %13, %14) : (tensor<2x1xi1>, tensor<2x1xi32>, tensor<2x1xi32>) -> tensor<2x1xi32>
    "func.return"(%15) : (tensor<2x1xi32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
