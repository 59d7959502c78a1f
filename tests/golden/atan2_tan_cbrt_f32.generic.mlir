"builtin.module"() <{sym_name = "jit_ungated_functions"}> ({
  "func.func"() <{function_type = (tensor<5x130xf32>, tensor<5x130xf32>) -> (tensor<5x130xf32>, tensor<5x130xf32>, tensor<5x130xf32>), res_attrs = [{jax.result_info = "result[0]"}, {jax.result_info = "result[1]"}, {jax.result_info = "result[2]"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<5x130xf32>, %arg1: tensor<5x130xf32>):
    %0 = "stablehlo.atan2"(%arg1, %arg0) : (tensor<5x130xf32>, tensor<5x130xf32>) -> tensor<5x130xf32>
    %1 = "stablehlo.tan"(%arg0) : (tensor<5x130xf32>) -> tensor<5x130xf32>
    %2 = "stablehlo.cbrt"(%arg1) : (tensor<5x130xf32>) -> tensor<5x130xf32>
    "func.return"(%0, %1, %2) : (tensor<5x130xf32>, tensor<5x130xf32>, tensor<5x130xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
