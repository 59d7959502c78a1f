"builtin.module"() <{sym_name = "jit_top_p_step"}> ({
  "func.func"() <{function_type = (tensor<3x300xbf16>, tensor<3x300xbf16>) -> tensor<3xi32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<3x300xbf16>, %arg1: tensor<3x300xbf16>):
    %0 = "stablehlo.convert"(%arg0) : (tensor<3x300xbf16>) -> tensor<3x300xf32>
    %cst = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %1 = "stablehlo.reduce"(%0, %cst) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %2 = "stablehlo.maximum"(%arg2, %arg3) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%2) : (tensor<f32>) -> ()
    }) : (tensor<3x300xf32>, tensor<f32>) -> tensor<3xf32>
    %cst_0 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %2 = "stablehlo.broadcast_in_dim"(%cst_0) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<3xf32>
    %3 = "stablehlo.maximum"(%2, %1) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
    %4 = "stablehlo.broadcast_in_dim"(%3) <{broadcast_dimensions = array<i64: 0>}> : (tensor<3xf32>) -> tensor<3x1xf32>
    %5 = "stablehlo.broadcast_in_dim"(%4) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<3x1xf32>) -> tensor<3x300xf32>
    %6 = "stablehlo.subtract"(%0, %5) : (tensor<3x300xf32>, tensor<3x300xf32>) -> tensor<3x300xf32>
    %7 = "stablehlo.exponential"(%6) : (tensor<3x300xf32>) -> tensor<3x300xf32>
    %cst_1 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %8 = "stablehlo.reduce"(%7, %cst_1) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %9 = "stablehlo.add"(%arg2, %arg3) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%9) : (tensor<f32>) -> ()
    }) : (tensor<3x300xf32>, tensor<f32>) -> tensor<3xf32>
    %9 = "stablehlo.broadcast_in_dim"(%8) <{broadcast_dimensions = array<i64: 0>}> : (tensor<3xf32>) -> tensor<3x1xf32>
    %10 = "stablehlo.broadcast_in_dim"(%9) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<3x1xf32>) -> tensor<3x300xf32>
    %11 = "stablehlo.divide"(%7, %10) : (tensor<3x300xf32>, tensor<3x300xf32>) -> tensor<3x300xf32>
    %12 = "stablehlo.convert"(%11) : (tensor<3x300xf32>) -> tensor<3x300xbf16>
    %13 = "stablehlo.iota"() <{iota_dimension = 1 : i64}> : () -> tensor<3x300xi32>
    %14 = "stablehlo.negate"(%12) : (tensor<3x300xbf16>) -> tensor<3x300xbf16>
    %15:2 = "stablehlo.sort"(%14, %13) <{dimension = 1 : i64, is_stable = true}> ({
    ^bb0(%arg2: tensor<bf16>, %arg3: tensor<bf16>, %arg4: tensor<i32>, %arg5: tensor<i32>):
      %cst_4 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<bf16>}> : () -> tensor<bf16>
      %28 = "stablehlo.compare"(%arg2, %cst_4) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
      %cst_5 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<bf16>}> : () -> tensor<bf16>
      %29 = "stablehlo.select"(%28, %cst_5, %arg2) : (tensor<i1>, tensor<bf16>, tensor<bf16>) -> tensor<bf16>
      %30 = "stablehlo.compare"(%arg2, %arg2) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
      %cst_6 = "stablehlo.constant"() <{value = dense<0x7FC0> : tensor<bf16>}> : () -> tensor<bf16>
      %31 = "stablehlo.select"(%30, %cst_6, %29) : (tensor<i1>, tensor<bf16>, tensor<bf16>) -> tensor<bf16>
      %cst_7 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<bf16>}> : () -> tensor<bf16>
      %32 = "stablehlo.compare"(%arg3, %cst_7) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
      %cst_8 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<bf16>}> : () -> tensor<bf16>
      %33 = "stablehlo.select"(%32, %cst_8, %arg3) : (tensor<i1>, tensor<bf16>, tensor<bf16>) -> tensor<bf16>
      %34 = "stablehlo.compare"(%arg3, %arg3) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
      %cst_9 = "stablehlo.constant"() <{value = dense<0x7FC0> : tensor<bf16>}> : () -> tensor<bf16>
      %35 = "stablehlo.select"(%34, %cst_9, %33) : (tensor<i1>, tensor<bf16>, tensor<bf16>) -> tensor<bf16>
      %36 = "stablehlo.compare"(%31, %35) <{compare_type = #stablehlo<comparison_type TOTALORDER>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
      "stablehlo.return"(%36) : (tensor<i1>) -> ()
    }) : (tensor<3x300xbf16>, tensor<3x300xi32>) -> (tensor<3x300xbf16>, tensor<3x300xi32>)
    %16 = "stablehlo.negate"(%15#0) : (tensor<3x300xbf16>) -> tensor<3x300xbf16>
    %17 = "func.call"(%16) <{callee = @cumsum}> : (tensor<3x300xbf16>) -> tensor<3x300xbf16>
    %18 = "stablehlo.subtract"(%17, %16) : (tensor<3x300xbf16>, tensor<3x300xbf16>) -> tensor<3x300xbf16>
    %cst_2 = "stablehlo.constant"() <{value = dense<8.984370e-01> : tensor<bf16>}> : () -> tensor<bf16>
    %19 = "stablehlo.broadcast_in_dim"(%cst_2) <{broadcast_dimensions = array<i64>}> : (tensor<bf16>) -> tensor<3x300xbf16>
    %20 = "stablehlo.compare"(%18, %19) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<3x300xbf16>, tensor<3x300xbf16>) -> tensor<3x300xi1>
    %21 = "stablehlo.log"(%16) : (tensor<3x300xbf16>) -> tensor<3x300xbf16>
    %cst_3 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %22 = "func.call"(%20, %21, %cst_3) <{callee = @_where}> : (tensor<3x300xi1>, tensor<3x300xbf16>, tensor<f32>) -> tensor<3x300xbf16>
    %23 = "stablehlo.add"(%22, %arg1) : (tensor<3x300xbf16>, tensor<3x300xbf16>) -> tensor<3x300xbf16>
    %24 = "func.call"(%23) <{callee = @argmax}> : (tensor<3x300xbf16>) -> tensor<3xi32>
    %25 = "stablehlo.broadcast_in_dim"(%24) <{broadcast_dimensions = array<i64: 0>}> : (tensor<3xi32>) -> tensor<3x1xi32>
    %26 = "func.call"(%15#1, %25) <{callee = @take_along_axis}> : (tensor<3x300xi32>, tensor<3x1xi32>) -> tensor<3x1xi32>
    %27 = "stablehlo.reshape"(%26) : (tensor<3x1xi32>) -> tensor<3xi32>
    "func.return"(%27) : (tensor<3xi32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<3x300xbf16>) -> tensor<3x300xbf16>, sym_name = "cumsum", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<3x300xbf16>):
    %0 = "func.call"(%arg0) <{callee = @cumsum_0}> : (tensor<3x300xbf16>) -> tensor<3x300xbf16>
    "func.return"(%0) : (tensor<3x300xbf16>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<3x300xbf16>) -> tensor<3x300xbf16>, sym_name = "cumsum_0", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<3x300xbf16>):
    %cst = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<bf16>}> : () -> tensor<bf16>
    %0 = "stablehlo.broadcast_in_dim"(%cst) <{broadcast_dimensions = array<i64>}> : (tensor<bf16>) -> tensor<bf16>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1, 1>, padding = dense<[[0, 0], [299, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 1, 300>, window_strides = array<i64: 1, 1>}> ({
    ^bb0(%arg1: tensor<bf16>, %arg2: tensor<bf16>):
      %2 = "stablehlo.add"(%arg1, %arg2) : (tensor<bf16>, tensor<bf16>) -> tensor<bf16>
      "stablehlo.return"(%2) : (tensor<bf16>) -> ()
    }) : (tensor<3x300xbf16>, tensor<bf16>) -> tensor<3x300xbf16>
    "func.return"(%1) : (tensor<3x300xbf16>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<3x300xi1>, tensor<3x300xbf16>, tensor<f32>) -> tensor<3x300xbf16>, sym_name = "_where", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<3x300xi1>, %arg1: tensor<3x300xbf16>, %arg2: tensor<f32>):
    %0 = "stablehlo.convert"(%arg2) : (tensor<f32>) -> tensor<bf16>
    %1 = "stablehlo.broadcast_in_dim"(%0) <{broadcast_dimensions = array<i64>}> : (tensor<bf16>) -> tensor<3x300xbf16>
    %2 = "stablehlo.select"(%arg0, %arg1, %1) : (tensor<3x300xi1>, tensor<3x300xbf16>, tensor<3x300xbf16>) -> tensor<3x300xbf16>
    "func.return"(%2) : (tensor<3x300xbf16>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<3x300xbf16>) -> tensor<3xi32>, sym_name = "argmax", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<3x300xbf16>):
    %0 = "stablehlo.iota"() <{iota_dimension = 1 : i64}> : () -> tensor<3x300xi32>
    %cst = "stablehlo.constant"() <{value = dense<0xFF80> : tensor<bf16>}> : () -> tensor<bf16>
    %c = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %1:2 = "stablehlo.reduce"(%arg0, %0, %cst, %c) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg1: tensor<bf16>, %arg2: tensor<i32>, %arg3: tensor<bf16>, %arg4: tensor<i32>):
      %2 = "stablehlo.compare"(%arg1, %arg3) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
      %3 = "stablehlo.compare"(%arg1, %arg1) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
      %4 = "stablehlo.or"(%2, %3) : (tensor<i1>, tensor<i1>) -> tensor<i1>
      %5 = "stablehlo.compare"(%arg1, %arg3) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
      %6 = "stablehlo.compare"(%arg2, %arg4) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %7 = "stablehlo.and"(%5, %6) : (tensor<i1>, tensor<i1>) -> tensor<i1>
      %8 = "stablehlo.or"(%4, %7) : (tensor<i1>, tensor<i1>) -> tensor<i1>
      %9 = "stablehlo.select"(%4, %arg1, %arg3) : (tensor<i1>, tensor<bf16>, tensor<bf16>) -> tensor<bf16>
      %10 = "stablehlo.select"(%8, %arg2, %arg4) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
      "stablehlo.return"(%9, %10) : (tensor<bf16>, tensor<i32>) -> ()
    }) : (tensor<3x300xbf16>, tensor<3x300xi32>, tensor<bf16>, tensor<i32>) -> (tensor<3xbf16>, tensor<3xi32>)
    "func.return"(%1#1) : (tensor<3xi32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<3x300xi32>, tensor<3x1xi32>) -> tensor<3x1xi32>, sym_name = "take_along_axis", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<3x300xi32>, %arg1: tensor<3x1xi32>):
    %c = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %0 = "stablehlo.broadcast_in_dim"(%c) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<3x1xi32>
    %1 = "stablehlo.compare"(%arg1, %0) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi1>
    %c_0 = "stablehlo.constant"() <{value = dense<300> : tensor<i32>}> : () -> tensor<i32>
    %2 = "stablehlo.broadcast_in_dim"(%c_0) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<3x1xi32>
    %3 = "stablehlo.add"(%arg1, %2) : (tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi32>
    %4 = "stablehlo.select"(%1, %3, %arg1) : (tensor<3x1xi1>, tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi32>
    %5 = "stablehlo.reshape"(%4) : (tensor<3x1xi32>) -> tensor<3x1x1xi32>
    %c_1 = "stablehlo.constant"() <{value = dense<299> : tensor<1xi32>}> : () -> tensor<1xi32>
    %c_2 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %6 = "stablehlo.broadcast_in_dim"(%c_2) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<3x1x1xi32>
    %7 = "stablehlo.compare"(%5, %6) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<3x1x1xi32>, tensor<3x1x1xi32>) -> tensor<3x1x1xi1>
    %8 = "stablehlo.broadcast_in_dim"(%c_1) <{broadcast_dimensions = array<i64: 2>}> : (tensor<1xi32>) -> tensor<1x1x1xi32>
    %9 = "stablehlo.broadcast_in_dim"(%8) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x1xi32>) -> tensor<3x1x1xi32>
    %10 = "stablehlo.compare"(%5, %9) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}> : (tensor<3x1x1xi32>, tensor<3x1x1xi32>) -> tensor<3x1x1xi1>
    %11 = "stablehlo.and"(%7, %10) : (tensor<3x1x1xi1>, tensor<3x1x1xi1>) -> tensor<3x1x1xi1>
    %c_3 = "stablehlo.constant"() <{value = dense<true> : tensor<i1>}> : () -> tensor<i1>
    %12 = "stablehlo.reduce"(%11, %c_3) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg2: tensor<i1>, %arg3: tensor<i1>):
      %13 = "stablehlo.and"(%arg2, %arg3) : (tensor<i1>, tensor<i1>) -> tensor<i1>
      "stablehlo.return"(%13) : (tensor<i1>) -> ()
    }) : (tensor<3x1x1xi1>, tensor<i1>) -> tensor<3x1xi1>
    %13 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> : (tensor<3x300xi32>, tensor<3x1x1xi32>) -> tensor<3x1xi32>
    %c_4 = "stablehlo.constant"() <{value = dense<-2147483648> : tensor<i32>}> : () -> tensor<i32>
    %14 = "stablehlo.broadcast_in_dim"(%c_4) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<3x1xi32>
    %15 = "stablehlo.select"(%12, %13, %14) : (tensor<3x1xi1>, tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi32>
    "func.return"(%15) : (tensor<3x1xi32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
