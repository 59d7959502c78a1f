// An integer remainder is `x - (x / y) * y` on GpSimd's exact integer datapath, the division
// truncating, so the remainder takes the dividend's sign (-7 rem 3 is -1, 7 rem -3 is 1), as
// StableHLO's does. `--check` runs it against the reference interpreter on random operands.
// RUN: egfuse lower %s --check
func.func @main(%x: tensor<8x128xi32>, %y: tensor<8x128xi32>) -> tensor<8x128xi32> {
  %0 = stablehlo.remainder %x, %y : tensor<8x128xi32>
  return %0 : tensor<8x128xi32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check
// // stablehlo.remainder at tests/filetests/lower/integer_remainder.mlir:6:3: rows, 128 a tile; SBUF 1536 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 508.572 ns, bound by GpSimd (DVE 317.858 ns, GpSimd 508.572 ns, DMA 123.723 ns)
// kernel @k0 kind stablehlo.remainder {
//   hbm %in0 : i32[1024] input
//   hbm %in1 : i32[1024] input
//   hbm %out0 : i32[1024] output
//   sbuf %t3 : i32[128, 128] at 0
//   sbuf %t4 : i32[128, 128] at 512
//   sbuf %t5 : i32[128, 128] at 1024
//   dma_copy(dst=%t3.ap([[128, 8], [1, 128]]), src=%in0.ap([[128, 8], [1, 128]]), engine=DMA)
//   dma_copy(dst=%t4.ap([[128, 8], [1, 128]]), src=%in1.ap([[128, 8], [1, 128]]), engine=DMA)
//   tensor_tensor(dst=%t5.ap([[128, 8], [1, 128]]), data1=%t3.ap([[128, 8], [1, 128]]), data2=%t4.ap([[128, 8], [1, 128]]), op=divide, engine=DVE)
//   tensor_tensor(dst=%t5.ap([[128, 8], [1, 128]]), data1=%t5.ap([[128, 8], [1, 128]]), data2=%t4.ap([[128, 8], [1, 128]]), op=multiply, engine=GpSimd)
//   tensor_tensor(dst=%t5.ap([[128, 8], [1, 128]]), data1=%t3.ap([[128, 8], [1, 128]]), data2=%t5.ap([[128, 8], [1, 128]]), op=subtract, engine=GpSimd)
//   dma_copy(dst=%out0.ap([[128, 8], [1, 128]]), src=%t5.ap([[128, 8], [1, 128]]), engine=DMA)
// }
//
// // device program of @main at tests/filetests/lower/integer_remainder.mlir:5:1: 1 call; HBM 12288 bytes
// device @main {
//   hbm %arg0 : i32[8, 128] input 0 at 0
//   hbm %arg1 : i32[8, 128] input 1 at 4096
//   hbm %t0 : i32[8, 128] at 8192
//   call @k0(%arg0, %arg1) -> (%t0)
//   return %t0
// }
// ----- stderr
// lowered 1 kernel (stablehlo.remainder x1), estimate 508.572 ns; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (5 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
