// A relu (maximum with 0) keeps a NaN the kernel computes, as StableHLO's maximum does: with
// `--check`'s signed draws, rsqrt of a negative element is NaN and the relu's result there is
// NaN too. (Issue 39: a Flax ResNet's inference batch norm, `rsqrt(var + eps)` of a drawn
// variance, then its relu; the nisa interpreter's maximum returned the other operand, 0.)
// RUN: egfuse lower %s --check
func.func @main(%x: tensor<128x16xf32>) -> tensor<128x16xf32> {
  %0 = stablehlo.rsqrt %x : tensor<128x16xf32>
  %c = stablehlo.constant dense<0.0> : tensor<f32>
  %b = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<128x16xf32>
  %1 = stablehlo.maximum %0, %b : tensor<128x16xf32>
  return %1 : tensor<128x16xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check
// // Elementwise at tests/filetests/lower/relu_keeps_nan.mlir:10:3: rows, 128 a tile; SBUF 128 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 103.572 ns, bound by DVE (ACT 82.858 ns, DVE 103.572 ns, DMA 102.462 ns)
// kernel @k0 kind Elementwise {
//   hbm %in0 : f32[2048] input
//   hbm %out0 : f32[2048] output
//   sbuf %t2 : f32[128, 16] at 0
//   sbuf %t3 : f32[128, 16] at 64
//   sbuf %t4 : f32[128, 16] at 0
//   dma_copy(dst=%t2, src=%in0.ap([[16, 128], [1, 16]]), engine=DMA)
//   activation(dst=%t3, op=rsqrt, data=%t2, engine=ACT)
//   tensor_scalar(dst=%t4, data=%t3, op0=maximum, operand0=0.0, engine=DVE)
//   dma_copy(dst=%out0.ap([[16, 128], [1, 16]]), src=%t4, engine=DMA)
// }
//
// // device program of @main at tests/filetests/lower/relu_keeps_nan.mlir:6:1: 1 call; HBM 16384 bytes
// device @main {
//   hbm %arg0 : f32[128, 16] input 0 at 0
//   hbm %t0 : f32[128, 16] at 8192
//   call @k0(%arg0) -> (%t0)
//   return %t0
// }
// ----- stderr
// lowered 1 kernel (Elementwise x1), estimate 103.572 ns; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (5 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
