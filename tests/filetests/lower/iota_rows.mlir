// A causal mask over 300 queries, combined with a padding mask read from HBM: the query index
// (along the rows) of each loop tile is a column of the table of every tile's rows (`%rows`),
// made once; the last tile's starts at a fixed row.
// RUN: egfuse lower %s --check
func.func @main(%pad: tensor<300x300xi32>) -> tensor<300x300xi32> {
  %0 = "mhlo.fusion"(%pad) ({
  ^bb0(%m: tensor<300x300xi32>):
    %q = stablehlo.iota dim = 0 : tensor<300x300xi32>
    %k = stablehlo.iota dim = 1 : tensor<300x300xi32>
    %c = stablehlo.compare GE, %q, %k, SIGNED : (tensor<300x300xi32>, tensor<300x300xi32>) -> tensor<300x300xi1>
    %ci = stablehlo.convert %c : (tensor<300x300xi1>) -> tensor<300x300xi32>
    %r = stablehlo.and %ci, %m : tensor<300x300xi32>
    mhlo.return %r : tensor<300x300xi32>
  }) {FusionKind = "Elementwise"} : (tensor<300x300xi32>) -> tensor<300x300xi32>
  return %0 : tensor<300x300xi32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check
// // Elementwise at tests/filetests/lower/iota_rows.mlir:12:5: rows, 128 a tile; SBUF 3912 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 4.109 us, bound by DVE (DVE 4.109 us, GpSimd 2.430 us, DMA 1.943 us)
// kernel @k0 kind Elementwise {
//   hbm %in0 : i32[90000] input
//   hbm %out0 : i32[90000] output
//   sbuf %t2 : i32[128, 300] at 12
//   sbuf %t3 : i32[128, 300] at 1212
//   sbuf %rows : f32[128, 3] at 0
//   sbuf %t5 : i32[128, 300] at 2412
//   sbuf %t6 : ui8[128, 300] at 3612
//   sbuf %t7 : i32[128, 300] at 1212
//   sbuf %t8 : i32[128, 300] at 2412
//   sbuf %t9 : i32[128, 300] at 12
//   sbuf %t10 : i32[128, 300] at 1212
//   sbuf %t11 : i32[128, 300] at 2412
//   sbuf %t12 : ui8[128, 300] at 3612
//   sbuf %t13 : i32[128, 300] at 1212
//   sbuf %t14 : i32[128, 300] at 2412
//   iota(dst=%rows, offset=0.0, channel_multiplier=0.0078125, engine=GpSimd)
//   tensor_scalar(dst=%rows, data=%rows, op0=multiply, operand0=128.0, engine=DVE)
//   for %r0 in 0..2 {
//     dma_copy(dst=%t2, src=%in0.ap([[300, 128], [1, 300]], offset=38400*%r0), engine=DMA)
//     tensor_copy(dst=%t3, src=%rows.ap([[3, 128], [0, 300]], offset=%r0), engine=DVE)
//     iota(dst=%t5, offset=0.0, channel_multiplier=0.0, engine=GpSimd)
//     tensor_tensor(dst=%t6, data1=%t3, data2=%t5, op=greater_equal, engine=DVE)
//     tensor_copy(dst=%t7, src=%t6, engine=DVE)
//     tensor_tensor(dst=%t8, data1=%t7, data2=%t2, op=bitwise_and, engine=GpSimd)
//     dma_copy(dst=%out0.ap([[300, 128], [1, 300]], offset=38400*%r0), src=%t8, engine=DMA)
//   }
//   dma_copy(dst=%t9.ap([[300, 44], [1, 300]]), src=%in0.ap([[300, 44], [1, 300]], offset=76800), engine=DMA)
//   tensor_copy(dst=%t10.ap([[300, 44], [1, 300]]), src=%rows.ap([[3, 44], [0, 300]], offset=2), engine=DVE)
//   iota(dst=%t11.ap([[300, 44], [1, 300]]), offset=0.0, channel_multiplier=0.0, engine=GpSimd)
//   tensor_tensor(dst=%t12.ap([[300, 44], [1, 300]]), data1=%t10.ap([[300, 44], [1, 300]]), data2=%t11.ap([[300, 44], [1, 300]]), op=greater_equal, engine=DVE)
//   tensor_copy(dst=%t13.ap([[300, 44], [1, 300]]), src=%t12.ap([[300, 44], [1, 300]]), engine=DVE)
//   tensor_tensor(dst=%t14.ap([[300, 44], [1, 300]]), data1=%t13.ap([[300, 44], [1, 300]]), data2=%t9.ap([[300, 44], [1, 300]]), op=bitwise_and, engine=GpSimd)
//   dma_copy(dst=%out0.ap([[300, 44], [1, 300]], offset=76800), src=%t14.ap([[300, 44], [1, 300]]), engine=DMA)
// }
//
// // device program of @main at tests/filetests/lower/iota_rows.mlir:5:1: 1 call; HBM 720000 bytes
// device @main {
//   hbm %arg0 : i32[300, 300] input 0 at 0
//   hbm %t0 : i32[300, 300] at 360000
//   call @k0(%arg0) -> (%t0)
//   return %t0
// }
// ----- stderr
// lowered 1 kernel (Elementwise x1), estimate 4.109 us; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (6 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
