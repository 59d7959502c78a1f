// |x| of integers is the maximum of x and -x (ACT's abs is a float activation): two int32
// instructions on GpSimd. The check's random integers are in [0, 8), so the kernel subtracts 4
// first to reach negative values.
// RUN: egfuse lower %s --check
func.func @main(%x: tensor<4x6xi32>) -> tensor<4x6xi32> {
  %c = stablehlo.constant dense<4> : tensor<4x6xi32>
  %0 = stablehlo.subtract %x, %c : tensor<4x6xi32>
  %1 = stablehlo.abs %0 : tensor<4x6xi32>
  return %1 : tensor<4x6xi32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check
// // Elementwise at tests/filetests/lower/abs_int.mlir:8:3: rows, 128 a tile; SBUF 48 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 151.430 ns, bound by GpSimd (DVE 100.000 ns, GpSimd 151.430 ns, DMA 62.970 ns)
// kernel @k0 kind Elementwise {
//   hbm %in0 : i32[24] input
//   hbm %out0 : i32[24] output
//   sbuf %t2 : i32[128, 6] at 0
//   sbuf %t3 : i32[128, 6] at 24
//   sbuf %t4 : i32[128, 6] at 0
//   dma_copy(dst=%t2.ap([[6, 4], [1, 6]]), src=%in0.ap([[6, 4], [1, 6]]), engine=DMA)
//   tensor_scalar(dst=%t3.ap([[6, 4], [1, 6]]), data=%t2.ap([[6, 4], [1, 6]]), op0=subtract, operand0=4.0, engine=GpSimd)
//   tensor_scalar(dst=%t4.ap([[6, 4], [1, 6]]), data=%t3.ap([[6, 4], [1, 6]]), op0=multiply, operand0=-1.0, engine=GpSimd)
//   tensor_tensor(dst=%t4.ap([[6, 4], [1, 6]]), data1=%t4.ap([[6, 4], [1, 6]]), data2=%t3.ap([[6, 4], [1, 6]]), op=maximum, engine=DVE)
//   dma_copy(dst=%out0.ap([[6, 4], [1, 6]]), src=%t4.ap([[6, 4], [1, 6]]), engine=DMA)
// }
//
// // device program of @main at tests/filetests/lower/abs_int.mlir:5:1: 1 call; HBM 224 bytes
// device @main {
//   hbm %arg0 : i32[4, 6] input 0 at 0
//   hbm %t0 : i32[4, 6] at 128
//   call @k0(%arg0) -> (%t0)
//   return %t0
// }
// ----- stderr
// lowered 1 kernel (Elementwise x1), estimate 151.430 ns; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (6 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
