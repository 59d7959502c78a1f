// `take_along_axis` of 5 elements of each of 3 rows (as after an `argsort`): fewer rows than
// indices a row, so the indices of a row go on the partitions and each indirect DMA reads one
// row, its source starting at that row.
// RUN: egfuse lower %s --check
func.func @main(%t: tensor<3x10xf32>, %i: tensor<3x5x1xi32>) -> tensor<3x5xf32> {
  %0 = "stablehlo.gather"(%t, %i) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> : (tensor<3x10xf32>, tensor<3x5x1xi32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check
// // stablehlo.gather at tests/filetests/lower/take_along_axis_many.mlir:6:3: dma; SBUF 24 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 125.294 ns, bound by DMA (DVE 91.965 ns, DMA 125.294 ns)
// kernel @k0 kind stablehlo.gather {
//   hbm %in0 : f32[30] input
//   hbm %in1 : i32[15] input
//   hbm %out0 : f32[15] output
//   sbuf %t3_idx : i32[128, 3] at 0
//   sbuf %t4_clamped : i32[128, 3] at 12
//   dma_copy(dst=%t3_idx.ap([[3, 5], [1, 3]]), src=%in1.ap([[1, 5], [5, 3]]), engine=DMA)
//   tensor_scalar(dst=%t4_clamped.ap([[3, 5], [1, 3]]), data=%t3_idx.ap([[3, 5], [1, 3]]), op0=maximum, operand0=0.0, op1=minimum, operand1=9.0, engine=DVE)
//   dma_copy(dst=%out0.ap([[1, 5], [1, 1]]), src=%in0.ap([[1, 5], [1, 1]]), vector_offset=%t4_clamped.ap([[3, 5], [1, 1]]), engine=DMA)
//   dma_copy(dst=%out0.ap([[1, 5], [1, 1]], offset=5), src=%in0.ap([[1, 5], [1, 1]], offset=10), vector_offset=%t4_clamped.ap([[3, 5], [1, 1]], offset=1), engine=DMA)
//   dma_copy(dst=%out0.ap([[1, 5], [1, 1]], offset=10), src=%in0.ap([[1, 5], [1, 1]], offset=20), vector_offset=%t4_clamped.ap([[3, 5], [1, 1]], offset=2), engine=DMA)
// }
//
// // device program of @main at tests/filetests/lower/take_along_axis_many.mlir:5:1: 1 call; HBM 252 bytes
// device @main {
//   hbm %arg0 : f32[3, 10] input 0 at 0
//   hbm %arg1 : i32[3, 5, 1] input 1 at 128
//   hbm %t0 : f32[3, 5] at 192
//   call @k0(%arg0, %arg1) -> (%t0)
//   return %t0
// }
// ----- stderr
// lowered 1 kernel (stablehlo.gather x1), estimate 125.294 ns; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (2 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
