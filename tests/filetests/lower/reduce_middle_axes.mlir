// A reduce over dimensions that are not the trailing ones reads its rows through the runs the
// kept dimensions make in memory: over axis 1 of `[8, 64, 32]` each tile of 128 rows is 4 outer
// by 32 inner, its 64 columns at stride 32; over axis 0 of `[64, 300]` the rows are one run and
// a tile of 44 rows is the remainder.
// RUN: egfuse lower %s --check
func.func @main(%x: tensor<8x64x32xf32>, %y: tensor<64x300xf32>) -> (tensor<8x32xf32>, tensor<300xf32>) {
%c = stablehlo.constant dense<0.0> : tensor<f32>
%0 = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [1] : (tensor<8x64x32xf32>, tensor<f32>) -> tensor<8x32xf32>
%1 = stablehlo.reduce(%y init: %c) applies stablehlo.add across dimensions = [0] : (tensor<64x300xf32>, tensor<f32>) -> tensor<300xf32>
return %0, %1 : tensor<8x32xf32>, tensor<300xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check
// // stablehlo.reduce at tests/filetests/lower/reduce_middle_axes.mlir:9:1: rows, 128 a tile; SBUF 260 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 439.287 ns, bound by DVE (DVE 439.287 ns, DMA 377.746 ns)
// kernel @k0 kind stablehlo.reduce {
//   hbm %in0 : f32[19200] input
//   hbm %out0 : f32[300] output
//   sbuf %t3 : f32[128, 64] at 0
//   sbuf %t4 : f32[128, 1] at 256
//   sbuf %t5 : f32[128, 64] at 0
//   sbuf %t6 : f32[128, 1] at 256
//   for %r0 in 0..2 {
//     dma_copy(dst=%t3, src=%in0.ap([[1, 128], [300, 64]], offset=128*%r0), engine=DMA)
//     tensor_reduce(dst=%t4.ap([[1, 128], [0, 1]]), op=add, data=%t3, axis=[1], engine=DVE)
//     dma_copy(dst=%out0.ap([[1, 128], [1, 1]], offset=128*%r0), src=%t4.ap([[1, 128], [0, 1]]), engine=DMA)
//   }
//   dma_copy(dst=%t5.ap([[64, 44], [1, 64]]), src=%in0.ap([[1, 44], [300, 64]], offset=256), engine=DMA)
//   tensor_reduce(dst=%t6.ap([[1, 44], [0, 1]]), op=add, data=%t5.ap([[64, 44], [1, 64]]), axis=[1], engine=DVE)
//   dma_copy(dst=%out0.ap([[1, 44], [1, 1]], offset=256), src=%t6.ap([[1, 44], [0, 1]]), engine=DMA)
// }
//
// // stablehlo.reduce at tests/filetests/lower/reduce_middle_axes.mlir:8:1: rows, 128 a tile; SBUF 260 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 292.858 ns, bound by DVE (DVE 292.858 ns, DMA 287.342 ns)
// kernel @k1 kind stablehlo.reduce {
//   hbm %in0 : f32[16384] input
//   hbm %out0 : f32[256] output
//   sbuf %t3 : f32[128, 64] at 0
//   sbuf %t4 : f32[128, 1] at 256
//   for %r0 in 0..2 {
//     dma_copy(dst=%t3, src=%in0.ap([[2048, 4], [1, 32], [32, 64]], offset=8192*%r0), engine=DMA)
//     tensor_reduce(dst=%t4.ap([[1, 128], [0, 1]]), op=add, data=%t3, axis=[1], engine=DVE)
//     dma_copy(dst=%out0.ap([[1, 128], [1, 1]], offset=128*%r0), src=%t4.ap([[1, 128], [0, 1]]), engine=DMA)
//   }
// }
//
// // device program of @main at tests/filetests/lower/reduce_middle_axes.mlir:6:1: 2 calls; HBM 144576 bytes
// device @main {
//   hbm %arg0 : f32[8, 64, 32] input 0 at 0
//   hbm %arg1 : f32[64, 300] input 1 at 65536
//   hbm %t0 : f32[300] at 142336
//   hbm %t1 : f32[8, 32] at 143552
//   call @k0(%arg1) -> (%t0)
//   call @k1(%arg0) -> (%t1)
//   return %t1, %t0
// }
// ----- stderr
// lowered 2 kernels (stablehlo.reduce x2), estimate 732.145 ns; device program: 2 calls
// check: 2 of 2 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 2 results
// check: the streams of 2 of 2 kernels are deadlock-free and race-free (8 semaphores)
// check: 2 of 2 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
