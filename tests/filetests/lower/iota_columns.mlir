// Rotary frequencies as JAX computes them: positions (an input) times `10000^(-2i/16)` over an
// iota `i` along the columns. The iota is one GpSimd instruction before the loop (it is the
// same for every row), and the frequencies are computed there too.
// RUN: egfuse lower %s --check
func.func @main(%p: tensor<300xf32>) -> tensor<300x8xf32> {
  %0 = "mhlo.fusion"(%p) ({
  ^bb0(%x: tensor<300xf32>):
    %i = stablehlo.iota dim = 0 : tensor<8xf32>
    %c = stablehlo.constant dense<-0.125> : tensor<8xf32>
    %e = stablehlo.multiply %i, %c : tensor<8xf32>
    %b = stablehlo.constant dense<10000.0> : tensor<8xf32>
    %f = stablehlo.power %b, %e : tensor<8xf32>
    %fb = stablehlo.broadcast_in_dim %f, dims = [1] : (tensor<8xf32>) -> tensor<300x8xf32>
    %xb = stablehlo.broadcast_in_dim %x, dims = [0] : (tensor<300xf32>) -> tensor<300x8xf32>
    %r = stablehlo.multiply %xb, %fb : tensor<300x8xf32>
    mhlo.return %r : tensor<300x8xf32>
  }) {FusionKind = "Elementwise"} : (tensor<300xf32>) -> tensor<300x8xf32>
  return %0 : tensor<300x8xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check
// // Elementwise at tests/filetests/lower/iota_columns.mlir:15:5: rows, 128 a tile; SBUF 68 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 600.896 ns, bound by DVE (DVE 600.896 ns, GpSimd 77.143 ns, DMA 213.845 ns)
// kernel @k0 kind Elementwise {
//   hbm %in0 : f32[300] input
//   hbm %out0 : f32[2400] output
//   sbuf %t2 : f32[128, 8] at 4
//   sbuf %t3 : f32[128, 8] at 36
//   sbuf %t4 : f32[128, 8] at 4
//   sbuf %c0 : f32[128, 1] at 0
//   sbuf %t6 : f32[128, 1] at 0
//   sbuf %t7 : f32[128, 8] at 36
//   sbuf %t8 : f32[128, 1] at 0
//   sbuf %t9 : f32[128, 8] at 36
//   memset(dst=%c0, value=10000.0, engine=DVE)
//   iota(dst=%t2, offset=0.0, channel_multiplier=0.0, engine=GpSimd)
//   tensor_scalar(dst=%t3, data=%t2, op0=multiply, operand0=-0.125, engine=DVE)
//   tensor_tensor(dst=%t4, data1=%c0.ap([[1, 128], [0, 8]]), data2=%t3, op=power, engine=DVE)
//   for %r0 in 0..2 {
//     dma_copy(dst=%t6.ap([[1, 128], [0, 1]]), src=%in0.ap([[1, 128], [1, 1]], offset=128*%r0), engine=DMA)
//     tensor_tensor(dst=%t7, data1=%t6.ap([[1, 128], [0, 8]]), data2=%t4, op=multiply, engine=DVE)
//     dma_copy(dst=%out0.ap([[8, 128], [1, 8]], offset=1024*%r0), src=%t7, engine=DMA)
//   }
//   dma_copy(dst=%t8.ap([[1, 44], [0, 1]]), src=%in0.ap([[1, 44], [1, 1]], offset=256), engine=DMA)
//   tensor_tensor(dst=%t9.ap([[8, 44], [1, 8]]), data1=%t8.ap([[1, 44], [0, 8]]), data2=%t4.ap([[8, 44], [1, 8]]), op=multiply, engine=DVE)
//   dma_copy(dst=%out0.ap([[8, 44], [1, 8]], offset=2048), src=%t9.ap([[8, 44], [1, 8]]), engine=DMA)
// }
//
// // device program of @main at tests/filetests/lower/iota_columns.mlir:5:1: 1 call; HBM 10816 bytes
// device @main {
//   hbm %arg0 : f32[300] input 0 at 0
//   hbm %t0 : f32[300, 8] at 1216
//   call @k0(%arg0) -> (%t0)
//   return %t0
// }
// ----- stderr
// lowered 1 kernel (Elementwise x1), estimate 600.896 ns; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (5 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
