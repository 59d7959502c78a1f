// An argmax whose comparator is spelled unlike JAX's (a `minimum` of the indices on a tie), and
// whose rows hold NaNs (where the input is 3) and ties (small integers): recognised by what its
// body computes on probe pairs, lowered to a max, the lowest index holding it (or the first
// NaN), per tile of 128 rows. The device program's check runs the whole function against the
// reference, 130 rows (two tiles).
// RUN: egfuse lower %s --check
func.func @main(%x: tensor<130x12xi32>) -> (tensor<130xf32>, tensor<130xi32>) {
  %three = stablehlo.constant dense<3> : tensor<130x12xi32>
  %is3 = stablehlo.compare EQ, %x, %three, SIGNED : (tensor<130x12xi32>, tensor<130x12xi32>) -> tensor<130x12xi1>
  %f = stablehlo.convert %x : (tensor<130x12xi32>) -> tensor<130x12xf32>
  %nan = stablehlo.constant dense<0x7FC00000> : tensor<130x12xf32>
  %v = stablehlo.select %is3, %nan, %f : tensor<130x12xi1>, tensor<130x12xf32>
  %i = stablehlo.iota dim = 1 : tensor<130x12xi32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.reduce(%v init: %ninf), (%i init: %zero) across dimensions = [1] : (tensor<130x12xf32>, tensor<130x12xi32>, tensor<f32>, tensor<i32>) -> (tensor<130xf32>, tensor<130xi32>)
   reducer(%a: tensor<f32>, %b: tensor<f32>) (%ai: tensor<i32>, %bi: tensor<i32>)  {
    %nan_a = stablehlo.compare NE, %a, %a, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %gt = stablehlo.compare GT, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %eq = stablehlo.compare EQ, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %wins = stablehlo.or %gt, %nan_a : tensor<i1>
    %m = stablehlo.select %wins, %a, %b : tensor<i1>, tensor<f32>
    %tie = stablehlo.minimum %ai, %bi : tensor<i32>
    %pick = stablehlo.select %wins, %ai, %bi : tensor<i1>, tensor<i32>
    %j = stablehlo.select %eq, %tie, %pick : tensor<i1>, tensor<i32>
    stablehlo.return %m, %j : tensor<f32>, tensor<i32>
  }
  return %r#0, %r#1 : tensor<130xf32>, tensor<130xi32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check
// // stablehlo.iota at tests/filetests/lower/argmax_spelled.mlir:13:3: dma; SBUF 48 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 80.000 ns, bound by GpSimd (GpSimd 80.000 ns, DMA 46.470 ns)
// kernel @k0 kind stablehlo.iota {
//   hbm %out0 : i32[1560] output
//   sbuf %t1 : i32[1, 12] at 0
//   iota(dst=%t1, offset=0.0, channel_multiplier=0.0, engine=GpSimd)
//   dma_copy(dst=%out0.ap([[12, 130], [1, 12]]), src=%t1.ap([[12, 1], [0, 130], [1, 12]]), engine=DMA)
// }
//
// // Elementwise at tests/filetests/lower/argmax_spelled.mlir:12:3: rows, 128 a tile; SBUF 116 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 1.023 us, bound by DVE (DVE 1.023 us, DMA 155.442 ns)
// kernel @k1 kind Elementwise {
//   hbm %in0 : i32[1560] input
//   hbm %out0 : f32[1560] output
//   sbuf %t2 : i32[128, 12] at 8
//   sbuf %t3 : ui8[128, 12] at 56
//   sbuf %c0 : i32[128, 1] at 0
//   sbuf %t5 : f32[128, 12] at 68
//   sbuf %t6 : f32[128, 12] at 8
//   sbuf %c1 : f32[128, 1] at 4
//   sbuf %t8 : i32[128, 12] at 8
//   sbuf %t9 : ui8[128, 12] at 56
//   sbuf %t10 : f32[128, 12] at 68
//   sbuf %t11 : f32[128, 12] at 8
//   memset(dst=%c0, value=3.0, engine=DVE)
//   memset(dst=%c1, value=nan, engine=DVE)
//   dma_copy(dst=%t2, src=%in0.ap([[12, 128], [1, 12]]), engine=DMA)
//   tensor_tensor(dst=%t3, data1=%t2, data2=%c0.ap([[1, 128], [0, 12]]), op=equal, engine=DVE)
//   tensor_copy(dst=%t5, src=%t2, engine=DVE)
//   tensor_copy(dst=%t6, src=%t5, engine=DVE)
//   tensor_copy_predicated(dst=%t6, src=%c1.ap([[1, 128], [0, 12]]), predicate=%t3, engine=DVE)
//   dma_copy(dst=%out0.ap([[12, 128], [1, 12]]), src=%t6, engine=DMA)
//   dma_copy(dst=%t8.ap([[12, 2], [1, 12]]), src=%in0.ap([[12, 2], [1, 12]], offset=1536), engine=DMA)
//   tensor_tensor(dst=%t9.ap([[12, 2], [1, 12]]), data1=%t8.ap([[12, 2], [1, 12]]), data2=%c0.ap([[1, 2], [0, 12]]), op=equal, engine=DVE)
//   tensor_copy(dst=%t10.ap([[12, 2], [1, 12]]), src=%t8.ap([[12, 2], [1, 12]]), engine=DVE)
//   tensor_copy(dst=%t11.ap([[12, 2], [1, 12]]), src=%t10.ap([[12, 2], [1, 12]]), engine=DVE)
//   tensor_copy_predicated(dst=%t11.ap([[12, 2], [1, 12]]), src=%c1.ap([[1, 2], [0, 12]]), predicate=%t9.ap([[12, 2], [1, 12]]), engine=DVE)
//   dma_copy(dst=%out0.ap([[12, 2], [1, 12]], offset=1536), src=%t11.ap([[12, 2], [1, 12]]), engine=DMA)
// }
//
// // argmax at tests/filetests/lower/argmax_spelled.mlir:16:3: rows, 128 a tile; SBUF 168 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 1.662 us, bound by DVE (DVE 1.662 us, DMA 410.518 ns)
// kernel @k2 kind argmax {
//   hbm %in0 : f32[1560] input
//   hbm %in1 : i32[1560] input
//   hbm %in2 : f32[1] input
//   hbm %in3 : i32[1] input
//   hbm %out0 : f32[130] output
//   hbm %out1 : i32[130] output
//   sbuf %t6_rows : f32[128, 13] at 0
//   sbuf %t7_index : f32[128, 13] at 52
//   sbuf %t8_scratch : f32[128, 13] at 108
//   sbuf %t9_value : f32[128, 1] at 104
//   sbuf %t10_pick : f32[128, 1] at 160
//   sbuf %t11_pick_int : i32[128, 1] at 164
//   dma_copy(dst=%t6_rows.ap([[13, 128], [1, 12]]), src=%in0.ap([[12, 128], [1, 12]]), engine=DMA)
//   dma_copy(dst=%t6_rows.ap([[13, 128], [1, 1]], offset=12), src=%in2.ap([[0, 128], [1, 1]]), engine=DMA)
//   dma_copy(dst=%t7_index.ap([[13, 128], [1, 12]]), src=%in1.ap([[12, 128], [1, 12]]), engine=DMA)
//   dma_copy(dst=%t7_index.ap([[13, 128], [1, 1]], offset=12), src=%in3.ap([[0, 128], [1, 1]]), engine=DMA)
//   tensor_reduce(dst=%t9_value, op=maximum, data=%t6_rows, axis=[1], engine=DVE)
//   tensor_scalar(dst=%t8_scratch, data=%t6_rows, op0=equal, operand0=%t9_value, engine=DVE)
//   tensor_tensor(dst=%t6_rows, data1=%t6_rows, data2=%t6_rows, op=not_equal, engine=DVE)
//   tensor_tensor(dst=%t8_scratch, data1=%t8_scratch, data2=%t6_rows, op=maximum, engine=DVE)
//   tensor_scalar(dst=%t8_scratch, data=%t8_scratch, op0=multiply, operand0=-520.0, op1=add, operand1=520.0, engine=DVE)
//   tensor_tensor(dst=%t8_scratch, data1=%t8_scratch, data2=%t7_index, op=add, engine=DVE)
//   tensor_reduce(dst=%t10_pick, op=minimum, data=%t8_scratch, axis=[1], engine=DVE)
//   tensor_copy(dst=%t11_pick_int, src=%t10_pick, engine=DVE)
//   dma_copy(dst=%out0.ap([[1, 128], [1, 1]]), src=%t9_value, engine=DMA)
//   dma_copy(dst=%out1.ap([[1, 128], [1, 1]]), src=%t11_pick_int, engine=DMA)
//   dma_copy(dst=%t6_rows.ap([[13, 2], [1, 12]]), src=%in0.ap([[12, 2], [1, 12]], offset=1536), engine=DMA)
//   dma_copy(dst=%t6_rows.ap([[13, 2], [1, 1]], offset=12), src=%in2.ap([[0, 2], [1, 1]]), engine=DMA)
//   dma_copy(dst=%t7_index.ap([[13, 2], [1, 12]]), src=%in1.ap([[12, 2], [1, 12]], offset=1536), engine=DMA)
//   dma_copy(dst=%t7_index.ap([[13, 2], [1, 1]], offset=12), src=%in3.ap([[0, 2], [1, 1]]), engine=DMA)
//   tensor_reduce(dst=%t9_value.ap([[1, 2], [1, 1]]), op=maximum, data=%t6_rows.ap([[13, 2], [1, 13]]), axis=[1], engine=DVE)
//   tensor_scalar(dst=%t8_scratch.ap([[13, 2], [1, 13]]), data=%t6_rows.ap([[13, 2], [1, 13]]), op0=equal, operand0=%t9_value.ap([[1, 2], [1, 1]]), engine=DVE)
//   tensor_tensor(dst=%t6_rows.ap([[13, 2], [1, 13]]), data1=%t6_rows.ap([[13, 2], [1, 13]]), data2=%t6_rows.ap([[13, 2], [1, 13]]), op=not_equal, engine=DVE)
//   tensor_tensor(dst=%t8_scratch.ap([[13, 2], [1, 13]]), data1=%t8_scratch.ap([[13, 2], [1, 13]]), data2=%t6_rows.ap([[13, 2], [1, 13]]), op=maximum, engine=DVE)
//   tensor_scalar(dst=%t8_scratch.ap([[13, 2], [1, 13]]), data=%t8_scratch.ap([[13, 2], [1, 13]]), op0=multiply, operand0=-520.0, op1=add, operand1=520.0, engine=DVE)
//   tensor_tensor(dst=%t8_scratch.ap([[13, 2], [1, 13]]), data1=%t8_scratch.ap([[13, 2], [1, 13]]), data2=%t7_index.ap([[13, 2], [1, 13]]), op=add, engine=DVE)
//   tensor_reduce(dst=%t10_pick.ap([[1, 2], [1, 1]]), op=minimum, data=%t8_scratch.ap([[13, 2], [1, 13]]), axis=[1], engine=DVE)
//   tensor_copy(dst=%t11_pick_int.ap([[1, 2], [1, 1]]), src=%t10_pick.ap([[1, 2], [1, 1]]), engine=DVE)
//   dma_copy(dst=%out0.ap([[1, 2], [1, 1]], offset=128), src=%t9_value.ap([[1, 2], [1, 1]]), engine=DMA)
//   dma_copy(dst=%out1.ap([[1, 2], [1, 1]], offset=128), src=%t11_pick_int.ap([[1, 2], [1, 1]]), engine=DMA)
// }
//
// // device program of @main at tests/filetests/lower/argmax_spelled.mlir:7:1: 3 calls; HBM 20040 bytes
// device @main {
//   hbm %arg0 : i32[130, 12] input 0 at 0
//   hbm %t0 : i32[130, 12] at 6400
//   hbm %t1 : f32[130, 12] at 12672
//   hbm %c0 : f32[] const at 6272
//   hbm %c1 : i32[] const at 6336
//   hbm %t2 : f32[130] at 18944
//   hbm %t3 : i32[130] at 19520
//   call @k0() -> (%t0)
//   call @k1(%arg0) -> (%t1)
//   call @k2(%t1, %t0, %c0, %c1) -> (%t2, %t3)
//   return %t2, %t3
// }
// ----- stderr
// lowered 3 kernels (Elementwise x1, argmax x1, stablehlo.iota x1), estimate 2.765 us; device program: 3 calls
// check: 3 of 3 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 2 results
// check: the streams of 3 of 3 kernels are deadlock-free and race-free (11 semaphores)
// check: 3 of 3 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
