// `x.astype(bf16).astype(f32)` rounds on purpose, and a copy never folds into a copy: the first
// copy stays (one `tensor_copy`), the exp reads it.
// RUN: egfuse lower %s --check
func.func @main(%x: tensor<128x256xf32>) -> tensor<128x256xf32> {
  %b = stablehlo.convert %x : (tensor<128x256xf32>) -> tensor<128x256xbf16>
  %f = stablehlo.convert %b : (tensor<128x256xbf16>) -> tensor<128x256xf32>
  %y = stablehlo.exponential %f : tensor<128x256xf32>
  return %y : tensor<128x256xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check
// // Elementwise at tests/filetests/lower/fold_round_trip.mlir:7:3: rows, 128 a tile; SBUF 1536 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 701.876 ns, bound by DMA (ACT 254.286 ns, DVE 317.858 ns, DMA 701.876 ns)
// kernel @k0 kind Elementwise {
//   hbm %in0 : f32[32768] input
//   hbm %out0 : f32[32768] output
//   sbuf %t2 : f32[128, 256] at 0
//   sbuf %t3 : bf16[128, 256] at 1024
//   sbuf %t4 : f32[128, 256] at 0
//   sbuf %t5 : f32[128, 256] at 0
//   dma_copy(dst=%t2, src=%in0.ap([[256, 128], [1, 256]]), engine=DMA)
//   tensor_copy(dst=%t3, src=%t2, engine=DVE)
//   activation(dst=%t5, op=exp, data=%t3, engine=ACT)
//   dma_copy(dst=%out0.ap([[256, 128], [1, 256]]), src=%t5, engine=DMA)
// }
//
// // device program of @main at tests/filetests/lower/fold_round_trip.mlir:4:1: 1 call; HBM 262144 bytes
// device @main {
//   hbm %arg0 : f32[128, 256] input 0 at 0
//   hbm %t0 : f32[128, 256] at 131072
//   call @k0(%arg0) -> (%t0)
//   return %t0
// }
// ----- stderr
// lowered 1 kernel (Elementwise x1), estimate 701.876 ns; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (5 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
