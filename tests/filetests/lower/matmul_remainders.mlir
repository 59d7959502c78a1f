// A matmul is tiled nc_matmuls into PSUM: M by 128 on the result's partitions, N by 512 on one
// bank, K accumulated over 128-partition tiles (the first writes, the rest accumulate),
// remainders as tiles of their own: 300 = 2 x 128 + 44 rows, 700 = 512 + 188 columns, 200 = 128
// + 72 contracted.
// RUN: egfuse lower tests/fixtures/lowering/matmul_remainders_f32.mlir --check
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower tests/fixtures/lowering/matmul_remainders_f32.mlir --check
// // stablehlo.dot_general at tests/fixtures/lowering/matmul_remainders_f32.mlir:5:5: matmul, M 128 x N 512 x K 128 a tile; SBUF 6144 of 196608 bytes per partition, PSUM 2048 of 16384
// // estimate 6.000 us, bound by PE (PE 6.000 us, DVE 2.410 us, DMA 5.272 us)
// kernel @k0 kind stablehlo.dot_general loc("jit(matmul)/dot_general"(callsite("matmul"("tools/export_lowering.py":30:11 to :16) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10))))) {
//   hbm %in0 : f32[60000] input
//   hbm %in1 : f32[140000] input
//   hbm %out0 : f32[210000] output
//   sbuf %t3_w : f32[128, 1024] at 0
//   psum %p4 : f32[128, 512] at 0
//   sbuf %t5_st : f32[128, 128] at 4096
//   sbuf %t6_st : f32[128, 128] at 4096
//   sbuf %t7_out : f32[128, 512] at 4096
//   psum %p8 : f32[128, 512] at 0
//   sbuf %t9_st : f32[128, 44] at 4096
//   sbuf %t10_st : f32[128, 44] at 4096
//   sbuf %t11_out : f32[128, 512] at 0
//   sbuf %t12_w : f32[128, 376] at 0
//   psum %p13 : f32[128, 188] at 0
//   sbuf %t14_st : f32[128, 128] at 1504
//   sbuf %t15_st : f32[128, 128] at 1504
//   sbuf %t16_out : f32[128, 188] at 1504
//   psum %p17 : f32[128, 188] at 0
//   sbuf %t18_st : f32[128, 44] at 1504
//   sbuf %t19_st : f32[128, 44] at 1504
//   sbuf %t20_out : f32[128, 188] at 0
//   dma_copy(dst=%t3_w.ap([[1024, 128], [1, 512]]), src=%in1.ap([[700, 128], [1, 512]]), engine=DMA) loc("jit(matmul)/dot_general"(callsite("matmul"("tools/export_lowering.py":30:11 to :16) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//   dma_copy(dst=%t3_w.ap([[1024, 72], [1, 512]], offset=512), src=%in1.ap([[700, 72], [1, 512]], offset=89600), engine=DMA) loc("jit(matmul)/dot_general"(callsite("matmul"("tools/export_lowering.py":30:11 to :16) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//   for %r0 in 0..2 {
//     dma_copy(dst=%t5_st, src=%in0.ap([[1, 128], [200, 128]], offset=25600*%r0), engine=DMA) loc("jit(matmul)/dot_general"(callsite("matmul"("tools/export_lowering.py":30:11 to :16) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//     nc_matmul(dst=%p4, stationary=%t5_st, moving=%t3_w.ap([[1024, 128], [1, 512]]), accumulate=false, engine=PE) loc("jit(matmul)/dot_general"(callsite("matmul"("tools/export_lowering.py":30:11 to :16) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//     dma_copy(dst=%t6_st.ap([[128, 72], [1, 128]]), src=%in0.ap([[1, 72], [200, 128]], offset=25600*%r0 + 128), engine=DMA) loc("jit(matmul)/dot_general"(callsite("matmul"("tools/export_lowering.py":30:11 to :16) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//     nc_matmul(dst=%p4, stationary=%t6_st.ap([[128, 72], [1, 128]]), moving=%t3_w.ap([[1024, 72], [1, 512]], offset=512), accumulate=true, engine=PE) loc("jit(matmul)/dot_general"(callsite("matmul"("tools/export_lowering.py":30:11 to :16) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//     tensor_copy(dst=%t7_out, src=%p4, engine=DVE)
//     dma_copy(dst=%out0.ap([[700, 128], [1, 512]], offset=89600*%r0), src=%t7_out, engine=DMA)
//   }
//   dma_copy(dst=%t9_st, src=%in0.ap([[1, 128], [200, 44]], offset=51200), engine=DMA) loc("jit(matmul)/dot_general"(callsite("matmul"("tools/export_lowering.py":30:11 to :16) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//   nc_matmul(dst=%p8.ap([[512, 44], [1, 512]]), stationary=%t9_st, moving=%t3_w.ap([[1024, 128], [1, 512]]), accumulate=false, engine=PE) loc("jit(matmul)/dot_general"(callsite("matmul"("tools/export_lowering.py":30:11 to :16) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//   dma_copy(dst=%t10_st.ap([[44, 72], [1, 44]]), src=%in0.ap([[1, 72], [200, 44]], offset=51328), engine=DMA) loc("jit(matmul)/dot_general"(callsite("matmul"("tools/export_lowering.py":30:11 to :16) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//   nc_matmul(dst=%p8.ap([[512, 44], [1, 512]]), stationary=%t10_st.ap([[44, 72], [1, 44]]), moving=%t3_w.ap([[1024, 72], [1, 512]], offset=512), accumulate=true, engine=PE) loc("jit(matmul)/dot_general"(callsite("matmul"("tools/export_lowering.py":30:11 to :16) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//   tensor_copy(dst=%t11_out.ap([[512, 44], [1, 512]]), src=%p8.ap([[512, 44], [1, 512]]), engine=DVE)
//   dma_copy(dst=%out0.ap([[700, 44], [1, 512]], offset=179200), src=%t11_out.ap([[512, 44], [1, 512]]), engine=DMA)
//   dma_copy(dst=%t12_w.ap([[376, 128], [1, 188]]), src=%in1.ap([[700, 128], [1, 188]], offset=512), engine=DMA) loc("jit(matmul)/dot_general"(callsite("matmul"("tools/export_lowering.py":30:11 to :16) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//   dma_copy(dst=%t12_w.ap([[376, 72], [1, 188]], offset=188), src=%in1.ap([[700, 72], [1, 188]], offset=90112), engine=DMA) loc("jit(matmul)/dot_general"(callsite("matmul"("tools/export_lowering.py":30:11 to :16) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//   for %r1 in 0..2 {
//     dma_copy(dst=%t14_st, src=%in0.ap([[1, 128], [200, 128]], offset=25600*%r1), engine=DMA) loc("jit(matmul)/dot_general"(callsite("matmul"("tools/export_lowering.py":30:11 to :16) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//     nc_matmul(dst=%p13, stationary=%t14_st, moving=%t12_w.ap([[376, 128], [1, 188]]), accumulate=false, engine=PE) loc("jit(matmul)/dot_general"(callsite("matmul"("tools/export_lowering.py":30:11 to :16) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//     dma_copy(dst=%t15_st.ap([[128, 72], [1, 128]]), src=%in0.ap([[1, 72], [200, 128]], offset=25600*%r1 + 128), engine=DMA) loc("jit(matmul)/dot_general"(callsite("matmul"("tools/export_lowering.py":30:11 to :16) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//     nc_matmul(dst=%p13, stationary=%t15_st.ap([[128, 72], [1, 128]]), moving=%t12_w.ap([[376, 72], [1, 188]], offset=188), accumulate=true, engine=PE) loc("jit(matmul)/dot_general"(callsite("matmul"("tools/export_lowering.py":30:11 to :16) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//     tensor_copy(dst=%t16_out, src=%p13, engine=DVE)
//     dma_copy(dst=%out0.ap([[700, 128], [1, 188]], offset=89600*%r1 + 512), src=%t16_out, engine=DMA)
//   }
//   dma_copy(dst=%t18_st, src=%in0.ap([[1, 128], [200, 44]], offset=51200), engine=DMA) loc("jit(matmul)/dot_general"(callsite("matmul"("tools/export_lowering.py":30:11 to :16) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//   nc_matmul(dst=%p17.ap([[188, 44], [1, 188]]), stationary=%t18_st, moving=%t12_w.ap([[376, 128], [1, 188]]), accumulate=false, engine=PE) loc("jit(matmul)/dot_general"(callsite("matmul"("tools/export_lowering.py":30:11 to :16) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//   dma_copy(dst=%t19_st.ap([[44, 72], [1, 44]]), src=%in0.ap([[1, 72], [200, 44]], offset=51328), engine=DMA) loc("jit(matmul)/dot_general"(callsite("matmul"("tools/export_lowering.py":30:11 to :16) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//   nc_matmul(dst=%p17.ap([[188, 44], [1, 188]]), stationary=%t19_st.ap([[44, 72], [1, 44]]), moving=%t12_w.ap([[376, 72], [1, 188]], offset=188), accumulate=true, engine=PE) loc("jit(matmul)/dot_general"(callsite("matmul"("tools/export_lowering.py":30:11 to :16) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//   tensor_copy(dst=%t20_out.ap([[188, 44], [1, 188]]), src=%p17.ap([[188, 44], [1, 188]]), engine=DVE)
//   dma_copy(dst=%out0.ap([[700, 44], [1, 188]], offset=179712), src=%t20_out.ap([[188, 44], [1, 188]]), engine=DMA)
// }
//
// // device program of @main at tests/fixtures/lowering/matmul_remainders_f32.mlir:4:3: 1 call; HBM 1640000 bytes
// device @main {
//   hbm %arg0 : f32[300, 200] input 0 at 0
//   hbm %arg1 : f32[200, 700] input 1 at 240000
//   hbm %t0 : f32[300, 700] at 800000
//   call @k0(%arg0, %arg1) -> (%t0)
//   return %t0
// }
// ----- stderr
// lowered 1 kernel (stablehlo.dot_general x1), estimate 6.000 us; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (10 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
