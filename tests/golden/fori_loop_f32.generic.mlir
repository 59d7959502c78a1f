"builtin.module"() <{sym_name = "jit_fori_loop_f32"}> ({
  "func.func"() <{function_type = (tensor<4x8xf32>) -> tensor<4x8xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<4x8xf32>):
    %c = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %c_0 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %0:3 = "stablehlo.while"(%c_0, %c, %arg0) ({
    ^bb0(%iterArg: tensor<i32>, %iterArg_1: tensor<i32>, %iterArg_2: tensor<4x8xf32>):
      %c_3 = "stablehlo.constant"() <{value = dense<5> : tensor<i32>}> : () -> tensor<i32>
      %1 = "stablehlo.compare"(%iterArg, %c_3) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
      "stablehlo.return"(%1) : (tensor<i1>) -> ()
    }, {
    ^bb0(%iterArg: tensor<i32>, %iterArg_1: tensor<i32>, %iterArg_2: tensor<4x8xf32>):
      %1:2 = "func.call"(%iterArg_1, %iterArg_2) <{callee = @closed_call}> : (tensor<i32>, tensor<4x8xf32>) -> (tensor<i32>, tensor<4x8xf32>)
      %c_3 = "stablehlo.constant"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
      %2 = "stablehlo.add"(%iterArg, %c_3) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      "stablehlo.return"(%2, %1#0, %1#1) : (tensor<i32>, tensor<i32>, tensor<4x8xf32>) -> ()
    }) : (tensor<i32>, tensor<i32>, tensor<4x8xf32>) -> (tensor<i32>, tensor<i32>, tensor<4x8xf32>)
    "func.return"(%0#2) : (tensor<4x8xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<i32>, tensor<4x8xf32>) -> (tensor<i32>, tensor<4x8xf32>), sym_name = "closed_call", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<i32>, %arg1: tensor<4x8xf32>):
    %c = "stablehlo.constant"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
    %0 = "stablehlo.add"(%arg0, %c) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %cst = "stablehlo.constant"() <{value = dense<5.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %1 = "stablehlo.broadcast_in_dim"(%cst) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x8xf32>
    %2 = "stablehlo.multiply"(%1, %arg1) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    %3 = "stablehlo.sine"(%arg1) : (tensor<4x8xf32>) -> tensor<4x8xf32>
    %4 = "stablehlo.add"(%2, %3) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    %5 = "stablehlo.convert"(%arg0) : (tensor<i32>) -> tensor<f32>
    %6 = "stablehlo.broadcast_in_dim"(%5) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x8xf32>
    %7 = "stablehlo.add"(%4, %6) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    "func.return"(%0, %7) : (tensor<i32>, tensor<4x8xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
