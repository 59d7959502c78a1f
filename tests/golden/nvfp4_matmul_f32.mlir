module @jit_nvfp4_dot attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x9x80xf32>, %arg1: tensor<80x24xf32>) -> (tensor<2x9x24xf32> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %1 = stablehlo.reshape %arg0 : (tensor<2x9x80xf32>) -> tensor<2x9x5x16xf32>
    %2 = stablehlo.broadcast_in_dim %0, dims = [3] : (tensor<1xf32>) -> tensor<1x1x1x1xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0, 1, 2, 3] : (tensor<1x1x1x1xf32>) -> tensor<2x9x5x16xf32>
    %4 = stablehlo.divide %1, %3 : tensor<2x9x5x16xf32>
    %5 = stablehlo.abs %4 : tensor<2x9x5x16xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %6 = stablehlo.reduce(%5 init: %cst_0) applies stablehlo.maximum across dimensions = [3] : (tensor<2x9x5x16xf32>, tensor<f32>) -> tensor<2x9x5xf32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [0, 1, 2] : (tensor<2x9x5xf32>) -> tensor<2x9x5x1xf32>
    %cst_1 = stablehlo.constant dense<6.000000e+00> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x9x5x1xf32>
    %9 = stablehlo.divide %7, %8 : tensor<2x9x5x1xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %cst_2 = stablehlo.constant dense<4.480000e+02> : tensor<f32>
    %10 = call @clip(%9, %c, %cst_2) : (tensor<2x9x5x1xf32>, tensor<i32>, tensor<f32>) -> tensor<2x9x5x1xf32>
    %11 = stablehlo.convert %10 : (tensor<2x9x5x1xf32>) -> tensor<2x9x5x1xf8E4M3FN>
    %12 = stablehlo.optimization_barrier %11 : tensor<2x9x5x1xf8E4M3FN>
    %13 = stablehlo.convert %12 : (tensor<2x9x5x1xf8E4M3FN>) -> tensor<2x9x5x1xf32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [0, 1, 2, 3] : (tensor<2x9x5x1xf32>) -> tensor<2x9x5x16xf32>
    %15 = stablehlo.divide %4, %14 : tensor<2x9x5x16xf32>
    %cst_3 = stablehlo.constant dense<-6.000000e+00> : tensor<f32>
    %cst_4 = stablehlo.constant dense<6.000000e+00> : tensor<f32>
    %16 = call @clip_0(%15, %cst_3, %cst_4) : (tensor<2x9x5x16xf32>, tensor<f32>, tensor<f32>) -> tensor<2x9x5x16xf32>
    %17 = stablehlo.convert %16 : (tensor<2x9x5x16xf32>) -> tensor<2x9x5x16xf4E2M1FN>
    %18 = stablehlo.reshape %17 : (tensor<2x9x5x16xf4E2M1FN>) -> tensor<2x9x80xf4E2M1FN>
    %19 = stablehlo.reshape %12 : (tensor<2x9x5x1xf8E4M3FN>) -> tensor<2x9x5xf8E4M3FN>
    %20 = stablehlo.convert %18 : (tensor<2x9x80xf4E2M1FN>) -> tensor<2x9x80xf32>
    %21 = stablehlo.reshape %20 : (tensor<2x9x80xf32>) -> tensor<2x9x5x16xf32>
    %22 = stablehlo.convert %19 : (tensor<2x9x5xf8E4M3FN>) -> tensor<2x9x5xf32>
    %23 = stablehlo.broadcast_in_dim %22, dims = [0, 1, 2] : (tensor<2x9x5xf32>) -> tensor<2x9x5x1xf32>
    %24 = stablehlo.broadcast_in_dim %23, dims = [0, 1, 2, 3] : (tensor<2x9x5x1xf32>) -> tensor<2x9x5x16xf32>
    %25 = stablehlo.multiply %21, %24 : tensor<2x9x5x16xf32>
    %26 = stablehlo.reshape %25 : (tensor<2x9x5x16xf32>) -> tensor<2x9x80xf32>
    %27 = stablehlo.transpose %arg1, dims = [1, 0] : (tensor<80x24xf32>) -> tensor<24x80xf32>
    %cst_5 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %28 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %29 = stablehlo.reshape %27 : (tensor<24x80xf32>) -> tensor<24x5x16xf32>
    %30 = stablehlo.broadcast_in_dim %28, dims = [2] : (tensor<1xf32>) -> tensor<1x1x1xf32>
    %31 = stablehlo.broadcast_in_dim %30, dims = [0, 1, 2] : (tensor<1x1x1xf32>) -> tensor<24x5x16xf32>
    %32 = stablehlo.divide %29, %31 : tensor<24x5x16xf32>
    %33 = stablehlo.abs %32 : tensor<24x5x16xf32>
    %cst_6 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %34 = stablehlo.reduce(%33 init: %cst_6) applies stablehlo.maximum across dimensions = [2] : (tensor<24x5x16xf32>, tensor<f32>) -> tensor<24x5xf32>
    %35 = stablehlo.broadcast_in_dim %34, dims = [0, 1] : (tensor<24x5xf32>) -> tensor<24x5x1xf32>
    %cst_7 = stablehlo.constant dense<6.000000e+00> : tensor<f32>
    %36 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<24x5x1xf32>
    %37 = stablehlo.divide %35, %36 : tensor<24x5x1xf32>
    %c_8 = stablehlo.constant dense<0> : tensor<i32>
    %cst_9 = stablehlo.constant dense<4.480000e+02> : tensor<f32>
    %38 = call @clip_1(%37, %c_8, %cst_9) : (tensor<24x5x1xf32>, tensor<i32>, tensor<f32>) -> tensor<24x5x1xf32>
    %39 = stablehlo.convert %38 : (tensor<24x5x1xf32>) -> tensor<24x5x1xf8E4M3FN>
    %40 = stablehlo.optimization_barrier %39 : tensor<24x5x1xf8E4M3FN>
    %41 = stablehlo.convert %40 : (tensor<24x5x1xf8E4M3FN>) -> tensor<24x5x1xf32>
    %42 = stablehlo.broadcast_in_dim %41, dims = [0, 1, 2] : (tensor<24x5x1xf32>) -> tensor<24x5x16xf32>
    %43 = stablehlo.divide %32, %42 : tensor<24x5x16xf32>
    %cst_10 = stablehlo.constant dense<-6.000000e+00> : tensor<f32>
    %cst_11 = stablehlo.constant dense<6.000000e+00> : tensor<f32>
    %44 = call @clip_2(%43, %cst_10, %cst_11) : (tensor<24x5x16xf32>, tensor<f32>, tensor<f32>) -> tensor<24x5x16xf32>
    %45 = stablehlo.convert %44 : (tensor<24x5x16xf32>) -> tensor<24x5x16xf4E2M1FN>
    %46 = stablehlo.reshape %45 : (tensor<24x5x16xf4E2M1FN>) -> tensor<24x80xf4E2M1FN>
    %47 = stablehlo.reshape %40 : (tensor<24x5x1xf8E4M3FN>) -> tensor<24x5xf8E4M3FN>
    %48 = stablehlo.convert %46 : (tensor<24x80xf4E2M1FN>) -> tensor<24x80xf32>
    %49 = stablehlo.reshape %48 : (tensor<24x80xf32>) -> tensor<24x5x16xf32>
    %50 = stablehlo.convert %47 : (tensor<24x5xf8E4M3FN>) -> tensor<24x5xf32>
    %51 = stablehlo.broadcast_in_dim %50, dims = [0, 1] : (tensor<24x5xf32>) -> tensor<24x5x1xf32>
    %52 = stablehlo.broadcast_in_dim %51, dims = [0, 1, 2] : (tensor<24x5x1xf32>) -> tensor<24x5x16xf32>
    %53 = stablehlo.multiply %49, %52 : tensor<24x5x16xf32>
    %54 = stablehlo.reshape %53 : (tensor<24x5x16xf32>) -> tensor<24x80xf32>
    %55 = stablehlo.dot_general %26, %54, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x9x80xf32>, tensor<24x80xf32>) -> tensor<2x9x24xf32>
    return %55 : tensor<2x9x24xf32>
  }
  func.func private @clip(%arg0: tensor<2x9x5x1xf32>, %arg1: tensor<i32>, %arg2: tensor<f32>) -> tensor<2x9x5x1xf32> {
    %0 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<2x9x5x1xf32>
    %2 = stablehlo.maximum %1, %arg0 : tensor<2x9x5x1xf32>
    %3 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<2x9x5x1xf32>
    %4 = stablehlo.minimum %3, %2 : tensor<2x9x5x1xf32>
    return %4 : tensor<2x9x5x1xf32>
  }
  func.func private @clip_0(%arg0: tensor<2x9x5x16xf32>, %arg1: tensor<f32>, %arg2: tensor<f32>) -> tensor<2x9x5x16xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<2x9x5x16xf32>
    %1 = stablehlo.maximum %0, %arg0 : tensor<2x9x5x16xf32>
    %2 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<2x9x5x16xf32>
    %3 = stablehlo.minimum %2, %1 : tensor<2x9x5x16xf32>
    return %3 : tensor<2x9x5x16xf32>
  }
  func.func private @clip_1(%arg0: tensor<24x5x1xf32>, %arg1: tensor<i32>, %arg2: tensor<f32>) -> tensor<24x5x1xf32> {
    %0 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<24x5x1xf32>
    %2 = stablehlo.maximum %1, %arg0 : tensor<24x5x1xf32>
    %3 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<24x5x1xf32>
    %4 = stablehlo.minimum %3, %2 : tensor<24x5x1xf32>
    return %4 : tensor<24x5x1xf32>
  }
  func.func private @clip_2(%arg0: tensor<24x5x16xf32>, %arg1: tensor<f32>, %arg2: tensor<f32>) -> tensor<24x5x16xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<24x5x16xf32>
    %1 = stablehlo.maximum %0, %arg0 : tensor<24x5x16xf32>
    %2 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<24x5x16xf32>
    %3 = stablehlo.minimum %2, %1 : tensor<24x5x16xf32>
    return %3 : tensor<24x5x16xf32>
  }
}
