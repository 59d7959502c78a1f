// `--emit asm` writes each kernel as its per-engine streams: the loads on DMA0, the stores on
// DMA1, every pair of conflicting instructions on two streams ordered by a semaphore whose wait
// counts the signals the sequential order issues before it. `--check` replays the streams
// (deadlock- and race-free) and runs them in random interleavings.
// RUN: egfuse lower %s --emit asm --check --interleavings 20
func.func @main(%x: tensor<256x64xf32>) -> tensor<256x64xf32> {
  %m = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %mx = stablehlo.reduce(%x init: %m) applies stablehlo.maximum across dimensions = [1] : (tensor<256x64xf32>, tensor<f32>) -> tensor<256xf32>
  %b = stablehlo.broadcast_in_dim %mx, dims = [0] : (tensor<256xf32>) -> tensor<256x64xf32>
  %d = stablehlo.subtract %x, %b : tensor<256x64xf32>
  %e = stablehlo.exponential %d : tensor<256x64xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%e init: %z) applies stablehlo.add across dimensions = [1] : (tensor<256x64xf32>, tensor<f32>) -> tensor<256xf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<256xf32>) -> tensor<256x64xf32>
  %y = stablehlo.divide %e, %sb : tensor<256x64xf32>
  return %y : tensor<256x64xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --emit asm --check --interleavings 20
// // Softmax at tests/filetests/lower/emit_asm_streams.mlir:15:3: rows, 128 a tile; SBUF 520 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 880.360 ns, bound by DVE (ACT 377.144 ns, DVE 880.360 ns, DMA 444.688 ns)
// kernel @k0 kind Softmax {
//   hbm %in1 : f32[16384] input
//   hbm %out0 : f32[16384] output
//   sbuf %t4 : f32[128, 64] at 0
//   sbuf %t5 : f32[128, 1] at 256
//   sbuf %t6 : f32[128, 64] at 0
//   sbuf %t7 : f32[128, 64] at 264
//   sbuf %t8 : f32[128, 1] at 256
//   sbuf %t9 : f32[128, 64] at 0
//   sbuf %t10_neg : f32[128, 1] at 260
//   sem %s0 : ACT -> DVE
//   sem %s1 : ACT -> DMA0
//   sem %s2 : DVE -> ACT
//   sem %s3 : DVE -> DMA0
//   sem %s4 : DVE -> DMA1
//   sem %s5 : DMA0 -> ACT
//   sem %s6 : DMA0 -> DVE
//   sem %s7 : DMA0 -> DMA1
//   sem %s8 : DMA1 -> DVE
//   sem %s9 : DMA1 -> DMA0
//   ACT {
//     for %r0 in 0..2 {
//       wait %s2 >= 3*%r0 + 2
//       wait %s5 >= %r0 + 1
//       [3] activation_reduce(dst=%t7, op=exp, data=%t4, reduce_op=add, reduce_res=%t8.ap([[1, 128], [0, 1]]), bias=%t10_neg, engine=ACT) signal %s0, %s1
//     }
//   }
//   DVE {
//     for %r0 in 0..2 {
//       wait %s0 >= %r0
//       wait %s6 >= %r0 + 1
//       [1] tensor_reduce(dst=%t5.ap([[1, 128], [0, 1]]), op=maximum, data=%t4, axis=[1], engine=DVE) signal %s2, %s3
//       [2] tensor_scalar(dst=%t10_neg, data=%t5, op0=multiply, operand0=-1.0, engine=DVE) signal %s2
//       wait %s0 >= %r0 + 1
//       wait %s8 >= %r0
//       [4] tensor_tensor(dst=%t9, data1=%t7, data2=%t8.ap([[1, 128], [0, 64]]), op=divide, engine=DVE) signal %s2, %s3, %s4
//     }
//   }
//   DMA0 {
//     for %r0 in 0..2 {
//       wait %s1 >= %r0
//       wait %s3 >= 2*%r0
//       wait %s9 >= %r0
//       [0] dma_copy(dst=%t4, src=%in1.ap([[64, 128], [1, 64]], offset=8192*%r0), engine=DMA) signal %s5, %s6, %s7
//     }
//   }
//   DMA1 {
//     for %r0 in 0..2 {
//       wait %s4 >= %r0 + 1
//       wait %s7 >= %r0 + 1
//       [5] dma_copy(dst=%out0.ap([[64, 128], [1, 64]], offset=8192*%r0), src=%t9, engine=DMA) signal %s8, %s9
//     }
//   }
// }
//
// // device program of @main at tests/filetests/lower/emit_asm_streams.mlir:6:1: 1 call; HBM 131072 bytes
// device @main {
//   hbm %arg0 : f32[256, 64] input 0 at 0
//   hbm %t0 : f32[256, 64] at 65536
//   call @k0(%arg0) -> (%t0)
//   return %t0
// }
// ----- stderr
// lowered 1 kernel (Softmax x1), estimate 880.360 ns; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (10 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 20 random interleavings
// ----- exit 0
