// The `AwsNeuronRmsNorm` custom call over a middle dimension (`dimension = 1`), in bf16 with
// its epsilon an attribute, is an RmsNorm kernel that checks.
// RUN: egfuse lower %s --check
func.func @main(%x: tensor<4x256x64xbf16>, %w: tensor<256xbf16>) -> tensor<4x256x64xbf16> {
  %0 = stablehlo.custom_call @AwsNeuronRmsNorm(%x, %w) {dimension = 1 : i64, epsilon = 1.0e-05 : f32} : (tensor<4x256x64xbf16>, tensor<256xbf16>) -> tensor<4x256x64xbf16>
  return %0 : tensor<4x256x64xbf16>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check
// // RmsNorm at tests/filetests/lower/aws_rms_norm_middle.mlir:5:3: rows, 128 a tile; SBUF 1548 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 2.608 us, bound by ACT (ACT 2.608 us, DVE 1.361 us, DMA 1.080 us)
// kernel @k0 kind RmsNorm {
//   hbm %in0 : bf16[65536] input
//   hbm %in1 : bf16[256] input
//   hbm %out0 : bf16[65536] output
//   sbuf %t3_x : bf16[128, 256] at 516
//   sbuf %t4_y : bf16[128, 256] at 1028
//   sbuf %t5_sum_squares : f32[128, 1] at 1540
//   sbuf %t6_rstd : f32[128, 1] at 1544
//   sbuf %t7_weight : bf16[128, 256] at 0
//   sbuf %t8_eps : f32[128, 1] at 512
//   dma_copy(dst=%t7_weight, src=%in1.ap([[0, 128], [1, 256]]), engine=DMA)
//   memset(dst=%t8_eps, value=1e-5, engine=DVE)
//   dma_copy(dst=%t3_x.ap([[256, 64], [1, 256]]), src=%in0.ap([[1, 64], [64, 256]]), engine=DMA)
//   activation_reduce(dst=%t4_y.ap([[256, 64], [1, 256]]), op=square, data=%t3_x.ap([[256, 64], [1, 256]]), reduce_op=add, reduce_res=%t5_sum_squares.ap([[1, 64], [1, 1]]), engine=ACT)
//   activation(dst=%t6_rstd.ap([[1, 64], [1, 1]]), op=rsqrt, data=%t5_sum_squares.ap([[1, 64], [1, 1]]), bias=%t8_eps.ap([[1, 64], [1, 1]]), scale=0.00390625, engine=ACT)
//   activation(dst=%t4_y.ap([[256, 64], [1, 256]]), op=copy, data=%t3_x.ap([[256, 64], [1, 256]]), scale=%t6_rstd.ap([[1, 64], [1, 1]]), engine=ACT)
//   tensor_tensor(dst=%t4_y.ap([[256, 64], [1, 256]]), data1=%t4_y.ap([[256, 64], [1, 256]]), data2=%t7_weight.ap([[256, 64], [1, 256]]), op=multiply, engine=DVE)
//   dma_copy(dst=%out0.ap([[1, 64], [64, 256]]), src=%t4_y.ap([[256, 64], [1, 256]]), engine=DMA)
//   dma_copy(dst=%t3_x.ap([[256, 64], [1, 256]]), src=%in0.ap([[1, 64], [64, 256]], offset=16384), engine=DMA)
//   activation_reduce(dst=%t4_y.ap([[256, 64], [1, 256]]), op=square, data=%t3_x.ap([[256, 64], [1, 256]]), reduce_op=add, reduce_res=%t5_sum_squares.ap([[1, 64], [1, 1]]), engine=ACT)
//   activation(dst=%t6_rstd.ap([[1, 64], [1, 1]]), op=rsqrt, data=%t5_sum_squares.ap([[1, 64], [1, 1]]), bias=%t8_eps.ap([[1, 64], [1, 1]]), scale=0.00390625, engine=ACT)
//   activation(dst=%t4_y.ap([[256, 64], [1, 256]]), op=copy, data=%t3_x.ap([[256, 64], [1, 256]]), scale=%t6_rstd.ap([[1, 64], [1, 1]]), engine=ACT)
//   tensor_tensor(dst=%t4_y.ap([[256, 64], [1, 256]]), data1=%t4_y.ap([[256, 64], [1, 256]]), data2=%t7_weight.ap([[256, 64], [1, 256]]), op=multiply, engine=DVE)
//   dma_copy(dst=%out0.ap([[1, 64], [64, 256]], offset=16384), src=%t4_y.ap([[256, 64], [1, 256]]), engine=DMA)
//   dma_copy(dst=%t3_x.ap([[256, 64], [1, 256]]), src=%in0.ap([[1, 64], [64, 256]], offset=32768), engine=DMA)
//   activation_reduce(dst=%t4_y.ap([[256, 64], [1, 256]]), op=square, data=%t3_x.ap([[256, 64], [1, 256]]), reduce_op=add, reduce_res=%t5_sum_squares.ap([[1, 64], [1, 1]]), engine=ACT)
//   activation(dst=%t6_rstd.ap([[1, 64], [1, 1]]), op=rsqrt, data=%t5_sum_squares.ap([[1, 64], [1, 1]]), bias=%t8_eps.ap([[1, 64], [1, 1]]), scale=0.00390625, engine=ACT)
//   activation(dst=%t4_y.ap([[256, 64], [1, 256]]), op=copy, data=%t3_x.ap([[256, 64], [1, 256]]), scale=%t6_rstd.ap([[1, 64], [1, 1]]), engine=ACT)
//   tensor_tensor(dst=%t4_y.ap([[256, 64], [1, 256]]), data1=%t4_y.ap([[256, 64], [1, 256]]), data2=%t7_weight.ap([[256, 64], [1, 256]]), op=multiply, engine=DVE)
//   dma_copy(dst=%out0.ap([[1, 64], [64, 256]], offset=32768), src=%t4_y.ap([[256, 64], [1, 256]]), engine=DMA)
//   dma_copy(dst=%t3_x.ap([[256, 64], [1, 256]]), src=%in0.ap([[1, 64], [64, 256]], offset=49152), engine=DMA)
//   activation_reduce(dst=%t4_y.ap([[256, 64], [1, 256]]), op=square, data=%t3_x.ap([[256, 64], [1, 256]]), reduce_op=add, reduce_res=%t5_sum_squares.ap([[1, 64], [1, 1]]), engine=ACT)
//   activation(dst=%t6_rstd.ap([[1, 64], [1, 1]]), op=rsqrt, data=%t5_sum_squares.ap([[1, 64], [1, 1]]), bias=%t8_eps.ap([[1, 64], [1, 1]]), scale=0.00390625, engine=ACT)
//   activation(dst=%t4_y.ap([[256, 64], [1, 256]]), op=copy, data=%t3_x.ap([[256, 64], [1, 256]]), scale=%t6_rstd.ap([[1, 64], [1, 1]]), engine=ACT)
//   tensor_tensor(dst=%t4_y.ap([[256, 64], [1, 256]]), data1=%t4_y.ap([[256, 64], [1, 256]]), data2=%t7_weight.ap([[256, 64], [1, 256]]), op=multiply, engine=DVE)
//   dma_copy(dst=%out0.ap([[1, 64], [64, 256]], offset=49152), src=%t4_y.ap([[256, 64], [1, 256]]), engine=DMA)
// }
//
// // device program of @main at tests/filetests/lower/aws_rms_norm_middle.mlir:4:1: 1 call; HBM 262656 bytes
// device @main {
//   hbm %arg0 : bf16[4, 256, 64] input 0 at 0
//   hbm %arg1 : bf16[256] input 1 at 131072
//   hbm %t0 : bf16[4, 256, 64] at 131584
//   call @k0(%arg0, %arg1) -> (%t0)
//   return %t0
// }
// ----- stderr
// lowered 1 kernel (RmsNorm x1), estimate 2.608 us; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (9 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
