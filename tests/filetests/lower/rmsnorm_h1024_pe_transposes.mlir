// 003 §1.5: an RmsNorm of at most 2048 columns loads its input as nkilib's
// `contiguous_load_transpose` does: per 128 tokens a contiguous `dma_copy`, then per 128
// columns an `nc_transpose` on PE into PSUM and a `tensor_copy` into the columns layout. The
// 300 tokens are two chunks and a remainder of 44; `--check` holds.
// RUN: egfuse lower %s --check
func.func @main(%x: tensor<300x1024xf32>, %w: tensor<1024xf32>) -> tensor<300x1024xf32> {
  %0 = stablehlo.multiply %x, %x : tensor<300x1024xf32>
  %c = stablehlo.constant dense<0.0> : tensor<f32>
  %1 = stablehlo.reduce(%0 init: %c) applies stablehlo.add across dimensions = [1] : (tensor<300x1024xf32>, tensor<f32>) -> tensor<300xf32>
  %k = stablehlo.broadcast_in_dim %1, dims = [0] : (tensor<300xf32>) -> tensor<300x1xf32>
  %n0 = stablehlo.constant dense<1024.0> : tensor<f32>
  %n = stablehlo.broadcast_in_dim %n0, dims = [] : (tensor<f32>) -> tensor<300x1xf32>
  %2 = stablehlo.divide %k, %n : tensor<300x1xf32>
  %e0 = stablehlo.constant dense<1.0e-6> : tensor<f32>
  %e = stablehlo.broadcast_in_dim %e0, dims = [] : (tensor<f32>) -> tensor<300x1xf32>
  %3 = stablehlo.add %2, %e : tensor<300x1xf32>
  %4 = stablehlo.rsqrt %3 : tensor<300x1xf32>
  %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<300x1xf32>) -> tensor<300x1024xf32>
  %6 = stablehlo.multiply %x, %5 : tensor<300x1024xf32>
  %7 = stablehlo.broadcast_in_dim %w, dims = [1] : (tensor<1024xf32>) -> tensor<300x1024xf32>
  %8 = stablehlo.multiply %6, %7 : tensor<300x1024xf32>
  return %8 : tensor<300x1024xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check
// // RmsNorm at tests/filetests/lower/rmsnorm_h1024_pe_transposes.mlir:21:3: columns, 512 rows a tile; SBUF 37412 of 196608 bytes per partition, PSUM 2048 of 16384
// // estimate 15.561 us, bound by DVE (PE 4.085 us, ACT 2.071 us, DVE 15.561 us, DMA 6.160 us)
// kernel @k0 kind RmsNorm {
//   hbm %in0 : f32[1024] input
//   hbm %in1 : f32[307200] input
//   hbm %out0 : f32[307200] output
//   sbuf %t6 : f32[128, 8] at 516
//   sbuf %t7 : f32[128, 512, 8] at 4644
//   sbuf %t8_stage : f32[128, 1024] at 548
//   psum %p9_tp : f32[128, 128] at 0
//   sbuf %t10 : f32[128, 512, 8] at 21028
//   sbuf %t11_part : f32[128, 512] at 548
//   sbuf %ones : f32[128, 128] at 0
//   psum %p13 : f32[128, 512] at 0
//   sbuf %t14 : f32[128, 512] at 548
//   sbuf %c0 : f32[128, 1] at 512
//   sbuf %t16 : f32[128, 512, 8] at 21028
//   sbuf %t17 : f32[128, 512, 8] at 548
//   memset(dst=%ones, value=1.0, engine=DVE)
//   memset(dst=%c0, value=1e-6, engine=DVE)
//   dma_copy(dst=%t6, src=%in0.ap([[8, 128], [1, 8]]), engine=DMA)
//   for %r0 in 0..2 {
//     dma_copy(dst=%t8_stage, src=%in1.ap([[1024, 128], [1, 1024]], offset=131072*%r0), engine=DMA)
//     for %r1 in 0..8 {
//       nc_transpose(dst=%p9_tp, data=%t8_stage.ap([[1024, 128], [8, 128]], offset=%r1), engine=PE)
//       tensor_copy(dst=%t7.ap([[4096, 128], [8, 128]], offset=1024*%r0 + %r1), src=%p9_tp, engine=DVE)
//     }
//   }
//   dma_copy(dst=%t8_stage.ap([[1024, 44], [1, 1024]]), src=%in1.ap([[1024, 44], [1, 1024]], offset=262144), engine=DMA)
//   for %r2 in 0..8 {
//     nc_transpose(dst=%p9_tp.ap([[128, 128], [1, 44]]), data=%t8_stage.ap([[1024, 44], [8, 128]], offset=%r2), engine=PE)
//     tensor_copy(dst=%t7.ap([[4096, 128], [8, 44]], offset=%r2 + 2048), src=%p9_tp.ap([[128, 128], [1, 44]]), engine=DVE)
//   }
//   activation(dst=%t10.ap([[4096, 128], [8, 300], [1, 8]]), op=square, data=%t7.ap([[4096, 128], [8, 300], [1, 8]]), engine=ACT)
//   tensor_reduce(dst=%t11_part.ap([[512, 128], [1, 300]]), op=add, data=%t10.ap([[4096, 128], [8, 300], [1, 8]]), axis=[2], engine=DVE)
//   nc_matmul(dst=%p13.ap([[512, 128], [1, 300]]), stationary=%ones, moving=%t11_part.ap([[512, 128], [1, 300]]), engine=PE)
//   activation(dst=%t14.ap([[512, 128], [1, 300]]), op=rsqrt, data=%p13.ap([[512, 128], [1, 300]]), bias=%c0, scale=0.0009765625, engine=ACT)
//   tensor_tensor(dst=%t16.ap([[4096, 128], [8, 300], [1, 8]]), data1=%t7.ap([[4096, 128], [8, 300], [1, 8]]), data2=%t14.ap([[512, 128], [1, 300], [0, 8]]), op=multiply, engine=DVE)
//   tensor_tensor(dst=%t17.ap([[4096, 128], [8, 300], [1, 8]]), data1=%t16.ap([[4096, 128], [8, 300], [1, 8]]), data2=%t6.ap([[8, 128], [0, 300], [1, 8]]), op=multiply, engine=DVE)
//   dma_copy(dst=%out0.ap([[8, 128], [1024, 300], [1, 8]]), src=%t17.ap([[4096, 128], [8, 300], [1, 8]]), engine=DMA)
// }
//
// // device program of @main at tests/filetests/lower/rmsnorm_h1024_pe_transposes.mlir:6:1: 1 call; HBM 2461696 bytes
// device @main {
//   hbm %arg0 : f32[300, 1024] input 0 at 0
//   hbm %arg1 : f32[1024] input 1 at 1228800
//   hbm %t0 : f32[300, 1024] at 1232896
//   call @k0(%arg1, %arg0) -> (%t0)
//   return %t0
// }
// ----- stderr
// lowered 1 kernel (RmsNorm x1), estimate 15.561 us; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (12 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
