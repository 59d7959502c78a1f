// A replacing scatter whose index is -1: its window does not fit and is skipped. The offset
// is built from the index clamped into the operand, so pushed past the end it is past it; built
// from the raw index, -1 + N landed inside the result and overwrote its last row.
// RUN: egfuse lower %s --check
func.func @main(%x: tensor<3x5xf32>, %u: tensor<3xf32>) -> tensor<3x5xf32> {
  %i = stablehlo.constant dense<-1> : tensor<1xi32>
  %r = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [0], inserted_window_dims = [1], scatter_dims_to_operand_dims = [1]>} : (tensor<3x5xf32>, tensor<1xi32>, tensor<3xf32>) -> tensor<3x5xf32>
  return %r : tensor<3x5xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check
// // stablehlo.scatter at tests/filetests/lower/scatter_set_negative_index.mlir:7:3: dma; SBUF 16 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 362.145 ns, bound by GpSimd (DVE 181.251 ns, GpSimd 362.145 ns, DMA 93.957 ns)
// kernel @k0 kind stablehlo.scatter {
//   hbm %in0 : f32[15] input
//   hbm %in1 : i32[1] input
//   hbm %in2 : f32[3] input
//   hbm %out0 : f32[15] output
//   sbuf %t4_offset : i32[128, 1] at 0
//   sbuf %t5_index : i32[128, 1] at 4
//   sbuf %t6_part : i32[128, 1] at 8
//   sbuf %t7_valid : i32[128, 1] at 12
//   dma_copy(dst=%out0, src=%in0, engine=DMA)
//   iota(dst=%t4_offset.ap([[1, 3], [1, 1]]), offset=0.0, channel_multiplier=5.0, engine=GpSimd)
//   dma_copy(dst=%t5_index.ap([[1, 3], [1, 1]]), src=%in1.ap([[0, 3], [1, 1]]), engine=DMA)
//   tensor_scalar(dst=%t6_part.ap([[1, 3], [1, 1]]), data=%t5_index.ap([[1, 3], [1, 1]]), op0=maximum, operand0=0.0, op1=minimum, operand1=4.0, engine=DVE)
//   tensor_tensor(dst=%t7_valid.ap([[1, 3], [1, 1]]), data1=%t6_part.ap([[1, 3], [1, 1]]), data2=%t5_index.ap([[1, 3], [1, 1]]), op=equal, engine=DVE)
//   tensor_scalar(dst=%t6_part.ap([[1, 3], [1, 1]]), data=%t6_part.ap([[1, 3], [1, 1]]), op0=multiply, operand0=1.0, engine=GpSimd)
//   tensor_tensor(dst=%t4_offset.ap([[1, 3], [1, 1]]), data1=%t4_offset.ap([[1, 3], [1, 1]]), data2=%t6_part.ap([[1, 3], [1, 1]]), op=add, engine=GpSimd)
//   tensor_scalar(dst=%t6_part.ap([[1, 3], [1, 1]]), data=%t7_valid.ap([[1, 3], [1, 1]]), op0=multiply, operand0=-15.0, op1=add, operand1=15.0, engine=GpSimd)
//   tensor_tensor(dst=%t4_offset.ap([[1, 3], [1, 1]]), data1=%t4_offset.ap([[1, 3], [1, 1]]), data2=%t6_part.ap([[1, 3], [1, 1]]), op=add, engine=GpSimd)
//   dma_copy(dst=%out0.ap([[1, 3], [1, 1]]), src=%in2.ap([[1, 3], [1, 1]]), dst_vector_offset=%t4_offset.ap([[1, 3], [1, 1]]), oob_skip=true, engine=DMA)
// }
//
// // device program of @main at tests/filetests/lower/scatter_set_negative_index.mlir:5:1: 1 call; HBM 252 bytes
// device @main {
//   hbm %arg0 : f32[3, 5] input 0 at 0
//   hbm %arg1 : f32[3] input 1 at 64
//   hbm %c0 : i32[1] const at 128
//   hbm %t0 : f32[3, 5] at 192
//   call @k0(%arg0, %c0, %arg1) -> (%t0)
//   return %t0
// }
// ----- stderr
// lowered 1 kernel (stablehlo.scatter x1), estimate 362.145 ns; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (3 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
