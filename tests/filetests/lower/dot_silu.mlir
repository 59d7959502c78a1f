// A DotLogistic drains PSUM by one silu on ACT (the issue's "nc_matmul into PSUM, drained by
// one activation").
// RUN: egfuse lower tests/fixtures/lowering/dot_silu_bf16.mlir --check
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower tests/fixtures/lowering/dot_silu_bf16.mlir --check
// // DotLogistic at tests/fixtures/lowering/dot_silu_bf16.mlir:7:5: matmul, M 128 x N 512 x K 128 a tile; SBUF 3072 of 196608 bytes per partition, PSUM 2048 of 16384
// // estimate 2.334 us, bound by DMA (PE 857.148 ns, ACT 1.142 us, DMA 2.334 us)
// kernel @k0 kind DotLogistic loc(fused[callsite("mul" at "jit(dot_silu)/jit(silu)"(callsite("dot_silu"("tools/export_lowering.py":42:11 to :29) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10))))), callsite("div" at "jit(dot_silu)/jit(silu)"(callsite("dot_silu"("tools/export_lowering.py":42:11 to :29) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10))))), "jit(dot_silu)/dot_general"(callsite("dot_silu"("tools/export_lowering.py":42:23 to :28) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10))))]) {
//   hbm %in0 : bf16[51200] input
//   hbm %in1 : bf16[153600] input
//   hbm %out0 : bf16[120000] output
//   sbuf %t3_w : bf16[128, 1024] at 0
//   psum %p4 : f32[128, 512] at 0
//   sbuf %t5_st : bf16[128, 128] at 2048
//   sbuf %t6_st : bf16[128, 128] at 2048
//   sbuf %t7 : bf16[128, 512] at 2048
//   psum %p8 : f32[128, 512] at 0
//   sbuf %t9_st : bf16[128, 72] at 2048
//   sbuf %t10_st : bf16[128, 72] at 2048
//   sbuf %t11 : bf16[128, 512] at 0
//   sbuf %t12_w : bf16[128, 176] at 0
//   psum %p13 : f32[128, 88] at 0
//   sbuf %t14_st : bf16[128, 128] at 352
//   sbuf %t15_st : bf16[128, 128] at 352
//   sbuf %t16 : bf16[128, 88] at 352
//   psum %p17 : f32[128, 88] at 0
//   sbuf %t18_st : bf16[128, 72] at 352
//   sbuf %t19_st : bf16[128, 72] at 352
//   sbuf %t20 : bf16[128, 88] at 0
//   for %r0 in 0..2 {
//     dma_copy(dst=%t3_w.ap([[1024, 128], [1, 512]], offset=512*%r0), src=%in1.ap([[600, 128], [1, 512]], offset=76800*%r0), engine=DMA) loc("jit(dot_silu)/dot_general"(callsite("dot_silu"("tools/export_lowering.py":42:23 to :28) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//   }
//   dma_copy(dst=%t5_st, src=%in0.ap([[1, 128], [256, 128]]), engine=DMA) loc("jit(dot_silu)/dot_general"(callsite("dot_silu"("tools/export_lowering.py":42:23 to :28) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//   nc_matmul(dst=%p4, stationary=%t5_st, moving=%t3_w.ap([[1024, 128], [1, 512]]), accumulate=false, engine=PE) loc("jit(dot_silu)/dot_general"(callsite("dot_silu"("tools/export_lowering.py":42:23 to :28) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//   dma_copy(dst=%t6_st, src=%in0.ap([[1, 128], [256, 128]], offset=128), engine=DMA) loc("jit(dot_silu)/dot_general"(callsite("dot_silu"("tools/export_lowering.py":42:23 to :28) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//   nc_matmul(dst=%p4, stationary=%t6_st, moving=%t3_w.ap([[1024, 128], [1, 512]], offset=512), accumulate=true, engine=PE) loc("jit(dot_silu)/dot_general"(callsite("dot_silu"("tools/export_lowering.py":42:23 to :28) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//   activation(dst=%t7, op=silu, data=%p4, engine=ACT) loc(callsite("mul" at "jit(dot_silu)/jit(silu)"(callsite("dot_silu"("tools/export_lowering.py":42:11 to :29) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10))))))
//   dma_copy(dst=%out0.ap([[600, 128], [1, 512]]), src=%t7, engine=DMA)
//   dma_copy(dst=%t9_st, src=%in0.ap([[1, 128], [256, 72]], offset=32768), engine=DMA) loc("jit(dot_silu)/dot_general"(callsite("dot_silu"("tools/export_lowering.py":42:23 to :28) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//   nc_matmul(dst=%p8.ap([[512, 72], [1, 512]]), stationary=%t9_st, moving=%t3_w.ap([[1024, 128], [1, 512]]), accumulate=false, engine=PE) loc("jit(dot_silu)/dot_general"(callsite("dot_silu"("tools/export_lowering.py":42:23 to :28) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//   dma_copy(dst=%t10_st, src=%in0.ap([[1, 128], [256, 72]], offset=32896), engine=DMA) loc("jit(dot_silu)/dot_general"(callsite("dot_silu"("tools/export_lowering.py":42:23 to :28) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//   nc_matmul(dst=%p8.ap([[512, 72], [1, 512]]), stationary=%t10_st, moving=%t3_w.ap([[1024, 128], [1, 512]], offset=512), accumulate=true, engine=PE) loc("jit(dot_silu)/dot_general"(callsite("dot_silu"("tools/export_lowering.py":42:23 to :28) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//   activation(dst=%t11.ap([[512, 72], [1, 512]]), op=silu, data=%p8.ap([[512, 72], [1, 512]]), engine=ACT) loc(callsite("mul" at "jit(dot_silu)/jit(silu)"(callsite("dot_silu"("tools/export_lowering.py":42:11 to :29) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10))))))
//   dma_copy(dst=%out0.ap([[600, 72], [1, 512]], offset=76800), src=%t11.ap([[512, 72], [1, 512]]), engine=DMA)
//   for %r1 in 0..2 {
//     dma_copy(dst=%t12_w.ap([[176, 128], [1, 88]], offset=88*%r1), src=%in1.ap([[600, 128], [1, 88]], offset=76800*%r1 + 512), engine=DMA) loc("jit(dot_silu)/dot_general"(callsite("dot_silu"("tools/export_lowering.py":42:23 to :28) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//   }
//   dma_copy(dst=%t14_st, src=%in0.ap([[1, 128], [256, 128]]), engine=DMA) loc("jit(dot_silu)/dot_general"(callsite("dot_silu"("tools/export_lowering.py":42:23 to :28) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//   nc_matmul(dst=%p13, stationary=%t14_st, moving=%t12_w.ap([[176, 128], [1, 88]]), accumulate=false, engine=PE) loc("jit(dot_silu)/dot_general"(callsite("dot_silu"("tools/export_lowering.py":42:23 to :28) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//   dma_copy(dst=%t15_st, src=%in0.ap([[1, 128], [256, 128]], offset=128), engine=DMA) loc("jit(dot_silu)/dot_general"(callsite("dot_silu"("tools/export_lowering.py":42:23 to :28) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//   nc_matmul(dst=%p13, stationary=%t15_st, moving=%t12_w.ap([[176, 128], [1, 88]], offset=88), accumulate=true, engine=PE) loc("jit(dot_silu)/dot_general"(callsite("dot_silu"("tools/export_lowering.py":42:23 to :28) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//   activation(dst=%t16, op=silu, data=%p13, engine=ACT) loc(callsite("mul" at "jit(dot_silu)/jit(silu)"(callsite("dot_silu"("tools/export_lowering.py":42:11 to :29) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10))))))
//   dma_copy(dst=%out0.ap([[600, 128], [1, 88]], offset=512), src=%t16, engine=DMA)
//   dma_copy(dst=%t18_st, src=%in0.ap([[1, 128], [256, 72]], offset=32768), engine=DMA) loc("jit(dot_silu)/dot_general"(callsite("dot_silu"("tools/export_lowering.py":42:23 to :28) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//   nc_matmul(dst=%p17.ap([[88, 72], [1, 88]]), stationary=%t18_st, moving=%t12_w.ap([[176, 128], [1, 88]]), accumulate=false, engine=PE) loc("jit(dot_silu)/dot_general"(callsite("dot_silu"("tools/export_lowering.py":42:23 to :28) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//   dma_copy(dst=%t19_st, src=%in0.ap([[1, 128], [256, 72]], offset=32896), engine=DMA) loc("jit(dot_silu)/dot_general"(callsite("dot_silu"("tools/export_lowering.py":42:23 to :28) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//   nc_matmul(dst=%p17.ap([[88, 72], [1, 88]]), stationary=%t19_st, moving=%t12_w.ap([[176, 128], [1, 88]], offset=88), accumulate=true, engine=PE) loc("jit(dot_silu)/dot_general"(callsite("dot_silu"("tools/export_lowering.py":42:23 to :28) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//   activation(dst=%t20.ap([[88, 72], [1, 88]]), op=silu, data=%p17.ap([[88, 72], [1, 88]]), engine=ACT) loc(callsite("mul" at "jit(dot_silu)/jit(silu)"(callsite("dot_silu"("tools/export_lowering.py":42:11 to :29) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10))))))
//   dma_copy(dst=%out0.ap([[600, 72], [1, 88]], offset=77312), src=%t20.ap([[88, 72], [1, 88]]), engine=DMA)
// }
//
// // device program of @main at tests/fixtures/lowering/dot_silu_bf16.mlir:5:3: 1 call; HBM 649600 bytes
// device @main {
//   hbm %arg0 : bf16[200, 256] input 0 at 0
//   hbm %arg1 : bf16[256, 600] input 1 at 102400
//   hbm %t0 : bf16[200, 600] at 409600
//   call @k0(%arg0, %arg1) -> (%t0)
//   return %t0
// }
// ----- stderr
// lowered 1 kernel (DotLogistic x1), estimate 2.334 us; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (10 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
