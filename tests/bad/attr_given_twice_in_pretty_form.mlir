func.func @main(%x: tensor<2x3x10xf32>, %w: tensor<3x3x5xf32>) -> tensor<2x3x6xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {} {dimension_numbers = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x3x10xf32>, tensor<3x3x5xf32>) -> tensor<2x3x6xf32>
  return %0 : tensor<2x3x6xf32>
}
