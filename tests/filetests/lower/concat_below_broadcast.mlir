// A concatenate of two weights broadcast along the rows and added to `x`: the concatenate moves
// below the broadcast and the add, and each piece reads its weight once (four stores: two
// pieces in each of two tiles of rows).
// RUN: egfuse lower %s --check
func.func @main(%x: tensor<200x16xf32>, %u: tensor<8xf32>, %v: tensor<8xf32>) -> tensor<200x16xf32> {
  %0 = "mhlo.fusion"(%x, %u, %v) ({
  ^bb0(%x: tensor<200x16xf32>, %u: tensor<8xf32>, %v: tensor<8xf32>):
    %w = stablehlo.concatenate %u, %v, dim = 0 : (tensor<8xf32>, tensor<8xf32>) -> tensor<16xf32>
    %b = stablehlo.broadcast_in_dim %w, dims = [1] : (tensor<16xf32>) -> tensor<200x16xf32>
    %r = stablehlo.add %x, %b : tensor<200x16xf32>
    mhlo.return %r : tensor<200x16xf32>
  }) {FusionKind = "Elementwise"} : (tensor<200x16xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<200x16xf32>
  return %0 : tensor<200x16xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check
// // Elementwise at tests/filetests/lower/concat_below_broadcast.mlir:10:5: rows, 128 a tile; SBUF 160 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 414.288 ns, bound by DVE (DVE 414.288 ns, DMA 394.926 ns)
// kernel @k0 kind Elementwise {
//   hbm %in0 : f32[3200] input
//   hbm %in1 : f32[8] input
//   hbm %in2 : f32[8] input
//   hbm %out0 : f32[3200] output
//   sbuf %t4 : f32[128, 8] at 0
//   sbuf %t5 : f32[128, 8] at 32
//   sbuf %t6 : f32[128, 8] at 64
//   sbuf %t7 : f32[128, 8] at 96
//   sbuf %t8 : f32[128, 8] at 128
//   sbuf %t9 : f32[128, 8] at 64
//   sbuf %t10 : f32[128, 8] at 64
//   sbuf %t11 : f32[128, 8] at 96
//   sbuf %t12 : f32[128, 8] at 128
//   sbuf %t13 : f32[128, 8] at 0
//   dma_copy(dst=%t4, src=%in1.ap([[0, 128], [1, 8]]), engine=DMA)
//   dma_copy(dst=%t5, src=%in2.ap([[0, 128], [1, 8]]), engine=DMA)
//   dma_copy(dst=%t6, src=%in0.ap([[16, 128], [1, 8]]), engine=DMA)
//   dma_copy(dst=%t7, src=%in0.ap([[16, 128], [1, 8]], offset=8), engine=DMA)
//   tensor_tensor(dst=%t8, data1=%t6, data2=%t4, op=add, engine=DVE)
//   tensor_tensor(dst=%t9, data1=%t7, data2=%t5, op=add, engine=DVE)
//   dma_copy(dst=%out0.ap([[16, 128], [1, 8]]), src=%t8, engine=DMA)
//   dma_copy(dst=%out0.ap([[16, 128], [1, 8]], offset=8), src=%t9, engine=DMA)
//   dma_copy(dst=%t10.ap([[8, 72], [1, 8]]), src=%in0.ap([[16, 72], [1, 8]], offset=2048), engine=DMA)
//   dma_copy(dst=%t11.ap([[8, 72], [1, 8]]), src=%in0.ap([[16, 72], [1, 8]], offset=2056), engine=DMA)
//   tensor_tensor(dst=%t12.ap([[8, 72], [1, 8]]), data1=%t10.ap([[8, 72], [1, 8]]), data2=%t4.ap([[8, 72], [1, 8]]), op=add, engine=DVE)
//   tensor_tensor(dst=%t13.ap([[8, 72], [1, 8]]), data1=%t11.ap([[8, 72], [1, 8]]), data2=%t5.ap([[8, 72], [1, 8]]), op=add, engine=DVE)
//   dma_copy(dst=%out0.ap([[16, 72], [1, 8]], offset=2048), src=%t12.ap([[8, 72], [1, 8]]), engine=DMA)
//   dma_copy(dst=%out0.ap([[16, 72], [1, 8]], offset=2056), src=%t13.ap([[8, 72], [1, 8]]), engine=DMA)
// }
//
// // device program of @main at tests/filetests/lower/concat_below_broadcast.mlir:5:1: 1 call; HBM 25728 bytes
// device @main {
//   hbm %arg0 : f32[200, 16] input 0 at 0
//   hbm %arg1 : f32[8] input 1 at 12800
//   hbm %arg2 : f32[8] input 2 at 12864
//   hbm %t0 : f32[200, 16] at 12928
//   call @k0(%arg0, %arg1, %arg2) -> (%t0)
//   return %t0
// }
// ----- stderr
// lowered 1 kernel (Elementwise x1), estimate 414.288 ns; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (6 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
