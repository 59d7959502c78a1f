// An elementwise kernel's narrow rows merge into rows of up to 2048: without a bias along the
// last dimension (narrow_rows_bias.mlir) a kernel over [512, 32, 64] takes tiles of 128 rows of
// 2048.
// RUN: egfuse lower %s --check
func.func @main(%x: tensor<512x32x64xf32>) -> tensor<512x32x64xf32> {
  %0 = stablehlo.exponential %x : tensor<512x32x64xf32>
  %1 = stablehlo.add %0, %x : tensor<512x32x64xf32>
  return %1 : tensor<512x32x64xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check
// // Elementwise at tests/filetests/lower/narrow_rows_merge.mlir:7:3: rows, 128 a tile; SBUF 24576 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 20.710 us, bound by DMA (ACT 6.137 us, DVE 14.985 us, DMA 20.710 us)
// kernel @k0 kind Elementwise {
//   hbm %in0 : f32[1048576] input
//   hbm %out0 : f32[1048576] output
//   sbuf %t2 : f32[128, 2048] at 0
//   sbuf %t3 : f32[128, 2048] at 8192
//   sbuf %t4 : f32[128, 2048] at 16384
//   for %r0 in 0..4 {
//     dma_copy(dst=%t2, src=%in0.ap([[2048, 128], [1, 2048]], offset=262144*%r0), engine=DMA)
//     activation(dst=%t3, op=exp, data=%t2, engine=ACT)
//     tensor_tensor(dst=%t4, data1=%t3, data2=%t2, op=add, engine=DVE)
//     dma_copy(dst=%out0.ap([[2048, 128], [1, 2048]], offset=262144*%r0), src=%t4, engine=DMA)
//   }
// }
//
// // device program of @main at tests/filetests/lower/narrow_rows_merge.mlir:5:1: 1 call; HBM 8388608 bytes
// device @main {
//   hbm %arg0 : f32[512, 32, 64] input 0 at 0
//   hbm %t0 : f32[512, 32, 64] at 4194304
//   call @k0(%arg0) -> (%t0)
//   return %t0
// }
// ----- stderr
// lowered 1 kernel (Elementwise x1), estimate 20.710 us; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (8 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
