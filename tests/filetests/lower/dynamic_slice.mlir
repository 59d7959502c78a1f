// A `dynamic_slice` clamps each start index into `[0, dim - size]` on every partition and sums
// them times their strides into the block's first element; per tile of rows, `iota` gives each
// row's place in the block and one indirect `dma_copy` moves the rows (four `vector_offset=`
// DMAs). A `[2, 130, 32]` block of `[4, 300, 64]` is two groups of 128 rows and 2 (the check's
// start indices, drawn from 0 to 7, clamp the first one to 2).
// RUN: egfuse lower %s --check
func.func @main(%x: tensor<4x300x64xf32>, %a: tensor<i32>, %b: tensor<i32>, %c: tensor<i32>) -> tensor<2x130x32xf32> {
  %0 = stablehlo.dynamic_slice %x, %a, %b, %c, sizes = [2, 130, 32] : (tensor<4x300x64xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x130x32xf32>
  return %0 : tensor<2x130x32xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check
// // stablehlo.dynamic_slice at tests/filetests/lower/dynamic_slice.mlir:8:3: dma; SBUF 12 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 942.149 ns, bound by GpSimd (DVE 270.537 ns, GpSimd 942.149 ns, DMA 303.669 ns)
// kernel @k0 kind stablehlo.dynamic_slice {
//   hbm %in0 : f32[76800] input
//   hbm %in1 : i32[1] input
//   hbm %in2 : i32[1] input
//   hbm %in3 : i32[1] input
//   hbm %out0 : f32[8320] output
//   sbuf %t5_first : i32[128, 1] at 4
//   sbuf %t6_part : i32[128, 1] at 8
//   sbuf %t7_start : i32[128, 1] at 0
//   sbuf %t8_start : i32[128, 1] at 0
//   sbuf %t9_start : i32[128, 1] at 0
//   sbuf %t10_row : i32[128, 1] at 0
//   sbuf %t11_offset : i32[128, 1] at 8
//   dma_copy(dst=%t7_start, src=%in1.ap([[0, 128], [1, 1]]), engine=DMA)
//   tensor_scalar(dst=%t5_first, data=%t7_start, op0=maximum, operand0=0.0, op1=minimum, operand1=2.0, engine=DVE)
//   tensor_scalar(dst=%t5_first, data=%t5_first, op0=multiply, operand0=19200.0, engine=GpSimd)
//   dma_copy(dst=%t8_start, src=%in2.ap([[0, 128], [1, 1]]), engine=DMA)
//   tensor_scalar(dst=%t6_part, data=%t8_start, op0=maximum, operand0=0.0, op1=minimum, operand1=170.0, engine=DVE)
//   tensor_scalar(dst=%t6_part, data=%t6_part, op0=multiply, operand0=64.0, engine=GpSimd)
//   tensor_tensor(dst=%t5_first, data1=%t5_first, data2=%t6_part, op=add, engine=GpSimd)
//   dma_copy(dst=%t9_start, src=%in3.ap([[0, 128], [1, 1]]), engine=DMA)
//   tensor_scalar(dst=%t6_part, data=%t9_start, op0=maximum, operand0=0.0, op1=minimum, operand1=32.0, engine=DVE)
//   tensor_scalar(dst=%t6_part, data=%t6_part, op0=multiply, operand0=1.0, engine=GpSimd)
//   tensor_tensor(dst=%t5_first, data1=%t5_first, data2=%t6_part, op=add, engine=GpSimd)
//   iota(dst=%t10_row, offset=0.0, channel_multiplier=64.0, engine=GpSimd)
//   tensor_tensor(dst=%t11_offset, data1=%t10_row, data2=%t5_first, op=add, engine=GpSimd)
//   dma_copy(dst=%out0.ap([[32, 128], [1, 32]]), src=%in0.ap([[1, 128], [1, 32]]), vector_offset=%t11_offset, engine=DMA)
//   iota(dst=%t10_row.ap([[1, 2], [1, 1]]), offset=8192.0, channel_multiplier=64.0, engine=GpSimd)
//   tensor_tensor(dst=%t11_offset.ap([[1, 2], [1, 1]]), data1=%t10_row.ap([[1, 2], [1, 1]]), data2=%t5_first.ap([[1, 2], [1, 1]]), op=add, engine=GpSimd)
//   dma_copy(dst=%out0.ap([[32, 2], [1, 32]], offset=4096), src=%in0.ap([[1, 2], [1, 32]]), vector_offset=%t11_offset.ap([[1, 2], [1, 1]]), engine=DMA)
//   iota(dst=%t10_row, offset=19200.0, channel_multiplier=64.0, engine=GpSimd)
//   tensor_tensor(dst=%t11_offset, data1=%t10_row, data2=%t5_first, op=add, engine=GpSimd)
//   dma_copy(dst=%out0.ap([[32, 128], [1, 32]], offset=4160), src=%in0.ap([[1, 128], [1, 32]]), vector_offset=%t11_offset, engine=DMA)
//   iota(dst=%t10_row.ap([[1, 2], [1, 1]]), offset=27392.0, channel_multiplier=64.0, engine=GpSimd)
//   tensor_tensor(dst=%t11_offset.ap([[1, 2], [1, 1]]), data1=%t10_row.ap([[1, 2], [1, 1]]), data2=%t5_first.ap([[1, 2], [1, 1]]), op=add, engine=GpSimd)
//   dma_copy(dst=%out0.ap([[32, 2], [1, 32]], offset=8256), src=%in0.ap([[1, 2], [1, 32]]), vector_offset=%t11_offset.ap([[1, 2], [1, 1]]), engine=DMA)
// }
//
// // device program of @main at tests/filetests/lower/dynamic_slice.mlir:7:1: 1 call; HBM 340672 bytes
// device @main {
//   hbm %arg0 : f32[4, 300, 64] input 0 at 0
//   hbm %arg1 : i32[] input 1 at 307200
//   hbm %arg2 : i32[] input 2 at 307264
//   hbm %arg3 : i32[] input 3 at 307328
//   hbm %t0 : f32[2, 130, 32] at 307392
//   call @k0(%arg0, %arg1, %arg2, %arg3) -> (%t0)
//   return %t0
// }
// ----- stderr
// lowered 1 kernel (stablehlo.dynamic_slice x1), estimate 942.149 ns; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (8 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
