"builtin.module"() <{sym_name = "jit_reduce_precision_f32"}> ({
  "func.func"() <{function_type = (tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>), res_attrs = [{jax.result_info = "result[0]"}, {jax.result_info = "result[1]"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<4x8xf32>):
    %0 = "stablehlo.reduce_precision"(%arg0) <{exponent_bits = 5 : i32, mantissa_bits = 10 : i32}> : (tensor<4x8xf32>) -> tensor<4x8xf32>
    %1 = "stablehlo.reduce_precision"(%arg0) <{exponent_bits = 8 : i32, mantissa_bits = 7 : i32}> : (tensor<4x8xf32>) -> tensor<4x8xf32>
    "func.return"(%0, %1) : (tensor<4x8xf32>, tensor<4x8xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
