module @jit_mx_quantize attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x5x96xf32>) -> (tensor<2x5x96xf8E4M3FN> {jax.result_info = "result[0]"}, tensor<2x5x3xf8E8M0FNU> {jax.result_info = "result[1]"}) {
    %0 = stablehlo.reshape %arg0 : (tensor<2x5x96xf32>) -> tensor<2x5x3x32xf32>
    %1 = stablehlo.abs %0 : tensor<2x5x3x32xf32>
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %2 = stablehlo.reduce(%1 init: %cst) applies stablehlo.maximum across dimensions = [3] : (tensor<2x5x3x32xf32>, tensor<f32>) -> tensor<2x5x3xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0, 1, 2] : (tensor<2x5x3xf32>) -> tensor<2x5x3x1xf32>
    %cst_0 = stablehlo.constant dense<4.480000e+02> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x5x3x1xf32>
    %5 = stablehlo.divide %3, %4 : tensor<2x5x3x1xf32>
    %6 = stablehlo.bitcast_convert %5 : (tensor<2x5x3x1xf32>) -> tensor<2x5x3x1xui32>
    %c = stablehlo.constant dense<23> : tensor<ui32>
    %7 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<ui32>) -> tensor<2x5x3x1xui32>
    %8 = stablehlo.shift_right_logical %6, %7 : tensor<2x5x3x1xui32>
    %c_1 = stablehlo.constant dense<8388607> : tensor<ui32>
    %9 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<ui32>) -> tensor<2x5x3x1xui32>
    %10 = stablehlo.and %6, %9 : tensor<2x5x3x1xui32>
    %c_2 = stablehlo.constant dense<0> : tensor<ui32>
    %11 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<ui32>) -> tensor<2x5x3x1xui32>
    %12 = stablehlo.compare GT, %10, %11, UNSIGNED : (tensor<2x5x3x1xui32>, tensor<2x5x3x1xui32>) -> tensor<2x5x3x1xi1>
    %c_3 = stablehlo.constant dense<254> : tensor<ui32>
    %13 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<ui32>) -> tensor<2x5x3x1xui32>
    %14 = stablehlo.compare NE, %8, %13, UNSIGNED : (tensor<2x5x3x1xui32>, tensor<2x5x3x1xui32>) -> tensor<2x5x3x1xi1>
    %15 = stablehlo.and %12, %14 : tensor<2x5x3x1xi1>
    %c_4 = stablehlo.constant dense<0> : tensor<ui32>
    %16 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<ui32>) -> tensor<2x5x3x1xui32>
    %17 = stablehlo.compare EQ, %8, %16, UNSIGNED : (tensor<2x5x3x1xui32>, tensor<2x5x3x1xui32>) -> tensor<2x5x3x1xi1>
    %c_5 = stablehlo.constant dense<4194304> : tensor<ui32>
    %18 = stablehlo.broadcast_in_dim %c_5, dims = [] : (tensor<ui32>) -> tensor<2x5x3x1xui32>
    %19 = stablehlo.compare LE, %10, %18, UNSIGNED : (tensor<2x5x3x1xui32>, tensor<2x5x3x1xui32>) -> tensor<2x5x3x1xi1>
    %20 = stablehlo.and %17, %19 : tensor<2x5x3x1xi1>
    %21 = stablehlo.not %20 : tensor<2x5x3x1xi1>
    %22 = stablehlo.and %15, %21 : tensor<2x5x3x1xi1>
    %c_6 = stablehlo.constant dense<1> : tensor<ui32>
    %23 = stablehlo.broadcast_in_dim %c_6, dims = [] : (tensor<ui32>) -> tensor<2x5x3x1xui32>
    %24 = stablehlo.add %8, %23 : tensor<2x5x3x1xui32>
    %25 = call @_where(%22, %24, %8) : (tensor<2x5x3x1xi1>, tensor<2x5x3x1xui32>, tensor<2x5x3x1xui32>) -> tensor<2x5x3x1xui32>
    %26 = stablehlo.convert %25 : (tensor<2x5x3x1xui32>) -> tensor<2x5x3x1xui8>
    %27 = stablehlo.convert %26 : (tensor<2x5x3x1xui8>) -> tensor<2x5x3x1xui32>
    %c_7 = stablehlo.constant dense<23> : tensor<ui32>
    %28 = stablehlo.broadcast_in_dim %c_7, dims = [] : (tensor<ui32>) -> tensor<2x5x3x1xui32>
    %29 = stablehlo.shift_left %27, %28 : tensor<2x5x3x1xui32>
    %30 = stablehlo.bitcast_convert %29 : (tensor<2x5x3x1xui32>) -> tensor<2x5x3x1xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %31 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<2x5x3x1xf32>
    %32 = stablehlo.compare EQ, %30, %31, FLOAT : (tensor<2x5x3x1xf32>, tensor<2x5x3x1xf32>) -> tensor<2x5x3x1xi1>
    %cst_9 = stablehlo.constant dense<5.87747175E-39> : tensor<f32>
    %33 = call @_where_0(%32, %cst_9, %30) : (tensor<2x5x3x1xi1>, tensor<f32>, tensor<2x5x3x1xf32>) -> tensor<2x5x3x1xf32>
    %34 = stablehlo.broadcast_in_dim %33, dims = [0, 1, 2, 3] : (tensor<2x5x3x1xf32>) -> tensor<2x5x3x32xf32>
    %35 = stablehlo.divide %0, %34 : tensor<2x5x3x32xf32>
    %cst_10 = stablehlo.constant dense<-4.480000e+02> : tensor<f32>
    %cst_11 = stablehlo.constant dense<4.480000e+02> : tensor<f32>
    %36 = call @clip(%35, %cst_10, %cst_11) : (tensor<2x5x3x32xf32>, tensor<f32>, tensor<f32>) -> tensor<2x5x3x32xf32>
    %37 = stablehlo.convert %36 : (tensor<2x5x3x32xf32>) -> tensor<2x5x3x32xf8E4M3FN>
    %38 = stablehlo.reshape %37 : (tensor<2x5x3x32xf8E4M3FN>) -> tensor<2x5x96xf8E4M3FN>
    %39 = stablehlo.reshape %26 : (tensor<2x5x3x1xui8>) -> tensor<2x5x3xui8>
    %40 = stablehlo.bitcast_convert %39 : (tensor<2x5x3xui8>) -> tensor<2x5x3xf8E8M0FNU>
    return %38, %40 : tensor<2x5x96xf8E4M3FN>, tensor<2x5x3xf8E8M0FNU>
  }
  func.func private @_where(%arg0: tensor<2x5x3x1xi1>, %arg1: tensor<2x5x3x1xui32>, %arg2: tensor<2x5x3x1xui32>) -> tensor<2x5x3x1xui32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<2x5x3x1xi1>, tensor<2x5x3x1xui32>
    return %0 : tensor<2x5x3x1xui32>
  }
  func.func private @_where_0(%arg0: tensor<2x5x3x1xi1>, %arg1: tensor<f32>, %arg2: tensor<2x5x3x1xf32>) -> tensor<2x5x3x1xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<2x5x3x1xf32>
    %1 = stablehlo.select %arg0, %0, %arg2 : tensor<2x5x3x1xi1>, tensor<2x5x3x1xf32>
    return %1 : tensor<2x5x3x1xf32>
  }
  func.func private @clip(%arg0: tensor<2x5x3x32xf32>, %arg1: tensor<f32>, %arg2: tensor<f32>) -> tensor<2x5x3x32xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<2x5x3x32xf32>
    %1 = stablehlo.maximum %0, %arg0 : tensor<2x5x3x32xf32>
    %2 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<2x5x3x32xf32>
    %3 = stablehlo.minimum %2, %1 : tensor<2x5x3x32xf32>
    return %3 : tensor<2x5x3x32xf32>
  }
}
