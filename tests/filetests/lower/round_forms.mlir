// floor, ceil, round_nearest_even and round_nearest_afz spelled in fp32 arithmetic by the
// `round-forms` pass ((|x| + 2^23) - 2^23 rounds to the nearest integer, ties to even), before
// fusion. The operand is i/2 + j * 2^22 for small integers i and j: ties, negatives, values in
// [2^22, 2^23) where fp32's spacing is 1/2, and values past 2^23 that are already integers.
// bf16 rounds through f32. The device program's check runs the whole function against the
// reference.
// RUN: egfuse lower %s --check --emit asm
func.func @main(%i: tensor<4x64xi32>, %j: tensor<4x64xi32>) -> (tensor<4x64xf32>, tensor<4x64xf32>, tensor<4x64xf32>, tensor<4x64xf32>, tensor<4x64xbf16>) {
  %fi = stablehlo.convert %i : (tensor<4x64xi32>) -> tensor<4x64xf32>
  %fj = stablehlo.convert %j : (tensor<4x64xi32>) -> tensor<4x64xf32>
  %half = stablehlo.constant dense<0.5> : tensor<4x64xf32>
  %big = stablehlo.constant dense<4194304.0> : tensor<4x64xf32>
  %a = stablehlo.multiply %fi, %half : tensor<4x64xf32>
  %b = stablehlo.multiply %fj, %big : tensor<4x64xf32>
  %x = stablehlo.add %a, %b : tensor<4x64xf32>
  %f = stablehlo.floor %x : tensor<4x64xf32>
  %c = stablehlo.ceil %x : tensor<4x64xf32>
  %e = stablehlo.round_nearest_even %x : tensor<4x64xf32>
  %z = stablehlo.round_nearest_afz %x : tensor<4x64xf32>
  %xb = stablehlo.convert %a : (tensor<4x64xf32>) -> tensor<4x64xbf16>
  %fb = stablehlo.floor %xb : tensor<4x64xbf16>
  return %f, %c, %e, %z, %fb : tensor<4x64xf32>, tensor<4x64xf32>, tensor<4x64xf32>, tensor<4x64xf32>, tensor<4x64xbf16>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check --emit asm
// // Elementwise at tests/filetests/lower/round_forms.mlir:13:3: rows, 128 a tile; SBUF 512 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 292.858 ns, bound by DVE (DVE 292.858 ns, DMA 67.496 ns)
// kernel @k0 kind Elementwise {
//   hbm %in0 : i32[256] input
//   hbm %out0 : f32[256] output
//   sbuf %t2 : i32[128, 64] at 0
//   sbuf %t3 : f32[128, 64] at 256
//   sbuf %t4 : f32[128, 64] at 0
//   sem %s0 : DVE -> DMA1
//   sem %s1 : DMA0 -> DVE
//   sem %s2 : DMA0 -> DMA1
//   DVE {
//     wait %s1 >= 1
//     [1] tensor_copy(dst=%t3.ap([[64, 4], [1, 64]]), src=%t2.ap([[64, 4], [1, 64]]), engine=DVE)
//     [2] tensor_scalar(dst=%t4.ap([[64, 4], [1, 64]]), data=%t3.ap([[64, 4], [1, 64]]), op0=multiply, operand0=0.5, engine=DVE) signal %s0
//   }
//   DMA0 {
//     [0] dma_copy(dst=%t2.ap([[64, 4], [1, 64]]), src=%in0.ap([[64, 4], [1, 64]]), engine=DMA) signal %s1, %s2
//   }
//   DMA1 {
//     wait %s0 >= 1
//     wait %s2 >= 1
//     [3] dma_copy(dst=%out0.ap([[64, 4], [1, 64]]), src=%t4.ap([[64, 4], [1, 64]]), engine=DMA)
//   }
// }
//
// // Elementwise at tests/filetests/lower/round_forms.mlir:21:3: rows, 128 a tile; SBUF 1348 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 2.279 us, bound by DVE (ACT 234.286 ns, DVE 2.279 us, DMA 66.247 ns)
// kernel @k1 kind Elementwise {
//   hbm %in0 : f32[256] input
//   hbm %out0 : bf16[256] output
//   sbuf %t2 : f32[128, 64] at 4
//   sbuf %t3 : bf16[128, 64] at 260
//   sbuf %t4 : f32[128, 64] at 4
//   sbuf %t5 : f32[128, 64] at 260
//   sbuf %t6 : ui8[128, 64] at 516
//   sbuf %c0 : f32[128, 1] at 0
//   sbuf %t8 : f32[128, 64] at 580
//   sbuf %t9 : f32[128, 64] at 260
//   sbuf %t10 : f32[128, 64] at 580
//   sbuf %t11 : f32[128, 64] at 836
//   sbuf %t12 : ui8[128, 64] at 260
//   sbuf %t13 : f32[128, 64] at 580
//   sbuf %t14 : f32[128, 64] at 1092
//   sbuf %t15 : f32[128, 64] at 260
//   sbuf %t16 : bf16[128, 64] at 0
//   sem %s0 : ACT -> DVE
//   sem %s1 : DVE -> ACT
//   sem %s2 : DVE -> DMA1
//   sem %s3 : DMA0 -> ACT
//   sem %s4 : DMA0 -> DVE
//   sem %s5 : DMA0 -> DMA1
//   ACT {
//     wait %s1 >= 2
//     wait %s3 >= 1
//     [4] activation(dst=%t5.ap([[64, 4], [1, 64]]), op=abs, data=%t4.ap([[64, 4], [1, 64]]), engine=ACT) signal %s0
//     wait %s1 >= 4
//     [8] activation(dst=%t10.ap([[64, 4], [1, 64]]), op=sign, data=%t4.ap([[64, 4], [1, 64]]), engine=ACT) signal %s0
//   }
//   DVE {
//     [1] memset(dst=%c0, value=8388608.0, engine=DVE) signal %s2
//     wait %s4 >= 1
//     [2] tensor_copy(dst=%t3.ap([[64, 4], [1, 64]]), src=%t2.ap([[64, 4], [1, 64]]), engine=DVE) signal %s1
//     [3] tensor_copy(dst=%t4.ap([[64, 4], [1, 64]]), src=%t3.ap([[64, 4], [1, 64]]), engine=DVE) signal %s1, %s2
//     wait %s0 >= 1
//     [5] tensor_tensor(dst=%t6.ap([[64, 4], [1, 64]]), data1=%t5.ap([[64, 4], [1, 64]]), data2=%c0.ap([[1, 4], [0, 64]]), op=less, engine=DVE)
//     [6] tensor_scalar(dst=%t8.ap([[64, 4], [1, 64]]), data=%t5.ap([[64, 4], [1, 64]]), op0=add, operand0=8388608.0, engine=DVE) signal %s1
//     [7] tensor_scalar(dst=%t9.ap([[64, 4], [1, 64]]), data=%t8.ap([[64, 4], [1, 64]]), op0=subtract, operand0=8388608.0, engine=DVE) signal %s1
//     wait %s0 >= 2
//     [9] tensor_tensor(dst=%t11.ap([[64, 4], [1, 64]]), data1=%t9.ap([[64, 4], [1, 64]]), data2=%t10.ap([[64, 4], [1, 64]]), op=multiply, engine=DVE)
//     [10] tensor_tensor(dst=%t12.ap([[64, 4], [1, 64]]), data1=%t11.ap([[64, 4], [1, 64]]), data2=%t4.ap([[64, 4], [1, 64]]), op=greater, engine=DVE)
//     [11] tensor_scalar(dst=%t13.ap([[64, 4], [1, 64]]), data=%t11.ap([[64, 4], [1, 64]]), op0=subtract, operand0=1.0, engine=DVE)
//     [12] tensor_copy(dst=%t14.ap([[64, 4], [1, 64]]), src=%t11.ap([[64, 4], [1, 64]]), engine=DVE)
//     [13] tensor_copy_predicated(dst=%t14.ap([[64, 4], [1, 64]]), src=%t13.ap([[64, 4], [1, 64]]), predicate=%t12.ap([[64, 4], [1, 64]]), engine=DVE)
//     [14] tensor_copy(dst=%t15.ap([[64, 4], [1, 64]]), src=%t4.ap([[64, 4], [1, 64]]), engine=DVE)
//     [15] tensor_copy_predicated(dst=%t15.ap([[64, 4], [1, 64]]), src=%t14.ap([[64, 4], [1, 64]]), predicate=%t6.ap([[64, 4], [1, 64]]), engine=DVE)
//     [16] tensor_copy(dst=%t16.ap([[64, 4], [1, 64]]), src=%t15.ap([[64, 4], [1, 64]]), engine=DVE) signal %s2
//   }
//   DMA0 {
//     [0] dma_copy(dst=%t2.ap([[64, 4], [1, 64]]), src=%in0.ap([[64, 4], [1, 64]]), engine=DMA) signal %s3, %s4, %s5
//   }
//   DMA1 {
//     wait %s2 >= 3
//     wait %s5 >= 1
//     [17] dma_copy(dst=%out0.ap([[64, 4], [1, 64]]), src=%t16.ap([[64, 4], [1, 64]]), engine=DMA)
//   }
// }
//
// // Elementwise at tests/filetests/lower/round_forms.mlir:15:3: rows, 128 a tile; SBUF 768 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 496.430 ns, bound by DVE (DVE 496.430 ns, DMA 101.244 ns)
// kernel @k2 kind Elementwise {
//   hbm %in0 : f32[256] input
//   hbm %in1 : i32[256] input
//   hbm %out0 : f32[256] output
//   sbuf %t3 : f32[128, 64] at 0
//   sbuf %t4 : i32[128, 64] at 256
//   sbuf %t5 : f32[128, 64] at 512
//   sbuf %t6 : f32[128, 64] at 256
//   sbuf %t7 : f32[128, 64] at 512
//   sem %s0 : DVE -> DMA1
//   sem %s1 : DMA0 -> DVE
//   DVE {
//     wait %s1 >= 2
//     [2] tensor_copy(dst=%t5.ap([[64, 4], [1, 64]]), src=%t4.ap([[64, 4], [1, 64]]), engine=DVE) signal %s0
//     [3] tensor_scalar(dst=%t6.ap([[64, 4], [1, 64]]), data=%t5.ap([[64, 4], [1, 64]]), op0=multiply, operand0=4194304.0, engine=DVE)
//     [4] tensor_tensor(dst=%t7.ap([[64, 4], [1, 64]]), data1=%t3.ap([[64, 4], [1, 64]]), data2=%t6.ap([[64, 4], [1, 64]]), op=add, engine=DVE) signal %s0
//   }
//   DMA0 {
//     [0] dma_copy(dst=%t4.ap([[64, 4], [1, 64]]), src=%in1.ap([[64, 4], [1, 64]]), engine=DMA) signal %s1
//     [1] dma_copy(dst=%t3.ap([[64, 4], [1, 64]]), src=%in0.ap([[64, 4], [1, 64]]), engine=DMA) signal %s1
//   }
//   DMA1 {
//     wait %s0 >= 2
//     [5] dma_copy(dst=%out0.ap([[64, 4], [1, 64]]), src=%t7.ap([[64, 4], [1, 64]]), engine=DMA)
//   }
// }
//
// // stablehlo.abs at tests/filetests/lower/round_forms.mlir:16:3: rows, 128 a tile; SBUF 512 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 117.143 ns, bound by ACT (ACT 117.143 ns, DMA 67.496 ns)
// kernel @k3 kind stablehlo.abs {
//   hbm %in0 : f32[256] input
//   hbm %out0 : f32[256] output
//   sbuf %t2 : f32[128, 64] at 0
//   sbuf %t3 : f32[128, 64] at 256
//   sem %s0 : ACT -> DMA1
//   sem %s1 : DMA0 -> ACT
//   ACT {
//     wait %s1 >= 1
//     [1] activation(dst=%t3.ap([[64, 4], [1, 64]]), op=abs, data=%t2.ap([[64, 4], [1, 64]]), engine=ACT) signal %s0
//   }
//   DMA0 {
//     [0] dma_copy(dst=%t2.ap([[64, 4], [1, 64]]), src=%in0.ap([[64, 4], [1, 64]]), engine=DMA) signal %s1
//   }
//   DMA1 {
//     wait %s0 >= 1
//     [2] dma_copy(dst=%out0.ap([[64, 4], [1, 64]]), src=%t3.ap([[64, 4], [1, 64]]), engine=DMA)
//   }
// }
//
// // stablehlo.compare at tests/filetests/lower/round_forms.mlir:16:3: rows, 128 a tile; SBUF 324 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 293.751 ns, bound by DVE (DVE 293.751 ns, DMA 65.623 ns)
// kernel @k4 kind stablehlo.compare {
//   hbm %in0 : f32[256] input
//   hbm %out0 : ui8[256] output
//   sbuf %t3 : f32[128, 64] at 4
//   sbuf %t4 : ui8[128, 64] at 260
//   sbuf %c0 : f32[128, 1] at 0
//   sem %s0 : DVE -> DMA1
//   sem %s1 : DMA0 -> DVE
//   DVE {
//     [1] memset(dst=%c0, value=8388608.0, engine=DVE)
//     wait %s1 >= 1
//     [2] tensor_tensor(dst=%t4.ap([[64, 4], [1, 64]]), data1=%t3.ap([[64, 4], [1, 64]]), data2=%c0.ap([[1, 4], [0, 64]]), op=less, engine=DVE) signal %s0
//   }
//   DMA0 {
//     [0] dma_copy(dst=%t3.ap([[64, 4], [1, 64]]), src=%in0.ap([[64, 4], [1, 64]]), engine=DMA) signal %s1
//   }
//   DMA1 {
//     wait %s0 >= 1
//     [3] dma_copy(dst=%out0.ap([[64, 4], [1, 64]]), src=%t4.ap([[64, 4], [1, 64]]), engine=DMA)
//   }
// }
//
// // Elementwise at tests/filetests/lower/round_forms.mlir:16:3: rows, 128 a tile; SBUF 512 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 292.858 ns, bound by DVE (DVE 292.858 ns, DMA 67.496 ns)
// kernel @k5 kind Elementwise {
//   hbm %in0 : f32[256] input
//   hbm %out0 : f32[256] output
//   sbuf %t2 : f32[128, 64] at 0
//   sbuf %t3 : f32[128, 64] at 256
//   sbuf %t4 : f32[128, 64] at 0
//   sem %s0 : DVE -> DMA1
//   sem %s1 : DMA0 -> DVE
//   sem %s2 : DMA0 -> DMA1
//   DVE {
//     wait %s1 >= 1
//     [1] tensor_scalar(dst=%t3.ap([[64, 4], [1, 64]]), data=%t2.ap([[64, 4], [1, 64]]), op0=add, operand0=8388608.0, engine=DVE)
//     [2] tensor_scalar(dst=%t4.ap([[64, 4], [1, 64]]), data=%t3.ap([[64, 4], [1, 64]]), op0=subtract, operand0=8388608.0, engine=DVE) signal %s0
//   }
//   DMA0 {
//     [0] dma_copy(dst=%t2.ap([[64, 4], [1, 64]]), src=%in0.ap([[64, 4], [1, 64]]), engine=DMA) signal %s1, %s2
//   }
//   DMA1 {
//     wait %s0 >= 1
//     wait %s2 >= 1
//     [3] dma_copy(dst=%out0.ap([[64, 4], [1, 64]]), src=%t4.ap([[64, 4], [1, 64]]), engine=DMA)
//   }
// }
//
// // stablehlo.sign at tests/filetests/lower/round_forms.mlir:16:3: rows, 128 a tile; SBUF 512 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 117.143 ns, bound by ACT (ACT 117.143 ns, DMA 67.496 ns)
// kernel @k6 kind stablehlo.sign {
//   hbm %in0 : f32[256] input
//   hbm %out0 : f32[256] output
//   sbuf %t2 : f32[128, 64] at 0
//   sbuf %t3 : f32[128, 64] at 256
//   sem %s0 : ACT -> DMA1
//   sem %s1 : DMA0 -> ACT
//   ACT {
//     wait %s1 >= 1
//     [1] activation(dst=%t3.ap([[64, 4], [1, 64]]), op=sign, data=%t2.ap([[64, 4], [1, 64]]), engine=ACT) signal %s0
//   }
//   DMA0 {
//     [0] dma_copy(dst=%t2.ap([[64, 4], [1, 64]]), src=%in0.ap([[64, 4], [1, 64]]), engine=DMA) signal %s1
//   }
//   DMA1 {
//     wait %s0 >= 1
//     [2] dma_copy(dst=%out0.ap([[64, 4], [1, 64]]), src=%t3.ap([[64, 4], [1, 64]]), engine=DMA)
//   }
// }
//
// // Elementwise at tests/filetests/lower/round_forms.mlir:19:3: rows, 128 a tile; SBUF 1412 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 1.547 us, bound by DVE (DVE 1.547 us, DMA 200.615 ns)
// kernel @k7 kind Elementwise {
//   hbm %in0 : ui8[256] input
//   hbm %in1 : f32[256] input
//   hbm %in2 : f32[256] input
//   hbm %in3 : f32[256] input
//   hbm %in4 : f32[256] input
//   hbm %out0 : f32[256] output
//   sbuf %t6 : ui8[128, 64] at 4
//   sbuf %t7 : f32[128, 64] at 68
//   sbuf %t8 : f32[128, 64] at 324
//   sbuf %t9 : f32[128, 64] at 580
//   sbuf %t10 : f32[128, 64] at 836
//   sbuf %t11 : f32[128, 64] at 1092
//   sbuf %t12 : ui8[128, 64] at 836
//   sbuf %c0 : f32[128, 1] at 0
//   sbuf %t14 : f32[128, 64] at 900
//   sbuf %t15 : f32[128, 64] at 1156
//   sbuf %t16 : f32[128, 64] at 580
//   sbuf %t17 : f32[128, 64] at 324
//   sem %s0 : DVE -> DMA1
//   sem %s1 : DMA0 -> DVE
//   sem %s2 : DMA0 -> DMA1
//   DVE {
//     [1] memset(dst=%c0, value=0.5, engine=DVE)
//     wait %s1 >= 2
//     [3] tensor_tensor(dst=%t11.ap([[64, 4], [1, 64]]), data1=%t10.ap([[64, 4], [1, 64]]), data2=%t9.ap([[64, 4], [1, 64]]), op=subtract, engine=DVE)
//     wait %s1 >= 3
//     [5] tensor_tensor(dst=%t12.ap([[64, 4], [1, 64]]), data1=%t11.ap([[64, 4], [1, 64]]), data2=%c0.ap([[1, 4], [0, 64]]), op=equal, engine=DVE)
//     [6] tensor_scalar(dst=%t14.ap([[64, 4], [1, 64]]), data=%t9.ap([[64, 4], [1, 64]]), op0=add, operand0=1.0, engine=DVE)
//     wait %s1 >= 4
//     [8] tensor_copy(dst=%t15.ap([[64, 4], [1, 64]]), src=%t9.ap([[64, 4], [1, 64]]), engine=DVE)
//     [9] tensor_copy_predicated(dst=%t15.ap([[64, 4], [1, 64]]), src=%t14.ap([[64, 4], [1, 64]]), predicate=%t12.ap([[64, 4], [1, 64]]), engine=DVE)
//     [10] tensor_tensor(dst=%t16.ap([[64, 4], [1, 64]]), data1=%t15.ap([[64, 4], [1, 64]]), data2=%t8.ap([[64, 4], [1, 64]]), op=multiply, engine=DVE)
//     wait %s1 >= 5
//     [12] tensor_copy(dst=%t17.ap([[64, 4], [1, 64]]), src=%t7.ap([[64, 4], [1, 64]]), engine=DVE) signal %s0
//     [13] tensor_copy_predicated(dst=%t17.ap([[64, 4], [1, 64]]), src=%t16.ap([[64, 4], [1, 64]]), predicate=%t6.ap([[64, 4], [1, 64]]), engine=DVE) signal %s0
//   }
//   DMA0 {
//     [0] dma_copy(dst=%t9.ap([[64, 4], [1, 64]]), src=%in3.ap([[64, 4], [1, 64]]), engine=DMA) signal %s1
//     [2] dma_copy(dst=%t10.ap([[64, 4], [1, 64]]), src=%in4.ap([[64, 4], [1, 64]]), engine=DMA) signal %s1
//     [4] dma_copy(dst=%t8.ap([[64, 4], [1, 64]]), src=%in2.ap([[64, 4], [1, 64]]), engine=DMA) signal %s1, %s2
//     [7] dma_copy(dst=%t7.ap([[64, 4], [1, 64]]), src=%in1.ap([[64, 4], [1, 64]]), engine=DMA) signal %s1
//     [11] dma_copy(dst=%t6.ap([[64, 4], [1, 64]]), src=%in0.ap([[64, 4], [1, 64]]), engine=DMA) signal %s1
//   }
//   DMA1 {
//     wait %s0 >= 2
//     wait %s2 >= 1
//     [14] dma_copy(dst=%out0.ap([[64, 4], [1, 64]]), src=%t17.ap([[64, 4], [1, 64]]), engine=DMA)
//   }
// }
//
// // stablehlo.multiply at tests/filetests/lower/round_forms.mlir:16:3: rows, 128 a tile; SBUF 768 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 203.572 ns, bound by DVE (DVE 203.572 ns, DMA 101.244 ns)
// kernel @k8 kind stablehlo.multiply {
//   hbm %in0 : f32[256] input
//   hbm %in1 : f32[256] input
//   hbm %out0 : f32[256] output
//   sbuf %t3 : f32[128, 64] at 0
//   sbuf %t4 : f32[128, 64] at 256
//   sbuf %t5 : f32[128, 64] at 512
//   sem %s0 : DVE -> DMA1
//   sem %s1 : DMA0 -> DVE
//   DVE {
//     wait %s1 >= 2
//     [2] tensor_tensor(dst=%t5.ap([[64, 4], [1, 64]]), data1=%t3.ap([[64, 4], [1, 64]]), data2=%t4.ap([[64, 4], [1, 64]]), op=multiply, engine=DVE) signal %s0
//   }
//   DMA0 {
//     [0] dma_copy(dst=%t3.ap([[64, 4], [1, 64]]), src=%in0.ap([[64, 4], [1, 64]]), engine=DMA) signal %s1
//     [1] dma_copy(dst=%t4.ap([[64, 4], [1, 64]]), src=%in1.ap([[64, 4], [1, 64]]), engine=DMA) signal %s1
//   }
//   DMA1 {
//     wait %s0 >= 1
//     [3] dma_copy(dst=%out0.ap([[64, 4], [1, 64]]), src=%t5.ap([[64, 4], [1, 64]]), engine=DMA)
//   }
// }
//
// // stablehlo.select at tests/filetests/lower/round_forms.mlir:18:3: rows, 128 a tile; SBUF 832 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 350.001 ns, bound by DVE (DVE 350.001 ns, DMA 133.119 ns)
// kernel @k9 kind stablehlo.select {
//   hbm %in0 : ui8[256] input
//   hbm %in1 : f32[256] input
//   hbm %in2 : f32[256] input
//   hbm %out0 : f32[256] output
//   sbuf %t4 : ui8[128, 64] at 0
//   sbuf %t5 : f32[128, 64] at 64
//   sbuf %t6 : f32[128, 64] at 320
//   sbuf %t7 : f32[128, 64] at 576
//   sem %s0 : DVE -> DMA1
//   sem %s1 : DMA0 -> DVE
//   DVE {
//     wait %s1 >= 2
//     [2] tensor_copy(dst=%t7.ap([[64, 4], [1, 64]]), src=%t6.ap([[64, 4], [1, 64]]), engine=DVE) signal %s0
//     wait %s1 >= 3
//     [4] tensor_copy_predicated(dst=%t7.ap([[64, 4], [1, 64]]), src=%t5.ap([[64, 4], [1, 64]]), predicate=%t4.ap([[64, 4], [1, 64]]), engine=DVE) signal %s0
//   }
//   DMA0 {
//     [0] dma_copy(dst=%t6.ap([[64, 4], [1, 64]]), src=%in2.ap([[64, 4], [1, 64]]), engine=DMA) signal %s1
//     [1] dma_copy(dst=%t5.ap([[64, 4], [1, 64]]), src=%in1.ap([[64, 4], [1, 64]]), engine=DMA) signal %s1
//     [3] dma_copy(dst=%t4.ap([[64, 4], [1, 64]]), src=%in0.ap([[64, 4], [1, 64]]), engine=DMA) signal %s1
//   }
//   DMA1 {
//     wait %s0 >= 2
//     [5] dma_copy(dst=%out0.ap([[64, 4], [1, 64]]), src=%t7.ap([[64, 4], [1, 64]]), engine=DMA)
//   }
// }
//
// // Elementwise at tests/filetests/lower/round_forms.mlir:16:3: rows, 128 a tile; SBUF 1152 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 1.050 us, bound by DVE (DVE 1.050 us, DMA 133.119 ns)
// kernel @k10 kind Elementwise {
//   hbm %in0 : ui8[256] input
//   hbm %in1 : f32[256] input
//   hbm %in2 : f32[256] input
//   hbm %out0 : f32[256] output
//   sbuf %t4 : ui8[128, 64] at 0
//   sbuf %t5 : f32[128, 64] at 64
//   sbuf %t6 : f32[128, 64] at 320
//   sbuf %t7 : ui8[128, 64] at 576
//   sbuf %t8 : f32[128, 64] at 640
//   sbuf %t9 : f32[128, 64] at 896
//   sbuf %t10 : f32[128, 64] at 320
//   sem %s0 : DVE -> DMA1
//   sem %s1 : DMA0 -> DVE
//   sem %s2 : DMA0 -> DMA1
//   DVE {
//     wait %s1 >= 3
//     [3] tensor_tensor(dst=%t7.ap([[64, 4], [1, 64]]), data1=%t6.ap([[64, 4], [1, 64]]), data2=%t5.ap([[64, 4], [1, 64]]), op=greater, engine=DVE)
//     [4] tensor_scalar(dst=%t8.ap([[64, 4], [1, 64]]), data=%t6.ap([[64, 4], [1, 64]]), op0=subtract, operand0=1.0, engine=DVE)
//     [5] tensor_copy(dst=%t9.ap([[64, 4], [1, 64]]), src=%t6.ap([[64, 4], [1, 64]]), engine=DVE)
//     [6] tensor_copy_predicated(dst=%t9.ap([[64, 4], [1, 64]]), src=%t8.ap([[64, 4], [1, 64]]), predicate=%t7.ap([[64, 4], [1, 64]]), engine=DVE)
//     [7] tensor_copy(dst=%t10.ap([[64, 4], [1, 64]]), src=%t5.ap([[64, 4], [1, 64]]), engine=DVE) signal %s0
//     [8] tensor_copy_predicated(dst=%t10.ap([[64, 4], [1, 64]]), src=%t9.ap([[64, 4], [1, 64]]), predicate=%t4.ap([[64, 4], [1, 64]]), engine=DVE) signal %s0
//   }
//   DMA0 {
//     [0] dma_copy(dst=%t5.ap([[64, 4], [1, 64]]), src=%in1.ap([[64, 4], [1, 64]]), engine=DMA) signal %s1
//     [1] dma_copy(dst=%t6.ap([[64, 4], [1, 64]]), src=%in2.ap([[64, 4], [1, 64]]), engine=DMA) signal %s1, %s2
//     [2] dma_copy(dst=%t4.ap([[64, 4], [1, 64]]), src=%in0.ap([[64, 4], [1, 64]]), engine=DMA) signal %s1
//   }
//   DMA1 {
//     wait %s0 >= 2
//     wait %s2 >= 1
//     [9] dma_copy(dst=%out0.ap([[64, 4], [1, 64]]), src=%t10.ap([[64, 4], [1, 64]]), engine=DMA)
//   }
// }
//
// // Elementwise at tests/filetests/lower/round_forms.mlir:17:3: rows, 128 a tile; SBUF 1152 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 1.050 us, bound by DVE (DVE 1.050 us, DMA 133.119 ns)
// kernel @k11 kind Elementwise {
//   hbm %in0 : ui8[256] input
//   hbm %in1 : f32[256] input
//   hbm %in2 : f32[256] input
//   hbm %out0 : f32[256] output
//   sbuf %t4 : ui8[128, 64] at 0
//   sbuf %t5 : f32[128, 64] at 64
//   sbuf %t6 : f32[128, 64] at 320
//   sbuf %t7 : ui8[128, 64] at 576
//   sbuf %t8 : f32[128, 64] at 640
//   sbuf %t9 : f32[128, 64] at 896
//   sbuf %t10 : f32[128, 64] at 320
//   sem %s0 : DVE -> DMA1
//   sem %s1 : DMA0 -> DVE
//   sem %s2 : DMA0 -> DMA1
//   DVE {
//     wait %s1 >= 3
//     [3] tensor_tensor(dst=%t7.ap([[64, 4], [1, 64]]), data1=%t6.ap([[64, 4], [1, 64]]), data2=%t5.ap([[64, 4], [1, 64]]), op=less, engine=DVE)
//     [4] tensor_scalar(dst=%t8.ap([[64, 4], [1, 64]]), data=%t6.ap([[64, 4], [1, 64]]), op0=add, operand0=1.0, engine=DVE)
//     [5] tensor_copy(dst=%t9.ap([[64, 4], [1, 64]]), src=%t6.ap([[64, 4], [1, 64]]), engine=DVE)
//     [6] tensor_copy_predicated(dst=%t9.ap([[64, 4], [1, 64]]), src=%t8.ap([[64, 4], [1, 64]]), predicate=%t7.ap([[64, 4], [1, 64]]), engine=DVE)
//     [7] tensor_copy(dst=%t10.ap([[64, 4], [1, 64]]), src=%t5.ap([[64, 4], [1, 64]]), engine=DVE) signal %s0
//     [8] tensor_copy_predicated(dst=%t10.ap([[64, 4], [1, 64]]), src=%t9.ap([[64, 4], [1, 64]]), predicate=%t4.ap([[64, 4], [1, 64]]), engine=DVE) signal %s0
//   }
//   DMA0 {
//     [0] dma_copy(dst=%t5.ap([[64, 4], [1, 64]]), src=%in1.ap([[64, 4], [1, 64]]), engine=DMA) signal %s1
//     [1] dma_copy(dst=%t6.ap([[64, 4], [1, 64]]), src=%in2.ap([[64, 4], [1, 64]]), engine=DMA) signal %s1, %s2
//     [2] dma_copy(dst=%t4.ap([[64, 4], [1, 64]]), src=%in0.ap([[64, 4], [1, 64]]), engine=DMA) signal %s1
//   }
//   DMA1 {
//     wait %s0 >= 2
//     wait %s2 >= 1
//     [9] dma_copy(dst=%out0.ap([[64, 4], [1, 64]]), src=%t10.ap([[64, 4], [1, 64]]), engine=DMA)
//   }
// }
//
// // device program of @main at tests/filetests/lower/round_forms.mlir:8:1: 12 calls; HBM 8960 bytes
// device @main {
//   hbm %arg0 : i32[4, 64] input 0 at 0
//   hbm %arg1 : i32[4, 64] input 1 at 1024
//   hbm %t0 : f32[4, 64] at 2048
//   hbm %t1 : bf16[4, 64] at 3072
//   hbm %t2 : f32[4, 64] at 3584
//   hbm %t3 : f32[4, 64] at 2048
//   hbm %t4 : ui8[4, 64] at 4608
//   hbm %t5 : f32[4, 64] at 4864
//   hbm %t6 : f32[4, 64] at 5888
//   hbm %t7 : f32[4, 64] at 6912
//   hbm %t8 : f32[4, 64] at 2048
//   hbm %t9 : f32[4, 64] at 4864
//   hbm %t10 : f32[4, 64] at 5888
//   hbm %t11 : f32[4, 64] at 7936
//   call @k0(%arg0) -> (%t0)
//   call @k1(%t0) -> (%t1)
//   call @k2(%t0, %arg1) -> (%t2)
//   call @k3(%t2) -> (%t3)
//   call @k4(%t3) -> (%t4)
//   call @k5(%t3) -> (%t5)
//   call @k6(%t2) -> (%t6)
//   call @k7(%t4, %t2, %t6, %t5, %t3) -> (%t7)
//   call @k8(%t5, %t6) -> (%t8)
//   call @k9(%t4, %t8, %t2) -> (%t9)
//   call @k10(%t4, %t2, %t8) -> (%t10)
//   call @k11(%t4, %t2, %t8) -> (%t11)
//   return %t10, %t11, %t9, %t7, %t1
// }
// ----- stderr
// lowered 12 kernels (Elementwise x7, stablehlo.abs x1, stablehlo.compare x1, stablehlo.multiply x1, stablehlo.select x1, stablehlo.sign x1), estimate 8.090 us; device program: 12 calls
// check: 12 of 12 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 5 results
// check: the streams of 12 of 12 kernels are deadlock-free and race-free (33 semaphores)
// check: 12 of 12 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
