// A `take_along_axis` gather whose batching dimensions are out of order is not that form, and
// says so.
// RUN: egfuse lower %s
func.func @main(%l: tensor<2x15x128xf32>, %i: tensor<15x2x1x1xi32>) -> tensor<15x2x1xf32> {
  %0 = "stablehlo.gather"(%l, %i) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [2], operand_batching_dims = [0, 1], start_indices_batching_dims = [1, 0], start_index_map = [2], index_vector_dim = 3>, slice_sizes = array<i64: 1, 1, 1>}> : (tensor<2x15x128xf32>, tensor<15x2x1x1xi32>) -> tensor<15x2x1xf32>
  return %0 : tensor<15x2x1xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s
// ----- stderr
// error: tests/filetests/lower/take_along_axis_swapped.mlir:5:3: `stablehlo.gather` has no lowering in this form
//    ╭─[tests/filetests/lower/take_along_axis_swapped.mlir:5:3]
//  4 │ func.func @main(%l: tensor<2x15x128xf32>, %i: tensor<15x2x1x1xi32>) -> tensor<15x2x1xf32> {
//  5 │   %0 = "stablehlo.gather"(%l, %i) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [2], operand_batching_dims = [0, 1], start_indices_batching_dims = [1, 0], start_index_map = [2], index_vector_dim = 3>, slice_sizes = array<i64: 1, 1, 1>}> : (tensor<2x15x128xf32>, tensor<15x2x1x1xi32>) -> tensor<15x2x1xf32>
//    ·   ────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────┬───────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────
//    ·                                                                                                                                                                   ╰── the lowering gathers whole rows of the first dimension (an embedding lookup)
//  6 │   return %0 : tensor<15x2x1xf32>
//    ╰────
//   help: row lookups, take-along-the-last-axis gathers and gathers whose indices clamp to 0 are
//         lowered; other gathers need the general indirect DMA, not lowered yet
// lowered 0 kernels; 1 could not be lowered
// ----- exit 1
