// Fusion never builds a kernel that broadcasts one input two ways: the program of
// `broadcast_two_ways_fused.mlir`, unfused, is fused leaving one broadcast out, into two
// kernels that both check.
// RUN: egfuse lower %s --check
func.func @main(%x: tensor<8xf32>) -> tensor<8x8xi1> {
  %c = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<8xf32>) -> tensor<8x8xf32>
  %r = stablehlo.broadcast_in_dim %x, dims = [0] : (tensor<8xf32>) -> tensor<8x8xf32>
  %le = stablehlo.compare LE, %c, %r : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xi1>
  return %le : tensor<8x8xi1>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check
// // stablehlo.broadcast_in_dim at tests/filetests/lower/broadcast_two_ways_unfused.mlir:7:3: dma; SBUF 0 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 31.875 ns, bound by DMA (DMA 31.875 ns)
// kernel @k0 kind stablehlo.broadcast_in_dim {
//   hbm %in0 : f32[8] input
//   hbm %out0 : f32[64] output
//   dma_copy(dst=%out0.ap([[8, 8], [1, 8]]), src=%in0.ap([[1, 8], [0, 8]]), engine=DMA)
// }
//
// // Elementwise at tests/filetests/lower/broadcast_two_ways_unfused.mlir:8:3: rows, 128 a tile; SBUF 72 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 104.523 ns, bound by DMA (DVE 103.572 ns, DMA 104.523 ns)
// kernel @k1 kind Elementwise {
//   hbm %in0 : f32[64] input
//   hbm %in1 : f32[8] input
//   hbm %out0 : ui8[64] output
//   sbuf %t3 : f32[128, 8] at 0
//   sbuf %t4 : f32[128, 8] at 32
//   sbuf %t5 : ui8[128, 8] at 64
//   dma_copy(dst=%t3, src=%in1.ap([[0, 128], [1, 8]]), engine=DMA)
//   dma_copy(dst=%t4.ap([[8, 8], [1, 8]]), src=%in0.ap([[8, 8], [1, 8]]), engine=DMA)
//   tensor_tensor(dst=%t5.ap([[8, 8], [1, 8]]), data1=%t3.ap([[8, 8], [1, 8]]), data2=%t4.ap([[8, 8], [1, 8]]), op=less_equal, engine=DVE)
//   dma_copy(dst=%out0.ap([[8, 8], [1, 8]]), src=%t5.ap([[8, 8], [1, 8]]), engine=DMA)
// }
//
// // device program of @main at tests/filetests/lower/broadcast_two_ways_unfused.mlir:5:1: 2 calls; HBM 384 bytes
// device @main {
//   hbm %arg0 : f32[8] input 0 at 0
//   hbm %t0 : f32[8, 8] at 64
//   hbm %t1 : ui8[8, 8] at 320
//   call @k0(%arg0) -> (%t0)
//   call @k1(%t0, %arg0) -> (%t1)
//   return %t1
// }
// ----- stderr
// lowered 2 kernels (Elementwise x1, stablehlo.broadcast_in_dim x1), estimate 136.398 ns; device program: 2 calls
// check: 2 of 2 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 2 of 2 kernels are deadlock-free and race-free (2 semaphores)
// check: 2 of 2 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
