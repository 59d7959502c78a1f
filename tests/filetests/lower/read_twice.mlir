// An op that reads one value twice (`multiply %x, %x`) has a kernel input for each read, and
// loads the value once per tile: a load and a store in the loop and in the remainder.
// RUN: egfuse lower %s --check
func.func @main(%x: tensor<300x64xf32>) -> tensor<300x64xf32> {
  %0 = stablehlo.multiply %x, %x : tensor<300x64xf32>
  return %0 : tensor<300x64xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check
// // stablehlo.multiply at tests/filetests/lower/read_twice.mlir:5:3: rows, 128 a tile; SBUF 512 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 562.136 ns, bound by DMA (ACT 351.429 ns, DMA 562.136 ns)
// kernel @k0 kind stablehlo.multiply {
//   hbm %in0 : f32[19200] input
//   hbm %out0 : f32[19200] output
//   sbuf %t3 : f32[128, 64] at 0
//   sbuf %t4 : f32[128, 64] at 256
//   sbuf %t5 : f32[128, 64] at 0
//   sbuf %t6 : f32[128, 64] at 256
//   for %r0 in 0..2 {
//     dma_copy(dst=%t3, src=%in0.ap([[64, 128], [1, 64]], offset=8192*%r0), engine=DMA)
//     activation(dst=%t4, op=square, data=%t3, engine=ACT)
//     dma_copy(dst=%out0.ap([[64, 128], [1, 64]], offset=8192*%r0), src=%t4, engine=DMA)
//   }
//   dma_copy(dst=%t5.ap([[64, 44], [1, 64]]), src=%in0.ap([[64, 44], [1, 64]], offset=16384), engine=DMA)
//   activation(dst=%t6.ap([[64, 44], [1, 64]]), op=square, data=%t5.ap([[64, 44], [1, 64]]), engine=ACT)
//   dma_copy(dst=%out0.ap([[64, 44], [1, 64]], offset=16384), src=%t6.ap([[64, 44], [1, 64]]), engine=DMA)
// }
//
// // device program of @main at tests/filetests/lower/read_twice.mlir:4:1: 1 call; HBM 153600 bytes
// device @main {
//   hbm %arg0 : f32[300, 64] input 0 at 0
//   hbm %t0 : f32[300, 64] at 76800
//   call @k0(%arg0) -> (%t0)
//   return %t0
// }
// ----- stderr
// lowered 1 kernel (stablehlo.multiply x1), estimate 562.136 ns; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (4 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
