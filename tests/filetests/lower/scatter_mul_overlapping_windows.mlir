// A scatter that folds by `multiply` with windows of 2 that overlap (starts 0, 1 and 0 along
// the only dimension): its rows are elements, so the windows collide element by element,
// within a tile (the two windows at 0) and across tiles (the window at 1). The fold on chip
// starts from 1.
// RUN: egfuse lower %s --check
func.func @main(%x: tensor<8xf32>, %upd: tensor<2x3xf32>) -> tensor<8xf32> {
  %idx = stablehlo.constant dense<[[0], [1], [0]]> : tensor<3x1xi32>
  %0 = "stablehlo.scatter"(%x, %idx, %upd) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.multiply %b, %a : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<8xf32>, tensor<3x1xi32>, tensor<2x3xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check
// // stablehlo.scatter at tests/filetests/lower/scatter_mul_overlapping_windows.mlir:8:3: dma; SBUF 2072 of 196608 bytes per partition, PSUM 512 of 16384
// // estimate 1.469 us, bound by DVE (PE 182.858 ns, DVE 1.469 us, GpSimd 724.290 ns, DMA 344.245 ns)
// kernel @k0 kind stablehlo.scatter {
//   hbm %in0 : f32[8] input
//   hbm %in1 : i32[3] input
//   hbm %in2 : f32[6] input
//   hbm %out0 : f32[8] output
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
//   iota(dst=%t4_offset.ap([[1, 3], [1, 1]]), offset=0.0, channel_multiplier=0.0, engine=GpSimd)
//   dma_copy(dst=%t5_index.ap([[1, 3], [1, 1]]), src=%in1.ap([[1, 3], [1, 1]]), engine=DMA)
//   tensor_scalar(dst=%t6_part.ap([[1, 3], [1, 1]]), data=%t5_index.ap([[1, 3], [1, 1]]), op0=maximum, operand0=0.0, op1=minimum, operand1=6.0, engine=DVE)
//   tensor_tensor(dst=%t7_valid.ap([[1, 3], [1, 1]]), data1=%t6_part.ap([[1, 3], [1, 1]]), data2=%t5_index.ap([[1, 3], [1, 1]]), op=equal, engine=DVE)
//   tensor_scalar(dst=%t6_part.ap([[1, 3], [1, 1]]), data=%t6_part.ap([[1, 3], [1, 1]]), op0=multiply, operand0=1.0, engine=GpSimd)
//   tensor_tensor(dst=%t4_offset.ap([[1, 3], [1, 1]]), data1=%t4_offset.ap([[1, 3], [1, 1]]), data2=%t6_part.ap([[1, 3], [1, 1]]), op=add, engine=GpSimd)
//   dma_copy(dst=%t8_gathered.ap([[1, 3], [1, 1]]), src=%out0.ap([[1, 3], [1, 1]]), vector_offset=%t4_offset.ap([[1, 3], [1, 1]]), engine=DMA)
//   tensor_scalar(dst=%t6_part.ap([[1, 3], [1, 1]]), data=%t7_valid.ap([[1, 3], [1, 1]]), op0=multiply, operand0=-8.0, op1=add, operand1=8.0, engine=GpSimd)
//   tensor_tensor(dst=%t4_offset.ap([[1, 3], [1, 1]]), data1=%t4_offset.ap([[1, 3], [1, 1]]), data2=%t6_part.ap([[1, 3], [1, 1]]), op=add, engine=GpSimd)
//   dma_copy(dst=%t9_mine.ap([[1, 3], [1, 1]]), src=%in2.ap([[1, 3], [1, 1]]), engine=DMA)
//   tensor_copy(dst=%t10_keys.ap([[128, 3], [1, 3]]), src=%t4_offset.ap([[1, 3], [0, 3]]), engine=DVE)
//   nc_transpose(dst=%p11_across.ap([[128, 3], [1, 3]]), data=%t10_keys.ap([[128, 3], [1, 3]]), engine=PE)
//   tensor_scalar(dst=%t12_same.ap([[128, 3], [1, 3]]), data=%p11_across.ap([[128, 3], [1, 3]]), op0=equal, operand0=%t10_keys.ap([[128, 3], [1, 1]]), engine=DVE)
//   dma_copy(dst=%t13_theirs.ap([[128, 3], [1, 3]]), src=%in2.ap([[0, 3], [1, 3]]), engine=DMA)
//   memset(dst=%t14_folded.ap([[128, 3], [1, 3]]), value=1.0, engine=DVE)
//   tensor_copy_predicated(dst=%t14_folded.ap([[128, 3], [1, 3]]), src=%t13_theirs.ap([[128, 3], [1, 3]]), predicate=%t12_same.ap([[128, 3], [1, 3]]), engine=DVE)
//   tensor_reduce(dst=%t9_mine.ap([[1, 3], [1, 1]]), op=multiply, data=%t14_folded.ap([[128, 3], [1, 3]]), axis=[1], engine=DVE)
//   tensor_tensor(dst=%t8_gathered.ap([[1, 3], [1, 1]]), data1=%t8_gathered.ap([[1, 3], [1, 1]]), data2=%t9_mine.ap([[1, 3], [1, 1]]), op=multiply, engine=DVE)
//   dma_copy(dst=%out0.ap([[1, 3], [1, 1]]), src=%t8_gathered.ap([[1, 3], [1, 1]]), dst_vector_offset=%t4_offset.ap([[1, 3], [1, 1]]), oob_skip=true, engine=DMA)
//   iota(dst=%t4_offset.ap([[1, 3], [1, 1]]), offset=1.0, channel_multiplier=0.0, engine=GpSimd)
//   dma_copy(dst=%t5_index.ap([[1, 3], [1, 1]]), src=%in1.ap([[1, 3], [1, 1]]), engine=DMA)
//   tensor_scalar(dst=%t6_part.ap([[1, 3], [1, 1]]), data=%t5_index.ap([[1, 3], [1, 1]]), op0=maximum, operand0=0.0, op1=minimum, operand1=6.0, engine=DVE)
//   tensor_tensor(dst=%t7_valid.ap([[1, 3], [1, 1]]), data1=%t6_part.ap([[1, 3], [1, 1]]), data2=%t5_index.ap([[1, 3], [1, 1]]), op=equal, engine=DVE)
//   tensor_scalar(dst=%t6_part.ap([[1, 3], [1, 1]]), data=%t6_part.ap([[1, 3], [1, 1]]), op0=multiply, operand0=1.0, engine=GpSimd)
//   tensor_tensor(dst=%t4_offset.ap([[1, 3], [1, 1]]), data1=%t4_offset.ap([[1, 3], [1, 1]]), data2=%t6_part.ap([[1, 3], [1, 1]]), op=add, engine=GpSimd)
//   dma_copy(dst=%t8_gathered.ap([[1, 3], [1, 1]]), src=%out0.ap([[1, 3], [1, 1]]), vector_offset=%t4_offset.ap([[1, 3], [1, 1]]), engine=DMA)
//   tensor_scalar(dst=%t6_part.ap([[1, 3], [1, 1]]), data=%t7_valid.ap([[1, 3], [1, 1]]), op0=multiply, operand0=-8.0, op1=add, operand1=8.0, engine=GpSimd)
//   tensor_tensor(dst=%t4_offset.ap([[1, 3], [1, 1]]), data1=%t4_offset.ap([[1, 3], [1, 1]]), data2=%t6_part.ap([[1, 3], [1, 1]]), op=add, engine=GpSimd)
//   dma_copy(dst=%t9_mine.ap([[1, 3], [1, 1]]), src=%in2.ap([[1, 3], [1, 1]], offset=3), engine=DMA)
//   tensor_copy(dst=%t10_keys.ap([[128, 3], [1, 3]]), src=%t4_offset.ap([[1, 3], [0, 3]]), engine=DVE)
//   nc_transpose(dst=%p11_across.ap([[128, 3], [1, 3]]), data=%t10_keys.ap([[128, 3], [1, 3]]), engine=PE)
//   tensor_scalar(dst=%t12_same.ap([[128, 3], [1, 3]]), data=%p11_across.ap([[128, 3], [1, 3]]), op0=equal, operand0=%t10_keys.ap([[128, 3], [1, 1]]), engine=DVE)
//   dma_copy(dst=%t13_theirs.ap([[128, 3], [1, 3]]), src=%in2.ap([[0, 3], [1, 3]], offset=3), engine=DMA)
//   memset(dst=%t14_folded.ap([[128, 3], [1, 3]]), value=1.0, engine=DVE)
//   tensor_copy_predicated(dst=%t14_folded.ap([[128, 3], [1, 3]]), src=%t13_theirs.ap([[128, 3], [1, 3]]), predicate=%t12_same.ap([[128, 3], [1, 3]]), engine=DVE)
//   tensor_reduce(dst=%t9_mine.ap([[1, 3], [1, 1]]), op=multiply, data=%t14_folded.ap([[128, 3], [1, 3]]), axis=[1], engine=DVE)
//   tensor_tensor(dst=%t8_gathered.ap([[1, 3], [1, 1]]), data1=%t8_gathered.ap([[1, 3], [1, 1]]), data2=%t9_mine.ap([[1, 3], [1, 1]]), op=multiply, engine=DVE)
//   dma_copy(dst=%out0.ap([[1, 3], [1, 1]]), src=%t8_gathered.ap([[1, 3], [1, 1]]), dst_vector_offset=%t4_offset.ap([[1, 3], [1, 1]]), oob_skip=true, engine=DMA)
// }
//
// // device program of @main at tests/filetests/lower/scatter_mul_overlapping_windows.mlir:6:1: 1 call; HBM 224 bytes
// device @main {
//   hbm %arg0 : f32[8] input 0 at 0
//   hbm %arg1 : f32[2, 3] input 1 at 64
//   hbm %c0 : i32[3, 1] const at 128
//   hbm %t0 : f32[8] at 192
//   call @k0(%arg0, %c0, %arg1) -> (%t0)
//   return %t0
// }
// ----- stderr
// lowered 1 kernel (stablehlo.scatter x1), estimate 1.469 us; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (14 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
