// `chlo.top_k` by k rounds per tile of rows on DVE: the row's max, the lowest index holding it
// (the min of `index + N * (value != max)`), then that element taken out (-inf, its index 2N).
// The operand is small integers as floats, so rows tie; the device program's check runs the
// whole function against the reference, which orders ties by the lower index first.
// RUN: egfuse lower %s --check
func.func @main(%x: tensor<3x10xi32>) -> (tensor<3x2xf32>, tensor<3x2xi32>) {
  %f = stablehlo.convert %x : (tensor<3x10xi32>) -> tensor<3x10xf32>
  %v, %i = chlo.top_k(%f, k = 2) : tensor<3x10xf32> -> (tensor<3x2xf32>, tensor<3x2xi32>)
  return %v, %i : tensor<3x2xf32>, tensor<3x2xi32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check
// // stablehlo.convert at tests/filetests/lower/top_k_rounds.mlir:7:3: rows, 128 a tile; SBUF 80 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 98.215 ns, bound by DVE (DVE 98.215 ns, DMA 63.086 ns)
// kernel @k0 kind stablehlo.convert {
//   hbm %in0 : i32[30] input
//   hbm %out0 : f32[30] output
//   sbuf %t2 : i32[128, 10] at 0
//   sbuf %t3 : f32[128, 10] at 40
//   dma_copy(dst=%t2.ap([[10, 3], [1, 10]]), src=%in0.ap([[10, 3], [1, 10]]), engine=DMA)
//   tensor_copy(dst=%t3.ap([[10, 3], [1, 10]]), src=%t2.ap([[10, 3], [1, 10]]), engine=DVE)
//   dma_copy(dst=%out0.ap([[10, 3], [1, 10]]), src=%t3.ap([[10, 3], [1, 10]]), engine=DMA)
// }
//
// // chlo.top_k at tests/filetests/lower/top_k_rounds.mlir:8:3: rows, 128 a tile; SBUF 216 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 1.716 us, bound by DVE (DVE 1.716 us, GpSimd 78.572 ns, DMA 94.161 ns)
// kernel @k1 kind chlo.top_k {
//   hbm %in0 : f32[30] input
//   hbm %out0 : f32[6] output
//   hbm %out1 : i32[6] output
//   sbuf %t3_rows : f32[128, 10] at 0
//   sbuf %t4_index : f32[128, 10] at 40
//   sbuf %t5_scratch : f32[128, 10] at 168
//   sbuf %t6_neg : f32[128, 10] at 80
//   sbuf %t7_gone : f32[128, 10] at 120
//   sbuf %t8_values : f32[128, 2] at 160
//   sbuf %t9_taken : f32[128, 2] at 208
//   sbuf %t10_taken_i32 : i32[128, 2] at 0
//   dma_copy(dst=%t3_rows.ap([[10, 3], [1, 10]]), src=%in0.ap([[10, 3], [1, 10]]), engine=DMA)
//   iota(dst=%t4_index.ap([[10, 3], [1, 10]]), offset=0.0, channel_multiplier=0.0, engine=GpSimd)
//   memset(dst=%t6_neg.ap([[10, 3], [1, 10]]), value=-inf, engine=DVE)
//   memset(dst=%t7_gone.ap([[10, 3], [1, 10]]), value=20.0, engine=DVE)
//   tensor_reduce(dst=%t8_values.ap([[2, 3], [1, 1]]), op=maximum, data=%t3_rows.ap([[10, 3], [1, 10]]), axis=[1], engine=DVE)
//   tensor_scalar(dst=%t5_scratch.ap([[10, 3], [1, 10]]), data=%t3_rows.ap([[10, 3], [1, 10]]), op0=not_equal, operand0=%t8_values.ap([[2, 3], [1, 1]]), op1=multiply, operand1=10.0, engine=DVE)
//   tensor_tensor(dst=%t5_scratch.ap([[10, 3], [1, 10]]), data1=%t5_scratch.ap([[10, 3], [1, 10]]), data2=%t4_index.ap([[10, 3], [1, 10]]), op=add, engine=DVE)
//   tensor_reduce(dst=%t9_taken.ap([[2, 3], [1, 1]]), op=minimum, data=%t5_scratch.ap([[10, 3], [1, 10]]), axis=[1], engine=DVE)
//   tensor_scalar(dst=%t5_scratch.ap([[10, 3], [1, 10]]), data=%t4_index.ap([[10, 3], [1, 10]]), op0=equal, operand0=%t9_taken.ap([[2, 3], [1, 1]]), engine=DVE)
//   tensor_copy_predicated(dst=%t3_rows.ap([[10, 3], [1, 10]]), src=%t6_neg.ap([[10, 3], [1, 10]]), predicate=%t5_scratch.ap([[10, 3], [1, 10]]), engine=DVE)
//   tensor_copy_predicated(dst=%t4_index.ap([[10, 3], [1, 10]]), src=%t7_gone.ap([[10, 3], [1, 10]]), predicate=%t5_scratch.ap([[10, 3], [1, 10]]), engine=DVE)
//   tensor_reduce(dst=%t8_values.ap([[2, 3], [1, 1]], offset=1), op=maximum, data=%t3_rows.ap([[10, 3], [1, 10]]), axis=[1], engine=DVE)
//   tensor_scalar(dst=%t5_scratch.ap([[10, 3], [1, 10]]), data=%t3_rows.ap([[10, 3], [1, 10]]), op0=not_equal, operand0=%t8_values.ap([[2, 3], [1, 1]], offset=1), op1=multiply, operand1=10.0, engine=DVE)
//   tensor_tensor(dst=%t5_scratch.ap([[10, 3], [1, 10]]), data1=%t5_scratch.ap([[10, 3], [1, 10]]), data2=%t4_index.ap([[10, 3], [1, 10]]), op=add, engine=DVE)
//   tensor_reduce(dst=%t9_taken.ap([[2, 3], [1, 1]], offset=1), op=minimum, data=%t5_scratch.ap([[10, 3], [1, 10]]), axis=[1], engine=DVE)
//   tensor_scalar(dst=%t5_scratch.ap([[10, 3], [1, 10]]), data=%t4_index.ap([[10, 3], [1, 10]]), op0=equal, operand0=%t9_taken.ap([[2, 3], [1, 1]], offset=1), engine=DVE)
//   tensor_copy_predicated(dst=%t3_rows.ap([[10, 3], [1, 10]]), src=%t6_neg.ap([[10, 3], [1, 10]]), predicate=%t5_scratch.ap([[10, 3], [1, 10]]), engine=DVE)
//   tensor_copy_predicated(dst=%t4_index.ap([[10, 3], [1, 10]]), src=%t7_gone.ap([[10, 3], [1, 10]]), predicate=%t5_scratch.ap([[10, 3], [1, 10]]), engine=DVE)
//   tensor_copy(dst=%t10_taken_i32.ap([[2, 3], [1, 2]]), src=%t9_taken.ap([[2, 3], [1, 2]]), engine=DVE)
//   dma_copy(dst=%out0.ap([[2, 3], [1, 2]]), src=%t8_values.ap([[2, 3], [1, 2]]), engine=DMA)
//   dma_copy(dst=%out1.ap([[2, 3], [1, 2]]), src=%t10_taken_i32.ap([[2, 3], [1, 2]]), engine=DMA)
// }
//
// // device program of @main at tests/filetests/lower/top_k_rounds.mlir:6:1: 2 calls; HBM 344 bytes
// device @main {
//   hbm %arg0 : i32[3, 10] input 0 at 0
//   hbm %t0 : f32[3, 10] at 128
//   hbm %t1 : f32[3, 2] at 256
//   hbm %t2 : i32[3, 2] at 320
//   call @k0(%arg0) -> (%t0)
//   call @k1(%t0) -> (%t1, %t2)
//   return %t1, %t2
// }
// ----- stderr
// lowered 2 kernels (chlo.top_k x1, stablehlo.convert x1), estimate 1.814 us; device program: 2 calls
// check: 2 of 2 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 2 results
// check: the streams of 2 of 2 kernels are deadlock-free and race-free (6 semaphores)
// check: 2 of 2 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
