"builtin.module"() <{sym_name = "jit_rng_bit_generator_u32"}> ({
  "func.func"() <{function_type = (tensor<4xui32>) -> (tensor<4xui32>, tensor<4x8xui32>), res_attrs = [{jax.result_info = "result[0]"}, {jax.result_info = "result[1]"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<4xui32>):
    %0 = "stablehlo.reshape"(%arg0) : (tensor<4xui32>) -> tensor<2x2xui32>
    %1 = "stablehlo.bitcast_convert"(%0) : (tensor<2x2xui32>) -> tensor<2xui64>
    %output_state, %output = "stablehlo.rng_bit_generator"(%1) <{rng_algorithm = #stablehlo<rng_algorithm DEFAULT>}> : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4x8xui32>)
    %2 = "stablehlo.bitcast_convert"(%output_state) : (tensor<2xui64>) -> tensor<2x2xui32>
    %3 = "stablehlo.reshape"(%2) : (tensor<2x2xui32>) -> tensor<4xui32>
    "func.return"(%3, %output) : (tensor<4xui32>, tensor<4x8xui32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
