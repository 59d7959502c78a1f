"builtin.module"() <{sym_name = "jit_cond_switch_f32"}> ({
  "func.func"() <{function_type = (tensor<i1>, tensor<i32>, tensor<4x4xf32>) -> tensor<4x4xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<i1>, %arg1: tensor<i32>, %arg2: tensor<4x4xf32>):
    %0 = "stablehlo.convert"(%arg0) : (tensor<i1>) -> tensor<i32>
    %1 = "stablehlo.case"(%0) ({
      %4 = "stablehlo.cosine"(%arg2) : (tensor<4x4xf32>) -> tensor<4x4xf32>
      "stablehlo.return"(%4) : (tensor<4x4xf32>) -> ()
    }, {
      %4 = "stablehlo.sine"(%arg2) : (tensor<4x4xf32>) -> tensor<4x4xf32>
      "stablehlo.return"(%4) : (tensor<4x4xf32>) -> ()
    }) : (tensor<i32>) -> tensor<4x4xf32>
    %c = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %c_0 = "stablehlo.constant"() <{value = dense<2> : tensor<i32>}> : () -> tensor<i32>
    %2 = "stablehlo.clamp"(%c, %arg1, %c_0) : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %3 = "stablehlo.case"(%2) ({
      %4 = "stablehlo.exponential"(%1) : (tensor<4x4xf32>) -> tensor<4x4xf32>
      "stablehlo.return"(%4) : (tensor<4x4xf32>) -> ()
    }, {
      %4 = "stablehlo.tanh"(%1) : (tensor<4x4xf32>) -> tensor<4x4xf32>
      "stablehlo.return"(%4) : (tensor<4x4xf32>) -> ()
    }, {
      %cst = "stablehlo.constant"() <{value = dense<2.000000e+00> : tensor<f32>}> : () -> tensor<f32>
      %4 = "stablehlo.broadcast_in_dim"(%cst) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x4xf32>
      %5 = "stablehlo.multiply"(%1, %4) : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
      "stablehlo.return"(%5) : (tensor<4x4xf32>) -> ()
    }) : (tensor<i32>) -> tensor<4x4xf32>
    "func.return"(%3) : (tensor<4x4xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
