"builtin.module"() <{sym_name = "jit_elementwise_misc_f32"}> ({
  "func.func"() <{function_type = (tensor<4x8xf32>, tensor<4x8xf32>) -> (tensor<4x8xf16>, tensor<4x8xf32>), res_attrs = [{jax.result_info = "result[0]"}, {jax.result_info = "result[1]"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xf32>):
    %cst = "stablehlo.constant"() <{value = dense<-1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %cst_0 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %0 = "stablehlo.broadcast_in_dim"(%cst) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x8xf32>
    %1 = "stablehlo.broadcast_in_dim"(%cst_0) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x8xf32>
    %2 = "stablehlo.clamp"(%0, %arg0, %1) : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    %3 = "func.call"(%arg1) <{callee = @round}> : (tensor<4x8xf32>) -> tensor<4x8xf32>
    %4 = "stablehlo.add"(%2, %3) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    %5 = "stablehlo.round_nearest_afz"(%arg0) : (tensor<4x8xf32>) -> tensor<4x8xf32>
    %6 = "stablehlo.add"(%4, %5) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    %7 = "stablehlo.floor"(%arg0) : (tensor<4x8xf32>) -> tensor<4x8xf32>
    %8 = "stablehlo.ceil"(%arg1) : (tensor<4x8xf32>) -> tensor<4x8xf32>
    %9 = "stablehlo.multiply"(%7, %8) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    %10 = "stablehlo.add"(%6, %9) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    %11 = "stablehlo.sign"(%arg0) : (tensor<4x8xf32>) -> tensor<4x8xf32>
    %12 = "stablehlo.add"(%10, %11) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    %13 = "stablehlo.atan2"(%arg0, %arg1) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    %14 = "stablehlo.add"(%12, %13) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    %15 = "stablehlo.tan"(%arg0) : (tensor<4x8xf32>) -> tensor<4x8xf32>
    %16 = "stablehlo.add"(%14, %15) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    %17 = "stablehlo.cbrt"(%arg1) : (tensor<4x8xf32>) -> tensor<4x8xf32>
    %18 = "stablehlo.add"(%16, %17) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    %19 = "stablehlo.abs"(%arg0) : (tensor<4x8xf32>) -> tensor<4x8xf32>
    %20 = "stablehlo.power"(%19, %arg1) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    %21 = "stablehlo.add"(%18, %20) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    %22 = "stablehlo.negate"(%arg1) : (tensor<4x8xf32>) -> tensor<4x8xf32>
    %23 = "stablehlo.exponential"(%22) : (tensor<4x8xf32>) -> tensor<4x8xf32>
    %cst_1 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %24 = "stablehlo.broadcast_in_dim"(%cst_1) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x8xf32>
    %25 = "stablehlo.add"(%24, %23) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    %cst_2 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %26 = "stablehlo.broadcast_in_dim"(%cst_2) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x8xf32>
    %27 = "stablehlo.divide"(%26, %25) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    %28 = "stablehlo.add"(%21, %27) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    %29 = "stablehlo.is_finite"(%28) : (tensor<4x8xf32>) -> tensor<4x8xi1>
    %cst_3 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %30 = "func.call"(%29, %28, %cst_3) <{callee = @_where}> : (tensor<4x8xi1>, tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
    %31 = "stablehlo.maximum"(%30, %arg0) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    %32 = "stablehlo.convert"(%31) : (tensor<4x8xf32>) -> tensor<4x8xf16>
    %33 = "stablehlo.minimum"(%30, %arg1) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    "func.return"(%32, %33) : (tensor<4x8xf16>, tensor<4x8xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<4x8xf32>) -> tensor<4x8xf32>, sym_name = "round", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<4x8xf32>):
    %0 = "stablehlo.round_nearest_even"(%arg0) : (tensor<4x8xf32>) -> tensor<4x8xf32>
    "func.return"(%0) : (tensor<4x8xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<4x8xi1>, tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>, sym_name = "_where", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<4x8xi1>, %arg1: tensor<4x8xf32>, %arg2: tensor<f32>):
    %0 = "stablehlo.convert"(%arg2) : (tensor<f32>) -> tensor<f32>
    %1 = "stablehlo.broadcast_in_dim"(%0) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x8xf32>
    %2 = "stablehlo.select"(%arg0, %arg1, %1) : (tensor<4x8xi1>, tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    "func.return"(%2) : (tensor<4x8xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
