// A space whose values lie in HBM as runs of rows whose inner part does not divide 128 is tiled
// by as many whole inner parts as 128 rows hold: a [77, 256] table broadcast over a batch of 3
// is 3 runs of 77 rows, so 77 rows a tile (each tile one access pattern of the table), and the
// kept rows of a reduce over dimensions 1 and 3 are 4 runs of 6, so one tile of 24 rows.
// RUN: egfuse lower --check %s
func.func @main(%x: tensor<3x77x256xf32>, %t: tensor<77x256xf32>, %y: tensor<4x8x6x32xf32>) -> (tensor<3x77x256xf32>, tensor<4x6xf32>) {
  %0 = "mhlo.fusion"(%x, %t) ({
  ^bb0(%a: tensor<3x77x256xf32>, %b: tensor<77x256xf32>):
    %bb = stablehlo.broadcast_in_dim %b, dims = [1, 2] : (tensor<77x256xf32>) -> tensor<3x77x256xf32>
    %s = stablehlo.add %a, %bb : tensor<3x77x256xf32>
    mhlo.return %s : tensor<3x77x256xf32>
  }) {FusionKind = "Elementwise"} : (tensor<3x77x256xf32>, tensor<77x256xf32>) -> tensor<3x77x256xf32>
  %c = stablehlo.constant dense<0.0> : tensor<f32>
  %1 = stablehlo.reduce(%y init: %c) applies stablehlo.add across dimensions = [1, 3] : (tensor<4x8x6x32xf32>, tensor<f32>) -> tensor<4x6xf32>
  return %0, %1 : tensor<3x77x256xf32>, tensor<4x6xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower --check %s
// // Elementwise at tests/filetests/lower/rows_a_tile_of_whole_runs.mlir:10:5: rows, 77 a tile; SBUF 3072 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 2.012 us, bound by DMA (DVE 1.639 us, DMA 2.012 us)
// kernel @k0 kind Elementwise {
//   hbm %in0 : f32[59136] input
//   hbm %in1 : f32[19712] input
//   hbm %out0 : f32[59136] output
//   sbuf %t3 : f32[128, 256] at 0
//   sbuf %t4 : f32[128, 256] at 1024
//   sbuf %t5 : f32[128, 256] at 2048
//   for %r0 in 0..3 {
//     dma_copy(dst=%t3.ap([[256, 77], [1, 256]]), src=%in0.ap([[256, 77], [1, 256]], offset=19712*%r0), engine=DMA)
//     dma_copy(dst=%t4.ap([[256, 77], [1, 256]]), src=%in1.ap([[0, 1], [256, 77], [1, 256]]), engine=DMA)
//     tensor_tensor(dst=%t5.ap([[256, 77], [1, 256]]), data1=%t3.ap([[256, 77], [1, 256]]), data2=%t4.ap([[256, 77], [1, 256]]), op=add, engine=DVE)
//     dma_copy(dst=%out0.ap([[256, 77], [1, 256]], offset=19712*%r0), src=%t5.ap([[256, 77], [1, 256]]), engine=DMA)
//   }
// }
//
// // stablehlo.reduce at tests/filetests/lower/rows_a_tile_of_whole_runs.mlir:14:3: rows, 128 a tile; SBUF 1028 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 317.858 ns, bound by DVE (DVE 317.858 ns, DMA 122.677 ns)
// kernel @k1 kind stablehlo.reduce {
//   hbm %in0 : f32[6144] input
//   hbm %out0 : f32[24] output
//   sbuf %t3 : f32[128, 256] at 0
//   sbuf %t4 : f32[128, 1] at 1024
//   dma_copy(dst=%t3.ap([[256, 24], [1, 256]]), src=%in0.ap([[1536, 4], [32, 6], [192, 8], [1, 32]]), engine=DMA)
//   tensor_reduce(dst=%t4.ap([[1, 24], [0, 1]]), op=add, data=%t3.ap([[256, 24], [1, 256]]), axis=[1], engine=DVE)
//   dma_copy(dst=%out0.ap([[1, 24], [1, 1]]), src=%t4.ap([[1, 24], [0, 1]]), engine=DMA)
// }
//
// // device program of @main at tests/filetests/lower/rows_a_tile_of_whole_runs.mlir:6:1: 2 calls; HBM 576608 bytes
// device @main {
//   hbm %arg0 : f32[3, 77, 256] input 0 at 0
//   hbm %arg1 : f32[77, 256] input 1 at 236544
//   hbm %arg2 : f32[4, 8, 6, 32] input 2 at 315392
//   hbm %t0 : f32[3, 77, 256] at 339968
//   hbm %t1 : f32[4, 6] at 576512
//   call @k0(%arg0, %arg1) -> (%t0)
//   call @k1(%arg2) -> (%t1)
//   return %t0, %t1
// }
// ----- stderr
// lowered 2 kernels (Elementwise x1, stablehlo.reduce x1), estimate 2.329 us; device program: 2 calls
// check: 2 of 2 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 2 results
// check: the streams of 2 of 2 kernels are deadlock-free and race-free (6 semaphores)
// check: 2 of 2 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
