"builtin.module"() <{sym_name = "jit_silu_div_exp_f32"}> ({
  "func.func"() <{function_type = (tensor<8x32xf32>) -> tensor<8x32xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<8x32xf32>):
    %0 = "stablehlo.negate"(%arg0) : (tensor<8x32xf32>) -> tensor<8x32xf32>
    %1 = "stablehlo.exponential"(%0) : (tensor<8x32xf32>) -> tensor<8x32xf32>
    %cst = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %2 = "stablehlo.broadcast_in_dim"(%cst) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x32xf32>
    %3 = "stablehlo.add"(%2, %1) : (tensor<8x32xf32>, tensor<8x32xf32>) -> tensor<8x32xf32>
    %4 = "stablehlo.divide"(%arg0, %3) : (tensor<8x32xf32>, tensor<8x32xf32>) -> tensor<8x32xf32>
    "func.return"(%4) : (tensor<8x32xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
