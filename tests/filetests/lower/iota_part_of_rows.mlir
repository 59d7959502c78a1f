// An iota along one of several dimensions the rows flatten counts `(row / every) mod period`
// (here `row mod 8`): its values come from a table of every tile's rows made once before the
// loops, the rows truncated to int32 and whole periods (`(row + 0.5) / 8`, truncated, times 8)
// taken away. The second kernel's iota counts `(row / 5) mod 3` over 30 rows.
// RUN: egfuse lower %s --check
func.func @main(%x: tensor<4x8x16xf32>, %y: tensor<2x3x5x16xf32>) -> (tensor<4x8x16xf32>, tensor<2x3x5x16xf32>) {
  %0 = "mhlo.fusion"(%x) ({
  ^bb0(%a: tensor<4x8x16xf32>):
    %i = stablehlo.iota dim = 1 : tensor<4x8x16xf32>
    %r = stablehlo.add %a, %i : tensor<4x8x16xf32>
    mhlo.return %r : tensor<4x8x16xf32>
  }) {FusionKind = "Elementwise"} : (tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
  %1 = "mhlo.fusion"(%y) ({
  ^bb0(%b: tensor<2x3x5x16xf32>):
    %i = stablehlo.iota dim = 1 : tensor<2x3x5x16xf32>
    %r = stablehlo.multiply %b, %i : tensor<2x3x5x16xf32>
    mhlo.return %r : tensor<2x3x5x16xf32>
  }) {FusionKind = "Elementwise"} : (tensor<2x3x5x16xf32>) -> tensor<2x3x5x16xf32>
  return %0, %1 : tensor<4x8x16xf32>, tensor<2x3x5x16xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check
// // Elementwise at tests/filetests/lower/iota_part_of_rows.mlir:10:5: rows, 128 a tile; SBUF 200 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 491.967 ns, bound by DVE (DVE 491.967 ns, GpSimd 217.144 ns, DMA 72.492 ns)
// kernel @k0 kind Elementwise {
//   hbm %in0 : f32[512] input
//   hbm %out0 : f32[512] output
//   sbuf %t2 : f32[128, 16] at 8
//   sbuf %t3 : f32[128, 16] at 72
//   sbuf %rows_div1_mod8 : i32[128, 1] at 4
//   sbuf %rows : f32[128, 1] at 0
//   sbuf %rows_div8 : i32[128, 1] at 8
//   sbuf %t7 : f32[128, 16] at 136
//   iota(dst=%rows, offset=0.0, channel_multiplier=0.0078125, engine=GpSimd)
//   tensor_scalar(dst=%rows, data=%rows, op0=multiply, operand0=128.0, engine=DVE)
//   tensor_copy(dst=%rows_div1_mod8, src=%rows, engine=DVE)
//   tensor_scalar(dst=%rows_div8, data=%rows, op0=add, operand0=0.5, op1=divide, operand1=8.0, engine=DVE)
//   tensor_scalar(dst=%rows_div8, data=%rows_div8, op0=multiply, operand0=8.0, engine=GpSimd)
//   tensor_tensor(dst=%rows_div1_mod8, data1=%rows_div1_mod8, data2=%rows_div8, op=subtract, engine=GpSimd)
//   dma_copy(dst=%t2.ap([[16, 32], [1, 16]]), src=%in0.ap([[16, 32], [1, 16]]), engine=DMA)
//   tensor_copy(dst=%t3.ap([[16, 32], [1, 16]]), src=%rows_div1_mod8.ap([[1, 32], [0, 16]]), engine=DVE)
//   tensor_tensor(dst=%t7.ap([[16, 32], [1, 16]]), data1=%t2.ap([[16, 32], [1, 16]]), data2=%t3.ap([[16, 32], [1, 16]]), op=add, engine=DVE)
//   dma_copy(dst=%out0.ap([[16, 32], [1, 16]]), src=%t7.ap([[16, 32], [1, 16]]), engine=DMA)
// }
//
// // Elementwise at tests/filetests/lower/iota_part_of_rows.mlir:16:5: rows, 128 a tile; SBUF 200 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 491.967 ns, bound by DVE (DVE 491.967 ns, GpSimd 217.144 ns, DMA 71.866 ns)
// kernel @k1 kind Elementwise {
//   hbm %in0 : f32[480] input
//   hbm %out0 : f32[480] output
//   sbuf %t2 : f32[128, 16] at 8
//   sbuf %t3 : f32[128, 16] at 72
//   sbuf %rows_div5_mod3 : i32[128, 1] at 4
//   sbuf %rows : f32[128, 1] at 0
//   sbuf %rows_div15 : i32[128, 1] at 8
//   sbuf %t7 : f32[128, 16] at 136
//   iota(dst=%rows, offset=0.0, channel_multiplier=0.0078125, engine=GpSimd)
//   tensor_scalar(dst=%rows, data=%rows, op0=multiply, operand0=128.0, engine=DVE)
//   tensor_scalar(dst=%rows_div5_mod3, data=%rows, op0=add, operand0=0.5, op1=divide, operand1=5.0, engine=DVE)
//   tensor_scalar(dst=%rows_div15, data=%rows, op0=add, operand0=0.5, op1=divide, operand1=15.0, engine=DVE)
//   tensor_scalar(dst=%rows_div15, data=%rows_div15, op0=multiply, operand0=3.0, engine=GpSimd)
//   tensor_tensor(dst=%rows_div5_mod3, data1=%rows_div5_mod3, data2=%rows_div15, op=subtract, engine=GpSimd)
//   dma_copy(dst=%t2.ap([[16, 30], [1, 16]]), src=%in0.ap([[16, 30], [1, 16]]), engine=DMA)
//   tensor_copy(dst=%t3.ap([[16, 30], [1, 16]]), src=%rows_div5_mod3.ap([[1, 30], [0, 16]]), engine=DVE)
//   tensor_tensor(dst=%t7.ap([[16, 30], [1, 16]]), data1=%t2.ap([[16, 30], [1, 16]]), data2=%t3.ap([[16, 30], [1, 16]]), op=multiply, engine=DVE)
//   dma_copy(dst=%out0.ap([[16, 30], [1, 16]]), src=%t7.ap([[16, 30], [1, 16]]), engine=DMA)
// }
//
// // device program of @main at tests/filetests/lower/iota_part_of_rows.mlir:6:1: 2 calls; HBM 7936 bytes
// device @main {
//   hbm %arg0 : f32[4, 8, 16] input 0 at 0
//   hbm %arg1 : f32[2, 3, 5, 16] input 1 at 2048
//   hbm %t0 : f32[4, 8, 16] at 3968
//   hbm %t1 : f32[2, 3, 5, 16] at 6016
//   call @k0(%arg0) -> (%t0)
//   call @k1(%arg1) -> (%t1)
//   return %t0, %t1
// }
// ----- stderr
// lowered 2 kernels (Elementwise x2), estimate 983.934 ns; device program: 2 calls
// check: 2 of 2 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 2 results
// check: the streams of 2 of 2 kernels are deadlock-free and race-free (12 semaphores)
// check: 2 of 2 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
