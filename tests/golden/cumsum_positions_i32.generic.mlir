"builtin.module"() <{sym_name = "jit__lambda"}> ({
  "func.func"() <{function_type = (tensor<2x77xi32>) -> tensor<2x77xi32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<2x77xi32>):
    %0 = "func.call"(%arg0) <{callee = @cumsum}> : (tensor<2x77xi32>) -> tensor<2x77xi32>
    %1 = "stablehlo.multiply"(%0, %arg0) : (tensor<2x77xi32>, tensor<2x77xi32>) -> tensor<2x77xi32>
    %c = "stablehlo.constant"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
    %2 = "stablehlo.broadcast_in_dim"(%c) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<2x77xi32>
    %3 = "stablehlo.subtract"(%1, %2) : (tensor<2x77xi32>, tensor<2x77xi32>) -> tensor<2x77xi32>
    "func.return"(%3) : (tensor<2x77xi32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<2x77xi32>) -> tensor<2x77xi32>, sym_name = "cumsum", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<2x77xi32>):
    %0 = "func.call"(%arg0) <{callee = @cumsum_0}> : (tensor<2x77xi32>) -> tensor<2x77xi32>
    "func.return"(%0) : (tensor<2x77xi32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<2x77xi32>) -> tensor<2x77xi32>, sym_name = "cumsum_0", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<2x77xi32>):
    %c = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %0 = "stablehlo.broadcast_in_dim"(%c) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<i32>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1, 1>, padding = dense<[[0, 0], [76, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 1, 77>, window_strides = array<i64: 1, 1>}> ({
    ^bb0(%arg1: tensor<i32>, %arg2: tensor<i32>):
      %2 = "stablehlo.add"(%arg1, %arg2) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      "stablehlo.return"(%2) : (tensor<i32>) -> ()
    }) : (tensor<2x77xi32>, tensor<i32>) -> tensor<2x77xi32>
    "func.return"(%1) : (tensor<2x77xi32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
