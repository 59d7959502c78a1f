// An embedding gradient's scatter-add: update row r adds into row idx[r] of the result, the
// indices colliding. The result starts as the operand; each update row's offset is computed
// on GpSimd and DVE, windows that do not fit (an index past 5 rows) are zeroed and sent to
// offset 0, and one indirect DMA adds the rows (`dst_rmw_op=add`). Random indices are drawn
// from [0, 8), so `--check` runs collisions and windows that do not fit.
// RUN: egfuse lower %s --check
func.func @main(%x: tensor<5x16xf32>, %idx: tensor<9x1xi32>, %upd: tensor<9x16xf32>) -> tensor<5x16xf32> {
  %0 = "stablehlo.scatter"(%x, %idx, %upd) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<5x16xf32>, tensor<9x1xi32>, tensor<9x16xf32>) -> tensor<5x16xf32>
  return %0 : tensor<5x16xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check
// // stablehlo.scatter at tests/filetests/lower/scatter_add_rows.mlir:8:3: dma; SBUF 144 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 402.681 ns, bound by DVE (DVE 402.681 ns, GpSimd 290.002 ns, DMA 128.679 ns)
// kernel @k0 kind stablehlo.scatter {
//   hbm %in0 : f32[80] input
//   hbm %in1 : i32[9] input
//   hbm %in2 : f32[144] input
//   hbm %out0 : f32[80] output
//   sbuf %t4_offset : i32[128, 1] at 0
//   sbuf %t5_index : i32[128, 1] at 4
//   sbuf %t6_part : i32[128, 1] at 8
//   sbuf %t7_valid : i32[128, 1] at 12
//   sbuf %t8_rows : f32[128, 16] at 16
//   sbuf %t9_kept : f32[128, 16] at 80
//   dma_copy(dst=%out0, src=%in0, engine=DMA)
//   iota(dst=%t4_offset.ap([[1, 9], [1, 1]]), offset=0.0, channel_multiplier=0.0, engine=GpSimd)
//   dma_copy(dst=%t5_index.ap([[1, 9], [1, 1]]), src=%in1.ap([[1, 9], [1, 1]]), engine=DMA)
//   tensor_scalar(dst=%t6_part.ap([[1, 9], [1, 1]]), data=%t5_index.ap([[1, 9], [1, 1]]), op0=maximum, operand0=0.0, op1=minimum, operand1=4.0, engine=DVE)
//   tensor_tensor(dst=%t7_valid.ap([[1, 9], [1, 1]]), data1=%t6_part.ap([[1, 9], [1, 1]]), data2=%t5_index.ap([[1, 9], [1, 1]]), op=equal, engine=DVE)
//   tensor_scalar(dst=%t6_part.ap([[1, 9], [1, 1]]), data=%t6_part.ap([[1, 9], [1, 1]]), op0=multiply, operand0=16.0, engine=GpSimd)
//   tensor_tensor(dst=%t4_offset.ap([[1, 9], [1, 1]]), data1=%t4_offset.ap([[1, 9], [1, 1]]), data2=%t6_part.ap([[1, 9], [1, 1]]), op=add, engine=GpSimd)
//   dma_copy(dst=%t8_rows.ap([[16, 9], [1, 16]]), src=%in2.ap([[16, 9], [1, 16]]), engine=DMA)
//   memset(dst=%t9_kept.ap([[16, 9], [1, 16]]), value=0.0, engine=DVE)
//   tensor_copy_predicated(dst=%t9_kept.ap([[16, 9], [1, 16]]), src=%t8_rows.ap([[16, 9], [1, 16]]), predicate=%t7_valid.ap([[1, 9], [0, 16]]), engine=DVE)
//   tensor_tensor(dst=%t4_offset.ap([[1, 9], [1, 1]]), data1=%t4_offset.ap([[1, 9], [1, 1]]), data2=%t7_valid.ap([[1, 9], [1, 1]]), op=multiply, engine=GpSimd)
//   dma_copy(dst=%out0.ap([[1, 9], [1, 16]]), src=%t9_kept.ap([[16, 9], [1, 16]]), dst_vector_offset=%t4_offset.ap([[1, 9], [1, 1]]), dst_rmw_op=add, engine=DMA)
// }
//
// // device program of @main at tests/filetests/lower/scatter_add_rows.mlir:7:1: 1 call; HBM 1280 bytes
// device @main {
//   hbm %arg0 : f32[5, 16] input 0 at 0
//   hbm %arg1 : i32[9, 1] input 1 at 320
//   hbm %arg2 : f32[9, 16] input 2 at 384
//   hbm %t0 : f32[5, 16] at 960
//   call @k0(%arg0, %arg1, %arg2) -> (%t0)
//   return %t0
// }
// ----- stderr
// lowered 1 kernel (stablehlo.scatter x1), estimate 402.681 ns; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (4 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
