module @jit_dynamic_slice_update_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8x8xf32>, %arg1: tensor<2x4xf32>, %arg2: tensor<i32>, %arg3: tensor<i32>) -> (tensor<2x4xf32> {jax.result_info = "result[0]"}, tensor<8x8xf32> {jax.result_info = "result[1]"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.compare LT, %arg2, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<8> : tensor<i32>
    %1 = stablehlo.add %arg2, %c_0 : tensor<i32>
    %2 = stablehlo.select %0, %1, %arg2 : tensor<i1>, tensor<i32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %3 = stablehlo.compare LT, %arg3, %c_1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_2 = stablehlo.constant dense<8> : tensor<i32>
    %4 = stablehlo.add %arg3, %c_2 : tensor<i32>
    %5 = stablehlo.select %3, %4, %arg3 : tensor<i1>, tensor<i32>
    %6 = stablehlo.dynamic_slice %arg0, %2, %5, sizes = [2, 4] : (tensor<8x8xf32>, tensor<i32>, tensor<i32>) -> tensor<2x4xf32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %7 = stablehlo.compare LT, %arg2, %c_3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_4 = stablehlo.constant dense<8> : tensor<i32>
    %8 = stablehlo.add %arg2, %c_4 : tensor<i32>
    %9 = stablehlo.select %7, %8, %arg2 : tensor<i1>, tensor<i32>
    %c_5 = stablehlo.constant dense<0> : tensor<i32>
    %10 = stablehlo.compare LT, %arg3, %c_5, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_6 = stablehlo.constant dense<8> : tensor<i32>
    %11 = stablehlo.add %arg3, %c_6 : tensor<i32>
    %12 = stablehlo.select %10, %11, %arg3 : tensor<i1>, tensor<i32>
    %13 = stablehlo.dynamic_update_slice %arg0, %arg1, %9, %12 : (tensor<8x8xf32>, tensor<2x4xf32>, tensor<i32>, tensor<i32>) -> tensor<8x8xf32>
    return %6, %13 : tensor<2x4xf32>, tensor<8x8xf32>
  }
}
