"builtin.module"() <{sym_name = "jit_gelu_erf_f32"}> ({
  "func.func"() <{function_type = (tensor<8x32xf32>) -> tensor<8x32xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<8x32xf32>):
    %cst = "stablehlo.constant"() <{value = dense<5.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %0 = "stablehlo.broadcast_in_dim"(%cst) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x32xf32>
    %1 = "stablehlo.multiply"(%0, %arg0) : (tensor<8x32xf32>, tensor<8x32xf32>) -> tensor<8x32xf32>
    %2 = "stablehlo.negate"(%arg0) : (tensor<8x32xf32>) -> tensor<8x32xf32>
    %cst_0 = "stablehlo.constant"() <{value = dense<0.707106769> : tensor<f32>}> : () -> tensor<f32>
    %3 = "stablehlo.broadcast_in_dim"(%cst_0) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x32xf32>
    %4 = "stablehlo.multiply"(%2, %3) : (tensor<8x32xf32>, tensor<8x32xf32>) -> tensor<8x32xf32>
    %5 = "chlo.erfc"(%4) : (tensor<8x32xf32>) -> tensor<8x32xf32>
    %6 = "stablehlo.multiply"(%1, %5) : (tensor<8x32xf32>, tensor<8x32xf32>) -> tensor<8x32xf32>
    "func.return"(%6) : (tensor<8x32xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
