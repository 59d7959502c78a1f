"builtin.module"() <{sym_name = "jit_top_k_f32"}> ({
  "func.func"() <{function_type = (tensor<4x8xf32>) -> (tensor<4x3xf32>, tensor<4x3xi32>), res_attrs = [{jax.result_info = "result[0]"}, {jax.result_info = "result[1]"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<4x8xf32>):
    %values, %indices = "chlo.top_k"(%arg0) <{k = 3 : i64}> : (tensor<4x8xf32>) -> (tensor<4x3xf32>, tensor<4x3xi32>)
    "func.return"(%values, %indices) : (tensor<4x3xf32>, tensor<4x3xi32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
