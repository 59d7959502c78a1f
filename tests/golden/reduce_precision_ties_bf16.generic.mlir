"builtin.module"() <{sym_name = "jit_reduce_precision_ties_bf16"}> ({
  "func.func"() <{function_type = (tensor<2x8xbf16>) -> (tensor<3x8xbf16>, tensor<3x8xbf16>, tensor<3x8xbf16>), res_attrs = [{jax.result_info = "result[0]"}, {jax.result_info = "result[1]"}, {jax.result_info = "result[2]"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<2x8xbf16>):
    %cst = "stablehlo.constant"() <{value = dense<[1.500000e+00, 3.000000e+00, 6.000000e+00, -1.200000e+01, 2.793970e-09, 7.500000e-01, 9.600000e+01, 0.000000e+00]> : tensor<8xbf16>}> : () -> tensor<8xbf16>
    %0 = "stablehlo.broadcast_in_dim"(%cst) <{broadcast_dimensions = array<i64: 1>}> : (tensor<8xbf16>) -> tensor<1x8xbf16>
    %1 = "stablehlo.concatenate"(%arg0, %0) <{dimension = 0 : i64}> : (tensor<2x8xbf16>, tensor<1x8xbf16>) -> tensor<3x8xbf16>
    %2 = "stablehlo.reduce_precision"(%1) <{exponent_bits = 6 : i32, mantissa_bits = 0 : i32}> : (tensor<3x8xbf16>) -> tensor<3x8xbf16>
    %3 = "stablehlo.reduce_precision"(%1) <{exponent_bits = 5 : i32, mantissa_bits = 2 : i32}> : (tensor<3x8xbf16>) -> tensor<3x8xbf16>
    %4 = "stablehlo.reduce_precision"(%1) <{exponent_bits = 8 : i32, mantissa_bits = 23 : i32}> : (tensor<3x8xbf16>) -> tensor<3x8xbf16>
    "func.return"(%2, %3, %4) : (tensor<3x8xbf16>, tensor<3x8xbf16>, tensor<3x8xbf16>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
