// One input broadcast along the columns and along the rows of one kernel: a tile of it cannot
// serve both (once, reading one layout for both computed wrong values). The space has no place
// for the input, so both broadcasts are loaded instead, each by its own zero-stride pattern
// (`edge::Reads::Broadcasts`), and `--check` agrees.
// RUN: egfuse lower %s --check
func.func @main(%arg: tensor<8xf32>) -> tensor<8x8xi1> {
  %0 = "mhlo.fusion"(%arg) ({
  ^bb0(%x: tensor<8xf32>):
  %c = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<8xf32>) -> tensor<8x8xf32>
  %r = stablehlo.broadcast_in_dim %x, dims = [0] : (tensor<8xf32>) -> tensor<8x8xf32>
  %le = stablehlo.compare LE, %c, %r : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xi1>
    mhlo.return %le : tensor<8x8xi1>
  }) {FusionKind = "Elementwise"} : (tensor<8xf32>) -> tensor<8x8xi1>
  return %0 : tensor<8x8xi1>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check
// // Elementwise at tests/filetests/lower/broadcast_two_ways_fused.mlir:11:3: rows, 128 a tile; SBUF 72 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 103.572 ns, bound by DVE (DVE 103.572 ns, DMA 95.157 ns)
// kernel @k0 kind Elementwise {
//   hbm %in0 : f32[8] input
//   hbm %out0 : ui8[64] output
//   sbuf %t2 : f32[128, 8] at 0
//   sbuf %t3 : f32[128, 8] at 32
//   sbuf %t4 : ui8[128, 8] at 64
//   dma_copy(dst=%t2.ap([[8, 8], [1, 8]]), src=%in0.ap([[0, 8], [1, 8]]), engine=DMA)
//   dma_copy(dst=%t3.ap([[8, 8], [1, 8]]), src=%in0.ap([[1, 8], [0, 8]]), engine=DMA)
//   tensor_tensor(dst=%t4.ap([[8, 8], [1, 8]]), data1=%t2.ap([[8, 8], [1, 8]]), data2=%t3.ap([[8, 8], [1, 8]]), op=less_equal, engine=DVE)
//   dma_copy(dst=%out0.ap([[8, 8], [1, 8]]), src=%t4.ap([[8, 8], [1, 8]]), engine=DMA)
// }
//
// // device program of @main at tests/filetests/lower/broadcast_two_ways_fused.mlir:6:1: 1 call; HBM 128 bytes
// device @main {
//   hbm %arg0 : f32[8] input 0 at 0
//   hbm %t0 : ui8[8, 8] at 64
//   call @k0(%arg0) -> (%t0)
//   return %t0
// }
// ----- stderr
// lowered 1 kernel (Elementwise x1), estimate 103.572 ns; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (2 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
