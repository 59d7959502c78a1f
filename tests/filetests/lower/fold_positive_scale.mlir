// A positive scale that only a row max and an activation read is theirs
// (`lowering/src/tile/scale.rs`): the max and the exp read the scores in PSUM; one multiply
// scales the max, a value a row, and the exp takes `scale=0.125`. A softmax's `e / sum` over
// rows of 200 in SBUF is a reciprocal and a multiply.
// RUN: egfuse lower tests/fixtures/lowering/dot_softmax_f32.mlir --check
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower tests/fixtures/lowering/dot_softmax_f32.mlir --check
// // DotSoftmax at tests/fixtures/lowering/dot_softmax_f32.mlir:22:5: matmul, M 128 x N 512 x K 128 a tile; SBUF 2408 of 196608 bytes per partition, PSUM 800 of 16384
// // estimate 3.250 us, bound by DVE (PE 1.142 us, ACT 1.142 us, DVE 3.250 us, DMA 1.386 us)
// kernel @k0 kind DotSoftmax loc(fused["jit(dot_softmax)/div"(callsite("dot_softmax"("tools/export_lowering.py":46:11 to :76) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))), "jit(dot_softmax)/reduce_sum"(callsite("dot_softmax"("tools/export_lowering.py":46:11 to :76) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))), "jit(dot_softmax)/exp"(callsite("dot_softmax"("tools/export_lowering.py":46:11 to :76) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))), "jit(dot_softmax)/sub"(callsite("dot_softmax"("tools/export_lowering.py":46:11 to :76) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))), "jit(dot_softmax)/reduce_max"(callsite("dot_softmax"("tools/export_lowering.py":46:11 to :76) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))), "jit(dot_softmax)/mul"(callsite("dot_softmax"("tools/export_lowering.py":46:26 to :66) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))), "jit(dot_softmax)/bqd,bkd->bqk/dot_general"(callsite("dot_softmax"("tools/export_lowering.py":46:26 to :58) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10))))]) {
//   hbm %in3 : f32[20480] input
//   hbm %in4 : f32[25600] input
//   hbm %out0 : f32[64000] output
//   sbuf %t6_w : f32[128, 200] at 0
//   psum %p7 : f32[128, 200] at 0
//   sbuf %t8_st : f32[128, 128] at 800
//   sbuf %t9 : f32[128, 200] at 0
//   sbuf %t10 : f32[128, 1] at 800
//   sbuf %t11 : f32[128, 200] at 0
//   sbuf %t12 : f32[128, 200] at 808
//   sbuf %t13 : f32[128, 1] at 800
//   sbuf %t14 : f32[128, 200] at 1608
//   psum %p15 : f32[128, 200] at 0
//   sbuf %t16_st : f32[128, 32] at 800
//   sbuf %t17 : f32[128, 200] at 0
//   sbuf %t18 : f32[128, 1] at 0
//   sbuf %t19 : f32[128, 200] at 0
//   sbuf %t20 : f32[128, 200] at 8
//   sbuf %t21 : f32[128, 1] at 0
//   sbuf %t22 : f32[128, 200] at 808
//   sbuf %t23_neg : f32[128, 1] at 804
//   sbuf %t24_neg : f32[128, 1] at 4
//   sbuf %t25_rcp : f32[128, 1] at 804
//   sbuf %t26_rcp : f32[128, 1] at 4
//   for %r0 in 0..2 {
//     dma_copy(dst=%t6_w.ap([[200, 64], [1, 200]]), src=%in4.ap([[1, 64], [64, 200]], offset=12800*%r0), engine=DMA) loc("jit(dot_softmax)/bqd,bkd->bqk/dot_general"(callsite("dot_softmax"("tools/export_lowering.py":46:26 to :58) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//     dma_copy(dst=%t8_st.ap([[128, 64], [1, 128]]), src=%in3.ap([[1, 64], [64, 128]], offset=10240*%r0), engine=DMA) loc("jit(dot_softmax)/bqd,bkd->bqk/dot_general"(callsite("dot_softmax"("tools/export_lowering.py":46:26 to :58) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//     nc_matmul(dst=%p7, stationary=%t8_st.ap([[128, 64], [1, 128]]), moving=%t6_w.ap([[200, 64], [1, 200]]), accumulate=false, engine=PE) loc("jit(dot_softmax)/bqd,bkd->bqk/dot_general"(callsite("dot_softmax"("tools/export_lowering.py":46:26 to :58) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//     tensor_reduce(dst=%t10.ap([[1, 128], [0, 1]]), op=maximum, data=%p7, axis=[1], engine=DVE) loc("jit(dot_softmax)/reduce_max"(callsite("dot_softmax"("tools/export_lowering.py":46:11 to :76) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//     tensor_scalar(dst=%t10.ap([[1, 128], [0, 1]]), data=%t10.ap([[1, 128], [0, 1]]), op0=multiply, operand0=0.125, engine=DVE) loc("jit(dot_softmax)/mul"(callsite("dot_softmax"("tools/export_lowering.py":46:26 to :66) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//     tensor_scalar(dst=%t23_neg, data=%t10, op0=multiply, operand0=-1.0, engine=DVE) loc("jit(dot_softmax)/sub"(callsite("dot_softmax"("tools/export_lowering.py":46:11 to :76) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//     activation_reduce(dst=%t12, op=exp, data=%p7, reduce_op=add, reduce_res=%t13.ap([[1, 128], [0, 1]]), bias=%t23_neg, scale=0.125, engine=ACT) loc("jit(dot_softmax)/exp"(callsite("dot_softmax"("tools/export_lowering.py":46:11 to :76) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//     reciprocal(dst=%t25_rcp, data=%t13, engine=DVE) loc("jit(dot_softmax)/div"(callsite("dot_softmax"("tools/export_lowering.py":46:11 to :76) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//     tensor_scalar(dst=%t14, data=%t12, op0=multiply, operand0=%t25_rcp, engine=DVE) loc("jit(dot_softmax)/div"(callsite("dot_softmax"("tools/export_lowering.py":46:11 to :76) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//     dma_copy(dst=%out0.ap([[200, 128], [1, 200]], offset=32000*%r0), src=%t14, engine=DMA)
//     dma_copy(dst=%t16_st.ap([[32, 64], [1, 32]]), src=%in3.ap([[1, 64], [64, 32]], offset=10240*%r0 + 8192), engine=DMA) loc("jit(dot_softmax)/bqd,bkd->bqk/dot_general"(callsite("dot_softmax"("tools/export_lowering.py":46:26 to :58) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//     nc_matmul(dst=%p15.ap([[200, 32], [1, 200]]), stationary=%t16_st.ap([[32, 64], [1, 32]]), moving=%t6_w.ap([[200, 64], [1, 200]]), accumulate=false, engine=PE) loc("jit(dot_softmax)/bqd,bkd->bqk/dot_general"(callsite("dot_softmax"("tools/export_lowering.py":46:26 to :58) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//     tensor_reduce(dst=%t18.ap([[1, 32], [0, 1]]), op=maximum, data=%p15.ap([[200, 32], [1, 200]]), axis=[1], engine=DVE) loc("jit(dot_softmax)/reduce_max"(callsite("dot_softmax"("tools/export_lowering.py":46:11 to :76) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//     tensor_scalar(dst=%t18.ap([[1, 32], [0, 1]]), data=%t18.ap([[1, 32], [0, 1]]), op0=multiply, operand0=0.125, engine=DVE) loc("jit(dot_softmax)/mul"(callsite("dot_softmax"("tools/export_lowering.py":46:26 to :66) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//     tensor_scalar(dst=%t24_neg.ap([[1, 32], [1, 1]]), data=%t18.ap([[1, 32], [1, 1]]), op0=multiply, operand0=-1.0, engine=DVE) loc("jit(dot_softmax)/sub"(callsite("dot_softmax"("tools/export_lowering.py":46:11 to :76) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//     activation_reduce(dst=%t20.ap([[200, 32], [1, 200]]), op=exp, data=%p15.ap([[200, 32], [1, 200]]), reduce_op=add, reduce_res=%t21.ap([[1, 32], [0, 1]]), bias=%t24_neg.ap([[1, 32], [1, 1]]), scale=0.125, engine=ACT) loc("jit(dot_softmax)/exp"(callsite("dot_softmax"("tools/export_lowering.py":46:11 to :76) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//     reciprocal(dst=%t26_rcp.ap([[1, 32], [1, 1]]), data=%t21.ap([[1, 32], [1, 1]]), engine=DVE) loc("jit(dot_softmax)/div"(callsite("dot_softmax"("tools/export_lowering.py":46:11 to :76) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//     tensor_scalar(dst=%t22.ap([[200, 32], [1, 200]]), data=%t20.ap([[200, 32], [1, 200]]), op0=multiply, operand0=%t26_rcp.ap([[1, 32], [1, 1]]), engine=DVE) loc("jit(dot_softmax)/div"(callsite("dot_softmax"("tools/export_lowering.py":46:11 to :76) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//     dma_copy(dst=%out0.ap([[200, 32], [1, 200]], offset=32000*%r0 + 25600), src=%t22.ap([[200, 32], [1, 200]]), engine=DMA)
//   }
// }
//
// // device program of @main at tests/fixtures/lowering/dot_softmax_f32.mlir:4:3: 1 call; HBM 440320 bytes
// device @main {
//   hbm %arg0 : f32[2, 160, 64] input 0 at 0
//   hbm %arg1 : f32[2, 200, 64] input 1 at 81920
//   hbm %t0 : f32[2, 160, 200] at 184320
//   call @k0(%arg0, %arg1) -> (%t0)
//   return %t0
// }
// ----- stderr
// lowered 1 kernel (DotSoftmax x1), estimate 3.250 us; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (18 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
