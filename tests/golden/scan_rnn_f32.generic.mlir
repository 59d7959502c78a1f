"builtin.module"() <{sym_name = "jit_scan_rnn_f32"}> ({
  "func.func"() <{function_type = (tensor<4x16xf32>, tensor<6x4x16xf32>, tensor<16x16xf32>) -> (tensor<4x16xf32>, tensor<6x4x16xf32>), res_attrs = [{jax.result_info = "result[0]"}, {jax.result_info = "result[1]"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<4x16xf32>, %arg1: tensor<6x4x16xf32>, %arg2: tensor<16x16xf32>):
    %cst = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %0 = "stablehlo.broadcast_in_dim"(%cst) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<6x4x16xf32>
    %c = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %1:5 = "stablehlo.while"(%arg1, %arg2, %c, %arg0, %0) ({
    ^bb0(%iterArg: tensor<6x4x16xf32>, %iterArg_0: tensor<16x16xf32>, %iterArg_1: tensor<i32>, %iterArg_2: tensor<4x16xf32>, %iterArg_3: tensor<6x4x16xf32>):
      %c_4 = "stablehlo.constant"() <{value = dense<6> : tensor<i32>}> : () -> tensor<i32>
      %2 = "stablehlo.compare"(%iterArg_1, %c_4) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
      "stablehlo.return"(%2) : (tensor<i1>) -> ()
    }, {
    ^bb0(%iterArg: tensor<6x4x16xf32>, %iterArg_0: tensor<16x16xf32>, %iterArg_1: tensor<i32>, %iterArg_2: tensor<4x16xf32>, %iterArg_3: tensor<6x4x16xf32>):
      %2 = "func.call"(%iterArg, %iterArg_1) <{callee = @dynamic_index_in_dim}> : (tensor<6x4x16xf32>, tensor<i32>) -> tensor<4x16xf32>
      %3:2 = "func.call"(%iterArg_0, %iterArg_2, %2) <{callee = @closed_call}> : (tensor<16x16xf32>, tensor<4x16xf32>, tensor<4x16xf32>) -> (tensor<4x16xf32>, tensor<4x16xf32>)
      %4 = "func.call"(%iterArg_3, %3#1, %iterArg_1) <{callee = @dynamic_update_index_in_dim}> : (tensor<6x4x16xf32>, tensor<4x16xf32>, tensor<i32>) -> tensor<6x4x16xf32>
      %c_4 = "stablehlo.constant"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
      %5 = "stablehlo.add"(%iterArg_1, %c_4) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      "stablehlo.return"(%iterArg, %iterArg_0, %5, %3#0, %4) : (tensor<6x4x16xf32>, tensor<16x16xf32>, tensor<i32>, tensor<4x16xf32>, tensor<6x4x16xf32>) -> ()
    }) : (tensor<6x4x16xf32>, tensor<16x16xf32>, tensor<i32>, tensor<4x16xf32>, tensor<6x4x16xf32>) -> (tensor<6x4x16xf32>, tensor<16x16xf32>, tensor<i32>, tensor<4x16xf32>, tensor<6x4x16xf32>)
    "func.return"(%1#3, %1#4) : (tensor<4x16xf32>, tensor<6x4x16xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<6x4x16xf32>, tensor<i32>) -> tensor<4x16xf32>, sym_name = "dynamic_index_in_dim", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<6x4x16xf32>, %arg1: tensor<i32>):
    %c = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %c_0 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %0 = "stablehlo.dynamic_slice"(%arg0, %arg1, %c, %c_0) <{slice_sizes = array<i64: 1, 4, 16>}> : (tensor<6x4x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x4x16xf32>
    %1 = "stablehlo.reshape"(%0) : (tensor<1x4x16xf32>) -> tensor<4x16xf32>
    "func.return"(%1) : (tensor<4x16xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<16x16xf32>, tensor<4x16xf32>, tensor<4x16xf32>) -> (tensor<4x16xf32>, tensor<4x16xf32>), sym_name = "closed_call", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<16x16xf32>, %arg1: tensor<4x16xf32>, %arg2: tensor<4x16xf32>):
    %0 = "stablehlo.dot_general"(%arg1, %arg0) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16xf32>, tensor<16x16xf32>) -> tensor<4x16xf32>
    %1 = "stablehlo.add"(%0, %arg2) : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
    %2 = "stablehlo.tanh"(%1) : (tensor<4x16xf32>) -> tensor<4x16xf32>
    "func.return"(%2, %2) : (tensor<4x16xf32>, tensor<4x16xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<6x4x16xf32>, tensor<4x16xf32>, tensor<i32>) -> tensor<6x4x16xf32>, sym_name = "dynamic_update_index_in_dim", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<6x4x16xf32>, %arg1: tensor<4x16xf32>, %arg2: tensor<i32>):
    %0 = "stablehlo.broadcast_in_dim"(%arg1) <{broadcast_dimensions = array<i64: 1, 2>}> : (tensor<4x16xf32>) -> tensor<1x4x16xf32>
    %c = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %c_0 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %1 = "stablehlo.dynamic_update_slice"(%arg0, %0, %arg2, %c, %c_0) : (tensor<6x4x16xf32>, tensor<1x4x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<6x4x16xf32>
    "func.return"(%1) : (tensor<6x4x16xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
