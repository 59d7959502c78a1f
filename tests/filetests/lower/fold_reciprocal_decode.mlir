// 003 §3.3: the flash form ends with one reciprocal of the running sum and one multiply (the
// running output in SBUF, 128 wide: two passes of a divide against one of a multiply), where
// the target runs that faster (`lowering/src/tile/recip.rs`).
// RUN: egfuse lower tests/fixtures/lowering/attention_decode_gqa_bf16.mlir --check
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower tests/fixtures/lowering/attention_decode_gqa_bf16.mlir --check
// // Attention at tests/fixtures/lowering/attention_decode_gqa_bf16.mlir:29:5: matmul, M 128 x N 512 x K 128 a tile; SBUF 4620 of 196608 bytes per partition, PSUM 2560 of 16384
// // estimate 150.014 us, bound by DVE (PE 29.257 us, ACT 36.011 us, DVE 150.014 us, DMA 56.259 us)
// kernel @k0 kind Attention loc(fused["jit(attention_decode_gqa)/bgqk,bkgd->bgqd/dot_general"(callsite("attention_decode_gqa"("tools/export_lowering.py":139:11 to :46) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))), "jit(attention_decode_gqa)/convert_element_type"(callsite("attention_decode_gqa"("tools/export_lowering.py":138:8 to :70) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))), "jit(attention_decode_gqa)/div"(callsite("attention_decode_gqa"("tools/export_lowering.py":138:8 to :54) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))), "jit(attention_decode_gqa)/reduce_sum"(callsite("attention_decode_gqa"("tools/export_lowering.py":138:8 to :54) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))), "jit(attention_decode_gqa)/exp"(callsite("attention_decode_gqa"("tools/export_lowering.py":138:8 to :54) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))), "jit(attention_decode_gqa)/sub"(callsite("attention_decode_gqa"("tools/export_lowering.py":138:8 to :54) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))), "jit(attention_decode_gqa)/reduce_max"(callsite("attention_decode_gqa"("tools/export_lowering.py":138:8 to :54) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))), "jit(attention_decode_gqa)/convert_element_type"(callsite("attention_decode_gqa"("tools/export_lowering.py":138:23 to :44) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))), "jit(attention_decode_gqa)/div"(callsite("attention_decode_gqa"("tools/export_lowering.py":137:8 to :74) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))), "jit(attention_decode_gqa)/bgqd,bkgd->bgqk/dot_general"(callsite("attention_decode_gqa"("tools/export_lowering.py":137:8 to :44) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))), "jit(attention_decode_gqa)/reshape"(callsite("attention_decode_gqa"("tools/export_lowering.py":136:9 to :45) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10))))]) {
//   hbm %in0 : bf16[4194304] input
//   hbm %in3 : bf16[131072] input
//   hbm %in4 : bf16[4194304] input
//   hbm %in5 : bf16[8192] input
//   hbm %out0 : bf16[8192] output
//   sbuf %t7_prev : f32[128, 1] at 4
//   sbuf %t8_corr : f32[128, 1] at 524
//   sbuf %t9_o : f32[128, 128] at 12
//   sbuf %t10 : bf16[128, 512] at 0
//   psum %p11 : f32[128, 512] at 0
//   sbuf %t12_st : bf16[128, 4] at 1024
//   sbuf %t13_mv : bf16[128, 512] at 1032
//   sbuf %t14 : bf16[128, 512] at 0
//   sbuf %t15 : f32[128, 512] at 1024
//   sbuf %t16 : f32[128, 1] at 0
//   sbuf %t17 : f32[128, 512] at 0
//   sbuf %t18 : f32[128, 512] at 0
//   sbuf %t19 : f32[128, 1] at 8
//   sbuf %t20_pe : bf16[128, 512] at 3072
//   psum %p21 : f32[128, 128] at 2048
//   psum %p22_tp : f32[128, 128] at 0
//   sbuf %t23_pt : bf16[128, 128] at 12
//   sbuf %t24_v : bf16[128, 128] at 268
//   sbuf %t25 : bf16[128, 512] at 524
//   psum %p26 : f32[128, 512] at 0
//   sbuf %t27_st : bf16[128, 4] at 1548
//   sbuf %t28_mv : bf16[128, 512] at 1556
//   sbuf %t29 : bf16[128, 512] at 0
//   sbuf %t30 : f32[128, 512] at 1548
//   sbuf %t31_part : f32[128, 1] at 524
//   sbuf %t32 : f32[128, 512] at 0
//   sbuf %t33 : f32[128, 512] at 0
//   sbuf %t34_part : f32[128, 1] at 528
//   sbuf %t35_pe : bf16[128, 512] at 3596
//   psum %p36 : f32[128, 128] at 2048
//   psum %p37_tp : f32[128, 128] at 0
//   sbuf %t38_pt : bf16[128, 128] at 528
//   sbuf %t39_v : bf16[128, 128] at 784
//   sbuf %t40_res : bf16[128, 128] at 524
//   sbuf %t41_neg : f32[128, 1] at 4
//   sbuf %t42_neg : f32[128, 1] at 524
//   sbuf %t43_rcp : f32[128, 1] at 0
//   for %r0 in 0..2 {
//     for %r1 in 0..8 {
//       dma_copy(dst=%t10.ap([[512, 4], [1, 512]]), src=%in3.ap([[2048, 4], [1, 512]], offset=65536*%r0 + 8192*%r1), engine=DMA)
//       dma_copy(dst=%t12_st, src=%in5.ap([[1, 128], [128, 4]], offset=4096*%r0 + 512*%r1), engine=DMA) loc("jit(attention_decode_gqa)/bgqd,bkgd->bgqk/dot_general"(callsite("attention_decode_gqa"("tools/export_lowering.py":137:8 to :44) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//       dma_copy(dst=%t13_mv, src=%in4.ap([[1, 128], [1024, 512]], offset=2097152*%r0 + 128*%r1), engine=DMA) loc("jit(attention_decode_gqa)/bgqd,bkgd->bgqk/dot_general"(callsite("attention_decode_gqa"("tools/export_lowering.py":137:8 to :44) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//       nc_matmul(dst=%p11.ap([[512, 4], [1, 512]]), stationary=%t12_st, moving=%t13_mv, accumulate=false, engine=PE) loc("jit(attention_decode_gqa)/bgqd,bkgd->bgqk/dot_general"(callsite("attention_decode_gqa"("tools/export_lowering.py":137:8 to :44) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//       tensor_tensor(dst=%t15.ap([[512, 4], [1, 512]]), data1=%p11.ap([[512, 4], [1, 512]]), data2=%t10.ap([[512, 4], [1, 512]]), op=divide, engine=DVE) loc("jit(attention_decode_gqa)/div"(callsite("attention_decode_gqa"("tools/export_lowering.py":137:8 to :74) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//       tensor_reduce(dst=%t16.ap([[1, 4], [0, 1]]), op=maximum, data=%t15.ap([[512, 4], [1, 512]]), axis=[1], engine=DVE) loc("jit(attention_decode_gqa)/reduce_max"(callsite("attention_decode_gqa"("tools/export_lowering.py":138:8 to :54) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//       tensor_scalar(dst=%t41_neg.ap([[1, 4], [1, 1]]), data=%t16.ap([[1, 4], [1, 1]]), op0=multiply, operand0=-1.0, engine=DVE) loc("jit(attention_decode_gqa)/sub"(callsite("attention_decode_gqa"("tools/export_lowering.py":138:8 to :54) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//       activation_reduce(dst=%t20_pe.ap([[512, 4], [1, 512]]), op=exp, data=%t15.ap([[512, 4], [1, 512]]), reduce_op=add, reduce_res=%t19.ap([[1, 4], [0, 1]]), bias=%t41_neg.ap([[1, 4], [1, 1]]), engine=ACT) loc("jit(attention_decode_gqa)/exp"(callsite("attention_decode_gqa"("tools/export_lowering.py":138:8 to :54) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//       nc_transpose(dst=%p22_tp.ap([[128, 128], [1, 4]]), data=%t20_pe.ap([[512, 4], [1, 128]]), engine=PE) loc("jit(attention_decode_gqa)/bgqk,bkgd->bgqd/dot_general"(callsite("attention_decode_gqa"("tools/export_lowering.py":139:11 to :46) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//       tensor_copy(dst=%t23_pt.ap([[128, 128], [1, 4]]), src=%p22_tp.ap([[128, 128], [1, 4]]), engine=DVE) loc("jit(attention_decode_gqa)/bgqk,bkgd->bgqd/dot_general"(callsite("attention_decode_gqa"("tools/export_lowering.py":139:11 to :46) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//       dma_copy(dst=%t24_v, src=%in0.ap([[1024, 128], [1, 128]], offset=2097152*%r0 + 128*%r1), engine=DMA) loc("jit(attention_decode_gqa)/bgqk,bkgd->bgqd/dot_general"(callsite("attention_decode_gqa"("tools/export_lowering.py":139:11 to :46) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//       nc_matmul(dst=%p21.ap([[128, 4], [1, 128]]), stationary=%t23_pt.ap([[128, 128], [1, 4]]), moving=%t24_v, accumulate=false, engine=PE) loc("jit(attention_decode_gqa)/bgqk,bkgd->bgqd/dot_general"(callsite("attention_decode_gqa"("tools/export_lowering.py":139:11 to :46) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//       nc_transpose(dst=%p22_tp.ap([[128, 128], [1, 4]]), data=%t20_pe.ap([[512, 4], [1, 128]], offset=128), engine=PE) loc("jit(attention_decode_gqa)/bgqk,bkgd->bgqd/dot_general"(callsite("attention_decode_gqa"("tools/export_lowering.py":139:11 to :46) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//       tensor_copy(dst=%t23_pt.ap([[128, 128], [1, 4]]), src=%p22_tp.ap([[128, 128], [1, 4]]), engine=DVE) loc("jit(attention_decode_gqa)/bgqk,bkgd->bgqd/dot_general"(callsite("attention_decode_gqa"("tools/export_lowering.py":139:11 to :46) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//       dma_copy(dst=%t24_v, src=%in0.ap([[1024, 128], [1, 128]], offset=2097152*%r0 + 128*%r1 + 131072), engine=DMA) loc("jit(attention_decode_gqa)/bgqk,bkgd->bgqd/dot_general"(callsite("attention_decode_gqa"("tools/export_lowering.py":139:11 to :46) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//       nc_matmul(dst=%p21.ap([[128, 4], [1, 128]]), stationary=%t23_pt.ap([[128, 128], [1, 4]]), moving=%t24_v, accumulate=true, engine=PE) loc("jit(attention_decode_gqa)/bgqk,bkgd->bgqd/dot_general"(callsite("attention_decode_gqa"("tools/export_lowering.py":139:11 to :46) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//       nc_transpose(dst=%p22_tp.ap([[128, 128], [1, 4]]), data=%t20_pe.ap([[512, 4], [1, 128]], offset=256), engine=PE) loc("jit(attention_decode_gqa)/bgqk,bkgd->bgqd/dot_general"(callsite("attention_decode_gqa"("tools/export_lowering.py":139:11 to :46) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//       tensor_copy(dst=%t23_pt.ap([[128, 128], [1, 4]]), src=%p22_tp.ap([[128, 128], [1, 4]]), engine=DVE) loc("jit(attention_decode_gqa)/bgqk,bkgd->bgqd/dot_general"(callsite("attention_decode_gqa"("tools/export_lowering.py":139:11 to :46) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//       dma_copy(dst=%t24_v, src=%in0.ap([[1024, 128], [1, 128]], offset=2097152*%r0 + 128*%r1 + 262144), engine=DMA) loc("jit(attention_decode_gqa)/bgqk,bkgd->bgqd/dot_general"(callsite("attention_decode_gqa"("tools/export_lowering.py":139:11 to :46) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//       nc_matmul(dst=%p21.ap([[128, 4], [1, 128]]), stationary=%t23_pt.ap([[128, 128], [1, 4]]), moving=%t24_v, accumulate=true, engine=PE) loc("jit(attention_decode_gqa)/bgqk,bkgd->bgqd/dot_general"(callsite("attention_decode_gqa"("tools/export_lowering.py":139:11 to :46) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//       nc_transpose(dst=%p22_tp.ap([[128, 128], [1, 4]]), data=%t20_pe.ap([[512, 4], [1, 128]], offset=384), engine=PE) loc("jit(attention_decode_gqa)/bgqk,bkgd->bgqd/dot_general"(callsite("attention_decode_gqa"("tools/export_lowering.py":139:11 to :46) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//       tensor_copy(dst=%t23_pt.ap([[128, 128], [1, 4]]), src=%p22_tp.ap([[128, 128], [1, 4]]), engine=DVE) loc("jit(attention_decode_gqa)/bgqk,bkgd->bgqd/dot_general"(callsite("attention_decode_gqa"("tools/export_lowering.py":139:11 to :46) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//       dma_copy(dst=%t24_v, src=%in0.ap([[1024, 128], [1, 128]], offset=2097152*%r0 + 128*%r1 + 393216), engine=DMA) loc("jit(attention_decode_gqa)/bgqk,bkgd->bgqd/dot_general"(callsite("attention_decode_gqa"("tools/export_lowering.py":139:11 to :46) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//       nc_matmul(dst=%p21.ap([[128, 4], [1, 128]]), stationary=%t23_pt.ap([[128, 128], [1, 4]]), moving=%t24_v, accumulate=true, engine=PE) loc("jit(attention_decode_gqa)/bgqk,bkgd->bgqd/dot_general"(callsite("attention_decode_gqa"("tools/export_lowering.py":139:11 to :46) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//       tensor_copy(dst=%t9_o.ap([[128, 4], [1, 128]]), src=%p21.ap([[128, 4], [1, 128]]), engine=DVE) loc("jit(attention_decode_gqa)/bgqk,bkgd->bgqd/dot_general"(callsite("attention_decode_gqa"("tools/export_lowering.py":139:11 to :46) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//       for %r2 in 0..3 {
//         dma_copy(dst=%t25.ap([[512, 4], [1, 512]]), src=%in3.ap([[2048, 4], [1, 512]], offset=65536*%r0 + 8192*%r1 + 512*%r2 + 512), engine=DMA)
//         dma_copy(dst=%t27_st, src=%in5.ap([[1, 128], [128, 4]], offset=4096*%r0 + 512*%r1), engine=DMA) loc("jit(attention_decode_gqa)/bgqd,bkgd->bgqk/dot_general"(callsite("attention_decode_gqa"("tools/export_lowering.py":137:8 to :44) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//         dma_copy(dst=%t28_mv, src=%in4.ap([[1, 128], [1024, 512]], offset=2097152*%r0 + 128*%r1 + 524288*%r2 + 524288), engine=DMA) loc("jit(attention_decode_gqa)/bgqd,bkgd->bgqk/dot_general"(callsite("attention_decode_gqa"("tools/export_lowering.py":137:8 to :44) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//         nc_matmul(dst=%p26.ap([[512, 4], [1, 512]]), stationary=%t27_st, moving=%t28_mv, accumulate=false, engine=PE) loc("jit(attention_decode_gqa)/bgqd,bkgd->bgqk/dot_general"(callsite("attention_decode_gqa"("tools/export_lowering.py":137:8 to :44) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//         tensor_tensor(dst=%t30.ap([[512, 4], [1, 512]]), data1=%p26.ap([[512, 4], [1, 512]]), data2=%t25.ap([[512, 4], [1, 512]]), op=divide, engine=DVE) loc("jit(attention_decode_gqa)/div"(callsite("attention_decode_gqa"("tools/export_lowering.py":137:8 to :74) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//         tensor_copy(dst=%t7_prev.ap([[1, 4], [0, 1]]), src=%t16.ap([[1, 4], [0, 1]]), engine=DVE) loc("jit(attention_decode_gqa)/reduce_max"(callsite("attention_decode_gqa"("tools/export_lowering.py":138:8 to :54) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//         tensor_reduce(dst=%t31_part.ap([[1, 4], [0, 1]]), op=maximum, data=%t30.ap([[512, 4], [1, 512]]), axis=[1], engine=DVE) loc("jit(attention_decode_gqa)/reduce_max"(callsite("attention_decode_gqa"("tools/export_lowering.py":138:8 to :54) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//         tensor_tensor(dst=%t16.ap([[1, 4], [0, 1]]), data1=%t16.ap([[1, 4], [0, 1]]), data2=%t31_part.ap([[1, 4], [0, 1]]), op=maximum, engine=DVE) loc("jit(attention_decode_gqa)/reduce_max"(callsite("attention_decode_gqa"("tools/export_lowering.py":138:8 to :54) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//         tensor_scalar(dst=%t42_neg.ap([[1, 4], [1, 1]]), data=%t16.ap([[1, 4], [1, 1]]), op0=multiply, operand0=-1.0, engine=DVE) loc("jit(attention_decode_gqa)/sub"(callsite("attention_decode_gqa"("tools/export_lowering.py":138:8 to :54) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//         activation_reduce(dst=%t35_pe.ap([[512, 4], [1, 512]]), op=exp, data=%t30.ap([[512, 4], [1, 512]]), reduce_op=add, reduce_res=%t34_part.ap([[1, 4], [0, 1]]), bias=%t42_neg.ap([[1, 4], [1, 1]]), engine=ACT) loc("jit(attention_decode_gqa)/exp"(callsite("attention_decode_gqa"("tools/export_lowering.py":138:8 to :54) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//         activation(dst=%t8_corr.ap([[1, 4], [0, 1]]), op=exp, data=%t16.ap([[1, 4], [0, 1]]), bias=%t7_prev.ap([[1, 4], [0, 1]]), scale=-1.0, engine=ACT) loc("jit(attention_decode_gqa)/reduce_sum"(callsite("attention_decode_gqa"("tools/export_lowering.py":138:8 to :54) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//         tensor_tensor(dst=%t19.ap([[1, 4], [0, 1]]), data1=%t19.ap([[1, 4], [0, 1]]), data2=%t8_corr.ap([[1, 4], [0, 1]]), op=multiply, engine=DVE) loc("jit(attention_decode_gqa)/reduce_sum"(callsite("attention_decode_gqa"("tools/export_lowering.py":138:8 to :54) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//         tensor_tensor(dst=%t19.ap([[1, 4], [0, 1]]), data1=%t19.ap([[1, 4], [0, 1]]), data2=%t34_part.ap([[1, 4], [0, 1]]), op=add, engine=DVE) loc("jit(attention_decode_gqa)/reduce_sum"(callsite("attention_decode_gqa"("tools/export_lowering.py":138:8 to :54) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//         nc_transpose(dst=%p37_tp.ap([[128, 128], [1, 4]]), data=%t35_pe.ap([[512, 4], [1, 128]]), engine=PE) loc("jit(attention_decode_gqa)/bgqk,bkgd->bgqd/dot_general"(callsite("attention_decode_gqa"("tools/export_lowering.py":139:11 to :46) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//         tensor_copy(dst=%t38_pt.ap([[128, 128], [1, 4]]), src=%p37_tp.ap([[128, 128], [1, 4]]), engine=DVE) loc("jit(attention_decode_gqa)/bgqk,bkgd->bgqd/dot_general"(callsite("attention_decode_gqa"("tools/export_lowering.py":139:11 to :46) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//         dma_copy(dst=%t39_v, src=%in0.ap([[1024, 128], [1, 128]], offset=2097152*%r0 + 128*%r1 + 524288*%r2 + 524288), engine=DMA) loc("jit(attention_decode_gqa)/bgqk,bkgd->bgqd/dot_general"(callsite("attention_decode_gqa"("tools/export_lowering.py":139:11 to :46) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//         nc_matmul(dst=%p36.ap([[128, 4], [1, 128]]), stationary=%t38_pt.ap([[128, 128], [1, 4]]), moving=%t39_v, accumulate=false, engine=PE) loc("jit(attention_decode_gqa)/bgqk,bkgd->bgqd/dot_general"(callsite("attention_decode_gqa"("tools/export_lowering.py":139:11 to :46) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//         nc_transpose(dst=%p37_tp.ap([[128, 128], [1, 4]]), data=%t35_pe.ap([[512, 4], [1, 128]], offset=128), engine=PE) loc("jit(attention_decode_gqa)/bgqk,bkgd->bgqd/dot_general"(callsite("attention_decode_gqa"("tools/export_lowering.py":139:11 to :46) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//         tensor_copy(dst=%t38_pt.ap([[128, 128], [1, 4]]), src=%p37_tp.ap([[128, 128], [1, 4]]), engine=DVE) loc("jit(attention_decode_gqa)/bgqk,bkgd->bgqd/dot_general"(callsite("attention_decode_gqa"("tools/export_lowering.py":139:11 to :46) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//         dma_copy(dst=%t39_v, src=%in0.ap([[1024, 128], [1, 128]], offset=2097152*%r0 + 128*%r1 + 524288*%r2 + 655360), engine=DMA) loc("jit(attention_decode_gqa)/bgqk,bkgd->bgqd/dot_general"(callsite("attention_decode_gqa"("tools/export_lowering.py":139:11 to :46) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//         nc_matmul(dst=%p36.ap([[128, 4], [1, 128]]), stationary=%t38_pt.ap([[128, 128], [1, 4]]), moving=%t39_v, accumulate=true, engine=PE) loc("jit(attention_decode_gqa)/bgqk,bkgd->bgqd/dot_general"(callsite("attention_decode_gqa"("tools/export_lowering.py":139:11 to :46) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//         nc_transpose(dst=%p37_tp.ap([[128, 128], [1, 4]]), data=%t35_pe.ap([[512, 4], [1, 128]], offset=256), engine=PE) loc("jit(attention_decode_gqa)/bgqk,bkgd->bgqd/dot_general"(callsite("attention_decode_gqa"("tools/export_lowering.py":139:11 to :46) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//         tensor_copy(dst=%t38_pt.ap([[128, 128], [1, 4]]), src=%p37_tp.ap([[128, 128], [1, 4]]), engine=DVE) loc("jit(attention_decode_gqa)/bgqk,bkgd->bgqd/dot_general"(callsite("attention_decode_gqa"("tools/export_lowering.py":139:11 to :46) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//         dma_copy(dst=%t39_v, src=%in0.ap([[1024, 128], [1, 128]], offset=2097152*%r0 + 128*%r1 + 524288*%r2 + 786432), engine=DMA) loc("jit(attention_decode_gqa)/bgqk,bkgd->bgqd/dot_general"(callsite("attention_decode_gqa"("tools/export_lowering.py":139:11 to :46) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//         nc_matmul(dst=%p36.ap([[128, 4], [1, 128]]), stationary=%t38_pt.ap([[128, 128], [1, 4]]), moving=%t39_v, accumulate=true, engine=PE) loc("jit(attention_decode_gqa)/bgqk,bkgd->bgqd/dot_general"(callsite("attention_decode_gqa"("tools/export_lowering.py":139:11 to :46) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//         nc_transpose(dst=%p37_tp.ap([[128, 128], [1, 4]]), data=%t35_pe.ap([[512, 4], [1, 128]], offset=384), engine=PE) loc("jit(attention_decode_gqa)/bgqk,bkgd->bgqd/dot_general"(callsite("attention_decode_gqa"("tools/export_lowering.py":139:11 to :46) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//         tensor_copy(dst=%t38_pt.ap([[128, 128], [1, 4]]), src=%p37_tp.ap([[128, 128], [1, 4]]), engine=DVE) loc("jit(attention_decode_gqa)/bgqk,bkgd->bgqd/dot_general"(callsite("attention_decode_gqa"("tools/export_lowering.py":139:11 to :46) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//         dma_copy(dst=%t39_v, src=%in0.ap([[1024, 128], [1, 128]], offset=2097152*%r0 + 128*%r1 + 524288*%r2 + 917504), engine=DMA) loc("jit(attention_decode_gqa)/bgqk,bkgd->bgqd/dot_general"(callsite("attention_decode_gqa"("tools/export_lowering.py":139:11 to :46) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//         nc_matmul(dst=%p36.ap([[128, 4], [1, 128]]), stationary=%t38_pt.ap([[128, 128], [1, 4]]), moving=%t39_v, accumulate=true, engine=PE) loc("jit(attention_decode_gqa)/bgqk,bkgd->bgqd/dot_general"(callsite("attention_decode_gqa"("tools/export_lowering.py":139:11 to :46) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//         tensor_tensor(dst=%t9_o.ap([[128, 4], [1, 128]]), data1=%t9_o.ap([[128, 4], [1, 128]]), data2=%t8_corr.ap([[1, 4], [0, 128]]), op=multiply, engine=DVE) loc("jit(attention_decode_gqa)/bgqk,bkgd->bgqd/dot_general"(callsite("attention_decode_gqa"("tools/export_lowering.py":139:11 to :46) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//         tensor_tensor(dst=%t9_o.ap([[128, 4], [1, 128]]), data1=%t9_o.ap([[128, 4], [1, 128]]), data2=%p36.ap([[128, 4], [1, 128]]), op=add, engine=DVE) loc("jit(attention_decode_gqa)/bgqk,bkgd->bgqd/dot_general"(callsite("attention_decode_gqa"("tools/export_lowering.py":139:11 to :46) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//       }
//       reciprocal(dst=%t43_rcp.ap([[1, 4], [1, 1]]), data=%t19.ap([[1, 4], [1, 1]]), engine=DVE) loc("jit(attention_decode_gqa)/bgqk,bkgd->bgqd/dot_general"(callsite("attention_decode_gqa"("tools/export_lowering.py":139:11 to :46) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//       tensor_scalar(dst=%t40_res.ap([[128, 4], [1, 128]]), data=%t9_o.ap([[128, 4], [1, 128]]), op0=multiply, operand0=%t43_rcp.ap([[1, 4], [1, 1]]), engine=DVE) loc("jit(attention_decode_gqa)/bgqk,bkgd->bgqd/dot_general"(callsite("attention_decode_gqa"("tools/export_lowering.py":139:11 to :46) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//       dma_copy(dst=%out0.ap([[128, 4], [1, 128]], offset=4096*%r0 + 512*%r1), src=%t40_res.ap([[128, 4], [1, 128]]), engine=DMA) loc("jit(attention_decode_gqa)/bgqk,bkgd->bgqd/dot_general"(callsite("attention_decode_gqa"("tools/export_lowering.py":139:11 to :46) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//     }
//   }
// }
//
// // stablehlo.reshape at tests/fixtures/lowering/attention_decode_gqa_bf16.mlir:30:5: dma; SBUF 0 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 71.211 ns, bound by DMA (DMA 71.211 ns)
// kernel @k1 kind stablehlo.reshape loc("jit(attention_decode_gqa)/reshape"(callsite("attention_decode_gqa"("tools/export_lowering.py":139:11 to :66) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10))))) {
//   hbm %in0 : bf16[8192] input
//   hbm %out0 : bf16[8192] output
//   dma_copy(dst=%out0, src=%in0, engine=DMA) loc("jit(attention_decode_gqa)/reshape"(callsite("attention_decode_gqa"("tools/export_lowering.py":139:11 to :66) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
// }
//
// // device program of @main at tests/fixtures/lowering/attention_decode_gqa_bf16.mlir:5:3: 2 calls; HBM 17088512 bytes
// device @main {
//   hbm %arg0 : bf16[2, 1, 32, 128] input 0 at 0
//   hbm %arg1 : bf16[2, 2048, 8, 128] input 1 at 16384
//   hbm %arg2 : bf16[2, 2048, 8, 128] input 2 at 8404992
//   hbm %c0 : bf16[2, 8, 4, 2048] const at 16793600
//   hbm %t0 : bf16[2, 8, 4, 128] at 17055744
//   hbm %t1 : bf16[2, 1, 32, 128] at 17072128
//   call @k0(%arg2, %c0, %arg1, %arg0) -> (%t0)
//   call @k1(%t0) -> (%t1)
//   return %t1
// }
// ----- stderr
// lowered 2 kernels (Attention x1, stablehlo.reshape x1), estimate 150.085 us; 1 op folded at compile time (mhlo.fusion x1); device program: 2 calls
// check: 2 of 2 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 2 of 2 kernels are deadlock-free and race-free (18 semaphores)
// check: 2 of 2 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
