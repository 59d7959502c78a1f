// A 3x2 window dilated by (2, 3) with strides (2, 1) over NHWC bf16: each K step contracts the
// 8 features of one tap, the loops walk the 3 x 2 taps (rows 272 elements apart, two input rows
// of 136; columns 24 apart, three of 8), and the 14 output columns of a row, one input column
// apart, are the M tile.
// RUN: egfuse lower tests/fixtures/lowering/conv_dilated_nhwc_bf16.mlir --check
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower tests/fixtures/lowering/conv_dilated_nhwc_bf16.mlir --check
// // stablehlo.convolution at tests/fixtures/lowering/conv_dilated_nhwc_bf16.mlir:5:5: matmul, M 128 x N 512 x K 128 a tile; SBUF 108 of 196608 bytes per partition, PSUM 160 of 16384
// // estimate 6.746 us, bound by DMA (PE 2.194 us, DVE 4.000 us, DMA 6.746 us)
// kernel @k0 kind stablehlo.convolution loc("jit(dilated_nhwc)/conv_general_dilated"(callsite("dilated_nhwc"("tools/export_lowering.py":55:11 to 56:83) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10))))) {
//   hbm %in0 : bf16[5440] input
//   hbm %in1 : bf16[1920] input
//   hbm %out0 : bf16[8960] output
//   psum %p3 : f32[128, 40] at 0
//   sbuf %t4_st : bf16[128, 14] at 0
//   sbuf %t5_mv : bf16[128, 40] at 28
//   sbuf %t6_out : bf16[128, 40] at 0
//   for %r0 in 0..2 {
//     for %r1 in 0..8 {
//       memset(dst=%p3.ap([[40, 14], [1, 40]]), value=0.0, engine=DVE)
//       for %r2 in 0..3 {
//         for %r3 in 0..2 {
//           dma_copy(dst=%t4_st.ap([[14, 8], [1, 14]]), src=%in0.ap([[1, 8], [8, 14]], offset=2720*%r0 + 272*%r1 + 272*%r2 + 24*%r3), engine=DMA) loc("jit(dilated_nhwc)/conv_general_dilated"(callsite("dilated_nhwc"("tools/export_lowering.py":55:11 to 56:83) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//           dma_copy(dst=%t5_mv.ap([[40, 8], [1, 40]]), src=%in1.ap([[40, 8], [1, 40]], offset=640*%r2 + 320*%r3), engine=DMA) loc("jit(dilated_nhwc)/conv_general_dilated"(callsite("dilated_nhwc"("tools/export_lowering.py":55:11 to 56:83) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//           nc_matmul(dst=%p3.ap([[40, 14], [1, 40]]), stationary=%t4_st.ap([[14, 8], [1, 14]]), moving=%t5_mv.ap([[40, 8], [1, 40]]), accumulate=true, engine=PE) loc("jit(dilated_nhwc)/conv_general_dilated"(callsite("dilated_nhwc"("tools/export_lowering.py":55:11 to 56:83) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//         }
//       }
//       tensor_copy(dst=%t6_out.ap([[40, 14], [1, 40]]), src=%p3.ap([[40, 14], [1, 40]]), engine=DVE)
//       dma_copy(dst=%out0.ap([[40, 14], [1, 40]], offset=4480*%r0 + 560*%r1), src=%t6_out.ap([[40, 14], [1, 40]]), engine=DMA)
//     }
//   }
// }
//
// // device program of @main at tests/fixtures/lowering/conv_dilated_nhwc_bf16.mlir:4:3: 1 call; HBM 32640 bytes
// device @main {
//   hbm %arg0 : bf16[2, 20, 17, 8] input 0 at 0
//   hbm %arg1 : bf16[3, 2, 8, 40] input 1 at 10880
//   hbm %t0 : bf16[2, 8, 14, 40] at 14720
//   call @k0(%arg0, %arg1) -> (%t0)
//   return %t0
// }
// ----- stderr
// lowered 1 kernel (stablehlo.convolution x1), estimate 6.746 us; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (10 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
