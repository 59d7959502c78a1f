"builtin.module"() <{sym_name = "jit_gelu_tanh_f32"}> ({
  "func.func"() <{function_type = (tensor<8x32xf32>) -> tensor<8x32xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<8x32xf32>):
    %0 = "stablehlo.multiply"(%arg0, %arg0) : (tensor<8x32xf32>, tensor<8x32xf32>) -> tensor<8x32xf32>
    %1 = "stablehlo.multiply"(%0, %arg0) : (tensor<8x32xf32>, tensor<8x32xf32>) -> tensor<8x32xf32>
    %cst = "stablehlo.constant"() <{value = dense<4.471500e-02> : tensor<f32>}> : () -> tensor<f32>
    %2 = "stablehlo.broadcast_in_dim"(%cst) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x32xf32>
    %3 = "stablehlo.multiply"(%2, %1) : (tensor<8x32xf32>, tensor<8x32xf32>) -> tensor<8x32xf32>
    %4 = "stablehlo.add"(%arg0, %3) : (tensor<8x32xf32>, tensor<8x32xf32>) -> tensor<8x32xf32>
    %cst_0 = "stablehlo.constant"() <{value = dense<0.797884583> : tensor<f32>}> : () -> tensor<f32>
    %5 = "stablehlo.broadcast_in_dim"(%cst_0) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x32xf32>
    %6 = "stablehlo.multiply"(%5, %4) : (tensor<8x32xf32>, tensor<8x32xf32>) -> tensor<8x32xf32>
    %7 = "stablehlo.tanh"(%6) : (tensor<8x32xf32>) -> tensor<8x32xf32>
    %cst_1 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %8 = "stablehlo.broadcast_in_dim"(%cst_1) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x32xf32>
    %9 = "stablehlo.add"(%8, %7) : (tensor<8x32xf32>, tensor<8x32xf32>) -> tensor<8x32xf32>
    %cst_2 = "stablehlo.constant"() <{value = dense<5.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %10 = "stablehlo.broadcast_in_dim"(%cst_2) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x32xf32>
    %11 = "stablehlo.multiply"(%10, %9) : (tensor<8x32xf32>, tensor<8x32xf32>) -> tensor<8x32xf32>
    %12 = "stablehlo.multiply"(%arg0, %11) : (tensor<8x32xf32>, tensor<8x32xf32>) -> tensor<8x32xf32>
    "func.return"(%12) : (tensor<8x32xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
