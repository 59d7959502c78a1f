// A head split: `x + b` over 300 tokens of 4 heads of 8, written as `[4, 300, 8]`. The space is
// the add's (300 rows, 32 columns); the store walks the rows by 8 and the columns as 4 heads of
// 300 x 8 elements and 8 adjacent ones.
// RUN: egfuse lower %s --check
func.func @main(%x: tensor<300x32xf32>, %b: tensor<32xf32>) -> tensor<4x300x8xf32> {
  %0 = "mhlo.fusion"(%x, %b) ({
  ^bb0(%x: tensor<300x32xf32>, %b: tensor<32xf32>):
    %w = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<32xf32>) -> tensor<300x32xf32>
    %a = stablehlo.add %x, %w : tensor<300x32xf32>
    %r = stablehlo.reshape %a : (tensor<300x32xf32>) -> tensor<300x4x8xf32>
    %t = stablehlo.transpose %r, dims = [1, 0, 2] : (tensor<300x4x8xf32>) -> tensor<4x300x8xf32>
    mhlo.return %t : tensor<4x300x8xf32>
  }) {FusionKind = "Elementwise"} : (tensor<300x32xf32>, tensor<32xf32>) -> tensor<4x300x8xf32>
  return %0 : tensor<4x300x8xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check
// // Elementwise at tests/filetests/lower/edge_head_split.mlir:11:5: rows, 128 a tile; SBUF 384 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 446.029 ns, bound by DMA (DVE 439.287 ns, DMA 446.029 ns)
// kernel @k0 kind Elementwise {
//   hbm %in0 : f32[9600] input
//   hbm %in1 : f32[32] input
//   hbm %out0 : f32[9600] output
//   sbuf %t3 : f32[128, 32] at 0
//   sbuf %t4 : f32[128, 32] at 128
//   sbuf %t5 : f32[128, 32] at 256
//   sbuf %t6 : f32[128, 32] at 128
//   sbuf %t7 : f32[128, 32] at 256
//   dma_copy(dst=%t3, src=%in1.ap([[0, 128], [1, 32]]), engine=DMA)
//   for %r0 in 0..2 {
//     dma_copy(dst=%t4, src=%in0.ap([[32, 128], [1, 32]], offset=4096*%r0), engine=DMA)
//     tensor_tensor(dst=%t5, data1=%t4, data2=%t3, op=add, engine=DVE)
//     dma_copy(dst=%out0.ap([[8, 128], [2400, 4], [1, 8]], offset=1024*%r0), src=%t5, engine=DMA)
//   }
//   dma_copy(dst=%t6.ap([[32, 44], [1, 32]]), src=%in0.ap([[32, 44], [1, 32]], offset=8192), engine=DMA)
//   tensor_tensor(dst=%t7.ap([[32, 44], [1, 32]]), data1=%t6.ap([[32, 44], [1, 32]]), data2=%t3.ap([[32, 44], [1, 32]]), op=add, engine=DVE)
//   dma_copy(dst=%out0.ap([[8, 44], [2400, 4], [1, 8]], offset=2048), src=%t7.ap([[32, 44], [1, 32]]), engine=DMA)
// }
//
// // device program of @main at tests/filetests/lower/edge_head_split.mlir:5:1: 1 call; HBM 76928 bytes
// device @main {
//   hbm %arg0 : f32[300, 32] input 0 at 0
//   hbm %arg1 : f32[32] input 1 at 38400
//   hbm %t0 : f32[4, 300, 8] at 38528
//   call @k0(%arg0, %arg1) -> (%t0)
//   return %t0
// }
// ----- stderr
// lowered 1 kernel (Elementwise x1), estimate 446.029 ns; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (4 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
