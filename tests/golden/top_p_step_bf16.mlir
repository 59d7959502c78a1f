module @jit_top_p_step attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x300xbf16>, %arg1: tensor<3x300xbf16>) -> (tensor<3xi32> {jax.result_info = "result"}) {
    %0 = stablehlo.convert %arg0 : (tensor<3x300xbf16>) -> tensor<3x300xf32>
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<3x300xf32>, tensor<f32>) -> tensor<3xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %3 = stablehlo.maximum %2, %1 : tensor<3xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0] : (tensor<3xf32>) -> tensor<3x1xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<3x1xf32>) -> tensor<3x300xf32>
    %6 = stablehlo.subtract %0, %5 : tensor<3x300xf32>
    %7 = stablehlo.exponential %6 : tensor<3x300xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %8 = stablehlo.reduce(%7 init: %cst_1) applies stablehlo.add across dimensions = [1] : (tensor<3x300xf32>, tensor<f32>) -> tensor<3xf32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0] : (tensor<3xf32>) -> tensor<3x1xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1] : (tensor<3x1xf32>) -> tensor<3x300xf32>
    %11 = stablehlo.divide %7, %10 : tensor<3x300xf32>
    %12 = stablehlo.convert %11 : (tensor<3x300xf32>) -> tensor<3x300xbf16>
    %13 = stablehlo.iota dim = 1 : tensor<3x300xi32>
    %14 = stablehlo.negate %12 : tensor<3x300xbf16>
    %15:2 = "stablehlo.sort"(%14, %13) <{dimension = 1 : i64, is_stable = true}> ({
    ^bb0(%arg2: tensor<bf16>, %arg3: tensor<bf16>, %arg4: tensor<i32>, %arg5: tensor<i32>):
      %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
      %28 = stablehlo.compare EQ, %arg2, %cst_4, FLOAT : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
      %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
      %29 = stablehlo.select %28, %cst_5, %arg2 : tensor<i1>, tensor<bf16>
      %30 = stablehlo.compare NE, %arg2, %arg2, FLOAT : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
      %cst_6 = stablehlo.constant dense<0x7FC0> : tensor<bf16>
      %31 = stablehlo.select %30, %cst_6, %29 : tensor<i1>, tensor<bf16>
      %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
      %32 = stablehlo.compare EQ, %arg3, %cst_7, FLOAT : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
      %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
      %33 = stablehlo.select %32, %cst_8, %arg3 : tensor<i1>, tensor<bf16>
      %34 = stablehlo.compare NE, %arg3, %arg3, FLOAT : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
      %cst_9 = stablehlo.constant dense<0x7FC0> : tensor<bf16>
      %35 = stablehlo.select %34, %cst_9, %33 : tensor<i1>, tensor<bf16>
      %36 = stablehlo.compare LT, %31, %35, TOTALORDER : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
      stablehlo.return %36 : tensor<i1>
    }) : (tensor<3x300xbf16>, tensor<3x300xi32>) -> (tensor<3x300xbf16>, tensor<3x300xi32>)
    %16 = stablehlo.negate %15#0 : tensor<3x300xbf16>
    %17 = call @cumsum(%16) : (tensor<3x300xbf16>) -> tensor<3x300xbf16>
    %18 = stablehlo.subtract %17, %16 : tensor<3x300xbf16>
    %cst_2 = stablehlo.constant dense<8.984370e-01> : tensor<bf16>
    %19 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<bf16>) -> tensor<3x300xbf16>
    %20 = stablehlo.compare LT, %18, %19, FLOAT : (tensor<3x300xbf16>, tensor<3x300xbf16>) -> tensor<3x300xi1>
    %21 = stablehlo.log %16 : tensor<3x300xbf16>
    %cst_3 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %22 = call @_where(%20, %21, %cst_3) : (tensor<3x300xi1>, tensor<3x300xbf16>, tensor<f32>) -> tensor<3x300xbf16>
    %23 = stablehlo.add %22, %arg1 : tensor<3x300xbf16>
    %24 = call @argmax(%23) : (tensor<3x300xbf16>) -> tensor<3xi32>
    %25 = stablehlo.broadcast_in_dim %24, dims = [0] : (tensor<3xi32>) -> tensor<3x1xi32>
    %26 = call @take_along_axis(%15#1, %25) : (tensor<3x300xi32>, tensor<3x1xi32>) -> tensor<3x1xi32>
    %27 = stablehlo.reshape %26 : (tensor<3x1xi32>) -> tensor<3xi32>
    return %27 : tensor<3xi32>
  }
  func.func private @cumsum(%arg0: tensor<3x300xbf16>) -> tensor<3x300xbf16> {
    %0 = call @cumsum_0(%arg0) : (tensor<3x300xbf16>) -> tensor<3x300xbf16>
    return %0 : tensor<3x300xbf16>
  }
  func.func private @cumsum_0(%arg0: tensor<3x300xbf16>) -> tensor<3x300xbf16> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<bf16>) -> tensor<bf16>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1, 1>, padding = dense<[[0, 0], [299, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 1, 300>, window_strides = array<i64: 1, 1>}> ({
    ^bb0(%arg1: tensor<bf16>, %arg2: tensor<bf16>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<bf16>
      stablehlo.return %2 : tensor<bf16>
    }) : (tensor<3x300xbf16>, tensor<bf16>) -> tensor<3x300xbf16>
    return %1 : tensor<3x300xbf16>
  }
  func.func private @_where(%arg0: tensor<3x300xi1>, %arg1: tensor<3x300xbf16>, %arg2: tensor<f32>) -> tensor<3x300xbf16> {
    %0 = stablehlo.convert %arg2 : (tensor<f32>) -> tensor<bf16>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<bf16>) -> tensor<3x300xbf16>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<3x300xi1>, tensor<3x300xbf16>
    return %2 : tensor<3x300xbf16>
  }
  func.func private @argmax(%arg0: tensor<3x300xbf16>) -> tensor<3xi32> {
    %0 = stablehlo.iota dim = 1 : tensor<3x300xi32>
    %cst = stablehlo.constant dense<0xFF80> : tensor<bf16>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1:2 = stablehlo.reduce(%arg0 init: %cst), (%0 init: %c) across dimensions = [1] : (tensor<3x300xbf16>, tensor<3x300xi32>, tensor<bf16>, tensor<i32>) -> (tensor<3xbf16>, tensor<3xi32>)
     reducer(%arg1: tensor<bf16>, %arg3: tensor<bf16>) (%arg2: tensor<i32>, %arg4: tensor<i32>)  {
      %2 = stablehlo.compare GT, %arg1, %arg3, FLOAT : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
      %3 = stablehlo.compare NE, %arg1, %arg1, FLOAT : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
      %4 = stablehlo.or %2, %3 : tensor<i1>
      %5 = stablehlo.compare EQ, %arg1, %arg3, FLOAT : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
      %6 = stablehlo.compare LT, %arg2, %arg4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %7 = stablehlo.and %5, %6 : tensor<i1>
      %8 = stablehlo.or %4, %7 : tensor<i1>
      %9 = stablehlo.select %4, %arg1, %arg3 : tensor<i1>, tensor<bf16>
      %10 = stablehlo.select %8, %arg2, %arg4 : tensor<i1>, tensor<i32>
      stablehlo.return %9, %10 : tensor<bf16>, tensor<i32>
    }
    return %1#1 : tensor<3xi32>
  }
  func.func private @take_along_axis(%arg0: tensor<3x300xi32>, %arg1: tensor<3x1xi32>) -> tensor<3x1xi32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<3x1xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi1>
    %c_0 = stablehlo.constant dense<300> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<3x1xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<3x1xi32>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<3x1xi1>, tensor<3x1xi32>
    %5 = stablehlo.reshape %4 : (tensor<3x1xi32>) -> tensor<3x1x1xi32>
    %c_1 = stablehlo.constant dense<299> : tensor<1xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<3x1x1xi32>
    %7 = stablehlo.compare GE, %5, %6, SIGNED : (tensor<3x1x1xi32>, tensor<3x1x1xi32>) -> tensor<3x1x1xi1>
    %8 = stablehlo.broadcast_in_dim %c_1, dims = [2] : (tensor<1xi32>) -> tensor<1x1x1xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2] : (tensor<1x1x1xi32>) -> tensor<3x1x1xi32>
    %10 = stablehlo.compare LE, %5, %9, SIGNED : (tensor<3x1x1xi32>, tensor<3x1x1xi32>) -> tensor<3x1x1xi1>
    %11 = stablehlo.and %7, %10 : tensor<3x1x1xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %12 = stablehlo.reduce(%11 init: %c_3) applies stablehlo.and across dimensions = [2] : (tensor<3x1x1xi1>, tensor<i1>) -> tensor<3x1xi1>
    %13 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> : (tensor<3x300xi32>, tensor<3x1x1xi32>) -> tensor<3x1xi32>
    %c_4 = stablehlo.constant dense<-2147483648> : tensor<i32>
    %14 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<i32>) -> tensor<3x1xi32>
    %15 = stablehlo.select %12, %13, %14 : tensor<3x1xi1>, tensor<3x1xi32>
    return %15 : tensor<3x1xi32>
  }
}
