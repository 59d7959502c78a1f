// A ViT patch embedding, [2, 3, 64, 64] in 16x16 patches by 96 filters: the window's rows are
// 16 runs 64 apart and its columns 16 adjacent elements, so each K step contracts one feature's
// window row (16 elements) and the loops walk the 3 features and 16 rows; the 4 patches of a
// row are the M tile, the 96 filters N, written NCHW in place.
// RUN: egfuse lower tests/fixtures/lowering/conv_patches_nchw_f32.mlir --check
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower tests/fixtures/lowering/conv_patches_nchw_f32.mlir --check
// // stablehlo.convolution at tests/fixtures/lowering/conv_patches_nchw_f32.mlir:5:5: matmul, M 128 x N 512 x K 128 a tile; SBUF 400 of 196608 bytes per partition, PSUM 384 of 16384
// // estimate 52.662 us, bound by PE (PE 52.662 us, DVE 2.800 us, DMA 30.274 us)
// kernel @k0 kind stablehlo.convolution loc("jit(patches_nchw)/conv_general_dilated"(callsite("patches_nchw"("tools/export_lowering.py":50:11 to 51:83) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10))))) {
//   hbm %in0 : f32[24576] input
//   hbm %in1 : f32[73728] input
//   hbm %out0 : f32[3072] output
//   psum %p3 : f32[128, 96] at 0
//   sbuf %t4_st : f32[128, 4] at 0
//   sbuf %t5_mv : f32[128, 96] at 16
//   sbuf %t6_out : f32[128, 96] at 0
//   for %r0 in 0..2 {
//     for %r1 in 0..4 {
//       memset(dst=%p3.ap([[96, 4], [1, 96]]), value=0.0, engine=DVE)
//       for %r2 in 0..3 {
//         for %r3 in 0..16 {
//           dma_copy(dst=%t4_st.ap([[4, 16], [1, 4]]), src=%in0.ap([[1, 16], [16, 4]], offset=12288*%r0 + 1024*%r1 + 4096*%r2 + 64*%r3), engine=DMA) loc("jit(patches_nchw)/conv_general_dilated"(callsite("patches_nchw"("tools/export_lowering.py":50:11 to 51:83) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//           dma_copy(dst=%t5_mv.ap([[96, 16], [1, 96]]), src=%in1.ap([[1, 16], [768, 96]], offset=256*%r2 + 16*%r3), engine=DMA) loc("jit(patches_nchw)/conv_general_dilated"(callsite("patches_nchw"("tools/export_lowering.py":50:11 to 51:83) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//           nc_matmul(dst=%p3.ap([[96, 4], [1, 96]]), stationary=%t4_st.ap([[4, 16], [1, 4]]), moving=%t5_mv.ap([[96, 16], [1, 96]]), accumulate=true, engine=PE) loc("jit(patches_nchw)/conv_general_dilated"(callsite("patches_nchw"("tools/export_lowering.py":50:11 to 51:83) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//         }
//       }
//       tensor_copy(dst=%t6_out.ap([[96, 4], [1, 96]]), src=%p3.ap([[96, 4], [1, 96]]), engine=DVE)
//       dma_copy(dst=%out0.ap([[1, 4], [16, 96]], offset=1536*%r0 + 4*%r1), src=%t6_out.ap([[96, 4], [1, 96]]), engine=DMA)
//     }
//   }
// }
//
// // device program of @main at tests/fixtures/lowering/conv_patches_nchw_f32.mlir:4:3: 1 call; HBM 405504 bytes
// device @main {
//   hbm %arg0 : f32[2, 3, 64, 64] input 0 at 0
//   hbm %arg1 : f32[96, 3, 16, 16] input 1 at 98304
//   hbm %t0 : f32[2, 96, 4, 4] at 393216
//   call @k0(%arg0, %arg1) -> (%t0)
//   return %t0
// }
// ----- stderr
// lowered 1 kernel (stablehlo.convolution x1), estimate 52.662 us; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (10 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
