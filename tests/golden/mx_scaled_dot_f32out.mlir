module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<50x128xf8E4M3FN>, %arg1: tensor<128x96xf8E4M3FN>, %arg2: tensor<50x4xf8E8M0FNU>, %arg3: tensor<4x96xf8E8M0FNU>) -> (tensor<50x96xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.composite "xla.scaled_dot" %arg0, %arg1, %arg2, %arg3 {composite_attributes = {dimension_numbers = [[[1], [0]], [[], []]], preferred_element_type = f32}, decomposition = @xla.scaled_dot} : (tensor<50x128xf8E4M3FN>, tensor<128x96xf8E4M3FN>, tensor<50x4xf8E8M0FNU>, tensor<4x96xf8E8M0FNU>) -> tensor<50x96xf32>
    return %0 : tensor<50x96xf32>
  }
  func.func private @xla.scaled_dot(%arg0: tensor<50x128xf8E4M3FN>, %arg1: tensor<128x96xf8E4M3FN>, %arg2: tensor<50x4xf8E8M0FNU>, %arg3: tensor<4x96xf8E8M0FNU>) -> tensor<50x96xf32> {
    %0 = stablehlo.broadcast_in_dim %arg2, dims = [0, 1] : (tensor<50x4xf8E8M0FNU>) -> tensor<50x4x1xf8E8M0FNU>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0, 1, 2] : (tensor<50x4x1xf8E8M0FNU>) -> tensor<50x4x32xf8E8M0FNU>
    %2 = stablehlo.reshape %1 : (tensor<50x4x32xf8E8M0FNU>) -> tensor<50x128xf8E8M0FNU>
    %3 = stablehlo.convert %arg0 : (tensor<50x128xf8E4M3FN>) -> tensor<50x128xbf16>
    %4 = stablehlo.convert %2 : (tensor<50x128xf8E8M0FNU>) -> tensor<50x128xbf16>
    %5 = stablehlo.multiply %3, %4 : tensor<50x128xbf16>
    %6 = stablehlo.broadcast_in_dim %arg3, dims = [0, 2] : (tensor<4x96xf8E8M0FNU>) -> tensor<4x1x96xf8E8M0FNU>
    %7 = stablehlo.broadcast_in_dim %6, dims = [0, 1, 2] : (tensor<4x1x96xf8E8M0FNU>) -> tensor<4x32x96xf8E8M0FNU>
    %8 = stablehlo.reshape %7 : (tensor<4x32x96xf8E8M0FNU>) -> tensor<128x96xf8E8M0FNU>
    %9 = stablehlo.convert %arg1 : (tensor<128x96xf8E4M3FN>) -> tensor<128x96xbf16>
    %10 = stablehlo.convert %8 : (tensor<128x96xf8E8M0FNU>) -> tensor<128x96xbf16>
    %11 = stablehlo.multiply %9, %10 : tensor<128x96xbf16>
    %12 = stablehlo.dot_general %5, %11, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<50x128xbf16>, tensor<128x96xbf16>) -> tensor<50x96xf32>
    return %12 : tensor<50x96xf32>
  }
}
