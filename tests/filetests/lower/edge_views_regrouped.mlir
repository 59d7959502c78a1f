// A transpose and a reshape that regroups across the transposed dimensions ([3, 5, 3, 4] to
// [3, 3, 20], a vmapped `lax.reshape` with `dimensions`) compute nothing: the output's runs,
// which walk memory as one, regroup into the transposed shape, and one HBM-to-HBM DMA walks
// both in that order.
// RUN: egfuse lower %s --check
func.func @main(%x: tensor<3x3x4x5xf32>) -> tensor<3x3x20xf32> {
  %0 = stablehlo.transpose %x, dims = [0, 3, 1, 2] : (tensor<3x3x4x5xf32>) -> tensor<3x5x3x4xf32>
  %1 = stablehlo.reshape %0 : (tensor<3x5x3x4xf32>) -> tensor<3x3x20xf32>
  return %1 : tensor<3x3x20xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check
// // Elementwise at tests/filetests/lower/edge_views_regrouped.mlir:8:3: dma; SBUF 0 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 33.007 ns, bound by DMA (DMA 33.007 ns)
// kernel @k0 kind Elementwise {
//   hbm %in0 : f32[180] input
//   hbm %out0 : f32[180] output
//   dma_copy(dst=%out0.ap([[60, 3], [1, 12], [12, 5]]), src=%in0.ap([[60, 3], [5, 12], [1, 5]]), engine=DMA)
// }
//
// // device program of @main at tests/filetests/lower/edge_views_regrouped.mlir:6:1: 1 call; HBM 1488 bytes
// device @main {
//   hbm %arg0 : f32[3, 3, 4, 5] input 0 at 0
//   hbm %t0 : f32[3, 3, 20] at 768
//   call @k0(%arg0) -> (%t0)
//   return %t0
// }
// ----- stderr
// lowered 1 kernel (Elementwise x1), estimate 33.007 ns; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (0 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
