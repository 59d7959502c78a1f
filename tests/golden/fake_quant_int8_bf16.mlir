module @jit_fake_quant_int8 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x33x64xbf16>) -> (tensor<2x33x64xbf16> {jax.result_info = "result"}) {
    %0 = stablehlo.abs %arg0 : tensor<2x33x64xbf16>
    %cst = stablehlo.constant dense<0xFF80> : tensor<bf16>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.maximum across dimensions = [2] : (tensor<2x33x64xbf16>, tensor<bf16>) -> tensor<2x33xbf16>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<2x33xbf16>) -> tensor<2x33x1xbf16>
    %cst_0 = stablehlo.constant dense<1.270000e+02> : tensor<bf16>
    %3 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<bf16>) -> tensor<2x33x1xbf16>
    %4 = stablehlo.divide %2, %3 : tensor<2x33x1xbf16>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1, 2] : (tensor<2x33x1xbf16>) -> tensor<2x33x64xbf16>
    %6 = stablehlo.divide %arg0, %5 : tensor<2x33x64xbf16>
    %7 = call @round(%6) : (tensor<2x33x64xbf16>) -> tensor<2x33x64xbf16>
    %c = stablehlo.constant dense<-127> : tensor<i32>
    %c_1 = stablehlo.constant dense<127> : tensor<i32>
    %8 = call @clip(%7, %c, %c_1) : (tensor<2x33x64xbf16>, tensor<i32>, tensor<i32>) -> tensor<2x33x64xbf16>
    %9 = stablehlo.broadcast_in_dim %4, dims = [0, 1, 2] : (tensor<2x33x1xbf16>) -> tensor<2x33x64xbf16>
    %10 = stablehlo.multiply %8, %9 : tensor<2x33x64xbf16>
    return %10 : tensor<2x33x64xbf16>
  }
  func.func private @round(%arg0: tensor<2x33x64xbf16>) -> tensor<2x33x64xbf16> {
    %0 = stablehlo.round_nearest_even %arg0 : tensor<2x33x64xbf16>
    return %0 : tensor<2x33x64xbf16>
  }
  func.func private @clip(%arg0: tensor<2x33x64xbf16>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<2x33x64xbf16> {
    %0 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<bf16>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<bf16>) -> tensor<2x33x64xbf16>
    %2 = stablehlo.maximum %1, %arg0 : tensor<2x33x64xbf16>
    %3 = stablehlo.convert %arg2 : (tensor<i32>) -> tensor<bf16>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<bf16>) -> tensor<2x33x64xbf16>
    %5 = stablehlo.minimum %4, %2 : tensor<2x33x64xbf16>
    return %5 : tensor<2x33x64xbf16>
  }
}
