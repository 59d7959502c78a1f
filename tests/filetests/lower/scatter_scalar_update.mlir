// A scatter of one scalar update, as StableHLO's own tests write it: no `index_vector_dim`
// (StableHLO's default, 0, makes the one index a vector of one component) and an update of
// rank 0, one row of one element. The index is an argument, so `--check` draws it from
// [0, 8): past the operand's 5 elements it is skipped.
// RUN: egfuse lower %s --check
func.func @main(%x: tensor<5xf32>, %i: tensor<1xi32>, %u: tensor<f32>) -> tensor<5xf32> {
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0]>, unique_indices = true}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<5xf32>, tensor<1xi32>, tensor<f32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check
// // stablehlo.scatter at tests/filetests/lower/scatter_scalar_update.mlir:7:3: dma; SBUF 16 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 362.502 ns, bound by DVE (DVE 362.502 ns, GpSimd 290.002 ns, DMA 125.079 ns)
// kernel @k0 kind stablehlo.scatter {
//   hbm %in0 : f32[5] input
//   hbm %in1 : i32[1] input
//   hbm %in2 : f32[1] input
//   hbm %out0 : f32[5] output
//   sbuf %t4_offset : i32[128, 1] at 0
//   sbuf %t5_index : i32[128, 1] at 4
//   sbuf %t6_part : i32[128, 1] at 8
//   sbuf %t7_valid : i32[128, 1] at 12
//   sbuf %t8_rows : f32[128, 1] at 4
//   sbuf %t9_kept : f32[128, 1] at 8
//   dma_copy(dst=%out0, src=%in0, engine=DMA)
//   iota(dst=%t4_offset.ap([[1, 1], [1, 1]]), offset=0.0, channel_multiplier=0.0, engine=GpSimd)
//   dma_copy(dst=%t5_index.ap([[1, 1], [1, 1]]), src=%in1.ap([[0, 1], [1, 1]]), engine=DMA)
//   tensor_scalar(dst=%t6_part.ap([[1, 1], [1, 1]]), data=%t5_index.ap([[1, 1], [1, 1]]), op0=maximum, operand0=0.0, op1=minimum, operand1=4.0, engine=DVE)
//   tensor_tensor(dst=%t7_valid.ap([[1, 1], [1, 1]]), data1=%t6_part.ap([[1, 1], [1, 1]]), data2=%t5_index.ap([[1, 1], [1, 1]]), op=equal, engine=DVE)
//   tensor_scalar(dst=%t6_part.ap([[1, 1], [1, 1]]), data=%t6_part.ap([[1, 1], [1, 1]]), op0=multiply, operand0=1.0, engine=GpSimd)
//   tensor_tensor(dst=%t4_offset.ap([[1, 1], [1, 1]]), data1=%t4_offset.ap([[1, 1], [1, 1]]), data2=%t6_part.ap([[1, 1], [1, 1]]), op=add, engine=GpSimd)
//   dma_copy(dst=%t8_rows.ap([[1, 1], [1, 1]]), src=%in2.ap([[1, 1], [1, 1]]), engine=DMA)
//   memset(dst=%t9_kept.ap([[1, 1], [1, 1]]), value=0.0, engine=DVE)
//   tensor_copy_predicated(dst=%t9_kept.ap([[1, 1], [1, 1]]), src=%t8_rows.ap([[1, 1], [1, 1]]), predicate=%t7_valid.ap([[1, 1], [0, 1]]), engine=DVE)
//   tensor_tensor(dst=%t4_offset.ap([[1, 1], [1, 1]]), data1=%t4_offset.ap([[1, 1], [1, 1]]), data2=%t7_valid.ap([[1, 1], [1, 1]]), op=multiply, engine=GpSimd)
//   dma_copy(dst=%out0.ap([[1, 1], [1, 1]]), src=%t9_kept.ap([[1, 1], [1, 1]]), dst_vector_offset=%t4_offset.ap([[1, 1], [1, 1]]), dst_rmw_op=add, engine=DMA)
// }
//
// // device program of @main at tests/filetests/lower/scatter_scalar_update.mlir:6:1: 1 call; HBM 212 bytes
// device @main {
//   hbm %arg0 : f32[5] input 0 at 0
//   hbm %arg1 : i32[1] input 1 at 64
//   hbm %arg2 : f32[] input 2 at 128
//   hbm %t0 : f32[5] at 192
//   call @k0(%arg0, %arg1, %arg2) -> (%t0)
//   return %t0
// }
// ----- stderr
// lowered 1 kernel (stablehlo.scatter x1), estimate 362.502 ns; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (6 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
