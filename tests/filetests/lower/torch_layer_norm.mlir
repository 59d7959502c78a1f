// LayerNorm, as PyTorch exports it, is a `batch_norm_training` whose statistics nothing reads:
// fusion expands it and the `layer-norm` rule makes it a LayerNorm kernel, which checks.
// RUN: egfuse lower tests/fixtures/torch/layernorm_f32.mlir --check
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower tests/fixtures/torch/layernorm_f32.mlir --check
// // LayerNorm at tests/fixtures/torch/layernorm_f32.mlir:15:1: rows, 128 a tile; SBUF 268 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 591.074 ns, bound by DVE (ACT 237.858 ns, DVE 591.074 ns, DMA 72.492 ns)
// kernel @k0 kind LayerNorm {
//   hbm %in1 : f32[512] input
//   hbm %out0 : f32[512] output
//   sbuf %t5 : f32[128, 32] at 4
//   sbuf %t6 : f32[128, 1] at 132
//   sbuf %t7 : f32[128, 1] at 136
//   sbuf %t8 : f32[128, 32] at 140
//   sbuf %t9 : f32[128, 32] at 4
//   sbuf %t10 : f32[128, 1] at 132
//   sbuf %t11 : f32[128, 1] at 4
//   sbuf %c0 : f32[128, 1] at 0
//   sbuf %t13 : f32[128, 32] at 8
//   memset(dst=%c0, value=9.99999974e-6, engine=DVE)
//   dma_copy(dst=%t5.ap([[32, 16], [1, 32]]), src=%in1.ap([[32, 16], [1, 32]]), engine=DMA)
//   tensor_reduce(dst=%t6.ap([[1, 16], [0, 1]]), op=add, data=%t5.ap([[32, 16], [1, 32]]), axis=[1], engine=DVE)
//   tensor_scalar(dst=%t7.ap([[1, 16], [0, 1]]), data=%t6.ap([[1, 16], [0, 1]]), op0=divide, operand0=32.0, engine=DVE)
//   tensor_tensor(dst=%t8.ap([[32, 16], [1, 32]]), data1=%t5.ap([[32, 16], [1, 32]]), data2=%t7.ap([[1, 16], [0, 32]]), op=subtract, engine=DVE)
//   activation_reduce(dst=%t9.ap([[32, 16], [1, 32]]), op=square, data=%t8.ap([[32, 16], [1, 32]]), reduce_op=add, reduce_res=%t10.ap([[1, 16], [0, 1]]), engine=ACT)
//   activation(dst=%t11.ap([[1, 16], [0, 1]]), op=rsqrt, data=%t10.ap([[1, 16], [0, 1]]), bias=%c0.ap([[1, 16], [1, 1]]), scale=0.03125, engine=ACT)
//   tensor_tensor(dst=%t13.ap([[32, 16], [1, 32]]), data1=%t8.ap([[32, 16], [1, 32]]), data2=%t11.ap([[1, 16], [0, 32]]), op=multiply, engine=DVE)
//   dma_copy(dst=%out0.ap([[32, 16], [1, 32]]), src=%t13.ap([[32, 16], [1, 32]]), engine=DMA)
// }
//
// // Elementwise at tests/fixtures/torch/layernorm_f32.mlir:11:5: rows, 128 a tile; SBUF 512 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 292.858 ns, bound by DVE (DVE 292.858 ns, DMA 214.914 ns)
// kernel @k1 kind Elementwise {
//   hbm %in0 : f32[32] input
//   hbm %in1 : f32[512] input
//   hbm %in2 : f32[32] input
//   hbm %out0 : f32[512] output
//   sbuf %t4 : f32[128, 32] at 0
//   sbuf %t5 : f32[128, 32] at 128
//   sbuf %t6 : f32[128, 32] at 256
//   sbuf %t7 : f32[128, 32] at 384
//   sbuf %t8 : f32[128, 32] at 0
//   dma_copy(dst=%t4, src=%in0.ap([[0, 128], [1, 32]]), engine=DMA)
//   dma_copy(dst=%t5, src=%in2.ap([[0, 128], [1, 32]]), engine=DMA)
//   dma_copy(dst=%t6.ap([[32, 16], [1, 32]]), src=%in1.ap([[32, 16], [1, 32]]), engine=DMA)
//   tensor_tensor(dst=%t7.ap([[32, 16], [1, 32]]), data1=%t6.ap([[32, 16], [1, 32]]), data2=%t4.ap([[32, 16], [1, 32]]), op=multiply, engine=DVE)
//   tensor_tensor(dst=%t8.ap([[32, 16], [1, 32]]), data1=%t5.ap([[32, 16], [1, 32]]), data2=%t7.ap([[32, 16], [1, 32]]), op=add, engine=DVE)
//   dma_copy(dst=%out0.ap([[32, 16], [1, 32]]), src=%t8.ap([[32, 16], [1, 32]]), engine=DMA)
// }
//
// // device program of @main at tests/fixtures/torch/layernorm_f32.mlir:2:3: 2 calls; HBM 6400 bytes
// device @main {
//   hbm %arg0 : f32[32] input 0 at 0
//   hbm %arg1 : f32[2, 8, 32] input 1 at 128
//   hbm %arg2 : f32[32] input 2 at 2176
//   hbm %t0 : f32[1, 16, 32] alias %arg1
//   hbm %t1 : f32[1, 16, 32] at 2304
//   hbm %t2 : f32[2, 8, 32] at 4352
//   call @k0(%t0) -> (%t1)
//   call @k1(%arg0, %t1, %arg2) -> (%t2)
//   return %t2
// }
// ----- stderr
// lowered 2 kernels (Elementwise x1, LayerNorm x1), estimate 883.932 ns; 1 op aliases its operands (stablehlo.reshape x1); device program: 2 calls
// check: 2 of 2 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 2 of 2 kernels are deadlock-free and race-free (10 semaphores)
// check: 2 of 2 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
