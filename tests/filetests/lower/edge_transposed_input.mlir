// An input read through a transpose: `exp(transpose(x))` computes on the transposed space and
// loads `x` by a pattern that walks its columns as the rows.
// RUN: egfuse lower %s --check
func.func @main(%x: tensor<64x200xf32>) -> tensor<200x64xf32> {
  %0 = "mhlo.fusion"(%x) ({
  ^bb0(%x: tensor<64x200xf32>):
    %t = stablehlo.transpose %x, dims = [1, 0] : (tensor<64x200xf32>) -> tensor<200x64xf32>
    %e = stablehlo.exponential %t : tensor<200x64xf32>
    mhlo.return %e : tensor<200x64xf32>
  }) {FusionKind = "Elementwise"} : (tensor<64x200xf32>) -> tensor<200x64xf32>
  return %0 : tensor<200x64xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check
// // Elementwise at tests/filetests/lower/edge_transposed_input.mlir:8:5: rows, 128 a tile; SBUF 512 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 374.758 ns, bound by DMA (ACT 234.286 ns, DMA 374.758 ns)
// kernel @k0 kind Elementwise {
//   hbm %in0 : f32[12800] input
//   hbm %out0 : f32[12800] output
//   sbuf %t2 : f32[128, 64] at 0
//   sbuf %t3 : f32[128, 64] at 256
//   sbuf %t4 : f32[128, 64] at 0
//   sbuf %t5 : f32[128, 64] at 256
//   dma_copy(dst=%t2, src=%in0.ap([[1, 128], [200, 64]]), engine=DMA)
//   activation(dst=%t3, op=exp, data=%t2, engine=ACT)
//   dma_copy(dst=%out0.ap([[64, 128], [1, 64]]), src=%t3, engine=DMA)
//   dma_copy(dst=%t4.ap([[64, 72], [1, 64]]), src=%in0.ap([[1, 72], [200, 64]], offset=128), engine=DMA)
//   activation(dst=%t5.ap([[64, 72], [1, 64]]), op=exp, data=%t4.ap([[64, 72], [1, 64]]), engine=ACT)
//   dma_copy(dst=%out0.ap([[64, 72], [1, 64]], offset=8192), src=%t5.ap([[64, 72], [1, 64]]), engine=DMA)
// }
//
// // device program of @main at tests/filetests/lower/edge_transposed_input.mlir:4:1: 1 call; HBM 102400 bytes
// device @main {
//   hbm %arg0 : f32[64, 200] input 0 at 0
//   hbm %t0 : f32[200, 64] at 51200
//   call @k0(%arg0) -> (%t0)
//   return %t0
// }
// ----- stderr
// lowered 1 kernel (Elementwise x1), estimate 374.758 ns; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (4 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
