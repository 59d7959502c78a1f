// A matmul reads its operands through views at the kernel's edge by its own DMA patterns: the
// odd rows of a fused weight (a slice that starts 32 elements in and steps 2 rows, 64 elements)
// and a transposed activation (its columns walked as the rows, stride 16).
// RUN: egfuse lower %s --check
func.func @main(%x: tensor<32x16xf32>, %w: tensor<128x32xf32>) -> tensor<16x64xf32> {
  %0 = "mhlo.fusion"(%x, %w) ({
  ^bb0(%x: tensor<32x16xf32>, %w: tensor<128x32xf32>):
    %t = stablehlo.transpose %x, dims = [1, 0] : (tensor<32x16xf32>) -> tensor<16x32xf32>
    %s = stablehlo.slice %w [1:128:2, 0:32] : (tensor<128x32xf32>) -> tensor<64x32xf32>
    %d = stablehlo.dot_general %t, %s, contracting_dims = [1] x [1] : (tensor<16x32xf32>, tensor<64x32xf32>) -> tensor<16x64xf32>
    mhlo.return %d : tensor<16x64xf32>
  }) {FusionKind = "Elementwise"} : (tensor<32x16xf32>, tensor<128x32xf32>) -> tensor<16x64xf32>
  return %0 : tensor<16x64xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check
// // Elementwise at tests/filetests/lower/edge_matmul_slice_transpose.mlir:10:5: matmul, M 128 x N 512 x K 128 a tile; SBUF 320 of 196608 bytes per partition, PSUM 256 of 16384
// // estimate 146.429 ns, bound by DVE (PE 91.429 ns, DVE 146.429 ns, DMA 128.718 ns)
// kernel @k0 kind Elementwise {
//   hbm %in0 : f32[512] input
//   hbm %in1 : f32[4096] input
//   hbm %out0 : f32[1024] output
//   psum %p3 : f32[128, 64] at 0
//   sbuf %t4_st : f32[128, 16] at 0
//   sbuf %t5_mv : f32[128, 64] at 64
//   sbuf %t6_out : f32[128, 64] at 0
//   dma_copy(dst=%t4_st.ap([[16, 32], [1, 16]]), src=%in0.ap([[16, 32], [1, 16]]), engine=DMA)
//   dma_copy(dst=%t5_mv.ap([[64, 32], [1, 64]]), src=%in1.ap([[1, 32], [64, 64]], offset=32), engine=DMA)
//   nc_matmul(dst=%p3.ap([[64, 16], [1, 64]]), stationary=%t4_st.ap([[16, 32], [1, 16]]), moving=%t5_mv.ap([[64, 32], [1, 64]]), accumulate=false, engine=PE)
//   tensor_copy(dst=%t6_out.ap([[64, 16], [1, 64]]), src=%p3.ap([[64, 16], [1, 64]]), engine=DVE)
//   dma_copy(dst=%out0.ap([[64, 16], [1, 64]]), src=%t6_out.ap([[64, 16], [1, 64]]), engine=DMA)
// }
//
// // device program of @main at tests/filetests/lower/edge_matmul_slice_transpose.mlir:5:1: 1 call; HBM 22528 bytes
// device @main {
//   hbm %arg0 : f32[32, 16] input 0 at 0
//   hbm %arg1 : f32[128, 32] input 1 at 2048
//   hbm %t0 : f32[16, 64] at 18432
//   call @k0(%arg0, %arg1) -> (%t0)
//   return %t0
// }
// ----- stderr
// lowered 1 kernel (Elementwise x1), estimate 146.429 ns; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (5 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
