"builtin.module"() <{sym_name = "jit_log1p_f32"}> ({
  "func.func"() <{function_type = (tensor<8x32xf32>) -> tensor<8x32xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<8x32xf32>):
    %0 = "stablehlo.log_plus_one"(%arg0) : (tensor<8x32xf32>) -> tensor<8x32xf32>
    "func.return"(%0) : (tensor<8x32xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
