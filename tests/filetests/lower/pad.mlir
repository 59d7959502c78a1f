// A pad is two DMAs: the padding value broadcast over the result by zero strides, then the
// operand at `low + i * (interior + 1)`. Negative padding crops: `low = [-1, 2]`,
// `high = [-2, 0]` drop the operand's first row and its last, and interior padding spaces the
// columns by 2.
// RUN: egfuse lower %s --check
func.func @main(%x: tensor<6x5xf32>, %v: tensor<f32>) -> tensor<3x15xf32> {
  %0 = stablehlo.pad %x, %v, low = [-1, 2], high = [-2, 0], interior = [0, 2] : (tensor<6x5xf32>, tensor<f32>) -> tensor<3x15xf32>
  return %0 : tensor<3x15xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check
// // stablehlo.pad at tests/filetests/lower/pad.mlir:7:3: dma; SBUF 0 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 63.087 ns, bound by DMA (DMA 63.087 ns)
// kernel @k0 kind stablehlo.pad {
//   hbm %in0 : f32[30] input
//   hbm %in1 : f32[1] input
//   hbm %out0 : f32[45] output
//   dma_copy(dst=%out0, src=%in1.ap([[0, 45]]), engine=DMA)
//   dma_copy(dst=%out0.ap([[3, 15]], offset=2), src=%in0.ap([[1, 15]], offset=5), engine=DMA)
// }
//
// // device program of @main at tests/filetests/lower/pad.mlir:6:1: 1 call; HBM 372 bytes
// device @main {
//   hbm %arg0 : f32[6, 5] input 0 at 0
//   hbm %arg1 : f32[] input 1 at 128
//   hbm %t0 : f32[3, 15] at 192
//   call @k0(%arg0, %arg1) -> (%t0)
//   return %t0
// }
// ----- stderr
// lowered 1 kernel (stablehlo.pad x1), estimate 63.087 ns; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (0 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
