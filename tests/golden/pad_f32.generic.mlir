"builtin.module"() <{sym_name = "jit_pad_f32"}> ({
  "func.func"() <{function_type = (tensor<4x8xf32>) -> (tensor<7x11xf32>, tensor<7x22xf32>, tensor<6x12xf32>), res_attrs = [{jax.result_info = "result[0]"}, {jax.result_info = "result[1]"}, {jax.result_info = "result[2]"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<4x8xf32>):
    %c = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %0 = "func.call"(%arg0, %c) <{callee = @_pad}> : (tensor<4x8xf32>, tensor<i32>) -> tensor<7x11xf32>
    %cst = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %1 = "stablehlo.pad"(%arg0, %cst) <{edge_padding_high = array<i64: -1, 0>, edge_padding_low = array<i64: 1, 0>, interior_padding = array<i64: 1, 2>}> : (tensor<4x8xf32>, tensor<f32>) -> tensor<7x22xf32>
    %2 = "func.call"(%arg0) <{callee = @_pad_0}> : (tensor<4x8xf32>) -> tensor<6x12xf32>
    "func.return"(%0, %1, %2) : (tensor<7x11xf32>, tensor<7x22xf32>, tensor<6x12xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<4x8xf32>, tensor<i32>) -> tensor<7x11xf32>, sym_name = "_pad", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<4x8xf32>, %arg1: tensor<i32>):
    %0 = "stablehlo.convert"(%arg1) : (tensor<i32>) -> tensor<f32>
    %1 = "stablehlo.pad"(%arg0, %0) <{edge_padding_high = array<i64: 2, 3>, edge_padding_low = array<i64: 1, 0>, interior_padding = array<i64: 0, 0>}> : (tensor<4x8xf32>, tensor<f32>) -> tensor<7x11xf32>
    "func.return"(%1) : (tensor<7x11xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<4x8xf32>) -> tensor<6x12xf32>, sym_name = "_pad_0", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<4x8xf32>):
    %0 = "stablehlo.slice"(%arg0) <{limit_indices = array<i64: 1, 8>, start_indices = array<i64: 0, 0>, strides = array<i64: 1, 1>}> : (tensor<4x8xf32>) -> tensor<1x8xf32>
    %1 = "stablehlo.broadcast_in_dim"(%0) <{broadcast_dimensions = array<i64: 0, 2>}> : (tensor<1x8xf32>) -> tensor<1x1x8xf32>
    %2 = "stablehlo.reshape"(%1) : (tensor<1x1x8xf32>) -> tensor<1x8xf32>
    %3 = "stablehlo.slice"(%arg0) <{limit_indices = array<i64: 4, 8>, start_indices = array<i64: 3, 0>, strides = array<i64: 1, 1>}> : (tensor<4x8xf32>) -> tensor<1x8xf32>
    %4 = "stablehlo.broadcast_in_dim"(%3) <{broadcast_dimensions = array<i64: 0, 2>}> : (tensor<1x8xf32>) -> tensor<1x1x8xf32>
    %5 = "stablehlo.reshape"(%4) : (tensor<1x1x8xf32>) -> tensor<1x8xf32>
    %6 = "stablehlo.concatenate"(%2, %arg0, %5) <{dimension = 0 : i64}> : (tensor<1x8xf32>, tensor<4x8xf32>, tensor<1x8xf32>) -> tensor<6x8xf32>
    %7 = "stablehlo.slice"(%6) <{limit_indices = array<i64: 6, 1>, start_indices = array<i64: 0, 0>, strides = array<i64: 1, 1>}> : (tensor<6x8xf32>) -> tensor<6x1xf32>
    %8 = "stablehlo.broadcast_in_dim"(%7) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<6x1xf32>) -> tensor<6x1x2xf32>
    %9 = "stablehlo.reshape"(%8) : (tensor<6x1x2xf32>) -> tensor<6x2xf32>
    %10 = "stablehlo.slice"(%6) <{limit_indices = array<i64: 6, 8>, start_indices = array<i64: 0, 7>, strides = array<i64: 1, 1>}> : (tensor<6x8xf32>) -> tensor<6x1xf32>
    %11 = "stablehlo.broadcast_in_dim"(%10) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<6x1xf32>) -> tensor<6x1x2xf32>
    %12 = "stablehlo.reshape"(%11) : (tensor<6x1x2xf32>) -> tensor<6x2xf32>
    %13 = "stablehlo.concatenate"(%9, %6, %12) <{dimension = 1 : i64}> : (tensor<6x2xf32>, tensor<6x8xf32>, tensor<6x2xf32>) -> tensor<6x12xf32>
    "func.return"(%13) : (tensor<6x12xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
