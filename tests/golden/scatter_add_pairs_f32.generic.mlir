"builtin.module"() <{sym_name = "jit__lambda"}> ({
  "func.func"() <{function_type = (tensor<6x130xf32>, tensor<200xi32>, tensor<200xi32>, tensor<200xf32>) -> tensor<6x130xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<6x130xf32>, %arg1: tensor<200xi32>, %arg2: tensor<200xi32>, %arg3: tensor<200xf32>):
    %c = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %0 = "stablehlo.broadcast_in_dim"(%c) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<200xi32>
    %1 = "stablehlo.compare"(%arg1, %0) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<200xi32>, tensor<200xi32>) -> tensor<200xi1>
    %c_0 = "stablehlo.constant"() <{value = dense<6> : tensor<i32>}> : () -> tensor<i32>
    %2 = "stablehlo.broadcast_in_dim"(%c_0) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<200xi32>
    %3 = "stablehlo.add"(%arg1, %2) : (tensor<200xi32>, tensor<200xi32>) -> tensor<200xi32>
    %4 = "stablehlo.select"(%1, %3, %arg1) : (tensor<200xi1>, tensor<200xi32>, tensor<200xi32>) -> tensor<200xi32>
    %c_1 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %5 = "stablehlo.broadcast_in_dim"(%c_1) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<200xi32>
    %6 = "stablehlo.compare"(%arg2, %5) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<200xi32>, tensor<200xi32>) -> tensor<200xi1>
    %c_2 = "stablehlo.constant"() <{value = dense<130> : tensor<i32>}> : () -> tensor<i32>
    %7 = "stablehlo.broadcast_in_dim"(%c_2) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<200xi32>
    %8 = "stablehlo.add"(%arg2, %7) : (tensor<200xi32>, tensor<200xi32>) -> tensor<200xi32>
    %9 = "stablehlo.select"(%6, %8, %arg2) : (tensor<200xi1>, tensor<200xi32>, tensor<200xi32>) -> tensor<200xi32>
    %10 = "stablehlo.broadcast_in_dim"(%4) <{broadcast_dimensions = array<i64: 0>}> : (tensor<200xi32>) -> tensor<200x1xi32>
    %11 = "stablehlo.broadcast_in_dim"(%9) <{broadcast_dimensions = array<i64: 0>}> : (tensor<200xi32>) -> tensor<200x1xi32>
    %12 = "stablehlo.concatenate"(%10, %11) <{dimension = 1 : i64}> : (tensor<200x1xi32>, tensor<200x1xi32>) -> tensor<200x2xi32>
    %13 = "stablehlo.scatter"(%arg0, %12, %arg3) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg4: tensor<f32>, %arg5: tensor<f32>):
      %14 = "stablehlo.add"(%arg4, %arg5) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%14) : (tensor<f32>) -> ()
    }) : (tensor<6x130xf32>, tensor<200x2xi32>, tensor<200xf32>) -> tensor<6x130xf32>
    "func.return"(%13) : (tensor<6x130xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
