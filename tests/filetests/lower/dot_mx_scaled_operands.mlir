// An MX matmul (003 §4.2), as XLA's `xla.scaled_dot` decomposition writes it: each operand's
// fp8 elements times its E8M0 scales, one per block of 32 along K, broadcast over the block
// and regrouped to the operand's shape. It is one DotMx kernel, and the dequantized operands
// never reach HBM: each K step loads a tile of elements and a tile of scales, the scales' DMA
// repeating each one over its block's 32 partitions (a stride of 0), and DVE multiplies them
// into the tile the matmul reads. M = 300 (two tiles of 128 and one of 44), K = 256 (two K
// tiles, the second's scales 4 blocks on), N = 96. The weights (the moving operand) are
// dequantized once, into the resident block the three M tiles read (`tile/resident.rs`).
// RUN: egfuse lower %s --check
func.func @main(%a: tensor<300x256xf8E4M3FN>, %b: tensor<256x96xf8E4M3FN>, %sa: tensor<300x8xf8E8M0FNU>, %sb: tensor<8x96xf8E8M0FNU>) -> tensor<300x96xf32> {
  %0 = stablehlo.broadcast_in_dim %sa, dims = [0, 1] : (tensor<300x8xf8E8M0FNU>) -> tensor<300x8x32xf8E8M0FNU>
  %1 = stablehlo.reshape %0 : (tensor<300x8x32xf8E8M0FNU>) -> tensor<300x256xf8E8M0FNU>
  %2 = stablehlo.convert %a : (tensor<300x256xf8E4M3FN>) -> tensor<300x256xbf16>
  %3 = stablehlo.convert %1 : (tensor<300x256xf8E8M0FNU>) -> tensor<300x256xbf16>
  %4 = stablehlo.multiply %2, %3 : tensor<300x256xbf16>
  %5 = stablehlo.broadcast_in_dim %sb, dims = [0, 2] : (tensor<8x96xf8E8M0FNU>) -> tensor<8x32x96xf8E8M0FNU>
  %6 = stablehlo.reshape %5 : (tensor<8x32x96xf8E8M0FNU>) -> tensor<256x96xf8E8M0FNU>
  %7 = stablehlo.convert %b : (tensor<256x96xf8E4M3FN>) -> tensor<256x96xbf16>
  %8 = stablehlo.convert %6 : (tensor<256x96xf8E8M0FNU>) -> tensor<256x96xbf16>
  %9 = stablehlo.multiply %7, %8 : tensor<256x96xbf16>
  %10 = stablehlo.dot_general %4, %9, contracting_dims = [1] x [0] : (tensor<300x256xbf16>, tensor<256x96xbf16>) -> tensor<300x96xf32>
  return %10 : tensor<300x96xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check
// // DotMx at tests/filetests/lower/dot_mx_scaled_operands.mlir:21:3: matmul, M 128 x N 512 x K 128 a tile; SBUF 960 of 196608 bytes per partition, PSUM 384 of 16384
// // estimate 2.653 us, bound by DVE (PE 205.716 ns, DVE 2.653 us, DMA 1.369 us)
// kernel @k0 kind DotMx {
//   hbm %in0 : f8E8M0FNU[768] input
//   hbm %in1 : f8E4M3FN[24576] input
//   hbm %in2 : f8E8M0FNU[2400] input
//   hbm %in3 : f8E4M3FN[76800] input
//   hbm %out0 : f32[28800] output
//   sbuf %t5_w : bf16[128, 192] at 192
//   sbuf %t6_qe : f8E4M3FN[128, 96] at 0
//   sbuf %t7_qs : f8E8M0FNU[128, 96] at 96
//   psum %p8 : f32[128, 96] at 0
//   sbuf %t9_qe : f8E4M3FN[128, 128] at 0
//   sbuf %t10_qs : f8E8M0FNU[128, 128] at 576
//   sbuf %t11_st : bf16[128, 128] at 704
//   sbuf %t12_qe : f8E4M3FN[128, 128] at 0
//   sbuf %t13_qs : f8E8M0FNU[128, 128] at 576
//   sbuf %t14_st : bf16[128, 128] at 704
//   sbuf %t15_out : f32[128, 96] at 576
//   psum %p16 : f32[128, 96] at 0
//   sbuf %t17_qe : f8E4M3FN[128, 44] at 0
//   sbuf %t18_qs : f8E8M0FNU[128, 44] at 44
//   sbuf %t19_st : bf16[128, 44] at 88
//   sbuf %t20_qe : f8E4M3FN[128, 44] at 0
//   sbuf %t21_qs : f8E8M0FNU[128, 44] at 44
//   sbuf %t22_st : bf16[128, 44] at 88
//   sbuf %t23_out : f32[128, 96] at 0
//   for %r0 in 0..2 {
//     dma_copy(dst=%t6_qe, src=%in1.ap([[96, 128], [1, 96]], offset=12288*%r0), engine=DMA)
//     dma_copy(dst=%t7_qs, src=%in0.ap([[96, 4], [0, 32], [1, 96]], offset=384*%r0), engine=DMA)
//     tensor_tensor(dst=%t5_w.ap([[192, 128], [1, 96]], offset=96*%r0), data1=%t6_qe, data2=%t7_qs, op=multiply, engine=DVE)
//   }
//   for %r1 in 0..2 {
//     dma_copy(dst=%t9_qe, src=%in3.ap([[1, 128], [256, 128]], offset=32768*%r1), engine=DMA)
//     dma_copy(dst=%t10_qs, src=%in2.ap([[1, 4], [0, 32], [8, 128]], offset=1024*%r1), engine=DMA)
//     tensor_tensor(dst=%t11_st, data1=%t9_qe, data2=%t10_qs, op=multiply, engine=DVE)
//     nc_matmul(dst=%p8, stationary=%t11_st, moving=%t5_w.ap([[192, 128], [1, 96]]), accumulate=false, engine=PE)
//     dma_copy(dst=%t12_qe, src=%in3.ap([[1, 128], [256, 128]], offset=32768*%r1 + 128), engine=DMA)
//     dma_copy(dst=%t13_qs, src=%in2.ap([[1, 4], [0, 32], [8, 128]], offset=1024*%r1 + 4), engine=DMA)
//     tensor_tensor(dst=%t14_st, data1=%t12_qe, data2=%t13_qs, op=multiply, engine=DVE)
//     nc_matmul(dst=%p8, stationary=%t14_st, moving=%t5_w.ap([[192, 128], [1, 96]], offset=96), accumulate=true, engine=PE)
//     tensor_copy(dst=%t15_out, src=%p8, engine=DVE)
//     dma_copy(dst=%out0.ap([[96, 128], [1, 96]], offset=12288*%r1), src=%t15_out, engine=DMA)
//   }
//   dma_copy(dst=%t17_qe, src=%in3.ap([[1, 128], [256, 44]], offset=65536), engine=DMA)
//   dma_copy(dst=%t18_qs, src=%in2.ap([[1, 4], [0, 32], [8, 44]], offset=2048), engine=DMA)
//   tensor_tensor(dst=%t19_st, data1=%t17_qe, data2=%t18_qs, op=multiply, engine=DVE)
//   nc_matmul(dst=%p16.ap([[96, 44], [1, 96]]), stationary=%t19_st, moving=%t5_w.ap([[192, 128], [1, 96]]), accumulate=false, engine=PE)
//   dma_copy(dst=%t20_qe, src=%in3.ap([[1, 128], [256, 44]], offset=65664), engine=DMA)
//   dma_copy(dst=%t21_qs, src=%in2.ap([[1, 4], [0, 32], [8, 44]], offset=2052), engine=DMA)
//   tensor_tensor(dst=%t22_st, data1=%t20_qe, data2=%t21_qs, op=multiply, engine=DVE)
//   nc_matmul(dst=%p16.ap([[96, 44], [1, 96]]), stationary=%t22_st, moving=%t5_w.ap([[192, 128], [1, 96]], offset=96), accumulate=true, engine=PE)
//   tensor_copy(dst=%t23_out.ap([[96, 44], [1, 96]]), src=%p16.ap([[96, 44], [1, 96]]), engine=DVE)
//   dma_copy(dst=%out0.ap([[96, 44], [1, 96]], offset=24576), src=%t23_out.ap([[96, 44], [1, 96]]), engine=DMA)
// }
//
// // device program of @main at tests/filetests/lower/dot_mx_scaled_operands.mlir:10:1: 1 call; HBM 219776 bytes
// device @main {
//   hbm %arg0 : f8E4M3FN[300, 256] input 0 at 0
//   hbm %arg1 : f8E4M3FN[256, 96] input 1 at 76800
//   hbm %arg2 : f8E8M0FNU[300, 8] input 2 at 101376
//   hbm %arg3 : f8E8M0FNU[8, 96] input 3 at 103808
//   hbm %t0 : f32[300, 96] at 104576
//   call @k0(%arg3, %arg1, %arg2, %arg0) -> (%t0)
//   return %t0
// }
// ----- stderr
// lowered 1 kernel (DotMx x1), estimate 2.653 us; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (9 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
