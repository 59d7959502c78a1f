module @jit_integer_ops_i32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x8xi32>, %arg1: tensor<4x8xi32>, %arg2: tensor<4x8xui32>) -> (tensor<4x8xi32> {jax.result_info = "result[0]"}, tensor<4x8xui32> {jax.result_info = "result[1]"}, tensor<4x8xui8> {jax.result_info = "result[2]"}) {
    %c = stablehlo.constant dense<31> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<4x8xi32>
    %1 = stablehlo.and %arg1, %0 : tensor<4x8xi32>
    %2 = stablehlo.shift_left %arg0, %1 : tensor<4x8xi32>
    %c_0 = stablehlo.constant dense<7> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<4x8xi32>
    %4 = stablehlo.and %arg1, %3 : tensor<4x8xi32>
    %5 = stablehlo.shift_right_arithmetic %arg0, %4 : tensor<4x8xi32>
    %6 = stablehlo.xor %2, %5 : tensor<4x8xi32>
    %c_1 = stablehlo.constant dense<3> : tensor<i32>
    %7 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<4x8xi32>
    %8 = stablehlo.shift_right_logical %arg0, %7 : tensor<4x8xi32>
    %9 = stablehlo.not %arg1 : tensor<4x8xi32>
    %10 = stablehlo.and %8, %9 : tensor<4x8xi32>
    %11 = stablehlo.or %6, %10 : tensor<4x8xi32>
    %12 = stablehlo.popcnt %arg0 : tensor<4x8xi32>
    %13 = stablehlo.add %11, %12 : tensor<4x8xi32>
    %14 = stablehlo.count_leading_zeros %arg1 : tensor<4x8xi32>
    %15 = stablehlo.add %13, %14 : tensor<4x8xi32>
    %c_2 = stablehlo.constant dense<1> : tensor<i32>
    %16 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<4x8xi32>
    %17 = stablehlo.or %arg1, %16 : tensor<4x8xi32>
    %18 = stablehlo.remainder %arg0, %17 : tensor<4x8xi32>
    %19 = stablehlo.add %15, %18 : tensor<4x8xi32>
    %c_3 = stablehlo.constant dense<1> : tensor<i32>
    %20 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<4x8xi32>
    %21 = stablehlo.or %arg1, %20 : tensor<4x8xi32>
    %22 = call @floor_divide(%arg0, %21) : (tensor<4x8xi32>, tensor<4x8xi32>) -> tensor<4x8xi32>
    %23 = stablehlo.add %19, %22 : tensor<4x8xi32>
    %c_4 = stablehlo.constant dense<5> : tensor<ui32>
    %24 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<ui32>) -> tensor<4x8xui32>
    %25 = stablehlo.shift_right_logical %arg2, %24 : tensor<4x8xui32>
    %26 = stablehlo.popcnt %arg2 : tensor<4x8xui32>
    %27 = stablehlo.xor %25, %26 : tensor<4x8xui32>
    %28 = stablehlo.convert %arg2 : (tensor<4x8xui32>) -> tensor<4x8xui8>
    %c_5 = stablehlo.constant dense<2> : tensor<ui8>
    %29 = stablehlo.broadcast_in_dim %c_5, dims = [] : (tensor<ui8>) -> tensor<4x8xui8>
    %30 = stablehlo.shift_right_logical %28, %29 : tensor<4x8xui8>
    %c_6 = stablehlo.constant dense<129> : tensor<ui8>
    %31 = stablehlo.broadcast_in_dim %c_6, dims = [] : (tensor<ui8>) -> tensor<4x8xui8>
    %32 = stablehlo.or %30, %31 : tensor<4x8xui8>
    return %23, %27, %32 : tensor<4x8xi32>, tensor<4x8xui32>, tensor<4x8xui8>
  }
  func.func private @floor_divide(%arg0: tensor<4x8xi32>, %arg1: tensor<4x8xi32>) -> tensor<4x8xi32> {
    %0 = stablehlo.divide %arg0, %arg1 : tensor<4x8xi32>
    %1 = stablehlo.sign %arg0 : tensor<4x8xi32>
    %2 = stablehlo.sign %arg1 : tensor<4x8xi32>
    %3 = stablehlo.compare NE, %1, %2, SIGNED : (tensor<4x8xi32>, tensor<4x8xi32>) -> tensor<4x8xi1>
    %4 = stablehlo.remainder %arg0, %arg1 : tensor<4x8xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<4x8xi32>
    %6 = stablehlo.compare NE, %4, %5, SIGNED : (tensor<4x8xi32>, tensor<4x8xi32>) -> tensor<4x8xi1>
    %7 = stablehlo.and %3, %6 : tensor<4x8xi1>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %8 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<4x8xi32>
    %9 = stablehlo.subtract %0, %8 : tensor<4x8xi32>
    %10 = call @_where(%7, %9, %0) : (tensor<4x8xi1>, tensor<4x8xi32>, tensor<4x8xi32>) -> tensor<4x8xi32>
    return %10 : tensor<4x8xi32>
  }
  func.func private @_where(%arg0: tensor<4x8xi1>, %arg1: tensor<4x8xi32>, %arg2: tensor<4x8xi32>) -> tensor<4x8xi32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<4x8xi1>, tensor<4x8xi32>
    return %0 : tensor<4x8xi32>
  }
}
