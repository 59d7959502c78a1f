// A divide by a value per row in i32 stays a divide (its reciprocal is 0).
// RUN: egfuse lower %s --check
func.func @main(%x: tensor<128x512xi32>, %s: tensor<128xi32>) -> tensor<128x512xi32> {
  %b = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<128xi32>) -> tensor<128x512xi32>
  %q = stablehlo.divide %x, %b : tensor<128x512xi32>
  return %q : tensor<128x512xi32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check
// // Elementwise at tests/filetests/lower/fold_reciprocal_i32.mlir:5:3: rows, 128 a tile; SBUF 4100 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 1.373 us, bound by DMA (DVE 1.003 us, DMA 1.373 us)
// kernel @k0 kind Elementwise {
//   hbm %in0 : i32[65536] input
//   hbm %in1 : i32[128] input
//   hbm %out0 : i32[65536] output
//   sbuf %t3 : i32[128, 512] at 0
//   sbuf %t4 : i32[128, 1] at 2048
//   sbuf %t5 : i32[128, 512] at 2052
//   dma_copy(dst=%t3, src=%in0.ap([[512, 128], [1, 512]]), engine=DMA)
//   dma_copy(dst=%t4.ap([[1, 128], [0, 1]]), src=%in1.ap([[1, 128], [1, 1]]), engine=DMA)
//   tensor_tensor(dst=%t5, data1=%t3, data2=%t4.ap([[1, 128], [0, 512]]), op=divide, engine=DVE)
//   dma_copy(dst=%out0.ap([[512, 128], [1, 512]]), src=%t5, engine=DMA)
// }
//
// // device program of @main at tests/filetests/lower/fold_reciprocal_i32.mlir:3:1: 1 call; HBM 524800 bytes
// device @main {
//   hbm %arg0 : i32[128, 512] input 0 at 0
//   hbm %arg1 : i32[128] input 1 at 262144
//   hbm %t0 : i32[128, 512] at 262656
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
