// A batched MX matmul: 3 heads' [40, 96] by [96, 70], the lhs in e4m3 and the rhs in e5m2, each
// with its E8M0 scales. The batch is a loop around the tiles, and each trip moves every
// operand's elements and its scales by their own strides (3840 and 120 for the lhs, 6720 and 210
// for the rhs): one DotMx kernel.
// RUN: egfuse lower %s --check
func.func @main(%a: tensor<3x40x96xf8E4M3FN>, %b: tensor<3x96x70xf8E5M2>, %sa: tensor<3x40x3xf8E8M0FNU>, %sb: tensor<3x3x70xf8E8M0FNU>) -> tensor<3x40x70xf32> {
  %0 = stablehlo.broadcast_in_dim %sa, dims = [0, 1, 2] : (tensor<3x40x3xf8E8M0FNU>) -> tensor<3x40x3x32xf8E8M0FNU>
  %1 = stablehlo.reshape %0 : (tensor<3x40x3x32xf8E8M0FNU>) -> tensor<3x40x96xf8E8M0FNU>
  %2 = stablehlo.convert %a : (tensor<3x40x96xf8E4M3FN>) -> tensor<3x40x96xf32>
  %3 = stablehlo.convert %1 : (tensor<3x40x96xf8E8M0FNU>) -> tensor<3x40x96xf32>
  %4 = stablehlo.multiply %2, %3 : tensor<3x40x96xf32>
  %5 = stablehlo.broadcast_in_dim %sb, dims = [0, 1, 3] : (tensor<3x3x70xf8E8M0FNU>) -> tensor<3x3x32x70xf8E8M0FNU>
  %6 = stablehlo.reshape %5 : (tensor<3x3x32x70xf8E8M0FNU>) -> tensor<3x96x70xf8E8M0FNU>
  %7 = stablehlo.convert %b : (tensor<3x96x70xf8E5M2>) -> tensor<3x96x70xf32>
  %8 = stablehlo.convert %6 : (tensor<3x96x70xf8E8M0FNU>) -> tensor<3x96x70xf32>
  %9 = stablehlo.multiply %7, %8 : tensor<3x96x70xf32>
  %10 = stablehlo.dot_general %4, %9, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<3x40x96xf32>, tensor<3x96x70xf32>) -> tensor<3x40x70xf32>
  return %10 : tensor<3x40x70xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check
// // DotMx at tests/filetests/lower/dot_mx_batched_mixed_formats.mlir:17:3: matmul, M 128 x N 512 x K 128 a tile; SBUF 592 of 196608 bytes per partition, PSUM 280 of 16384
// // estimate 1.580 us, bound by DVE (PE 300.000 ns, DVE 1.580 us, DMA 705.246 ns)
// kernel @k0 kind DotMx {
//   hbm %in0 : f8E8M0FNU[630] input
//   hbm %in1 : f8E5M2[20160] input
//   hbm %in2 : f8E8M0FNU[360] input
//   hbm %in3 : f8E4M3FN[11520] input
//   hbm %out0 : f32[8400] output
//   psum %p5 : f32[128, 70] at 0
//   sbuf %t6_qe : f8E4M3FN[128, 40] at 0
//   sbuf %t7_qs : f8E8M0FNU[128, 40] at 40
//   sbuf %t8_st : f32[128, 40] at 80
//   sbuf %t9_qe : f8E5M2[128, 70] at 0
//   sbuf %t10_qs : f8E8M0FNU[128, 70] at 240
//   sbuf %t11_mv : f32[128, 70] at 312
//   sbuf %t12_out : f32[128, 70] at 0
//   for %r0 in 0..3 {
//     dma_copy(dst=%t6_qe.ap([[40, 96], [1, 40]]), src=%in3.ap([[1, 96], [96, 40]], offset=3840*%r0), engine=DMA)
//     dma_copy(dst=%t7_qs.ap([[40, 96], [1, 40]]), src=%in2.ap([[1, 3], [0, 32], [3, 40]], offset=120*%r0), engine=DMA)
//     tensor_tensor(dst=%t8_st.ap([[40, 96], [1, 40]]), data1=%t6_qe.ap([[40, 96], [1, 40]]), data2=%t7_qs.ap([[40, 96], [1, 40]]), op=multiply, engine=DVE)
//     dma_copy(dst=%t9_qe.ap([[70, 96], [1, 70]]), src=%in1.ap([[70, 96], [1, 70]], offset=6720*%r0), engine=DMA)
//     dma_copy(dst=%t10_qs.ap([[70, 96], [1, 70]]), src=%in0.ap([[70, 3], [0, 32], [1, 70]], offset=210*%r0), engine=DMA)
//     tensor_tensor(dst=%t11_mv.ap([[70, 96], [1, 70]]), data1=%t9_qe.ap([[70, 96], [1, 70]]), data2=%t10_qs.ap([[70, 96], [1, 70]]), op=multiply, engine=DVE)
//     nc_matmul(dst=%p5.ap([[70, 40], [1, 70]]), stationary=%t8_st.ap([[40, 96], [1, 40]]), moving=%t11_mv.ap([[70, 96], [1, 70]]), accumulate=false, engine=PE)
//     tensor_copy(dst=%t12_out.ap([[70, 40], [1, 70]]), src=%p5.ap([[70, 40], [1, 70]]), engine=DVE)
//     dma_copy(dst=%out0.ap([[70, 40], [1, 70]], offset=2800*%r0), src=%t12_out.ap([[70, 40], [1, 70]]), engine=DMA)
//   }
// }
//
// // device program of @main at tests/filetests/lower/dot_mx_batched_mixed_formats.mlir:6:1: 1 call; HBM 66304 bytes
// device @main {
//   hbm %arg0 : f8E4M3FN[3, 40, 96] input 0 at 0
//   hbm %arg1 : f8E5M2[3, 96, 70] input 1 at 11520
//   hbm %arg2 : f8E8M0FNU[3, 40, 3] input 2 at 31680
//   hbm %arg3 : f8E8M0FNU[3, 3, 70] input 3 at 32064
//   hbm %t0 : f32[3, 40, 70] at 32704
//   call @k0(%arg3, %arg1, %arg2, %arg0) -> (%t0)
//   return %t0
// }
// ----- stderr
// lowered 1 kernel (DotMx x1), estimate 1.580 us; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (8 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
