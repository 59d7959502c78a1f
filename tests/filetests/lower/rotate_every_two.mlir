// GPT-J's rotate_every_two: the odd and even elements of the last dimension (slices of stride 2),
// the odd negated, stacked along a new unit dimension and interleaved by the concatenate. The
// kernel's space is the concatenate's half `[2, 77, 4, 8, 1]`; the halves `[2, 77, 4, 8]` are
// the same elements in the same order, so they are placed in it, and every access is a view
// of stride 2.
// RUN: egfuse lower --check %s
func.func @main(%x: tensor<2x77x4x16xf32>) -> tensor<2x77x4x8x2xf32> {
  %0 = "mhlo.fusion"(%x) ({
  ^bb0(%arg24: tensor<2x77x4x16xf32>):
      %18 = stablehlo.slice %arg24 [0:2, 0:77, 0:4, 1:16:2] : (tensor<2x77x4x16xf32>) -> tensor<2x77x4x8xf32>
      %19 = stablehlo.negate %18 : tensor<2x77x4x8xf32>
      %20 = stablehlo.broadcast_in_dim %19, dims = [0, 1, 2, 3] : (tensor<2x77x4x8xf32>) -> tensor<2x77x4x8x1xf32>
      %21 = stablehlo.slice %arg24 [0:2, 0:77, 0:4, 0:16:2] : (tensor<2x77x4x16xf32>) -> tensor<2x77x4x8xf32>
      %22 = stablehlo.broadcast_in_dim %21, dims = [0, 1, 2, 3] : (tensor<2x77x4x8xf32>) -> tensor<2x77x4x8x1xf32>
      %23 = stablehlo.concatenate %20, %22, dim = 4 : (tensor<2x77x4x8x1xf32>, tensor<2x77x4x8x1xf32>) -> tensor<2x77x4x8x2xf32>
      mhlo.return %23 : tensor<2x77x4x8x2xf32>
  }) {FusionKind = "Elementwise"} : (tensor<2x77x4x16xf32>) -> tensor<2x77x4x8x2xf32>
  return %0 : tensor<2x77x4x8x2xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower --check %s
// // Elementwise at tests/filetests/lower/rotate_every_two.mlir:15:7: rows, 128 a tile; SBUF 384 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 442.316 ns, bound by DMA (ACT 188.572 ns, DMA 442.316 ns)
// kernel @k0 kind Elementwise {
//   hbm %in0 : f32[9856] input
//   hbm %out0 : f32[9856] output
//   sbuf %t2 : f32[128, 32] at 0
//   sbuf %t3 : f32[128, 32] at 128
//   sbuf %t4 : f32[128, 32] at 256
//   sbuf %t5 : f32[128, 32] at 0
//   sbuf %t6 : f32[128, 32] at 128
//   sbuf %t7 : f32[128, 32] at 256
//   dma_copy(dst=%t2, src=%in0.ap([[64, 128], [2, 32]], offset=1), engine=DMA)
//   dma_copy(dst=%t3, src=%in0.ap([[64, 128], [2, 32]]), engine=DMA)
//   activation(dst=%t4, op=copy, data=%t2, scale=-1.0, engine=ACT)
//   dma_copy(dst=%out0.ap([[64, 128], [2, 32]]), src=%t4, engine=DMA)
//   dma_copy(dst=%out0.ap([[64, 128], [2, 32]], offset=1), src=%t3, engine=DMA)
//   dma_copy(dst=%t5.ap([[32, 26], [1, 32]]), src=%in0.ap([[64, 26], [2, 32]], offset=8193), engine=DMA)
//   dma_copy(dst=%t6.ap([[32, 26], [1, 32]]), src=%in0.ap([[64, 26], [2, 32]], offset=8192), engine=DMA)
//   activation(dst=%t7.ap([[32, 26], [1, 32]]), op=copy, data=%t5.ap([[32, 26], [1, 32]]), scale=-1.0, engine=ACT)
//   dma_copy(dst=%out0.ap([[64, 26], [2, 32]], offset=8192), src=%t7.ap([[32, 26], [1, 32]]), engine=DMA)
//   dma_copy(dst=%out0.ap([[64, 26], [2, 32]], offset=8193), src=%t6.ap([[32, 26], [1, 32]]), engine=DMA)
// }
//
// // device program of @main at tests/filetests/lower/rotate_every_two.mlir:7:1: 1 call; HBM 78848 bytes
// device @main {
//   hbm %arg0 : f32[2, 77, 4, 16] input 0 at 0
//   hbm %t0 : f32[2, 77, 4, 8, 2] at 39424
//   call @k0(%arg0) -> (%t0)
//   return %t0
// }
// ----- stderr
// lowered 1 kernel (Elementwise x1), estimate 442.316 ns; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (6 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
