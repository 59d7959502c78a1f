// A bias along the last dimension alone cannot be placed in rows of 32 x 64: an elementwise
// kernel's rows stay 64 wide, 16384 of them.
// RUN: egfuse lower %s --check
func.func @main(%x: tensor<512x32x64xf32>, %b: tensor<64xf32>) -> tensor<512x32x64xf32> {
  %0 = stablehlo.broadcast_in_dim %b, dims = [2] : (tensor<64xf32>) -> tensor<512x32x64xf32>
  %1 = stablehlo.add %x, %0 : tensor<512x32x64xf32>
  %2 = stablehlo.exponential %1 : tensor<512x32x64xf32>
  return %2 : tensor<512x32x64xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check
// // Elementwise at tests/filetests/lower/narrow_rows_bias.mlir:7:3: rows, 128 a tile; SBUF 768 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 28.571 us, bound by DMA (ACT 14.994 us, DVE 26.057 us, DMA 28.571 us)
// kernel @k0 kind Elementwise {
//   hbm %in0 : f32[1048576] input
//   hbm %in1 : f32[64] input
//   hbm %out0 : f32[1048576] output
//   sbuf %t3 : f32[128, 64] at 0
//   sbuf %t4 : f32[128, 64] at 256
//   sbuf %t5 : f32[128, 64] at 512
//   sbuf %t6 : f32[128, 64] at 256
//   dma_copy(dst=%t3, src=%in1.ap([[0, 128], [1, 64]]), engine=DMA)
//   for %r0 in 0..128 {
//     dma_copy(dst=%t4, src=%in0.ap([[64, 128], [1, 64]], offset=8192*%r0), engine=DMA)
//     tensor_tensor(dst=%t5, data1=%t4, data2=%t3, op=add, engine=DVE)
//     activation(dst=%t6, op=exp, data=%t5, engine=ACT)
//     dma_copy(dst=%out0.ap([[64, 128], [1, 64]], offset=8192*%r0), src=%t6, engine=DMA)
//   }
// }
//
// // device program of @main at tests/filetests/lower/narrow_rows_bias.mlir:4:1: 1 call; HBM 8388864 bytes
// device @main {
//   hbm %arg0 : f32[512, 32, 64] input 0 at 0
//   hbm %arg1 : f32[64] input 1 at 4194304
//   hbm %t0 : f32[512, 32, 64] at 4194560
//   call @k0(%arg0, %arg1) -> (%t0)
//   return %t0
// }
// ----- stderr
// lowered 1 kernel (Elementwise x1), estimate 28.571 us; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (10 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
