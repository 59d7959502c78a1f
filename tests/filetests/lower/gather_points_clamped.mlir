// A gather of single elements by index pairs (what `x[rows, cols]` exports), with a pair
// past the operand's end and one negative: StableHLO clamps each start index into the
// operand, and so does the kernel, before it multiplies the index by its stride. Each result
// element is one row of the indirect DMA (`vector_offset`).
// RUN: egfuse lower %s --check
func.func @main(%x: tensor<4x5xf32>) -> tensor<4xf32> {
  %idx = stablehlo.constant dense<[[0, 1], [3, 4], [-1, 2], [2, 9]]> : tensor<4x2xi32>
  %0 = "stablehlo.gather"(%x, %idx) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 1>}> : (tensor<4x5xf32>, tensor<4x2xi32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check
// // stablehlo.gather at tests/filetests/lower/gather_points_clamped.mlir:8:3: dma; SBUF 12 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 362.145 ns, bound by GpSimd (DVE 180.358 ns, GpSimd 362.145 ns, DMA 93.870 ns)
// kernel @k0 kind stablehlo.gather {
//   hbm %in0 : f32[20] input
//   hbm %in1 : i32[8] input
//   hbm %out0 : f32[4] output
//   sbuf %t3_offset : i32[128, 1] at 0
//   sbuf %t4_index : i32[128, 1] at 4
//   sbuf %t5_part : i32[128, 1] at 8
//   iota(dst=%t3_offset.ap([[1, 4], [1, 1]]), offset=0.0, channel_multiplier=0.0, engine=GpSimd)
//   dma_copy(dst=%t4_index.ap([[1, 4], [1, 1]]), src=%in1.ap([[2, 4], [1, 1]]), engine=DMA)
//   tensor_scalar(dst=%t5_part.ap([[1, 4], [1, 1]]), data=%t4_index.ap([[1, 4], [1, 1]]), op0=maximum, operand0=0.0, op1=minimum, operand1=3.0, engine=DVE)
//   tensor_scalar(dst=%t5_part.ap([[1, 4], [1, 1]]), data=%t5_part.ap([[1, 4], [1, 1]]), op0=multiply, operand0=5.0, engine=GpSimd)
//   tensor_tensor(dst=%t3_offset.ap([[1, 4], [1, 1]]), data1=%t3_offset.ap([[1, 4], [1, 1]]), data2=%t5_part.ap([[1, 4], [1, 1]]), op=add, engine=GpSimd)
//   dma_copy(dst=%t4_index.ap([[1, 4], [1, 1]]), src=%in1.ap([[2, 4], [1, 1]], offset=1), engine=DMA)
//   tensor_scalar(dst=%t5_part.ap([[1, 4], [1, 1]]), data=%t4_index.ap([[1, 4], [1, 1]]), op0=maximum, operand0=0.0, op1=minimum, operand1=4.0, engine=DVE)
//   tensor_scalar(dst=%t5_part.ap([[1, 4], [1, 1]]), data=%t5_part.ap([[1, 4], [1, 1]]), op0=multiply, operand0=1.0, engine=GpSimd)
//   tensor_tensor(dst=%t3_offset.ap([[1, 4], [1, 1]]), data1=%t3_offset.ap([[1, 4], [1, 1]]), data2=%t5_part.ap([[1, 4], [1, 1]]), op=add, engine=GpSimd)
//   dma_copy(dst=%out0.ap([[1, 4], [1, 1]]), src=%in0.ap([[1, 4], [1, 1]]), vector_offset=%t3_offset.ap([[1, 4], [1, 1]]), engine=DMA)
// }
//
// // device program of @main at tests/filetests/lower/gather_points_clamped.mlir:6:1: 1 call; HBM 208 bytes
// device @main {
//   hbm %arg0 : f32[4, 5] input 0 at 0
//   hbm %c0 : i32[4, 2] const at 128
//   hbm %t0 : f32[4] at 192
//   call @k0(%arg0, %c0) -> (%t0)
//   return %t0
// }
// ----- stderr
// lowered 1 kernel (stablehlo.gather x1), estimate 362.145 ns; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (5 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
