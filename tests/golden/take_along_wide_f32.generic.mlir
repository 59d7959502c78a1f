"builtin.module"() <{sym_name = "jit_take_along"}> ({
  "func.func"() <{function_type = (tensor<600x40xf32>, tensor<600x700xi32>) -> tensor<600x700xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<600x40xf32>, %arg1: tensor<600x700xi32>):
    %0 = "func.call"(%arg0, %arg1) <{callee = @take_along_axis}> : (tensor<600x40xf32>, tensor<600x700xi32>) -> tensor<600x700xf32>
    "func.return"(%0) : (tensor<600x700xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<600x40xf32>, tensor<600x700xi32>) -> tensor<600x700xf32>, sym_name = "take_along_axis", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<600x40xf32>, %arg1: tensor<600x700xi32>):
    %c = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %0 = "stablehlo.broadcast_in_dim"(%c) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<600x700xi32>
    %1 = "stablehlo.compare"(%arg1, %0) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<600x700xi32>, tensor<600x700xi32>) -> tensor<600x700xi1>
    %c_0 = "stablehlo.constant"() <{value = dense<40> : tensor<i32>}> : () -> tensor<i32>
    %2 = "stablehlo.broadcast_in_dim"(%c_0) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<600x700xi32>
    %3 = "stablehlo.add"(%arg1, %2) : (tensor<600x700xi32>, tensor<600x700xi32>) -> tensor<600x700xi32>
    %4 = "stablehlo.select"(%1, %3, %arg1) : (tensor<600x700xi1>, tensor<600x700xi32>, tensor<600x700xi32>) -> tensor<600x700xi32>
    %5 = "stablehlo.reshape"(%4) : (tensor<600x700xi32>) -> tensor<600x700x1xi32>
    %c_1 = "stablehlo.constant"() <{value = dense<39> : tensor<1xi32>}> : () -> tensor<1xi32>
    %c_2 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %6 = "stablehlo.broadcast_in_dim"(%c_2) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<600x700x1xi32>
    %7 = "stablehlo.compare"(%5, %6) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<600x700x1xi32>, tensor<600x700x1xi32>) -> tensor<600x700x1xi1>
    %8 = "stablehlo.broadcast_in_dim"(%c_1) <{broadcast_dimensions = array<i64: 2>}> : (tensor<1xi32>) -> tensor<1x1x1xi32>
    %9 = "stablehlo.broadcast_in_dim"(%8) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x1xi32>) -> tensor<600x700x1xi32>
    %10 = "stablehlo.compare"(%5, %9) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}> : (tensor<600x700x1xi32>, tensor<600x700x1xi32>) -> tensor<600x700x1xi1>
    %11 = "stablehlo.and"(%7, %10) : (tensor<600x700x1xi1>, tensor<600x700x1xi1>) -> tensor<600x700x1xi1>
    %c_3 = "stablehlo.constant"() <{value = dense<true> : tensor<i1>}> : () -> tensor<i1>
    %12 = "stablehlo.reduce"(%11, %c_3) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg2: tensor<i1>, %arg3: tensor<i1>):
      %13 = "stablehlo.and"(%arg2, %arg3) : (tensor<i1>, tensor<i1>) -> tensor<i1>
      "stablehlo.return"(%13) : (tensor<i1>) -> ()
    }) : (tensor<600x700x1xi1>, tensor<i1>) -> tensor<600x700xi1>
    %13 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> : (tensor<600x40xf32>, tensor<600x700x1xi32>) -> tensor<600x700xf32>
    %cst = "stablehlo.constant"() <{value = dense<0x7FC00000> : tensor<f32>}> : () -> tensor<f32>
    %14 = "stablehlo.broadcast_in_dim"(%cst) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<600x700xf32>
    %15 = "stablehlo.select"(%12, %13, %14) : (tensor<600x700xi1>, tensor<600x700xf32>, tensor<600x700xf32>) -> tensor<600x700xf32>
    "func.return"(%15) : (tensor<600x700xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
