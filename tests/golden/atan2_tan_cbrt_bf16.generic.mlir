"builtin.module"() <{sym_name = "jit_ungated_functions"}> ({
  "func.func"() <{function_type = (tensor<3x40xbf16>, tensor<3x40xbf16>) -> (tensor<3x40xbf16>, tensor<3x40xbf16>, tensor<3x40xbf16>), res_attrs = [{jax.result_info = "result[0]"}, {jax.result_info = "result[1]"}, {jax.result_info = "result[2]"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<3x40xbf16>, %arg1: tensor<3x40xbf16>):
    %0 = "stablehlo.atan2"(%arg1, %arg0) : (tensor<3x40xbf16>, tensor<3x40xbf16>) -> tensor<3x40xbf16>
    %1 = "stablehlo.tan"(%arg0) : (tensor<3x40xbf16>) -> tensor<3x40xbf16>
    %2 = "stablehlo.cbrt"(%arg1) : (tensor<3x40xbf16>) -> tensor<3x40xbf16>
    "func.return"(%0, %1, %2) : (tensor<3x40xbf16>, tensor<3x40xbf16>, tensor<3x40xbf16>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
