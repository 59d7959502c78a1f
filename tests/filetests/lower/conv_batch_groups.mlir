// Batch groups (a convolution's weight gradient) are left as they are: the convolution is
// reported, naming what it has.
// RUN: egfuse lower %s
func.func @main(%x: tensor<4x6x6x2xf32>, %w: tensor<3x3x2x4xf32>) -> tensor<1x4x4x4xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1]} {batch_group_count = 4 : i64, feature_group_count = 1 : i64} : (tensor<4x6x6x2xf32>, tensor<3x3x2x4xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s
// ----- stderr
// error: tests/filetests/lower/conv_batch_groups.mlir:5:3: a convolution with batch groups is not lowered yet
//    ╭─[tests/filetests/lower/conv_batch_groups.mlir:5:3]
//  4 │ func.func @main(%x: tensor<4x6x6x2xf32>, %w: tensor<3x3x2x4xf32>) -> tensor<1x4x4x4xf32> {
//  5 │   %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1]} {batch_group_count = 4 : i64, feature_group_count = 1 : i64} : (tensor<4x6x6x2xf32>, tensor<3x3x2x4xf32>) -> tensor<1x4x4x4xf32>
//    ·   ──────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────┬──────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────
//    ·                                                                                                                             ╰── a convolution lowers as a matmul of the input's windows
//  6 │   return %0 : tensor<1x4x4x4xf32>
//    ╰────
// lowered 0 kernels; 1 could not be lowered
// ----- exit 1
