module @jit_mx_dot_bf16 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<1x7x416xbf16>, %arg1: tensor<416x200xbf16>) -> (tensor<1x7x200xbf16> {jax.result_info = "result"}) {
    %0 = stablehlo.reshape %arg0 : (tensor<1x7x416xbf16>) -> tensor<1x7x13x32xbf16>
    %1 = stablehlo.abs %0 : tensor<1x7x13x32xbf16>
    %cst = stablehlo.constant dense<0xFF80> : tensor<bf16>
    %2 = stablehlo.reduce(%1 init: %cst) applies stablehlo.maximum across dimensions = [3] : (tensor<1x7x13x32xbf16>, tensor<bf16>) -> tensor<1x7x13xbf16>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0, 1, 2] : (tensor<1x7x13xbf16>) -> tensor<1x7x13x1xbf16>
    %cst_0 = stablehlo.constant dense<4.480000e+02> : tensor<bf16>
    %4 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<bf16>) -> tensor<1x7x13x1xbf16>
    %5 = stablehlo.divide %3, %4 : tensor<1x7x13x1xbf16>
    %6 = stablehlo.convert %5 : (tensor<1x7x13x1xbf16>) -> tensor<1x7x13x1xf32>
    %7 = stablehlo.bitcast_convert %6 : (tensor<1x7x13x1xf32>) -> tensor<1x7x13x1xui32>
    %c = stablehlo.constant dense<23> : tensor<ui32>
    %8 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<ui32>) -> tensor<1x7x13x1xui32>
    %9 = stablehlo.shift_right_logical %7, %8 : tensor<1x7x13x1xui32>
    %c_1 = stablehlo.constant dense<8388607> : tensor<ui32>
    %10 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<ui32>) -> tensor<1x7x13x1xui32>
    %11 = stablehlo.and %7, %10 : tensor<1x7x13x1xui32>
    %c_2 = stablehlo.constant dense<0> : tensor<ui32>
    %12 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<ui32>) -> tensor<1x7x13x1xui32>
    %13 = stablehlo.compare GT, %11, %12, UNSIGNED : (tensor<1x7x13x1xui32>, tensor<1x7x13x1xui32>) -> tensor<1x7x13x1xi1>
    %c_3 = stablehlo.constant dense<254> : tensor<ui32>
    %14 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<ui32>) -> tensor<1x7x13x1xui32>
    %15 = stablehlo.compare NE, %9, %14, UNSIGNED : (tensor<1x7x13x1xui32>, tensor<1x7x13x1xui32>) -> tensor<1x7x13x1xi1>
    %16 = stablehlo.and %13, %15 : tensor<1x7x13x1xi1>
    %c_4 = stablehlo.constant dense<0> : tensor<ui32>
    %17 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<ui32>) -> tensor<1x7x13x1xui32>
    %18 = stablehlo.compare EQ, %9, %17, UNSIGNED : (tensor<1x7x13x1xui32>, tensor<1x7x13x1xui32>) -> tensor<1x7x13x1xi1>
    %c_5 = stablehlo.constant dense<4194304> : tensor<ui32>
    %19 = stablehlo.broadcast_in_dim %c_5, dims = [] : (tensor<ui32>) -> tensor<1x7x13x1xui32>
    %20 = stablehlo.compare LE, %11, %19, UNSIGNED : (tensor<1x7x13x1xui32>, tensor<1x7x13x1xui32>) -> tensor<1x7x13x1xi1>
    %21 = stablehlo.and %18, %20 : tensor<1x7x13x1xi1>
    %22 = stablehlo.not %21 : tensor<1x7x13x1xi1>
    %23 = stablehlo.and %16, %22 : tensor<1x7x13x1xi1>
    %c_6 = stablehlo.constant dense<1> : tensor<ui32>
    %24 = stablehlo.broadcast_in_dim %c_6, dims = [] : (tensor<ui32>) -> tensor<1x7x13x1xui32>
    %25 = stablehlo.add %9, %24 : tensor<1x7x13x1xui32>
    %26 = call @_where(%23, %25, %9) : (tensor<1x7x13x1xi1>, tensor<1x7x13x1xui32>, tensor<1x7x13x1xui32>) -> tensor<1x7x13x1xui32>
    %27 = stablehlo.convert %26 : (tensor<1x7x13x1xui32>) -> tensor<1x7x13x1xui8>
    %28 = stablehlo.convert %27 : (tensor<1x7x13x1xui8>) -> tensor<1x7x13x1xui32>
    %c_7 = stablehlo.constant dense<23> : tensor<ui32>
    %29 = stablehlo.broadcast_in_dim %c_7, dims = [] : (tensor<ui32>) -> tensor<1x7x13x1xui32>
    %30 = stablehlo.shift_left %28, %29 : tensor<1x7x13x1xui32>
    %31 = stablehlo.bitcast_convert %30 : (tensor<1x7x13x1xui32>) -> tensor<1x7x13x1xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %32 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<1x7x13x1xf32>
    %33 = stablehlo.compare EQ, %31, %32, FLOAT : (tensor<1x7x13x1xf32>, tensor<1x7x13x1xf32>) -> tensor<1x7x13x1xi1>
    %cst_9 = stablehlo.constant dense<5.87747175E-39> : tensor<f32>
    %34 = call @_where_0(%33, %cst_9, %31) : (tensor<1x7x13x1xi1>, tensor<f32>, tensor<1x7x13x1xf32>) -> tensor<1x7x13x1xf32>
    %35 = stablehlo.convert %34 : (tensor<1x7x13x1xf32>) -> tensor<1x7x13x1xbf16>
    %36 = stablehlo.broadcast_in_dim %35, dims = [0, 1, 2, 3] : (tensor<1x7x13x1xbf16>) -> tensor<1x7x13x32xbf16>
    %37 = stablehlo.divide %0, %36 : tensor<1x7x13x32xbf16>
    %cst_10 = stablehlo.constant dense<-4.480000e+02> : tensor<bf16>
    %cst_11 = stablehlo.constant dense<4.480000e+02> : tensor<bf16>
    %38 = call @clip(%37, %cst_10, %cst_11) : (tensor<1x7x13x32xbf16>, tensor<bf16>, tensor<bf16>) -> tensor<1x7x13x32xbf16>
    %39 = stablehlo.convert %38 : (tensor<1x7x13x32xbf16>) -> tensor<1x7x13x32xf8E4M3FN>
    %40 = stablehlo.reshape %39 : (tensor<1x7x13x32xf8E4M3FN>) -> tensor<1x7x416xf8E4M3FN>
    %41 = stablehlo.reshape %27 : (tensor<1x7x13x1xui8>) -> tensor<1x7x13xui8>
    %42 = stablehlo.bitcast_convert %41 : (tensor<1x7x13xui8>) -> tensor<1x7x13xf8E8M0FNU>
    %43 = stablehlo.convert %40 : (tensor<1x7x416xf8E4M3FN>) -> tensor<1x7x416xbf16>
    %44 = stablehlo.reshape %43 : (tensor<1x7x416xbf16>) -> tensor<1x7x13x32xbf16>
    %45 = stablehlo.convert %42 : (tensor<1x7x13xf8E8M0FNU>) -> tensor<1x7x13xbf16>
    %46 = stablehlo.broadcast_in_dim %45, dims = [0, 1, 2] : (tensor<1x7x13xbf16>) -> tensor<1x7x13x1xbf16>
    %47 = stablehlo.broadcast_in_dim %46, dims = [0, 1, 2, 3] : (tensor<1x7x13x1xbf16>) -> tensor<1x7x13x32xbf16>
    %48 = stablehlo.multiply %44, %47 : tensor<1x7x13x32xbf16>
    %49 = stablehlo.reshape %48 : (tensor<1x7x13x32xbf16>) -> tensor<1x7x416xbf16>
    %50 = stablehlo.transpose %arg1, dims = [1, 0] : (tensor<416x200xbf16>) -> tensor<200x416xbf16>
    %51 = stablehlo.reshape %50 : (tensor<200x416xbf16>) -> tensor<200x13x32xbf16>
    %52 = stablehlo.abs %51 : tensor<200x13x32xbf16>
    %cst_12 = stablehlo.constant dense<0xFF80> : tensor<bf16>
    %53 = stablehlo.reduce(%52 init: %cst_12) applies stablehlo.maximum across dimensions = [2] : (tensor<200x13x32xbf16>, tensor<bf16>) -> tensor<200x13xbf16>
    %54 = stablehlo.broadcast_in_dim %53, dims = [0, 1] : (tensor<200x13xbf16>) -> tensor<200x13x1xbf16>
    %cst_13 = stablehlo.constant dense<4.480000e+02> : tensor<bf16>
    %55 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<bf16>) -> tensor<200x13x1xbf16>
    %56 = stablehlo.divide %54, %55 : tensor<200x13x1xbf16>
    %57 = stablehlo.convert %56 : (tensor<200x13x1xbf16>) -> tensor<200x13x1xf32>
    %58 = stablehlo.bitcast_convert %57 : (tensor<200x13x1xf32>) -> tensor<200x13x1xui32>
    %c_14 = stablehlo.constant dense<23> : tensor<ui32>
    %59 = stablehlo.broadcast_in_dim %c_14, dims = [] : (tensor<ui32>) -> tensor<200x13x1xui32>
    %60 = stablehlo.shift_right_logical %58, %59 : tensor<200x13x1xui32>
    %c_15 = stablehlo.constant dense<8388607> : tensor<ui32>
    %61 = stablehlo.broadcast_in_dim %c_15, dims = [] : (tensor<ui32>) -> tensor<200x13x1xui32>
    %62 = stablehlo.and %58, %61 : tensor<200x13x1xui32>
    %c_16 = stablehlo.constant dense<0> : tensor<ui32>
    %63 = stablehlo.broadcast_in_dim %c_16, dims = [] : (tensor<ui32>) -> tensor<200x13x1xui32>
    %64 = stablehlo.compare GT, %62, %63, UNSIGNED : (tensor<200x13x1xui32>, tensor<200x13x1xui32>) -> tensor<200x13x1xi1>
    %c_17 = stablehlo.constant dense<254> : tensor<ui32>
    %65 = stablehlo.broadcast_in_dim %c_17, dims = [] : (tensor<ui32>) -> tensor<200x13x1xui32>
    %66 = stablehlo.compare NE, %60, %65, UNSIGNED : (tensor<200x13x1xui32>, tensor<200x13x1xui32>) -> tensor<200x13x1xi1>
    %67 = stablehlo.and %64, %66 : tensor<200x13x1xi1>
    %c_18 = stablehlo.constant dense<0> : tensor<ui32>
    %68 = stablehlo.broadcast_in_dim %c_18, dims = [] : (tensor<ui32>) -> tensor<200x13x1xui32>
    %69 = stablehlo.compare EQ, %60, %68, UNSIGNED : (tensor<200x13x1xui32>, tensor<200x13x1xui32>) -> tensor<200x13x1xi1>
    %c_19 = stablehlo.constant dense<4194304> : tensor<ui32>
    %70 = stablehlo.broadcast_in_dim %c_19, dims = [] : (tensor<ui32>) -> tensor<200x13x1xui32>
    %71 = stablehlo.compare LE, %62, %70, UNSIGNED : (tensor<200x13x1xui32>, tensor<200x13x1xui32>) -> tensor<200x13x1xi1>
    %72 = stablehlo.and %69, %71 : tensor<200x13x1xi1>
    %73 = stablehlo.not %72 : tensor<200x13x1xi1>
    %74 = stablehlo.and %67, %73 : tensor<200x13x1xi1>
    %c_20 = stablehlo.constant dense<1> : tensor<ui32>
    %75 = stablehlo.broadcast_in_dim %c_20, dims = [] : (tensor<ui32>) -> tensor<200x13x1xui32>
    %76 = stablehlo.add %60, %75 : tensor<200x13x1xui32>
    %77 = call @_where_1(%74, %76, %60) : (tensor<200x13x1xi1>, tensor<200x13x1xui32>, tensor<200x13x1xui32>) -> tensor<200x13x1xui32>
    %78 = stablehlo.convert %77 : (tensor<200x13x1xui32>) -> tensor<200x13x1xui8>
    %79 = stablehlo.convert %78 : (tensor<200x13x1xui8>) -> tensor<200x13x1xui32>
    %c_21 = stablehlo.constant dense<23> : tensor<ui32>
    %80 = stablehlo.broadcast_in_dim %c_21, dims = [] : (tensor<ui32>) -> tensor<200x13x1xui32>
    %81 = stablehlo.shift_left %79, %80 : tensor<200x13x1xui32>
    %82 = stablehlo.bitcast_convert %81 : (tensor<200x13x1xui32>) -> tensor<200x13x1xf32>
    %cst_22 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %83 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<200x13x1xf32>
    %84 = stablehlo.compare EQ, %82, %83, FLOAT : (tensor<200x13x1xf32>, tensor<200x13x1xf32>) -> tensor<200x13x1xi1>
    %cst_23 = stablehlo.constant dense<5.87747175E-39> : tensor<f32>
    %85 = call @_where_2(%84, %cst_23, %82) : (tensor<200x13x1xi1>, tensor<f32>, tensor<200x13x1xf32>) -> tensor<200x13x1xf32>
    %86 = stablehlo.convert %85 : (tensor<200x13x1xf32>) -> tensor<200x13x1xbf16>
    %87 = stablehlo.broadcast_in_dim %86, dims = [0, 1, 2] : (tensor<200x13x1xbf16>) -> tensor<200x13x32xbf16>
    %88 = stablehlo.divide %51, %87 : tensor<200x13x32xbf16>
    %cst_24 = stablehlo.constant dense<-4.480000e+02> : tensor<bf16>
    %cst_25 = stablehlo.constant dense<4.480000e+02> : tensor<bf16>
    %89 = call @clip_3(%88, %cst_24, %cst_25) : (tensor<200x13x32xbf16>, tensor<bf16>, tensor<bf16>) -> tensor<200x13x32xbf16>
    %90 = stablehlo.convert %89 : (tensor<200x13x32xbf16>) -> tensor<200x13x32xf8E4M3FN>
    %91 = stablehlo.reshape %90 : (tensor<200x13x32xf8E4M3FN>) -> tensor<200x416xf8E4M3FN>
    %92 = stablehlo.reshape %78 : (tensor<200x13x1xui8>) -> tensor<200x13xui8>
    %93 = stablehlo.bitcast_convert %92 : (tensor<200x13xui8>) -> tensor<200x13xf8E8M0FNU>
    %94 = stablehlo.convert %91 : (tensor<200x416xf8E4M3FN>) -> tensor<200x416xbf16>
    %95 = stablehlo.reshape %94 : (tensor<200x416xbf16>) -> tensor<200x13x32xbf16>
    %96 = stablehlo.convert %93 : (tensor<200x13xf8E8M0FNU>) -> tensor<200x13xbf16>
    %97 = stablehlo.broadcast_in_dim %96, dims = [0, 1] : (tensor<200x13xbf16>) -> tensor<200x13x1xbf16>
    %98 = stablehlo.broadcast_in_dim %97, dims = [0, 1, 2] : (tensor<200x13x1xbf16>) -> tensor<200x13x32xbf16>
    %99 = stablehlo.multiply %95, %98 : tensor<200x13x32xbf16>
    %100 = stablehlo.reshape %99 : (tensor<200x13x32xbf16>) -> tensor<200x416xbf16>
    %101 = stablehlo.dot_general %49, %100, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<1x7x416xbf16>, tensor<200x416xbf16>) -> tensor<1x7x200xbf16>
    return %101 : tensor<1x7x200xbf16>
  }
  func.func private @_where(%arg0: tensor<1x7x13x1xi1>, %arg1: tensor<1x7x13x1xui32>, %arg2: tensor<1x7x13x1xui32>) -> tensor<1x7x13x1xui32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<1x7x13x1xi1>, tensor<1x7x13x1xui32>
    return %0 : tensor<1x7x13x1xui32>
  }
  func.func private @_where_0(%arg0: tensor<1x7x13x1xi1>, %arg1: tensor<f32>, %arg2: tensor<1x7x13x1xf32>) -> tensor<1x7x13x1xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<1x7x13x1xf32>
    %1 = stablehlo.select %arg0, %0, %arg2 : tensor<1x7x13x1xi1>, tensor<1x7x13x1xf32>
    return %1 : tensor<1x7x13x1xf32>
  }
  func.func private @clip(%arg0: tensor<1x7x13x32xbf16>, %arg1: tensor<bf16>, %arg2: tensor<bf16>) -> tensor<1x7x13x32xbf16> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<bf16>) -> tensor<1x7x13x32xbf16>
    %1 = stablehlo.maximum %0, %arg0 : tensor<1x7x13x32xbf16>
    %2 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<bf16>) -> tensor<1x7x13x32xbf16>
    %3 = stablehlo.minimum %2, %1 : tensor<1x7x13x32xbf16>
    return %3 : tensor<1x7x13x32xbf16>
  }
  func.func private @_where_1(%arg0: tensor<200x13x1xi1>, %arg1: tensor<200x13x1xui32>, %arg2: tensor<200x13x1xui32>) -> tensor<200x13x1xui32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<200x13x1xi1>, tensor<200x13x1xui32>
    return %0 : tensor<200x13x1xui32>
  }
  func.func private @_where_2(%arg0: tensor<200x13x1xi1>, %arg1: tensor<f32>, %arg2: tensor<200x13x1xf32>) -> tensor<200x13x1xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<200x13x1xf32>
    %1 = stablehlo.select %arg0, %0, %arg2 : tensor<200x13x1xi1>, tensor<200x13x1xf32>
    return %1 : tensor<200x13x1xf32>
  }
  func.func private @clip_3(%arg0: tensor<200x13x32xbf16>, %arg1: tensor<bf16>, %arg2: tensor<bf16>) -> tensor<200x13x32xbf16> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<bf16>) -> tensor<200x13x32xbf16>
    %1 = stablehlo.maximum %0, %arg0 : tensor<200x13x32xbf16>
    %2 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<bf16>) -> tensor<200x13x32xbf16>
    %3 = stablehlo.minimum %2, %1 : tensor<200x13x32xbf16>
    return %3 : tensor<200x13x32xbf16>
  }
}
