// A scatter that folds by `maximum` (`x.at[:, i].max(u)`, a segment max), with indices that
// collide (column 1 three times), one negative and one past the end (both windows skipped).
// The DMA's read-modify-write only adds: each element is gathered, the tile's updates that
// land on it are folded together on chip (`same`: the rows whose offsets equal the
// partition's), and the result is written back. The scatter dimension is the update's last,
// so a tile's rows are the six indices and three of them collide.
// RUN: egfuse lower %s --check
func.func @main(%x: tensor<6x4xf32>, %upd: tensor<6x6xf32>) -> tensor<6x4xf32> {
  %idx = stablehlo.constant dense<[[1], [3], [1], [-1], [1], [9]]> : tensor<6x1xi32>
  %0 = "stablehlo.scatter"(%x, %idx, %upd) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [0], inserted_window_dims = [1], scatter_dims_to_operand_dims = [1], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<6x4xf32>, tensor<6x1xi32>, tensor<6x6xf32>) -> tensor<6x4xf32>
  return %0 : tensor<6x4xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check
// // stablehlo.scatter at tests/filetests/lower/scatter_max_colliding.mlir:10:3: dma; SBUF 2072 of 196608 bytes per partition, PSUM 512 of 16384
// // estimate 4.505 us, bound by DVE (PE 548.574 ns, DVE 4.505 us, GpSimd 2.172 us, DMA 972.513 ns)
// kernel @k0 kind stablehlo.scatter {
//   hbm %in0 : f32[24] input
//   hbm %in1 : i32[6] input
//   hbm %in2 : f32[36] input
//   hbm %out0 : f32[24] output
//   sbuf %t4_offset : i32[128, 1] at 0
//   sbuf %t5_index : i32[128, 1] at 4
//   sbuf %t6_part : i32[128, 1] at 8
//   sbuf %t7_valid : i32[128, 1] at 12
//   sbuf %t8_gathered : f32[128, 1] at 16
//   sbuf %t9_mine : f32[128, 1] at 20
//   sbuf %t10_keys : f32[128, 128] at 24
//   psum %p11_across : f32[128, 128] at 0
//   sbuf %t12_same : f32[128, 128] at 536
//   sbuf %t13_theirs : f32[128, 128] at 1048
//   sbuf %t14_folded : f32[128, 128] at 1560
//   dma_copy(dst=%out0, src=%in0, engine=DMA)
//   iota(dst=%t4_offset.ap([[1, 6], [1, 1]]), offset=0.0, channel_multiplier=0.0, engine=GpSimd)
//   dma_copy(dst=%t5_index.ap([[1, 6], [1, 1]]), src=%in1.ap([[1, 6], [1, 1]]), engine=DMA)
//   tensor_scalar(dst=%t6_part.ap([[1, 6], [1, 1]]), data=%t5_index.ap([[1, 6], [1, 1]]), op0=maximum, operand0=0.0, op1=minimum, operand1=3.0, engine=DVE)
//   tensor_tensor(dst=%t7_valid.ap([[1, 6], [1, 1]]), data1=%t6_part.ap([[1, 6], [1, 1]]), data2=%t5_index.ap([[1, 6], [1, 1]]), op=equal, engine=DVE)
//   tensor_scalar(dst=%t6_part.ap([[1, 6], [1, 1]]), data=%t6_part.ap([[1, 6], [1, 1]]), op0=multiply, operand0=1.0, engine=GpSimd)
//   tensor_tensor(dst=%t4_offset.ap([[1, 6], [1, 1]]), data1=%t4_offset.ap([[1, 6], [1, 1]]), data2=%t6_part.ap([[1, 6], [1, 1]]), op=add, engine=GpSimd)
//   dma_copy(dst=%t8_gathered.ap([[1, 6], [1, 1]]), src=%out0.ap([[1, 6], [1, 1]]), vector_offset=%t4_offset.ap([[1, 6], [1, 1]]), engine=DMA)
//   tensor_scalar(dst=%t6_part.ap([[1, 6], [1, 1]]), data=%t7_valid.ap([[1, 6], [1, 1]]), op0=multiply, operand0=-24.0, op1=add, operand1=24.0, engine=GpSimd)
//   tensor_tensor(dst=%t4_offset.ap([[1, 6], [1, 1]]), data1=%t4_offset.ap([[1, 6], [1, 1]]), data2=%t6_part.ap([[1, 6], [1, 1]]), op=add, engine=GpSimd)
//   dma_copy(dst=%t9_mine.ap([[1, 6], [1, 1]]), src=%in2.ap([[1, 6], [1, 1]]), engine=DMA)
//   tensor_copy(dst=%t10_keys.ap([[128, 6], [1, 6]]), src=%t4_offset.ap([[1, 6], [0, 6]]), engine=DVE)
//   nc_transpose(dst=%p11_across.ap([[128, 6], [1, 6]]), data=%t10_keys.ap([[128, 6], [1, 6]]), engine=PE)
//   tensor_scalar(dst=%t12_same.ap([[128, 6], [1, 6]]), data=%p11_across.ap([[128, 6], [1, 6]]), op0=equal, operand0=%t10_keys.ap([[128, 6], [1, 1]]), engine=DVE)
//   dma_copy(dst=%t13_theirs.ap([[128, 6], [1, 6]]), src=%in2.ap([[0, 6], [1, 6]]), engine=DMA)
//   tensor_copy(dst=%t14_folded.ap([[128, 6], [1, 6]]), src=%t9_mine.ap([[1, 6], [0, 6]]), engine=DVE)
//   tensor_copy_predicated(dst=%t14_folded.ap([[128, 6], [1, 6]]), src=%t13_theirs.ap([[128, 6], [1, 6]]), predicate=%t12_same.ap([[128, 6], [1, 6]]), engine=DVE)
//   tensor_reduce(dst=%t9_mine.ap([[1, 6], [1, 1]]), op=maximum, data=%t14_folded.ap([[128, 6], [1, 6]]), axis=[1], engine=DVE)
//   tensor_tensor(dst=%t8_gathered.ap([[1, 6], [1, 1]]), data1=%t8_gathered.ap([[1, 6], [1, 1]]), data2=%t9_mine.ap([[1, 6], [1, 1]]), op=maximum, engine=DVE)
//   dma_copy(dst=%out0.ap([[1, 6], [1, 1]]), src=%t8_gathered.ap([[1, 6], [1, 1]]), dst_vector_offset=%t4_offset.ap([[1, 6], [1, 1]]), oob_skip=true, engine=DMA)
//   iota(dst=%t4_offset.ap([[1, 6], [1, 1]]), offset=4.0, channel_multiplier=0.0, engine=GpSimd)
//   dma_copy(dst=%t5_index.ap([[1, 6], [1, 1]]), src=%in1.ap([[1, 6], [1, 1]]), engine=DMA)
//   tensor_scalar(dst=%t6_part.ap([[1, 6], [1, 1]]), data=%t5_index.ap([[1, 6], [1, 1]]), op0=maximum, operand0=0.0, op1=minimum, operand1=3.0, engine=DVE)
//   tensor_tensor(dst=%t7_valid.ap([[1, 6], [1, 1]]), data1=%t6_part.ap([[1, 6], [1, 1]]), data2=%t5_index.ap([[1, 6], [1, 1]]), op=equal, engine=DVE)
//   tensor_scalar(dst=%t6_part.ap([[1, 6], [1, 1]]), data=%t6_part.ap([[1, 6], [1, 1]]), op0=multiply, operand0=1.0, engine=GpSimd)
//   tensor_tensor(dst=%t4_offset.ap([[1, 6], [1, 1]]), data1=%t4_offset.ap([[1, 6], [1, 1]]), data2=%t6_part.ap([[1, 6], [1, 1]]), op=add, engine=GpSimd)
//   dma_copy(dst=%t8_gathered.ap([[1, 6], [1, 1]]), src=%out0.ap([[1, 6], [1, 1]]), vector_offset=%t4_offset.ap([[1, 6], [1, 1]]), engine=DMA)
//   tensor_scalar(dst=%t6_part.ap([[1, 6], [1, 1]]), data=%t7_valid.ap([[1, 6], [1, 1]]), op0=multiply, operand0=-24.0, op1=add, operand1=24.0, engine=GpSimd)
//   tensor_tensor(dst=%t4_offset.ap([[1, 6], [1, 1]]), data1=%t4_offset.ap([[1, 6], [1, 1]]), data2=%t6_part.ap([[1, 6], [1, 1]]), op=add, engine=GpSimd)
//   dma_copy(dst=%t9_mine.ap([[1, 6], [1, 1]]), src=%in2.ap([[1, 6], [1, 1]], offset=6), engine=DMA)
//   tensor_copy(dst=%t10_keys.ap([[128, 6], [1, 6]]), src=%t4_offset.ap([[1, 6], [0, 6]]), engine=DVE)
//   nc_transpose(dst=%p11_across.ap([[128, 6], [1, 6]]), data=%t10_keys.ap([[128, 6], [1, 6]]), engine=PE)
//   tensor_scalar(dst=%t12_same.ap([[128, 6], [1, 6]]), data=%p11_across.ap([[128, 6], [1, 6]]), op0=equal, operand0=%t10_keys.ap([[128, 6], [1, 1]]), engine=DVE)
//   dma_copy(dst=%t13_theirs.ap([[128, 6], [1, 6]]), src=%in2.ap([[0, 6], [1, 6]], offset=6), engine=DMA)
//   tensor_copy(dst=%t14_folded.ap([[128, 6], [1, 6]]), src=%t9_mine.ap([[1, 6], [0, 6]]), engine=DVE)
//   tensor_copy_predicated(dst=%t14_folded.ap([[128, 6], [1, 6]]), src=%t13_theirs.ap([[128, 6], [1, 6]]), predicate=%t12_same.ap([[128, 6], [1, 6]]), engine=DVE)
//   tensor_reduce(dst=%t9_mine.ap([[1, 6], [1, 1]]), op=maximum, data=%t14_folded.ap([[128, 6], [1, 6]]), axis=[1], engine=DVE)
//   tensor_tensor(dst=%t8_gathered.ap([[1, 6], [1, 1]]), data1=%t8_gathered.ap([[1, 6], [1, 1]]), data2=%t9_mine.ap([[1, 6], [1, 1]]), op=maximum, engine=DVE)
//   dma_copy(dst=%out0.ap([[1, 6], [1, 1]]), src=%t8_gathered.ap([[1, 6], [1, 1]]), dst_vector_offset=%t4_offset.ap([[1, 6], [1, 1]]), oob_skip=true, engine=DMA)
//   iota(dst=%t4_offset.ap([[1, 6], [1, 1]]), offset=8.0, channel_multiplier=0.0, engine=GpSimd)
//   dma_copy(dst=%t5_index.ap([[1, 6], [1, 1]]), src=%in1.ap([[1, 6], [1, 1]]), engine=DMA)
//   tensor_scalar(dst=%t6_part.ap([[1, 6], [1, 1]]), data=%t5_index.ap([[1, 6], [1, 1]]), op0=maximum, operand0=0.0, op1=minimum, operand1=3.0, engine=DVE)
//   tensor_tensor(dst=%t7_valid.ap([[1, 6], [1, 1]]), data1=%t6_part.ap([[1, 6], [1, 1]]), data2=%t5_index.ap([[1, 6], [1, 1]]), op=equal, engine=DVE)
//   tensor_scalar(dst=%t6_part.ap([[1, 6], [1, 1]]), data=%t6_part.ap([[1, 6], [1, 1]]), op0=multiply, operand0=1.0, engine=GpSimd)
//   tensor_tensor(dst=%t4_offset.ap([[1, 6], [1, 1]]), data1=%t4_offset.ap([[1, 6], [1, 1]]), data2=%t6_part.ap([[1, 6], [1, 1]]), op=add, engine=GpSimd)
//   dma_copy(dst=%t8_gathered.ap([[1, 6], [1, 1]]), src=%out0.ap([[1, 6], [1, 1]]), vector_offset=%t4_offset.ap([[1, 6], [1, 1]]), engine=DMA)
//   tensor_scalar(dst=%t6_part.ap([[1, 6], [1, 1]]), data=%t7_valid.ap([[1, 6], [1, 1]]), op0=multiply, operand0=-24.0, op1=add, operand1=24.0, engine=GpSimd)
//   tensor_tensor(dst=%t4_offset.ap([[1, 6], [1, 1]]), data1=%t4_offset.ap([[1, 6], [1, 1]]), data2=%t6_part.ap([[1, 6], [1, 1]]), op=add, engine=GpSimd)
//   dma_copy(dst=%t9_mine.ap([[1, 6], [1, 1]]), src=%in2.ap([[1, 6], [1, 1]], offset=12), engine=DMA)
//   tensor_copy(dst=%t10_keys.ap([[128, 6], [1, 6]]), src=%t4_offset.ap([[1, 6], [0, 6]]), engine=DVE)
//   nc_transpose(dst=%p11_across.ap([[128, 6], [1, 6]]), data=%t10_keys.ap([[128, 6], [1, 6]]), engine=PE)
//   tensor_scalar(dst=%t12_same.ap([[128, 6], [1, 6]]), data=%p11_across.ap([[128, 6], [1, 6]]), op0=equal, operand0=%t10_keys.ap([[128, 6], [1, 1]]), engine=DVE)
//   dma_copy(dst=%t13_theirs.ap([[128, 6], [1, 6]]), src=%in2.ap([[0, 6], [1, 6]], offset=12), engine=DMA)
//   tensor_copy(dst=%t14_folded.ap([[128, 6], [1, 6]]), src=%t9_mine.ap([[1, 6], [0, 6]]), engine=DVE)
//   tensor_copy_predicated(dst=%t14_folded.ap([[128, 6], [1, 6]]), src=%t13_theirs.ap([[128, 6], [1, 6]]), predicate=%t12_same.ap([[128, 6], [1, 6]]), engine=DVE)
//   tensor_reduce(dst=%t9_mine.ap([[1, 6], [1, 1]]), op=maximum, data=%t14_folded.ap([[128, 6], [1, 6]]), axis=[1], engine=DVE)
//   tensor_tensor(dst=%t8_gathered.ap([[1, 6], [1, 1]]), data1=%t8_gathered.ap([[1, 6], [1, 1]]), data2=%t9_mine.ap([[1, 6], [1, 1]]), op=maximum, engine=DVE)
//   dma_copy(dst=%out0.ap([[1, 6], [1, 1]]), src=%t8_gathered.ap([[1, 6], [1, 1]]), dst_vector_offset=%t4_offset.ap([[1, 6], [1, 1]]), oob_skip=true, engine=DMA)
//   iota(dst=%t4_offset.ap([[1, 6], [1, 1]]), offset=12.0, channel_multiplier=0.0, engine=GpSimd)
//   dma_copy(dst=%t5_index.ap([[1, 6], [1, 1]]), src=%in1.ap([[1, 6], [1, 1]]), engine=DMA)
//   tensor_scalar(dst=%t6_part.ap([[1, 6], [1, 1]]), data=%t5_index.ap([[1, 6], [1, 1]]), op0=maximum, operand0=0.0, op1=minimum, operand1=3.0, engine=DVE)
//   tensor_tensor(dst=%t7_valid.ap([[1, 6], [1, 1]]), data1=%t6_part.ap([[1, 6], [1, 1]]), data2=%t5_index.ap([[1, 6], [1, 1]]), op=equal, engine=DVE)
//   tensor_scalar(dst=%t6_part.ap([[1, 6], [1, 1]]), data=%t6_part.ap([[1, 6], [1, 1]]), op0=multiply, operand0=1.0, engine=GpSimd)
//   tensor_tensor(dst=%t4_offset.ap([[1, 6], [1, 1]]), data1=%t4_offset.ap([[1, 6], [1, 1]]), data2=%t6_part.ap([[1, 6], [1, 1]]), op=add, engine=GpSimd)
//   dma_copy(dst=%t8_gathered.ap([[1, 6], [1, 1]]), src=%out0.ap([[1, 6], [1, 1]]), vector_offset=%t4_offset.ap([[1, 6], [1, 1]]), engine=DMA)
//   tensor_scalar(dst=%t6_part.ap([[1, 6], [1, 1]]), data=%t7_valid.ap([[1, 6], [1, 1]]), op0=multiply, operand0=-24.0, op1=add, operand1=24.0, engine=GpSimd)
//   tensor_tensor(dst=%t4_offset.ap([[1, 6], [1, 1]]), data1=%t4_offset.ap([[1, 6], [1, 1]]), data2=%t6_part.ap([[1, 6], [1, 1]]), op=add, engine=GpSimd)
//   dma_copy(dst=%t9_mine.ap([[1, 6], [1, 1]]), src=%in2.ap([[1, 6], [1, 1]], offset=18), engine=DMA)
//   tensor_copy(dst=%t10_keys.ap([[128, 6], [1, 6]]), src=%t4_offset.ap([[1, 6], [0, 6]]), engine=DVE)
//   nc_transpose(dst=%p11_across.ap([[128, 6], [1, 6]]), data=%t10_keys.ap([[128, 6], [1, 6]]), engine=PE)
//   tensor_scalar(dst=%t12_same.ap([[128, 6], [1, 6]]), data=%p11_across.ap([[128, 6], [1, 6]]), op0=equal, operand0=%t10_keys.ap([[128, 6], [1, 1]]), engine=DVE)
//   dma_copy(dst=%t13_theirs.ap([[128, 6], [1, 6]]), src=%in2.ap([[0, 6], [1, 6]], offset=18), engine=DMA)
//   tensor_copy(dst=%t14_folded.ap([[128, 6], [1, 6]]), src=%t9_mine.ap([[1, 6], [0, 6]]), engine=DVE)
//   tensor_copy_predicated(dst=%t14_folded.ap([[128, 6], [1, 6]]), src=%t13_theirs.ap([[128, 6], [1, 6]]), predicate=%t12_same.ap([[128, 6], [1, 6]]), engine=DVE)
//   tensor_reduce(dst=%t9_mine.ap([[1, 6], [1, 1]]), op=maximum, data=%t14_folded.ap([[128, 6], [1, 6]]), axis=[1], engine=DVE)
//   tensor_tensor(dst=%t8_gathered.ap([[1, 6], [1, 1]]), data1=%t8_gathered.ap([[1, 6], [1, 1]]), data2=%t9_mine.ap([[1, 6], [1, 1]]), op=maximum, engine=DVE)
//   dma_copy(dst=%out0.ap([[1, 6], [1, 1]]), src=%t8_gathered.ap([[1, 6], [1, 1]]), dst_vector_offset=%t4_offset.ap([[1, 6], [1, 1]]), oob_skip=true, engine=DMA)
//   iota(dst=%t4_offset.ap([[1, 6], [1, 1]]), offset=16.0, channel_multiplier=0.0, engine=GpSimd)
//   dma_copy(dst=%t5_index.ap([[1, 6], [1, 1]]), src=%in1.ap([[1, 6], [1, 1]]), engine=DMA)
//   tensor_scalar(dst=%t6_part.ap([[1, 6], [1, 1]]), data=%t5_index.ap([[1, 6], [1, 1]]), op0=maximum, operand0=0.0, op1=minimum, operand1=3.0, engine=DVE)
//   tensor_tensor(dst=%t7_valid.ap([[1, 6], [1, 1]]), data1=%t6_part.ap([[1, 6], [1, 1]]), data2=%t5_index.ap([[1, 6], [1, 1]]), op=equal, engine=DVE)
//   tensor_scalar(dst=%t6_part.ap([[1, 6], [1, 1]]), data=%t6_part.ap([[1, 6], [1, 1]]), op0=multiply, operand0=1.0, engine=GpSimd)
//   tensor_tensor(dst=%t4_offset.ap([[1, 6], [1, 1]]), data1=%t4_offset.ap([[1, 6], [1, 1]]), data2=%t6_part.ap([[1, 6], [1, 1]]), op=add, engine=GpSimd)
//   dma_copy(dst=%t8_gathered.ap([[1, 6], [1, 1]]), src=%out0.ap([[1, 6], [1, 1]]), vector_offset=%t4_offset.ap([[1, 6], [1, 1]]), engine=DMA)
//   tensor_scalar(dst=%t6_part.ap([[1, 6], [1, 1]]), data=%t7_valid.ap([[1, 6], [1, 1]]), op0=multiply, operand0=-24.0, op1=add, operand1=24.0, engine=GpSimd)
//   tensor_tensor(dst=%t4_offset.ap([[1, 6], [1, 1]]), data1=%t4_offset.ap([[1, 6], [1, 1]]), data2=%t6_part.ap([[1, 6], [1, 1]]), op=add, engine=GpSimd)
//   dma_copy(dst=%t9_mine.ap([[1, 6], [1, 1]]), src=%in2.ap([[1, 6], [1, 1]], offset=24), engine=DMA)
//   tensor_copy(dst=%t10_keys.ap([[128, 6], [1, 6]]), src=%t4_offset.ap([[1, 6], [0, 6]]), engine=DVE)
//   nc_transpose(dst=%p11_across.ap([[128, 6], [1, 6]]), data=%t10_keys.ap([[128, 6], [1, 6]]), engine=PE)
//   tensor_scalar(dst=%t12_same.ap([[128, 6], [1, 6]]), data=%p11_across.ap([[128, 6], [1, 6]]), op0=equal, operand0=%t10_keys.ap([[128, 6], [1, 1]]), engine=DVE)
//   dma_copy(dst=%t13_theirs.ap([[128, 6], [1, 6]]), src=%in2.ap([[0, 6], [1, 6]], offset=24), engine=DMA)
//   tensor_copy(dst=%t14_folded.ap([[128, 6], [1, 6]]), src=%t9_mine.ap([[1, 6], [0, 6]]), engine=DVE)
//   tensor_copy_predicated(dst=%t14_folded.ap([[128, 6], [1, 6]]), src=%t13_theirs.ap([[128, 6], [1, 6]]), predicate=%t12_same.ap([[128, 6], [1, 6]]), engine=DVE)
//   tensor_reduce(dst=%t9_mine.ap([[1, 6], [1, 1]]), op=maximum, data=%t14_folded.ap([[128, 6], [1, 6]]), axis=[1], engine=DVE)
//   tensor_tensor(dst=%t8_gathered.ap([[1, 6], [1, 1]]), data1=%t8_gathered.ap([[1, 6], [1, 1]]), data2=%t9_mine.ap([[1, 6], [1, 1]]), op=maximum, engine=DVE)
//   dma_copy(dst=%out0.ap([[1, 6], [1, 1]]), src=%t8_gathered.ap([[1, 6], [1, 1]]), dst_vector_offset=%t4_offset.ap([[1, 6], [1, 1]]), oob_skip=true, engine=DMA)
//   iota(dst=%t4_offset.ap([[1, 6], [1, 1]]), offset=20.0, channel_multiplier=0.0, engine=GpSimd)
//   dma_copy(dst=%t5_index.ap([[1, 6], [1, 1]]), src=%in1.ap([[1, 6], [1, 1]]), engine=DMA)
//   tensor_scalar(dst=%t6_part.ap([[1, 6], [1, 1]]), data=%t5_index.ap([[1, 6], [1, 1]]), op0=maximum, operand0=0.0, op1=minimum, operand1=3.0, engine=DVE)
//   tensor_tensor(dst=%t7_valid.ap([[1, 6], [1, 1]]), data1=%t6_part.ap([[1, 6], [1, 1]]), data2=%t5_index.ap([[1, 6], [1, 1]]), op=equal, engine=DVE)
//   tensor_scalar(dst=%t6_part.ap([[1, 6], [1, 1]]), data=%t6_part.ap([[1, 6], [1, 1]]), op0=multiply, operand0=1.0, engine=GpSimd)
//   tensor_tensor(dst=%t4_offset.ap([[1, 6], [1, 1]]), data1=%t4_offset.ap([[1, 6], [1, 1]]), data2=%t6_part.ap([[1, 6], [1, 1]]), op=add, engine=GpSimd)
//   dma_copy(dst=%t8_gathered.ap([[1, 6], [1, 1]]), src=%out0.ap([[1, 6], [1, 1]]), vector_offset=%t4_offset.ap([[1, 6], [1, 1]]), engine=DMA)
//   tensor_scalar(dst=%t6_part.ap([[1, 6], [1, 1]]), data=%t7_valid.ap([[1, 6], [1, 1]]), op0=multiply, operand0=-24.0, op1=add, operand1=24.0, engine=GpSimd)
//   tensor_tensor(dst=%t4_offset.ap([[1, 6], [1, 1]]), data1=%t4_offset.ap([[1, 6], [1, 1]]), data2=%t6_part.ap([[1, 6], [1, 1]]), op=add, engine=GpSimd)
//   dma_copy(dst=%t9_mine.ap([[1, 6], [1, 1]]), src=%in2.ap([[1, 6], [1, 1]], offset=30), engine=DMA)
//   tensor_copy(dst=%t10_keys.ap([[128, 6], [1, 6]]), src=%t4_offset.ap([[1, 6], [0, 6]]), engine=DVE)
//   nc_transpose(dst=%p11_across.ap([[128, 6], [1, 6]]), data=%t10_keys.ap([[128, 6], [1, 6]]), engine=PE)
//   tensor_scalar(dst=%t12_same.ap([[128, 6], [1, 6]]), data=%p11_across.ap([[128, 6], [1, 6]]), op0=equal, operand0=%t10_keys.ap([[128, 6], [1, 1]]), engine=DVE)
//   dma_copy(dst=%t13_theirs.ap([[128, 6], [1, 6]]), src=%in2.ap([[0, 6], [1, 6]], offset=30), engine=DMA)
//   tensor_copy(dst=%t14_folded.ap([[128, 6], [1, 6]]), src=%t9_mine.ap([[1, 6], [0, 6]]), engine=DVE)
//   tensor_copy_predicated(dst=%t14_folded.ap([[128, 6], [1, 6]]), src=%t13_theirs.ap([[128, 6], [1, 6]]), predicate=%t12_same.ap([[128, 6], [1, 6]]), engine=DVE)
//   tensor_reduce(dst=%t9_mine.ap([[1, 6], [1, 1]]), op=maximum, data=%t14_folded.ap([[128, 6], [1, 6]]), axis=[1], engine=DVE)
//   tensor_tensor(dst=%t8_gathered.ap([[1, 6], [1, 1]]), data1=%t8_gathered.ap([[1, 6], [1, 1]]), data2=%t9_mine.ap([[1, 6], [1, 1]]), op=maximum, engine=DVE)
//   dma_copy(dst=%out0.ap([[1, 6], [1, 1]]), src=%t8_gathered.ap([[1, 6], [1, 1]]), dst_vector_offset=%t4_offset.ap([[1, 6], [1, 1]]), oob_skip=true, engine=DMA)
// }
//
// // device program of @main at tests/filetests/lower/scatter_max_colliding.mlir:8:1: 1 call; HBM 480 bytes
// device @main {
//   hbm %arg0 : f32[6, 4] input 0 at 0
//   hbm %arg1 : f32[6, 6] input 1 at 128
//   hbm %c0 : i32[6, 1] const at 320
//   hbm %t0 : f32[6, 4] at 384
//   call @k0(%arg0, %c0, %arg1) -> (%t0)
//   return %t0
// }
// ----- stderr
// lowered 1 kernel (stablehlo.scatter x1), estimate 4.505 us; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (14 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
