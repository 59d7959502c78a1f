// The `AwsNeuronRmsNorm` custom call is an RmsNorm kernel in the tokens-on-partitions form of
// nkilib's mlp_cte_norm (lowering-anchors §3.7): per tile of 128 rows, activation_reduce
// (square, add), activation (rsqrt, scale 1/H, bias eps) and activation (copy, scale rstd) on
// ACT, and the weight on DVE.
// RUN: egfuse lower %s --check
func.func @main(%x: tensor<2x200x256xf32>, %w: tensor<256xf32>) -> tensor<2x200x256xf32> {
  %e = stablehlo.constant dense<1.0e-06> : tensor<f32>
  %0 = stablehlo.custom_call @AwsNeuronRmsNorm(%x, %w, %e)  : (tensor<2x200x256xf32>, tensor<256xf32>, tensor<f32>) -> tensor<2x200x256xf32>
  return %0 : tensor<2x200x256xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check
// // RmsNorm at tests/filetests/lower/aws_rms_norm_last.mlir:8:3: rows, 128 a tile; SBUF 3084 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 2.631 us, bound by DMA (ACT 2.608 us, DVE 2.185 us, DMA 2.631 us)
// kernel @k0 kind RmsNorm {
//   hbm %in0 : f32[102400] input
//   hbm %in1 : f32[256] input
//   hbm %in2 : f32[1] input
//   hbm %out0 : f32[102400] output
//   sbuf %t4_x : f32[128, 256] at 1028
//   sbuf %t5_y : f32[128, 256] at 2052
//   sbuf %t6_sum_squares : f32[128, 1] at 3076
//   sbuf %t7_rstd : f32[128, 1] at 3080
//   sbuf %t8_weight : f32[128, 256] at 0
//   sbuf %t9_eps : f32[128, 1] at 1024
//   dma_copy(dst=%t8_weight, src=%in1.ap([[0, 128], [1, 256]]), engine=DMA)
//   dma_copy(dst=%t9_eps, src=%in2.ap([[0, 128], [1, 1]]), engine=DMA)
//   dma_copy(dst=%t4_x, src=%in0.ap([[256, 128], [1, 256]]), engine=DMA)
//   activation_reduce(dst=%t5_y, op=square, data=%t4_x, reduce_op=add, reduce_res=%t6_sum_squares, engine=ACT)
//   activation(dst=%t7_rstd, op=rsqrt, data=%t6_sum_squares, bias=%t9_eps, scale=0.00390625, engine=ACT)
//   activation(dst=%t5_y, op=copy, data=%t4_x, scale=%t7_rstd, engine=ACT)
//   tensor_tensor(dst=%t5_y, data1=%t5_y, data2=%t8_weight, op=multiply, engine=DVE)
//   dma_copy(dst=%out0.ap([[256, 128], [1, 256]]), src=%t5_y, engine=DMA)
//   dma_copy(dst=%t4_x, src=%in0.ap([[256, 128], [1, 256]], offset=32768), engine=DMA)
//   activation_reduce(dst=%t5_y, op=square, data=%t4_x, reduce_op=add, reduce_res=%t6_sum_squares, engine=ACT)
//   activation(dst=%t7_rstd, op=rsqrt, data=%t6_sum_squares, bias=%t9_eps, scale=0.00390625, engine=ACT)
//   activation(dst=%t5_y, op=copy, data=%t4_x, scale=%t7_rstd, engine=ACT)
//   tensor_tensor(dst=%t5_y, data1=%t5_y, data2=%t8_weight, op=multiply, engine=DVE)
//   dma_copy(dst=%out0.ap([[256, 128], [1, 256]], offset=32768), src=%t5_y, engine=DMA)
//   dma_copy(dst=%t4_x, src=%in0.ap([[256, 128], [1, 256]], offset=65536), engine=DMA)
//   activation_reduce(dst=%t5_y, op=square, data=%t4_x, reduce_op=add, reduce_res=%t6_sum_squares, engine=ACT)
//   activation(dst=%t7_rstd, op=rsqrt, data=%t6_sum_squares, bias=%t9_eps, scale=0.00390625, engine=ACT)
//   activation(dst=%t5_y, op=copy, data=%t4_x, scale=%t7_rstd, engine=ACT)
//   tensor_tensor(dst=%t5_y, data1=%t5_y, data2=%t8_weight, op=multiply, engine=DVE)
//   dma_copy(dst=%out0.ap([[256, 128], [1, 256]], offset=65536), src=%t5_y, engine=DMA)
//   dma_copy(dst=%t4_x.ap([[256, 16], [1, 256]]), src=%in0.ap([[256, 16], [1, 256]], offset=98304), engine=DMA)
//   activation_reduce(dst=%t5_y.ap([[256, 16], [1, 256]]), op=square, data=%t4_x.ap([[256, 16], [1, 256]]), reduce_op=add, reduce_res=%t6_sum_squares.ap([[1, 16], [1, 1]]), engine=ACT)
//   activation(dst=%t7_rstd.ap([[1, 16], [1, 1]]), op=rsqrt, data=%t6_sum_squares.ap([[1, 16], [1, 1]]), bias=%t9_eps.ap([[1, 16], [1, 1]]), scale=0.00390625, engine=ACT)
//   activation(dst=%t5_y.ap([[256, 16], [1, 256]]), op=copy, data=%t4_x.ap([[256, 16], [1, 256]]), scale=%t7_rstd.ap([[1, 16], [1, 1]]), engine=ACT)
//   tensor_tensor(dst=%t5_y.ap([[256, 16], [1, 256]]), data1=%t5_y.ap([[256, 16], [1, 256]]), data2=%t8_weight.ap([[256, 16], [1, 256]]), op=multiply, engine=DVE)
//   dma_copy(dst=%out0.ap([[256, 16], [1, 256]], offset=98304), src=%t5_y.ap([[256, 16], [1, 256]]), engine=DMA)
// }
//
// // device program of @main at tests/filetests/lower/aws_rms_norm_last.mlir:6:1: 1 call; HBM 820288 bytes
// device @main {
//   hbm %arg0 : f32[2, 200, 256] input 0 at 0
//   hbm %arg1 : f32[256] input 1 at 409600
//   hbm %c0 : f32[] const at 410624
//   hbm %t0 : f32[2, 200, 256] at 410688
//   call @k0(%arg0, %arg1, %c0) -> (%t0)
//   return %t0
// }
// ----- stderr
// lowered 1 kernel (RmsNorm x1), estimate 2.631 us; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (9 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
