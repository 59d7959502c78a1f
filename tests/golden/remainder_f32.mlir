module @jit_remainders attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x7xf32>, %arg1: tensor<3x7xf32>, %arg2: tensor<12xbf16>) -> (tensor<3x7xf32> {jax.result_info = "result[0]"}, tensor<3x7xf32> {jax.result_info = "result[1]"}, tensor<3x7xf32> {jax.result_info = "result[2]"}, tensor<12xbf16> {jax.result_info = "result[3]"}) {
    %0 = call @fmod(%arg0, %arg1) : (tensor<3x7xf32>, tensor<3x7xf32>) -> tensor<3x7xf32>
    %1 = call @remainder(%arg0, %arg1) : (tensor<3x7xf32>, tensor<3x7xf32>) -> tensor<3x7xf32>
    %cst = stablehlo.constant dense<1.000000e+30> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3x7xf32>
    %3 = stablehlo.multiply %arg0, %2 : tensor<3x7xf32>
    %4 = call @fmod(%3, %arg1) : (tensor<3x7xf32>, tensor<3x7xf32>) -> tensor<3x7xf32>
    %5 = stablehlo.reverse %arg2, dims = [0] : tensor<12xbf16>
    %cst_0 = stablehlo.constant dense<5.000000e-01> : tensor<bf16>
    %6 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<bf16>) -> tensor<12xbf16>
    %7 = stablehlo.add %5, %6 : tensor<12xbf16>
    %8 = call @fmod_0(%arg2, %7) : (tensor<12xbf16>, tensor<12xbf16>) -> tensor<12xbf16>
    return %0, %1, %4, %8 : tensor<3x7xf32>, tensor<3x7xf32>, tensor<3x7xf32>, tensor<12xbf16>
  }
  func.func private @fmod(%arg0: tensor<3x7xf32>, %arg1: tensor<3x7xf32>) -> tensor<3x7xf32> {
    %0 = stablehlo.remainder %arg0, %arg1 : tensor<3x7xf32>
    return %0 : tensor<3x7xf32>
  }
  func.func private @remainder(%arg0: tensor<3x7xf32>, %arg1: tensor<3x7xf32>) -> tensor<3x7xf32> {
    %0 = stablehlo.remainder %arg0, %arg1 : tensor<3x7xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3x7xf32>
    %2 = stablehlo.compare NE, %0, %1, FLOAT : (tensor<3x7xf32>, tensor<3x7xf32>) -> tensor<3x7xi1>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<3x7xf32>
    %4 = stablehlo.compare LT, %0, %3, FLOAT : (tensor<3x7xf32>, tensor<3x7xf32>) -> tensor<3x7xi1>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<3x7xf32>
    %6 = stablehlo.compare LT, %arg1, %5, FLOAT : (tensor<3x7xf32>, tensor<3x7xf32>) -> tensor<3x7xi1>
    %7 = stablehlo.compare NE, %4, %6, UNSIGNED : (tensor<3x7xi1>, tensor<3x7xi1>) -> tensor<3x7xi1>
    %8 = stablehlo.and %7, %2 : tensor<3x7xi1>
    %9 = stablehlo.add %0, %arg1 : tensor<3x7xf32>
    %10 = stablehlo.select %8, %9, %0 : tensor<3x7xi1>, tensor<3x7xf32>
    return %10 : tensor<3x7xf32>
  }
  func.func private @fmod_0(%arg0: tensor<12xbf16>, %arg1: tensor<12xbf16>) -> tensor<12xbf16> {
    %0 = stablehlo.remainder %arg0, %arg1 : tensor<12xbf16>
    return %0 : tensor<12xbf16>
  }
}
