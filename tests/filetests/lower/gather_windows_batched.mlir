// A gather of windows with a batching dimension (`vmap` of `lax.dynamic_slice`): batch b
// reads a 3 x 4 window of its own 6 x 8 plane at the start its indices give, clamped so the
// window fits. The result's rows are runs of 4 along the operand's last dimension, one
// indirect DMA row each.
// RUN: egfuse lower %s --check
func.func @main(%x: tensor<2x6x8xf32>, %idx: tensor<2x2xi32>) -> tensor<2x3x4xf32> {
  %0 = "stablehlo.gather"(%x, %idx) <{dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1, 2], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3, 4>}> : (tensor<2x6x8xf32>, tensor<2x2xi32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check
// // stablehlo.gather at tests/filetests/lower/gather_windows_batched.mlir:7:3: dma; SBUF 12 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 724.290 ns, bound by GpSimd (DVE 360.716 ns, GpSimd 724.290 ns, DMA 187.856 ns)
// kernel @k0 kind stablehlo.gather {
//   hbm %in0 : f32[96] input
//   hbm %in1 : i32[4] input
//   hbm %out0 : f32[24] output
//   sbuf %t3_offset : i32[128, 1] at 0
//   sbuf %t4_index : i32[128, 1] at 4
//   sbuf %t5_part : i32[128, 1] at 8
//   iota(dst=%t3_offset.ap([[1, 3], [1, 1]]), offset=0.0, channel_multiplier=8.0, engine=GpSimd)
//   dma_copy(dst=%t4_index.ap([[1, 3], [1, 1]]), src=%in1.ap([[0, 3], [1, 1]]), engine=DMA)
//   tensor_scalar(dst=%t5_part.ap([[1, 3], [1, 1]]), data=%t4_index.ap([[1, 3], [1, 1]]), op0=maximum, operand0=0.0, op1=minimum, operand1=3.0, engine=DVE)
//   tensor_scalar(dst=%t5_part.ap([[1, 3], [1, 1]]), data=%t5_part.ap([[1, 3], [1, 1]]), op0=multiply, operand0=8.0, engine=GpSimd)
//   tensor_tensor(dst=%t3_offset.ap([[1, 3], [1, 1]]), data1=%t3_offset.ap([[1, 3], [1, 1]]), data2=%t5_part.ap([[1, 3], [1, 1]]), op=add, engine=GpSimd)
//   dma_copy(dst=%t4_index.ap([[1, 3], [1, 1]]), src=%in1.ap([[0, 3], [1, 1]], offset=1), engine=DMA)
//   tensor_scalar(dst=%t5_part.ap([[1, 3], [1, 1]]), data=%t4_index.ap([[1, 3], [1, 1]]), op0=maximum, operand0=0.0, op1=minimum, operand1=4.0, engine=DVE)
//   tensor_scalar(dst=%t5_part.ap([[1, 3], [1, 1]]), data=%t5_part.ap([[1, 3], [1, 1]]), op0=multiply, operand0=1.0, engine=GpSimd)
//   tensor_tensor(dst=%t3_offset.ap([[1, 3], [1, 1]]), data1=%t3_offset.ap([[1, 3], [1, 1]]), data2=%t5_part.ap([[1, 3], [1, 1]]), op=add, engine=GpSimd)
//   dma_copy(dst=%out0.ap([[4, 3], [1, 4]]), src=%in0.ap([[1, 3], [1, 4]]), vector_offset=%t3_offset.ap([[1, 3], [1, 1]]), engine=DMA)
//   iota(dst=%t3_offset.ap([[1, 3], [1, 1]]), offset=48.0, channel_multiplier=8.0, engine=GpSimd)
//   dma_copy(dst=%t4_index.ap([[1, 3], [1, 1]]), src=%in1.ap([[0, 3], [1, 1]], offset=2), engine=DMA)
//   tensor_scalar(dst=%t5_part.ap([[1, 3], [1, 1]]), data=%t4_index.ap([[1, 3], [1, 1]]), op0=maximum, operand0=0.0, op1=minimum, operand1=3.0, engine=DVE)
//   tensor_scalar(dst=%t5_part.ap([[1, 3], [1, 1]]), data=%t5_part.ap([[1, 3], [1, 1]]), op0=multiply, operand0=8.0, engine=GpSimd)
//   tensor_tensor(dst=%t3_offset.ap([[1, 3], [1, 1]]), data1=%t3_offset.ap([[1, 3], [1, 1]]), data2=%t5_part.ap([[1, 3], [1, 1]]), op=add, engine=GpSimd)
//   dma_copy(dst=%t4_index.ap([[1, 3], [1, 1]]), src=%in1.ap([[0, 3], [1, 1]], offset=3), engine=DMA)
//   tensor_scalar(dst=%t5_part.ap([[1, 3], [1, 1]]), data=%t4_index.ap([[1, 3], [1, 1]]), op0=maximum, operand0=0.0, op1=minimum, operand1=4.0, engine=DVE)
//   tensor_scalar(dst=%t5_part.ap([[1, 3], [1, 1]]), data=%t5_part.ap([[1, 3], [1, 1]]), op0=multiply, operand0=1.0, engine=GpSimd)
//   tensor_tensor(dst=%t3_offset.ap([[1, 3], [1, 1]]), data1=%t3_offset.ap([[1, 3], [1, 1]]), data2=%t5_part.ap([[1, 3], [1, 1]]), op=add, engine=GpSimd)
//   dma_copy(dst=%out0.ap([[4, 3], [1, 4]], offset=12), src=%in0.ap([[1, 3], [1, 4]]), vector_offset=%t3_offset.ap([[1, 3], [1, 1]]), engine=DMA)
// }
//
// // device program of @main at tests/filetests/lower/gather_windows_batched.mlir:6:1: 1 call; HBM 544 bytes
// device @main {
//   hbm %arg0 : f32[2, 6, 8] input 0 at 0
//   hbm %arg1 : i32[2, 2] input 1 at 384
//   hbm %t0 : f32[2, 3, 4] at 448
//   call @k0(%arg0, %arg1) -> (%t0)
//   return %t0
// }
// ----- stderr
// lowered 1 kernel (stablehlo.gather x1), estimate 724.290 ns; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (6 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
