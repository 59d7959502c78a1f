// PyTorch's rotary embedding: `x * cos + rotate_half(x) * sin`, where `rotate_half`
// concatenates `-x[:, 8:]` and `x[:, :8]`. Split, the kernel computes each half of the result
// apart: per half two loads of `x`, one of `cos` and one of `sin`, a negate on one half, four
// multiplies and two adds, and a store to each half; no op runs on the whole width.
// RUN: egfuse lower %s --check
func.func @main(%x: tensor<300x16xf32>, %c: tensor<300x16xf32>, %s: tensor<300x16xf32>) -> tensor<300x16xf32> {
  %0 = "mhlo.fusion"(%x, %c, %s) ({
  ^bb0(%x: tensor<300x16xf32>, %c: tensor<300x16xf32>, %s: tensor<300x16xf32>):
    %a = stablehlo.slice %x [0:300, 0:8] : (tensor<300x16xf32>) -> tensor<300x8xf32>
    %b = stablehlo.slice %x [0:300, 8:16] : (tensor<300x16xf32>) -> tensor<300x8xf32>
    %n = stablehlo.negate %b : tensor<300x8xf32>
    %rot = stablehlo.concatenate %n, %a, dim = 1 : (tensor<300x8xf32>, tensor<300x8xf32>) -> tensor<300x16xf32>
    %xc = stablehlo.multiply %x, %c : tensor<300x16xf32>
    %rs = stablehlo.multiply %rot, %s : tensor<300x16xf32>
    %r = stablehlo.add %xc, %rs : tensor<300x16xf32>
    mhlo.return %r : tensor<300x16xf32>
  }) {FusionKind = "Elementwise"} : (tensor<300x16xf32>, tensor<300x16xf32>, tensor<300x16xf32>) -> tensor<300x16xf32>
  return %0 : tensor<300x16xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check
// // Elementwise at tests/filetests/lower/concat_split_into_pieces.mlir:15:5: rows, 128 a tile; SBUF 288 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 1.864 us, bound by DVE (ACT 231.429 ns, DVE 1.864 us, DMA 1.171 us)
// kernel @k0 kind Elementwise {
//   hbm %in0 : f32[4800] input
//   hbm %in1 : f32[4800] input
//   hbm %in2 : f32[4800] input
//   hbm %out0 : f32[4800] output
//   sbuf %t4 : f32[128, 8] at 0
//   sbuf %t5 : f32[128, 8] at 32
//   sbuf %t6 : f32[128, 8] at 64
//   sbuf %t7 : f32[128, 8] at 96
//   sbuf %t8 : f32[128, 8] at 128
//   sbuf %t9 : f32[128, 8] at 160
//   sbuf %t10 : f32[128, 8] at 192
//   sbuf %t11 : f32[128, 8] at 224
//   sbuf %t12 : f32[128, 8] at 256
//   sbuf %t13 : f32[128, 8] at 32
//   sbuf %t14 : f32[128, 8] at 128
//   sbuf %t15 : f32[128, 8] at 160
//   sbuf %t16 : f32[128, 8] at 64
//   sbuf %t17 : f32[128, 8] at 0
//   sbuf %t18 : f32[128, 8] at 32
//   sbuf %t19 : f32[128, 8] at 0
//   sbuf %t20 : f32[128, 8] at 32
//   sbuf %t21 : f32[128, 8] at 64
//   sbuf %t22 : f32[128, 8] at 96
//   sbuf %t23 : f32[128, 8] at 128
//   sbuf %t24 : f32[128, 8] at 160
//   sbuf %t25 : f32[128, 8] at 192
//   sbuf %t26 : f32[128, 8] at 224
//   sbuf %t27 : f32[128, 8] at 256
//   sbuf %t28 : f32[128, 8] at 32
//   sbuf %t29 : f32[128, 8] at 128
//   sbuf %t30 : f32[128, 8] at 160
//   sbuf %t31 : f32[128, 8] at 64
//   sbuf %t32 : f32[128, 8] at 0
//   sbuf %t33 : f32[128, 8] at 32
//   for %r0 in 0..2 {
//     dma_copy(dst=%t4, src=%in0.ap([[16, 128], [1, 8]], offset=2048*%r0), engine=DMA)
//     dma_copy(dst=%t5, src=%in0.ap([[16, 128], [1, 8]], offset=2048*%r0 + 8), engine=DMA)
//     dma_copy(dst=%t6, src=%in2.ap([[16, 128], [1, 8]], offset=2048*%r0), engine=DMA)
//     dma_copy(dst=%t7, src=%in2.ap([[16, 128], [1, 8]], offset=2048*%r0 + 8), engine=DMA)
//     dma_copy(dst=%t8, src=%in0.ap([[16, 128], [1, 8]], offset=2048*%r0), engine=DMA)
//     dma_copy(dst=%t9, src=%in1.ap([[16, 128], [1, 8]], offset=2048*%r0), engine=DMA)
//     dma_copy(dst=%t10, src=%in0.ap([[16, 128], [1, 8]], offset=2048*%r0 + 8), engine=DMA)
//     dma_copy(dst=%t11, src=%in1.ap([[16, 128], [1, 8]], offset=2048*%r0 + 8), engine=DMA)
//     activation(dst=%t12, op=copy, data=%t5, scale=-1.0, engine=ACT)
//     tensor_tensor(dst=%t13, data1=%t8, data2=%t9, op=multiply, engine=DVE)
//     tensor_tensor(dst=%t14, data1=%t10, data2=%t11, op=multiply, engine=DVE)
//     tensor_tensor(dst=%t15, data1=%t12, data2=%t6, op=multiply, engine=DVE)
//     tensor_tensor(dst=%t16, data1=%t4, data2=%t7, op=multiply, engine=DVE)
//     tensor_tensor(dst=%t17, data1=%t13, data2=%t15, op=add, engine=DVE)
//     tensor_tensor(dst=%t18, data1=%t14, data2=%t16, op=add, engine=DVE)
//     dma_copy(dst=%out0.ap([[16, 128], [1, 8]], offset=2048*%r0), src=%t17, engine=DMA)
//     dma_copy(dst=%out0.ap([[16, 128], [1, 8]], offset=2048*%r0 + 8), src=%t18, engine=DMA)
//   }
//   dma_copy(dst=%t19.ap([[8, 44], [1, 8]]), src=%in0.ap([[16, 44], [1, 8]], offset=4096), engine=DMA)
//   dma_copy(dst=%t20.ap([[8, 44], [1, 8]]), src=%in0.ap([[16, 44], [1, 8]], offset=4104), engine=DMA)
//   dma_copy(dst=%t21.ap([[8, 44], [1, 8]]), src=%in2.ap([[16, 44], [1, 8]], offset=4096), engine=DMA)
//   dma_copy(dst=%t22.ap([[8, 44], [1, 8]]), src=%in2.ap([[16, 44], [1, 8]], offset=4104), engine=DMA)
//   dma_copy(dst=%t23.ap([[8, 44], [1, 8]]), src=%in0.ap([[16, 44], [1, 8]], offset=4096), engine=DMA)
//   dma_copy(dst=%t24.ap([[8, 44], [1, 8]]), src=%in1.ap([[16, 44], [1, 8]], offset=4096), engine=DMA)
//   dma_copy(dst=%t25.ap([[8, 44], [1, 8]]), src=%in0.ap([[16, 44], [1, 8]], offset=4104), engine=DMA)
//   dma_copy(dst=%t26.ap([[8, 44], [1, 8]]), src=%in1.ap([[16, 44], [1, 8]], offset=4104), engine=DMA)
//   activation(dst=%t27.ap([[8, 44], [1, 8]]), op=copy, data=%t20.ap([[8, 44], [1, 8]]), scale=-1.0, engine=ACT)
//   tensor_tensor(dst=%t28.ap([[8, 44], [1, 8]]), data1=%t23.ap([[8, 44], [1, 8]]), data2=%t24.ap([[8, 44], [1, 8]]), op=multiply, engine=DVE)
//   tensor_tensor(dst=%t29.ap([[8, 44], [1, 8]]), data1=%t25.ap([[8, 44], [1, 8]]), data2=%t26.ap([[8, 44], [1, 8]]), op=multiply, engine=DVE)
//   tensor_tensor(dst=%t30.ap([[8, 44], [1, 8]]), data1=%t27.ap([[8, 44], [1, 8]]), data2=%t21.ap([[8, 44], [1, 8]]), op=multiply, engine=DVE)
//   tensor_tensor(dst=%t31.ap([[8, 44], [1, 8]]), data1=%t19.ap([[8, 44], [1, 8]]), data2=%t22.ap([[8, 44], [1, 8]]), op=multiply, engine=DVE)
//   tensor_tensor(dst=%t32.ap([[8, 44], [1, 8]]), data1=%t28.ap([[8, 44], [1, 8]]), data2=%t30.ap([[8, 44], [1, 8]]), op=add, engine=DVE)
//   tensor_tensor(dst=%t33.ap([[8, 44], [1, 8]]), data1=%t29.ap([[8, 44], [1, 8]]), data2=%t31.ap([[8, 44], [1, 8]]), op=add, engine=DVE)
//   dma_copy(dst=%out0.ap([[16, 44], [1, 8]], offset=4096), src=%t32.ap([[8, 44], [1, 8]]), engine=DMA)
//   dma_copy(dst=%out0.ap([[16, 44], [1, 8]], offset=4104), src=%t33.ap([[8, 44], [1, 8]]), engine=DMA)
// }
//
// // device program of @main at tests/filetests/lower/concat_split_into_pieces.mlir:6:1: 1 call; HBM 76800 bytes
// device @main {
//   hbm %arg0 : f32[300, 16] input 0 at 0
//   hbm %arg1 : f32[300, 16] input 1 at 19200
//   hbm %arg2 : f32[300, 16] input 2 at 38400
//   hbm %t0 : f32[300, 16] at 57600
//   call @k0(%arg0, %arg1, %arg2) -> (%t0)
//   return %t0
// }
// ----- stderr
// lowered 1 kernel (Elementwise x1), estimate 1.864 us; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (10 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
