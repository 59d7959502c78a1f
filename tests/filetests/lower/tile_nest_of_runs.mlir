// Where a value's rows are runs whose inner parts are more than 128 rows together, the tiles
// are a loop nest over the outer runs: a rotary table of 2 sequences of 77 positions,
// broadcast over 4 heads, is runs of 2, 4 (stride 0) and 77 rows, so 77 rows a tile in loops
// of 2 sequences and 4 heads, each loop's counter stepping the table within one of its runs.
// RUN: egfuse lower --check %s
func.func @main(%x: tensor<2x4x77x32xf32>, %t: tensor<2x77x32xf32>) -> tensor<2x4x77x32xf32> {
  %0 = "mhlo.fusion"(%x, %t) ({
  ^bb0(%a: tensor<2x4x77x32xf32>, %b: tensor<2x77x32xf32>):
    %bb = stablehlo.broadcast_in_dim %b, dims = [0, 2, 3] : (tensor<2x77x32xf32>) -> tensor<2x4x77x32xf32>
    %s = stablehlo.multiply %a, %bb : tensor<2x4x77x32xf32>
    mhlo.return %s : tensor<2x4x77x32xf32>
  }) {FusionKind = "Elementwise"} : (tensor<2x4x77x32xf32>, tensor<2x77x32xf32>) -> tensor<2x4x77x32xf32>
  return %0 : tensor<2x4x77x32xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower --check %s
// // Elementwise at tests/filetests/lower/tile_nest_of_runs.mlir:10:5: rows, 77 a tile; SBUF 384 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 1.326 us, bound by DMA (DVE 1.171 us, DMA 1.326 us)
// kernel @k0 kind Elementwise {
//   hbm %in0 : f32[19712] input
//   hbm %in1 : f32[4928] input
//   hbm %out0 : f32[19712] output
//   sbuf %t3 : f32[128, 32] at 0
//   sbuf %t4 : f32[128, 32] at 128
//   sbuf %t5 : f32[128, 32] at 256
//   for %r0 in 0..2 {
//     for %r1 in 0..4 {
//       dma_copy(dst=%t3.ap([[32, 77], [1, 32]]), src=%in0.ap([[32, 77], [1, 32]], offset=9856*%r0 + 2464*%r1), engine=DMA)
//       dma_copy(dst=%t4.ap([[32, 77], [1, 32]]), src=%in1.ap([[0, 1], [32, 77], [1, 32]], offset=2464*%r0), engine=DMA)
//       tensor_tensor(dst=%t5.ap([[32, 77], [1, 32]]), data1=%t3.ap([[32, 77], [1, 32]]), data2=%t4.ap([[32, 77], [1, 32]]), op=multiply, engine=DVE)
//       dma_copy(dst=%out0.ap([[32, 77], [1, 32]], offset=9856*%r0 + 2464*%r1), src=%t5.ap([[32, 77], [1, 32]]), engine=DMA)
//     }
//   }
// }
//
// // device program of @main at tests/filetests/lower/tile_nest_of_runs.mlir:6:1: 1 call; HBM 177408 bytes
// device @main {
//   hbm %arg0 : f32[2, 4, 77, 32] input 0 at 0
//   hbm %arg1 : f32[2, 77, 32] input 1 at 78848
//   hbm %t0 : f32[2, 4, 77, 32] at 98560
//   call @k0(%arg0, %arg1) -> (%t0)
//   return %t0
// }
// ----- stderr
// lowered 1 kernel (Elementwise x1), estimate 1.326 us; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (4 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
