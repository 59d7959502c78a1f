// A `dynamic_update_slice` (a KV cache written at the current position) copies the operand to
// the result whole, then scatters the update's rows into it: the same clamped first element and
// `iota` rows as a `dynamic_slice`, the offsets on the destination (`dst_vector_offset`). A
// `[2, 130, 64]` update of `[2, 300, 64]` is four tiles of rows; the check's start indices (0
// to 7) put it at an offset the clamp keeps.
// RUN: egfuse lower %s --check
func.func @main(%x: tensor<2x300x64xf32>, %u: tensor<2x130x64xf32>, %a: tensor<i32>, %b: tensor<i32>, %c: tensor<i32>) -> tensor<2x300x64xf32> {
  %0 = stablehlo.dynamic_update_slice %x, %u, %a, %b, %c : (tensor<2x300x64xf32>, tensor<2x130x64xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x300x64xf32>
  return %0 : tensor<2x300x64xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check
// // stablehlo.dynamic_update_slice at tests/filetests/lower/dynamic_update_slice.mlir:8:3: dma; SBUF 12 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 942.149 ns, bound by GpSimd (DVE 270.537 ns, GpSimd 942.149 ns, DMA 790.724 ns)
// kernel @k0 kind stablehlo.dynamic_update_slice {
//   hbm %in0 : f32[38400] input
//   hbm %in1 : f32[16640] input
//   hbm %in2 : i32[1] input
//   hbm %in3 : i32[1] input
//   hbm %in4 : i32[1] input
//   hbm %out0 : f32[38400] output
//   sbuf %t6_first : i32[128, 1] at 4
//   sbuf %t7_part : i32[128, 1] at 8
//   sbuf %t8_start : i32[128, 1] at 0
//   sbuf %t9_start : i32[128, 1] at 0
//   sbuf %t10_start : i32[128, 1] at 0
//   sbuf %t11_row : i32[128, 1] at 0
//   sbuf %t12_offset : i32[128, 1] at 8
//   dma_copy(dst=%out0, src=%in0, engine=DMA)
//   dma_copy(dst=%t8_start, src=%in2.ap([[0, 128], [1, 1]]), engine=DMA)
//   tensor_scalar(dst=%t6_first, data=%t8_start, op0=maximum, operand0=0.0, op1=minimum, operand1=0.0, engine=DVE)
//   tensor_scalar(dst=%t6_first, data=%t6_first, op0=multiply, operand0=19200.0, engine=GpSimd)
//   dma_copy(dst=%t9_start, src=%in3.ap([[0, 128], [1, 1]]), engine=DMA)
//   tensor_scalar(dst=%t7_part, data=%t9_start, op0=maximum, operand0=0.0, op1=minimum, operand1=170.0, engine=DVE)
//   tensor_scalar(dst=%t7_part, data=%t7_part, op0=multiply, operand0=64.0, engine=GpSimd)
//   tensor_tensor(dst=%t6_first, data1=%t6_first, data2=%t7_part, op=add, engine=GpSimd)
//   dma_copy(dst=%t10_start, src=%in4.ap([[0, 128], [1, 1]]), engine=DMA)
//   tensor_scalar(dst=%t7_part, data=%t10_start, op0=maximum, operand0=0.0, op1=minimum, operand1=0.0, engine=DVE)
//   tensor_scalar(dst=%t7_part, data=%t7_part, op0=multiply, operand0=1.0, engine=GpSimd)
//   tensor_tensor(dst=%t6_first, data1=%t6_first, data2=%t7_part, op=add, engine=GpSimd)
//   iota(dst=%t11_row, offset=0.0, channel_multiplier=64.0, engine=GpSimd)
//   tensor_tensor(dst=%t12_offset, data1=%t11_row, data2=%t6_first, op=add, engine=GpSimd)
//   dma_copy(dst=%out0.ap([[1, 128], [1, 64]]), src=%in1.ap([[64, 128], [1, 64]]), dst_vector_offset=%t12_offset, engine=DMA)
//   iota(dst=%t11_row.ap([[1, 2], [1, 1]]), offset=8192.0, channel_multiplier=64.0, engine=GpSimd)
//   tensor_tensor(dst=%t12_offset.ap([[1, 2], [1, 1]]), data1=%t11_row.ap([[1, 2], [1, 1]]), data2=%t6_first.ap([[1, 2], [1, 1]]), op=add, engine=GpSimd)
//   dma_copy(dst=%out0.ap([[1, 2], [1, 64]]), src=%in1.ap([[64, 2], [1, 64]], offset=8192), dst_vector_offset=%t12_offset.ap([[1, 2], [1, 1]]), engine=DMA)
//   iota(dst=%t11_row, offset=19200.0, channel_multiplier=64.0, engine=GpSimd)
//   tensor_tensor(dst=%t12_offset, data1=%t11_row, data2=%t6_first, op=add, engine=GpSimd)
//   dma_copy(dst=%out0.ap([[1, 128], [1, 64]]), src=%in1.ap([[64, 128], [1, 64]], offset=8320), dst_vector_offset=%t12_offset, engine=DMA)
//   iota(dst=%t11_row.ap([[1, 2], [1, 1]]), offset=27392.0, channel_multiplier=64.0, engine=GpSimd)
//   tensor_tensor(dst=%t12_offset.ap([[1, 2], [1, 1]]), data1=%t11_row.ap([[1, 2], [1, 1]]), data2=%t6_first.ap([[1, 2], [1, 1]]), op=add, engine=GpSimd)
//   dma_copy(dst=%out0.ap([[1, 2], [1, 64]]), src=%in1.ap([[64, 2], [1, 64]], offset=16512), dst_vector_offset=%t12_offset.ap([[1, 2], [1, 1]]), engine=DMA)
// }
//
// // device program of @main at tests/filetests/lower/dynamic_update_slice.mlir:7:1: 1 call; HBM 373952 bytes
// device @main {
//   hbm %arg0 : f32[2, 300, 64] input 0 at 0
//   hbm %arg1 : f32[2, 130, 64] input 1 at 153600
//   hbm %arg2 : i32[] input 2 at 220160
//   hbm %arg3 : i32[] input 3 at 220224
//   hbm %arg4 : i32[] input 4 at 220288
//   hbm %t0 : f32[2, 300, 64] at 220352
//   call @k0(%arg0, %arg1, %arg2, %arg3, %arg4) -> (%t0)
//   return %t0
// }
// ----- stderr
// lowered 1 kernel (stablehlo.dynamic_update_slice x1), estimate 942.149 ns; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (8 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
