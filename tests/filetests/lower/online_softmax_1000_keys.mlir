// `softmax(q k^T / 8)` over 1,000 keys: a row of scores spans two PSUM banks (512 and 488
// columns), so each tile of 160 queries makes two passes over the banks, each recomputing the
// scores' bank by its matmul: the online softmax's running max and running sum (the second bank
// keeps the previous max, folds its own in, and rescales the sum by `exp(previous - max)`
// before adding its own), then the result (`lowering/src/tile/dot_rows.rs`, `online.rs`).
// RUN: egfuse lower %s --check
func.func @main(%q: tensor<2x160x64xf32>, %k: tensor<2x1000x64xf32>) -> tensor<2x160x1000xf32> {
  %s = stablehlo.dot_general %q, %k, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<2x160x64xf32>, tensor<2x1000x64xf32>) -> tensor<2x160x1000xf32>
  %c = stablehlo.constant dense<1.250000e-01> : tensor<f32>
  %cb = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<2x160x1000xf32>
  %x = stablehlo.multiply %s, %cb : tensor<2x160x1000xf32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [2] : (tensor<2x160x1000xf32>, tensor<f32>) -> tensor<2x160xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [0, 1] : (tensor<2x160xf32>) -> tensor<2x160x1000xf32>
  %z = stablehlo.subtract %x, %mb : tensor<2x160x1000xf32>
  %e = stablehlo.exponential %z : tensor<2x160x1000xf32>
  %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %sum = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [2] : (tensor<2x160x1000xf32>, tensor<f32>) -> tensor<2x160xf32>
  %sb = stablehlo.broadcast_in_dim %sum, dims = [0, 1] : (tensor<2x160xf32>) -> tensor<2x160x1000xf32>
  %p = stablehlo.divide %e, %sb : tensor<2x160x1000xf32>
  return %p : tensor<2x160x1000xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check
// // DotSoftmax at tests/filetests/lower/online_softmax_1000_keys.mlir:20:3: matmul, M 128 x N 512 x K 128 a tile; SBUF 4108 of 196608 bytes per partition, PSUM 2048 of 16384
// // estimate 12.960 us, bound by DVE (PE 11.428 us, ACT 7.717 us, DVE 12.960 us, DMA 10.166 us)
// kernel @k0 kind DotSoftmax {
//   hbm %in3 : f32[20480] input
//   hbm %in4 : f32[128000] input
//   hbm %out0 : f32[320000] output
//   sbuf %t6_prev : f32[128, 1] at 4
//   sbuf %t7_corr : f32[128, 1] at 8
//   psum %p8 : f32[128, 512] at 0
//   sbuf %t9_st : f32[128, 128] at 0
//   sbuf %t10_mv : f32[128, 512] at 512
//   sbuf %t11 : f32[128, 512] at 0
//   sbuf %t12 : f32[128, 1] at 0
//   sbuf %t13 : f32[128, 512] at 0
//   sbuf %t14 : f32[128, 512] at 8
//   sbuf %t15 : f32[128, 1] at 2056
//   psum %p16 : f32[128, 488] at 0
//   sbuf %t17_st : f32[128, 128] at 4
//   sbuf %t18_mv : f32[128, 488] at 2060
//   sbuf %t19 : f32[128, 488] at 0
//   sbuf %t20_part : f32[128, 1] at 8
//   sbuf %t21 : f32[128, 488] at 0
//   sbuf %t22 : f32[128, 488] at 12
//   sbuf %t23_part : f32[128, 1] at 1964
//   psum %p24 : f32[128, 512] at 0
//   sbuf %t25_st : f32[128, 128] at 4
//   sbuf %t26_mv : f32[128, 512] at 2060
//   sbuf %t27 : f32[128, 512] at 0
//   sbuf %t28 : f32[128, 512] at 0
//   sbuf %t29 : f32[128, 512] at 8
//   sbuf %t30 : f32[128, 512] at 2060
//   psum %p31 : f32[128, 488] at 0
//   sbuf %t32_st : f32[128, 128] at 4
//   sbuf %t33_mv : f32[128, 488] at 2060
//   sbuf %t34 : f32[128, 488] at 0
//   sbuf %t35 : f32[128, 488] at 0
//   sbuf %t36 : f32[128, 488] at 8
//   sbuf %t37 : f32[128, 488] at 1960
//   sbuf %t38_prev : f32[128, 1] at 4
//   sbuf %t39_corr : f32[128, 1] at 8
//   psum %p40 : f32[128, 512] at 0
//   sbuf %t41_st : f32[128, 32] at 0
//   sbuf %t42_mv : f32[128, 512] at 128
//   sbuf %t43 : f32[128, 512] at 0
//   sbuf %t44 : f32[128, 1] at 0
//   sbuf %t45 : f32[128, 512] at 0
//   sbuf %t46 : f32[128, 512] at 8
//   sbuf %t47 : f32[128, 1] at 2056
//   psum %p48 : f32[128, 488] at 0
//   sbuf %t49_st : f32[128, 32] at 4
//   sbuf %t50_mv : f32[128, 488] at 2060
//   sbuf %t51 : f32[128, 488] at 0
//   sbuf %t52_part : f32[128, 1] at 8
//   sbuf %t53 : f32[128, 488] at 0
//   sbuf %t54 : f32[128, 488] at 12
//   sbuf %t55_part : f32[128, 1] at 1964
//   psum %p56 : f32[128, 512] at 0
//   sbuf %t57_st : f32[128, 32] at 4
//   sbuf %t58_mv : f32[128, 512] at 2060
//   sbuf %t59 : f32[128, 512] at 0
//   sbuf %t60 : f32[128, 512] at 0
//   sbuf %t61 : f32[128, 512] at 8
//   sbuf %t62 : f32[128, 512] at 2060
//   psum %p63 : f32[128, 488] at 0
//   sbuf %t64_st : f32[128, 32] at 4
//   sbuf %t65_mv : f32[128, 488] at 2060
//   sbuf %t66 : f32[128, 488] at 0
//   sbuf %t67 : f32[128, 488] at 0
//   sbuf %t68 : f32[128, 488] at 8
//   sbuf %t69 : f32[128, 488] at 1960
//   sbuf %t70_neg : f32[128, 1] at 4
//   sbuf %t71_neg : f32[128, 1] at 8
//   sbuf %t72_neg : f32[128, 1] at 4
//   sbuf %t73_neg : f32[128, 1] at 4
//   sbuf %t74_neg : f32[128, 1] at 4
//   sbuf %t75_neg : f32[128, 1] at 8
//   sbuf %t76_neg : f32[128, 1] at 4
//   sbuf %t77_neg : f32[128, 1] at 4
//   sbuf %t78_rcp : f32[128, 1] at 4
//   sbuf %t79_rcp : f32[128, 1] at 0
//   sbuf %t80_rcp : f32[128, 1] at 4
//   sbuf %t81_rcp : f32[128, 1] at 0
//   for %r0 in 0..2 {
//     dma_copy(dst=%t9_st.ap([[128, 64], [1, 128]]), src=%in3.ap([[1, 64], [64, 128]], offset=10240*%r0), engine=DMA)
//     dma_copy(dst=%t10_mv.ap([[512, 64], [1, 512]]), src=%in4.ap([[1, 64], [64, 512]], offset=64000*%r0), engine=DMA)
//     nc_matmul(dst=%p8, stationary=%t9_st.ap([[128, 64], [1, 128]]), moving=%t10_mv.ap([[512, 64], [1, 512]]), accumulate=false, engine=PE)
//     tensor_reduce(dst=%t12.ap([[1, 128], [0, 1]]), op=maximum, data=%p8, axis=[1], engine=DVE)
//     tensor_scalar(dst=%t12.ap([[1, 128], [0, 1]]), data=%t12.ap([[1, 128], [0, 1]]), op0=multiply, operand0=0.125, engine=DVE)
//     tensor_scalar(dst=%t70_neg, data=%t12, op0=multiply, operand0=-1.0, engine=DVE)
//     activation_reduce(dst=%t14, op=exp, data=%p8, reduce_op=add, reduce_res=%t15.ap([[1, 128], [0, 1]]), bias=%t70_neg, scale=0.125, engine=ACT)
//     dma_copy(dst=%t17_st.ap([[128, 64], [1, 128]]), src=%in3.ap([[1, 64], [64, 128]], offset=10240*%r0), engine=DMA)
//     dma_copy(dst=%t18_mv.ap([[488, 64], [1, 488]]), src=%in4.ap([[1, 64], [64, 488]], offset=64000*%r0 + 32768), engine=DMA)
//     nc_matmul(dst=%p16, stationary=%t17_st.ap([[128, 64], [1, 128]]), moving=%t18_mv.ap([[488, 64], [1, 488]]), accumulate=false, engine=PE)
//     tensor_copy(dst=%t6_prev.ap([[1, 128], [0, 1]]), src=%t12.ap([[1, 128], [0, 1]]), engine=DVE)
//     tensor_reduce(dst=%t20_part.ap([[1, 128], [0, 1]]), op=maximum, data=%p16, axis=[1], engine=DVE)
//     tensor_scalar(dst=%t20_part.ap([[1, 128], [0, 1]]), data=%t20_part.ap([[1, 128], [0, 1]]), op0=multiply, operand0=0.125, engine=DVE)
//     tensor_tensor(dst=%t12.ap([[1, 128], [0, 1]]), data1=%t12.ap([[1, 128], [0, 1]]), data2=%t20_part.ap([[1, 128], [0, 1]]), op=maximum, engine=DVE)
//     tensor_scalar(dst=%t71_neg, data=%t12, op0=multiply, operand0=-1.0, engine=DVE)
//     activation_reduce(dst=%t22, op=exp, data=%p16, reduce_op=add, reduce_res=%t23_part.ap([[1, 128], [0, 1]]), bias=%t71_neg, scale=0.125, engine=ACT)
//     activation(dst=%t7_corr.ap([[1, 128], [0, 1]]), op=exp, data=%t12.ap([[1, 128], [0, 1]]), bias=%t6_prev.ap([[1, 128], [0, 1]]), scale=-1.0, engine=ACT)
//     tensor_tensor(dst=%t15.ap([[1, 128], [0, 1]]), data1=%t15.ap([[1, 128], [0, 1]]), data2=%t7_corr.ap([[1, 128], [0, 1]]), op=multiply, engine=DVE)
//     tensor_tensor(dst=%t15.ap([[1, 128], [0, 1]]), data1=%t15.ap([[1, 128], [0, 1]]), data2=%t23_part.ap([[1, 128], [0, 1]]), op=add, engine=DVE)
//     dma_copy(dst=%t25_st.ap([[128, 64], [1, 128]]), src=%in3.ap([[1, 64], [64, 128]], offset=10240*%r0), engine=DMA)
//     dma_copy(dst=%t26_mv.ap([[512, 64], [1, 512]]), src=%in4.ap([[1, 64], [64, 512]], offset=64000*%r0), engine=DMA)
//     nc_matmul(dst=%p24, stationary=%t25_st.ap([[128, 64], [1, 128]]), moving=%t26_mv.ap([[512, 64], [1, 512]]), accumulate=false, engine=PE)
//     tensor_scalar(dst=%t72_neg, data=%t12, op0=multiply, operand0=-1.0, engine=DVE)
//     activation(dst=%t29, op=exp, data=%p24, bias=%t72_neg, scale=0.125, engine=ACT)
//     reciprocal(dst=%t78_rcp, data=%t15, engine=DVE)
//     tensor_scalar(dst=%t30, data=%t29, op0=multiply, operand0=%t78_rcp, engine=DVE)
//     dma_copy(dst=%out0.ap([[1000, 128], [1, 512]], offset=160000*%r0), src=%t30, engine=DMA)
//     dma_copy(dst=%t32_st.ap([[128, 64], [1, 128]]), src=%in3.ap([[1, 64], [64, 128]], offset=10240*%r0), engine=DMA)
//     dma_copy(dst=%t33_mv.ap([[488, 64], [1, 488]]), src=%in4.ap([[1, 64], [64, 488]], offset=64000*%r0 + 32768), engine=DMA)
//     nc_matmul(dst=%p31, stationary=%t32_st.ap([[128, 64], [1, 128]]), moving=%t33_mv.ap([[488, 64], [1, 488]]), accumulate=false, engine=PE)
//     tensor_scalar(dst=%t73_neg, data=%t12, op0=multiply, operand0=-1.0, engine=DVE)
//     activation(dst=%t36, op=exp, data=%p31, bias=%t73_neg, scale=0.125, engine=ACT)
//     reciprocal(dst=%t79_rcp, data=%t15, engine=DVE)
//     tensor_scalar(dst=%t37, data=%t36, op0=multiply, operand0=%t79_rcp, engine=DVE)
//     dma_copy(dst=%out0.ap([[1000, 128], [1, 488]], offset=160000*%r0 + 512), src=%t37, engine=DMA)
//     dma_copy(dst=%t41_st.ap([[32, 64], [1, 32]]), src=%in3.ap([[1, 64], [64, 32]], offset=10240*%r0 + 8192), engine=DMA)
//     dma_copy(dst=%t42_mv.ap([[512, 64], [1, 512]]), src=%in4.ap([[1, 64], [64, 512]], offset=64000*%r0), engine=DMA)
//     nc_matmul(dst=%p40.ap([[512, 32], [1, 512]]), stationary=%t41_st.ap([[32, 64], [1, 32]]), moving=%t42_mv.ap([[512, 64], [1, 512]]), accumulate=false, engine=PE)
//     tensor_reduce(dst=%t44.ap([[1, 32], [0, 1]]), op=maximum, data=%p40.ap([[512, 32], [1, 512]]), axis=[1], engine=DVE)
//     tensor_scalar(dst=%t44.ap([[1, 32], [0, 1]]), data=%t44.ap([[1, 32], [0, 1]]), op0=multiply, operand0=0.125, engine=DVE)
//     tensor_scalar(dst=%t74_neg.ap([[1, 32], [1, 1]]), data=%t44.ap([[1, 32], [1, 1]]), op0=multiply, operand0=-1.0, engine=DVE)
//     activation_reduce(dst=%t46.ap([[512, 32], [1, 512]]), op=exp, data=%p40.ap([[512, 32], [1, 512]]), reduce_op=add, reduce_res=%t47.ap([[1, 32], [0, 1]]), bias=%t74_neg.ap([[1, 32], [1, 1]]), scale=0.125, engine=ACT)
//     dma_copy(dst=%t49_st.ap([[32, 64], [1, 32]]), src=%in3.ap([[1, 64], [64, 32]], offset=10240*%r0 + 8192), engine=DMA)
//     dma_copy(dst=%t50_mv.ap([[488, 64], [1, 488]]), src=%in4.ap([[1, 64], [64, 488]], offset=64000*%r0 + 32768), engine=DMA)
//     nc_matmul(dst=%p48.ap([[488, 32], [1, 488]]), stationary=%t49_st.ap([[32, 64], [1, 32]]), moving=%t50_mv.ap([[488, 64], [1, 488]]), accumulate=false, engine=PE)
//     tensor_copy(dst=%t38_prev.ap([[1, 32], [0, 1]]), src=%t44.ap([[1, 32], [0, 1]]), engine=DVE)
//     tensor_reduce(dst=%t52_part.ap([[1, 32], [0, 1]]), op=maximum, data=%p48.ap([[488, 32], [1, 488]]), axis=[1], engine=DVE)
//     tensor_scalar(dst=%t52_part.ap([[1, 32], [0, 1]]), data=%t52_part.ap([[1, 32], [0, 1]]), op0=multiply, operand0=0.125, engine=DVE)
//     tensor_tensor(dst=%t44.ap([[1, 32], [0, 1]]), data1=%t44.ap([[1, 32], [0, 1]]), data2=%t52_part.ap([[1, 32], [0, 1]]), op=maximum, engine=DVE)
//     tensor_scalar(dst=%t75_neg.ap([[1, 32], [1, 1]]), data=%t44.ap([[1, 32], [1, 1]]), op0=multiply, operand0=-1.0, engine=DVE)
//     activation_reduce(dst=%t54.ap([[488, 32], [1, 488]]), op=exp, data=%p48.ap([[488, 32], [1, 488]]), reduce_op=add, reduce_res=%t55_part.ap([[1, 32], [0, 1]]), bias=%t75_neg.ap([[1, 32], [1, 1]]), scale=0.125, engine=ACT)
//     activation(dst=%t39_corr.ap([[1, 32], [0, 1]]), op=exp, data=%t44.ap([[1, 32], [0, 1]]), bias=%t38_prev.ap([[1, 32], [0, 1]]), scale=-1.0, engine=ACT)
//     tensor_tensor(dst=%t47.ap([[1, 32], [0, 1]]), data1=%t47.ap([[1, 32], [0, 1]]), data2=%t39_corr.ap([[1, 32], [0, 1]]), op=multiply, engine=DVE)
//     tensor_tensor(dst=%t47.ap([[1, 32], [0, 1]]), data1=%t47.ap([[1, 32], [0, 1]]), data2=%t55_part.ap([[1, 32], [0, 1]]), op=add, engine=DVE)
//     dma_copy(dst=%t57_st.ap([[32, 64], [1, 32]]), src=%in3.ap([[1, 64], [64, 32]], offset=10240*%r0 + 8192), engine=DMA)
//     dma_copy(dst=%t58_mv.ap([[512, 64], [1, 512]]), src=%in4.ap([[1, 64], [64, 512]], offset=64000*%r0), engine=DMA)
//     nc_matmul(dst=%p56.ap([[512, 32], [1, 512]]), stationary=%t57_st.ap([[32, 64], [1, 32]]), moving=%t58_mv.ap([[512, 64], [1, 512]]), accumulate=false, engine=PE)
//     tensor_scalar(dst=%t76_neg.ap([[1, 32], [1, 1]]), data=%t44.ap([[1, 32], [1, 1]]), op0=multiply, operand0=-1.0, engine=DVE)
//     activation(dst=%t61.ap([[512, 32], [1, 512]]), op=exp, data=%p56.ap([[512, 32], [1, 512]]), bias=%t76_neg.ap([[1, 32], [1, 1]]), scale=0.125, engine=ACT)
//     reciprocal(dst=%t80_rcp.ap([[1, 32], [1, 1]]), data=%t47.ap([[1, 32], [1, 1]]), engine=DVE)
//     tensor_scalar(dst=%t62.ap([[512, 32], [1, 512]]), data=%t61.ap([[512, 32], [1, 512]]), op0=multiply, operand0=%t80_rcp.ap([[1, 32], [1, 1]]), engine=DVE)
//     dma_copy(dst=%out0.ap([[1000, 32], [1, 512]], offset=160000*%r0 + 128000), src=%t62.ap([[512, 32], [1, 512]]), engine=DMA)
//     dma_copy(dst=%t64_st.ap([[32, 64], [1, 32]]), src=%in3.ap([[1, 64], [64, 32]], offset=10240*%r0 + 8192), engine=DMA)
//     dma_copy(dst=%t65_mv.ap([[488, 64], [1, 488]]), src=%in4.ap([[1, 64], [64, 488]], offset=64000*%r0 + 32768), engine=DMA)
//     nc_matmul(dst=%p63.ap([[488, 32], [1, 488]]), stationary=%t64_st.ap([[32, 64], [1, 32]]), moving=%t65_mv.ap([[488, 64], [1, 488]]), accumulate=false, engine=PE)
//     tensor_scalar(dst=%t77_neg.ap([[1, 32], [1, 1]]), data=%t44.ap([[1, 32], [1, 1]]), op0=multiply, operand0=-1.0, engine=DVE)
//     activation(dst=%t68.ap([[488, 32], [1, 488]]), op=exp, data=%p63.ap([[488, 32], [1, 488]]), bias=%t77_neg.ap([[1, 32], [1, 1]]), scale=0.125, engine=ACT)
//     reciprocal(dst=%t81_rcp.ap([[1, 32], [1, 1]]), data=%t47.ap([[1, 32], [1, 1]]), engine=DVE)
//     tensor_scalar(dst=%t69.ap([[488, 32], [1, 488]]), data=%t68.ap([[488, 32], [1, 488]]), op0=multiply, operand0=%t81_rcp.ap([[1, 32], [1, 1]]), engine=DVE)
//     dma_copy(dst=%out0.ap([[1000, 32], [1, 488]], offset=160000*%r0 + 128512), src=%t69.ap([[488, 32], [1, 488]]), engine=DMA)
//   }
// }
//
// // device program of @main at tests/filetests/lower/online_softmax_1000_keys.mlir:7:1: 1 call; HBM 1873920 bytes
// device @main {
//   hbm %arg0 : f32[2, 160, 64] input 0 at 0
//   hbm %arg1 : f32[2, 1000, 64] input 1 at 81920
//   hbm %t0 : f32[2, 160, 1000] at 593920
//   call @k0(%arg0, %arg1) -> (%t0)
//   return %t0
// }
// ----- stderr
// lowered 1 kernel (DotSoftmax x1), estimate 12.960 us; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (18 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
