// JAX's rotary embedding over 300 tokens of 16: each half computed from slices of `x`, then
// joined. The space is a half's (300 rows, 8 columns); each half is stored to its 8 columns of
// every row of the output.
// RUN: egfuse lower %s --check
func.func @main(%x: tensor<300x16xf32>, %c: tensor<300x8xf32>, %s: tensor<300x8xf32>) -> tensor<300x16xf32> {
  %0 = "mhlo.fusion"(%x, %c, %s) ({
  ^bb0(%x: tensor<300x16xf32>, %c: tensor<300x8xf32>, %s: tensor<300x8xf32>):
    %a = stablehlo.slice %x [0:300, 0:8] : (tensor<300x16xf32>) -> tensor<300x8xf32>
    %b = stablehlo.slice %x [0:300, 8:16] : (tensor<300x16xf32>) -> tensor<300x8xf32>
    %ac = stablehlo.multiply %a, %c : tensor<300x8xf32>
    %bs = stablehlo.multiply %b, %s : tensor<300x8xf32>
    %lo = stablehlo.subtract %ac, %bs : tensor<300x8xf32>
    %bc = stablehlo.multiply %b, %c : tensor<300x8xf32>
    %as = stablehlo.multiply %a, %s : tensor<300x8xf32>
    %hi = stablehlo.add %bc, %as : tensor<300x8xf32>
    %r = stablehlo.concatenate %lo, %hi, dim = 1 : (tensor<300x8xf32>, tensor<300x8xf32>) -> tensor<300x16xf32>
    mhlo.return %r : tensor<300x16xf32>
  }) {FusionKind = "Elementwise"} : (tensor<300x16xf32>, tensor<300x8xf32>, tensor<300x8xf32>) -> tensor<300x16xf32>
  return %0 : tensor<300x16xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check
// // Elementwise at tests/filetests/lower/concat_stores_each_piece.mlir:16:5: rows, 128 a tile; SBUF 224 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 1.864 us, bound by DVE (DVE 1.864 us, DMA 703.002 ns)
// kernel @k0 kind Elementwise {
//   hbm %in0 : f32[4800] input
//   hbm %in1 : f32[2400] input
//   hbm %in2 : f32[2400] input
//   hbm %out0 : f32[4800] output
//   sbuf %t4 : f32[128, 8] at 0
//   sbuf %t5 : f32[128, 8] at 32
//   sbuf %t6 : f32[128, 8] at 64
//   sbuf %t7 : f32[128, 8] at 96
//   sbuf %t8 : f32[128, 8] at 128
//   sbuf %t9 : f32[128, 8] at 160
//   sbuf %t10 : f32[128, 8] at 192
//   sbuf %t11 : f32[128, 8] at 128
//   sbuf %t12 : f32[128, 8] at 0
//   sbuf %t13 : f32[128, 8] at 32
//   sbuf %t14 : f32[128, 8] at 0
//   sbuf %t15 : f32[128, 8] at 32
//   sbuf %t16 : f32[128, 8] at 64
//   sbuf %t17 : f32[128, 8] at 96
//   sbuf %t18 : f32[128, 8] at 128
//   sbuf %t19 : f32[128, 8] at 160
//   sbuf %t20 : f32[128, 8] at 192
//   sbuf %t21 : f32[128, 8] at 128
//   sbuf %t22 : f32[128, 8] at 0
//   sbuf %t23 : f32[128, 8] at 32
//   for %r0 in 0..2 {
//     dma_copy(dst=%t4, src=%in1.ap([[8, 128], [1, 8]], offset=1024*%r0), engine=DMA)
//     dma_copy(dst=%t5, src=%in2.ap([[8, 128], [1, 8]], offset=1024*%r0), engine=DMA)
//     dma_copy(dst=%t6, src=%in0.ap([[16, 128], [1, 8]], offset=2048*%r0), engine=DMA)
//     dma_copy(dst=%t7, src=%in0.ap([[16, 128], [1, 8]], offset=2048*%r0 + 8), engine=DMA)
//     tensor_tensor(dst=%t8, data1=%t6, data2=%t4, op=multiply, engine=DVE)
//     tensor_tensor(dst=%t9, data1=%t7, data2=%t5, op=multiply, engine=DVE)
//     tensor_tensor(dst=%t10, data1=%t8, data2=%t9, op=subtract, engine=DVE)
//     tensor_tensor(dst=%t11, data1=%t7, data2=%t4, op=multiply, engine=DVE)
//     tensor_tensor(dst=%t12, data1=%t6, data2=%t5, op=multiply, engine=DVE)
//     tensor_tensor(dst=%t13, data1=%t11, data2=%t12, op=add, engine=DVE)
//     dma_copy(dst=%out0.ap([[16, 128], [1, 8]], offset=2048*%r0), src=%t10, engine=DMA)
//     dma_copy(dst=%out0.ap([[16, 128], [1, 8]], offset=2048*%r0 + 8), src=%t13, engine=DMA)
//   }
//   dma_copy(dst=%t14.ap([[8, 44], [1, 8]]), src=%in1.ap([[8, 44], [1, 8]], offset=2048), engine=DMA)
//   dma_copy(dst=%t15.ap([[8, 44], [1, 8]]), src=%in2.ap([[8, 44], [1, 8]], offset=2048), engine=DMA)
//   dma_copy(dst=%t16.ap([[8, 44], [1, 8]]), src=%in0.ap([[16, 44], [1, 8]], offset=4096), engine=DMA)
//   dma_copy(dst=%t17.ap([[8, 44], [1, 8]]), src=%in0.ap([[16, 44], [1, 8]], offset=4104), engine=DMA)
//   tensor_tensor(dst=%t18.ap([[8, 44], [1, 8]]), data1=%t16.ap([[8, 44], [1, 8]]), data2=%t14.ap([[8, 44], [1, 8]]), op=multiply, engine=DVE)
//   tensor_tensor(dst=%t19.ap([[8, 44], [1, 8]]), data1=%t17.ap([[8, 44], [1, 8]]), data2=%t15.ap([[8, 44], [1, 8]]), op=multiply, engine=DVE)
//   tensor_tensor(dst=%t20.ap([[8, 44], [1, 8]]), data1=%t18.ap([[8, 44], [1, 8]]), data2=%t19.ap([[8, 44], [1, 8]]), op=subtract, engine=DVE)
//   tensor_tensor(dst=%t21.ap([[8, 44], [1, 8]]), data1=%t17.ap([[8, 44], [1, 8]]), data2=%t14.ap([[8, 44], [1, 8]]), op=multiply, engine=DVE)
//   tensor_tensor(dst=%t22.ap([[8, 44], [1, 8]]), data1=%t16.ap([[8, 44], [1, 8]]), data2=%t15.ap([[8, 44], [1, 8]]), op=multiply, engine=DVE)
//   tensor_tensor(dst=%t23.ap([[8, 44], [1, 8]]), data1=%t21.ap([[8, 44], [1, 8]]), data2=%t22.ap([[8, 44], [1, 8]]), op=add, engine=DVE)
//   dma_copy(dst=%out0.ap([[16, 44], [1, 8]], offset=4096), src=%t20.ap([[8, 44], [1, 8]]), engine=DMA)
//   dma_copy(dst=%out0.ap([[16, 44], [1, 8]], offset=4104), src=%t23.ap([[8, 44], [1, 8]]), engine=DMA)
// }
//
// // device program of @main at tests/filetests/lower/concat_stores_each_piece.mlir:5:1: 1 call; HBM 57600 bytes
// device @main {
//   hbm %arg0 : f32[300, 16] input 0 at 0
//   hbm %arg1 : f32[300, 8] input 1 at 19200
//   hbm %arg2 : f32[300, 8] input 2 at 28800
//   hbm %t0 : f32[300, 16] at 38400
//   call @k0(%arg0, %arg1, %arg2) -> (%t0)
//   return %t0
// }
// ----- stderr
// lowered 1 kernel (Elementwise x1), estimate 1.864 us; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (6 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
