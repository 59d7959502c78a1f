// A fixture's whole lowered text is pinned: names, views, placement, engines, locations.
// RUN: egfuse lower tests/fixtures/jax/rmsnorm_f32.mlir
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower tests/fixtures/jax/rmsnorm_f32.mlir
// // RmsNorm at tests/fixtures/jax/rmsnorm_f32.mlir:18:5: rows, 128 a tile; SBUF 392 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 383.037 ns, bound by DVE (ACT 237.858 ns, DVE 383.037 ns, DMA 143.703 ns)
// kernel @k0 kind RmsNorm {
//   hbm %in0 : f32[32] input
//   hbm %in1 : f32[512] input
//   hbm %out0 : f32[512] output
//   sbuf %t6 : f32[128, 32] at 4
//   sbuf %t7 : f32[128, 32] at 132
//   sbuf %t8 : f32[128, 32] at 260
//   sbuf %t9 : f32[128, 1] at 388
//   sbuf %t10 : f32[128, 1] at 260
//   sbuf %c0 : f32[128, 1] at 0
//   sbuf %t12 : f32[128, 32] at 264
//   sbuf %t13 : f32[128, 32] at 132
//   memset(dst=%c0, value=9.99999997e-7, engine=DVE)
//   dma_copy(dst=%t6, src=%in0.ap([[0, 128], [1, 32]]), engine=DMA)
//   dma_copy(dst=%t7.ap([[32, 16], [1, 32]]), src=%in1.ap([[32, 16], [1, 32]]), engine=DMA)
//   activation_reduce(dst=%t8.ap([[32, 16], [1, 32]]), op=square, data=%t7.ap([[32, 16], [1, 32]]), reduce_op=add, reduce_res=%t9.ap([[1, 16], [0, 1]]), engine=ACT)
//   activation(dst=%t10.ap([[1, 16], [0, 1]]), op=rsqrt, data=%t9.ap([[1, 16], [0, 1]]), bias=%c0.ap([[1, 16], [1, 1]]), scale=0.03125, engine=ACT)
//   tensor_tensor(dst=%t12.ap([[32, 16], [1, 32]]), data1=%t7.ap([[32, 16], [1, 32]]), data2=%t10.ap([[1, 16], [0, 32]]), op=multiply, engine=DVE)
//   tensor_tensor(dst=%t13.ap([[32, 16], [1, 32]]), data1=%t12.ap([[32, 16], [1, 32]]), data2=%t6.ap([[32, 16], [1, 32]]), op=multiply, engine=DVE)
//   dma_copy(dst=%out0.ap([[32, 16], [1, 32]]), src=%t13.ap([[32, 16], [1, 32]]), engine=DMA)
// }
//
// // device program of @main at tests/fixtures/jax/rmsnorm_f32.mlir:2:3: 1 call; HBM 4224 bytes
// device @main {
//   hbm %arg0 : f32[2, 8, 32] input 0 at 0
//   hbm %arg1 : f32[32] input 1 at 2048
//   hbm %t0 : f32[2, 8, 32] at 2176
//   call @k0(%arg1, %arg0) -> (%t0)
//   return %t0
// }
// ----- stderr
// lowered 1 kernel (RmsNorm x1), estimate 383.037 ns; device program: 1 call
// ----- exit 0
