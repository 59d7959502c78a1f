// GQA's `repeat_kv` after a computation: `exp(k)` over 2 heads of 64 tokens, broadcast to 2
// copies each and merged into 4 heads. The kernel computes the 2 heads once and stores each
// tile twice, in a loop whose counter moves the destination to the next copy.
// RUN: egfuse lower %s --check
func.func @main(%k: tensor<2x64x16xf32>) -> tensor<4x64x16xf32> {
  %0 = "mhlo.fusion"(%k) ({
  ^bb0(%k: tensor<2x64x16xf32>):
    %e = stablehlo.exponential %k : tensor<2x64x16xf32>
    %b = stablehlo.broadcast_in_dim %e, dims = [0, 2, 3] : (tensor<2x64x16xf32>) -> tensor<2x2x64x16xf32>
    %r = stablehlo.reshape %b : (tensor<2x2x64x16xf32>) -> tensor<4x64x16xf32>
    mhlo.return %r : tensor<4x64x16xf32>
  }) {FusionKind = "Elementwise"} : (tensor<2x64x16xf32>) -> tensor<4x64x16xf32>
  return %0 : tensor<4x64x16xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check
// // Elementwise at tests/filetests/lower/edge_broadcast_repeats_store.mlir:10:5: rows, 128 a tile; SBUF 128 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 153.693 ns, bound by DMA (ACT 82.858 ns, DMA 153.693 ns)
// kernel @k0 kind Elementwise {
//   hbm %in0 : f32[2048] input
//   hbm %out0 : f32[4096] output
//   sbuf %t2 : f32[128, 16] at 0
//   sbuf %t3 : f32[128, 16] at 64
//   dma_copy(dst=%t2, src=%in0.ap([[16, 128], [1, 16]]), engine=DMA)
//   activation(dst=%t3, op=exp, data=%t2, engine=ACT)
//   for %r0 in 0..2 {
//     dma_copy(dst=%out0.ap([[2048, 2], [16, 64], [1, 16]], offset=1024*%r0), src=%t3, engine=DMA)
//   }
// }
//
// // device program of @main at tests/filetests/lower/edge_broadcast_repeats_store.mlir:5:1: 1 call; HBM 24576 bytes
// device @main {
//   hbm %arg0 : f32[2, 64, 16] input 0 at 0
//   hbm %t0 : f32[4, 64, 16] at 8192
//   call @k0(%arg0) -> (%t0)
//   return %t0
// }
// ----- stderr
// lowered 1 kernel (Elementwise x1), estimate 153.693 ns; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (2 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
