// Integer shifts are GpSimd's `left_shift` and `right_shift` at the data's width: a left shift
// drops the bits shifted out, a right shift is logical on unsigned types and arithmetic on signed
// ones; a count at or past the width shifts every bit out (c = 32 below), as StableHLO says.
// The masks of a random-number loop (`and`, `xor`) run there too. `--check` holds each against
// the reference interpreter.
// RUN: egfuse lower %s --check
func.func @main(%u: tensor<128x16xui32>, %i: tensor<128x16xi32>, %n: tensor<128x16xi32>) -> (tensor<128x16xui32>, tensor<128x16xi32>) {
  %c13 = stablehlo.constant dense<13> : tensor<128x16xui32>
  %c19 = stablehlo.constant dense<19> : tensor<128x16xui32>
  %c32 = stablehlo.constant dense<32> : tensor<128x16xui32>
  %0 = stablehlo.shift_left %u, %c13 : tensor<128x16xui32>
  %1 = stablehlo.shift_right_logical %u, %c19 : tensor<128x16xui32>
  %2 = stablehlo.or %0, %1 : tensor<128x16xui32>
  %3 = stablehlo.shift_left %u, %c32 : tensor<128x16xui32>
  %4 = stablehlo.xor %2, %3 : tensor<128x16xui32>
  %c3 = stablehlo.constant dense<3> : tensor<128x16xi32>
  %5 = stablehlo.shift_right_arithmetic %i, %c3 : tensor<128x16xi32>
  %6 = stablehlo.shift_left %i, %n : tensor<128x16xi32>
  %7 = stablehlo.and %5, %6 : tensor<128x16xi32>
  return %4, %7 : tensor<128x16xui32>, tensor<128x16xi32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check
// // Elementwise at tests/filetests/lower/integer_shifts_on_gpsimd.mlir:15:3: rows, 128 a tile; SBUF 256 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 437.146 ns, bound by GpSimd (GpSimd 437.146 ns, DMA 102.462 ns)
// kernel @k0 kind Elementwise {
//   hbm %in0 : ui32[2048] input
//   hbm %out0 : ui32[2048] output
//   sbuf %t2 : ui32[128, 16] at 0
//   sbuf %t3 : ui32[128, 16] at 64
//   sbuf %t4 : ui32[128, 16] at 128
//   sbuf %t5 : ui32[128, 16] at 192
//   sbuf %t6 : ui32[128, 16] at 64
//   sbuf %t7 : ui32[128, 16] at 0
//   dma_copy(dst=%t2, src=%in0.ap([[16, 128], [1, 16]]), engine=DMA)
//   tensor_scalar(dst=%t3, data=%t2, op0=left_shift, operand0=13.0, engine=GpSimd)
//   tensor_scalar(dst=%t4, data=%t2, op0=right_shift, operand0=19.0, engine=GpSimd)
//   tensor_tensor(dst=%t5, data1=%t3, data2=%t4, op=bitwise_or, engine=GpSimd)
//   tensor_scalar(dst=%t6, data=%t2, op0=left_shift, operand0=32.0, engine=GpSimd)
//   tensor_tensor(dst=%t7, data1=%t5, data2=%t6, op=bitwise_xor, engine=GpSimd)
//   dma_copy(dst=%out0.ap([[16, 128], [1, 16]]), src=%t7, engine=DMA)
// }
//
// // Elementwise at tests/filetests/lower/integer_shifts_on_gpsimd.mlir:19:3: rows, 128 a tile; SBUF 256 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 271.430 ns, bound by GpSimd (GpSimd 271.430 ns, DMA 153.693 ns)
// kernel @k1 kind Elementwise {
//   hbm %in0 : i32[2048] input
//   hbm %in1 : i32[2048] input
//   hbm %out0 : i32[2048] output
//   sbuf %t3 : i32[128, 16] at 0
//   sbuf %t4 : i32[128, 16] at 64
//   sbuf %t5 : i32[128, 16] at 128
//   sbuf %t6 : i32[128, 16] at 192
//   sbuf %t7 : i32[128, 16] at 0
//   dma_copy(dst=%t3, src=%in0.ap([[16, 128], [1, 16]]), engine=DMA)
//   dma_copy(dst=%t4, src=%in1.ap([[16, 128], [1, 16]]), engine=DMA)
//   tensor_scalar(dst=%t5, data=%t3, op0=right_shift, operand0=3.0, engine=GpSimd)
//   tensor_tensor(dst=%t6, data1=%t3, data2=%t4, op=left_shift, engine=GpSimd)
//   tensor_tensor(dst=%t7, data1=%t5, data2=%t6, op=bitwise_and, engine=GpSimd)
//   dma_copy(dst=%out0.ap([[16, 128], [1, 16]]), src=%t7, engine=DMA)
// }
//
// // device program of @main at tests/filetests/lower/integer_shifts_on_gpsimd.mlir:7:1: 2 calls; HBM 40960 bytes
// device @main {
//   hbm %arg0 : ui32[128, 16] input 0 at 0
//   hbm %arg1 : i32[128, 16] input 1 at 8192
//   hbm %arg2 : i32[128, 16] input 2 at 16384
//   hbm %t0 : ui32[128, 16] at 24576
//   hbm %t1 : i32[128, 16] at 32768
//   call @k0(%arg0) -> (%t0)
//   call @k1(%arg1, %arg2) -> (%t1)
//   return %t0, %t1
// }
// ----- stderr
// lowered 2 kernels (Elementwise x2), estimate 708.576 ns; device program: 2 calls
// check: 2 of 2 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 2 results
// check: the streams of 2 of 2 kernels are deadlock-free and race-free (6 semaphores)
// check: 2 of 2 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
