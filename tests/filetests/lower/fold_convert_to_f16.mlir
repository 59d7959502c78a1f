// A copy to f16, which overflows where f32 does not, does not fold: the exp's result is copied
// to f16 by one `tensor_copy`.
// RUN: egfuse lower %s --check
func.func @main(%x: tensor<128x256xf32>) -> tensor<128x256xf16> {
  %e = stablehlo.exponential %x : tensor<128x256xf32>
  %h = stablehlo.convert %e : (tensor<128x256xf32>) -> tensor<128x256xf16>
  %y = stablehlo.multiply %h, %h : tensor<128x256xf16>
  return %y : tensor<128x256xf16>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check
// // Elementwise at tests/filetests/lower/fold_convert_to_f16.mlir:7:3: rows, 128 a tile; SBUF 2048 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 542.032 ns, bound by DMA (ACT 508.572 ns, DVE 317.858 ns, DMA 542.032 ns)
// kernel @k0 kind Elementwise {
//   hbm %in0 : f32[32768] input
//   hbm %out0 : f16[32768] output
//   sbuf %t2 : f32[128, 256] at 0
//   sbuf %t3 : f32[128, 256] at 1024
//   sbuf %t4 : f16[128, 256] at 0
//   sbuf %t5 : f16[128, 256] at 512
//   dma_copy(dst=%t2, src=%in0.ap([[256, 128], [1, 256]]), engine=DMA)
//   activation(dst=%t3, op=exp, data=%t2, engine=ACT)
//   tensor_copy(dst=%t4, src=%t3, engine=DVE)
//   activation(dst=%t5, op=square, data=%t4, engine=ACT)
//   dma_copy(dst=%out0.ap([[256, 128], [1, 256]]), src=%t5, engine=DMA)
// }
//
// // device program of @main at tests/filetests/lower/fold_convert_to_f16.mlir:4:1: 1 call; HBM 196608 bytes
// device @main {
//   hbm %arg0 : f32[128, 256] input 0 at 0
//   hbm %t0 : f16[128, 256] at 131072
//   call @k0(%arg0) -> (%t0)
//   return %t0
// }
// ----- stderr
// lowered 1 kernel (Elementwise x1), estimate 542.032 ns; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (6 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
