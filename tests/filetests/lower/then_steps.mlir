// A select rule's `then` steps rewrite its destination in place: `erfc` is ACT's erf with scale
// -1 and then 1 added on DVE, `expm1` is exp and then 1 subtracted, and both kernels agree with
// the ops they lower under `--check`.
// RUN: egfuse lower %s --check
func.func @main(%x: tensor<4x256xf32>) -> (tensor<4x256xf32>, tensor<4x256xf32>) {
  %0 = chlo.erfc %x : tensor<4x256xf32> -> tensor<4x256xf32>
  %1 = stablehlo.exponential_minus_one %x : tensor<4x256xf32>
  return %0, %1 : tensor<4x256xf32>, tensor<4x256xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check
// // chlo.erfc at tests/filetests/lower/then_steps.mlir:6:3: rows, 128 a tile; SBUF 2048 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 317.858 ns, bound by DVE (ACT 254.286 ns, DVE 317.858 ns, DMA 82.482 ns)
// kernel @k0 kind chlo.erfc {
//   hbm %in0 : f32[1024] input
//   hbm %out0 : f32[1024] output
//   sbuf %t2 : f32[128, 256] at 0
//   sbuf %t3 : f32[128, 256] at 1024
//   dma_copy(dst=%t2.ap([[256, 4], [1, 256]]), src=%in0.ap([[256, 4], [1, 256]]), engine=DMA)
//   activation(dst=%t3.ap([[256, 4], [1, 256]]), op=erf, data=%t2.ap([[256, 4], [1, 256]]), scale=-1.0, engine=ACT)
//   tensor_scalar(dst=%t3.ap([[256, 4], [1, 256]]), data=%t3.ap([[256, 4], [1, 256]]), op0=add, operand0=1.0, engine=DVE)
//   dma_copy(dst=%out0.ap([[256, 4], [1, 256]]), src=%t3.ap([[256, 4], [1, 256]]), engine=DMA)
// }
//
// // Expm1 at tests/filetests/lower/then_steps.mlir:7:3: rows, 128 a tile; SBUF 2048 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 317.858 ns, bound by DVE (ACT 254.286 ns, DVE 317.858 ns, DMA 82.482 ns)
// kernel @k1 kind Expm1 {
//   hbm %in0 : f32[1024] input
//   hbm %out0 : f32[1024] output
//   sbuf %t2 : f32[128, 256] at 0
//   sbuf %t3 : f32[128, 256] at 1024
//   dma_copy(dst=%t2.ap([[256, 4], [1, 256]]), src=%in0.ap([[256, 4], [1, 256]]), engine=DMA)
//   activation(dst=%t3.ap([[256, 4], [1, 256]]), op=exp, data=%t2.ap([[256, 4], [1, 256]]), engine=ACT)
//   tensor_scalar(dst=%t3.ap([[256, 4], [1, 256]]), data=%t3.ap([[256, 4], [1, 256]]), op0=subtract, operand0=1.0, engine=DVE)
//   dma_copy(dst=%out0.ap([[256, 4], [1, 256]]), src=%t3.ap([[256, 4], [1, 256]]), engine=DMA)
// }
//
// // device program of @main at tests/filetests/lower/then_steps.mlir:5:1: 2 calls; HBM 12288 bytes
// device @main {
//   hbm %arg0 : f32[4, 256] input 0 at 0
//   hbm %t0 : f32[4, 256] at 4096
//   hbm %t1 : f32[4, 256] at 8192
//   call @k0(%arg0) -> (%t0)
//   call @k1(%arg0) -> (%t1)
//   return %t0, %t1
// }
// ----- stderr
// lowered 2 kernels (Expm1 x1, chlo.erfc x1), estimate 635.716 ns; device program: 2 calls
// check: 2 of 2 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 2 results
// check: the streams of 2 of 2 kernels are deadlock-free and race-free (8 semaphores)
// check: 2 of 2 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
