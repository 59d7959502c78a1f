// An MoE expert's gate and up projections over MX operands are one MxGateUp kernel under NKI's
// scale rule on NeuronCore-v4 (seed 003 §4.2-4.4; tools/gen_fixtures.py, mx_gate_up_b2_bf16:
// GPT-OSS's biases and clamps, 2 x 5 tokens of bf16 [.., 64] by [64, 160]). The 160 columns
// go on 40 partitions of 4 lanes, the tokens along the free axis: lane x of each matmul is one
// `nc_matmul_mx` whose stationary side is the weights' columns 4p + x; the epilogue reads PSUM
// (a bias `tensor_tensor` with the bias repeated along the tokens, the gate's `min` and the
// up's clamp as one `tensor_scalar` of min then max, SiLU as one `activation`), the product is
// written lane within token onto 64 partitions (24 of them zeros) and `quantize_mx` quantizes
// it as it leaves. `--check` judges the kernel by NKI's rule applied to the module's product.
// RUN: egfuse lower tests/fixtures/jax/mx_gate_up_b2_bf16.mlir --target neuroncore-v4 --mx-scale nki --check
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower tests/fixtures/jax/mx_gate_up_b2_bf16.mlir --target neuroncore-v4 --mx-scale nki --check
// // MxQuantize at tests/fixtures/jax/mx_gate_up_b2_bf16.mlir:56:5: rows, 128 a tile; SBUF 26 of 262144 bytes per partition, PSUM 0 of 16384
// // estimate 284.554 ns, bound by DMA (DVE 168.334 ns, DMA 284.554 ns)
// kernel @k0 kind MxQuantize {
//   hbm %in11 : bf16[640] input
//   hbm %out0 : f8E4M3FN[640] output
//   hbm %out1 : ui8[20] output
//   sbuf %t15_x : bf16[128, 8] at 0
//   sbuf %t16_q : f8E4M3FN[128, 8] at 16
//   sbuf %t17_scales : ui8[100, 2] at 24
//   dma_copy(dst=%t15_x.ap([[8, 128], [4, 1], [1, 4]]), src=%in11.ap([[4, 128], [512, 1], [1, 4]]), engine=DMA)
//   quantize_mx(dst=%t16_q.ap([[8, 128], [4, 1], [1, 4]]), src=%t15_x.ap([[8, 128], [4, 1], [1, 4]]), dst_scale=%t17_scales.ap([[2, 100], [1, 1]]), engine=DVE)
//   dma_copy(dst=%out0.ap([[4, 128], [512, 1], [1, 4]]), src=%t16_q.ap([[8, 128], [4, 1], [1, 4]]), engine=DMA)
//   dma_copy(dst=%out1.ap([[1, 4], [16, 1]]), src=%t17_scales.ap([[2, 4], [1, 1]]), engine=DMA)
//   dma_copy(dst=%out1.ap([[1, 4], [16, 1]], offset=4), src=%t17_scales.ap([[2, 4], [1, 1]], offset=64), engine=DMA)
//   dma_copy(dst=%out1.ap([[1, 4], [16, 1]], offset=8), src=%t17_scales.ap([[2, 4], [1, 1]], offset=128), engine=DMA)
//   dma_copy(dst=%out1.ap([[1, 4], [16, 1]], offset=12), src=%t17_scales.ap([[2, 4], [1, 1]], offset=192), engine=DMA)
//   dma_copy(dst=%t15_x.ap([[8, 32], [4, 1], [1, 4]]), src=%in11.ap([[4, 32], [512, 1], [1, 4]], offset=512), engine=DMA)
//   quantize_mx(dst=%t16_q.ap([[8, 32], [4, 1], [1, 4]]), src=%t15_x.ap([[8, 32], [4, 1], [1, 4]]), dst_scale=%t17_scales.ap([[2, 4], [1, 1]]), engine=DVE)
//   dma_copy(dst=%out0.ap([[4, 32], [512, 1], [1, 4]], offset=512), src=%t16_q.ap([[8, 32], [4, 1], [1, 4]]), engine=DMA)
//   dma_copy(dst=%out1.ap([[1, 4], [16, 1]], offset=16), src=%t17_scales.ap([[2, 4], [1, 1]]), engine=DMA)
// }
//
// // Elementwise at tests/fixtures/jax/mx_gate_up_b2_bf16.mlir:68:5: dma; SBUF 0 of 262144 bytes per partition, PSUM 0 of 16384
// // estimate 100.970 ns, bound by DMA (DMA 100.970 ns)
// kernel @k1 kind Elementwise {
//   hbm %in0 : f32[10240] input
//   hbm %out0 : f32[10240] output
//   dma_copy(dst=%out0.ap([[1, 64], [64, 160]]), src=%in0.ap([[160, 64], [1, 160]]), engine=DMA)
// }
//
// // MxQuantize at tests/fixtures/jax/mx_gate_up_b2_bf16.mlir:119:5: rows, 128 a tile; SBUF 296 of 262144 bytes per partition, PSUM 0 of 16384
// // estimate 6.805 us, bound by DVE (ACT 330.000 ns, DVE 6.805 us, GpSimd 1.012 us, DMA 368.945 ns)
// kernel @k2 kind MxQuantize {
//   hbm %in2 : f32[10240] input
//   hbm %out0 : f8E4M3FN[10240] output
//   hbm %out1 : ui8[320] output
//   sbuf %t15 : f32[128, 32] at 24
//   sbuf %t16 : f32[128, 32] at 152
//   sbuf %t17 : f32[128, 1] at 280
//   sbuf %t18 : f32[128, 1] at 152
//   sbuf %t19 : ui32[128, 1] at 156
//   sbuf %t20 : ui32[128, 1] at 152
//   sbuf %t21 : ui32[128, 1] at 160
//   sbuf %t22 : ui8[128, 1] at 164
//   sbuf %c0 : ui32[128, 1] at 0
//   sbuf %t24 : ui8[128, 1] at 168
//   sbuf %c1 : ui32[128, 1] at 4
//   sbuf %t26 : ui32[128, 1] at 172
//   sbuf %c2 : ui32[128, 1] at 8
//   sbuf %t28 : ui8[128, 1] at 156
//   sbuf %c3 : ui32[128, 1] at 12
//   sbuf %t30 : ui8[128, 1] at 176
//   sbuf %t31 : ui8[128, 1] at 156
//   sbuf %t32 : ui8[128, 1] at 164
//   sbuf %t33 : ui8[128, 1] at 172
//   sbuf %t34 : ui8[128, 1] at 164
//   sbuf %t35 : ui32[128, 1] at 156
//   sbuf %t36 : ui8[128, 1] at 152
//   sbuf %t37 : ui32[128, 1] at 156
//   sbuf %t38 : ui32[128, 1] at 160
//   sbuf %t39 : f32[128, 1] at 156
//   sbuf %t40 : ui8[128, 1] at 160
//   sbuf %c4 : f32[128, 1] at 16
//   sbuf %t42 : f32[128, 1] at 164
//   sbuf %c5 : f32[128, 1] at 20
//   sbuf %t44 : f32[128, 32] at 168
//   sbuf %t45 : f32[128, 32] at 24
//   sbuf %t46 : f32[128, 32] at 156
//   sbuf %t47 : f8E4M3FN[128, 32] at 24
//   sbuf %t48 : f32[128, 32] at 24
//   sbuf %t49 : f32[128, 32] at 152
//   sbuf %t50 : f32[128, 1] at 280
//   sbuf %t51 : f32[128, 1] at 152
//   sbuf %t52 : ui32[128, 1] at 156
//   sbuf %t53 : ui32[128, 1] at 152
//   sbuf %t54 : ui32[128, 1] at 160
//   sbuf %t55 : ui8[128, 1] at 164
//   sbuf %t56 : ui8[128, 1] at 168
//   sbuf %t57 : ui32[128, 1] at 4
//   sbuf %t58 : ui8[128, 1] at 8
//   sbuf %t59 : ui8[128, 1] at 12
//   sbuf %t60 : ui8[128, 1] at 8
//   sbuf %t61 : ui8[128, 1] at 12
//   sbuf %t62 : ui8[128, 1] at 0
//   sbuf %t63 : ui8[128, 1] at 4
//   sbuf %t64 : ui32[128, 1] at 0
//   sbuf %t65 : ui8[128, 1] at 4
//   sbuf %t66 : ui32[128, 1] at 0
//   sbuf %t67 : ui32[128, 1] at 8
//   sbuf %t68 : f32[128, 1] at 0
//   sbuf %t69 : ui8[128, 1] at 8
//   sbuf %t70 : f32[128, 1] at 12
//   sbuf %t71 : f32[128, 32] at 152
//   sbuf %t72 : f32[128, 32] at 8
//   sbuf %t73 : f32[128, 32] at 136
//   sbuf %t74 : f8E4M3FN[128, 32] at 8
//   memset(dst=%c0, value=0.0, engine=DVE)
//   memset(dst=%c1, value=254.0, engine=DVE)
//   memset(dst=%c2, value=8388607.0, engine=DVE)
//   memset(dst=%c3, value=4194304.0, engine=DVE)
//   memset(dst=%c4, value=0.0, engine=DVE)
//   memset(dst=%c5, value=5.87747175e-39, engine=DVE)
//   for %r0 in 0..2 {
//     dma_copy(dst=%t15, src=%in2.ap([[32, 128], [1, 32]], offset=4096*%r0), engine=DMA)
//     activation(dst=%t16, op=abs, data=%t15, engine=ACT)
//     tensor_reduce(dst=%t17.ap([[1, 128], [0, 1]]), op=maximum, data=%t16, axis=[1], engine=DVE)
//     tensor_scalar(dst=%t18.ap([[1, 128], [0, 1]]), data=%t17.ap([[1, 128], [0, 1]]), op0=multiply, operand0=0.0022321429569274187, engine=DVE)
//     tensor_copy(dst=%t19.ap([[1, 128], [0, 1]]), src=%t18.ap([[1, 128], [0, 1]]), bitcast=true, engine=DVE)
//     tensor_scalar(dst=%t20.ap([[1, 128], [0, 1]]), data=%t19.ap([[1, 128], [0, 1]]), op0=right_shift, operand0=23.0, engine=GpSimd)
//     tensor_scalar(dst=%t21.ap([[1, 128], [0, 1]]), data=%t20.ap([[1, 128], [0, 1]]), op0=add, operand0=1.0, engine=GpSimd)
//     tensor_tensor(dst=%t22.ap([[1, 128], [0, 1]]), data1=%t20.ap([[1, 128], [0, 1]]), data2=%c0.ap([[1, 128], [0, 1]]), op=equal, engine=DVE)
//     tensor_tensor(dst=%t24.ap([[1, 128], [0, 1]]), data1=%t20.ap([[1, 128], [0, 1]]), data2=%c1.ap([[1, 128], [0, 1]]), op=not_equal, engine=DVE)
//     tensor_tensor(dst=%t26.ap([[1, 128], [0, 1]]), data1=%t19.ap([[1, 128], [0, 1]]), data2=%c2.ap([[1, 128], [0, 1]]), op=bitwise_and, engine=GpSimd)
//     tensor_tensor(dst=%t28.ap([[1, 128], [0, 1]]), data1=%t26.ap([[1, 128], [0, 1]]), data2=%c3.ap([[1, 128], [0, 1]]), op=less_equal, engine=DVE)
//     tensor_tensor(dst=%t30.ap([[1, 128], [0, 1]]), data1=%t22.ap([[1, 128], [0, 1]]), data2=%t28.ap([[1, 128], [0, 1]]), op=bitwise_and, engine=DVE)
//     tensor_scalar(dst=%t31.ap([[1, 128], [0, 1]]), data=%t30.ap([[1, 128], [0, 1]]), op0=bitwise_xor, operand0=1.0, engine=DVE)
//     tensor_tensor(dst=%t32.ap([[1, 128], [0, 1]]), data1=%t26.ap([[1, 128], [0, 1]]), data2=%c0.ap([[1, 128], [0, 1]]), op=greater, engine=DVE)
//     tensor_tensor(dst=%t33.ap([[1, 128], [0, 1]]), data1=%t32.ap([[1, 128], [0, 1]]), data2=%t24.ap([[1, 128], [0, 1]]), op=bitwise_and, engine=DVE)
//     tensor_tensor(dst=%t34.ap([[1, 128], [0, 1]]), data1=%t33.ap([[1, 128], [0, 1]]), data2=%t31.ap([[1, 128], [0, 1]]), op=bitwise_and, engine=DVE)
//     tensor_copy(dst=%t35.ap([[1, 128], [0, 1]]), src=%t20.ap([[1, 128], [0, 1]]), engine=DVE)
//     tensor_copy_predicated(dst=%t35.ap([[1, 128], [0, 1]]), src=%t21.ap([[1, 128], [0, 1]]), predicate=%t34.ap([[1, 128], [0, 1]]), engine=DVE)
//     tensor_copy(dst=%t36.ap([[1, 128], [0, 1]]), src=%t35.ap([[1, 128], [0, 1]]), engine=DVE)
//     tensor_copy(dst=%t37.ap([[1, 128], [0, 1]]), src=%t36.ap([[1, 128], [0, 1]]), engine=DVE)
//     tensor_scalar(dst=%t38.ap([[1, 128], [0, 1]]), data=%t37.ap([[1, 128], [0, 1]]), op0=left_shift, operand0=23.0, engine=GpSimd)
//     tensor_copy(dst=%t39.ap([[1, 128], [0, 1]]), src=%t38.ap([[1, 128], [0, 1]]), bitcast=true, engine=DVE)
//     tensor_tensor(dst=%t40.ap([[1, 128], [0, 1]]), data1=%t39.ap([[1, 128], [0, 1]]), data2=%c4.ap([[1, 128], [0, 1]]), op=equal, engine=DVE)
//     tensor_copy(dst=%t42.ap([[1, 128], [0, 1]]), src=%t39.ap([[1, 128], [0, 1]]), engine=DVE)
//     tensor_copy_predicated(dst=%t42.ap([[1, 128], [0, 1]]), src=%c5.ap([[1, 128], [0, 1]]), predicate=%t40.ap([[1, 128], [0, 1]]), engine=DVE)
//     tensor_tensor(dst=%t44, data1=%t15, data2=%t42.ap([[1, 128], [0, 32]]), op=divide, engine=DVE)
//     tensor_scalar(dst=%t45, data=%t44, op0=maximum, operand0=-448.0, engine=DVE)
//     tensor_scalar(dst=%t46, data=%t45, op0=minimum, operand0=448.0, engine=DVE)
//     tensor_copy(dst=%t47, src=%t46, engine=DVE)
//     dma_copy(dst=%out0.ap([[32, 128], [1, 32]], offset=4096*%r0), src=%t47, engine=DMA)
//     dma_copy(dst=%out1.ap([[1, 128], [1, 1]], offset=128*%r0), src=%t36.ap([[1, 128], [0, 1]]), engine=DMA)
//   }
//   dma_copy(dst=%t48.ap([[32, 64], [1, 32]]), src=%in2.ap([[32, 64], [1, 32]], offset=8192), engine=DMA)
//   activation(dst=%t49.ap([[32, 64], [1, 32]]), op=abs, data=%t48.ap([[32, 64], [1, 32]]), engine=ACT)
//   tensor_reduce(dst=%t50.ap([[1, 64], [0, 1]]), op=maximum, data=%t49.ap([[32, 64], [1, 32]]), axis=[1], engine=DVE)
//   tensor_scalar(dst=%t51.ap([[1, 64], [0, 1]]), data=%t50.ap([[1, 64], [0, 1]]), op0=multiply, operand0=0.0022321429569274187, engine=DVE)
//   tensor_copy(dst=%t52.ap([[1, 64], [0, 1]]), src=%t51.ap([[1, 64], [0, 1]]), bitcast=true, engine=DVE)
//   tensor_scalar(dst=%t53.ap([[1, 64], [0, 1]]), data=%t52.ap([[1, 64], [0, 1]]), op0=right_shift, operand0=23.0, engine=GpSimd)
//   tensor_scalar(dst=%t54.ap([[1, 64], [0, 1]]), data=%t53.ap([[1, 64], [0, 1]]), op0=add, operand0=1.0, engine=GpSimd)
//   tensor_tensor(dst=%t55.ap([[1, 64], [0, 1]]), data1=%t53.ap([[1, 64], [0, 1]]), data2=%c0.ap([[1, 64], [0, 1]]), op=equal, engine=DVE)
//   tensor_tensor(dst=%t56.ap([[1, 64], [0, 1]]), data1=%t53.ap([[1, 64], [0, 1]]), data2=%c1.ap([[1, 64], [0, 1]]), op=not_equal, engine=DVE)
//   tensor_tensor(dst=%t57.ap([[1, 64], [0, 1]]), data1=%t52.ap([[1, 64], [0, 1]]), data2=%c2.ap([[1, 64], [0, 1]]), op=bitwise_and, engine=GpSimd)
//   tensor_tensor(dst=%t58.ap([[1, 64], [0, 1]]), data1=%t57.ap([[1, 64], [0, 1]]), data2=%c3.ap([[1, 64], [0, 1]]), op=less_equal, engine=DVE)
//   tensor_tensor(dst=%t59.ap([[1, 64], [0, 1]]), data1=%t55.ap([[1, 64], [0, 1]]), data2=%t58.ap([[1, 64], [0, 1]]), op=bitwise_and, engine=DVE)
//   tensor_scalar(dst=%t60.ap([[1, 64], [0, 1]]), data=%t59.ap([[1, 64], [0, 1]]), op0=bitwise_xor, operand0=1.0, engine=DVE)
//   tensor_tensor(dst=%t61.ap([[1, 64], [0, 1]]), data1=%t57.ap([[1, 64], [0, 1]]), data2=%c0.ap([[1, 64], [0, 1]]), op=greater, engine=DVE)
//   tensor_tensor(dst=%t62.ap([[1, 64], [0, 1]]), data1=%t61.ap([[1, 64], [0, 1]]), data2=%t56.ap([[1, 64], [0, 1]]), op=bitwise_and, engine=DVE)
//   tensor_tensor(dst=%t63.ap([[1, 64], [0, 1]]), data1=%t62.ap([[1, 64], [0, 1]]), data2=%t60.ap([[1, 64], [0, 1]]), op=bitwise_and, engine=DVE)
//   tensor_copy(dst=%t64.ap([[1, 64], [0, 1]]), src=%t53.ap([[1, 64], [0, 1]]), engine=DVE)
//   tensor_copy_predicated(dst=%t64.ap([[1, 64], [0, 1]]), src=%t54.ap([[1, 64], [0, 1]]), predicate=%t63.ap([[1, 64], [0, 1]]), engine=DVE)
//   tensor_copy(dst=%t65.ap([[1, 64], [0, 1]]), src=%t64.ap([[1, 64], [0, 1]]), engine=DVE)
//   tensor_copy(dst=%t66.ap([[1, 64], [0, 1]]), src=%t65.ap([[1, 64], [0, 1]]), engine=DVE)
//   tensor_scalar(dst=%t67.ap([[1, 64], [0, 1]]), data=%t66.ap([[1, 64], [0, 1]]), op0=left_shift, operand0=23.0, engine=GpSimd)
//   tensor_copy(dst=%t68.ap([[1, 64], [0, 1]]), src=%t67.ap([[1, 64], [0, 1]]), bitcast=true, engine=DVE)
//   tensor_tensor(dst=%t69.ap([[1, 64], [0, 1]]), data1=%t68.ap([[1, 64], [0, 1]]), data2=%c4.ap([[1, 64], [0, 1]]), op=equal, engine=DVE)
//   tensor_copy(dst=%t70.ap([[1, 64], [0, 1]]), src=%t68.ap([[1, 64], [0, 1]]), engine=DVE)
//   tensor_copy_predicated(dst=%t70.ap([[1, 64], [0, 1]]), src=%c5.ap([[1, 64], [0, 1]]), predicate=%t69.ap([[1, 64], [0, 1]]), engine=DVE)
//   tensor_tensor(dst=%t71.ap([[32, 64], [1, 32]]), data1=%t48.ap([[32, 64], [1, 32]]), data2=%t70.ap([[1, 64], [0, 32]]), op=divide, engine=DVE)
//   tensor_scalar(dst=%t72.ap([[32, 64], [1, 32]]), data=%t71.ap([[32, 64], [1, 32]]), op0=maximum, operand0=-448.0, engine=DVE)
//   tensor_scalar(dst=%t73.ap([[32, 64], [1, 32]]), data=%t72.ap([[32, 64], [1, 32]]), op0=minimum, operand0=448.0, engine=DVE)
//   tensor_copy(dst=%t74.ap([[32, 64], [1, 32]]), src=%t73.ap([[32, 64], [1, 32]]), engine=DVE)
//   dma_copy(dst=%out0.ap([[32, 64], [1, 32]], offset=8192), src=%t74.ap([[32, 64], [1, 32]]), engine=DMA)
//   dma_copy(dst=%out1.ap([[1, 64], [1, 1]], offset=256), src=%t65.ap([[1, 64], [0, 1]]), engine=DMA)
// }
//
// // Elementwise at tests/fixtures/jax/mx_gate_up_b2_bf16.mlir:196:5: dma; SBUF 0 of 262144 bytes per partition, PSUM 0 of 16384
// // estimate 100.970 ns, bound by DMA (DMA 100.970 ns)
// kernel @k3 kind Elementwise {
//   hbm %in0 : f32[10240] input
//   hbm %out0 : f32[10240] output
//   dma_copy(dst=%out0.ap([[1, 64], [64, 160]]), src=%in0.ap([[160, 64], [1, 160]]), engine=DMA)
// }
//
// // MxQuantize at tests/fixtures/jax/mx_gate_up_b2_bf16.mlir:247:5: rows, 128 a tile; SBUF 296 of 262144 bytes per partition, PSUM 0 of 16384
// // estimate 6.805 us, bound by DVE (ACT 330.000 ns, DVE 6.805 us, GpSimd 1.012 us, DMA 368.945 ns)
// kernel @k4 kind MxQuantize {
//   hbm %in2 : f32[10240] input
//   hbm %out0 : f8E4M3FN[10240] output
//   hbm %out1 : ui8[320] output
//   sbuf %t15 : f32[128, 32] at 24
//   sbuf %t16 : f32[128, 32] at 152
//   sbuf %t17 : f32[128, 1] at 280
//   sbuf %t18 : f32[128, 1] at 152
//   sbuf %t19 : ui32[128, 1] at 156
//   sbuf %t20 : ui32[128, 1] at 152
//   sbuf %t21 : ui32[128, 1] at 160
//   sbuf %t22 : ui8[128, 1] at 164
//   sbuf %c0 : ui32[128, 1] at 0
//   sbuf %t24 : ui8[128, 1] at 168
//   sbuf %c1 : ui32[128, 1] at 4
//   sbuf %t26 : ui32[128, 1] at 172
//   sbuf %c2 : ui32[128, 1] at 8
//   sbuf %t28 : ui8[128, 1] at 156
//   sbuf %c3 : ui32[128, 1] at 12
//   sbuf %t30 : ui8[128, 1] at 176
//   sbuf %t31 : ui8[128, 1] at 156
//   sbuf %t32 : ui8[128, 1] at 164
//   sbuf %t33 : ui8[128, 1] at 172
//   sbuf %t34 : ui8[128, 1] at 164
//   sbuf %t35 : ui32[128, 1] at 156
//   sbuf %t36 : ui8[128, 1] at 152
//   sbuf %t37 : ui32[128, 1] at 156
//   sbuf %t38 : ui32[128, 1] at 160
//   sbuf %t39 : f32[128, 1] at 156
//   sbuf %t40 : ui8[128, 1] at 160
//   sbuf %c4 : f32[128, 1] at 16
//   sbuf %t42 : f32[128, 1] at 164
//   sbuf %c5 : f32[128, 1] at 20
//   sbuf %t44 : f32[128, 32] at 168
//   sbuf %t45 : f32[128, 32] at 24
//   sbuf %t46 : f32[128, 32] at 156
//   sbuf %t47 : f8E4M3FN[128, 32] at 24
//   sbuf %t48 : f32[128, 32] at 24
//   sbuf %t49 : f32[128, 32] at 152
//   sbuf %t50 : f32[128, 1] at 280
//   sbuf %t51 : f32[128, 1] at 152
//   sbuf %t52 : ui32[128, 1] at 156
//   sbuf %t53 : ui32[128, 1] at 152
//   sbuf %t54 : ui32[128, 1] at 160
//   sbuf %t55 : ui8[128, 1] at 164
//   sbuf %t56 : ui8[128, 1] at 168
//   sbuf %t57 : ui32[128, 1] at 4
//   sbuf %t58 : ui8[128, 1] at 8
//   sbuf %t59 : ui8[128, 1] at 12
//   sbuf %t60 : ui8[128, 1] at 8
//   sbuf %t61 : ui8[128, 1] at 12
//   sbuf %t62 : ui8[128, 1] at 0
//   sbuf %t63 : ui8[128, 1] at 4
//   sbuf %t64 : ui32[128, 1] at 0
//   sbuf %t65 : ui8[128, 1] at 4
//   sbuf %t66 : ui32[128, 1] at 0
//   sbuf %t67 : ui32[128, 1] at 8
//   sbuf %t68 : f32[128, 1] at 0
//   sbuf %t69 : ui8[128, 1] at 8
//   sbuf %t70 : f32[128, 1] at 12
//   sbuf %t71 : f32[128, 32] at 152
//   sbuf %t72 : f32[128, 32] at 8
//   sbuf %t73 : f32[128, 32] at 136
//   sbuf %t74 : f8E4M3FN[128, 32] at 8
//   memset(dst=%c0, value=0.0, engine=DVE)
//   memset(dst=%c1, value=254.0, engine=DVE)
//   memset(dst=%c2, value=8388607.0, engine=DVE)
//   memset(dst=%c3, value=4194304.0, engine=DVE)
//   memset(dst=%c4, value=0.0, engine=DVE)
//   memset(dst=%c5, value=5.87747175e-39, engine=DVE)
//   for %r0 in 0..2 {
//     dma_copy(dst=%t15, src=%in2.ap([[32, 128], [1, 32]], offset=4096*%r0), engine=DMA)
//     activation(dst=%t16, op=abs, data=%t15, engine=ACT)
//     tensor_reduce(dst=%t17.ap([[1, 128], [0, 1]]), op=maximum, data=%t16, axis=[1], engine=DVE)
//     tensor_scalar(dst=%t18.ap([[1, 128], [0, 1]]), data=%t17.ap([[1, 128], [0, 1]]), op0=multiply, operand0=0.0022321429569274187, engine=DVE)
//     tensor_copy(dst=%t19.ap([[1, 128], [0, 1]]), src=%t18.ap([[1, 128], [0, 1]]), bitcast=true, engine=DVE)
//     tensor_scalar(dst=%t20.ap([[1, 128], [0, 1]]), data=%t19.ap([[1, 128], [0, 1]]), op0=right_shift, operand0=23.0, engine=GpSimd)
//     tensor_scalar(dst=%t21.ap([[1, 128], [0, 1]]), data=%t20.ap([[1, 128], [0, 1]]), op0=add, operand0=1.0, engine=GpSimd)
//     tensor_tensor(dst=%t22.ap([[1, 128], [0, 1]]), data1=%t20.ap([[1, 128], [0, 1]]), data2=%c0.ap([[1, 128], [0, 1]]), op=equal, engine=DVE)
//     tensor_tensor(dst=%t24.ap([[1, 128], [0, 1]]), data1=%t20.ap([[1, 128], [0, 1]]), data2=%c1.ap([[1, 128], [0, 1]]), op=not_equal, engine=DVE)
//     tensor_tensor(dst=%t26.ap([[1, 128], [0, 1]]), data1=%t19.ap([[1, 128], [0, 1]]), data2=%c2.ap([[1, 128], [0, 1]]), op=bitwise_and, engine=GpSimd)
//     tensor_tensor(dst=%t28.ap([[1, 128], [0, 1]]), data1=%t26.ap([[1, 128], [0, 1]]), data2=%c3.ap([[1, 128], [0, 1]]), op=less_equal, engine=DVE)
//     tensor_tensor(dst=%t30.ap([[1, 128], [0, 1]]), data1=%t22.ap([[1, 128], [0, 1]]), data2=%t28.ap([[1, 128], [0, 1]]), op=bitwise_and, engine=DVE)
//     tensor_scalar(dst=%t31.ap([[1, 128], [0, 1]]), data=%t30.ap([[1, 128], [0, 1]]), op0=bitwise_xor, operand0=1.0, engine=DVE)
//     tensor_tensor(dst=%t32.ap([[1, 128], [0, 1]]), data1=%t26.ap([[1, 128], [0, 1]]), data2=%c0.ap([[1, 128], [0, 1]]), op=greater, engine=DVE)
//     tensor_tensor(dst=%t33.ap([[1, 128], [0, 1]]), data1=%t32.ap([[1, 128], [0, 1]]), data2=%t24.ap([[1, 128], [0, 1]]), op=bitwise_and, engine=DVE)
//     tensor_tensor(dst=%t34.ap([[1, 128], [0, 1]]), data1=%t33.ap([[1, 128], [0, 1]]), data2=%t31.ap([[1, 128], [0, 1]]), op=bitwise_and, engine=DVE)
//     tensor_copy(dst=%t35.ap([[1, 128], [0, 1]]), src=%t20.ap([[1, 128], [0, 1]]), engine=DVE)
//     tensor_copy_predicated(dst=%t35.ap([[1, 128], [0, 1]]), src=%t21.ap([[1, 128], [0, 1]]), predicate=%t34.ap([[1, 128], [0, 1]]), engine=DVE)
//     tensor_copy(dst=%t36.ap([[1, 128], [0, 1]]), src=%t35.ap([[1, 128], [0, 1]]), engine=DVE)
//     tensor_copy(dst=%t37.ap([[1, 128], [0, 1]]), src=%t36.ap([[1, 128], [0, 1]]), engine=DVE)
//     tensor_scalar(dst=%t38.ap([[1, 128], [0, 1]]), data=%t37.ap([[1, 128], [0, 1]]), op0=left_shift, operand0=23.0, engine=GpSimd)
//     tensor_copy(dst=%t39.ap([[1, 128], [0, 1]]), src=%t38.ap([[1, 128], [0, 1]]), bitcast=true, engine=DVE)
//     tensor_tensor(dst=%t40.ap([[1, 128], [0, 1]]), data1=%t39.ap([[1, 128], [0, 1]]), data2=%c4.ap([[1, 128], [0, 1]]), op=equal, engine=DVE)
//     tensor_copy(dst=%t42.ap([[1, 128], [0, 1]]), src=%t39.ap([[1, 128], [0, 1]]), engine=DVE)
//     tensor_copy_predicated(dst=%t42.ap([[1, 128], [0, 1]]), src=%c5.ap([[1, 128], [0, 1]]), predicate=%t40.ap([[1, 128], [0, 1]]), engine=DVE)
//     tensor_tensor(dst=%t44, data1=%t15, data2=%t42.ap([[1, 128], [0, 32]]), op=divide, engine=DVE)
//     tensor_scalar(dst=%t45, data=%t44, op0=maximum, operand0=-448.0, engine=DVE)
//     tensor_scalar(dst=%t46, data=%t45, op0=minimum, operand0=448.0, engine=DVE)
//     tensor_copy(dst=%t47, src=%t46, engine=DVE)
//     dma_copy(dst=%out0.ap([[32, 128], [1, 32]], offset=4096*%r0), src=%t47, engine=DMA)
//     dma_copy(dst=%out1.ap([[1, 128], [1, 1]], offset=128*%r0), src=%t36.ap([[1, 128], [0, 1]]), engine=DMA)
//   }
//   dma_copy(dst=%t48.ap([[32, 64], [1, 32]]), src=%in2.ap([[32, 64], [1, 32]], offset=8192), engine=DMA)
//   activation(dst=%t49.ap([[32, 64], [1, 32]]), op=abs, data=%t48.ap([[32, 64], [1, 32]]), engine=ACT)
//   tensor_reduce(dst=%t50.ap([[1, 64], [0, 1]]), op=maximum, data=%t49.ap([[32, 64], [1, 32]]), axis=[1], engine=DVE)
//   tensor_scalar(dst=%t51.ap([[1, 64], [0, 1]]), data=%t50.ap([[1, 64], [0, 1]]), op0=multiply, operand0=0.0022321429569274187, engine=DVE)
//   tensor_copy(dst=%t52.ap([[1, 64], [0, 1]]), src=%t51.ap([[1, 64], [0, 1]]), bitcast=true, engine=DVE)
//   tensor_scalar(dst=%t53.ap([[1, 64], [0, 1]]), data=%t52.ap([[1, 64], [0, 1]]), op0=right_shift, operand0=23.0, engine=GpSimd)
//   tensor_scalar(dst=%t54.ap([[1, 64], [0, 1]]), data=%t53.ap([[1, 64], [0, 1]]), op0=add, operand0=1.0, engine=GpSimd)
//   tensor_tensor(dst=%t55.ap([[1, 64], [0, 1]]), data1=%t53.ap([[1, 64], [0, 1]]), data2=%c0.ap([[1, 64], [0, 1]]), op=equal, engine=DVE)
//   tensor_tensor(dst=%t56.ap([[1, 64], [0, 1]]), data1=%t53.ap([[1, 64], [0, 1]]), data2=%c1.ap([[1, 64], [0, 1]]), op=not_equal, engine=DVE)
//   tensor_tensor(dst=%t57.ap([[1, 64], [0, 1]]), data1=%t52.ap([[1, 64], [0, 1]]), data2=%c2.ap([[1, 64], [0, 1]]), op=bitwise_and, engine=GpSimd)
//   tensor_tensor(dst=%t58.ap([[1, 64], [0, 1]]), data1=%t57.ap([[1, 64], [0, 1]]), data2=%c3.ap([[1, 64], [0, 1]]), op=less_equal, engine=DVE)
//   tensor_tensor(dst=%t59.ap([[1, 64], [0, 1]]), data1=%t55.ap([[1, 64], [0, 1]]), data2=%t58.ap([[1, 64], [0, 1]]), op=bitwise_and, engine=DVE)
//   tensor_scalar(dst=%t60.ap([[1, 64], [0, 1]]), data=%t59.ap([[1, 64], [0, 1]]), op0=bitwise_xor, operand0=1.0, engine=DVE)
//   tensor_tensor(dst=%t61.ap([[1, 64], [0, 1]]), data1=%t57.ap([[1, 64], [0, 1]]), data2=%c0.ap([[1, 64], [0, 1]]), op=greater, engine=DVE)
//   tensor_tensor(dst=%t62.ap([[1, 64], [0, 1]]), data1=%t61.ap([[1, 64], [0, 1]]), data2=%t56.ap([[1, 64], [0, 1]]), op=bitwise_and, engine=DVE)
//   tensor_tensor(dst=%t63.ap([[1, 64], [0, 1]]), data1=%t62.ap([[1, 64], [0, 1]]), data2=%t60.ap([[1, 64], [0, 1]]), op=bitwise_and, engine=DVE)
//   tensor_copy(dst=%t64.ap([[1, 64], [0, 1]]), src=%t53.ap([[1, 64], [0, 1]]), engine=DVE)
//   tensor_copy_predicated(dst=%t64.ap([[1, 64], [0, 1]]), src=%t54.ap([[1, 64], [0, 1]]), predicate=%t63.ap([[1, 64], [0, 1]]), engine=DVE)
//   tensor_copy(dst=%t65.ap([[1, 64], [0, 1]]), src=%t64.ap([[1, 64], [0, 1]]), engine=DVE)
//   tensor_copy(dst=%t66.ap([[1, 64], [0, 1]]), src=%t65.ap([[1, 64], [0, 1]]), engine=DVE)
//   tensor_scalar(dst=%t67.ap([[1, 64], [0, 1]]), data=%t66.ap([[1, 64], [0, 1]]), op0=left_shift, operand0=23.0, engine=GpSimd)
//   tensor_copy(dst=%t68.ap([[1, 64], [0, 1]]), src=%t67.ap([[1, 64], [0, 1]]), bitcast=true, engine=DVE)
//   tensor_tensor(dst=%t69.ap([[1, 64], [0, 1]]), data1=%t68.ap([[1, 64], [0, 1]]), data2=%c4.ap([[1, 64], [0, 1]]), op=equal, engine=DVE)
//   tensor_copy(dst=%t70.ap([[1, 64], [0, 1]]), src=%t68.ap([[1, 64], [0, 1]]), engine=DVE)
//   tensor_copy_predicated(dst=%t70.ap([[1, 64], [0, 1]]), src=%c5.ap([[1, 64], [0, 1]]), predicate=%t69.ap([[1, 64], [0, 1]]), engine=DVE)
//   tensor_tensor(dst=%t71.ap([[32, 64], [1, 32]]), data1=%t48.ap([[32, 64], [1, 32]]), data2=%t70.ap([[1, 64], [0, 32]]), op=divide, engine=DVE)
//   tensor_scalar(dst=%t72.ap([[32, 64], [1, 32]]), data=%t71.ap([[32, 64], [1, 32]]), op0=maximum, operand0=-448.0, engine=DVE)
//   tensor_scalar(dst=%t73.ap([[32, 64], [1, 32]]), data=%t72.ap([[32, 64], [1, 32]]), op0=minimum, operand0=448.0, engine=DVE)
//   tensor_copy(dst=%t74.ap([[32, 64], [1, 32]]), src=%t73.ap([[32, 64], [1, 32]]), engine=DVE)
//   dma_copy(dst=%out0.ap([[32, 64], [1, 32]], offset=8192), src=%t74.ap([[32, 64], [1, 32]]), engine=DMA)
//   dma_copy(dst=%out1.ap([[1, 64], [1, 1]], offset=256), src=%t65.ap([[1, 64], [0, 1]]), engine=DMA)
// }
//
// // MxGateUp at tests/fixtures/jax/mx_gate_up_b2_bf16.mlir:327:5: MX gate/up, 512 columns x 128 tokens x K 512 a tile; SBUF 1684 of 262144 bytes per partition, PSUM 2208 of 16384
// // estimate 1.875 us, bound by GpSimd (PE 213.336 ns, ACT 116.667 ns, DVE 808.335 ns, GpSimd 1.875 us, DMA 760.826 ns)
// kernel @k5 kind MxGateUp {
//   hbm %in12 : f32[160] input
//   hbm %in13 : f32[160] input
//   hbm %in14 : f8E8M0FNU[320] input
//   hbm %in15 : f8E4M3FN[10240] input
//   hbm %in16 : f8E8M0FNU[20] input
//   hbm %in17 : f8E4M3FN[640] input
//   hbm %in18 : f8E8M0FNU[320] input
//   hbm %in19 : f8E4M3FN[10240] input
//   hbm %out0 : f8E4M3FN[1600] output
//   hbm %out1 : ui8[50] output
//   sbuf %t22_x : f8E4M3FN[128, 40] at 0
//   sbuf %t23_x_scales : f8E8M0FNU[100, 10] at 40
//   sbuf %t24_w0 : f8E4M3FN[128, 640] at 52
//   sbuf %t25_w0_scales : f8E8M0FNU[100, 160] at 692
//   sbuf %t26_w1 : f8E4M3FN[128, 640] at 852
//   sbuf %t27_w1_scales : f8E8M0FNU[100, 160] at 1492
//   sbuf %t28_bias0 : f32[128, 4] at 1652
//   sbuf %t29_bias1 : f32[128, 4] at 1668
//   psum %p30_gate : f32[128, 40] at 0
//   psum %p31_up : f32[128, 40] at 2048
//   sbuf %t32_s2 : f32[128, 40] at 80
//   sbuf %t33_s3 : f32[128, 40] at 240
//   sbuf %t34_s5 : f32[128, 40] at 80
//   sbuf %t35_s6 : f32[128, 40] at 240
//   sbuf %t36_s8 : f32[128, 40] at 400
//   sbuf %t37_s9 : bf16[128, 40] at 0
//   sbuf %t38_q : f8E4M3FN[128, 40] at 80
//   sbuf %t39_scales : ui8[100, 10] at 120
//   memset(dst=%t22_x.ap([[40, 32], [1, 40]]), value=0.0, engine=GpSimd)
//   memset(dst=%t23_x_scales.ap([[10, 4], [1, 10]]), value=1.0, engine=GpSimd)
//   dma_copy(dst=%t22_x.ap([[40, 16], [4, 10], [1, 4]]), src=%in17.ap([[4, 16], [64, 10], [1, 4]]), engine=DMA)
//   dma_copy(dst=%t23_x_scales.ap([[10, 2], [1, 10]]), src=%in16.ap([[1, 2], [2, 10]]), engine=DMA)
//   memset(dst=%t24_w0.ap([[640, 32], [1, 640]]), value=0.0, engine=GpSimd)
//   memset(dst=%t25_w0_scales.ap([[160, 4], [1, 160]]), value=1.0, engine=GpSimd)
//   memset(dst=%t26_w1.ap([[640, 32], [1, 640]]), value=0.0, engine=GpSimd)
//   memset(dst=%t27_w1_scales.ap([[160, 4], [1, 160]]), value=1.0, engine=GpSimd)
//   dma_copy(dst=%t24_w0.ap([[640, 16], [4, 40], [1, 4]]), src=%in19.ap([[4, 16], [256, 40], [1, 4]]), engine=DMA)
//   dma_copy(dst=%t25_w0_scales.ap([[160, 2], [1, 40]]), src=%in18.ap([[1, 2], [8, 40]]), engine=DMA)
//   dma_copy(dst=%t24_w0.ap([[640, 16], [4, 40], [1, 4]], offset=160), src=%in19.ap([[4, 16], [256, 40], [1, 4]], offset=64), engine=DMA)
//   dma_copy(dst=%t25_w0_scales.ap([[160, 2], [1, 40]], offset=40), src=%in18.ap([[1, 2], [8, 40]], offset=2), engine=DMA)
//   dma_copy(dst=%t24_w0.ap([[640, 16], [4, 40], [1, 4]], offset=320), src=%in19.ap([[4, 16], [256, 40], [1, 4]], offset=128), engine=DMA)
//   dma_copy(dst=%t25_w0_scales.ap([[160, 2], [1, 40]], offset=80), src=%in18.ap([[1, 2], [8, 40]], offset=4), engine=DMA)
//   dma_copy(dst=%t24_w0.ap([[640, 16], [4, 40], [1, 4]], offset=480), src=%in19.ap([[4, 16], [256, 40], [1, 4]], offset=192), engine=DMA)
//   dma_copy(dst=%t25_w0_scales.ap([[160, 2], [1, 40]], offset=120), src=%in18.ap([[1, 2], [8, 40]], offset=6), engine=DMA)
//   dma_copy(dst=%t26_w1.ap([[640, 16], [4, 40], [1, 4]]), src=%in15.ap([[4, 16], [256, 40], [1, 4]]), engine=DMA)
//   dma_copy(dst=%t27_w1_scales.ap([[160, 2], [1, 40]]), src=%in14.ap([[1, 2], [8, 40]]), engine=DMA)
//   dma_copy(dst=%t26_w1.ap([[640, 16], [4, 40], [1, 4]], offset=160), src=%in15.ap([[4, 16], [256, 40], [1, 4]], offset=64), engine=DMA)
//   dma_copy(dst=%t27_w1_scales.ap([[160, 2], [1, 40]], offset=40), src=%in14.ap([[1, 2], [8, 40]], offset=2), engine=DMA)
//   dma_copy(dst=%t26_w1.ap([[640, 16], [4, 40], [1, 4]], offset=320), src=%in15.ap([[4, 16], [256, 40], [1, 4]], offset=128), engine=DMA)
//   dma_copy(dst=%t27_w1_scales.ap([[160, 2], [1, 40]], offset=80), src=%in14.ap([[1, 2], [8, 40]], offset=4), engine=DMA)
//   dma_copy(dst=%t26_w1.ap([[640, 16], [4, 40], [1, 4]], offset=480), src=%in15.ap([[4, 16], [256, 40], [1, 4]], offset=192), engine=DMA)
//   dma_copy(dst=%t27_w1_scales.ap([[160, 2], [1, 40]], offset=120), src=%in14.ap([[1, 2], [8, 40]], offset=6), engine=DMA)
//   dma_copy(dst=%t28_bias0.ap([[4, 40], [1, 4]]), src=%in13.ap([[4, 40], [1, 4]]), engine=DMA)
//   dma_copy(dst=%t29_bias1.ap([[4, 40], [1, 4]]), src=%in12.ap([[4, 40], [1, 4]]), engine=DMA)
//   nc_matmul_mx(dst=%p30_gate.ap([[40, 40], [1, 10]]), stationary=%t24_w0.ap([[640, 32], [1, 160]]), moving=%t22_x.ap([[40, 32], [1, 40]]), stationary_scale=%t25_w0_scales.ap([[160, 4], [1, 40]]), moving_scale=%t23_x_scales.ap([[10, 4], [1, 10]]), accumulate=false, engine=PE)
//   nc_matmul_mx(dst=%p30_gate.ap([[40, 40], [1, 10]], offset=10), stationary=%t24_w0.ap([[640, 32], [1, 160]], offset=160), moving=%t22_x.ap([[40, 32], [1, 40]]), stationary_scale=%t25_w0_scales.ap([[160, 4], [1, 40]], offset=40), moving_scale=%t23_x_scales.ap([[10, 4], [1, 10]]), accumulate=false, engine=PE)
//   nc_matmul_mx(dst=%p30_gate.ap([[40, 40], [1, 10]], offset=20), stationary=%t24_w0.ap([[640, 32], [1, 160]], offset=320), moving=%t22_x.ap([[40, 32], [1, 40]]), stationary_scale=%t25_w0_scales.ap([[160, 4], [1, 40]], offset=80), moving_scale=%t23_x_scales.ap([[10, 4], [1, 10]]), accumulate=false, engine=PE)
//   nc_matmul_mx(dst=%p30_gate.ap([[40, 40], [1, 10]], offset=30), stationary=%t24_w0.ap([[640, 32], [1, 160]], offset=480), moving=%t22_x.ap([[40, 32], [1, 40]]), stationary_scale=%t25_w0_scales.ap([[160, 4], [1, 40]], offset=120), moving_scale=%t23_x_scales.ap([[10, 4], [1, 10]]), accumulate=false, engine=PE)
//   nc_matmul_mx(dst=%p31_up.ap([[40, 40], [1, 10]]), stationary=%t26_w1.ap([[640, 32], [1, 160]]), moving=%t22_x.ap([[40, 32], [1, 40]]), stationary_scale=%t27_w1_scales.ap([[160, 4], [1, 40]]), moving_scale=%t23_x_scales.ap([[10, 4], [1, 10]]), accumulate=false, engine=PE)
//   nc_matmul_mx(dst=%p31_up.ap([[40, 40], [1, 10]], offset=10), stationary=%t26_w1.ap([[640, 32], [1, 160]], offset=160), moving=%t22_x.ap([[40, 32], [1, 40]]), stationary_scale=%t27_w1_scales.ap([[160, 4], [1, 40]], offset=40), moving_scale=%t23_x_scales.ap([[10, 4], [1, 10]]), accumulate=false, engine=PE)
//   nc_matmul_mx(dst=%p31_up.ap([[40, 40], [1, 10]], offset=20), stationary=%t26_w1.ap([[640, 32], [1, 160]], offset=320), moving=%t22_x.ap([[40, 32], [1, 40]]), stationary_scale=%t27_w1_scales.ap([[160, 4], [1, 40]], offset=80), moving_scale=%t23_x_scales.ap([[10, 4], [1, 10]]), accumulate=false, engine=PE)
//   nc_matmul_mx(dst=%p31_up.ap([[40, 40], [1, 10]], offset=30), stationary=%t26_w1.ap([[640, 32], [1, 160]], offset=480), moving=%t22_x.ap([[40, 32], [1, 40]]), stationary_scale=%t27_w1_scales.ap([[160, 4], [1, 40]], offset=120), moving_scale=%t23_x_scales.ap([[10, 4], [1, 10]]), accumulate=false, engine=PE)
//   memset(dst=%t37_s9.ap([[40, 32], [1, 40]], offset=1280), value=0.0, engine=DVE)
//   tensor_tensor(dst=%t32_s2.ap([[40, 40], [10, 4], [1, 10]]), data1=%p30_gate.ap([[40, 40], [10, 4], [1, 10]]), data2=%t28_bias0.ap([[4, 40], [1, 4], [0, 10]]), op=add, engine=DVE)
//   tensor_scalar(dst=%t33_s3.ap([[40, 40], [10, 4], [1, 10]]), data=%t32_s2.ap([[40, 40], [10, 4], [1, 10]]), op0=minimum, operand0=7.0, reverse0=false, engine=DVE)
//   activation(dst=%t34_s5.ap([[40, 40], [10, 4], [1, 10]]), op=silu, data=%t33_s3.ap([[40, 40], [10, 4], [1, 10]]), engine=ACT)
//   tensor_tensor(dst=%t35_s6.ap([[40, 40], [10, 4], [1, 10]]), data1=%p31_up.ap([[40, 40], [10, 4], [1, 10]]), data2=%t29_bias1.ap([[4, 40], [1, 4], [0, 10]]), op=add, engine=DVE)
//   tensor_scalar(dst=%t36_s8.ap([[40, 40], [10, 4], [1, 10]]), data=%t35_s6.ap([[40, 40], [10, 4], [1, 10]]), op0=minimum, operand0=7.0, reverse0=false, op1=maximum, operand1=-7.0, reverse1=false, engine=DVE)
//   tensor_tensor(dst=%t37_s9.ap([[40, 40], [1, 4], [4, 10]]), data1=%t34_s5.ap([[40, 40], [10, 4], [1, 10]]), data2=%t36_s8.ap([[40, 40], [10, 4], [1, 10]]), op=multiply, engine=DVE)
//   quantize_mx(dst=%t38_q.ap([[40, 64], [4, 10], [1, 4]]), src=%t37_s9.ap([[40, 64], [4, 10], [1, 4]]), dst_scale=%t39_scales.ap([[10, 36], [1, 10]]), engine=DVE)
//   dma_copy(dst=%out0.ap([[4, 40], [160, 10], [1, 4]]), src=%t38_q.ap([[40, 40], [4, 10], [1, 4]]), engine=DMA)
//   dma_copy(dst=%out1.ap([[1, 4], [5, 10]]), src=%t39_scales.ap([[10, 4], [1, 10]]), engine=DMA)
//   dma_copy(dst=%out1.ap([[1, 1], [5, 10]], offset=4), src=%t39_scales.ap([[10, 1], [1, 10]], offset=320), engine=DMA)
// }
//
// // device program of @main at tests/fixtures/jax/mx_gate_up_b2_bf16.mlir:2:3: 6 calls; HBM 147264 bytes
// device @main {
//   hbm %arg0 : bf16[2, 5, 64] input 0 at 0
//   hbm %arg1 : f32[64, 160] input 1 at 1280
//   hbm %arg2 : f32[64, 160] input 2 at 42240
//   hbm %arg3 : f32[160] input 3 at 83200
//   hbm %arg4 : f32[160] input 4 at 83840
//   hbm %t0 : f8E4M3FN[2, 5, 2, 32] at 84480
//   hbm %t1 : ui8[2, 5, 2, 1] at 85120
//   hbm %t2 : f8E4M3FN[2, 5, 64] alias %t0
//   hbm %t3 : f8E8M0FNU[2, 5, 2] alias %t1
//   hbm %t4 : f32[160, 2, 32] at 85184
//   hbm %t5 : f8E4M3FN[160, 2, 32] at 126144
//   hbm %t6 : ui8[160, 2, 1] at 136384
//   hbm %t7 : f8E4M3FN[160, 64] alias %t5
//   hbm %t8 : f8E8M0FNU[160, 2] alias %t6
//   hbm %t9 : f32[160, 2, 32] at 85184
//   hbm %t10 : f8E4M3FN[160, 2, 32] at 136704
//   hbm %t11 : ui8[160, 2, 1] at 146944
//   hbm %t12 : f8E4M3FN[160, 64] alias %t10
//   hbm %t13 : f8E8M0FNU[160, 2] alias %t11
//   hbm %t14 : f8E4M3FN[2, 5, 5, 32] at 85184
//   hbm %t15 : ui8[2, 5, 5, 1] at 86784
//   hbm %t16 : f8E8M0FNU[2, 5, 5] alias %t15
//   hbm %t17 : f8E4M3FN[2, 5, 160] alias %t14
//   call @k0(%arg0) -> (%t0, %t1)
//   call @k1(%arg1) -> (%t4)
//   call @k2(%t4) -> (%t5, %t6)
//   call @k3(%arg2) -> (%t9)
//   call @k4(%t9) -> (%t10, %t11)
//   call @k5(%arg4, %arg3, %t13, %t12, %t3, %t2, %t8, %t7) -> (%t14, %t15)
//   return %t17, %t16
// }
// ----- stderr
// lowered 6 kernels (Elementwise x2, MxGateUp x1, MxQuantize x3), estimate 15.971 us; 12 ops alias their operands (stablehlo.bitcast_convert x4, stablehlo.reshape x8); device program: 6 calls
// check: kernel @k0 (MxQuantize at tests/fixtures/jax/mx_gate_up_b2_bf16.mlir:56:5) is NKI's quantize_mx (--mx-scale nki) and agrees with NKI's scale rule; NKI's scale is the module's on 17 of 20 blocks, twice it on 3, other on 0
// check: kernel @k5 (MxGateUp at tests/fixtures/jax/mx_gate_up_b2_bf16.mlir:327:5) is NKI's quantize_mx (--mx-scale nki) and agrees with NKI's scale rule; NKI's scale is the module's on 2 of 50 blocks, twice it on 48, other on 0 (0 of 1650 elements or scales within the rounding of the product it quantizes)
// check: 6 of 6 kernels agree with the ops they lower, 2 of them by NKI's scale rule (--mx-scale nki)
// check: the device program of @main not run: kernel @k0 follows NKI's scale rule (--mx-scale nki), not the module's
// check: the streams of 6 of 6 kernels are deadlock-free and race-free (55 semaphores)
// check: 6 of 6 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
