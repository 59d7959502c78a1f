"builtin.module"() <{sym_name = "jit_swiglu_mlp_f32"}> ({
  "func.func"() <{function_type = (tensor<8x32xf32>, tensor<64x32xf32>, tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<8x32xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<8x32xf32>, %arg1: tensor<64x32xf32>, %arg2: tensor<32x64xf32>, %arg3: tensor<32x64xf32>):
    %0 = "stablehlo.dot_general"(%arg0, %arg2) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x32xf32>, tensor<32x64xf32>) -> tensor<8x64xf32>
    %1 = "func.call"(%0) <{callee = @silu}> : (tensor<8x64xf32>) -> tensor<8x64xf32>
    %2 = "stablehlo.dot_general"(%arg0, %arg3) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x32xf32>, tensor<32x64xf32>) -> tensor<8x64xf32>
    %3 = "stablehlo.multiply"(%1, %2) : (tensor<8x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
    %4 = "stablehlo.dot_general"(%3, %arg1) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x64xf32>, tensor<64x32xf32>) -> tensor<8x32xf32>
    "func.return"(%4) : (tensor<8x32xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<8x64xf32>) -> tensor<8x64xf32>, sym_name = "silu", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<8x64xf32>):
    %0 = "stablehlo.negate"(%arg0) : (tensor<8x64xf32>) -> tensor<8x64xf32>
    %1 = "stablehlo.exponential"(%0) : (tensor<8x64xf32>) -> tensor<8x64xf32>
    %cst = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %2 = "stablehlo.broadcast_in_dim"(%cst) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x64xf32>
    %3 = "stablehlo.add"(%2, %1) : (tensor<8x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
    %cst_0 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %4 = "stablehlo.broadcast_in_dim"(%cst_0) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x64xf32>
    %5 = "stablehlo.divide"(%4, %3) : (tensor<8x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
    %6 = "stablehlo.multiply"(%arg0, %5) : (tensor<8x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
    "func.return"(%6) : (tensor<8x64xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
