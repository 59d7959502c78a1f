module @jit_top_p_step attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x1000xf32>, %arg1: tensor<2x1000xf32>) -> (tensor<2xi32> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<2x1000xf32>, tensor<f32>) -> tensor<2xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %2 = stablehlo.maximum %1, %0 : tensor<2xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<2xf32>) -> tensor<2x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x1000xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<2x1000xf32>
    %6 = stablehlo.exponential %5 : tensor<2x1000xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [1] : (tensor<2x1000xf32>, tensor<f32>) -> tensor<2xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0] : (tensor<2xf32>) -> tensor<2x1xf32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x1000xf32>
    %10 = stablehlo.divide %6, %9 : tensor<2x1000xf32>
    %11 = stablehlo.iota dim = 1 : tensor<2x1000xi32>
    %12 = stablehlo.negate %10 : tensor<2x1000xf32>
    %13:2 = "stablehlo.sort"(%12, %11) <{dimension = 1 : i64, is_stable = true}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>, %arg4: tensor<i32>, %arg5: tensor<i32>):
      %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %26 = stablehlo.compare EQ, %arg2, %cst_4, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %27 = stablehlo.select %26, %cst_5, %arg2 : tensor<i1>, tensor<f32>
      %28 = stablehlo.compare NE, %arg2, %arg2, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_6 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
      %29 = stablehlo.select %28, %cst_6, %27 : tensor<i1>, tensor<f32>
      %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %30 = stablehlo.compare EQ, %arg3, %cst_7, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %31 = stablehlo.select %30, %cst_8, %arg3 : tensor<i1>, tensor<f32>
      %32 = stablehlo.compare NE, %arg3, %arg3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_9 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
      %33 = stablehlo.select %32, %cst_9, %31 : tensor<i1>, tensor<f32>
      %34 = stablehlo.compare LT, %29, %33, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %34 : tensor<i1>
    }) : (tensor<2x1000xf32>, tensor<2x1000xi32>) -> (tensor<2x1000xf32>, tensor<2x1000xi32>)
    %14 = stablehlo.negate %13#0 : tensor<2x1000xf32>
    %15 = call @cumsum(%14) : (tensor<2x1000xf32>) -> tensor<2x1000xf32>
    %16 = stablehlo.subtract %15, %14 : tensor<2x1000xf32>
    %cst_2 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<2x1000xf32>
    %18 = stablehlo.compare LT, %16, %17, FLOAT : (tensor<2x1000xf32>, tensor<2x1000xf32>) -> tensor<2x1000xi1>
    %19 = stablehlo.log %14 : tensor<2x1000xf32>
    %cst_3 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %20 = call @_where(%18, %19, %cst_3) : (tensor<2x1000xi1>, tensor<2x1000xf32>, tensor<f32>) -> tensor<2x1000xf32>
    %21 = stablehlo.add %20, %arg1 : tensor<2x1000xf32>
    %22 = call @argmax(%21) : (tensor<2x1000xf32>) -> tensor<2xi32>
    %23 = stablehlo.broadcast_in_dim %22, dims = [0] : (tensor<2xi32>) -> tensor<2x1xi32>
    %24 = call @take_along_axis(%13#1, %23) : (tensor<2x1000xi32>, tensor<2x1xi32>) -> tensor<2x1xi32>
    %25 = stablehlo.reshape %24 : (tensor<2x1xi32>) -> tensor<2xi32>
    return %25 : tensor<2xi32>
  }
  func.func private @cumsum(%arg0: tensor<2x1000xf32>) -> tensor<2x1000xf32> {
    %0 = call @cumsum_0(%arg0) : (tensor<2x1000xf32>) -> tensor<2x1000xf32>
    return %0 : tensor<2x1000xf32>
  }
  func.func private @cumsum_0(%arg0: tensor<2x1000xf32>) -> tensor<2x1000xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<f32>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1, 1>, padding = dense<[[0, 0], [999, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 1, 1000>, window_strides = array<i64: 1, 1>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<f32>
      stablehlo.return %2 : tensor<f32>
    }) : (tensor<2x1000xf32>, tensor<f32>) -> tensor<2x1000xf32>
    return %1 : tensor<2x1000xf32>
  }
  func.func private @_where(%arg0: tensor<2x1000xi1>, %arg1: tensor<2x1000xf32>, %arg2: tensor<f32>) -> tensor<2x1000xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<2x1000xf32>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<2x1000xi1>, tensor<2x1000xf32>
    return %2 : tensor<2x1000xf32>
  }
  func.func private @argmax(%arg0: tensor<2x1000xf32>) -> tensor<2xi32> {
    %0 = stablehlo.iota dim = 1 : tensor<2x1000xi32>
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1:2 = stablehlo.reduce(%arg0 init: %cst), (%0 init: %c) across dimensions = [1] : (tensor<2x1000xf32>, tensor<2x1000xi32>, tensor<f32>, tensor<i32>) -> (tensor<2xf32>, tensor<2xi32>)
     reducer(%arg1: tensor<f32>, %arg3: tensor<f32>) (%arg2: tensor<i32>, %arg4: tensor<i32>)  {
      %2 = stablehlo.compare GT, %arg1, %arg3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %3 = stablehlo.compare NE, %arg1, %arg1, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %4 = stablehlo.or %2, %3 : tensor<i1>
      %5 = stablehlo.compare EQ, %arg1, %arg3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %6 = stablehlo.compare LT, %arg2, %arg4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %7 = stablehlo.and %5, %6 : tensor<i1>
      %8 = stablehlo.or %4, %7 : tensor<i1>
      %9 = stablehlo.select %4, %arg1, %arg3 : tensor<i1>, tensor<f32>
      %10 = stablehlo.select %8, %arg2, %arg4 : tensor<i1>, tensor<i32>
      stablehlo.return %9, %10 : tensor<f32>, tensor<i32>
    }
    return %1#1 : tensor<2xi32>
  }
  func.func private @take_along_axis(%arg0: tensor<2x1000xi32>, %arg1: tensor<2x1xi32>) -> tensor<2x1xi32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<2x1xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<2x1xi32>, tensor<2x1xi32>) -> tensor<2x1xi1>
    %c_0 = stablehlo.constant dense<1000> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<2x1xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<2x1xi32>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<2x1xi1>, tensor<2x1xi32>
    %5 = stablehlo.reshape %4 : (tensor<2x1xi32>) -> tensor<2x1x1xi32>
    %c_1 = stablehlo.constant dense<999> : tensor<1xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<2x1x1xi32>
    %7 = stablehlo.compare GE, %5, %6, SIGNED : (tensor<2x1x1xi32>, tensor<2x1x1xi32>) -> tensor<2x1x1xi1>
    %8 = stablehlo.broadcast_in_dim %c_1, dims = [2] : (tensor<1xi32>) -> tensor<1x1x1xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2] : (tensor<1x1x1xi32>) -> tensor<2x1x1xi32>
    %10 = stablehlo.compare LE, %5, %9, SIGNED : (tensor<2x1x1xi32>, tensor<2x1x1xi32>) -> tensor<2x1x1xi1>
    %11 = stablehlo.and %7, %10 : tensor<2x1x1xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %12 = stablehlo.reduce(%11 init: %c_3) applies stablehlo.and across dimensions = [2] : (tensor<2x1x1xi1>, tensor<i1>) -> tensor<2x1xi1>
    %13 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> : (tensor<2x1000xi32>, tensor<2x1x1xi32>) -> tensor<2x1xi32>
    %c_4 = stablehlo.constant dense<-2147483648> : tensor<i32>
    %14 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<i32>) -> tensor<2x1xi32>
    %15 = stablehlo.select %12, %13, %14 : tensor<2x1xi1>, tensor<2x1xi32>
    return %15 : tensor<2x1xi32>
  }
}
