// A head merge (a transpose and the reshape flattening the heads) computes nothing: one
// HBM-to-HBM DMA whose two patterns walk the same elements, the kernel's only instruction.
// RUN: egfuse lower %s --check
func.func @main(%o: tensor<2x4x3xf32>) -> tensor<4x6xf32> {
  %0 = "mhlo.fusion"(%o) ({
  ^bb0(%o: tensor<2x4x3xf32>):
    %t = stablehlo.transpose %o, dims = [1, 0, 2] : (tensor<2x4x3xf32>) -> tensor<4x2x3xf32>
    %r = stablehlo.reshape %t : (tensor<4x2x3xf32>) -> tensor<4x6xf32>
    mhlo.return %r : tensor<4x6xf32>
  }) {FusionKind = "Elementwise"} : (tensor<2x4x3xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check
// // Elementwise at tests/filetests/lower/edge_views_only.mlir:8:5: dma; SBUF 0 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 31.485 ns, bound by DMA (DMA 31.485 ns)
// kernel @k0 kind Elementwise {
//   hbm %in0 : f32[24] input
//   hbm %out0 : f32[24] output
//   dma_copy(dst=%out0.ap([[3, 2], [6, 4], [1, 3]]), src=%in0.ap([[12, 2], [3, 4], [1, 3]]), engine=DMA)
// }
//
// // device program of @main at tests/filetests/lower/edge_views_only.mlir:4:1: 1 call; HBM 224 bytes
// device @main {
//   hbm %arg0 : f32[2, 4, 3] input 0 at 0
//   hbm %t0 : f32[4, 6] at 128
//   call @k0(%arg0) -> (%t0)
//   return %t0
// }
// ----- stderr
// lowered 1 kernel (Elementwise x1), estimate 31.485 ns; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (0 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
