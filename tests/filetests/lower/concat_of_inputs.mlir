// A concatenate of one input with itself (PyTorch's rotary table, `cat((f, f), -1)`) computes
// nothing: one DMA per piece, from the input to its half of every row.
// RUN: egfuse lower %s --check
func.func @main(%f: tensor<8x4xf32>) -> tensor<8x8xf32> {
  %0 = "mhlo.fusion"(%f) ({
  ^bb0(%f: tensor<8x4xf32>):
    %r = stablehlo.concatenate %f, %f, dim = 1 : (tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<8x8xf32>
    mhlo.return %r : tensor<8x8xf32>
  }) {FusionKind = "Elementwise"} : (tensor<8x4xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check
// // Elementwise at tests/filetests/lower/concat_of_inputs.mlir:7:5: dma; SBUF 0 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 63.126 ns, bound by DMA (DMA 63.126 ns)
// kernel @k0 kind Elementwise {
//   hbm %in0 : f32[32] input
//   hbm %out0 : f32[64] output
//   dma_copy(dst=%out0.ap([[8, 8], [1, 4]]), src=%in0.ap([[4, 8], [1, 4]]), engine=DMA)
//   dma_copy(dst=%out0.ap([[8, 8], [1, 4]], offset=4), src=%in0.ap([[4, 8], [1, 4]]), engine=DMA)
// }
//
// // device program of @main at tests/filetests/lower/concat_of_inputs.mlir:4:1: 1 call; HBM 384 bytes
// device @main {
//   hbm %arg0 : f32[8, 4] input 0 at 0
//   hbm %t0 : f32[8, 8] at 128
//   call @k0(%arg0) -> (%t0)
//   return %t0
// }
// ----- stderr
// lowered 1 kernel (Elementwise x1), estimate 63.126 ns; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (0 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
