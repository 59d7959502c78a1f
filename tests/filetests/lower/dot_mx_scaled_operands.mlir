// An MX matmul (003 §4.2), as XLA's `xla.scaled_dot` decomposition writes it: each operand's
// fp8 elements times its E8M0 scales, one per block of 32 along K, broadcast over the block
// and regrouped to the operand's shape. It is one DotMx kernel, and the dequantized operands
// never reach HBM: each K step loads a tile of elements and a tile of scales, the scales' DMA
// repeating each one over its block's 32 partitions (a stride of 0), and DVE multiplies them
// into the tile the matmul reads. M = 300 (two tiles of 128 and one of 44), K = 256 (two K
// tiles, the second's scales 4 blocks on), N = 96.
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
// // DotMx at tests/filetests/lower/dot_mx_scaled_operands.mlir:20:3: matmul, M 128 x N 512 x K 128 a tile; SBUF 704 of 196608 bytes per partition, PSUM 384 of 16384
// // estimate 3.696 us, bound by DVE (PE 205.716 ns, DVE 3.696 us, DMA 1.859 us)
// kernel @k0 kind DotMx {
//   hbm %in0 : f8E8M0FNU[768] input
//   hbm %in1 : f8E4M3FN[24576] input
//   hbm %in2 : f8E8M0FNU[2400] input
//   hbm %in3 : f8E4M3FN[76800] input
//   hbm %out0 : f32[28800] output
//   psum %p5 : f32[128, 96] at 0
//   sbuf %t6_qe : f8E4M3FN[128, 128] at 0
//   sbuf %t7_qs : f8E8M0FNU[128, 128] at 128
//   sbuf %t8_st : bf16[128, 128] at 256
//   sbuf %t9_qe : f8E4M3FN[128, 96] at 0
//   sbuf %t10_qs : f8E8M0FNU[128, 96] at 96
//   sbuf %t11_mv : bf16[128, 96] at 512
//   sbuf %t12_qe : f8E4M3FN[128, 128] at 0
//   sbuf %t13_qs : f8E8M0FNU[128, 128] at 128
//   sbuf %t14_st : bf16[128, 128] at 256
//   sbuf %t15_qe : f8E4M3FN[128, 96] at 0
//   sbuf %t16_qs : f8E8M0FNU[128, 96] at 96
//   sbuf %t17_mv : bf16[128, 96] at 512
//   sbuf %t18_out : f32[128, 96] at 0
//   psum %p19 : f32[128, 96] at 0
//   sbuf %t20_qe : f8E4M3FN[128, 44] at 0
//   sbuf %t21_qs : f8E8M0FNU[128, 44] at 44
//   sbuf %t22_st : bf16[128, 44] at 88
//   sbuf %t23_qe : f8E4M3FN[128, 96] at 176
//   sbuf %t24_qs : f8E8M0FNU[128, 96] at 272
//   sbuf %t25_mv : bf16[128, 96] at 368
//   sbuf %t26_qe : f8E4M3FN[128, 44] at 0
//   sbuf %t27_qs : f8E8M0FNU[128, 44] at 44
//   sbuf %t28_st : bf16[128, 44] at 88
//   sbuf %t29_qe : f8E4M3FN[128, 96] at 176
//   sbuf %t30_qs : f8E8M0FNU[128, 96] at 272
//   sbuf %t31_mv : bf16[128, 96] at 368
//   sbuf %t32_out : f32[128, 96] at 0
//   for %r0 in 0..2 {
//     dma_copy(dst=%t6_qe, src=%in3.ap([[1, 128], [256, 128]], offset=32768*%r0), engine=DMA)
//     dma_copy(dst=%t7_qs, src=%in2.ap([[1, 4], [0, 32], [8, 128]], offset=1024*%r0), engine=DMA)
//     tensor_tensor(dst=%t8_st, data1=%t6_qe, data2=%t7_qs, op=multiply, engine=DVE)
//     dma_copy(dst=%t9_qe, src=%in1.ap([[96, 128], [1, 96]]), engine=DMA)
//     dma_copy(dst=%t10_qs, src=%in0.ap([[96, 4], [0, 32], [1, 96]]), engine=DMA)
//     tensor_tensor(dst=%t11_mv, data1=%t9_qe, data2=%t10_qs, op=multiply, engine=DVE)
//     nc_matmul(dst=%p5, stationary=%t8_st, moving=%t11_mv, accumulate=false, engine=PE)
//     dma_copy(dst=%t12_qe, src=%in3.ap([[1, 128], [256, 128]], offset=32768*%r0 + 128), engine=DMA)
//     dma_copy(dst=%t13_qs, src=%in2.ap([[1, 4], [0, 32], [8, 128]], offset=1024*%r0 + 4), engine=DMA)
//     tensor_tensor(dst=%t14_st, data1=%t12_qe, data2=%t13_qs, op=multiply, engine=DVE)
//     dma_copy(dst=%t15_qe, src=%in1.ap([[96, 128], [1, 96]], offset=12288), engine=DMA)
//     dma_copy(dst=%t16_qs, src=%in0.ap([[96, 4], [0, 32], [1, 96]], offset=384), engine=DMA)
//     tensor_tensor(dst=%t17_mv, data1=%t15_qe, data2=%t16_qs, op=multiply, engine=DVE)
//     nc_matmul(dst=%p5, stationary=%t14_st, moving=%t17_mv, accumulate=true, engine=PE)
//     tensor_copy(dst=%t18_out, src=%p5, engine=DVE)
//     dma_copy(dst=%out0.ap([[96, 128], [1, 96]], offset=12288*%r0), src=%t18_out, engine=DMA)
//   }
//   dma_copy(dst=%t20_qe, src=%in3.ap([[1, 128], [256, 44]], offset=65536), engine=DMA)
//   dma_copy(dst=%t21_qs, src=%in2.ap([[1, 4], [0, 32], [8, 44]], offset=2048), engine=DMA)
//   tensor_tensor(dst=%t22_st, data1=%t20_qe, data2=%t21_qs, op=multiply, engine=DVE)
//   dma_copy(dst=%t23_qe, src=%in1.ap([[96, 128], [1, 96]]), engine=DMA)
//   dma_copy(dst=%t24_qs, src=%in0.ap([[96, 4], [0, 32], [1, 96]]), engine=DMA)
//   tensor_tensor(dst=%t25_mv, data1=%t23_qe, data2=%t24_qs, op=multiply, engine=DVE)
//   nc_matmul(dst=%p19.ap([[96, 44], [1, 96]]), stationary=%t22_st, moving=%t25_mv, accumulate=false, engine=PE)
//   dma_copy(dst=%t26_qe, src=%in3.ap([[1, 128], [256, 44]], offset=65664), engine=DMA)
//   dma_copy(dst=%t27_qs, src=%in2.ap([[1, 4], [0, 32], [8, 44]], offset=2052), engine=DMA)
//   tensor_tensor(dst=%t28_st, data1=%t26_qe, data2=%t27_qs, op=multiply, engine=DVE)
//   dma_copy(dst=%t29_qe, src=%in1.ap([[96, 128], [1, 96]], offset=12288), engine=DMA)
//   dma_copy(dst=%t30_qs, src=%in0.ap([[96, 4], [0, 32], [1, 96]], offset=384), engine=DMA)
//   tensor_tensor(dst=%t31_mv, data1=%t29_qe, data2=%t30_qs, op=multiply, engine=DVE)
//   nc_matmul(dst=%p19.ap([[96, 44], [1, 96]]), stationary=%t28_st, moving=%t31_mv, accumulate=true, engine=PE)
//   tensor_copy(dst=%t32_out.ap([[96, 44], [1, 96]]), src=%p19.ap([[96, 44], [1, 96]]), engine=DVE)
//   dma_copy(dst=%out0.ap([[96, 44], [1, 96]], offset=24576), src=%t32_out.ap([[96, 44], [1, 96]]), engine=DMA)
// }
//
// // device program of @main at tests/filetests/lower/dot_mx_scaled_operands.mlir:9:1: 1 call; HBM 219776 bytes
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
// lowered 1 kernel (DotMx x1), estimate 3.696 us; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (10 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
