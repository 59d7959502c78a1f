// Complex numbers are their parts on the device: `complex-forms` spells a complex tensor as
// the f32 tensor of its parts along a new last dimension (its own bytes), the product as
// four real ones; the device program is checked against the function as written.
// RUN: egfuse lower %s --check --after tile
func.func @main(%z: tensor<4x3xcomplex<f32>>, %w: tensor<4x3xcomplex<f32>>) -> (tensor<4x3xcomplex<f32>>, tensor<4x3xf32>) {
  %0 = stablehlo.multiply %z, %w : tensor<4x3xcomplex<f32>>
  %1 = stablehlo.abs %0 : (tensor<4x3xcomplex<f32>>) -> tensor<4x3xf32>
  return %0, %1 : tensor<4x3xcomplex<f32>>, tensor<4x3xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check --after tile
// // Elementwise at tests/filetests/lower/complex_as_parts.mlir:6:3: rows, 128 a tile; SBUF 0 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 546.432 ns, bound by DVE (DVE 546.432 ns, DMA 188.208 ns)
// kernel @k0 kind Elementwise {
//   hbm %in0 : f32[24] input
//   hbm %in1 : f32[24] input
//   hbm %out0 : f32[24] output
//   sbuf %t3 : f32[128, 1]
//   sbuf %t4 : f32[128, 1]
//   sbuf %t5 : f32[128, 1]
//   sbuf %t6 : f32[128, 1]
//   sbuf %t7 : f32[128, 1]
//   sbuf %t8 : f32[128, 1]
//   sbuf %t9 : f32[128, 1]
//   sbuf %t10 : f32[128, 1]
//   sbuf %t11 : f32[128, 1]
//   sbuf %t12 : f32[128, 1]
//   dma_copy(dst=%t3.ap([[1, 12], [1, 1]]), src=%in1.ap([[2, 12]]))
//   dma_copy(dst=%t4.ap([[1, 12], [1, 1]]), src=%in0.ap([[2, 12]]))
//   dma_copy(dst=%t5.ap([[1, 12], [1, 1]]), src=%in1.ap([[2, 12]], offset=1))
//   dma_copy(dst=%t6.ap([[1, 12], [1, 1]]), src=%in0.ap([[2, 12]], offset=1))
//   tensor_tensor(dst=%t7.ap([[1, 12], [1, 1]]), data1=%t3.ap([[1, 12], [1, 1]]), data2=%t4.ap([[1, 12], [1, 1]]), op=multiply)
//   tensor_tensor(dst=%t8.ap([[1, 12], [1, 1]]), data1=%t5.ap([[1, 12], [1, 1]]), data2=%t6.ap([[1, 12], [1, 1]]), op=multiply)
//   tensor_tensor(dst=%t9.ap([[1, 12], [1, 1]]), data1=%t7.ap([[1, 12], [1, 1]]), data2=%t8.ap([[1, 12], [1, 1]]), op=subtract)
//   tensor_tensor(dst=%t10.ap([[1, 12], [1, 1]]), data1=%t3.ap([[1, 12], [1, 1]]), data2=%t6.ap([[1, 12], [1, 1]]), op=multiply)
//   tensor_tensor(dst=%t11.ap([[1, 12], [1, 1]]), data1=%t5.ap([[1, 12], [1, 1]]), data2=%t4.ap([[1, 12], [1, 1]]), op=multiply)
//   tensor_tensor(dst=%t12.ap([[1, 12], [1, 1]]), data1=%t10.ap([[1, 12], [1, 1]]), data2=%t11.ap([[1, 12], [1, 1]]), op=add)
//   dma_copy(dst=%out0.ap([[2, 12]]), src=%t9.ap([[1, 12], [1, 1]]))
//   dma_copy(dst=%out0.ap([[2, 12]], offset=1), src=%t12.ap([[1, 12], [1, 1]]))
// }
//
// // Elementwise at tests/filetests/lower/complex_as_parts.mlir:7:3: rows, 128 a tile; SBUF 0 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 220.716 ns, bound by ACT (ACT 220.716 ns, DVE 94.643 ns, DMA 94.104 ns)
// kernel @k1 kind Elementwise {
//   hbm %in0 : f32[24] input
//   hbm %out0 : f32[12] output
//   sbuf %t2 : f32[128, 3]
//   sbuf %t3 : f32[128, 3]
//   sbuf %t4 : f32[128, 3]
//   sbuf %t5 : f32[128, 3]
//   sbuf %t6 : f32[128, 3]
//   sbuf %t7 : f32[128, 3]
//   dma_copy(dst=%t2.ap([[3, 4], [1, 3]]), src=%in0.ap([[6, 4], [2, 3]]))
//   dma_copy(dst=%t3.ap([[3, 4], [1, 3]]), src=%in0.ap([[6, 4], [2, 3]], offset=1))
//   activation(dst=%t4.ap([[3, 4], [1, 3]]), op=square, data=%t2.ap([[3, 4], [1, 3]]))
//   activation(dst=%t5.ap([[3, 4], [1, 3]]), op=square, data=%t3.ap([[3, 4], [1, 3]]))
//   tensor_tensor(dst=%t6.ap([[3, 4], [1, 3]]), data1=%t4.ap([[3, 4], [1, 3]]), data2=%t5.ap([[3, 4], [1, 3]]), op=add)
//   activation(dst=%t7.ap([[3, 4], [1, 3]]), op=sqrt, data=%t6.ap([[3, 4], [1, 3]]))
//   dma_copy(dst=%out0.ap([[3, 4], [1, 3]]), src=%t7.ap([[3, 4], [1, 3]]))
// }
//
// // device program of @main at tests/filetests/lower/complex_as_parts.mlir:5:1: 2 calls; HBM 432 bytes
// device @main {
//   hbm %arg0 : f32[4, 3, 2] input 0 at 0
//   hbm %arg1 : f32[4, 3, 2] input 1 at 128
//   hbm %t0 : f32[4, 3, 2] at 256
//   hbm %t1 : f32[4, 3] at 384
//   call @k0(%arg1, %arg0) -> (%t0)
//   call @k1(%t0) -> (%t1)
//   return %t0, %t1
// }
// ----- stderr
// lowered 2 kernels (Elementwise x2), estimate 767.148 ns; device program: 2 calls
// check: 2 of 2 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 2 results
// ----- exit 0
