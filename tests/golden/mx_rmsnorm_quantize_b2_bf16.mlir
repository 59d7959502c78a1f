module @jit_rms_norm_mx_quantize attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x67x1024xbf16>, %arg1: tensor<1024xf32>) -> (tensor<2x67x1024xf8E4M3FN> {jax.result_info = "result[0]"}, tensor<2x67x32xf8E8M0FNU> {jax.result_info = "result[1]"}) {
    %0 = stablehlo.convert %arg0 : (tensor<2x67x1024xbf16>) -> tensor<2x67x1024xf32>
    %1 = stablehlo.multiply %0, %0 : tensor<2x67x1024xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %2 = stablehlo.reduce(%1 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<2x67x1024xf32>, tensor<f32>) -> tensor<2x67xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0, 1] : (tensor<2x67xf32>) -> tensor<2x67x1xf32>
    %cst_0 = stablehlo.constant dense<1.024000e+03> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x67x1xf32>
    %5 = stablehlo.divide %3, %4 : tensor<2x67x1xf32>
    %cst_1 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x67x1xf32>
    %7 = stablehlo.add %5, %6 : tensor<2x67x1xf32>
    %8 = stablehlo.rsqrt %7 : tensor<2x67x1xf32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2] : (tensor<2x67x1xf32>) -> tensor<2x67x1024xf32>
    %10 = stablehlo.multiply %0, %9 : tensor<2x67x1024xf32>
    %11 = stablehlo.broadcast_in_dim %arg1, dims = [2] : (tensor<1024xf32>) -> tensor<1x1x1024xf32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [0, 1, 2] : (tensor<1x1x1024xf32>) -> tensor<2x67x1024xf32>
    %13 = stablehlo.multiply %10, %12 : tensor<2x67x1024xf32>
    %14 = stablehlo.convert %13 : (tensor<2x67x1024xf32>) -> tensor<2x67x1024xbf16>
    %15 = stablehlo.reshape %14 : (tensor<2x67x1024xbf16>) -> tensor<2x67x32x32xbf16>
    %16 = stablehlo.abs %15 : tensor<2x67x32x32xbf16>
    %cst_2 = stablehlo.constant dense<0xFF80> : tensor<bf16>
    %17 = stablehlo.reduce(%16 init: %cst_2) applies stablehlo.maximum across dimensions = [3] : (tensor<2x67x32x32xbf16>, tensor<bf16>) -> tensor<2x67x32xbf16>
    %18 = stablehlo.broadcast_in_dim %17, dims = [0, 1, 2] : (tensor<2x67x32xbf16>) -> tensor<2x67x32x1xbf16>
    %cst_3 = stablehlo.constant dense<4.480000e+02> : tensor<bf16>
    %19 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<bf16>) -> tensor<2x67x32x1xbf16>
    %20 = stablehlo.divide %18, %19 : tensor<2x67x32x1xbf16>
    %21 = stablehlo.convert %20 : (tensor<2x67x32x1xbf16>) -> tensor<2x67x32x1xf32>
    %22 = stablehlo.bitcast_convert %21 : (tensor<2x67x32x1xf32>) -> tensor<2x67x32x1xui32>
    %c = stablehlo.constant dense<23> : tensor<ui32>
    %23 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<ui32>) -> tensor<2x67x32x1xui32>
    %24 = stablehlo.shift_right_logical %22, %23 : tensor<2x67x32x1xui32>
    %c_4 = stablehlo.constant dense<8388607> : tensor<ui32>
    %25 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<ui32>) -> tensor<2x67x32x1xui32>
    %26 = stablehlo.and %22, %25 : tensor<2x67x32x1xui32>
    %c_5 = stablehlo.constant dense<0> : tensor<ui32>
    %27 = stablehlo.broadcast_in_dim %c_5, dims = [] : (tensor<ui32>) -> tensor<2x67x32x1xui32>
    %28 = stablehlo.compare GT, %26, %27, UNSIGNED : (tensor<2x67x32x1xui32>, tensor<2x67x32x1xui32>) -> tensor<2x67x32x1xi1>
    %c_6 = stablehlo.constant dense<254> : tensor<ui32>
    %29 = stablehlo.broadcast_in_dim %c_6, dims = [] : (tensor<ui32>) -> tensor<2x67x32x1xui32>
    %30 = stablehlo.compare NE, %24, %29, UNSIGNED : (tensor<2x67x32x1xui32>, tensor<2x67x32x1xui32>) -> tensor<2x67x32x1xi1>
    %31 = stablehlo.and %28, %30 : tensor<2x67x32x1xi1>
    %c_7 = stablehlo.constant dense<0> : tensor<ui32>
    %32 = stablehlo.broadcast_in_dim %c_7, dims = [] : (tensor<ui32>) -> tensor<2x67x32x1xui32>
    %33 = stablehlo.compare EQ, %24, %32, UNSIGNED : (tensor<2x67x32x1xui32>, tensor<2x67x32x1xui32>) -> tensor<2x67x32x1xi1>
    %c_8 = stablehlo.constant dense<4194304> : tensor<ui32>
    %34 = stablehlo.broadcast_in_dim %c_8, dims = [] : (tensor<ui32>) -> tensor<2x67x32x1xui32>
    %35 = stablehlo.compare LE, %26, %34, UNSIGNED : (tensor<2x67x32x1xui32>, tensor<2x67x32x1xui32>) -> tensor<2x67x32x1xi1>
    %36 = stablehlo.and %33, %35 : tensor<2x67x32x1xi1>
    %37 = stablehlo.not %36 : tensor<2x67x32x1xi1>
    %38 = stablehlo.and %31, %37 : tensor<2x67x32x1xi1>
    %c_9 = stablehlo.constant dense<1> : tensor<ui32>
    %39 = stablehlo.broadcast_in_dim %c_9, dims = [] : (tensor<ui32>) -> tensor<2x67x32x1xui32>
    %40 = stablehlo.add %24, %39 : tensor<2x67x32x1xui32>
    %41 = call @_where(%38, %40, %24) : (tensor<2x67x32x1xi1>, tensor<2x67x32x1xui32>, tensor<2x67x32x1xui32>) -> tensor<2x67x32x1xui32>
    %42 = stablehlo.convert %41 : (tensor<2x67x32x1xui32>) -> tensor<2x67x32x1xui8>
    %43 = stablehlo.convert %42 : (tensor<2x67x32x1xui8>) -> tensor<2x67x32x1xui32>
    %c_10 = stablehlo.constant dense<23> : tensor<ui32>
    %44 = stablehlo.broadcast_in_dim %c_10, dims = [] : (tensor<ui32>) -> tensor<2x67x32x1xui32>
    %45 = stablehlo.shift_left %43, %44 : tensor<2x67x32x1xui32>
    %46 = stablehlo.bitcast_convert %45 : (tensor<2x67x32x1xui32>) -> tensor<2x67x32x1xf32>
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %47 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<2x67x32x1xf32>
    %48 = stablehlo.compare EQ, %46, %47, FLOAT : (tensor<2x67x32x1xf32>, tensor<2x67x32x1xf32>) -> tensor<2x67x32x1xi1>
    %cst_12 = stablehlo.constant dense<5.87747175E-39> : tensor<f32>
    %49 = call @_where_0(%48, %cst_12, %46) : (tensor<2x67x32x1xi1>, tensor<f32>, tensor<2x67x32x1xf32>) -> tensor<2x67x32x1xf32>
    %50 = stablehlo.convert %49 : (tensor<2x67x32x1xf32>) -> tensor<2x67x32x1xbf16>
    %51 = stablehlo.broadcast_in_dim %50, dims = [0, 1, 2, 3] : (tensor<2x67x32x1xbf16>) -> tensor<2x67x32x32xbf16>
    %52 = stablehlo.divide %15, %51 : tensor<2x67x32x32xbf16>
    %cst_13 = stablehlo.constant dense<-4.480000e+02> : tensor<bf16>
    %cst_14 = stablehlo.constant dense<4.480000e+02> : tensor<bf16>
    %53 = call @clip(%52, %cst_13, %cst_14) : (tensor<2x67x32x32xbf16>, tensor<bf16>, tensor<bf16>) -> tensor<2x67x32x32xbf16>
    %54 = stablehlo.convert %53 : (tensor<2x67x32x32xbf16>) -> tensor<2x67x32x32xf8E4M3FN>
    %55 = stablehlo.reshape %54 : (tensor<2x67x32x32xf8E4M3FN>) -> tensor<2x67x1024xf8E4M3FN>
    %56 = stablehlo.reshape %42 : (tensor<2x67x32x1xui8>) -> tensor<2x67x32xui8>
    %57 = stablehlo.bitcast_convert %56 : (tensor<2x67x32xui8>) -> tensor<2x67x32xf8E8M0FNU>
    return %55, %57 : tensor<2x67x1024xf8E4M3FN>, tensor<2x67x32xf8E8M0FNU>
  }
  func.func private @_where(%arg0: tensor<2x67x32x1xi1>, %arg1: tensor<2x67x32x1xui32>, %arg2: tensor<2x67x32x1xui32>) -> tensor<2x67x32x1xui32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<2x67x32x1xi1>, tensor<2x67x32x1xui32>
    return %0 : tensor<2x67x32x1xui32>
  }
  func.func private @_where_0(%arg0: tensor<2x67x32x1xi1>, %arg1: tensor<f32>, %arg2: tensor<2x67x32x1xf32>) -> tensor<2x67x32x1xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<2x67x32x1xf32>
    %1 = stablehlo.select %arg0, %0, %arg2 : tensor<2x67x32x1xi1>, tensor<2x67x32x1xf32>
    return %1 : tensor<2x67x32x1xf32>
  }
  func.func private @clip(%arg0: tensor<2x67x32x32xbf16>, %arg1: tensor<bf16>, %arg2: tensor<bf16>) -> tensor<2x67x32x32xbf16> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<bf16>) -> tensor<2x67x32x32xbf16>
    %1 = stablehlo.maximum %0, %arg0 : tensor<2x67x32x32xbf16>
    %2 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<bf16>) -> tensor<2x67x32x32xbf16>
    %3 = stablehlo.minimum %2, %1 : tensor<2x67x32x32xbf16>
    return %3 : tensor<2x67x32x32xbf16>
  }
}
