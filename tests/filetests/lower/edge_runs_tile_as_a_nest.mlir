// Rows whose inner run in HBM is longer than a tile (256 rows a run, after a transpose that
// puts 2 outer rows around them) are tiled by a loop nest: one loop over the 2 outer rows, one
// over the 2 tiles of 128 of each run, and the store's offset steps each run by its own stride.
// RUN: egfuse lower --check %s
func.func @main(%x: tensor<2x256x8xf32>) -> tensor<256x2x8xf32> {
  %0 = "mhlo.fusion"(%x) ({
  ^bb0(%x: tensor<2x256x8xf32>):
    %e = stablehlo.exponential %x : tensor<2x256x8xf32>
    %t = stablehlo.transpose %e, dims = [1, 0, 2] : (tensor<2x256x8xf32>) -> tensor<256x2x8xf32>
    mhlo.return %t : tensor<256x2x8xf32>
  }) {FusionKind = "Elementwise"} : (tensor<2x256x8xf32>) -> tensor<256x2x8xf32>
  return %0 : tensor<256x2x8xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower --check %s
// // Elementwise at tests/filetests/lower/edge_runs_tile_as_a_nest.mlir:9:5: rows, 128 a tile; SBUF 64 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 329.928 ns, bound by DMA (ACT 308.572 ns, DMA 329.928 ns)
// kernel @k0 kind Elementwise {
//   hbm %in0 : f32[4096] input
//   hbm %out0 : f32[4096] output
//   sbuf %t2 : f32[128, 8] at 0
//   sbuf %t3 : f32[128, 8] at 32
//   for %r0 in 0..2 {
//     for %r1 in 0..2 {
//       dma_copy(dst=%t2, src=%in0.ap([[8, 128], [1, 8]], offset=2048*%r0 + 1024*%r1), engine=DMA)
//       activation(dst=%t3, op=exp, data=%t2, engine=ACT)
//       dma_copy(dst=%out0.ap([[16, 128], [1, 8]], offset=8*%r0 + 2048*%r1), src=%t3, engine=DMA)
//     }
//   }
// }
//
// // device program of @main at tests/filetests/lower/edge_runs_tile_as_a_nest.mlir:5:1: 1 call; HBM 32768 bytes
// device @main {
//   hbm %arg0 : f32[2, 256, 8] input 0 at 0
//   hbm %t0 : f32[256, 2, 8] at 16384
//   call @k0(%arg0) -> (%t0)
//   return %t0
// }
// ----- stderr
// lowered 1 kernel (Elementwise x1), estimate 329.928 ns; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (4 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
