"builtin.module"() <{sym_name = "jit_fake_quant_int8"}> ({
  "func.func"() <{function_type = (tensor<2x33x64xbf16>) -> tensor<2x33x64xbf16>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<2x33x64xbf16>):
    %0 = "stablehlo.abs"(%arg0) : (tensor<2x33x64xbf16>) -> tensor<2x33x64xbf16>
    %cst = "stablehlo.constant"() <{value = dense<0xFF80> : tensor<bf16>}> : () -> tensor<bf16>
    %1 = "stablehlo.reduce"(%0, %cst) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg1: tensor<bf16>, %arg2: tensor<bf16>):
      %2 = "stablehlo.maximum"(%arg1, %arg2) : (tensor<bf16>, tensor<bf16>) -> tensor<bf16>
      "stablehlo.return"(%2) : (tensor<bf16>) -> ()
    }) : (tensor<2x33x64xbf16>, tensor<bf16>) -> tensor<2x33xbf16>
    %2 = "stablehlo.broadcast_in_dim"(%1) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x33xbf16>) -> tensor<2x33x1xbf16>
    %cst_0 = "stablehlo.constant"() <{value = dense<1.270000e+02> : tensor<bf16>}> : () -> tensor<bf16>
    %3 = "stablehlo.broadcast_in_dim"(%cst_0) <{broadcast_dimensions = array<i64>}> : (tensor<bf16>) -> tensor<2x33x1xbf16>
    %4 = "stablehlo.divide"(%2, %3) : (tensor<2x33x1xbf16>, tensor<2x33x1xbf16>) -> tensor<2x33x1xbf16>
    %5 = "stablehlo.broadcast_in_dim"(%4) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x33x1xbf16>) -> tensor<2x33x64xbf16>
    %6 = "stablehlo.divide"(%arg0, %5) : (tensor<2x33x64xbf16>, tensor<2x33x64xbf16>) -> tensor<2x33x64xbf16>
    %7 = "func.call"(%6) <{callee = @round}> : (tensor<2x33x64xbf16>) -> tensor<2x33x64xbf16>
    %c = "stablehlo.constant"() <{value = dense<-127> : tensor<i32>}> : () -> tensor<i32>
    %c_1 = "stablehlo.constant"() <{value = dense<127> : tensor<i32>}> : () -> tensor<i32>
    %8 = "func.call"(%7, %c, %c_1) <{callee = @clip}> : (tensor<2x33x64xbf16>, tensor<i32>, tensor<i32>) -> tensor<2x33x64xbf16>
    %9 = "stablehlo.broadcast_in_dim"(%4) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x33x1xbf16>) -> tensor<2x33x64xbf16>
    %10 = "stablehlo.multiply"(%8, %9) : (tensor<2x33x64xbf16>, tensor<2x33x64xbf16>) -> tensor<2x33x64xbf16>
    "func.return"(%10) : (tensor<2x33x64xbf16>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<2x33x64xbf16>) -> tensor<2x33x64xbf16>, sym_name = "round", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<2x33x64xbf16>):
    %0 = "stablehlo.round_nearest_even"(%arg0) : (tensor<2x33x64xbf16>) -> tensor<2x33x64xbf16>
    "func.return"(%0) : (tensor<2x33x64xbf16>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<2x33x64xbf16>, tensor<i32>, tensor<i32>) -> tensor<2x33x64xbf16>, sym_name = "clip", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<2x33x64xbf16>, %arg1: tensor<i32>, %arg2: tensor<i32>):
    %0 = "stablehlo.convert"(%arg1) : (tensor<i32>) -> tensor<bf16>
    %1 = "stablehlo.broadcast_in_dim"(%0) <{broadcast_dimensions = array<i64>}> : (tensor<bf16>) -> tensor<2x33x64xbf16>
    %2 = "stablehlo.maximum"(%1, %arg0) : (tensor<2x33x64xbf16>, tensor<2x33x64xbf16>) -> tensor<2x33x64xbf16>
    %3 = "stablehlo.convert"(%arg2) : (tensor<i32>) -> tensor<bf16>
    %4 = "stablehlo.broadcast_in_dim"(%3) <{broadcast_dimensions = array<i64>}> : (tensor<bf16>) -> tensor<2x33x64xbf16>
    %5 = "stablehlo.minimum"(%4, %2) : (tensor<2x33x64xbf16>, tensor<2x33x64xbf16>) -> tensor<2x33x64xbf16>
    "func.return"(%5) : (tensor<2x33x64xbf16>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
