"builtin.module"() <{sym_name = "jit_mx_converts"}> ({
  "func.func"() <{function_type = (tensor<6x40xf32>) -> (tensor<6x40xf32>, tensor<6x40xf32>, tensor<6x40xf32>, tensor<6x40xf32>), res_attrs = [{jax.result_info = "result[0]"}, {jax.result_info = "result[1]"}, {jax.result_info = "result[2]"}, {jax.result_info = "result[3]"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<6x40xf32>):
    %0 = "stablehlo.convert"(%arg0) : (tensor<6x40xf32>) -> tensor<6x40xf8E4M3FN>
    %1 = "stablehlo.convert"(%0) : (tensor<6x40xf8E4M3FN>) -> tensor<6x40xf32>
    %2 = "stablehlo.convert"(%arg0) : (tensor<6x40xf32>) -> tensor<6x40xf8E5M2>
    %3 = "stablehlo.convert"(%2) : (tensor<6x40xf8E5M2>) -> tensor<6x40xf32>
    %4 = "stablehlo.convert"(%arg0) : (tensor<6x40xf32>) -> tensor<6x40xf8E8M0FNU>
    %5 = "stablehlo.convert"(%4) : (tensor<6x40xf8E8M0FNU>) -> tensor<6x40xf32>
    %6 = "stablehlo.convert"(%arg0) : (tensor<6x40xf32>) -> tensor<6x40xf4E2M1FN>
    %7 = "stablehlo.convert"(%6) : (tensor<6x40xf4E2M1FN>) -> tensor<6x40xf32>
    "func.return"(%1, %3, %5, %7) : (tensor<6x40xf32>, tensor<6x40xf32>, tensor<6x40xf32>, tensor<6x40xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
