// On NeuronCore-v4 a DotMx kernel is the MX matmul (seed 003 §4.2-4.3): XLA's `scaled_dot` of
// 50 x 128 by 128 x 96 e4m3 under E8M0 scales (tools/gen_fixtures.py, mx_scaled_dot_f32out)
// loads each operand's elements swizzled (k = 4p + lane on 32 partitions: 4 blocks) and their
// scales onto rows 0-3 of the quadrant, then one `nc_matmul_mx` on PE, no DVE multiply. The
// form that scales each K tile on DVE (NeuronCore-v2's) is built too and passed over, its
// estimate in the header. `--check` judges the kernel against the module's dot, as any kernel.
// RUN: egfuse lower tests/fixtures/jax/mx_scaled_dot_f32out.mlir --target neuroncore-v4 --check
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower tests/fixtures/jax/mx_scaled_dot_f32out.mlir --target neuroncore-v4 --check
// // DotMx at tests/fixtures/jax/mx_scaled_dot_f32out.mlir:19:5: MX matmul, M 128 x N 512 x K 512 a tile; SBUF 732 of 262144 bytes per partition, PSUM 384 of 16384
// // estimate 221.736 ns, bound by DMA (PE 40.000 ns, DVE 163.334 ns, DMA 221.736 ns)
// // passed over: the form that scales on DVE, estimate 573.335 ns, bound by DVE (PE 40.000 ns, DVE 573.335 ns, DMA 252.551 ns)
// kernel @k0 kind DotMx {
//   hbm %in0 : f8E8M0FNU[384] input
//   hbm %in1 : f8E4M3FN[12288] input
//   hbm %in2 : f8E8M0FNU[200] input
//   hbm %in3 : f8E4M3FN[6400] input
//   hbm %out0 : f32[4800] output
//   sbuf %t5_stationary : f8E4M3FN[128, 200] at 0
//   sbuf %t6_stationary_scales : f8E8M0FNU[100, 50] at 200
//   sbuf %t7_moving : f8E4M3FN[128, 384] at 252
//   sbuf %t8_moving_scales : f8E8M0FNU[100, 96] at 636
//   psum %p9_acc : f32[50, 96] at 0
//   sbuf %t10_result : f32[50, 96] at 0
//   dma_copy(dst=%t5_stationary.ap([[200, 32], [4, 50], [1, 4]]), src=%in3.ap([[4, 32], [128, 50], [1, 4]]), engine=DMA)
//   dma_copy(dst=%t6_stationary_scales.ap([[50, 4], [1, 50]]), src=%in2.ap([[1, 4], [4, 50]]), engine=DMA)
//   dma_copy(dst=%t7_moving.ap([[384, 32], [4, 96], [1, 4]]), src=%in1.ap([[384, 32], [1, 96], [96, 4]]), engine=DMA)
//   dma_copy(dst=%t8_moving_scales.ap([[96, 4], [1, 96]]), src=%in0.ap([[96, 4], [1, 96]]), engine=DMA)
//   nc_matmul_mx(dst=%p9_acc, stationary=%t5_stationary.ap([[200, 32], [1, 200]]), moving=%t7_moving.ap([[384, 32], [1, 384]]), stationary_scale=%t6_stationary_scales.ap([[50, 4], [1, 50]]), moving_scale=%t8_moving_scales.ap([[96, 4], [1, 96]]), accumulate=false, engine=PE)
//   tensor_copy(dst=%t10_result, src=%p9_acc, engine=DVE)
//   dma_copy(dst=%out0.ap([[96, 50], [1, 96]]), src=%t10_result, engine=DMA)
// }
//
// // device program of @main at tests/fixtures/jax/mx_scaled_dot_f32out.mlir:2:3: 1 call; HBM 38528 bytes
// device @main {
//   hbm %arg0 : f8E4M3FN[50, 128] input 0 at 0
//   hbm %arg1 : f8E4M3FN[128, 96] input 1 at 6400
//   hbm %arg2 : f8E8M0FNU[50, 4] input 2 at 18688
//   hbm %arg3 : f8E8M0FNU[4, 96] input 3 at 18944
//   hbm %t0 : f32[50, 96] at 19328
//   call @k0(%arg3, %arg1, %arg2, %arg0) -> (%t0)
//   return %t0
// }
// ----- stderr
// lowered 1 kernel (DotMx x1), estimate 221.736 ns; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (5 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
