// A `batch_norm_training` whose statistics are read is the statistics pair on DVE (`bn_stats`,
// `bn_aggr`), one rsqrt on ACT and one two-op `tensor_scalar`; the splat scale 1 and offset 0
// cost nothing.
// RUN: egfuse lower %s --check
func.func @main(%x: tensor<1x16x32xf32>) -> (tensor<1x16x32xf32>, tensor<16xf32>, tensor<16xf32>) {
  %one = stablehlo.constant dense<1.0> : tensor<16xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<16xf32>
  %y, %mean, %var = "stablehlo.batch_norm_training"(%x, %one, %zero) <{epsilon = 9.99999974E-6 : f32, feature_index = 1 : i64}> : (tensor<1x16x32xf32>, tensor<16xf32>, tensor<16xf32>) -> (tensor<1x16x32xf32>, tensor<16xf32>, tensor<16xf32>)
  return %y, %mean, %var : tensor<1x16x32xf32>, tensor<16xf32>, tensor<16xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check
// // stablehlo.batch_norm_training at tests/filetests/lower/batch_norm_statistics.mlir:8:3: rows, 128 a tile; SBUF 292 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 420.538 ns, bound by DVE (ACT 72.143 ns, DVE 420.538 ns, DMA 135.306 ns)
// kernel @k0 kind stablehlo.batch_norm_training {
//   hbm %in0 : f32[512] input
//   hbm %out0 : f32[512] output
//   hbm %out1 : f32[16] output
//   hbm %out2 : f32[16] output
//   sbuf %t6_x : f32[128, 32] at 4
//   sbuf %t7_y : f32[128, 32] at 164
//   sbuf %t8_stats : f32[128, 6] at 132
//   sbuf %t9_mean_var : f32[128, 2] at 156
//   sbuf %t10_rstd : f32[128, 1] at 132
//   sbuf %t11_eps : f32[128, 1] at 0
//   memset(dst=%t11_eps.ap([[1, 16], [1, 1]]), value=9.99999974e-6, engine=DVE)
//   dma_copy(dst=%t6_x.ap([[32, 16], [32, 1], [1, 32]]), src=%in0.ap([[32, 16], [512, 1], [1, 32]]), engine=DMA)
//   bn_stats(dst=%t8_stats.ap([[6, 16], [1, 6]]), data=%t6_x.ap([[32, 16], [1, 32]]), engine=DVE)
//   bn_aggr(dst=%t9_mean_var.ap([[2, 16], [1, 2]]), data=%t8_stats.ap([[6, 16], [1, 6]]), engine=DVE)
//   activation(dst=%t10_rstd.ap([[1, 16], [1, 1]]), op=rsqrt, data=%t9_mean_var.ap([[2, 16], [1, 1]], offset=1), bias=%t11_eps.ap([[1, 16], [1, 1]]), engine=ACT)
//   tensor_scalar(dst=%t7_y.ap([[32, 16], [1, 32]]), data=%t6_x.ap([[32, 16], [1, 32]]), op0=subtract, operand0=%t9_mean_var.ap([[2, 16], [1, 1]]), op1=multiply, operand1=%t10_rstd.ap([[1, 16], [1, 1]]), engine=DVE)
//   dma_copy(dst=%out0.ap([[32, 16], [512, 1], [1, 32]]), src=%t7_y.ap([[32, 16], [32, 1], [1, 32]]), engine=DMA)
//   dma_copy(dst=%out1.ap([[1, 16], [1, 1]]), src=%t9_mean_var.ap([[2, 16], [1, 1]]), engine=DMA)
//   dma_copy(dst=%out2.ap([[1, 16], [1, 1]]), src=%t9_mean_var.ap([[2, 16], [1, 1]], offset=1), engine=DMA)
// }
//
// // device program of @main at tests/filetests/lower/batch_norm_statistics.mlir:5:1: 1 call; HBM 4224 bytes
// device @main {
//   hbm %arg0 : f32[1, 16, 32] input 0 at 0
//   hbm %t0 : f32[1, 16, 32] at 2048
//   hbm %t1 : f32[16] at 4096
//   hbm %t2 : f32[16] at 4160
//   call @k0(%arg0) -> (%t0, %t1, %t2)
//   return %t0, %t1, %t2
// }
// ----- stderr
// lowered 1 kernel (stablehlo.batch_norm_training x1), estimate 420.538 ns; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 3 results
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (4 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
