module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x10x24xbf16>, %arg1: tensor<3x7xi32>, %arg2: tensor<3x7x24xbf16>) -> (tensor<3x10x24xbf16> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<3x7xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<3x7xi32>, tensor<3x7xi32>) -> tensor<3x7xi1>
    %c_0 = stablehlo.constant dense<10> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<3x7xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<3x7xi32>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<3x7xi1>, tensor<3x7xi32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<3x7xi32>) -> tensor<3x7x1xi32>
    %6 = "stablehlo.scatter"(%arg0, %5, %arg2) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg3: tensor<bf16>, %arg4: tensor<bf16>):
      %7 = stablehlo.add %arg3, %arg4 : tensor<bf16>
      stablehlo.return %7 : tensor<bf16>
    }) : (tensor<3x10x24xbf16>, tensor<3x7x1xi32>, tensor<3x7x24xbf16>) -> tensor<3x10x24xbf16>
    return %6 : tensor<3x10x24xbf16>
  }
}
