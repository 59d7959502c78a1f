"builtin.module"() <{sym_name = "jit_softmax_bf16"}> ({
  "func.func"() <{function_type = (tensor<2x8x16xbf16>) -> tensor<2x8x16xbf16>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<2x8x16xbf16>):
    %cst = "stablehlo.constant"() <{value = dense<0xFF80> : tensor<bf16>}> : () -> tensor<bf16>
    %0 = "stablehlo.reduce"(%arg0, %cst) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg1: tensor<bf16>, %arg2: tensor<bf16>):
      %1 = "stablehlo.maximum"(%arg1, %arg2) : (tensor<bf16>, tensor<bf16>) -> tensor<bf16>
      "stablehlo.return"(%1) : (tensor<bf16>) -> ()
    }) : (tensor<2x8x16xbf16>, tensor<bf16>) -> tensor<2x8xbf16>
    %cst_0 = "stablehlo.constant"() <{value = dense<0xFF80> : tensor<bf16>}> : () -> tensor<bf16>
    %1 = "stablehlo.broadcast_in_dim"(%cst_0) <{broadcast_dimensions = array<i64>}> : (tensor<bf16>) -> tensor<2x8xbf16>
    %2 = "stablehlo.maximum"(%1, %0) : (tensor<2x8xbf16>, tensor<2x8xbf16>) -> tensor<2x8xbf16>
    %3 = "stablehlo.broadcast_in_dim"(%2) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x8xbf16>) -> tensor<2x8x1xbf16>
    %4 = "stablehlo.broadcast_in_dim"(%3) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x8x1xbf16>) -> tensor<2x8x16xbf16>
    %5 = "stablehlo.subtract"(%arg0, %4) : (tensor<2x8x16xbf16>, tensor<2x8x16xbf16>) -> tensor<2x8x16xbf16>
    %6 = "stablehlo.exponential"(%5) : (tensor<2x8x16xbf16>) -> tensor<2x8x16xbf16>
    %7 = "stablehlo.convert"(%6) : (tensor<2x8x16xbf16>) -> tensor<2x8x16xf32>
    %cst_1 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %8 = "stablehlo.reduce"(%7, %cst_1) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %9 = "stablehlo.add"(%arg1, %arg2) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%9) : (tensor<f32>) -> ()
    }) : (tensor<2x8x16xf32>, tensor<f32>) -> tensor<2x8xf32>
    %9 = "stablehlo.broadcast_in_dim"(%8) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x8xf32>) -> tensor<2x8x1xf32>
    %10 = "stablehlo.convert"(%9) : (tensor<2x8x1xf32>) -> tensor<2x8x1xbf16>
    %11 = "stablehlo.broadcast_in_dim"(%10) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x8x1xbf16>) -> tensor<2x8x16xbf16>
    %12 = "stablehlo.divide"(%6, %11) : (tensor<2x8x16xbf16>, tensor<2x8x16xbf16>) -> tensor<2x8x16xbf16>
    "func.return"(%12) : (tensor<2x8x16xbf16>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
