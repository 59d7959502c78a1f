// An optimization barrier computes nothing: it is no kernel, and the kernels after it read the
// tensors it passes on (its results are its operands). Fusion keeps the work on each side of it
// apart (the recomputation a remat barrier guards is not merged with the first computation),
// and `--check` runs the module with the barrier in it.
// RUN: egfuse lower %s --check
func.func @main(%x: tensor<128x64xf32>, %y: tensor<128x64xf32>) -> tensor<128x64xf32> {
  %0 = stablehlo.exponential %x : tensor<128x64xf32>
  %1:2 = stablehlo.optimization_barrier %0, %y : tensor<128x64xf32>, tensor<128x64xf32>
  %2 = stablehlo.exponential %x : tensor<128x64xf32>
  %3 = stablehlo.add %1#0, %1#1 : tensor<128x64xf32>
  %4 = stablehlo.multiply %3, %2 : tensor<128x64xf32>
  return %4 : tensor<128x64xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check
// // stablehlo.exponential at tests/filetests/lower/optimization_barrier_is_no_kernel.mlir:7:3: rows, 128 a tile; SBUF 512 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 222.344 ns, bound by DMA (ACT 117.143 ns, DMA 222.344 ns)
// kernel @k0 kind stablehlo.exponential {
//   hbm %in0 : f32[8192] input
//   hbm %out0 : f32[8192] output
//   sbuf %t2 : f32[128, 64] at 0
//   sbuf %t3 : f32[128, 64] at 256
//   dma_copy(dst=%t2, src=%in0.ap([[64, 128], [1, 64]]), engine=DMA)
//   activation(dst=%t3, op=exp, data=%t2, engine=ACT)
//   dma_copy(dst=%out0.ap([[64, 128], [1, 64]]), src=%t3, engine=DMA)
// }
//
// // Elementwise at tests/filetests/lower/optimization_barrier_is_no_kernel.mlir:11:3: rows, 128 a tile; SBUF 1024 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 444.688 ns, bound by DMA (DVE 407.144 ns, DMA 444.688 ns)
// kernel @k1 kind Elementwise {
//   hbm %in0 : f32[8192] input
//   hbm %in1 : f32[8192] input
//   hbm %in2 : f32[8192] input
//   hbm %out0 : f32[8192] output
//   sbuf %t4 : f32[128, 64] at 0
//   sbuf %t5 : f32[128, 64] at 256
//   sbuf %t6 : f32[128, 64] at 512
//   sbuf %t7 : f32[128, 64] at 768
//   sbuf %t8 : f32[128, 64] at 256
//   dma_copy(dst=%t4, src=%in0.ap([[64, 128], [1, 64]]), engine=DMA)
//   dma_copy(dst=%t5, src=%in1.ap([[64, 128], [1, 64]]), engine=DMA)
//   dma_copy(dst=%t6, src=%in2.ap([[64, 128], [1, 64]]), engine=DMA)
//   tensor_tensor(dst=%t7, data1=%t5, data2=%t6, op=add, engine=DVE)
//   tensor_tensor(dst=%t8, data1=%t7, data2=%t4, op=multiply, engine=DVE)
//   dma_copy(dst=%out0.ap([[64, 128], [1, 64]]), src=%t8, engine=DMA)
// }
//
// // device program of @main at tests/filetests/lower/optimization_barrier_is_no_kernel.mlir:6:1: 2 calls; HBM 131072 bytes
// device @main {
//   hbm %arg0 : f32[128, 64] input 0 at 0
//   hbm %arg1 : f32[128, 64] input 1 at 32768
//   hbm %t0 : f32[128, 64] at 65536
//   hbm %t1 : f32[128, 64] at 98304
//   call @k0(%arg0) -> (%t0)
//   call @k1(%t0, %t0, %arg1) -> (%t1)
//   return %t1
// }
// ----- stderr
// lowered 2 kernels (Elementwise x1, stablehlo.exponential x1), estimate 667.032 ns; 1 op aliases its operands (stablehlo.optimization_barrier x1); device program: 2 calls
// check: 2 of 2 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 2 of 2 kernels are deadlock-free and race-free (5 semaphores)
// check: 2 of 2 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
