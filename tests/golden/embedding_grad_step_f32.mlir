module @jit_embedding_grad_step attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<300x48xf32>, %arg1: tensor<48x16xf32>, %arg2: tensor<2x37xi32>) -> (tensor<300x48xf32> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<2x37xi32>
    %1 = stablehlo.compare LT, %arg2, %0, SIGNED : (tensor<2x37xi32>, tensor<2x37xi32>) -> tensor<2x37xi1>
    %c_0 = stablehlo.constant dense<300> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<2x37xi32>
    %3 = stablehlo.add %arg2, %2 : tensor<2x37xi32>
    %4 = stablehlo.select %1, %3, %arg2 : tensor<2x37xi1>, tensor<2x37xi32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<2x37xi32>) -> tensor<2x37x1xi32>
    %6 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 48>}> : (tensor<300x48xf32>, tensor<2x37x1xi32>) -> tensor<2x37x48xf32>
    %7 = stablehlo.tanh %6 : tensor<2x37x48xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x37x48xf32>
    %9 = stablehlo.subtract %8, %7 : tensor<2x37x48xf32>
    %10 = stablehlo.dot_general %7, %arg1, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x37x48xf32>, tensor<48x16xf32>) -> tensor<2x37x16xf32>
    %cst_1 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x37x16xf32>
    %12 = stablehlo.multiply %11, %10 : tensor<2x37x16xf32>
    %cst_2 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %cst_3 = stablehlo.constant dense<1.184000e+03> : tensor<f32>
    %13 = stablehlo.divide %cst_2, %cst_3 : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [] : (tensor<f32>) -> tensor<2x37x16xf32>
    %15 = stablehlo.multiply %14, %12 : tensor<2x37x16xf32>
    %16 = stablehlo.dot_general %15, %arg1, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x37x16xf32>, tensor<48x16xf32>) -> tensor<2x37x48xf32>
    %17 = stablehlo.multiply %16, %9 : tensor<2x37x48xf32>
    %18 = stablehlo.multiply %17, %7 : tensor<2x37x48xf32>
    %19 = stablehlo.add %17, %18 : tensor<2x37x48xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %20 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<300x48xf32>
    %21 = "stablehlo.scatter"(%20, %5, %19) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
      %25 = stablehlo.add %arg3, %arg4 : tensor<f32>
      stablehlo.return %25 : tensor<f32>
    }) : (tensor<300x48xf32>, tensor<2x37x1xi32>, tensor<2x37x48xf32>) -> tensor<300x48xf32>
    %cst_5 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %22 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<300x48xf32>
    %23 = stablehlo.multiply %22, %21 : tensor<300x48xf32>
    %24 = stablehlo.subtract %arg0, %23 : tensor<300x48xf32>
    return %24 : tensor<300x48xf32>
  }
}
