"builtin.module"() <{sym_name = "jit__lambda"}> ({
  "func.func"() <{function_type = (tensor<300x130xi32>) -> (tensor<300x5xf32>, tensor<300x5xi32>), res_attrs = [{jax.result_info = "result[0]"}, {jax.result_info = "result[1]"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<300x130xi32>):
    %0 = "stablehlo.convert"(%arg0) : (tensor<300x130xi32>) -> tensor<300x130xf32>
    %values, %indices = "chlo.top_k"(%0) <{k = 5 : i64}> : (tensor<300x130xf32>) -> (tensor<300x5xf32>, tensor<300x5xi32>)
    "func.return"(%values, %indices) : (tensor<300x5xf32>, tensor<300x5xi32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
