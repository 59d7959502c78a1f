"builtin.module"() <{sym_name = "jit_complex_c64"}> ({
  "func.func"() <{function_type = (tensor<4x8xf32>, tensor<4x8xf32>) -> (tensor<4x8xcomplex<f32>>, tensor<4x8xf32>, tensor<4x8xf32>), res_attrs = [{jax.result_info = "result[0]"}, {jax.result_info = "result[1]"}, {jax.result_info = "result[2]"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xf32>):
    %0 = "stablehlo.complex"(%arg0, %arg1) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xcomplex<f32>>
    %1 = "stablehlo.multiply"(%0, %0) : (tensor<4x8xcomplex<f32>>, tensor<4x8xcomplex<f32>>) -> tensor<4x8xcomplex<f32>>
    %2 = "stablehlo.real"(%0) : (tensor<4x8xcomplex<f32>>) -> tensor<4x8xf32>
    %3 = "stablehlo.imag"(%0) : (tensor<4x8xcomplex<f32>>) -> tensor<4x8xf32>
    %4 = "stablehlo.negate"(%3) : (tensor<4x8xf32>) -> tensor<4x8xf32>
    %5 = "stablehlo.complex"(%2, %4) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xcomplex<f32>>
    %cst = "stablehlo.constant"() <{value = dense<(1.000000e+00,-2.000000e+00)> : tensor<complex<f32>>}> : () -> tensor<complex<f32>>
    %6 = "stablehlo.broadcast_in_dim"(%cst) <{broadcast_dimensions = array<i64>}> : (tensor<complex<f32>>) -> tensor<4x8xcomplex<f32>>
    %7 = "stablehlo.multiply"(%5, %6) : (tensor<4x8xcomplex<f32>>, tensor<4x8xcomplex<f32>>) -> tensor<4x8xcomplex<f32>>
    %8 = "stablehlo.add"(%1, %7) : (tensor<4x8xcomplex<f32>>, tensor<4x8xcomplex<f32>>) -> tensor<4x8xcomplex<f32>>
    %9 = "stablehlo.exponential"(%8) : (tensor<4x8xcomplex<f32>>) -> tensor<4x8xcomplex<f32>>
    %10 = "stablehlo.abs"(%8) : (tensor<4x8xcomplex<f32>>) -> tensor<4x8xf32>
    %11 = "stablehlo.real"(%8) : (tensor<4x8xcomplex<f32>>) -> tensor<4x8xf32>
    %12 = "stablehlo.imag"(%8) : (tensor<4x8xcomplex<f32>>) -> tensor<4x8xf32>
    %13 = "stablehlo.add"(%11, %12) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    "func.return"(%9, %10, %13) : (tensor<4x8xcomplex<f32>>, tensor<4x8xf32>, tensor<4x8xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
