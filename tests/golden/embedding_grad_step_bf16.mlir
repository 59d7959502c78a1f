module @jit_embedding_grad_step attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<1000x64xbf16>, %arg1: tensor<64x16xbf16>, %arg2: tensor<4x33xi32>) -> (tensor<1000x64xbf16> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<4x33xi32>
    %1 = stablehlo.compare LT, %arg2, %0, SIGNED : (tensor<4x33xi32>, tensor<4x33xi32>) -> tensor<4x33xi1>
    %c_0 = stablehlo.constant dense<1000> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<4x33xi32>
    %3 = stablehlo.add %arg2, %2 : tensor<4x33xi32>
    %4 = stablehlo.select %1, %3, %arg2 : tensor<4x33xi1>, tensor<4x33xi32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<4x33xi32>) -> tensor<4x33x1xi32>
    %6 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64>}> : (tensor<1000x64xbf16>, tensor<4x33x1xi32>) -> tensor<4x33x64xbf16>
    %7 = stablehlo.tanh %6 : tensor<4x33x64xbf16>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<bf16>
    %8 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<bf16>) -> tensor<4x33x64xbf16>
    %9 = stablehlo.subtract %8, %7 : tensor<4x33x64xbf16>
    %10 = stablehlo.dot_general %7, %arg1, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x33x64xbf16>, tensor<64x16xbf16>) -> tensor<4x33x16xbf16>
    %cst_1 = stablehlo.constant dense<2.000000e+00> : tensor<bf16>
    %11 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<bf16>) -> tensor<4x33x16xbf16>
    %12 = stablehlo.multiply %11, %10 : tensor<4x33x16xbf16>
    %cst_2 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %cst_3 = stablehlo.constant dense<2.112000e+03> : tensor<f32>
    %13 = stablehlo.divide %cst_2, %cst_3 : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [] : (tensor<f32>) -> tensor<4x33x16xf32>
    %15 = stablehlo.convert %14 : (tensor<4x33x16xf32>) -> tensor<4x33x16xbf16>
    %16 = stablehlo.multiply %15, %12 : tensor<4x33x16xbf16>
    %17 = stablehlo.dot_general %16, %arg1, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x33x16xbf16>, tensor<64x16xbf16>) -> tensor<4x33x64xbf16>
    %18 = stablehlo.multiply %17, %9 : tensor<4x33x64xbf16>
    %19 = stablehlo.multiply %18, %7 : tensor<4x33x64xbf16>
    %20 = stablehlo.add %18, %19 : tensor<4x33x64xbf16>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %21 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<bf16>) -> tensor<1000x64xbf16>
    %22 = "stablehlo.scatter"(%21, %5, %20) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg3: tensor<bf16>, %arg4: tensor<bf16>):
      %26 = stablehlo.add %arg3, %arg4 : tensor<bf16>
      stablehlo.return %26 : tensor<bf16>
    }) : (tensor<1000x64xbf16>, tensor<4x33x1xi32>, tensor<4x33x64xbf16>) -> tensor<1000x64xbf16>
    %cst_5 = stablehlo.constant dense<1.000980e-01> : tensor<bf16>
    %23 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<bf16>) -> tensor<1000x64xbf16>
    %24 = stablehlo.multiply %23, %22 : tensor<1000x64xbf16>
    %25 = stablehlo.subtract %arg0, %24 : tensor<1000x64xbf16>
    return %25 : tensor<1000x64xbf16>
  }
}
