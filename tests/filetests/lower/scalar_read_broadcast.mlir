// One element of an input, sliced and broadcast over the kernel (a threefry rotation amount):
// read once onto every partition before the tiles, as a scalar input is.
// RUN: egfuse lower %s --check
func.func @main(%x: tensor<4x8xui32>, %v: tensor<4xui32>) -> tensor<4x8xui32> {
  %1 = stablehlo.slice %v [1:2] : (tensor<4xui32>) -> tensor<1xui32>
  %2 = stablehlo.reshape %1 : (tensor<1xui32>) -> tensor<ui32>
  %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<ui32>) -> tensor<4x8xui32>
  %4 = stablehlo.add %x, %3 : tensor<4x8xui32>
  %c = stablehlo.constant dense<32> : tensor<ui32>
  %6 = stablehlo.subtract %c, %2 : tensor<ui32>
  %7 = stablehlo.broadcast_in_dim %6, dims = [] : (tensor<ui32>) -> tensor<4x8xui32>
  %8 = stablehlo.shift_right_logical %4, %7 : tensor<4x8xui32>
  return %8 : tensor<4x8xui32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check
// // Elementwise at tests/filetests/lower/scalar_read_broadcast.mlir:12:3: rows, 128 a tile; SBUF 104 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 237.859 ns, bound by GpSimd (GpSimd 237.859 ns, DMA 127.188 ns)
// kernel @k0 kind Elementwise {
//   hbm %in0 : ui32[32] input
//   hbm %in1 : ui32[4] input
//   hbm %out0 : ui32[32] output
//   sbuf %t3 : ui32[128, 1] at 0
//   sbuf %t4 : ui32[128, 1] at 4
//   sbuf %t5 : ui32[128, 8] at 8
//   sbuf %t6 : ui32[128, 8] at 40
//   sbuf %t7 : ui32[128, 8] at 72
//   sbuf %t8 : ui32[128, 8] at 8
//   dma_copy(dst=%t3.ap([[1, 128], [0, 1]]), src=%in1.ap([[0, 128], [1, 1]], offset=1), engine=DMA)
//   tensor_scalar(dst=%t4.ap([[1, 128], [0, 1]]), data=%t3.ap([[1, 128], [0, 1]]), op0=subtract, operand0=32.0, reverse0=true, engine=GpSimd)
//   dma_copy(dst=%t5.ap([[8, 4], [1, 8]]), src=%in0.ap([[8, 4], [1, 8]]), engine=DMA)
//   dma_copy(dst=%t6.ap([[8, 4], [1, 8]]), src=%in1.ap([[0, 4], [0, 8]], offset=1), engine=DMA)
//   tensor_tensor(dst=%t7.ap([[8, 4], [1, 8]]), data1=%t5.ap([[8, 4], [1, 8]]), data2=%t6.ap([[8, 4], [1, 8]]), op=add, engine=GpSimd)
//   tensor_tensor(dst=%t8.ap([[8, 4], [1, 8]]), data1=%t7.ap([[8, 4], [1, 8]]), data2=%t4.ap([[1, 4], [0, 8]]), op=right_shift, engine=GpSimd)
//   dma_copy(dst=%out0.ap([[8, 4], [1, 8]]), src=%t8.ap([[8, 4], [1, 8]]), engine=DMA)
// }
//
// // device program of @main at tests/filetests/lower/scalar_read_broadcast.mlir:4:1: 1 call; HBM 320 bytes
// device @main {
//   hbm %arg0 : ui32[4, 8] input 0 at 0
//   hbm %arg1 : ui32[4] input 1 at 128
//   hbm %t0 : ui32[4, 8] at 192
//   call @k0(%arg0, %arg1) -> (%t0)
//   return %t0
// }
// ----- stderr
// lowered 1 kernel (Elementwise x1), estimate 237.859 ns; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (3 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
