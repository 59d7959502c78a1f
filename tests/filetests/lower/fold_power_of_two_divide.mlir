// Scores divided by 8 (a power of two) are scaled by 0.125 exactly, so the division is the
// row max's and the exp's as a multiplication is (`lowering/src/tile/scale.rs`): the max and the
// exp read the scores in PSUM, and the exp takes `scale=0.125`.
// RUN: egfuse lower %s --check
module @scores_over_8 {
  func.func public @main(%q: tensor<64x32xf32>, %k: tensor<96x32xf32>) -> tensor<64x96xf32> {
    %s = stablehlo.dot_general %q, %k, contracting_dims = [1] x [1] : (tensor<64x32xf32>, tensor<96x32xf32>) -> tensor<64x96xf32>
    %c8 = stablehlo.constant dense<8.0> : tensor<64x96xf32>
    %t = stablehlo.divide %s, %c8 : tensor<64x96xf32>
    %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %m = stablehlo.reduce(%t init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<64x96xf32>, tensor<f32>) -> tensor<64xf32>
    %mb = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<64xf32>) -> tensor<64x96xf32>
    %z = stablehlo.subtract %t, %mb : tensor<64x96xf32>
    %e = stablehlo.exponential %z : tensor<64x96xf32>
    %zero = stablehlo.constant dense<0.0> : tensor<f32>
    %sum = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<64x96xf32>, tensor<f32>) -> tensor<64xf32>
    %sb = stablehlo.broadcast_in_dim %sum, dims = [0] : (tensor<64xf32>) -> tensor<64x96xf32>
    %p = stablehlo.divide %e, %sb : tensor<64x96xf32>
    return %p : tensor<64x96xf32>
  }
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check
// // DotSoftmax at tests/filetests/lower/fold_power_of_two_divide.mlir:18:5: matmul, M 128 x N 512 x K 128 a tile; SBUF 776 of 196608 bytes per partition, PSUM 384 of 16384
// // estimate 616.073 ns, bound by DVE (PE 137.143 ns, ACT 211.429 ns, DVE 616.073 ns, DMA 203.644 ns)
// kernel @k0 kind DotSoftmax {
//   hbm %in2 : f32[2048] input
//   hbm %in3 : f32[3072] input
//   hbm %out0 : f32[6144] output
//   psum %p6 : f32[128, 96] at 0
//   sbuf %t7_st : f32[128, 64] at 0
//   sbuf %t8_mv : f32[128, 96] at 256
//   sbuf %t9 : f32[128, 96] at 0
//   sbuf %t10 : f32[128, 1] at 0
//   sbuf %t11 : f32[128, 96] at 0
//   sbuf %t12 : f32[128, 96] at 8
//   sbuf %t13 : f32[128, 1] at 0
//   sbuf %t14 : f32[128, 96] at 392
//   sbuf %t15_neg : f32[128, 1] at 4
//   dma_copy(dst=%t7_st.ap([[64, 32], [1, 64]]), src=%in2.ap([[1, 32], [32, 64]]), engine=DMA)
//   dma_copy(dst=%t8_mv.ap([[96, 32], [1, 96]]), src=%in3.ap([[1, 32], [32, 96]]), engine=DMA)
//   nc_matmul(dst=%p6.ap([[96, 64], [1, 96]]), stationary=%t7_st.ap([[64, 32], [1, 64]]), moving=%t8_mv.ap([[96, 32], [1, 96]]), accumulate=false, engine=PE)
//   tensor_reduce(dst=%t10.ap([[1, 64], [0, 1]]), op=maximum, data=%p6.ap([[96, 64], [1, 96]]), axis=[1], engine=DVE)
//   tensor_scalar(dst=%t10.ap([[1, 64], [0, 1]]), data=%t10.ap([[1, 64], [0, 1]]), op0=multiply, operand0=0.125, engine=DVE)
//   tensor_scalar(dst=%t15_neg.ap([[1, 64], [1, 1]]), data=%t10.ap([[1, 64], [1, 1]]), op0=multiply, operand0=-1.0, engine=DVE)
//   activation_reduce(dst=%t12.ap([[96, 64], [1, 96]]), op=exp, data=%p6.ap([[96, 64], [1, 96]]), reduce_op=add, reduce_res=%t13.ap([[1, 64], [0, 1]]), bias=%t15_neg.ap([[1, 64], [1, 1]]), scale=0.125, engine=ACT)
//   tensor_tensor(dst=%t14.ap([[96, 64], [1, 96]]), data1=%t12.ap([[96, 64], [1, 96]]), data2=%t13.ap([[1, 64], [0, 96]]), op=divide, engine=DVE)
//   dma_copy(dst=%out0.ap([[96, 64], [1, 96]]), src=%t14.ap([[96, 64], [1, 96]]), engine=DMA)
// }
//
// // device program of @main at tests/filetests/lower/fold_power_of_two_divide.mlir:6:3: 1 call; HBM 45056 bytes
// device @main {
//   hbm %arg0 : f32[64, 32] input 0 at 0
//   hbm %arg1 : f32[96, 32] input 1 at 8192
//   hbm %t0 : f32[64, 96] at 20480
//   call @k0(%arg0, %arg1) -> (%t0)
//   return %t0
// }
// ----- stderr
// lowered 1 kernel (DotSoftmax x1), estimate 616.073 ns; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (9 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
