module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<200x64xf32>, %arg1: tensor<64x8xf32>, %arg2: tensor<8x64x96xf32>, %arg3: tensor<8x96x64xf32>) -> (tensor<200x64xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<200x64xf32>, tensor<64x8xf32>) -> tensor<200x8xf32>
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<200x8xf32>, tensor<f32>) -> tensor<200xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<200xf32>
    %3 = stablehlo.maximum %2, %1 : tensor<200xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0] : (tensor<200xf32>) -> tensor<200x1xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<200x1xf32>) -> tensor<200x8xf32>
    %6 = stablehlo.subtract %0, %5 : tensor<200x8xf32>
    %7 = stablehlo.exponential %6 : tensor<200x8xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %8 = stablehlo.reduce(%7 init: %cst_1) applies stablehlo.add across dimensions = [1] : (tensor<200x8xf32>, tensor<f32>) -> tensor<200xf32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0] : (tensor<200xf32>) -> tensor<200x1xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1] : (tensor<200x1xf32>) -> tensor<200x8xf32>
    %11 = stablehlo.divide %7, %10 : tensor<200x8xf32>
    %values, %indices = chlo.top_k(%11, k = 2) : tensor<200x8xf32> -> (tensor<200x2xf32>, tensor<200x2xi32>)
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %12 = stablehlo.reduce(%values init: %cst_2) applies stablehlo.add across dimensions = [1] : (tensor<200x2xf32>, tensor<f32>) -> tensor<200xf32>
    %13 = stablehlo.broadcast_in_dim %12, dims = [0] : (tensor<200xf32>) -> tensor<200x1xf32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [0, 1] : (tensor<200x1xf32>) -> tensor<200x2xf32>
    %15 = stablehlo.divide %values, %14 : tensor<200x2xf32>
    %16 = call @_one_hot(%indices) : (tensor<200x2xi32>) -> tensor<200x2x8xf32>
    %17 = stablehlo.broadcast_in_dim %15, dims = [0, 1] : (tensor<200x2xf32>) -> tensor<200x2x1xf32>
    %18 = stablehlo.broadcast_in_dim %17, dims = [0, 1, 2] : (tensor<200x2x1xf32>) -> tensor<200x2x8xf32>
    %19 = stablehlo.multiply %16, %18 : tensor<200x2x8xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %20 = stablehlo.reduce(%19 init: %cst_3) applies stablehlo.add across dimensions = [1] : (tensor<200x2x8xf32>, tensor<f32>) -> tensor<200x8xf32>
    %21 = stablehlo.dot_general %arg0, %arg2, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<200x64xf32>, tensor<8x64x96xf32>) -> tensor<200x8x96xf32>
    %22 = call @silu(%21) : (tensor<200x8x96xf32>) -> tensor<200x8x96xf32>
    %23 = stablehlo.dot_general %arg3, %22, batching_dims = [0] x [1], contracting_dims = [1] x [2], precision = [DEFAULT, DEFAULT] : (tensor<8x96x64xf32>, tensor<200x8x96xf32>) -> tensor<8x64x200xf32>
    %24 = stablehlo.transpose %23, dims = [2, 0, 1] : (tensor<8x64x200xf32>) -> tensor<200x8x64xf32>
    %25 = stablehlo.dot_general %24, %20, batching_dims = [0] x [0], contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<200x8x64xf32>, tensor<200x8xf32>) -> tensor<200x64xf32>
    return %25 : tensor<200x64xf32>
  }
  func.func private @_one_hot(%arg0: tensor<200x2xi32>) -> tensor<200x2x8xf32> {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [0, 1] : (tensor<200x2xi32>) -> tensor<200x2x1xi32>
    %1 = stablehlo.iota dim = 2 : tensor<1x1x8xi32>
    %2 = stablehlo.broadcast_in_dim %0, dims = [0, 1, 2] : (tensor<200x2x1xi32>) -> tensor<200x2x8xi32>
    %3 = stablehlo.broadcast_in_dim %1, dims = [0, 1, 2] : (tensor<1x1x8xi32>) -> tensor<200x2x8xi32>
    %4 = stablehlo.compare EQ, %2, %3, SIGNED : (tensor<200x2x8xi32>, tensor<200x2x8xi32>) -> tensor<200x2x8xi1>
    %5 = stablehlo.convert %4 : (tensor<200x2x8xi1>) -> tensor<200x2x8xf32>
    return %5 : tensor<200x2x8xf32>
  }
  func.func private @silu(%arg0: tensor<200x8x96xf32>) -> tensor<200x8x96xf32> {
    %0 = stablehlo.negate %arg0 : tensor<200x8x96xf32>
    %1 = stablehlo.exponential %0 : tensor<200x8x96xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<200x8x96xf32>
    %3 = stablehlo.add %2, %1 : tensor<200x8x96xf32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<200x8x96xf32>
    %5 = stablehlo.divide %4, %3 : tensor<200x8x96xf32>
    %6 = stablehlo.multiply %arg0, %5 : tensor<200x8x96xf32>
    return %6 : tensor<200x8x96xf32>
  }
}
