// A head merge read by a matmul: `[2, 4, 3] -> [4, 2, 3] -> [4, 6]`. The contracted dimension
// of 6 walks two runs (2 heads 12 apart, 3 adjacent), the weight's rows one run of 6; the
// matmul contracts them as pieces of 2 and 3 that both sides walk alike, the inner one the tile
// on the partitions and the outer one a loop of accumulation.
// RUN: egfuse lower %s --check
func.func @main(%o: tensor<2x4x3xf32>, %w: tensor<6x5xf32>) -> tensor<4x5xf32> {
  %0 = "mhlo.fusion"(%o, %w) ({
  ^bb0(%o: tensor<2x4x3xf32>, %w: tensor<6x5xf32>):
    %t = stablehlo.transpose %o, dims = [1, 0, 2] : (tensor<2x4x3xf32>) -> tensor<4x2x3xf32>
    %r = stablehlo.reshape %t : (tensor<4x2x3xf32>) -> tensor<4x6xf32>
    %d = stablehlo.dot_general %r, %w, contracting_dims = [1] x [0] : (tensor<4x6xf32>, tensor<6x5xf32>) -> tensor<4x5xf32>
    mhlo.return %d : tensor<4x5xf32>
  }) {FusionKind = "Elementwise"} : (tensor<2x4x3xf32>, tensor<6x5xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check
// // Elementwise at tests/filetests/lower/edge_matmul_head_merge.mlir:11:5: matmul, M 128 x N 512 x K 128 a tile; SBUF 36 of 196608 bytes per partition, PSUM 20 of 16384
// // estimate 187.500 ns, bound by DVE (PE 182.858 ns, DVE 187.500 ns, DMA 156.976 ns)
// kernel @k0 kind Elementwise {
//   hbm %in0 : f32[24] input
//   hbm %in1 : f32[30] input
//   hbm %out0 : f32[20] output
//   psum %p3 : f32[128, 5] at 0
//   sbuf %t4_st : f32[128, 4] at 0
//   sbuf %t5_mv : f32[128, 5] at 16
//   sbuf %t6_out : f32[128, 5] at 0
//   memset(dst=%p3.ap([[5, 4], [1, 5]]), value=0.0, engine=DVE)
//   for %r0 in 0..2 {
//     dma_copy(dst=%t4_st.ap([[4, 3], [1, 4]]), src=%in0.ap([[1, 3], [3, 4]], offset=12*%r0), engine=DMA)
//     dma_copy(dst=%t5_mv.ap([[5, 3], [1, 5]]), src=%in1.ap([[5, 3], [1, 5]], offset=15*%r0), engine=DMA)
//     nc_matmul(dst=%p3.ap([[5, 4], [1, 5]]), stationary=%t4_st.ap([[4, 3], [1, 4]]), moving=%t5_mv.ap([[5, 3], [1, 5]]), accumulate=true, engine=PE)
//   }
//   tensor_copy(dst=%t6_out.ap([[5, 4], [1, 5]]), src=%p3.ap([[5, 4], [1, 5]]), engine=DVE)
//   dma_copy(dst=%out0.ap([[5, 4], [1, 5]]), src=%t6_out.ap([[5, 4], [1, 5]]), engine=DMA)
// }
//
// // device program of @main at tests/filetests/lower/edge_matmul_head_merge.mlir:6:1: 1 call; HBM 336 bytes
// device @main {
//   hbm %arg0 : f32[2, 4, 3] input 0 at 0
//   hbm %arg1 : f32[6, 5] input 1 at 128
//   hbm %t0 : f32[4, 5] at 256
//   call @k0(%arg0, %arg1) -> (%t0)
//   return %t0
// }
// ----- stderr
// lowered 1 kernel (Elementwise x1), estimate 187.500 ns; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (7 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
