"builtin.module"() <{sym_name = "jit__lambda"}> ({
  "func.func"() <{function_type = (tensor<300x24xbf16>) -> tensor<300x24xbf16>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<300x24xbf16>):
    %0 = "func.call"(%arg0) <{callee = @cumsum}> : (tensor<300x24xbf16>) -> tensor<300x24xbf16>
    "func.return"(%0) : (tensor<300x24xbf16>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<300x24xbf16>) -> tensor<300x24xbf16>, sym_name = "cumsum", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<300x24xbf16>):
    %0 = "func.call"(%arg0) <{callee = @cumsum_0}> : (tensor<300x24xbf16>) -> tensor<300x24xbf16>
    "func.return"(%0) : (tensor<300x24xbf16>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<300x24xbf16>) -> tensor<300x24xbf16>, sym_name = "cumsum_0", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<300x24xbf16>):
    %cst = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<bf16>}> : () -> tensor<bf16>
    %0 = "stablehlo.broadcast_in_dim"(%cst) <{broadcast_dimensions = array<i64>}> : (tensor<bf16>) -> tensor<bf16>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1, 1>, padding = dense<[[299, 0], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 300, 1>, window_strides = array<i64: 1, 1>}> ({
    ^bb0(%arg1: tensor<bf16>, %arg2: tensor<bf16>):
      %2 = "stablehlo.add"(%arg1, %arg2) : (tensor<bf16>, tensor<bf16>) -> tensor<bf16>
      "stablehlo.return"(%2) : (tensor<bf16>) -> ()
    }) : (tensor<300x24xbf16>, tensor<bf16>) -> tensor<300x24xbf16>
    "func.return"(%1) : (tensor<300x24xbf16>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
