// Gathers whose indices cannot matter: each indexed dimension is sliced whole, so StableHLO's
// clamp brings the start index to 0 whatever it is. optax's `x[:, label]` of a one-column `x`
// (the first) and a slice at the origin of a rank-3 operand (the second) are copies of the
// slice: one DMA each, no index read. The check draws the indices at random.
// RUN: egfuse lower %s --check
func.func @main(%x: tensor<64x1xf32>, %i: tensor<1xi32>, %y: tensor<2x5x3xf32>, %j: tensor<1xi32>) -> (tensor<64xf32>, tensor<5x3xf32>) {
  %a = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [0], collapsed_slice_dims = [1], start_index_map = [1]>, indices_are_sorted = false, slice_sizes = array<i64: 64, 1>}> : (tensor<64x1xf32>, tensor<1xi32>) -> tensor<64xf32>
  %b = "stablehlo.gather"(%y, %j) <{dimension_numbers = #stablehlo.gather<offset_dims = [0, 1], collapsed_slice_dims = [0], start_index_map = [1]>, indices_are_sorted = false, slice_sizes = array<i64: 1, 5, 3>}> : (tensor<2x5x3xf32>, tensor<1xi32>) -> tensor<5x3xf32>
  return %a, %b : tensor<64xf32>, tensor<5x3xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check
// // stablehlo.gather at tests/filetests/lower/gather_clamped_away.mlir:7:3: dma; SBUF 0 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 31.875 ns, bound by DMA (DMA 31.875 ns)
// kernel @k0 kind stablehlo.gather {
//   hbm %in0 : f32[64] input
//   hbm %out0 : f32[64] output
//   dma_copy(dst=%out0, src=%in0, engine=DMA)
// }
//
// // stablehlo.gather at tests/filetests/lower/gather_clamped_away.mlir:8:3: dma; SBUF 0 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 31.397 ns, bound by DMA (DMA 31.397 ns)
// kernel @k1 kind stablehlo.gather {
//   hbm %in0 : f32[30] input
//   hbm %out0 : f32[15] output
//   dma_copy(dst=%out0, src=%in0.ap([[1, 15]]), engine=DMA)
// }
//
// // device program of @main at tests/filetests/lower/gather_clamped_away.mlir:6:1: 2 calls; HBM 828 bytes
// device @main {
//   hbm %arg0 : f32[64, 1] input 0 at 0
//   hbm %arg1 : i32[1] input 1 at 256
//   hbm %arg2 : f32[2, 5, 3] input 2 at 320
//   hbm %arg3 : i32[1] input 3 at 448
//   hbm %t0 : f32[64] at 512
//   hbm %t1 : f32[5, 3] at 768
//   call @k0(%arg0) -> (%t0)
//   call @k1(%arg2) -> (%t1)
//   return %t0, %t1
// }
// ----- stderr
// lowered 2 kernels (stablehlo.gather x2), estimate 63.272 ns; device program: 2 calls
// check: 2 of 2 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 2 results
// check: the streams of 2 of 2 kernels are deadlock-free and race-free (0 semaphores)
// check: 2 of 2 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
