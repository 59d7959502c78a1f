// Each kernel's header names its root, the op that computes its first result, where the
// user's own code has it: the two RmsNorm kernels at their final multiplies (lines 18 and
// 149), the Attention kernel at its `P V` matmul in `@main` (line 129), not in the private
// `@_where` helper the mask came from, and the DotLogistic kernel at the multiply of the MLP in
// `@main` (line 153). An op inlined from a helper is located at the call it came through.
// RUN: egfuse lower tests/fixtures/jax/llama_block_f32.mlir
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower tests/fixtures/jax/llama_block_f32.mlir
// // RmsNorm at tests/fixtures/jax/llama_block_f32.mlir:18:5: rows, 128 a tile; SBUF 392 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 383.037 ns, bound by DVE (ACT 237.858 ns, DVE 383.037 ns, DMA 138.707 ns)
// kernel @k0 kind RmsNorm {
//   hbm %in0 : f32[32] input
//   hbm %in1 : f32[256] input
//   hbm %out0 : f32[256] output
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
//   dma_copy(dst=%t7.ap([[32, 8], [1, 32]]), src=%in1.ap([[32, 8], [1, 32]]), engine=DMA)
//   activation_reduce(dst=%t8.ap([[32, 8], [1, 32]]), op=square, data=%t7.ap([[32, 8], [1, 32]]), reduce_op=add, reduce_res=%t9.ap([[1, 8], [0, 1]]), engine=ACT)
//   activation(dst=%t10.ap([[1, 8], [0, 1]]), op=rsqrt, data=%t9.ap([[1, 8], [0, 1]]), bias=%c0.ap([[1, 8], [1, 1]]), scale=0.03125, engine=ACT)
//   tensor_tensor(dst=%t12.ap([[32, 8], [1, 32]]), data1=%t7.ap([[32, 8], [1, 32]]), data2=%t10.ap([[1, 8], [0, 32]]), op=multiply, engine=DVE)
//   tensor_tensor(dst=%t13.ap([[32, 8], [1, 32]]), data1=%t12.ap([[32, 8], [1, 32]]), data2=%t6.ap([[32, 8], [1, 32]]), op=multiply, engine=DVE)
//   dma_copy(dst=%out0.ap([[32, 8], [1, 32]]), src=%t13.ap([[32, 8], [1, 32]]), engine=DMA)
// }
//
// // stablehlo.dot_general at tests/fixtures/jax/llama_block_f32.mlir:19:5: matmul, M 128 x N 512 x K 128 a tile; SBUF 160 of 196608 bytes per partition, PSUM 128 of 16384
// // estimate 117.858 ns, bound by DVE (PE 91.429 ns, DVE 117.858 ns, DMA 108.737 ns)
// kernel @k1 kind stablehlo.dot_general {
//   hbm %in0 : f32[256] input
//   hbm %in1 : f32[1024] input
//   hbm %out0 : f32[256] output
//   psum %p3 : f32[128, 32] at 0
//   sbuf %t4_st : f32[128, 8] at 0
//   sbuf %t5_mv : f32[128, 32] at 32
//   sbuf %t6_out : f32[128, 32] at 0
//   dma_copy(dst=%t4_st.ap([[8, 32], [1, 8]]), src=%in0.ap([[1, 32], [32, 8]]), engine=DMA)
//   dma_copy(dst=%t5_mv.ap([[32, 32], [1, 32]]), src=%in1.ap([[32, 32], [1, 32]]), engine=DMA)
//   nc_matmul(dst=%p3.ap([[32, 8], [1, 32]]), stationary=%t4_st.ap([[8, 32], [1, 8]]), moving=%t5_mv.ap([[32, 32], [1, 32]]), accumulate=false, engine=PE)
//   tensor_copy(dst=%t6_out.ap([[32, 8], [1, 32]]), src=%p3.ap([[32, 8], [1, 32]]), engine=DVE)
//   dma_copy(dst=%out0.ap([[32, 8], [1, 32]]), src=%t6_out.ap([[32, 8], [1, 32]]), engine=DMA)
// }
//
// // Elementwise at tests/fixtures/jax/llama_block_f32.mlir:63:5: rows, 128 a tile; SBUF 224 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 621.432 ns, bound by DVE (DVE 621.432 ns, DMA 194.994 ns)
// kernel @k2 kind Elementwise {
//   hbm %in0 : f32[64] input
//   hbm %in1 : f32[64] input
//   hbm %in2 : f32[256] input
//   hbm %out0 : f32[256] output
//   sbuf %t4 : f32[128, 8] at 0
//   sbuf %t5 : f32[128, 8] at 32
//   sbuf %t6 : f32[128, 8] at 64
//   sbuf %t7 : f32[128, 8] at 96
//   sbuf %t8 : f32[128, 8] at 128
//   sbuf %t9 : f32[128, 8] at 160
//   sbuf %t10 : f32[128, 8] at 192
//   sbuf %t11 : f32[128, 8] at 128
//   sbuf %t12 : f32[128, 8] at 32
//   sbuf %t13 : f32[128, 8] at 0
//   dma_copy(dst=%t4.ap([[8, 16], [1, 8]]), src=%in2.ap([[16, 16], [1, 8]]), engine=DMA)
//   dma_copy(dst=%t5.ap([[8, 16], [1, 8]]), src=%in1.ap([[8, 8], [0, 2], [1, 8]]), engine=DMA)
//   dma_copy(dst=%t6.ap([[8, 16], [1, 8]]), src=%in2.ap([[16, 16], [1, 8]], offset=8), engine=DMA)
//   dma_copy(dst=%t7.ap([[8, 16], [1, 8]]), src=%in0.ap([[8, 8], [0, 2], [1, 8]]), engine=DMA)
//   tensor_tensor(dst=%t8.ap([[8, 16], [1, 8]]), data1=%t4.ap([[8, 16], [1, 8]]), data2=%t5.ap([[8, 16], [1, 8]]), op=multiply, engine=DVE)
//   tensor_tensor(dst=%t9.ap([[8, 16], [1, 8]]), data1=%t6.ap([[8, 16], [1, 8]]), data2=%t7.ap([[8, 16], [1, 8]]), op=multiply, engine=DVE)
//   tensor_tensor(dst=%t10.ap([[8, 16], [1, 8]]), data1=%t8.ap([[8, 16], [1, 8]]), data2=%t9.ap([[8, 16], [1, 8]]), op=subtract, engine=DVE)
//   tensor_tensor(dst=%t11.ap([[8, 16], [1, 8]]), data1=%t6.ap([[8, 16], [1, 8]]), data2=%t5.ap([[8, 16], [1, 8]]), op=multiply, engine=DVE)
//   tensor_tensor(dst=%t12.ap([[8, 16], [1, 8]]), data1=%t4.ap([[8, 16], [1, 8]]), data2=%t7.ap([[8, 16], [1, 8]]), op=multiply, engine=DVE)
//   tensor_tensor(dst=%t13.ap([[8, 16], [1, 8]]), data1=%t11.ap([[8, 16], [1, 8]]), data2=%t12.ap([[8, 16], [1, 8]]), op=add, engine=DVE)
//   dma_copy(dst=%out0.ap([[16, 16], [1, 8]]), src=%t10.ap([[8, 16], [1, 8]]), engine=DMA)
//   dma_copy(dst=%out0.ap([[16, 16], [1, 8]], offset=8), src=%t13.ap([[8, 16], [1, 8]]), engine=DMA)
// }
//
// // stablehlo.dot_general at tests/fixtures/jax/llama_block_f32.mlir:21:5: matmul, M 128 x N 512 x K 128 a tile; SBUF 160 of 196608 bytes per partition, PSUM 128 of 16384
// // estimate 117.858 ns, bound by DVE (PE 91.429 ns, DVE 117.858 ns, DMA 108.737 ns)
// kernel @k3 kind stablehlo.dot_general {
//   hbm %in0 : f32[256] input
//   hbm %in1 : f32[1024] input
//   hbm %out0 : f32[256] output
//   psum %p3 : f32[128, 32] at 0
//   sbuf %t4_st : f32[128, 8] at 0
//   sbuf %t5_mv : f32[128, 32] at 32
//   sbuf %t6_out : f32[128, 32] at 0
//   dma_copy(dst=%t4_st.ap([[8, 32], [1, 8]]), src=%in0.ap([[1, 32], [32, 8]]), engine=DMA)
//   dma_copy(dst=%t5_mv.ap([[32, 32], [1, 32]]), src=%in1.ap([[32, 32], [1, 32]]), engine=DMA)
//   nc_matmul(dst=%p3.ap([[32, 8], [1, 32]]), stationary=%t4_st.ap([[8, 32], [1, 8]]), moving=%t5_mv.ap([[32, 32], [1, 32]]), accumulate=false, engine=PE)
//   tensor_copy(dst=%t6_out.ap([[32, 8], [1, 32]]), src=%p3.ap([[32, 8], [1, 32]]), engine=DVE)
//   dma_copy(dst=%out0.ap([[32, 8], [1, 32]]), src=%t6_out.ap([[32, 8], [1, 32]]), engine=DMA)
// }
//
// // Elementwise at tests/fixtures/jax/llama_block_f32.mlir:102:5: rows, 128 a tile; SBUF 224 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 621.432 ns, bound by DVE (DVE 621.432 ns, DMA 194.994 ns)
// kernel @k4 kind Elementwise {
//   hbm %in0 : f32[256] input
//   hbm %in1 : f32[64] input
//   hbm %in2 : f32[64] input
//   hbm %out0 : f32[256] output
//   sbuf %t4 : f32[128, 8] at 0
//   sbuf %t5 : f32[128, 8] at 32
//   sbuf %t6 : f32[128, 8] at 64
//   sbuf %t7 : f32[128, 8] at 96
//   sbuf %t8 : f32[128, 8] at 128
//   sbuf %t9 : f32[128, 8] at 160
//   sbuf %t10 : f32[128, 8] at 192
//   sbuf %t11 : f32[128, 8] at 128
//   sbuf %t12 : f32[128, 8] at 0
//   sbuf %t13 : f32[128, 8] at 32
//   dma_copy(dst=%t4.ap([[8, 16], [1, 8]]), src=%in2.ap([[8, 8], [0, 2], [1, 8]]), engine=DMA)
//   dma_copy(dst=%t5.ap([[8, 16], [1, 8]]), src=%in1.ap([[8, 8], [0, 2], [1, 8]]), engine=DMA)
//   dma_copy(dst=%t6.ap([[8, 16], [1, 8]]), src=%in0.ap([[16, 16], [1, 8]]), engine=DMA)
//   dma_copy(dst=%t7.ap([[8, 16], [1, 8]]), src=%in0.ap([[16, 16], [1, 8]], offset=8), engine=DMA)
//   tensor_tensor(dst=%t8.ap([[8, 16], [1, 8]]), data1=%t6.ap([[8, 16], [1, 8]]), data2=%t4.ap([[8, 16], [1, 8]]), op=multiply, engine=DVE)
//   tensor_tensor(dst=%t9.ap([[8, 16], [1, 8]]), data1=%t7.ap([[8, 16], [1, 8]]), data2=%t5.ap([[8, 16], [1, 8]]), op=multiply, engine=DVE)
//   tensor_tensor(dst=%t10.ap([[8, 16], [1, 8]]), data1=%t8.ap([[8, 16], [1, 8]]), data2=%t9.ap([[8, 16], [1, 8]]), op=subtract, engine=DVE)
//   tensor_tensor(dst=%t11.ap([[8, 16], [1, 8]]), data1=%t7.ap([[8, 16], [1, 8]]), data2=%t4.ap([[8, 16], [1, 8]]), op=multiply, engine=DVE)
//   tensor_tensor(dst=%t12.ap([[8, 16], [1, 8]]), data1=%t6.ap([[8, 16], [1, 8]]), data2=%t5.ap([[8, 16], [1, 8]]), op=multiply, engine=DVE)
//   tensor_tensor(dst=%t13.ap([[8, 16], [1, 8]]), data1=%t11.ap([[8, 16], [1, 8]]), data2=%t12.ap([[8, 16], [1, 8]]), op=add, engine=DVE)
//   dma_copy(dst=%out0.ap([[16, 16], [1, 8]]), src=%t10.ap([[8, 16], [1, 8]]), engine=DMA)
//   dma_copy(dst=%out0.ap([[16, 16], [1, 8]], offset=8), src=%t13.ap([[8, 16], [1, 8]]), engine=DMA)
// }
//
// // stablehlo.dot_general at tests/fixtures/jax/llama_block_f32.mlir:23:5: matmul, M 128 x N 512 x K 128 a tile; SBUF 160 of 196608 bytes per partition, PSUM 128 of 16384
// // estimate 117.858 ns, bound by DVE (PE 91.429 ns, DVE 117.858 ns, DMA 108.737 ns)
// kernel @k5 kind stablehlo.dot_general {
//   hbm %in0 : f32[256] input
//   hbm %in1 : f32[1024] input
//   hbm %out0 : f32[256] output
//   psum %p3 : f32[128, 32] at 0
//   sbuf %t4_st : f32[128, 8] at 0
//   sbuf %t5_mv : f32[128, 32] at 32
//   sbuf %t6_out : f32[128, 32] at 0
//   dma_copy(dst=%t4_st.ap([[8, 32], [1, 8]]), src=%in0.ap([[1, 32], [32, 8]]), engine=DMA)
//   dma_copy(dst=%t5_mv.ap([[32, 32], [1, 32]]), src=%in1.ap([[32, 32], [1, 32]]), engine=DMA)
//   nc_matmul(dst=%p3.ap([[32, 8], [1, 32]]), stationary=%t4_st.ap([[8, 32], [1, 8]]), moving=%t5_mv.ap([[32, 32], [1, 32]]), accumulate=false, engine=PE)
//   tensor_copy(dst=%t6_out.ap([[32, 8], [1, 32]]), src=%p3.ap([[32, 8], [1, 32]]), engine=DVE)
//   dma_copy(dst=%out0.ap([[32, 8], [1, 32]]), src=%t6_out.ap([[32, 8], [1, 32]]), engine=DMA)
// }
//
// // Attention at tests/fixtures/jax/llama_block_f32.mlir:129:5: matmul, M 128 x N 512 x K 128 a tile; SBUF 584 of 196608 bytes per partition, PSUM 512 of 16384
// // estimate 1.456 us, bound by DVE (PE 548.574 ns, ACT 297.144 ns, DVE 1.456 us, DMA 322.806 ns)
// kernel @k6 kind Attention {
//   hbm %in0 : f32[256] input
//   hbm %in3 : ui8[128] input
//   hbm %in4 : f32[256] input
//   hbm %in5 : f32[256] input
//   hbm %out0 : f32[256] output
//   sbuf %t8_prev : f32[128, 1] at 0
//   sbuf %t9_corr : f32[128, 1] at 0
//   sbuf %t10_o : f32[128, 16] at 0
//   sbuf %t11 : ui8[128, 8] at 4
//   psum %p12 : f32[128, 8] at 0
//   sbuf %t13_st : f32[128, 8] at 12
//   sbuf %t14_mv : f32[128, 8] at 44
//   sbuf %t15 : f32[128, 8] at 12
//   sbuf %t16 : f32[128, 8] at 44
//   sbuf %c0 : f32[128, 1] at 0
//   sbuf %t18 : f32[128, 1] at 4
//   sbuf %t19 : f32[128, 8] at 0
//   sbuf %t20 : f32[128, 8] at 12
//   sbuf %t21 : f32[128, 1] at 4
//   psum %p22 : f32[128, 16] at 0
//   psum %p23_tp : f32[128, 128] at 0
//   sbuf %t24_pt : f32[128, 128] at 8
//   sbuf %t25_v : f32[128, 16] at 520
//   sbuf %t26_res : f32[128, 16] at 8
//   sbuf %t27_neg : f32[128, 1] at 8
//   memset(dst=%c0, value=-inf, engine=DVE)
//   for %r0 in 0..2 {
//     dma_copy(dst=%t11.ap([[8, 8], [1, 8]]), src=%in3.ap([[8, 8], [1, 8]], offset=64*%r0), engine=DMA)
//     dma_copy(dst=%t13_st.ap([[8, 16], [1, 8]]), src=%in4.ap([[1, 16], [32, 8]], offset=16*%r0), engine=DMA)
//     dma_copy(dst=%t14_mv.ap([[8, 16], [1, 8]]), src=%in5.ap([[1, 16], [32, 8]], offset=16*%r0), engine=DMA)
//     nc_matmul(dst=%p12.ap([[8, 8], [1, 8]]), stationary=%t13_st.ap([[8, 16], [1, 8]]), moving=%t14_mv.ap([[8, 16], [1, 8]]), accumulate=false, engine=PE)
//     tensor_scalar(dst=%t15.ap([[8, 8], [1, 8]]), data=%p12.ap([[8, 8], [1, 8]]), op0=divide, operand0=4.0, engine=DVE)
//     tensor_copy(dst=%t16.ap([[8, 8], [1, 8]]), src=%c0.ap([[1, 8], [0, 8]]), engine=DVE)
//     tensor_copy_predicated(dst=%t16.ap([[8, 8], [1, 8]]), src=%t15.ap([[8, 8], [1, 8]]), predicate=%t11.ap([[8, 8], [1, 8]]), engine=DVE)
//     tensor_reduce(dst=%t18.ap([[1, 8], [0, 1]]), op=maximum, data=%t16.ap([[8, 8], [1, 8]]), axis=[1], engine=DVE)
//     tensor_scalar(dst=%t27_neg.ap([[1, 8], [1, 1]]), data=%t18.ap([[1, 8], [1, 1]]), op0=multiply, operand0=-1.0, engine=DVE)
//     activation_reduce(dst=%t20.ap([[8, 8], [1, 8]]), op=exp, data=%t16.ap([[8, 8], [1, 8]]), reduce_op=add, reduce_res=%t21.ap([[1, 8], [0, 1]]), bias=%t27_neg.ap([[1, 8], [1, 1]]), engine=ACT)
//     nc_transpose(dst=%p23_tp.ap([[128, 8], [1, 8]]), data=%t20.ap([[8, 8], [1, 8]]), engine=PE)
//     tensor_copy(dst=%t24_pt.ap([[128, 8], [1, 8]]), src=%p23_tp.ap([[128, 8], [1, 8]]), engine=DVE)
//     dma_copy(dst=%t25_v.ap([[16, 8], [1, 16]]), src=%in0.ap([[32, 8], [1, 16]], offset=16*%r0), engine=DMA)
//     nc_matmul(dst=%p22.ap([[16, 8], [1, 16]]), stationary=%t24_pt.ap([[128, 8], [1, 8]]), moving=%t25_v.ap([[16, 8], [1, 16]]), accumulate=false, engine=PE)
//     tensor_tensor(dst=%t26_res.ap([[16, 8], [1, 16]]), data1=%p22.ap([[16, 8], [1, 16]]), data2=%t21.ap([[1, 8], [0, 16]]), op=divide, engine=DVE)
//     dma_copy(dst=%out0.ap([[16, 8], [1, 16]], offset=128*%r0), src=%t26_res.ap([[16, 8], [1, 16]]), engine=DMA)
//   }
// }
//
// // Dot at tests/fixtures/jax/llama_block_f32.mlir:132:5: matmul, M 128 x N 512 x K 128 a tile; SBUF 160 of 196608 bytes per partition, PSUM 128 of 16384
// // estimate 235.716 ns, bound by DVE (PE 182.858 ns, DVE 235.716 ns, DMA 171.238 ns)
// kernel @k7 kind Dot {
//   hbm %in0 : f32[1024] input
//   hbm %in1 : f32[256] input
//   hbm %out0 : f32[256] output
//   psum %p3 : f32[128, 32] at 0
//   sbuf %t4_st : f32[128, 8] at 0
//   sbuf %t5_mv : f32[128, 32] at 32
//   sbuf %t6_out : f32[128, 32] at 0
//   memset(dst=%p3.ap([[32, 8], [1, 32]]), value=0.0, engine=DVE)
//   for %r0 in 0..2 {
//     dma_copy(dst=%t4_st.ap([[8, 16], [1, 8]]), src=%in1.ap([[1, 16], [16, 8]], offset=128*%r0), engine=DMA)
//     dma_copy(dst=%t5_mv.ap([[32, 16], [1, 32]]), src=%in0.ap([[32, 16], [1, 32]], offset=512*%r0), engine=DMA)
//     nc_matmul(dst=%p3.ap([[32, 8], [1, 32]]), stationary=%t4_st.ap([[8, 16], [1, 8]]), moving=%t5_mv.ap([[32, 16], [1, 32]]), accumulate=true, engine=PE)
//   }
//   tensor_copy(dst=%t6_out.ap([[32, 8], [1, 32]]), src=%p3.ap([[32, 8], [1, 32]]), engine=DVE)
//   dma_copy(dst=%out0.ap([[32, 8], [1, 32]]), src=%t6_out.ap([[32, 8], [1, 32]]), engine=DMA)
// }
//
// // stablehlo.add at tests/fixtures/jax/llama_block_f32.mlir:133:5: rows, 128 a tile; SBUF 384 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 146.429 ns, bound by DVE (DVE 146.429 ns, DMA 101.244 ns)
// kernel @k8 kind stablehlo.add {
//   hbm %in0 : f32[256] input
//   hbm %in1 : f32[256] input
//   hbm %out0 : f32[256] output
//   sbuf %t3 : f32[128, 32] at 0
//   sbuf %t4 : f32[128, 32] at 128
//   sbuf %t5 : f32[128, 32] at 256
//   dma_copy(dst=%t3.ap([[32, 8], [1, 32]]), src=%in0.ap([[32, 8], [1, 32]]), engine=DMA)
//   dma_copy(dst=%t4.ap([[32, 8], [1, 32]]), src=%in1.ap([[32, 8], [1, 32]]), engine=DMA)
//   tensor_tensor(dst=%t5.ap([[32, 8], [1, 32]]), data1=%t3.ap([[32, 8], [1, 32]]), data2=%t4.ap([[32, 8], [1, 32]]), op=add, engine=DVE)
//   dma_copy(dst=%out0.ap([[32, 8], [1, 32]]), src=%t5.ap([[32, 8], [1, 32]]), engine=DMA)
// }
//
// // RmsNorm at tests/fixtures/jax/llama_block_f32.mlir:149:5: rows, 128 a tile; SBUF 392 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 383.037 ns, bound by DVE (ACT 237.858 ns, DVE 383.037 ns, DMA 138.707 ns)
// kernel @k9 kind RmsNorm {
//   hbm %in0 : f32[32] input
//   hbm %in1 : f32[256] input
//   hbm %out0 : f32[256] output
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
//   dma_copy(dst=%t7.ap([[32, 8], [1, 32]]), src=%in1.ap([[32, 8], [1, 32]]), engine=DMA)
//   activation_reduce(dst=%t8.ap([[32, 8], [1, 32]]), op=square, data=%t7.ap([[32, 8], [1, 32]]), reduce_op=add, reduce_res=%t9.ap([[1, 8], [0, 1]]), engine=ACT)
//   activation(dst=%t10.ap([[1, 8], [0, 1]]), op=rsqrt, data=%t9.ap([[1, 8], [0, 1]]), bias=%c0.ap([[1, 8], [1, 1]]), scale=0.03125, engine=ACT)
//   tensor_tensor(dst=%t12.ap([[32, 8], [1, 32]]), data1=%t7.ap([[32, 8], [1, 32]]), data2=%t10.ap([[1, 8], [0, 32]]), op=multiply, engine=DVE)
//   tensor_tensor(dst=%t13.ap([[32, 8], [1, 32]]), data1=%t12.ap([[32, 8], [1, 32]]), data2=%t6.ap([[32, 8], [1, 32]]), op=multiply, engine=DVE)
//   dma_copy(dst=%out0.ap([[32, 8], [1, 32]]), src=%t13.ap([[32, 8], [1, 32]]), engine=DMA)
// }
//
// // stablehlo.dot_general at tests/fixtures/jax/llama_block_f32.mlir:152:5: matmul, M 128 x N 512 x K 128 a tile; SBUF 288 of 196608 bytes per partition, PSUM 256 of 16384
// // estimate 146.429 ns, bound by DVE (PE 91.429 ns, DVE 146.429 ns, DMA 121.225 ns)
// kernel @k10 kind stablehlo.dot_general {
//   hbm %in0 : f32[256] input
//   hbm %in1 : f32[2048] input
//   hbm %out0 : f32[512] output
//   psum %p3 : f32[128, 64] at 0
//   sbuf %t4_st : f32[128, 8] at 0
//   sbuf %t5_mv : f32[128, 64] at 32
//   sbuf %t6_out : f32[128, 64] at 0
//   dma_copy(dst=%t4_st.ap([[8, 32], [1, 8]]), src=%in0.ap([[1, 32], [32, 8]]), engine=DMA)
//   dma_copy(dst=%t5_mv.ap([[64, 32], [1, 64]]), src=%in1.ap([[64, 32], [1, 64]]), engine=DMA)
//   nc_matmul(dst=%p3.ap([[64, 8], [1, 64]]), stationary=%t4_st.ap([[8, 32], [1, 8]]), moving=%t5_mv.ap([[64, 32], [1, 64]]), accumulate=false, engine=PE)
//   tensor_copy(dst=%t6_out.ap([[64, 8], [1, 64]]), src=%p3.ap([[64, 8], [1, 64]]), engine=DVE)
//   dma_copy(dst=%out0.ap([[64, 8], [1, 64]]), src=%t6_out.ap([[64, 8], [1, 64]]), engine=DMA)
// }
//
// // DotLogistic at tests/fixtures/jax/llama_block_f32.mlir:153:5: matmul, M 128 x N 512 x K 128 a tile; SBUF 768 of 196608 bytes per partition, PSUM 256 of 16384
// // estimate 203.572 ns, bound by DVE (PE 91.429 ns, ACT 117.143 ns, DVE 203.572 ns, DMA 157.471 ns)
// kernel @k11 kind DotLogistic {
//   hbm %in0 : f32[512] input
//   hbm %in1 : f32[256] input
//   hbm %in2 : f32[2048] input
//   hbm %out0 : f32[512] output
//   psum %p4 : f32[128, 64] at 0
//   sbuf %t5_st : f32[128, 8] at 0
//   sbuf %t6_mv : f32[128, 64] at 32
//   sbuf %t7 : f32[128, 64] at 0
//   sbuf %t8 : f32[128, 64] at 256
//   sbuf %t9 : f32[128, 64] at 512
//   dma_copy(dst=%t5_st.ap([[8, 32], [1, 8]]), src=%in1.ap([[1, 32], [32, 8]]), engine=DMA)
//   dma_copy(dst=%t6_mv.ap([[64, 32], [1, 64]]), src=%in2.ap([[64, 32], [1, 64]]), engine=DMA)
//   nc_matmul(dst=%p4.ap([[64, 8], [1, 64]]), stationary=%t5_st.ap([[8, 32], [1, 8]]), moving=%t6_mv.ap([[64, 32], [1, 64]]), accumulate=false, engine=PE)
//   dma_copy(dst=%t7.ap([[64, 8], [1, 64]]), src=%in0.ap([[64, 8], [1, 64]]), engine=DMA)
//   activation(dst=%t8.ap([[64, 8], [1, 64]]), op=silu, data=%p4.ap([[64, 8], [1, 64]]), engine=ACT)
//   tensor_tensor(dst=%t9.ap([[64, 8], [1, 64]]), data1=%t8.ap([[64, 8], [1, 64]]), data2=%t7.ap([[64, 8], [1, 64]]), op=multiply, engine=DVE)
//   dma_copy(dst=%out0.ap([[64, 8], [1, 64]]), src=%t9.ap([[64, 8], [1, 64]]), engine=DMA)
// }
//
// // stablehlo.dot_general at tests/fixtures/jax/llama_block_f32.mlir:154:5: matmul, M 128 x N 512 x K 128 a tile; SBUF 160 of 196608 bytes per partition, PSUM 128 of 16384
// // estimate 121.225 ns, bound by DMA (PE 91.429 ns, DVE 117.858 ns, DMA 121.225 ns)
// kernel @k12 kind stablehlo.dot_general {
//   hbm %in0 : f32[512] input
//   hbm %in1 : f32[2048] input
//   hbm %out0 : f32[256] output
//   psum %p3 : f32[128, 32] at 0
//   sbuf %t4_st : f32[128, 8] at 0
//   sbuf %t5_mv : f32[128, 32] at 32
//   sbuf %t6_out : f32[128, 32] at 0
//   dma_copy(dst=%t4_st.ap([[8, 64], [1, 8]]), src=%in0.ap([[1, 64], [64, 8]]), engine=DMA)
//   dma_copy(dst=%t5_mv.ap([[32, 64], [1, 32]]), src=%in1.ap([[32, 64], [1, 32]]), engine=DMA)
//   nc_matmul(dst=%p3.ap([[32, 8], [1, 32]]), stationary=%t4_st.ap([[8, 64], [1, 8]]), moving=%t5_mv.ap([[32, 64], [1, 32]]), accumulate=false, engine=PE)
//   tensor_copy(dst=%t6_out.ap([[32, 8], [1, 32]]), src=%p3.ap([[32, 8], [1, 32]]), engine=DVE)
//   dma_copy(dst=%out0.ap([[32, 8], [1, 32]]), src=%t6_out.ap([[32, 8], [1, 32]]), engine=DMA)
// }
//
// // stablehlo.add at tests/fixtures/jax/llama_block_f32.mlir:155:5: rows, 128 a tile; SBUF 384 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 146.429 ns, bound by DVE (DVE 146.429 ns, DMA 101.244 ns)
// kernel @k13 kind stablehlo.add {
//   hbm %in0 : f32[256] input
//   hbm %in1 : f32[256] input
//   hbm %out0 : f32[256] output
//   sbuf %t3 : f32[128, 32] at 0
//   sbuf %t4 : f32[128, 32] at 128
//   sbuf %t5 : f32[128, 32] at 256
//   dma_copy(dst=%t3.ap([[32, 8], [1, 32]]), src=%in0.ap([[32, 8], [1, 32]]), engine=DMA)
//   dma_copy(dst=%t4.ap([[32, 8], [1, 32]]), src=%in1.ap([[32, 8], [1, 32]]), engine=DMA)
//   tensor_tensor(dst=%t5.ap([[32, 8], [1, 32]]), data1=%t3.ap([[32, 8], [1, 32]]), data2=%t4.ap([[32, 8], [1, 32]]), op=add, engine=DVE)
//   dma_copy(dst=%out0.ap([[32, 8], [1, 32]]), src=%t5.ap([[32, 8], [1, 32]]), engine=DMA)
// }
//
// // device program of @main at tests/fixtures/jax/llama_block_f32.mlir:2:3: 14 calls; HBM 49024 bytes
// device @main {
//   hbm %arg0 : f32[1, 8, 32] input 0 at 0
//   hbm %arg1 : f32[32] input 1 at 1024
//   hbm %arg2 : f32[32] input 2 at 1152
//   hbm %arg3 : f32[64, 32] input 3 at 1280
//   hbm %arg4 : f32[32, 64] input 4 at 9472
//   hbm %arg5 : f32[32, 64] input 5 at 17664
//   hbm %arg6 : f32[32, 32] input 6 at 25856
//   hbm %arg7 : f32[32, 32] input 7 at 29952
//   hbm %arg8 : f32[32, 32] input 8 at 34048
//   hbm %arg9 : f32[32, 32] input 9 at 38144
//   hbm %t0 : f32[1, 8, 32] at 42880
//   hbm %t1 : f32[1, 8, 32] at 43904
//   hbm %c0 : f32[8, 8] const at 42240
//   hbm %c1 : f32[8, 8] const at 42496
//   hbm %t2 : f32[1, 8, 2, 16] at 44928
//   hbm %t3 : f32[1, 8, 32] at 43904
//   hbm %t4 : f32[1, 8, 2, 16] at 45952
//   hbm %t5 : f32[1, 8, 32] at 43904
//   hbm %c2 : ui8[1, 2, 8, 8] const at 42752
//   hbm %t6 : f32[1, 2, 8, 16] at 42880
//   hbm %t7 : f32[1, 8, 32] at 43904
//   hbm %t8 : f32[1, 8, 32] at 42880
//   hbm %t9 : f32[1, 8, 32] at 43904
//   hbm %t10 : f32[1, 8, 64] at 44928
//   hbm %t11 : f32[1, 8, 64] at 46976
//   hbm %t12 : f32[1, 8, 32] at 43904
//   hbm %t13 : f32[1, 8, 32] at 44928
//   call @k0(%arg1, %arg0) -> (%t0)
//   call @k1(%t0, %arg8) -> (%t1)
//   call @k2(%c0, %c1, %t1) -> (%t2)
//   call @k3(%t0, %arg6) -> (%t3)
//   call @k4(%t3, %c0, %c1) -> (%t4)
//   call @k5(%t0, %arg9) -> (%t5)
//   call @k6(%t5, %c2, %t2, %t4) -> (%t6)
//   call @k7(%arg7, %t6) -> (%t7)
//   call @k8(%arg0, %t7) -> (%t8)
//   call @k9(%arg2, %t8) -> (%t9)
//   call @k10(%t9, %arg5) -> (%t10)
//   call @k11(%t10, %t9, %arg4) -> (%t11)
//   call @k12(%t11, %arg3) -> (%t12)
//   call @k13(%t8, %t12) -> (%t13)
//   return %t13
// }
// ----- stderr
// lowered 14 kernels (Attention x1, Dot x1, DotLogistic x1, Elementwise x2, RmsNorm x2, stablehlo.add x2, stablehlo.dot_general x5), estimate 4.818 us; 4 ops folded at compile time (mhlo.fusion x2, stablehlo.cosine x1, stablehlo.sine x1); device program: 14 calls
// ----- exit 0
