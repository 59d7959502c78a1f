// An integer scatter that folds by `minimum` and promises unique indices: each element is
// gathered, combined and written back, with no fold of colliding updates on chip.
// RUN: egfuse lower %s --check
func.func @main(%x: tensor<5x3xi32>, %idx: tensor<2x1xi32>, %upd: tensor<2x3xi32>) -> tensor<5x3xi32> {
  %0 = "stablehlo.scatter"(%x, %idx, %upd) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = true}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %m = stablehlo.minimum %a, %b : tensor<i32>
    stablehlo.return %m : tensor<i32>
  }) : (tensor<5x3xi32>, tensor<2x1xi32>, tensor<2x3xi32>) -> tensor<5x3xi32>
  return %0 : tensor<5x3xi32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check
// // stablehlo.scatter at tests/filetests/lower/scatter_min_unique_int.mlir:5:3: dma; SBUF 24 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 724.290 ns, bound by GpSimd (DVE 544.646 ns, GpSimd 724.290 ns, DMA 281.637 ns)
// kernel @k0 kind stablehlo.scatter {
//   hbm %in0 : i32[15] input
//   hbm %in1 : i32[2] input
//   hbm %in2 : i32[6] input
//   hbm %out0 : i32[15] output
//   sbuf %t4_offset : i32[128, 1] at 0
//   sbuf %t5_index : i32[128, 1] at 4
//   sbuf %t6_part : i32[128, 1] at 8
//   sbuf %t7_valid : i32[128, 1] at 12
//   sbuf %t8_gathered : i32[128, 1] at 16
//   sbuf %t9_mine : i32[128, 1] at 20
//   dma_copy(dst=%out0, src=%in0, engine=DMA)
//   iota(dst=%t4_offset.ap([[1, 3], [1, 1]]), offset=0.0, channel_multiplier=1.0, engine=GpSimd)
//   dma_copy(dst=%t5_index.ap([[1, 3], [1, 1]]), src=%in1.ap([[0, 3], [1, 1]]), engine=DMA)
//   tensor_scalar(dst=%t6_part.ap([[1, 3], [1, 1]]), data=%t5_index.ap([[1, 3], [1, 1]]), op0=maximum, operand0=0.0, op1=minimum, operand1=4.0, engine=DVE)
//   tensor_tensor(dst=%t7_valid.ap([[1, 3], [1, 1]]), data1=%t6_part.ap([[1, 3], [1, 1]]), data2=%t5_index.ap([[1, 3], [1, 1]]), op=equal, engine=DVE)
//   tensor_scalar(dst=%t6_part.ap([[1, 3], [1, 1]]), data=%t6_part.ap([[1, 3], [1, 1]]), op0=multiply, operand0=3.0, engine=GpSimd)
//   tensor_tensor(dst=%t4_offset.ap([[1, 3], [1, 1]]), data1=%t4_offset.ap([[1, 3], [1, 1]]), data2=%t6_part.ap([[1, 3], [1, 1]]), op=add, engine=GpSimd)
//   dma_copy(dst=%t8_gathered.ap([[1, 3], [1, 1]]), src=%out0.ap([[1, 3], [1, 1]]), vector_offset=%t4_offset.ap([[1, 3], [1, 1]]), engine=DMA)
//   tensor_scalar(dst=%t6_part.ap([[1, 3], [1, 1]]), data=%t7_valid.ap([[1, 3], [1, 1]]), op0=multiply, operand0=-15.0, op1=add, operand1=15.0, engine=GpSimd)
//   tensor_tensor(dst=%t4_offset.ap([[1, 3], [1, 1]]), data1=%t4_offset.ap([[1, 3], [1, 1]]), data2=%t6_part.ap([[1, 3], [1, 1]]), op=add, engine=GpSimd)
//   dma_copy(dst=%t9_mine.ap([[1, 3], [1, 1]]), src=%in2.ap([[1, 3], [1, 1]]), engine=DMA)
//   tensor_tensor(dst=%t8_gathered.ap([[1, 3], [1, 1]]), data1=%t8_gathered.ap([[1, 3], [1, 1]]), data2=%t9_mine.ap([[1, 3], [1, 1]]), op=minimum, engine=DVE)
//   dma_copy(dst=%out0.ap([[1, 3], [1, 1]]), src=%t8_gathered.ap([[1, 3], [1, 1]]), dst_vector_offset=%t4_offset.ap([[1, 3], [1, 1]]), oob_skip=true, engine=DMA)
//   iota(dst=%t4_offset.ap([[1, 3], [1, 1]]), offset=0.0, channel_multiplier=1.0, engine=GpSimd)
//   dma_copy(dst=%t5_index.ap([[1, 3], [1, 1]]), src=%in1.ap([[0, 3], [1, 1]], offset=1), engine=DMA)
//   tensor_scalar(dst=%t6_part.ap([[1, 3], [1, 1]]), data=%t5_index.ap([[1, 3], [1, 1]]), op0=maximum, operand0=0.0, op1=minimum, operand1=4.0, engine=DVE)
//   tensor_tensor(dst=%t7_valid.ap([[1, 3], [1, 1]]), data1=%t6_part.ap([[1, 3], [1, 1]]), data2=%t5_index.ap([[1, 3], [1, 1]]), op=equal, engine=DVE)
//   tensor_scalar(dst=%t6_part.ap([[1, 3], [1, 1]]), data=%t6_part.ap([[1, 3], [1, 1]]), op0=multiply, operand0=3.0, engine=GpSimd)
//   tensor_tensor(dst=%t4_offset.ap([[1, 3], [1, 1]]), data1=%t4_offset.ap([[1, 3], [1, 1]]), data2=%t6_part.ap([[1, 3], [1, 1]]), op=add, engine=GpSimd)
//   dma_copy(dst=%t8_gathered.ap([[1, 3], [1, 1]]), src=%out0.ap([[1, 3], [1, 1]]), vector_offset=%t4_offset.ap([[1, 3], [1, 1]]), engine=DMA)
//   tensor_scalar(dst=%t6_part.ap([[1, 3], [1, 1]]), data=%t7_valid.ap([[1, 3], [1, 1]]), op0=multiply, operand0=-15.0, op1=add, operand1=15.0, engine=GpSimd)
//   tensor_tensor(dst=%t4_offset.ap([[1, 3], [1, 1]]), data1=%t4_offset.ap([[1, 3], [1, 1]]), data2=%t6_part.ap([[1, 3], [1, 1]]), op=add, engine=GpSimd)
//   dma_copy(dst=%t9_mine.ap([[1, 3], [1, 1]]), src=%in2.ap([[1, 3], [1, 1]], offset=3), engine=DMA)
//   tensor_tensor(dst=%t8_gathered.ap([[1, 3], [1, 1]]), data1=%t8_gathered.ap([[1, 3], [1, 1]]), data2=%t9_mine.ap([[1, 3], [1, 1]]), op=minimum, engine=DVE)
//   dma_copy(dst=%out0.ap([[1, 3], [1, 1]]), src=%t8_gathered.ap([[1, 3], [1, 1]]), dst_vector_offset=%t4_offset.ap([[1, 3], [1, 1]]), oob_skip=true, engine=DMA)
// }
//
// // device program of @main at tests/filetests/lower/scatter_min_unique_int.mlir:4:1: 1 call; HBM 252 bytes
// device @main {
//   hbm %arg0 : i32[5, 3] input 0 at 0
//   hbm %arg1 : i32[2, 1] input 1 at 64
//   hbm %arg2 : i32[2, 3] input 2 at 128
//   hbm %t0 : i32[5, 3] at 192
//   call @k0(%arg0, %arg1, %arg2) -> (%t0)
//   return %t0
// }
// ----- stderr
// lowered 1 kernel (stablehlo.scatter x1), estimate 724.290 ns; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (12 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
