// A divide by a value per row over rows of 512 in f32 is a reciprocal and a multiply.
// RUN: egfuse lower %s --check
func.func @main(%x: tensor<128x512xf32>, %s: tensor<128xf32>) -> tensor<128x512xf32> {
  %b = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<128xf32>) -> tensor<128x512xf32>
  %q = stablehlo.divide %x, %b : tensor<128x512xf32>
  return %q : tensor<128x512xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check
// // Elementwise at tests/filetests/lower/fold_reciprocal_f32.mlir:5:3: rows, 128 a tile; SBUF 4104 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 1.373 us, bound by DMA (DVE 642.858 ns, DMA 1.373 us)
// kernel @k0 kind Elementwise {
//   hbm %in0 : f32[65536] input
//   hbm %in1 : f32[128] input
//   hbm %out0 : f32[65536] output
//   sbuf %t3 : f32[128, 512] at 0
//   sbuf %t4 : f32[128, 1] at 2048
//   sbuf %t5 : f32[128, 512] at 2056
//   sbuf %t6_rcp : f32[128, 1] at 2052
//   dma_copy(dst=%t3, src=%in0.ap([[512, 128], [1, 512]]), engine=DMA)
//   dma_copy(dst=%t4.ap([[1, 128], [0, 1]]), src=%in1.ap([[1, 128], [1, 1]]), engine=DMA)
//   reciprocal(dst=%t6_rcp, data=%t4, engine=DVE)
//   tensor_scalar(dst=%t5, data=%t3, op0=multiply, operand0=%t6_rcp, engine=DVE)
//   dma_copy(dst=%out0.ap([[512, 128], [1, 512]]), src=%t5, engine=DMA)
// }
//
// // device program of @main at tests/filetests/lower/fold_reciprocal_f32.mlir:3:1: 1 call; HBM 524800 bytes
// device @main {
//   hbm %arg0 : f32[128, 512] input 0 at 0
//   hbm %arg1 : f32[128] input 1 at 262144
//   hbm %t0 : f32[128, 512] at 262656
//   call @k0(%arg0, %arg1) -> (%t0)
//   return %t0
// }
// ----- stderr
// lowered 1 kernel (Elementwise x1), estimate 1.373 us; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (2 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
