module @jit_mx_dot attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x40x64xf32>, %arg1: tensor<64x48xf32>) -> (tensor<2x40x48xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.reshape %arg0 : (tensor<2x40x64xf32>) -> tensor<2x40x2x32xf32>
    %1 = stablehlo.abs %0 : tensor<2x40x2x32xf32>
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %2 = stablehlo.reduce(%1 init: %cst) applies stablehlo.maximum across dimensions = [3] : (tensor<2x40x2x32xf32>, tensor<f32>) -> tensor<2x40x2xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0, 1, 2] : (tensor<2x40x2xf32>) -> tensor<2x40x2x1xf32>
    %cst_0 = stablehlo.constant dense<4.480000e+02> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x40x2x1xf32>
    %5 = stablehlo.divide %3, %4 : tensor<2x40x2x1xf32>
    %6 = stablehlo.bitcast_convert %5 : (tensor<2x40x2x1xf32>) -> tensor<2x40x2x1xui32>
    %c = stablehlo.constant dense<23> : tensor<ui32>
    %7 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<ui32>) -> tensor<2x40x2x1xui32>
    %8 = stablehlo.shift_right_logical %6, %7 : tensor<2x40x2x1xui32>
    %c_1 = stablehlo.constant dense<8388607> : tensor<ui32>
    %9 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<ui32>) -> tensor<2x40x2x1xui32>
    %10 = stablehlo.and %6, %9 : tensor<2x40x2x1xui32>
    %c_2 = stablehlo.constant dense<0> : tensor<ui32>
    %11 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<ui32>) -> tensor<2x40x2x1xui32>
    %12 = stablehlo.compare GT, %10, %11, UNSIGNED : (tensor<2x40x2x1xui32>, tensor<2x40x2x1xui32>) -> tensor<2x40x2x1xi1>
    %c_3 = stablehlo.constant dense<254> : tensor<ui32>
    %13 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<ui32>) -> tensor<2x40x2x1xui32>
    %14 = stablehlo.compare NE, %8, %13, UNSIGNED : (tensor<2x40x2x1xui32>, tensor<2x40x2x1xui32>) -> tensor<2x40x2x1xi1>
    %15 = stablehlo.and %12, %14 : tensor<2x40x2x1xi1>
    %c_4 = stablehlo.constant dense<0> : tensor<ui32>
    %16 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<ui32>) -> tensor<2x40x2x1xui32>
    %17 = stablehlo.compare EQ, %8, %16, UNSIGNED : (tensor<2x40x2x1xui32>, tensor<2x40x2x1xui32>) -> tensor<2x40x2x1xi1>
    %c_5 = stablehlo.constant dense<4194304> : tensor<ui32>
    %18 = stablehlo.broadcast_in_dim %c_5, dims = [] : (tensor<ui32>) -> tensor<2x40x2x1xui32>
    %19 = stablehlo.compare LE, %10, %18, UNSIGNED : (tensor<2x40x2x1xui32>, tensor<2x40x2x1xui32>) -> tensor<2x40x2x1xi1>
    %20 = stablehlo.and %17, %19 : tensor<2x40x2x1xi1>
    %21 = stablehlo.not %20 : tensor<2x40x2x1xi1>
    %22 = stablehlo.and %15, %21 : tensor<2x40x2x1xi1>
    %c_6 = stablehlo.constant dense<1> : tensor<ui32>
    %23 = stablehlo.broadcast_in_dim %c_6, dims = [] : (tensor<ui32>) -> tensor<2x40x2x1xui32>
    %24 = stablehlo.add %8, %23 : tensor<2x40x2x1xui32>
    %25 = call @_where(%22, %24, %8) : (tensor<2x40x2x1xi1>, tensor<2x40x2x1xui32>, tensor<2x40x2x1xui32>) -> tensor<2x40x2x1xui32>
    %26 = stablehlo.convert %25 : (tensor<2x40x2x1xui32>) -> tensor<2x40x2x1xui8>
    %27 = stablehlo.convert %26 : (tensor<2x40x2x1xui8>) -> tensor<2x40x2x1xui32>
    %c_7 = stablehlo.constant dense<23> : tensor<ui32>
    %28 = stablehlo.broadcast_in_dim %c_7, dims = [] : (tensor<ui32>) -> tensor<2x40x2x1xui32>
    %29 = stablehlo.shift_left %27, %28 : tensor<2x40x2x1xui32>
    %30 = stablehlo.bitcast_convert %29 : (tensor<2x40x2x1xui32>) -> tensor<2x40x2x1xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %31 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<2x40x2x1xf32>
    %32 = stablehlo.compare EQ, %30, %31, FLOAT : (tensor<2x40x2x1xf32>, tensor<2x40x2x1xf32>) -> tensor<2x40x2x1xi1>
    %cst_9 = stablehlo.constant dense<5.87747175E-39> : tensor<f32>
    %33 = call @_where_0(%32, %cst_9, %30) : (tensor<2x40x2x1xi1>, tensor<f32>, tensor<2x40x2x1xf32>) -> tensor<2x40x2x1xf32>
    %34 = stablehlo.broadcast_in_dim %33, dims = [0, 1, 2, 3] : (tensor<2x40x2x1xf32>) -> tensor<2x40x2x32xf32>
    %35 = stablehlo.divide %0, %34 : tensor<2x40x2x32xf32>
    %cst_10 = stablehlo.constant dense<-4.480000e+02> : tensor<f32>
    %cst_11 = stablehlo.constant dense<4.480000e+02> : tensor<f32>
    %36 = call @clip(%35, %cst_10, %cst_11) : (tensor<2x40x2x32xf32>, tensor<f32>, tensor<f32>) -> tensor<2x40x2x32xf32>
    %37 = stablehlo.convert %36 : (tensor<2x40x2x32xf32>) -> tensor<2x40x2x32xf8E4M3FN>
    %38 = stablehlo.reshape %37 : (tensor<2x40x2x32xf8E4M3FN>) -> tensor<2x40x64xf8E4M3FN>
    %39 = stablehlo.reshape %26 : (tensor<2x40x2x1xui8>) -> tensor<2x40x2xui8>
    %40 = stablehlo.bitcast_convert %39 : (tensor<2x40x2xui8>) -> tensor<2x40x2xf8E8M0FNU>
    %41 = stablehlo.convert %38 : (tensor<2x40x64xf8E4M3FN>) -> tensor<2x40x64xf32>
    %42 = stablehlo.reshape %41 : (tensor<2x40x64xf32>) -> tensor<2x40x2x32xf32>
    %43 = stablehlo.convert %40 : (tensor<2x40x2xf8E8M0FNU>) -> tensor<2x40x2xf32>
    %44 = stablehlo.broadcast_in_dim %43, dims = [0, 1, 2] : (tensor<2x40x2xf32>) -> tensor<2x40x2x1xf32>
    %45 = stablehlo.broadcast_in_dim %44, dims = [0, 1, 2, 3] : (tensor<2x40x2x1xf32>) -> tensor<2x40x2x32xf32>
    %46 = stablehlo.multiply %42, %45 : tensor<2x40x2x32xf32>
    %47 = stablehlo.reshape %46 : (tensor<2x40x2x32xf32>) -> tensor<2x40x64xf32>
    %48 = stablehlo.transpose %arg1, dims = [1, 0] : (tensor<64x48xf32>) -> tensor<48x64xf32>
    %49 = stablehlo.reshape %48 : (tensor<48x64xf32>) -> tensor<48x2x32xf32>
    %50 = stablehlo.abs %49 : tensor<48x2x32xf32>
    %cst_12 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %51 = stablehlo.reduce(%50 init: %cst_12) applies stablehlo.maximum across dimensions = [2] : (tensor<48x2x32xf32>, tensor<f32>) -> tensor<48x2xf32>
    %52 = stablehlo.broadcast_in_dim %51, dims = [0, 1] : (tensor<48x2xf32>) -> tensor<48x2x1xf32>
    %cst_13 = stablehlo.constant dense<4.480000e+02> : tensor<f32>
    %53 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<48x2x1xf32>
    %54 = stablehlo.divide %52, %53 : tensor<48x2x1xf32>
    %55 = stablehlo.bitcast_convert %54 : (tensor<48x2x1xf32>) -> tensor<48x2x1xui32>
    %c_14 = stablehlo.constant dense<23> : tensor<ui32>
    %56 = stablehlo.broadcast_in_dim %c_14, dims = [] : (tensor<ui32>) -> tensor<48x2x1xui32>
    %57 = stablehlo.shift_right_logical %55, %56 : tensor<48x2x1xui32>
    %c_15 = stablehlo.constant dense<8388607> : tensor<ui32>
    %58 = stablehlo.broadcast_in_dim %c_15, dims = [] : (tensor<ui32>) -> tensor<48x2x1xui32>
    %59 = stablehlo.and %55, %58 : tensor<48x2x1xui32>
    %c_16 = stablehlo.constant dense<0> : tensor<ui32>
    %60 = stablehlo.broadcast_in_dim %c_16, dims = [] : (tensor<ui32>) -> tensor<48x2x1xui32>
    %61 = stablehlo.compare GT, %59, %60, UNSIGNED : (tensor<48x2x1xui32>, tensor<48x2x1xui32>) -> tensor<48x2x1xi1>
    %c_17 = stablehlo.constant dense<254> : tensor<ui32>
    %62 = stablehlo.broadcast_in_dim %c_17, dims = [] : (tensor<ui32>) -> tensor<48x2x1xui32>
    %63 = stablehlo.compare NE, %57, %62, UNSIGNED : (tensor<48x2x1xui32>, tensor<48x2x1xui32>) -> tensor<48x2x1xi1>
    %64 = stablehlo.and %61, %63 : tensor<48x2x1xi1>
    %c_18 = stablehlo.constant dense<0> : tensor<ui32>
    %65 = stablehlo.broadcast_in_dim %c_18, dims = [] : (tensor<ui32>) -> tensor<48x2x1xui32>
    %66 = stablehlo.compare EQ, %57, %65, UNSIGNED : (tensor<48x2x1xui32>, tensor<48x2x1xui32>) -> tensor<48x2x1xi1>
    %c_19 = stablehlo.constant dense<4194304> : tensor<ui32>
    %67 = stablehlo.broadcast_in_dim %c_19, dims = [] : (tensor<ui32>) -> tensor<48x2x1xui32>
    %68 = stablehlo.compare LE, %59, %67, UNSIGNED : (tensor<48x2x1xui32>, tensor<48x2x1xui32>) -> tensor<48x2x1xi1>
    %69 = stablehlo.and %66, %68 : tensor<48x2x1xi1>
    %70 = stablehlo.not %69 : tensor<48x2x1xi1>
    %71 = stablehlo.and %64, %70 : tensor<48x2x1xi1>
    %c_20 = stablehlo.constant dense<1> : tensor<ui32>
    %72 = stablehlo.broadcast_in_dim %c_20, dims = [] : (tensor<ui32>) -> tensor<48x2x1xui32>
    %73 = stablehlo.add %57, %72 : tensor<48x2x1xui32>
    %74 = call @_where_1(%71, %73, %57) : (tensor<48x2x1xi1>, tensor<48x2x1xui32>, tensor<48x2x1xui32>) -> tensor<48x2x1xui32>
    %75 = stablehlo.convert %74 : (tensor<48x2x1xui32>) -> tensor<48x2x1xui8>
    %76 = stablehlo.convert %75 : (tensor<48x2x1xui8>) -> tensor<48x2x1xui32>
    %c_21 = stablehlo.constant dense<23> : tensor<ui32>
    %77 = stablehlo.broadcast_in_dim %c_21, dims = [] : (tensor<ui32>) -> tensor<48x2x1xui32>
    %78 = stablehlo.shift_left %76, %77 : tensor<48x2x1xui32>
    %79 = stablehlo.bitcast_convert %78 : (tensor<48x2x1xui32>) -> tensor<48x2x1xf32>
    %cst_22 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %80 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<48x2x1xf32>
    %81 = stablehlo.compare EQ, %79, %80, FLOAT : (tensor<48x2x1xf32>, tensor<48x2x1xf32>) -> tensor<48x2x1xi1>
    %cst_23 = stablehlo.constant dense<5.87747175E-39> : tensor<f32>
    %82 = call @_where_2(%81, %cst_23, %79) : (tensor<48x2x1xi1>, tensor<f32>, tensor<48x2x1xf32>) -> tensor<48x2x1xf32>
    %83 = stablehlo.broadcast_in_dim %82, dims = [0, 1, 2] : (tensor<48x2x1xf32>) -> tensor<48x2x32xf32>
    %84 = stablehlo.divide %49, %83 : tensor<48x2x32xf32>
    %cst_24 = stablehlo.constant dense<-4.480000e+02> : tensor<f32>
    %cst_25 = stablehlo.constant dense<4.480000e+02> : tensor<f32>
    %85 = call @clip_3(%84, %cst_24, %cst_25) : (tensor<48x2x32xf32>, tensor<f32>, tensor<f32>) -> tensor<48x2x32xf32>
    %86 = stablehlo.convert %85 : (tensor<48x2x32xf32>) -> tensor<48x2x32xf8E4M3FN>
    %87 = stablehlo.reshape %86 : (tensor<48x2x32xf8E4M3FN>) -> tensor<48x64xf8E4M3FN>
    %88 = stablehlo.reshape %75 : (tensor<48x2x1xui8>) -> tensor<48x2xui8>
    %89 = stablehlo.bitcast_convert %88 : (tensor<48x2xui8>) -> tensor<48x2xf8E8M0FNU>
    %90 = stablehlo.convert %87 : (tensor<48x64xf8E4M3FN>) -> tensor<48x64xf32>
    %91 = stablehlo.reshape %90 : (tensor<48x64xf32>) -> tensor<48x2x32xf32>
    %92 = stablehlo.convert %89 : (tensor<48x2xf8E8M0FNU>) -> tensor<48x2xf32>
    %93 = stablehlo.broadcast_in_dim %92, dims = [0, 1] : (tensor<48x2xf32>) -> tensor<48x2x1xf32>
    %94 = stablehlo.broadcast_in_dim %93, dims = [0, 1, 2] : (tensor<48x2x1xf32>) -> tensor<48x2x32xf32>
    %95 = stablehlo.multiply %91, %94 : tensor<48x2x32xf32>
    %96 = stablehlo.reshape %95 : (tensor<48x2x32xf32>) -> tensor<48x64xf32>
    %97 = stablehlo.dot_general %47, %96, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x40x64xf32>, tensor<48x64xf32>) -> tensor<2x40x48xf32>
    return %97 : tensor<2x40x48xf32>
  }
  func.func private @_where(%arg0: tensor<2x40x2x1xi1>, %arg1: tensor<2x40x2x1xui32>, %arg2: tensor<2x40x2x1xui32>) -> tensor<2x40x2x1xui32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<2x40x2x1xi1>, tensor<2x40x2x1xui32>
    return %0 : tensor<2x40x2x1xui32>
  }
  func.func private @_where_0(%arg0: tensor<2x40x2x1xi1>, %arg1: tensor<f32>, %arg2: tensor<2x40x2x1xf32>) -> tensor<2x40x2x1xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<2x40x2x1xf32>
    %1 = stablehlo.select %arg0, %0, %arg2 : tensor<2x40x2x1xi1>, tensor<2x40x2x1xf32>
    return %1 : tensor<2x40x2x1xf32>
  }
  func.func private @clip(%arg0: tensor<2x40x2x32xf32>, %arg1: tensor<f32>, %arg2: tensor<f32>) -> tensor<2x40x2x32xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<2x40x2x32xf32>
    %1 = stablehlo.maximum %0, %arg0 : tensor<2x40x2x32xf32>
    %2 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<2x40x2x32xf32>
    %3 = stablehlo.minimum %2, %1 : tensor<2x40x2x32xf32>
    return %3 : tensor<2x40x2x32xf32>
  }
  func.func private @_where_1(%arg0: tensor<48x2x1xi1>, %arg1: tensor<48x2x1xui32>, %arg2: tensor<48x2x1xui32>) -> tensor<48x2x1xui32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<48x2x1xi1>, tensor<48x2x1xui32>
    return %0 : tensor<48x2x1xui32>
  }
  func.func private @_where_2(%arg0: tensor<48x2x1xi1>, %arg1: tensor<f32>, %arg2: tensor<48x2x1xf32>) -> tensor<48x2x1xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<48x2x1xf32>
    %1 = stablehlo.select %arg0, %0, %arg2 : tensor<48x2x1xi1>, tensor<48x2x1xf32>
    return %1 : tensor<48x2x1xf32>
  }
  func.func private @clip_3(%arg0: tensor<48x2x32xf32>, %arg1: tensor<f32>, %arg2: tensor<f32>) -> tensor<48x2x32xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<48x2x32xf32>
    %1 = stablehlo.maximum %0, %arg0 : tensor<48x2x32xf32>
    %2 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<48x2x32xf32>
    %3 = stablehlo.minimum %2, %1 : tensor<48x2x32xf32>
    return %3 : tensor<48x2x32xf32>
  }
}
