// `lower --mx-scale nki` on NeuronCore-v4 (seed 003 §4.1): JAX's mxfp8 quantize of 7 x 4096 bf16
// (tools/gen_fixtures.py, mx_quantize_b1_bf16) is one `quantize_mx` on DVE over 56 chunks of
// 512 elements, each chunk 128 partitions x 4 (nkilib's swizzle), where the module's own rule
// takes the select rules' 30-instruction chain per 128 blocks. Its scales sit on rows 0-3 of each
// quadrant and leave in four DMAs. `--check` judges it by NKI's rule, element for element, and
// counts the blocks whose scale differs from the module's (JAX rounds the scale up); the device
// program, which would differ from the function there, is not run. Without the v4 target the
// option is an error that says what to add.
// RUN: egfuse lower tests/fixtures/jax/mx_quantize_b1_bf16.mlir --mx-scale nki --target neuroncore-v4 --check
// RUN: egfuse lower tests/fixtures/jax/mx_quantize_b1_bf16.mlir --mx-scale nki -o /dev/null
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower tests/fixtures/jax/mx_quantize_b1_bf16.mlir --mx-scale nki --target neuroncore-v4 --check
// // MxQuantize at tests/fixtures/jax/mx_quantize_b1_bf16.mlir:56:5: rows, 128 a tile; SBUF 728 of 262144 bytes per partition, PSUM 0 of 16384
// // estimate 335.439 ns, bound by DMA (DVE 130.000 ns, DMA 335.439 ns)
// kernel @k0 kind MxQuantize {
//   hbm %in11 : bf16[28672] input
//   hbm %out0 : f8E4M3FN[28672] output
//   hbm %out1 : ui8[896] output
//   sbuf %t15_x : bf16[128, 224] at 0
//   sbuf %t16_q : f8E4M3FN[128, 224] at 448
//   sbuf %t17_scales : ui8[100, 56] at 672
//   dma_copy(dst=%t15_x.ap([[224, 128], [4, 56], [1, 4]]), src=%in11.ap([[4, 128], [512, 56], [1, 4]]), engine=DMA)
//   quantize_mx(dst=%t16_q.ap([[224, 128], [4, 56], [1, 4]]), src=%t15_x.ap([[224, 128], [4, 56], [1, 4]]), dst_scale=%t17_scales, engine=DVE)
//   dma_copy(dst=%out0.ap([[4, 128], [512, 56], [1, 4]]), src=%t16_q.ap([[224, 128], [4, 56], [1, 4]]), engine=DMA)
//   dma_copy(dst=%out1.ap([[1, 4], [16, 56]]), src=%t17_scales.ap([[56, 4], [1, 56]]), engine=DMA)
//   dma_copy(dst=%out1.ap([[1, 4], [16, 56]], offset=4), src=%t17_scales.ap([[56, 4], [1, 56]], offset=1792), engine=DMA)
//   dma_copy(dst=%out1.ap([[1, 4], [16, 56]], offset=8), src=%t17_scales.ap([[56, 4], [1, 56]], offset=3584), engine=DMA)
//   dma_copy(dst=%out1.ap([[1, 4], [16, 56]], offset=12), src=%t17_scales.ap([[56, 4], [1, 56]], offset=5376), engine=DMA)
// }
//
// // device program of @main at tests/fixtures/jax/mx_quantize_b1_bf16.mlir:2:3: 1 call; HBM 86912 bytes
// device @main {
//   hbm %arg0 : bf16[1, 7, 4096] input 0 at 0
//   hbm %t0 : f8E4M3FN[1, 7, 128, 32] at 57344
//   hbm %t1 : ui8[1, 7, 128, 1] at 86016
//   hbm %t2 : f8E4M3FN[1, 7, 4096] alias %t0
//   hbm %t3 : f8E8M0FNU[1, 7, 128] alias %t1
//   call @k0(%arg0) -> (%t0, %t1)
//   return %t2, %t3
// }
// ----- stderr
// lowered 1 kernel (MxQuantize x1), estimate 335.439 ns; 3 ops alias their operands (stablehlo.bitcast_convert x1, stablehlo.reshape x2); device program: 1 call
// check: kernel @k0 (MxQuantize at tests/fixtures/jax/mx_quantize_b1_bf16.mlir:56:5) is NKI's quantize_mx (--mx-scale nki) and agrees with NKI's scale rule; NKI's scale is the module's on 831 of 896 blocks, twice it on 65, other on 0
// check: 1 of 1 kernels agree with the ops they lower, 1 of them by NKI's scale rule (--mx-scale nki)
// check: the device program of @main not run: kernel @k0 follows NKI's scale rule (--mx-scale nki), not the module's
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (2 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
// ----- egfuse lower tests/fixtures/jax/mx_quantize_b1_bf16.mlir --mx-scale nki -o /dev/null
// ----- stderr
// error: --mx-scale nki lowers to `quantize_mx`, which NeuronCore-v2 does not have (it exists from v4); add --target neuroncore-v4
// ----- exit 2
