// An RMSNorm over a leading dimension (dim 0 of 3x128x128, a `rows` kernel in a strided space),
// whose weight is broadcast along the rows by a kernel of its own and read by the RmsNorm from
// its first row: through the space's column runs (stride 16384), not as if the reduced
// dimension were contiguous. It read elements 0, 1, 2 (the weight's first value three times),
// and `--check` found it differed (error 6.254e-1 against the original's 2.380e-8); the lower
// fuzz target's first finding.
// RUN: egfuse lower %s --check -o /dev/null
// RUN: egfuse lower %s
module @fuzz {
  func.func public @main(%arg0: tensor<3x128x128xf32>, %arg1: tensor<3xf32>) -> (tensor<3x128x128xf32>) {
    %0 = stablehlo.multiply %arg0, %arg0 : tensor<3x128x128xf32>
    %1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %2 = stablehlo.reduce(%0 init: %1) applies stablehlo.add across dimensions = [0] : (tensor<3x128x128xf32>, tensor<f32>) -> tensor<128x128xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [1, 2] : (tensor<128x128xf32>) -> tensor<1x128x128xf32>
    %4 = stablehlo.constant dense<3.000000e0> : tensor<1x128x128xf32>
    %5 = stablehlo.divide %3, %4 : tensor<1x128x128xf32>
    %6 = stablehlo.constant dense<1.000000e-6> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [] : (tensor<f32>) -> tensor<1x128x128xf32>
    %8 = stablehlo.add %5, %7 : tensor<1x128x128xf32>
    %9 = stablehlo.rsqrt %8 : tensor<1x128x128xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1, 2] : (tensor<1x128x128xf32>) -> tensor<3x128x128xf32>
    %11 = stablehlo.multiply %arg0, %10 : tensor<3x128x128xf32>
    %12 = stablehlo.broadcast_in_dim %arg1, dims = [0] : (tensor<3xf32>) -> tensor<3x128x128xf32>
    %13 = stablehlo.multiply %11, %12 : tensor<3x128x128xf32>
    return %13 : tensor<3x128x128xf32>
  }
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check -o /dev/null
// ----- stderr
// lowered 2 kernels (RmsNorm x1, stablehlo.broadcast_in_dim x1), estimate 28.305 us; device program: 2 calls
// check: 2 of 2 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 2 of 2 kernels are deadlock-free and race-free (10 semaphores)
// check: 2 of 2 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
// ----- egfuse lower %s
// // stablehlo.broadcast_in_dim at tests/filetests/lower/norm_weight_leading_dim.mlir:23:5: dma; SBUF 0 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 510.782 ns, bound by DMA (DMA 510.782 ns)
// kernel @k0 kind stablehlo.broadcast_in_dim {
//   hbm %in0 : f32[3] input
//   hbm %out0 : f32[49152] output
//   dma_copy(dst=%out0.ap([[16384, 3], [1, 16384]]), src=%in0.ap([[1, 3], [0, 16384]]), engine=DMA)
// }
//
// // RmsNorm at tests/filetests/lower/norm_weight_leading_dim.mlir:24:5: rows, 128 a tile; SBUF 48 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 27.794 us, bound by ACT (ACT 27.794 us, DVE 24.408 us, DMA 8.994 us)
// kernel @k1 kind RmsNorm {
//   hbm %in0 : f32[49152] input
//   hbm %in1 : f32[49152] input
//   hbm %out0 : f32[49152] output
//   sbuf %t6 : f32[128, 3] at 8
//   sbuf %t7 : f32[128, 3] at 20
//   sbuf %t8 : f32[128, 3] at 32
//   sbuf %t9 : f32[128, 1] at 44
//   sbuf %t10 : f32[128, 1] at 32
//   sbuf %c0 : f32[128, 1] at 0
//   sbuf %c1 : f32[128, 1] at 4
//   sbuf %t13 : f32[128, 3] at 36
//   sbuf %t14 : f32[128, 3] at 20
//   memset(dst=%c0, value=1e-6, engine=DVE)
//   memset(dst=%c1, value=0.3333333333333333, engine=DVE)
//   dma_copy(dst=%t6, src=%in0.ap([[0, 128], [16384, 3]]), engine=DMA)
//   for %r0 in 0..128 {
//     dma_copy(dst=%t7, src=%in1.ap([[1, 128], [16384, 3]], offset=128*%r0), engine=DMA)
//     activation_reduce(dst=%t8, op=square, data=%t7, reduce_op=add, reduce_res=%t9.ap([[1, 128], [0, 1]]), engine=ACT)
//     activation(dst=%t10.ap([[1, 128], [0, 1]]), op=rsqrt, data=%t9.ap([[1, 128], [0, 1]]), bias=%c0, scale=%c1, engine=ACT)
//     tensor_tensor(dst=%t13, data1=%t7, data2=%t10.ap([[1, 128], [0, 3]]), op=multiply, engine=DVE)
//     tensor_tensor(dst=%t14, data1=%t13, data2=%t6, op=multiply, engine=DVE)
//     dma_copy(dst=%out0.ap([[1, 128], [16384, 3]], offset=128*%r0), src=%t14, engine=DMA)
//   }
// }
//
// // device program of @main at tests/filetests/lower/norm_weight_leading_dim.mlir:10:3: 2 calls; HBM 589888 bytes
// device @main {
//   hbm %arg0 : f32[3, 128, 128] input 0 at 0
//   hbm %arg1 : f32[3] input 1 at 196608
//   hbm %t0 : f32[3, 128, 128] at 196672
//   hbm %t1 : f32[3, 128, 128] at 393280
//   call @k0(%arg1) -> (%t0)
//   call @k1(%t0, %arg0) -> (%t1)
//   return %t1
// }
// ----- stderr
// lowered 2 kernels (RmsNorm x1, stablehlo.broadcast_in_dim x1), estimate 28.305 us; device program: 2 calls
// ----- exit 0
