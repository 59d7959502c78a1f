"builtin.module"() <{sym_name = "jit__lambda"}> ({
  "func.func"() <{function_type = (tensor<300x130xi32>) -> tensor<300xi32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<300x130xi32>):
    %0 = "stablehlo.convert"(%arg0) : (tensor<300x130xi32>) -> tensor<300x130xf32>
    %1 = "func.call"(%0) <{callee = @argmin}> : (tensor<300x130xf32>) -> tensor<300xi32>
    "func.return"(%1) : (tensor<300xi32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<300x130xf32>) -> tensor<300xi32>, sym_name = "argmin", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<300x130xf32>):
    %0 = "stablehlo.iota"() <{iota_dimension = 1 : i64}> : () -> tensor<300x130xi32>
    %cst = "stablehlo.constant"() <{value = dense<0x7F800000> : tensor<f32>}> : () -> tensor<f32>
    %c = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %1:2 = "stablehlo.reduce"(%arg0, %0, %cst, %c) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<i32>, %arg3: tensor<f32>, %arg4: tensor<i32>):
      %2 = "stablehlo.compare"(%arg1, %arg3) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %3 = "stablehlo.compare"(%arg1, %arg1) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %4 = "stablehlo.or"(%2, %3) : (tensor<i1>, tensor<i1>) -> tensor<i1>
      %5 = "stablehlo.compare"(%arg1, %arg3) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %6 = "stablehlo.compare"(%arg2, %arg4) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %7 = "stablehlo.and"(%5, %6) : (tensor<i1>, tensor<i1>) -> tensor<i1>
      %8 = "stablehlo.or"(%4, %7) : (tensor<i1>, tensor<i1>) -> tensor<i1>
      %9 = "stablehlo.select"(%4, %arg1, %arg3) : (tensor<i1>, tensor<f32>, tensor<f32>) -> tensor<f32>
      %10 = "stablehlo.select"(%8, %arg2, %arg4) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
      "stablehlo.return"(%9, %10) : (tensor<f32>, tensor<i32>) -> ()
    }) : (tensor<300x130xf32>, tensor<300x130xi32>, tensor<f32>, tensor<i32>) -> (tensor<300xf32>, tensor<300xi32>)
    "func.return"(%1#1) : (tensor<300xi32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
