// An RMSNorm and the MX quantize of its result are one MxRmsNorm kernel under NKI's scale rule
// on NeuronCore-v4 (seed 003 §4.1, nkilib's rmsnorm_mx_quantize_tkg; tools/gen_fixtures.py,
// mx_rmsnorm_quantize_b2_bf16: 2 x 67 tokens of bf16 [.., 1024], an f32 weight). The kernel is
// the RmsNorm's `columns` layout (003 §1.1: the square on ACT, each partition's sum, the
// ones-matmul on PE, `rsqrt` with 1/H and eps folded in, the two multiplies), its hidden axis
// swizzled onto the partitions: lanes 4p..4p+4 of each chunk of 512 on partition p, loaded so
// by DMA, the weight too. The normalized rows, written bf16, are then already the x4 layout
// `quantize_mx` reads: they are quantized where they lie and never stored. Under the module's
// rule (the default) the three kernels fusion made stay.
// RUN: egfuse lower tests/fixtures/jax/mx_rmsnorm_quantize_b2_bf16.mlir --target neuroncore-v4 --mx-scale nki --check
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower tests/fixtures/jax/mx_rmsnorm_quantize_b2_bf16.mlir --target neuroncore-v4 --mx-scale nki --check
// // MxRmsNorm at tests/fixtures/jax/mx_rmsnorm_quantize_b2_bf16.mlir:74:5: columns, 512 rows a tile; SBUF 27172 of 262144 bytes per partition, PSUM 2048 of 16384
// // estimate 5.297 us, bound by DVE (PE 223.334 ns, ACT 1.171 us, DVE 5.297 us, DMA 933.701 ns)
// kernel @k0 kind MxRmsNorm {
//   hbm %in12 : bf16[137216] input
//   hbm %in14 : f32[1024] input
//   hbm %out0 : f8E4M3FN[137216] output
//   hbm %out1 : ui8[4288] output
//   sbuf %t18 : f32[128, 8] at 516
//   sbuf %t19 : bf16[128, 512, 8] at 548
//   sbuf %t20 : f32[128, 512, 8] at 0
//   sbuf %t21 : f32[128, 512, 8] at 8740
//   sbuf %t22_part : f32[128, 512] at 25124
//   sbuf %ones : f32[128, 128] at 0
//   psum %p24 : f32[128, 512] at 0
//   sbuf %t25 : f32[128, 512] at 8740
//   sbuf %c0 : f32[128, 1] at 512
//   sbuf %t27 : f32[128, 512, 8] at 10788
//   sbuf %t28 : f32[128, 512, 8] at 0
//   sbuf %t29 : bf16[128, 512, 8] at 548
//   sbuf %t30_q : f8E4M3FN[128, 4096] at 8740
//   sbuf %t31_scales : ui8[100, 1024] at 12836
//   memset(dst=%ones, value=1.0, engine=DVE)
//   memset(dst=%c0, value=9.99999997e-7, engine=DVE)
//   dma_copy(dst=%t18, src=%in14.ap([[4, 128], [512, 2], [1, 4]]), engine=DMA)
//   dma_copy(dst=%t19.ap([[4096, 128], [8, 134], [1, 8]]), src=%in12.ap([[4, 128], [1024, 134], [512, 2], [1, 4]]), engine=DMA)
//   activation(dst=%t21.ap([[4096, 128], [8, 134], [1, 8]]), op=square, data=%t19.ap([[4096, 128], [8, 134], [1, 8]]), engine=ACT)
//   tensor_reduce(dst=%t22_part.ap([[512, 128], [1, 134]]), op=add, data=%t21.ap([[4096, 128], [8, 134], [1, 8]]), axis=[2], engine=DVE)
//   nc_matmul(dst=%p24.ap([[512, 128], [1, 134]]), stationary=%ones, moving=%t22_part.ap([[512, 128], [1, 134]]), engine=PE)
//   activation(dst=%t25.ap([[512, 128], [1, 134]]), op=rsqrt, data=%p24.ap([[512, 128], [1, 134]]), bias=%c0, scale=0.0009765625, engine=ACT)
//   tensor_tensor(dst=%t27.ap([[4096, 128], [8, 134], [1, 8]]), data1=%t19.ap([[4096, 128], [8, 134], [1, 8]]), data2=%t25.ap([[512, 128], [1, 134], [0, 8]]), op=multiply, engine=DVE)
//   tensor_tensor(dst=%t29.ap([[4096, 128], [8, 134], [1, 8]]), data1=%t27.ap([[4096, 128], [8, 134], [1, 8]]), data2=%t18.ap([[8, 128], [0, 134], [1, 8]]), op=multiply, engine=DVE)
//   quantize_mx(dst=%t30_q.ap([[4096, 128], [4, 268], [1, 4]]), src=%t29.ap([[4096, 128], [4, 268], [1, 4]]), dst_scale=%t31_scales.ap([[1024, 100], [1, 268]]), engine=DVE)
//   dma_copy(dst=%out0.ap([[4, 128], [512, 268], [1, 4]]), src=%t30_q.ap([[4096, 128], [4, 268], [1, 4]]), engine=DMA)
//   dma_copy(dst=%out1.ap([[1, 4], [16, 268]]), src=%t31_scales.ap([[1024, 4], [1, 268]]), engine=DMA)
//   dma_copy(dst=%out1.ap([[1, 4], [16, 268]], offset=4), src=%t31_scales.ap([[1024, 4], [1, 268]], offset=32768), engine=DMA)
//   dma_copy(dst=%out1.ap([[1, 4], [16, 268]], offset=8), src=%t31_scales.ap([[1024, 4], [1, 268]], offset=65536), engine=DMA)
//   dma_copy(dst=%out1.ap([[1, 4], [16, 268]], offset=12), src=%t31_scales.ap([[1024, 4], [1, 268]], offset=98304), engine=DMA)
// }
//
// // device program of @main at tests/fixtures/jax/mx_rmsnorm_quantize_b2_bf16.mlir:2:3: 1 call; HBM 420032 bytes
// device @main {
//   hbm %arg0 : bf16[2, 67, 1024] input 0 at 0
//   hbm %arg1 : f32[1024] input 1 at 274432
//   hbm %t0 : f8E4M3FN[2, 67, 32, 32] at 278528
//   hbm %t1 : ui8[2, 67, 32, 1] at 415744
//   hbm %t2 : f8E8M0FNU[2, 67, 32] alias %t1
//   hbm %t3 : f8E4M3FN[2, 67, 1024] alias %t0
//   call @k0(%arg0, %arg1) -> (%t0, %t1)
//   return %t3, %t2
// }
// ----- stderr
// lowered 1 kernel (MxRmsNorm x1), estimate 5.297 us; 3 ops alias their operands (stablehlo.bitcast_convert x1, stablehlo.reshape x2); device program: 1 call
// check: kernel @k0 (MxRmsNorm at tests/fixtures/jax/mx_rmsnorm_quantize_b2_bf16.mlir:74:5) is NKI's quantize_mx (--mx-scale nki) and agrees with NKI's scale rule; NKI's scale is the module's on 95 of 4288 blocks, twice it on 4193, other on 0 (0 of 141504 elements or scales within the rounding of the product it quantizes)
// check: 1 of 1 kernels agree with the ops they lower, 1 of them by NKI's scale rule (--mx-scale nki)
// check: the device program of @main not run: kernel @k0 follows NKI's scale rule (--mx-scale nki), not the module's
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (8 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
