module @jit_nvfp4_quantize attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x5x64xf32>) -> (tensor<4x5x64xf4E2M1FN> {jax.result_info = "result[0]"}, tensor<4x5x4xf8E4M3FN> {jax.result_info = "result[1]"}) {
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %1 = stablehlo.reshape %arg0 : (tensor<4x5x64xf32>) -> tensor<4x5x4x16xf32>
    %2 = stablehlo.broadcast_in_dim %0, dims = [3] : (tensor<1xf32>) -> tensor<1x1x1x1xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0, 1, 2, 3] : (tensor<1x1x1x1xf32>) -> tensor<4x5x4x16xf32>
    %4 = stablehlo.divide %1, %3 : tensor<4x5x4x16xf32>
    %5 = stablehlo.abs %4 : tensor<4x5x4x16xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %6 = stablehlo.reduce(%5 init: %cst_0) applies stablehlo.maximum across dimensions = [3] : (tensor<4x5x4x16xf32>, tensor<f32>) -> tensor<4x5x4xf32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [0, 1, 2] : (tensor<4x5x4xf32>) -> tensor<4x5x4x1xf32>
    %cst_1 = stablehlo.constant dense<6.000000e+00> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<4x5x4x1xf32>
    %9 = stablehlo.divide %7, %8 : tensor<4x5x4x1xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %cst_2 = stablehlo.constant dense<4.480000e+02> : tensor<f32>
    %10 = call @clip(%9, %c, %cst_2) : (tensor<4x5x4x1xf32>, tensor<i32>, tensor<f32>) -> tensor<4x5x4x1xf32>
    %11 = stablehlo.convert %10 : (tensor<4x5x4x1xf32>) -> tensor<4x5x4x1xf8E4M3FN>
    %12 = stablehlo.optimization_barrier %11 : tensor<4x5x4x1xf8E4M3FN>
    %13 = stablehlo.convert %12 : (tensor<4x5x4x1xf8E4M3FN>) -> tensor<4x5x4x1xf32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [0, 1, 2, 3] : (tensor<4x5x4x1xf32>) -> tensor<4x5x4x16xf32>
    %15 = stablehlo.divide %4, %14 : tensor<4x5x4x16xf32>
    %cst_3 = stablehlo.constant dense<-6.000000e+00> : tensor<f32>
    %cst_4 = stablehlo.constant dense<6.000000e+00> : tensor<f32>
    %16 = call @clip_0(%15, %cst_3, %cst_4) : (tensor<4x5x4x16xf32>, tensor<f32>, tensor<f32>) -> tensor<4x5x4x16xf32>
    %17 = stablehlo.convert %16 : (tensor<4x5x4x16xf32>) -> tensor<4x5x4x16xf4E2M1FN>
    %18 = stablehlo.reshape %17 : (tensor<4x5x4x16xf4E2M1FN>) -> tensor<4x5x64xf4E2M1FN>
    %19 = stablehlo.reshape %12 : (tensor<4x5x4x1xf8E4M3FN>) -> tensor<4x5x4xf8E4M3FN>
    return %18, %19 : tensor<4x5x64xf4E2M1FN>, tensor<4x5x4xf8E4M3FN>
  }
  func.func private @clip(%arg0: tensor<4x5x4x1xf32>, %arg1: tensor<i32>, %arg2: tensor<f32>) -> tensor<4x5x4x1xf32> {
    %0 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<4x5x4x1xf32>
    %2 = stablehlo.maximum %1, %arg0 : tensor<4x5x4x1xf32>
    %3 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<4x5x4x1xf32>
    %4 = stablehlo.minimum %3, %2 : tensor<4x5x4x1xf32>
    return %4 : tensor<4x5x4x1xf32>
  }
  func.func private @clip_0(%arg0: tensor<4x5x4x16xf32>, %arg1: tensor<f32>, %arg2: tensor<f32>) -> tensor<4x5x4x16xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<4x5x4x16xf32>
    %1 = stablehlo.maximum %0, %arg0 : tensor<4x5x4x16xf32>
    %2 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<4x5x4x16xf32>
    %3 = stablehlo.minimum %2, %1 : tensor<4x5x4x16xf32>
    return %3 : tensor<4x5x4x16xf32>
  }
}
