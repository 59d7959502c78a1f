"builtin.module"() <{sym_name = "jit_reduce_forms"}> ({
  "func.func"() <{function_type = (tensor<7x4x3xf32>, tensor<5x9xi32>) -> (tensor<4x3xi32>, tensor<5xi32>, tensor<5xi32>, tensor<7x4xi32>, tensor<7x3xf32>, tensor<5x9xi32>), res_attrs = [{jax.result_info = "result[0]"}, {jax.result_info = "result[1]"}, {jax.result_info = "result[2]"}, {jax.result_info = "result[3]"}, {jax.result_info = "result[4]"}, {jax.result_info = "result[5]"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<7x4x3xf32>, %arg1: tensor<5x9xi32>):
    %0 = "func.call"(%arg0) <{callee = @argmax}> : (tensor<7x4x3xf32>) -> tensor<4x3xi32>
    %c = "stablehlo.constant"() <{value = dense<-2147483648> : tensor<i32>}> : () -> tensor<i32>
    %1 = "stablehlo.reduce"(%arg1, %c) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg2: tensor<i32>, %arg3: tensor<i32>):
      %2 = "stablehlo.maximum"(%arg2, %arg3) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      "stablehlo.return"(%2) : (tensor<i32>) -> ()
    }) : (tensor<5x9xi32>, tensor<i32>) -> tensor<5xi32>
    %c_0 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %2 = "stablehlo.reduce"(%arg1, %c_0) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg2: tensor<i32>, %arg3: tensor<i32>):
      %3 = "stablehlo.add"(%arg2, %arg3) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      "stablehlo.return"(%3) : (tensor<i32>) -> ()
    }) : (tensor<5x9xi32>, tensor<i32>) -> tensor<5xi32>
    %c_1 = "stablehlo.constant"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
    %3 = "stablehlo.broadcast_in_dim"(%c_1) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<5xi32>
    %4 = "stablehlo.add"(%3, %2) : (tensor<5xi32>, tensor<5xi32>) -> tensor<5xi32>
    %5 = "stablehlo.slice"(%arg0) <{limit_indices = array<i64: 7, 4, 1>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>}> : (tensor<7x4x3xf32>) -> tensor<7x4x1xf32>
    %6 = "stablehlo.reshape"(%5) : (tensor<7x4x1xf32>) -> tensor<7x4xf32>
    %7 = "func.call"(%6) <{callee = @argsort}> : (tensor<7x4xf32>) -> tensor<7x4xi32>
    %8 = "stablehlo.slice"(%arg0) <{limit_indices = array<i64: 7, 1, 3>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>}> : (tensor<7x4x3xf32>) -> tensor<7x1x3xf32>
    %9 = "stablehlo.reshape"(%8) : (tensor<7x1x3xf32>) -> tensor<7x3xf32>
    %10 = "func.call"(%9) <{callee = @sort}> : (tensor<7x3xf32>) -> tensor<7x3xf32>
    %11 = "func.call"(%arg1) <{callee = @sort_0}> : (tensor<5x9xi32>) -> tensor<5x9xi32>
    "func.return"(%0, %1, %4, %7, %10, %11) : (tensor<4x3xi32>, tensor<5xi32>, tensor<5xi32>, tensor<7x4xi32>, tensor<7x3xf32>, tensor<5x9xi32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<7x4x3xf32>) -> tensor<4x3xi32>, sym_name = "argmax", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<7x4x3xf32>):
    %0 = "stablehlo.iota"() <{iota_dimension = 0 : i64}> : () -> tensor<7x4x3xi32>
    %cst = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %c = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %1:2 = "stablehlo.reduce"(%arg0, %0, %cst, %c) <{dimensions = array<i64: 0>}> ({
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
    }) : (tensor<7x4x3xf32>, tensor<7x4x3xi32>, tensor<f32>, tensor<i32>) -> (tensor<4x3xf32>, tensor<4x3xi32>)
    "func.return"(%1#1) : (tensor<4x3xi32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<7x4xf32>) -> tensor<7x4xi32>, sym_name = "argsort", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<7x4xf32>):
    %0 = "stablehlo.iota"() <{iota_dimension = 0 : i64}> : () -> tensor<7x4xi32>
    %1:2 = "stablehlo.sort"(%arg0, %0) <{dimension = 0 : i64, is_stable = true}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>, %arg3: tensor<i32>, %arg4: tensor<i32>):
      %cst = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
      %2 = "stablehlo.compare"(%arg1, %cst) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_0 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
      %3 = "stablehlo.select"(%2, %cst_0, %arg1) : (tensor<i1>, tensor<f32>, tensor<f32>) -> tensor<f32>
      %4 = "stablehlo.compare"(%arg1, %arg1) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_1 = "stablehlo.constant"() <{value = dense<0x7FC00000> : tensor<f32>}> : () -> tensor<f32>
      %5 = "stablehlo.select"(%4, %cst_1, %3) : (tensor<i1>, tensor<f32>, tensor<f32>) -> tensor<f32>
      %cst_2 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
      %6 = "stablehlo.compare"(%arg2, %cst_2) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_3 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
      %7 = "stablehlo.select"(%6, %cst_3, %arg2) : (tensor<i1>, tensor<f32>, tensor<f32>) -> tensor<f32>
      %8 = "stablehlo.compare"(%arg2, %arg2) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_4 = "stablehlo.constant"() <{value = dense<0x7FC00000> : tensor<f32>}> : () -> tensor<f32>
      %9 = "stablehlo.select"(%8, %cst_4, %7) : (tensor<i1>, tensor<f32>, tensor<f32>) -> tensor<f32>
      %10 = "stablehlo.compare"(%5, %9) <{compare_type = #stablehlo<comparison_type TOTALORDER>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<f32>, tensor<f32>) -> tensor<i1>
      "stablehlo.return"(%10) : (tensor<i1>) -> ()
    }) : (tensor<7x4xf32>, tensor<7x4xi32>) -> (tensor<7x4xf32>, tensor<7x4xi32>)
    "func.return"(%1#1) : (tensor<7x4xi32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<7x3xf32>) -> tensor<7x3xf32>, sym_name = "sort", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<7x3xf32>):
    %0 = "stablehlo.sort"(%arg0) <{dimension = 0 : i64, is_stable = true}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %cst = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
      %1 = "stablehlo.compare"(%arg1, %cst) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_0 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
      %2 = "stablehlo.select"(%1, %cst_0, %arg1) : (tensor<i1>, tensor<f32>, tensor<f32>) -> tensor<f32>
      %3 = "stablehlo.compare"(%arg1, %arg1) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_1 = "stablehlo.constant"() <{value = dense<0x7FC00000> : tensor<f32>}> : () -> tensor<f32>
      %4 = "stablehlo.select"(%3, %cst_1, %2) : (tensor<i1>, tensor<f32>, tensor<f32>) -> tensor<f32>
      %cst_2 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
      %5 = "stablehlo.compare"(%arg2, %cst_2) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_3 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
      %6 = "stablehlo.select"(%5, %cst_3, %arg2) : (tensor<i1>, tensor<f32>, tensor<f32>) -> tensor<f32>
      %7 = "stablehlo.compare"(%arg2, %arg2) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_4 = "stablehlo.constant"() <{value = dense<0x7FC00000> : tensor<f32>}> : () -> tensor<f32>
      %8 = "stablehlo.select"(%7, %cst_4, %6) : (tensor<i1>, tensor<f32>, tensor<f32>) -> tensor<f32>
      %9 = "stablehlo.compare"(%4, %8) <{compare_type = #stablehlo<comparison_type TOTALORDER>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<f32>, tensor<f32>) -> tensor<i1>
      "stablehlo.return"(%9) : (tensor<i1>) -> ()
    }) : (tensor<7x3xf32>) -> tensor<7x3xf32>
    "func.return"(%0) : (tensor<7x3xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<5x9xi32>) -> tensor<5x9xi32>, sym_name = "sort_0", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<5x9xi32>):
    %0 = "stablehlo.sort"(%arg0) <{dimension = 0 : i64, is_stable = true}> ({
    ^bb0(%arg1: tensor<i32>, %arg2: tensor<i32>):
      %1 = "stablehlo.compare"(%arg1, %arg2) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
      "stablehlo.return"(%1) : (tensor<i1>) -> ()
    }) : (tensor<5x9xi32>) -> tensor<5x9xi32>
    "func.return"(%0) : (tensor<5x9xi32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
