// A replacing scatter with a batching dimension (what `vmap` of `x.at[i].set(v)` exports):
// update [b, r] writes row idx[b, r] of batch b. A window that does not fit is pushed past
// the result's end and the DMA skips it (`oob_skip`); a replace cannot read-modify-write.
// RUN: egfuse lower %s --check
func.func @main(%x: tensor<2x6x8xf32>, %idx: tensor<2x3x1xi32>, %upd: tensor<2x3x8xf32>) -> tensor<2x6x8xf32> {
  %0 = "stablehlo.scatter"(%x, %idx, %upd) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<2x6x8xf32>, tensor<2x3x1xi32>, tensor<2x3x8xf32>) -> tensor<2x6x8xf32>
  return %0 : tensor<2x6x8xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check
// // stablehlo.scatter at tests/filetests/lower/scatter_set_batched.mlir:6:3: dma; SBUF 16 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 724.290 ns, bound by GpSimd (DVE 362.502 ns, GpSimd 724.290 ns, DMA 157.717 ns)
// kernel @k0 kind stablehlo.scatter {
//   hbm %in0 : f32[96] input
//   hbm %in1 : i32[6] input
//   hbm %in2 : f32[48] input
//   hbm %out0 : f32[96] output
//   sbuf %t4_offset : i32[128, 1] at 0
//   sbuf %t5_index : i32[128, 1] at 4
//   sbuf %t6_part : i32[128, 1] at 8
//   sbuf %t7_valid : i32[128, 1] at 12
//   dma_copy(dst=%out0, src=%in0, engine=DMA)
//   iota(dst=%t4_offset.ap([[1, 3], [1, 1]]), offset=0.0, channel_multiplier=0.0, engine=GpSimd)
//   dma_copy(dst=%t5_index.ap([[1, 3], [1, 1]]), src=%in1.ap([[1, 3], [1, 1]]), engine=DMA)
//   tensor_scalar(dst=%t6_part.ap([[1, 3], [1, 1]]), data=%t5_index.ap([[1, 3], [1, 1]]), op0=maximum, operand0=0.0, op1=minimum, operand1=5.0, engine=DVE)
//   tensor_tensor(dst=%t7_valid.ap([[1, 3], [1, 1]]), data1=%t6_part.ap([[1, 3], [1, 1]]), data2=%t5_index.ap([[1, 3], [1, 1]]), op=equal, engine=DVE)
//   tensor_scalar(dst=%t6_part.ap([[1, 3], [1, 1]]), data=%t6_part.ap([[1, 3], [1, 1]]), op0=multiply, operand0=8.0, engine=GpSimd)
//   tensor_tensor(dst=%t4_offset.ap([[1, 3], [1, 1]]), data1=%t4_offset.ap([[1, 3], [1, 1]]), data2=%t6_part.ap([[1, 3], [1, 1]]), op=add, engine=GpSimd)
//   tensor_scalar(dst=%t6_part.ap([[1, 3], [1, 1]]), data=%t7_valid.ap([[1, 3], [1, 1]]), op0=multiply, operand0=-96.0, op1=add, operand1=96.0, engine=GpSimd)
//   tensor_tensor(dst=%t4_offset.ap([[1, 3], [1, 1]]), data1=%t4_offset.ap([[1, 3], [1, 1]]), data2=%t6_part.ap([[1, 3], [1, 1]]), op=add, engine=GpSimd)
//   dma_copy(dst=%out0.ap([[1, 3], [1, 8]]), src=%in2.ap([[8, 3], [1, 8]]), dst_vector_offset=%t4_offset.ap([[1, 3], [1, 1]]), oob_skip=true, engine=DMA)
//   iota(dst=%t4_offset.ap([[1, 3], [1, 1]]), offset=48.0, channel_multiplier=0.0, engine=GpSimd)
//   dma_copy(dst=%t5_index.ap([[1, 3], [1, 1]]), src=%in1.ap([[1, 3], [1, 1]], offset=3), engine=DMA)
//   tensor_scalar(dst=%t6_part.ap([[1, 3], [1, 1]]), data=%t5_index.ap([[1, 3], [1, 1]]), op0=maximum, operand0=0.0, op1=minimum, operand1=5.0, engine=DVE)
//   tensor_tensor(dst=%t7_valid.ap([[1, 3], [1, 1]]), data1=%t6_part.ap([[1, 3], [1, 1]]), data2=%t5_index.ap([[1, 3], [1, 1]]), op=equal, engine=DVE)
//   tensor_scalar(dst=%t6_part.ap([[1, 3], [1, 1]]), data=%t6_part.ap([[1, 3], [1, 1]]), op0=multiply, operand0=8.0, engine=GpSimd)
//   tensor_tensor(dst=%t4_offset.ap([[1, 3], [1, 1]]), data1=%t4_offset.ap([[1, 3], [1, 1]]), data2=%t6_part.ap([[1, 3], [1, 1]]), op=add, engine=GpSimd)
//   tensor_scalar(dst=%t6_part.ap([[1, 3], [1, 1]]), data=%t7_valid.ap([[1, 3], [1, 1]]), op0=multiply, operand0=-96.0, op1=add, operand1=96.0, engine=GpSimd)
//   tensor_tensor(dst=%t4_offset.ap([[1, 3], [1, 1]]), data1=%t4_offset.ap([[1, 3], [1, 1]]), data2=%t6_part.ap([[1, 3], [1, 1]]), op=add, engine=GpSimd)
//   dma_copy(dst=%out0.ap([[1, 3], [1, 8]]), src=%in2.ap([[8, 3], [1, 8]], offset=24), dst_vector_offset=%t4_offset.ap([[1, 3], [1, 1]]), oob_skip=true, engine=DMA)
// }
//
// // device program of @main at tests/filetests/lower/scatter_set_batched.mlir:5:1: 1 call; HBM 1024 bytes
// device @main {
//   hbm %arg0 : f32[2, 6, 8] input 0 at 0
//   hbm %arg1 : i32[2, 3, 1] input 1 at 384
//   hbm %arg2 : f32[2, 3, 8] input 2 at 448
//   hbm %t0 : f32[2, 6, 8] at 640
//   call @k0(%arg0, %arg1, %arg2) -> (%t0)
//   return %t0
// }
// ----- stderr
// lowered 1 kernel (stablehlo.scatter x1), estimate 724.290 ns; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (6 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
