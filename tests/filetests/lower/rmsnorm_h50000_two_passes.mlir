// A value along the columns computed from a reduce of the kernel needs the reduce complete: an
// RmsNorm over 50,000 features (too wide for the `columns` layout's 128-multiples, and for
// SBUF) sums its squares in a first pass over the chunks, takes the rsqrt per row, and scales
// in a second pass that loads x again. Each of the two row tiles has its two passes (four
// loops).
// One random interleaving of the streams: tools/interleavings.sh runs them at scale.
// RUN: egfuse lower %s --check --interleavings 1
func.func @main(%x: tensor<200x50000xf32>, %w: tensor<50000xf32>) -> tensor<200x50000xf32> {
  %0 = stablehlo.multiply %x, %x : tensor<200x50000xf32>
  %c = stablehlo.constant dense<0.0> : tensor<f32>
  %1 = stablehlo.reduce(%0 init: %c) applies stablehlo.add across dimensions = [1] : (tensor<200x50000xf32>, tensor<f32>) -> tensor<200xf32>
  %k = stablehlo.broadcast_in_dim %1, dims = [0] : (tensor<200xf32>) -> tensor<200x1xf32>
  %n0 = stablehlo.constant dense<50000.0> : tensor<f32>
  %n = stablehlo.broadcast_in_dim %n0, dims = [] : (tensor<f32>) -> tensor<200x1xf32>
  %2 = stablehlo.divide %k, %n : tensor<200x1xf32>
  %e0 = stablehlo.constant dense<1.0e-6> : tensor<f32>
  %e = stablehlo.broadcast_in_dim %e0, dims = [] : (tensor<f32>) -> tensor<200x1xf32>
  %3 = stablehlo.add %2, %e : tensor<200x1xf32>
  %4 = stablehlo.rsqrt %3 : tensor<200x1xf32>
  %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<200x1xf32>) -> tensor<200x50000xf32>
  %6 = stablehlo.multiply %x, %5 : tensor<200x50000xf32>
  %7 = stablehlo.broadcast_in_dim %w, dims = [1] : (tensor<50000xf32>) -> tensor<200x50000xf32>
  %8 = stablehlo.multiply %6, %7 : tensor<200x50000xf32>
  return %8 : tensor<200x50000xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check --interleavings 1
// // RmsNorm at tests/filetests/lower/rmsnorm_h50000_two_passes.mlir:23:3: rows, 128 a tile, 12500 columns a chunk; SBUF 150012 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 418.560 us, bound by DMA (ACT 72.715 us, DVE 359.298 us, DMA 418.560 us)
// kernel @k0 kind RmsNorm {
//   hbm %in0 : f32[50000] input
//   hbm %in1 : f32[10000000] input
//   hbm %out0 : f32[10000000] output
//   sbuf %t6 : f32[128, 12500] at 8
//   sbuf %t7 : f32[128, 12500] at 50008
//   sbuf %t8 : f32[128, 1] at 100008
//   sbuf %t9 : f32[128, 12500] at 8
//   sbuf %t10 : f32[128, 12500] at 50008
//   sbuf %t11_part : f32[128, 1] at 100012
//   sbuf %t12 : f32[128, 1] at 8
//   sbuf %c0 : f32[128, 1] at 0
//   sbuf %c1 : f32[128, 1] at 4
//   sbuf %t15 : f32[128, 12500] at 12
//   sbuf %t16 : f32[128, 12500] at 50012
//   sbuf %t17 : f32[128, 12500] at 100012
//   sbuf %t18 : f32[128, 12500] at 50012
//   sbuf %t19 : f32[128, 12500] at 12
//   sbuf %t20 : f32[128, 12500] at 50012
//   sbuf %t21 : f32[128, 12500] at 100012
//   sbuf %t22 : f32[128, 12500] at 50012
//   sbuf %t23 : f32[128, 12500] at 8
//   sbuf %t24 : f32[128, 12500] at 50008
//   sbuf %t25 : f32[128, 1] at 100008
//   sbuf %t26 : f32[128, 12500] at 8
//   sbuf %t27 : f32[128, 12500] at 50008
//   sbuf %t28_part : f32[128, 1] at 100012
//   sbuf %t29 : f32[128, 1] at 8
//   sbuf %t30 : f32[128, 12500] at 12
//   sbuf %t31 : f32[128, 12500] at 50012
//   sbuf %t32 : f32[128, 12500] at 100012
//   sbuf %t33 : f32[128, 12500] at 50012
//   sbuf %t34 : f32[128, 12500] at 12
//   sbuf %t35 : f32[128, 12500] at 50012
//   sbuf %t36 : f32[128, 12500] at 100012
//   sbuf %t37 : f32[128, 12500] at 50012
//   memset(dst=%c0, value=1e-6, engine=DVE)
//   memset(dst=%c1, value=2e-5, engine=DVE)
//   dma_copy(dst=%t6, src=%in1.ap([[50000, 128], [1, 12500]]), engine=DMA)
//   activation_reduce(dst=%t7, op=square, data=%t6, reduce_op=add, reduce_res=%t8.ap([[1, 128], [0, 1]]), engine=ACT)
//   for %r0 in 0..3 {
//     dma_copy(dst=%t9, src=%in1.ap([[50000, 128], [1, 12500]], offset=12500*%r0 + 12500), engine=DMA)
//     activation_reduce(dst=%t10, op=square, data=%t9, reduce_op=add, reduce_res=%t11_part.ap([[1, 128], [0, 1]]), engine=ACT)
//     tensor_tensor(dst=%t8.ap([[1, 128], [0, 1]]), data1=%t8.ap([[1, 128], [0, 1]]), data2=%t11_part.ap([[1, 128], [0, 1]]), op=add, engine=DVE)
//   }
//   activation(dst=%t12.ap([[1, 128], [0, 1]]), op=rsqrt, data=%t8.ap([[1, 128], [0, 1]]), bias=%c0, scale=%c1, engine=ACT)
//   dma_copy(dst=%t15, src=%in0.ap([[0, 128], [1, 12500]]), engine=DMA)
//   dma_copy(dst=%t16, src=%in1.ap([[50000, 128], [1, 12500]]), engine=DMA)
//   tensor_tensor(dst=%t17, data1=%t16, data2=%t12.ap([[1, 128], [0, 12500]]), op=multiply, engine=DVE)
//   tensor_tensor(dst=%t18, data1=%t17, data2=%t15, op=multiply, engine=DVE)
//   dma_copy(dst=%out0.ap([[50000, 128], [1, 12500]]), src=%t18, engine=DMA)
//   for %r1 in 0..3 {
//     dma_copy(dst=%t19, src=%in0.ap([[0, 128], [1, 12500]], offset=12500*%r1 + 12500), engine=DMA)
//     dma_copy(dst=%t20, src=%in1.ap([[50000, 128], [1, 12500]], offset=12500*%r1 + 12500), engine=DMA)
//     tensor_tensor(dst=%t21, data1=%t20, data2=%t12.ap([[1, 128], [0, 12500]]), op=multiply, engine=DVE)
//     tensor_tensor(dst=%t22, data1=%t21, data2=%t19, op=multiply, engine=DVE)
//     dma_copy(dst=%out0.ap([[50000, 128], [1, 12500]], offset=12500*%r1 + 12500), src=%t22, engine=DMA)
//   }
//   dma_copy(dst=%t23.ap([[12500, 72], [1, 12500]]), src=%in1.ap([[50000, 72], [1, 12500]], offset=6400000), engine=DMA)
//   activation_reduce(dst=%t24.ap([[12500, 72], [1, 12500]]), op=square, data=%t23.ap([[12500, 72], [1, 12500]]), reduce_op=add, reduce_res=%t25.ap([[1, 72], [0, 1]]), engine=ACT)
//   for %r2 in 0..3 {
//     dma_copy(dst=%t26.ap([[12500, 72], [1, 12500]]), src=%in1.ap([[50000, 72], [1, 12500]], offset=12500*%r2 + 6412500), engine=DMA)
//     activation_reduce(dst=%t27.ap([[12500, 72], [1, 12500]]), op=square, data=%t26.ap([[12500, 72], [1, 12500]]), reduce_op=add, reduce_res=%t28_part.ap([[1, 72], [0, 1]]), engine=ACT)
//     tensor_tensor(dst=%t25.ap([[1, 72], [0, 1]]), data1=%t25.ap([[1, 72], [0, 1]]), data2=%t28_part.ap([[1, 72], [0, 1]]), op=add, engine=DVE)
//   }
//   activation(dst=%t29.ap([[1, 72], [0, 1]]), op=rsqrt, data=%t25.ap([[1, 72], [0, 1]]), bias=%c0.ap([[1, 72], [1, 1]]), scale=%c1.ap([[1, 72], [1, 1]]), engine=ACT)
//   dma_copy(dst=%t30, src=%in0.ap([[0, 128], [1, 12500]]), engine=DMA)
//   dma_copy(dst=%t31.ap([[12500, 72], [1, 12500]]), src=%in1.ap([[50000, 72], [1, 12500]], offset=6400000), engine=DMA)
//   tensor_tensor(dst=%t32.ap([[12500, 72], [1, 12500]]), data1=%t31.ap([[12500, 72], [1, 12500]]), data2=%t29.ap([[1, 72], [0, 12500]]), op=multiply, engine=DVE)
//   tensor_tensor(dst=%t33.ap([[12500, 72], [1, 12500]]), data1=%t32.ap([[12500, 72], [1, 12500]]), data2=%t30.ap([[12500, 72], [1, 12500]]), op=multiply, engine=DVE)
//   dma_copy(dst=%out0.ap([[50000, 72], [1, 12500]], offset=6400000), src=%t33.ap([[12500, 72], [1, 12500]]), engine=DMA)
//   for %r3 in 0..3 {
//     dma_copy(dst=%t34, src=%in0.ap([[0, 128], [1, 12500]], offset=12500*%r3 + 12500), engine=DMA)
//     dma_copy(dst=%t35.ap([[12500, 72], [1, 12500]]), src=%in1.ap([[50000, 72], [1, 12500]], offset=12500*%r3 + 6412500), engine=DMA)
//     tensor_tensor(dst=%t36.ap([[12500, 72], [1, 12500]]), data1=%t35.ap([[12500, 72], [1, 12500]]), data2=%t29.ap([[1, 72], [0, 12500]]), op=multiply, engine=DVE)
//     tensor_tensor(dst=%t37.ap([[12500, 72], [1, 12500]]), data1=%t36.ap([[12500, 72], [1, 12500]]), data2=%t34.ap([[12500, 72], [1, 12500]]), op=multiply, engine=DVE)
//     dma_copy(dst=%out0.ap([[50000, 72], [1, 12500]], offset=12500*%r3 + 6412500), src=%t37.ap([[12500, 72], [1, 12500]]), engine=DMA)
//   }
// }
//
// // device program of @main at tests/filetests/lower/rmsnorm_h50000_two_passes.mlir:8:1: 1 call; HBM 80200000 bytes
// device @main {
//   hbm %arg0 : f32[200, 50000] input 0 at 0
//   hbm %arg1 : f32[50000] input 1 at 40000000
//   hbm %t0 : f32[200, 50000] at 40200000
//   call @k0(%arg1, %arg0) -> (%t0)
//   return %t0
// }
// ----- stderr
// lowered 1 kernel (RmsNorm x1), estimate 418.560 us; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (12 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 1 random interleaving
// ----- exit 0
