// Integer arithmetic wraps at its width, as StableHLO's does: ui32 adds past 2^32 come back from 0
// (threefry's mixing adds rely on it), where a float converted to an integer saturates.
// RUN: egfuse lower %s --check --after tile
func.func @main(%x: tensor<4x8xui32>) -> tensor<4x8xui32> {
  %c = stablehlo.constant dense<4026531840> : tensor<4x8xui32>
  %0 = stablehlo.add %x, %c : tensor<4x8xui32>
  %1 = stablehlo.add %0, %0 : tensor<4x8xui32>
  return %1 : tensor<4x8xui32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check --after tile
// // Elementwise at tests/filetests/lower/integer_add_wraps.mlir:7:3: rows, 128 a tile; SBUF 0 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 200.001 ns, bound by DVE (DVE 200.001 ns, DMA 63.126 ns)
// kernel @k0 kind Elementwise {
//   hbm %in0 : ui32[32] input
//   hbm %out0 : ui32[32] output
//   sbuf %t2 : ui32[128, 8]
//   sbuf %t3 : ui32[128, 8]
//   sbuf %t4 : ui32[128, 8]
//   dma_copy(dst=%t2.ap([[8, 4], [1, 8]]), src=%in0.ap([[8, 4], [1, 8]]))
//   tensor_scalar(dst=%t3.ap([[8, 4], [1, 8]]), data=%t2.ap([[8, 4], [1, 8]]), op0=add, operand0=4026531840.0)
//   tensor_tensor(dst=%t4.ap([[8, 4], [1, 8]]), data1=%t3.ap([[8, 4], [1, 8]]), data2=%t3.ap([[8, 4], [1, 8]]), op=add)
//   dma_copy(dst=%out0.ap([[8, 4], [1, 8]]), src=%t4.ap([[8, 4], [1, 8]]))
// }
//
// // device program of @main at tests/filetests/lower/integer_add_wraps.mlir:4:1: 1 call; HBM 256 bytes
// device @main {
//   hbm %arg0 : ui32[4, 8] input 0 at 0
//   hbm %t0 : ui32[4, 8] at 128
//   call @k0(%arg0) -> (%t0)
//   return %t0
// }
// ----- stderr
// lowered 1 kernel (Elementwise x1), estimate 200.001 ns; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// ----- exit 0
