// A `take_along_axis` gather whose batching dimensions are out of order is not the take form
// (`movement/take.rs`): it lowers as a gather of any form, its longest batch dimension (15) on
// the partitions, one indirect DMA per tile.
// RUN: egfuse lower %s --check
func.func @main(%l: tensor<2x15x128xf32>, %i: tensor<15x2x1x1xi32>) -> tensor<15x2x1xf32> {
  %0 = "stablehlo.gather"(%l, %i) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [2], operand_batching_dims = [0, 1], start_indices_batching_dims = [1, 0], start_index_map = [2], index_vector_dim = 3>, slice_sizes = array<i64: 1, 1, 1>}> : (tensor<2x15x128xf32>, tensor<15x2x1x1xi32>) -> tensor<15x2x1xf32>
  return %0 : tensor<15x2x1xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check
// // stablehlo.gather at tests/filetests/lower/take_along_axis_swapped.mlir:6:3: dma; SBUF 12 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 434.288 ns, bound by GpSimd (DVE 180.358 ns, GpSimd 434.288 ns, DMA 125.588 ns)
// kernel @k0 kind stablehlo.gather {
//   hbm %in0 : f32[3840] input
//   hbm %in1 : i32[30] input
//   hbm %out0 : f32[30] output
//   sbuf %t3_offset : i32[128, 1] at 0
//   sbuf %t4_index : i32[128, 1] at 4
//   sbuf %t5_part : i32[128, 1] at 8
//   iota(dst=%t3_offset.ap([[1, 15], [1, 1]]), offset=0.0, channel_multiplier=128.0, engine=GpSimd)
//   dma_copy(dst=%t4_index.ap([[1, 15], [1, 1]]), src=%in1.ap([[2, 15], [1, 1]]), engine=DMA)
//   tensor_scalar(dst=%t5_part.ap([[1, 15], [1, 1]]), data=%t4_index.ap([[1, 15], [1, 1]]), op0=maximum, operand0=0.0, op1=minimum, operand1=127.0, engine=DVE)
//   tensor_scalar(dst=%t5_part.ap([[1, 15], [1, 1]]), data=%t5_part.ap([[1, 15], [1, 1]]), op0=multiply, operand0=1.0, engine=GpSimd)
//   tensor_tensor(dst=%t3_offset.ap([[1, 15], [1, 1]]), data1=%t3_offset.ap([[1, 15], [1, 1]]), data2=%t5_part.ap([[1, 15], [1, 1]]), op=add, engine=GpSimd)
//   dma_copy(dst=%out0.ap([[2, 15], [1, 1]]), src=%in0.ap([[1, 15], [1, 1]]), vector_offset=%t3_offset.ap([[1, 15], [1, 1]]), engine=DMA)
//   iota(dst=%t3_offset.ap([[1, 15], [1, 1]]), offset=1920.0, channel_multiplier=128.0, engine=GpSimd)
//   dma_copy(dst=%t4_index.ap([[1, 15], [1, 1]]), src=%in1.ap([[2, 15], [1, 1]], offset=1), engine=DMA)
//   tensor_scalar(dst=%t5_part.ap([[1, 15], [1, 1]]), data=%t4_index.ap([[1, 15], [1, 1]]), op0=maximum, operand0=0.0, op1=minimum, operand1=127.0, engine=DVE)
//   tensor_scalar(dst=%t5_part.ap([[1, 15], [1, 1]]), data=%t5_part.ap([[1, 15], [1, 1]]), op0=multiply, operand0=1.0, engine=GpSimd)
//   tensor_tensor(dst=%t3_offset.ap([[1, 15], [1, 1]]), data1=%t3_offset.ap([[1, 15], [1, 1]]), data2=%t5_part.ap([[1, 15], [1, 1]]), op=add, engine=GpSimd)
//   dma_copy(dst=%out0.ap([[2, 15], [1, 1]], offset=1), src=%in0.ap([[1, 15], [1, 1]]), vector_offset=%t3_offset.ap([[1, 15], [1, 1]]), engine=DMA)
// }
//
// // device program of @main at tests/filetests/lower/take_along_axis_swapped.mlir:5:1: 1 call; HBM 15608 bytes
// device @main {
//   hbm %arg0 : f32[2, 15, 128] input 0 at 0
//   hbm %arg1 : i32[15, 2, 1, 1] input 1 at 15360
//   hbm %t0 : f32[15, 2, 1] at 15488
//   call @k0(%arg0, %arg1) -> (%t0)
//   return %t0
// }
// ----- stderr
// lowered 1 kernel (stablehlo.gather x1), estimate 434.288 ns; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (6 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
