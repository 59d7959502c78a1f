"builtin.module"() <{sym_name = "jit_fake_quant_int8"}> ({
  "func.func"() <{function_type = (tensor<130x96xf32>) -> tensor<130x96xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<130x96xf32>):
    %0 = "stablehlo.abs"(%arg0) : (tensor<130x96xf32>) -> tensor<130x96xf32>
    %cst = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %1 = "stablehlo.reduce"(%0, %cst) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %2 = "stablehlo.maximum"(%arg1, %arg2) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%2) : (tensor<f32>) -> ()
    }) : (tensor<130x96xf32>, tensor<f32>) -> tensor<130xf32>
    %2 = "stablehlo.broadcast_in_dim"(%1) <{broadcast_dimensions = array<i64: 0>}> : (tensor<130xf32>) -> tensor<130x1xf32>
    %cst_0 = "stablehlo.constant"() <{value = dense<1.270000e+02> : tensor<f32>}> : () -> tensor<f32>
    %3 = "stablehlo.broadcast_in_dim"(%cst_0) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<130x1xf32>
    %4 = "stablehlo.divide"(%2, %3) : (tensor<130x1xf32>, tensor<130x1xf32>) -> tensor<130x1xf32>
    %5 = "stablehlo.broadcast_in_dim"(%4) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<130x1xf32>) -> tensor<130x96xf32>
    %6 = "stablehlo.divide"(%arg0, %5) : (tensor<130x96xf32>, tensor<130x96xf32>) -> tensor<130x96xf32>
    %7 = "func.call"(%6) <{callee = @round}> : (tensor<130x96xf32>) -> tensor<130x96xf32>
    %c = "stablehlo.constant"() <{value = dense<-127> : tensor<i32>}> : () -> tensor<i32>
    %c_1 = "stablehlo.constant"() <{value = dense<127> : tensor<i32>}> : () -> tensor<i32>
    %8 = "func.call"(%7, %c, %c_1) <{callee = @clip}> : (tensor<130x96xf32>, tensor<i32>, tensor<i32>) -> tensor<130x96xf32>
    %9 = "stablehlo.broadcast_in_dim"(%4) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<130x1xf32>) -> tensor<130x96xf32>
    %10 = "stablehlo.multiply"(%8, %9) : (tensor<130x96xf32>, tensor<130x96xf32>) -> tensor<130x96xf32>
    "func.return"(%10) : (tensor<130x96xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<130x96xf32>) -> tensor<130x96xf32>, sym_name = "round", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<130x96xf32>):
    %0 = "stablehlo.round_nearest_even"(%arg0) : (tensor<130x96xf32>) -> tensor<130x96xf32>
    "func.return"(%0) : (tensor<130x96xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<130x96xf32>, tensor<i32>, tensor<i32>) -> tensor<130x96xf32>, sym_name = "clip", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<130x96xf32>, %arg1: tensor<i32>, %arg2: tensor<i32>):
    %0 = "stablehlo.convert"(%arg1) : (tensor<i32>) -> tensor<f32>
    %1 = "stablehlo.broadcast_in_dim"(%0) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<130x96xf32>
    %2 = "stablehlo.maximum"(%1, %arg0) : (tensor<130x96xf32>, tensor<130x96xf32>) -> tensor<130x96xf32>
    %3 = "stablehlo.convert"(%arg2) : (tensor<i32>) -> tensor<f32>
    %4 = "stablehlo.broadcast_in_dim"(%3) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<130x96xf32>
    %5 = "stablehlo.minimum"(%4, %2) : (tensor<130x96xf32>, tensor<130x96xf32>) -> tensor<130x96xf32>
    "func.return"(%5) : (tensor<130x96xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
