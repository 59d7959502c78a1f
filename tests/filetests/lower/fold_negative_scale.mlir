// A negative scale does not commute with the max: the scores (`dot_softmax_f32.mlir` scaled by
// -0.125) are scaled as a whole tile before the max reads them.
// RUN: egfuse lower %s --check
#loc1 = loc("q")
#loc2 = loc("k")
module @jit_dot_softmax attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x160x64xf32> loc("q"), %arg1: tensor<2x200x64xf32> loc("k")) -> (tensor<2x160x200xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<2x160x64xf32>, tensor<2x200x64xf32>) -> tensor<2x160x200xf32> loc(#loc18)
    %cst = stablehlo.constant dense<-1.250000e-01> : tensor<f32> loc(#loc15)
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x160x200xf32> loc(#loc19)
    %2 = stablehlo.multiply %0, %1 : tensor<2x160x200xf32> loc(#loc19)
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32> loc(#loc20)
    %3 = stablehlo.reduce(%2 init: %cst_0) applies stablehlo.maximum across dimensions = [2] : (tensor<2x160x200xf32>, tensor<f32>) -> tensor<2x160xf32> loc(#loc20)
    %cst_1 = stablehlo.constant dense<0xFF800000> : tensor<f32> loc(#loc15)
    %4 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x160xf32> loc(#loc21)
    %5 = stablehlo.maximum %4, %3 : tensor<2x160xf32> loc(#loc21)
    %6 = stablehlo.broadcast_in_dim %5, dims = [0, 1] : (tensor<2x160xf32>) -> tensor<2x160x1xf32> loc(#loc22)
    %7 = stablehlo.broadcast_in_dim %6, dims = [0, 1, 2] : (tensor<2x160x1xf32>) -> tensor<2x160x200xf32> loc(#loc23)
    %8 = stablehlo.subtract %2, %7 : tensor<2x160x200xf32> loc(#loc23)
    %9 = stablehlo.exponential %8 : tensor<2x160x200xf32> loc(#loc24)
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32> loc(#loc25)
    %10 = stablehlo.reduce(%9 init: %cst_2) applies stablehlo.add across dimensions = [2] : (tensor<2x160x200xf32>, tensor<f32>) -> tensor<2x160xf32> loc(#loc25)
    %11 = stablehlo.broadcast_in_dim %10, dims = [0, 1] : (tensor<2x160xf32>) -> tensor<2x160x1xf32> loc(#loc22)
    %12 = stablehlo.broadcast_in_dim %11, dims = [0, 1, 2] : (tensor<2x160x1xf32>) -> tensor<2x160x200xf32> loc(#loc26)
    %13 = stablehlo.divide %9, %12 : tensor<2x160x200xf32> loc(#loc26)
    return %13 : tensor<2x160x200xf32> loc(#loc15)
  } loc(#loc)
} loc(#loc)
#loc = loc(unknown)
#loc3 = loc("tools/export_lowering.py":46:26 to :58)
#loc4 = loc("tools/export_lowering.py":92:15 to :39)
#loc5 = loc("tools/export_lowering.py":163:4 to :10)
#loc6 = loc("tools/export_lowering.py":46:26 to :66)
#loc7 = loc("tools/export_lowering.py":46:11 to :76)
#loc8 = loc("dot_softmax"(#loc3))
#loc9 = loc("main"(#loc4))
#loc10 = loc("<module>"(#loc5))
#loc11 = loc("dot_softmax"(#loc6))
#loc12 = loc("dot_softmax"(#loc7))
#loc13 = loc(callsite(#loc9 at #loc10))
#loc14 = loc(callsite(#loc8 at #loc13))
#loc15 = loc("jit(dot_softmax)"(#loc13))
#loc16 = loc(callsite(#loc11 at #loc13))
#loc17 = loc(callsite(#loc12 at #loc13))
#loc18 = loc("jit(dot_softmax)/bqd,bkd->bqk/dot_general"(#loc14))
#loc19 = loc("jit(dot_softmax)/mul"(#loc16))
#loc20 = loc("jit(dot_softmax)/reduce_max"(#loc17))
#loc21 = loc("jit(dot_softmax)/max"(#loc17))
#loc22 = loc("jit(dot_softmax)/broadcast_in_dim"(#loc17))
#loc23 = loc("jit(dot_softmax)/sub"(#loc17))
#loc24 = loc("jit(dot_softmax)/exp"(#loc17))
#loc25 = loc("jit(dot_softmax)/reduce_sum"(#loc17))
#loc26 = loc("jit(dot_softmax)/div"(#loc17))
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check
// // DotSoftmax at tests/filetests/lower/fold_negative_scale.mlir:25:5: matmul, M 128 x N 512 x K 128 a tile; SBUF 2408 of 196608 bytes per partition, PSUM 800 of 16384
// // estimate 3.960 us, bound by DVE (PE 1.142 us, ACT 1.142 us, DVE 3.960 us, DMA 1.386 us)
// kernel @k0 kind DotSoftmax loc(fused["jit(dot_softmax)/div"(callsite("dot_softmax"("tools/export_lowering.py":46:11 to :76) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))), "jit(dot_softmax)/reduce_sum"(callsite("dot_softmax"("tools/export_lowering.py":46:11 to :76) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))), "jit(dot_softmax)/exp"(callsite("dot_softmax"("tools/export_lowering.py":46:11 to :76) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))), "jit(dot_softmax)/sub"(callsite("dot_softmax"("tools/export_lowering.py":46:11 to :76) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))), "jit(dot_softmax)/reduce_max"(callsite("dot_softmax"("tools/export_lowering.py":46:11 to :76) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))), "jit(dot_softmax)/mul"(callsite("dot_softmax"("tools/export_lowering.py":46:26 to :66) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))), "jit(dot_softmax)/bqd,bkd->bqk/dot_general"(callsite("dot_softmax"("tools/export_lowering.py":46:26 to :58) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10))))]) {
//   hbm %in3 : f32[20480] input
//   hbm %in4 : f32[25600] input
//   hbm %out0 : f32[64000] output
//   sbuf %t6_w : f32[128, 200] at 0
//   psum %p7 : f32[128, 200] at 0
//   sbuf %t8_st : f32[128, 128] at 800
//   sbuf %t9 : f32[128, 200] at 800
//   sbuf %t10 : f32[128, 1] at 1600
//   sbuf %t11 : f32[128, 200] at 0
//   sbuf %t12 : f32[128, 200] at 1608
//   sbuf %t13 : f32[128, 1] at 1600
//   sbuf %t14 : f32[128, 200] at 804
//   psum %p15 : f32[128, 200] at 0
//   sbuf %t16_st : f32[128, 32] at 800
//   sbuf %t17 : f32[128, 200] at 0
//   sbuf %t18 : f32[128, 1] at 800
//   sbuf %t19 : f32[128, 200] at 0
//   sbuf %t20 : f32[128, 200] at 808
//   sbuf %t21 : f32[128, 1] at 800
//   sbuf %t22 : f32[128, 200] at 4
//   sbuf %t23_neg : f32[128, 1] at 1604
//   sbuf %t24_neg : f32[128, 1] at 804
//   sbuf %t25_rcp : f32[128, 1] at 800
//   sbuf %t26_rcp : f32[128, 1] at 0
//   for %r0 in 0..2 {
//     dma_copy(dst=%t6_w.ap([[200, 64], [1, 200]]), src=%in4.ap([[1, 64], [64, 200]], offset=12800*%r0), engine=DMA) loc("jit(dot_softmax)/bqd,bkd->bqk/dot_general"(callsite("dot_softmax"("tools/export_lowering.py":46:26 to :58) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//     dma_copy(dst=%t8_st.ap([[128, 64], [1, 128]]), src=%in3.ap([[1, 64], [64, 128]], offset=10240*%r0), engine=DMA) loc("jit(dot_softmax)/bqd,bkd->bqk/dot_general"(callsite("dot_softmax"("tools/export_lowering.py":46:26 to :58) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//     nc_matmul(dst=%p7, stationary=%t8_st.ap([[128, 64], [1, 128]]), moving=%t6_w.ap([[200, 64], [1, 200]]), accumulate=false, engine=PE) loc("jit(dot_softmax)/bqd,bkd->bqk/dot_general"(callsite("dot_softmax"("tools/export_lowering.py":46:26 to :58) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//     tensor_scalar(dst=%t9, data=%p7, op0=multiply, operand0=-0.125, engine=DVE) loc("jit(dot_softmax)/mul"(callsite("dot_softmax"("tools/export_lowering.py":46:26 to :66) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//     tensor_reduce(dst=%t10.ap([[1, 128], [0, 1]]), op=maximum, data=%t9, axis=[1], engine=DVE) loc("jit(dot_softmax)/reduce_max"(callsite("dot_softmax"("tools/export_lowering.py":46:11 to :76) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//     tensor_scalar(dst=%t23_neg, data=%t10, op0=multiply, operand0=-1.0, engine=DVE) loc("jit(dot_softmax)/sub"(callsite("dot_softmax"("tools/export_lowering.py":46:11 to :76) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//     activation_reduce(dst=%t12, op=exp, data=%t9, reduce_op=add, reduce_res=%t13.ap([[1, 128], [0, 1]]), bias=%t23_neg, engine=ACT) loc("jit(dot_softmax)/exp"(callsite("dot_softmax"("tools/export_lowering.py":46:11 to :76) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//     reciprocal(dst=%t25_rcp, data=%t13, engine=DVE) loc("jit(dot_softmax)/div"(callsite("dot_softmax"("tools/export_lowering.py":46:11 to :76) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//     tensor_scalar(dst=%t14, data=%t12, op0=multiply, operand0=%t25_rcp, engine=DVE) loc("jit(dot_softmax)/div"(callsite("dot_softmax"("tools/export_lowering.py":46:11 to :76) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//     dma_copy(dst=%out0.ap([[200, 128], [1, 200]], offset=32000*%r0), src=%t14, engine=DMA)
//     dma_copy(dst=%t16_st.ap([[32, 64], [1, 32]]), src=%in3.ap([[1, 64], [64, 32]], offset=10240*%r0 + 8192), engine=DMA) loc("jit(dot_softmax)/bqd,bkd->bqk/dot_general"(callsite("dot_softmax"("tools/export_lowering.py":46:26 to :58) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//     nc_matmul(dst=%p15.ap([[200, 32], [1, 200]]), stationary=%t16_st.ap([[32, 64], [1, 32]]), moving=%t6_w.ap([[200, 64], [1, 200]]), accumulate=false, engine=PE) loc("jit(dot_softmax)/bqd,bkd->bqk/dot_general"(callsite("dot_softmax"("tools/export_lowering.py":46:26 to :58) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//     tensor_scalar(dst=%t17.ap([[200, 32], [1, 200]]), data=%p15.ap([[200, 32], [1, 200]]), op0=multiply, operand0=-0.125, engine=DVE) loc("jit(dot_softmax)/mul"(callsite("dot_softmax"("tools/export_lowering.py":46:26 to :66) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//     tensor_reduce(dst=%t18.ap([[1, 32], [0, 1]]), op=maximum, data=%t17.ap([[200, 32], [1, 200]]), axis=[1], engine=DVE) loc("jit(dot_softmax)/reduce_max"(callsite("dot_softmax"("tools/export_lowering.py":46:11 to :76) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//     tensor_scalar(dst=%t24_neg.ap([[1, 32], [1, 1]]), data=%t18.ap([[1, 32], [1, 1]]), op0=multiply, operand0=-1.0, engine=DVE) loc("jit(dot_softmax)/sub"(callsite("dot_softmax"("tools/export_lowering.py":46:11 to :76) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//     activation_reduce(dst=%t20.ap([[200, 32], [1, 200]]), op=exp, data=%t17.ap([[200, 32], [1, 200]]), reduce_op=add, reduce_res=%t21.ap([[1, 32], [0, 1]]), bias=%t24_neg.ap([[1, 32], [1, 1]]), engine=ACT) loc("jit(dot_softmax)/exp"(callsite("dot_softmax"("tools/export_lowering.py":46:11 to :76) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//     reciprocal(dst=%t26_rcp.ap([[1, 32], [1, 1]]), data=%t21.ap([[1, 32], [1, 1]]), engine=DVE) loc("jit(dot_softmax)/div"(callsite("dot_softmax"("tools/export_lowering.py":46:11 to :76) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//     tensor_scalar(dst=%t22.ap([[200, 32], [1, 200]]), data=%t20.ap([[200, 32], [1, 200]]), op0=multiply, operand0=%t26_rcp.ap([[1, 32], [1, 1]]), engine=DVE) loc("jit(dot_softmax)/div"(callsite("dot_softmax"("tools/export_lowering.py":46:11 to :76) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//     dma_copy(dst=%out0.ap([[200, 32], [1, 200]], offset=32000*%r0 + 25600), src=%t22.ap([[200, 32], [1, 200]]), engine=DMA)
//   }
// }
//
// // device program of @main at tests/filetests/lower/fold_negative_scale.mlir:7:3: 1 call; HBM 440320 bytes
// device @main {
//   hbm %arg0 : f32[2, 160, 64] input 0 at 0
//   hbm %arg1 : f32[2, 200, 64] input 1 at 81920
//   hbm %t0 : f32[2, 160, 200] at 184320
//   call @k0(%arg0, %arg1) -> (%t0)
//   return %t0
// }
// ----- stderr
// lowered 1 kernel (DotSoftmax x1), estimate 3.960 us; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (18 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
