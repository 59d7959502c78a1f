module @jit_argsort_take attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x4x37xbf16>, %arg1: tensor<2x4x37xbf16>) -> (tensor<2x4x37xbf16> {jax.result_info = "result"}) {
    %0 = call @argsort(%arg0) : (tensor<2x4x37xbf16>) -> tensor<2x4x37xi32>
    %1 = call @take_along_axis(%arg1, %0) : (tensor<2x4x37xbf16>, tensor<2x4x37xi32>) -> tensor<2x4x37xbf16>
    return %1 : tensor<2x4x37xbf16>
  }
  func.func private @argsort(%arg0: tensor<2x4x37xbf16>) -> tensor<2x4x37xi32> {
    %0 = stablehlo.iota dim = 2 : tensor<2x4x37xi32>
    %1:2 = "stablehlo.sort"(%arg0, %0) <{dimension = 2 : i64, is_stable = true}> ({
    ^bb0(%arg1: tensor<bf16>, %arg2: tensor<bf16>, %arg3: tensor<i32>, %arg4: tensor<i32>):
      %cst = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
      %2 = stablehlo.compare EQ, %arg1, %cst, FLOAT : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
      %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
      %3 = stablehlo.select %2, %cst_0, %arg1 : tensor<i1>, tensor<bf16>
      %4 = stablehlo.compare NE, %arg1, %arg1, FLOAT : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
      %cst_1 = stablehlo.constant dense<0x7FC0> : tensor<bf16>
      %5 = stablehlo.select %4, %cst_1, %3 : tensor<i1>, tensor<bf16>
      %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
      %6 = stablehlo.compare EQ, %arg2, %cst_2, FLOAT : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
      %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
      %7 = stablehlo.select %6, %cst_3, %arg2 : tensor<i1>, tensor<bf16>
      %8 = stablehlo.compare NE, %arg2, %arg2, FLOAT : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
      %cst_4 = stablehlo.constant dense<0x7FC0> : tensor<bf16>
      %9 = stablehlo.select %8, %cst_4, %7 : tensor<i1>, tensor<bf16>
      %10 = stablehlo.compare LT, %5, %9, TOTALORDER : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
      stablehlo.return %10 : tensor<i1>
    }) : (tensor<2x4x37xbf16>, tensor<2x4x37xi32>) -> (tensor<2x4x37xbf16>, tensor<2x4x37xi32>)
    return %1#1 : tensor<2x4x37xi32>
  }
  func.func private @take_along_axis(%arg0: tensor<2x4x37xbf16>, %arg1: tensor<2x4x37xi32>) -> tensor<2x4x37xbf16> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<2x4x37xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<2x4x37xi32>, tensor<2x4x37xi32>) -> tensor<2x4x37xi1>
    %c_0 = stablehlo.constant dense<37> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<2x4x37xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<2x4x37xi32>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<2x4x37xi1>, tensor<2x4x37xi32>
    %5 = stablehlo.reshape %4 : (tensor<2x4x37xi32>) -> tensor<2x4x37x1xi32>
    %c_1 = stablehlo.constant dense<36> : tensor<1xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<2x4x37x1xi32>
    %7 = stablehlo.compare GE, %5, %6, SIGNED : (tensor<2x4x37x1xi32>, tensor<2x4x37x1xi32>) -> tensor<2x4x37x1xi1>
    %8 = stablehlo.broadcast_in_dim %c_1, dims = [3] : (tensor<1xi32>) -> tensor<1x1x1x1xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2, 3] : (tensor<1x1x1x1xi32>) -> tensor<2x4x37x1xi32>
    %10 = stablehlo.compare LE, %5, %9, SIGNED : (tensor<2x4x37x1xi32>, tensor<2x4x37x1xi32>) -> tensor<2x4x37x1xi1>
    %11 = stablehlo.and %7, %10 : tensor<2x4x37x1xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %12 = stablehlo.reduce(%11 init: %c_3) applies stablehlo.and across dimensions = [3] : (tensor<2x4x37x1xi1>, tensor<i1>) -> tensor<2x4x37xi1>
    %13 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [2], operand_batching_dims = [0, 1], start_indices_batching_dims = [0, 1], start_index_map = [2], index_vector_dim = 3>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 1>}> : (tensor<2x4x37xbf16>, tensor<2x4x37x1xi32>) -> tensor<2x4x37xbf16>
    %cst = stablehlo.constant dense<0x7FC0> : tensor<bf16>
    %14 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<bf16>) -> tensor<2x4x37xbf16>
    %15 = stablehlo.select %12, %13, %14 : tensor<2x4x37xi1>, tensor<2x4x37xbf16>
    return %15 : tensor<2x4x37xbf16>
  }
}
