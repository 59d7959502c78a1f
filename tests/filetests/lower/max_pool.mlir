// A Flax ResNet's max pooling (a 3 x 3 window in steps of 2, `-inf` padding) is spelled by
// `window-forms` as a pad and the maximum of nine strided slices: one DMA kernel for the pad,
// and one elementwise kernel whose nine loads read the slices' strided views of it.
// RUN: egfuse lower %s --check
func.func @main(%x: tensor<1x16x16x16xf32>) -> tensor<1x8x8x16xf32> {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%x, %ninf) <{padding = dense<[[0, 0], [1, 1], [1, 1], [0, 0]]> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 3, 3, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %1 = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) : (tensor<1x16x16x16xf32>, tensor<f32>) -> tensor<1x8x8x16xf32>
  return %0 : tensor<1x8x8x16xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check
// // stablehlo.pad at tests/filetests/lower/max_pool.mlir:7:3: dma; SBUF 0 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 153.037 ns, bound by DMA (DMA 153.037 ns)
// kernel @k0 kind stablehlo.pad {
//   hbm %in0 : f32[4096] input
//   hbm %in1 : f32[1] input
//   hbm %out0 : f32[5184] output
//   dma_copy(dst=%out0, src=%in1.ap([[0, 5184]]), engine=DMA)
//   dma_copy(dst=%out0.ap([[288, 16], [1, 256]], offset=304), src=%in0.ap([[256, 16], [1, 256]]), engine=DMA)
// }
//
// // Elementwise at tests/filetests/lower/max_pool.mlir:7:3: rows, 128 a tile; SBUF 640 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 942.864 ns, bound by DVE (DVE 942.864 ns, DMA 412.410 ns)
// kernel @k1 kind Elementwise {
//   hbm %in0 : f32[5184] input
//   hbm %out0 : f32[1024] output
//   sbuf %t2 : f32[128, 16] at 0
//   sbuf %t3 : f32[128, 16] at 64
//   sbuf %t4 : f32[128, 16] at 128
//   sbuf %t5 : f32[128, 16] at 192
//   sbuf %t6 : f32[128, 16] at 256
//   sbuf %t7 : f32[128, 16] at 320
//   sbuf %t8 : f32[128, 16] at 384
//   sbuf %t9 : f32[128, 16] at 448
//   sbuf %t10 : f32[128, 16] at 512
//   sbuf %t11 : f32[128, 16] at 576
//   sbuf %t12 : f32[128, 16] at 0
//   sbuf %t13 : f32[128, 16] at 64
//   sbuf %t14 : f32[128, 16] at 0
//   sbuf %t15 : f32[128, 16] at 64
//   sbuf %t16 : f32[128, 16] at 0
//   sbuf %t17 : f32[128, 16] at 64
//   sbuf %t18 : f32[128, 16] at 0
//   dma_copy(dst=%t2.ap([[16, 64], [1, 16]]), src=%in0.ap([[576, 8], [32, 8], [1, 16]]), engine=DMA)
//   dma_copy(dst=%t3.ap([[16, 64], [1, 16]]), src=%in0.ap([[576, 8], [32, 8], [1, 16]], offset=16), engine=DMA)
//   dma_copy(dst=%t4.ap([[16, 64], [1, 16]]), src=%in0.ap([[576, 8], [32, 8], [1, 16]], offset=32), engine=DMA)
//   dma_copy(dst=%t5.ap([[16, 64], [1, 16]]), src=%in0.ap([[576, 8], [32, 8], [1, 16]], offset=288), engine=DMA)
//   dma_copy(dst=%t6.ap([[16, 64], [1, 16]]), src=%in0.ap([[576, 8], [32, 8], [1, 16]], offset=304), engine=DMA)
//   dma_copy(dst=%t7.ap([[16, 64], [1, 16]]), src=%in0.ap([[576, 8], [32, 8], [1, 16]], offset=320), engine=DMA)
//   dma_copy(dst=%t8.ap([[16, 64], [1, 16]]), src=%in0.ap([[576, 8], [32, 8], [1, 16]], offset=576), engine=DMA)
//   dma_copy(dst=%t9.ap([[16, 64], [1, 16]]), src=%in0.ap([[576, 8], [32, 8], [1, 16]], offset=592), engine=DMA)
//   dma_copy(dst=%t10.ap([[16, 64], [1, 16]]), src=%in0.ap([[576, 8], [32, 8], [1, 16]], offset=608), engine=DMA)
//   tensor_tensor(dst=%t11.ap([[16, 64], [1, 16]]), data1=%t2.ap([[16, 64], [1, 16]]), data2=%t3.ap([[16, 64], [1, 16]]), op=maximum, engine=DVE)
//   tensor_tensor(dst=%t12.ap([[16, 64], [1, 16]]), data1=%t11.ap([[16, 64], [1, 16]]), data2=%t4.ap([[16, 64], [1, 16]]), op=maximum, engine=DVE)
//   tensor_tensor(dst=%t13.ap([[16, 64], [1, 16]]), data1=%t12.ap([[16, 64], [1, 16]]), data2=%t5.ap([[16, 64], [1, 16]]), op=maximum, engine=DVE)
//   tensor_tensor(dst=%t14.ap([[16, 64], [1, 16]]), data1=%t13.ap([[16, 64], [1, 16]]), data2=%t6.ap([[16, 64], [1, 16]]), op=maximum, engine=DVE)
//   tensor_tensor(dst=%t15.ap([[16, 64], [1, 16]]), data1=%t14.ap([[16, 64], [1, 16]]), data2=%t7.ap([[16, 64], [1, 16]]), op=maximum, engine=DVE)
//   tensor_tensor(dst=%t16.ap([[16, 64], [1, 16]]), data1=%t15.ap([[16, 64], [1, 16]]), data2=%t8.ap([[16, 64], [1, 16]]), op=maximum, engine=DVE)
//   tensor_tensor(dst=%t17.ap([[16, 64], [1, 16]]), data1=%t16.ap([[16, 64], [1, 16]]), data2=%t9.ap([[16, 64], [1, 16]]), op=maximum, engine=DVE)
//   tensor_tensor(dst=%t18.ap([[16, 64], [1, 16]]), data1=%t17.ap([[16, 64], [1, 16]]), data2=%t10.ap([[16, 64], [1, 16]]), op=maximum, engine=DVE)
//   dma_copy(dst=%out0.ap([[16, 64], [1, 16]]), src=%t18.ap([[16, 64], [1, 16]]), engine=DMA)
// }
//
// // device program of @main at tests/filetests/lower/max_pool.mlir:5:1: 2 calls; HBM 41280 bytes
// device @main {
//   hbm %arg0 : f32[1, 16, 16, 16] input 0 at 0
//   hbm %c0 : f32[] const at 16384
//   hbm %t0 : f32[1, 18, 18, 16] at 16448
//   hbm %t1 : f32[1, 8, 8, 16] at 37184
//   call @k0(%arg0, %c0) -> (%t0)
//   call @k1(%t0) -> (%t1)
//   return %t1
// }
// ----- stderr
// lowered 2 kernels (Elementwise x1, stablehlo.pad x1), estimate 1.095 us; device program: 2 calls
// check: 2 of 2 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 2 of 2 kernels are deadlock-free and race-free (3 semaphores)
// check: 2 of 2 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
