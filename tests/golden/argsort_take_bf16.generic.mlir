"builtin.module"() <{sym_name = "jit_argsort_take"}> ({
  "func.func"() <{function_type = (tensor<2x4x37xbf16>, tensor<2x4x37xbf16>) -> tensor<2x4x37xbf16>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<2x4x37xbf16>, %arg1: tensor<2x4x37xbf16>):
    %0 = "func.call"(%arg0) <{callee = @argsort}> : (tensor<2x4x37xbf16>) -> tensor<2x4x37xi32>
    %1 = "func.call"(%arg1, %0) <{callee = @take_along_axis}> : (tensor<2x4x37xbf16>, tensor<2x4x37xi32>) -> tensor<2x4x37xbf16>
    "func.return"(%1) : (tensor<2x4x37xbf16>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<2x4x37xbf16>) -> tensor<2x4x37xi32>, sym_name = "argsort", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<2x4x37xbf16>):
    %0 = "stablehlo.iota"() <{iota_dimension = 2 : i64}> : () -> tensor<2x4x37xi32>
    %1:2 = "stablehlo.sort"(%arg0, %0) <{dimension = 2 : i64, is_stable = true}> ({
    ^bb0(%arg1: tensor<bf16>, %arg2: tensor<bf16>, %arg3: tensor<i32>, %arg4: tensor<i32>):
      %cst = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<bf16>}> : () -> tensor<bf16>
      %2 = "stablehlo.compare"(%arg1, %cst) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
      %cst_0 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<bf16>}> : () -> tensor<bf16>
      %3 = "stablehlo.select"(%2, %cst_0, %arg1) : (tensor<i1>, tensor<bf16>, tensor<bf16>) -> tensor<bf16>
      %4 = "stablehlo.compare"(%arg1, %arg1) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
      %cst_1 = "stablehlo.constant"() <{value = dense<0x7FC0> : tensor<bf16>}> : () -> tensor<bf16>
      %5 = "stablehlo.select"(%4, %cst_1, %3) : (tensor<i1>, tensor<bf16>, tensor<bf16>) -> tensor<bf16>
      %cst_2 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<bf16>}> : () -> tensor<bf16>
      %6 = "stablehlo.compare"(%arg2, %cst_2) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
      %cst_3 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<bf16>}> : () -> tensor<bf16>
      %7 = "stablehlo.select"(%6, %cst_3, %arg2) : (tensor<i1>, tensor<bf16>, tensor<bf16>) -> tensor<bf16>
      %8 = "stablehlo.compare"(%arg2, %arg2) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
      %cst_4 = "stablehlo.constant"() <{value = dense<0x7FC0> : tensor<bf16>}> : () -> tensor<bf16>
      %9 = "stablehlo.select"(%8, %cst_4, %7) : (tensor<i1>, tensor<bf16>, tensor<bf16>) -> tensor<bf16>
      %10 = "stablehlo.compare"(%5, %9) <{compare_type = #stablehlo<comparison_type TOTALORDER>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
      "stablehlo.return"(%10) : (tensor<i1>) -> ()
    }) : (tensor<2x4x37xbf16>, tensor<2x4x37xi32>) -> (tensor<2x4x37xbf16>, tensor<2x4x37xi32>)
    "func.return"(%1#1) : (tensor<2x4x37xi32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<2x4x37xbf16>, tensor<2x4x37xi32>) -> tensor<2x4x37xbf16>, sym_name = "take_along_axis", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<2x4x37xbf16>, %arg1: tensor<2x4x37xi32>):
    %c = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %0 = "stablehlo.broadcast_in_dim"(%c) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<2x4x37xi32>
    %1 = "stablehlo.compare"(%arg1, %0) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<2x4x37xi32>, tensor<2x4x37xi32>) -> tensor<2x4x37xi1>
    %c_0 = "stablehlo.constant"() <{value = dense<37> : tensor<i32>}> : () -> tensor<i32>
    %2 = "stablehlo.broadcast_in_dim"(%c_0) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<2x4x37xi32>
    %3 = "stablehlo.add"(%arg1, %2) : (tensor<2x4x37xi32>, tensor<2x4x37xi32>) -> tensor<2x4x37xi32>
    %4 = "stablehlo.select"(%1, %3, %arg1) : (tensor<2x4x37xi1>, tensor<2x4x37xi32>, tensor<2x4x37xi32>) -> tensor<2x4x37xi32>
    %5 = "stablehlo.reshape"(%4) : (tensor<2x4x37xi32>) -> tensor<2x4x37x1xi32>
    %c_1 = "stablehlo.constant"() <{value = dense<36> : tensor<1xi32>}> : () -> tensor<1xi32>
    %c_2 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %6 = "stablehlo.broadcast_in_dim"(%c_2) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<2x4x37x1xi32>
    %7 = "stablehlo.compare"(%5, %6) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<2x4x37x1xi32>, tensor<2x4x37x1xi32>) -> tensor<2x4x37x1xi1>
    %8 = "stablehlo.broadcast_in_dim"(%c_1) <{broadcast_dimensions = array<i64: 3>}> : (tensor<1xi32>) -> tensor<1x1x1x1xi32>
    %9 = "stablehlo.broadcast_in_dim"(%8) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x1x1x1xi32>) -> tensor<2x4x37x1xi32>
    %10 = "stablehlo.compare"(%5, %9) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}> : (tensor<2x4x37x1xi32>, tensor<2x4x37x1xi32>) -> tensor<2x4x37x1xi1>
    %11 = "stablehlo.and"(%7, %10) : (tensor<2x4x37x1xi1>, tensor<2x4x37x1xi1>) -> tensor<2x4x37x1xi1>
    %c_3 = "stablehlo.constant"() <{value = dense<true> : tensor<i1>}> : () -> tensor<i1>
    %12 = "stablehlo.reduce"(%11, %c_3) <{dimensions = array<i64: 3>}> ({
    ^bb0(%arg2: tensor<i1>, %arg3: tensor<i1>):
      %13 = "stablehlo.and"(%arg2, %arg3) : (tensor<i1>, tensor<i1>) -> tensor<i1>
      "stablehlo.return"(%13) : (tensor<i1>) -> ()
    }) : (tensor<2x4x37x1xi1>, tensor<i1>) -> tensor<2x4x37xi1>
    %13 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [2], operand_batching_dims = [0, 1], start_indices_batching_dims = [0, 1], start_index_map = [2], index_vector_dim = 3>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 1>}> : (tensor<2x4x37xbf16>, tensor<2x4x37x1xi32>) -> tensor<2x4x37xbf16>
    %cst = "stablehlo.constant"() <{value = dense<0x7FC0> : tensor<bf16>}> : () -> tensor<bf16>
    %14 = "stablehlo.broadcast_in_dim"(%cst) <{broadcast_dimensions = array<i64>}> : (tensor<bf16>) -> tensor<2x4x37xbf16>
    %15 = "stablehlo.select"(%12, %13, %14) : (tensor<2x4x37xi1>, tensor<2x4x37xbf16>, tensor<2x4x37xbf16>) -> tensor<2x4x37xbf16>
    "func.return"(%15) : (tensor<2x4x37xbf16>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
