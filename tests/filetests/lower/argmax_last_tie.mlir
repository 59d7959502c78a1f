// A reduce of values and indices that keeps the higher index on a tie is not argmax: its body
// fails the probes, so it is not lowered as one. Over 12 elements a row it is its body folded
// over them (`window-forms`), which the check runs against the reduce; over more than 64, as in
// argmax_last_tie_long.mlir, it is reported.
// RUN: egfuse lower %s --check
func.func @main(%v: tensor<4x12xf32>) -> tensor<4xi32> {
  %i = stablehlo.iota dim = 1 : tensor<4x12xi32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.reduce(%v init: %ninf), (%i init: %zero) across dimensions = [1] : (tensor<4x12xf32>, tensor<4x12xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>)
   reducer(%a: tensor<f32>, %b: tensor<f32>) (%ai: tensor<i32>, %bi: tensor<i32>)  {
    %nan_a = stablehlo.compare NE, %a, %a, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %gt = stablehlo.compare GT, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %eq = stablehlo.compare EQ, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %wins = stablehlo.or %gt, %nan_a : tensor<i1>
    %m = stablehlo.select %wins, %a, %b : tensor<i1>, tensor<f32>
    %tie = stablehlo.maximum %ai, %bi : tensor<i32>
    %pick = stablehlo.select %wins, %ai, %bi : tensor<i1>, tensor<i32>
    %j = stablehlo.select %eq, %tie, %pick : tensor<i1>, tensor<i32>
    stablehlo.return %m, %j : tensor<f32>, tensor<i32>
  }
  return %r#1 : tensor<4xi32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check
// // stablehlo.iota at tests/filetests/lower/argmax_last_tie.mlir:7:3: dma; SBUF 48 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 80.000 ns, bound by GpSimd (GpSimd 80.000 ns, DMA 31.719 ns)
// kernel @k0 kind stablehlo.iota {
//   hbm %out0 : i32[48] output
//   sbuf %t1 : i32[1, 12] at 0
//   iota(dst=%t1, offset=0.0, channel_multiplier=0.0, engine=GpSimd)
//   dma_copy(dst=%out0.ap([[12, 4], [1, 12]]), src=%t1.ap([[12, 1], [0, 4], [1, 12]]), engine=DMA)
// }
//
// // Elementwise at tests/filetests/lower/argmax_last_tie.mlir:10:3: rows, 128 a tile; SBUF 197 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 11.987 us, bound by DVE (DVE 11.987 us, DMA 782.250 ns)
// kernel @k1 kind Elementwise {
//   hbm %in0 : i32[48] input
//   hbm %in1 : f32[48] input
//   hbm %out0 : i32[4] output
//   sbuf %t3 : f32[128, 1] at 8
//   sbuf %t4 : f32[128, 1] at 12
//   sbuf %t5 : f32[128, 1] at 16
//   sbuf %t6 : f32[128, 1] at 20
//   sbuf %t7 : f32[128, 1] at 24
//   sbuf %t8 : f32[128, 1] at 28
//   sbuf %t9 : f32[128, 1] at 32
//   sbuf %t10 : f32[128, 1] at 36
//   sbuf %t11 : f32[128, 1] at 40
//   sbuf %t12 : f32[128, 1] at 44
//   sbuf %t13 : f32[128, 1] at 48
//   sbuf %t14 : f32[128, 1] at 52
//   sbuf %t15 : i32[128, 1] at 56
//   sbuf %t16 : i32[128, 1] at 60
//   sbuf %t17 : i32[128, 1] at 64
//   sbuf %t18 : i32[128, 1] at 68
//   sbuf %t19 : i32[128, 1] at 72
//   sbuf %t20 : i32[128, 1] at 76
//   sbuf %t21 : i32[128, 1] at 80
//   sbuf %t22 : i32[128, 1] at 84
//   sbuf %t23 : i32[128, 1] at 88
//   sbuf %t24 : i32[128, 1] at 92
//   sbuf %t25 : i32[128, 1] at 96
//   sbuf %t26 : i32[128, 1] at 100
//   sbuf %t27 : ui8[128, 1] at 104
//   sbuf %c0 : f32[128, 1] at 0
//   sbuf %t29 : ui8[128, 1] at 108
//   sbuf %t30 : ui8[128, 1] at 112
//   sbuf %t31 : f32[128, 1] at 104
//   sbuf %t32 : ui8[128, 1] at 108
//   sbuf %t33 : ui8[128, 1] at 116
//   sbuf %t34 : ui8[128, 1] at 120
//   sbuf %t35 : f32[128, 1] at 108
//   sbuf %t36 : ui8[128, 1] at 116
//   sbuf %t37 : ui8[128, 1] at 124
//   sbuf %t38 : ui8[128, 1] at 128
//   sbuf %t39 : f32[128, 1] at 116
//   sbuf %t40 : ui8[128, 1] at 124
//   sbuf %t41 : ui8[128, 1] at 132
//   sbuf %t42 : ui8[128, 1] at 136
//   sbuf %t43 : f32[128, 1] at 124
//   sbuf %t44 : ui8[128, 1] at 132
//   sbuf %t45 : ui8[128, 1] at 140
//   sbuf %t46 : ui8[128, 1] at 144
//   sbuf %t47 : f32[128, 1] at 132
//   sbuf %t48 : ui8[128, 1] at 140
//   sbuf %t49 : ui8[128, 1] at 148
//   sbuf %t50 : ui8[128, 1] at 152
//   sbuf %t51 : f32[128, 1] at 140
//   sbuf %t52 : ui8[128, 1] at 148
//   sbuf %t53 : ui8[128, 1] at 156
//   sbuf %t54 : ui8[128, 1] at 160
//   sbuf %t55 : f32[128, 1] at 148
//   sbuf %t56 : ui8[128, 1] at 156
//   sbuf %t57 : ui8[128, 1] at 164
//   sbuf %t58 : ui8[128, 1] at 168
//   sbuf %t59 : f32[128, 1] at 156
//   sbuf %t60 : ui8[128, 1] at 164
//   sbuf %t61 : ui8[128, 1] at 172
//   sbuf %t62 : ui8[128, 1] at 176
//   sbuf %t63 : f32[128, 1] at 164
//   sbuf %t64 : ui8[128, 1] at 172
//   sbuf %t65 : ui8[128, 1] at 180
//   sbuf %t66 : ui8[128, 1] at 184
//   sbuf %t67 : f32[128, 1] at 172
//   sbuf %t68 : ui8[128, 1] at 180
//   sbuf %t69 : ui8[128, 1] at 188
//   sbuf %t70 : ui8[128, 1] at 192
//   sbuf %t71 : f32[128, 1] at 180
//   sbuf %t72 : ui8[128, 1] at 188
//   sbuf %t73 : ui8[128, 1] at 196
//   sbuf %t74 : ui8[128, 1] at 48
//   sbuf %t75 : ui8[128, 1] at 44
//   sbuf %t76 : ui8[128, 1] at 40
//   sbuf %t77 : ui8[128, 1] at 36
//   sbuf %t78 : ui8[128, 1] at 32
//   sbuf %t79 : ui8[128, 1] at 28
//   sbuf %t80 : ui8[128, 1] at 24
//   sbuf %t81 : ui8[128, 1] at 20
//   sbuf %t82 : ui8[128, 1] at 16
//   sbuf %t83 : ui8[128, 1] at 12
//   sbuf %t84 : i32[128, 1] at 0
//   sbuf %t85 : i32[128, 1] at 8
//   sbuf %c1 : i32[128, 1] at 4
//   sbuf %t87 : i32[128, 1] at 4
//   sbuf %t88 : i32[128, 1] at 0
//   sbuf %t89 : i32[128, 1] at 8
//   sbuf %t90 : i32[128, 1] at 4
//   sbuf %t91 : i32[128, 1] at 0
//   sbuf %t92 : i32[128, 1] at 8
//   sbuf %t93 : i32[128, 1] at 4
//   sbuf %t94 : i32[128, 1] at 0
//   sbuf %t95 : i32[128, 1] at 8
//   sbuf %t96 : i32[128, 1] at 4
//   sbuf %t97 : i32[128, 1] at 0
//   sbuf %t98 : i32[128, 1] at 8
//   sbuf %t99 : i32[128, 1] at 4
//   sbuf %t100 : i32[128, 1] at 0
//   sbuf %t101 : i32[128, 1] at 8
//   sbuf %t102 : i32[128, 1] at 4
//   sbuf %t103 : i32[128, 1] at 0
//   sbuf %t104 : i32[128, 1] at 8
//   sbuf %t105 : i32[128, 1] at 4
//   sbuf %t106 : i32[128, 1] at 0
//   sbuf %t107 : i32[128, 1] at 8
//   sbuf %t108 : i32[128, 1] at 4
//   sbuf %t109 : i32[128, 1] at 0
//   sbuf %t110 : i32[128, 1] at 8
//   sbuf %t111 : i32[128, 1] at 4
//   sbuf %t112 : i32[128, 1] at 0
//   sbuf %t113 : i32[128, 1] at 8
//   sbuf %t114 : i32[128, 1] at 4
//   sbuf %t115 : i32[128, 1] at 0
//   sbuf %t116 : i32[128, 1] at 8
//   sbuf %t117 : i32[128, 1] at 4
//   sbuf %t118 : i32[128, 1] at 0
//   sbuf %t119 : ui8[128, 1] at 8
//   sbuf %t120 : ui8[128, 1] at 12
//   sbuf %t121 : ui8[128, 1] at 16
//   sbuf %t122 : i32[128, 1] at 8
//   sbuf %t123 : i32[128, 1] at 4
//   memset(dst=%c0, value=-inf, engine=DVE)
//   memset(dst=%c1, value=0.0, engine=DVE)
//   dma_copy(dst=%t3.ap([[1, 4], [1, 1]]), src=%in1.ap([[12, 4]]), engine=DMA)
//   dma_copy(dst=%t4.ap([[1, 4], [1, 1]]), src=%in1.ap([[12, 4]], offset=1), engine=DMA)
//   dma_copy(dst=%t5.ap([[1, 4], [1, 1]]), src=%in1.ap([[12, 4]], offset=2), engine=DMA)
//   dma_copy(dst=%t6.ap([[1, 4], [1, 1]]), src=%in1.ap([[12, 4]], offset=3), engine=DMA)
//   dma_copy(dst=%t7.ap([[1, 4], [1, 1]]), src=%in1.ap([[12, 4]], offset=4), engine=DMA)
//   dma_copy(dst=%t8.ap([[1, 4], [1, 1]]), src=%in1.ap([[12, 4]], offset=5), engine=DMA)
//   dma_copy(dst=%t9.ap([[1, 4], [1, 1]]), src=%in1.ap([[12, 4]], offset=6), engine=DMA)
//   dma_copy(dst=%t10.ap([[1, 4], [1, 1]]), src=%in1.ap([[12, 4]], offset=7), engine=DMA)
//   dma_copy(dst=%t11.ap([[1, 4], [1, 1]]), src=%in1.ap([[12, 4]], offset=8), engine=DMA)
//   dma_copy(dst=%t12.ap([[1, 4], [1, 1]]), src=%in1.ap([[12, 4]], offset=9), engine=DMA)
//   dma_copy(dst=%t13.ap([[1, 4], [1, 1]]), src=%in1.ap([[12, 4]], offset=10), engine=DMA)
//   dma_copy(dst=%t14.ap([[1, 4], [1, 1]]), src=%in1.ap([[12, 4]], offset=11), engine=DMA)
//   dma_copy(dst=%t15.ap([[1, 4], [1, 1]]), src=%in0.ap([[12, 4]]), engine=DMA)
//   dma_copy(dst=%t16.ap([[1, 4], [1, 1]]), src=%in0.ap([[12, 4]], offset=1), engine=DMA)
//   dma_copy(dst=%t17.ap([[1, 4], [1, 1]]), src=%in0.ap([[12, 4]], offset=2), engine=DMA)
//   dma_copy(dst=%t18.ap([[1, 4], [1, 1]]), src=%in0.ap([[12, 4]], offset=3), engine=DMA)
//   dma_copy(dst=%t19.ap([[1, 4], [1, 1]]), src=%in0.ap([[12, 4]], offset=4), engine=DMA)
//   dma_copy(dst=%t20.ap([[1, 4], [1, 1]]), src=%in0.ap([[12, 4]], offset=5), engine=DMA)
//   dma_copy(dst=%t21.ap([[1, 4], [1, 1]]), src=%in0.ap([[12, 4]], offset=6), engine=DMA)
//   dma_copy(dst=%t22.ap([[1, 4], [1, 1]]), src=%in0.ap([[12, 4]], offset=7), engine=DMA)
//   dma_copy(dst=%t23.ap([[1, 4], [1, 1]]), src=%in0.ap([[12, 4]], offset=8), engine=DMA)
//   dma_copy(dst=%t24.ap([[1, 4], [1, 1]]), src=%in0.ap([[12, 4]], offset=9), engine=DMA)
//   dma_copy(dst=%t25.ap([[1, 4], [1, 1]]), src=%in0.ap([[12, 4]], offset=10), engine=DMA)
//   dma_copy(dst=%t26.ap([[1, 4], [1, 1]]), src=%in0.ap([[12, 4]], offset=11), engine=DMA)
//   tensor_tensor(dst=%t27.ap([[1, 4], [1, 1]]), data1=%c0.ap([[1, 4], [0, 1]]), data2=%t3.ap([[1, 4], [1, 1]]), op=greater, engine=DVE)
//   tensor_tensor(dst=%t29.ap([[1, 4], [1, 1]]), data1=%c0.ap([[1, 4], [0, 1]]), data2=%c0.ap([[1, 4], [0, 1]]), op=not_equal, engine=DVE)
//   tensor_tensor(dst=%t30.ap([[1, 4], [1, 1]]), data1=%t27.ap([[1, 4], [1, 1]]), data2=%t29.ap([[1, 4], [1, 1]]), op=bitwise_or, engine=DVE)
//   tensor_copy(dst=%t31.ap([[1, 4], [1, 1]]), src=%t3.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_copy_predicated(dst=%t31.ap([[1, 4], [1, 1]]), src=%c0.ap([[1, 4], [0, 1]]), predicate=%t30.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_tensor(dst=%t32.ap([[1, 4], [1, 1]]), data1=%t31.ap([[1, 4], [1, 1]]), data2=%t4.ap([[1, 4], [1, 1]]), op=greater, engine=DVE)
//   tensor_tensor(dst=%t33.ap([[1, 4], [1, 1]]), data1=%t31.ap([[1, 4], [1, 1]]), data2=%t31.ap([[1, 4], [1, 1]]), op=not_equal, engine=DVE)
//   tensor_tensor(dst=%t34.ap([[1, 4], [1, 1]]), data1=%t32.ap([[1, 4], [1, 1]]), data2=%t33.ap([[1, 4], [1, 1]]), op=bitwise_or, engine=DVE)
//   tensor_copy(dst=%t35.ap([[1, 4], [1, 1]]), src=%t4.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_copy_predicated(dst=%t35.ap([[1, 4], [1, 1]]), src=%t31.ap([[1, 4], [1, 1]]), predicate=%t34.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_tensor(dst=%t36.ap([[1, 4], [1, 1]]), data1=%t35.ap([[1, 4], [1, 1]]), data2=%t5.ap([[1, 4], [1, 1]]), op=greater, engine=DVE)
//   tensor_tensor(dst=%t37.ap([[1, 4], [1, 1]]), data1=%t35.ap([[1, 4], [1, 1]]), data2=%t35.ap([[1, 4], [1, 1]]), op=not_equal, engine=DVE)
//   tensor_tensor(dst=%t38.ap([[1, 4], [1, 1]]), data1=%t36.ap([[1, 4], [1, 1]]), data2=%t37.ap([[1, 4], [1, 1]]), op=bitwise_or, engine=DVE)
//   tensor_copy(dst=%t39.ap([[1, 4], [1, 1]]), src=%t5.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_copy_predicated(dst=%t39.ap([[1, 4], [1, 1]]), src=%t35.ap([[1, 4], [1, 1]]), predicate=%t38.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_tensor(dst=%t40.ap([[1, 4], [1, 1]]), data1=%t39.ap([[1, 4], [1, 1]]), data2=%t6.ap([[1, 4], [1, 1]]), op=greater, engine=DVE)
//   tensor_tensor(dst=%t41.ap([[1, 4], [1, 1]]), data1=%t39.ap([[1, 4], [1, 1]]), data2=%t39.ap([[1, 4], [1, 1]]), op=not_equal, engine=DVE)
//   tensor_tensor(dst=%t42.ap([[1, 4], [1, 1]]), data1=%t40.ap([[1, 4], [1, 1]]), data2=%t41.ap([[1, 4], [1, 1]]), op=bitwise_or, engine=DVE)
//   tensor_copy(dst=%t43.ap([[1, 4], [1, 1]]), src=%t6.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_copy_predicated(dst=%t43.ap([[1, 4], [1, 1]]), src=%t39.ap([[1, 4], [1, 1]]), predicate=%t42.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_tensor(dst=%t44.ap([[1, 4], [1, 1]]), data1=%t43.ap([[1, 4], [1, 1]]), data2=%t7.ap([[1, 4], [1, 1]]), op=greater, engine=DVE)
//   tensor_tensor(dst=%t45.ap([[1, 4], [1, 1]]), data1=%t43.ap([[1, 4], [1, 1]]), data2=%t43.ap([[1, 4], [1, 1]]), op=not_equal, engine=DVE)
//   tensor_tensor(dst=%t46.ap([[1, 4], [1, 1]]), data1=%t44.ap([[1, 4], [1, 1]]), data2=%t45.ap([[1, 4], [1, 1]]), op=bitwise_or, engine=DVE)
//   tensor_copy(dst=%t47.ap([[1, 4], [1, 1]]), src=%t7.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_copy_predicated(dst=%t47.ap([[1, 4], [1, 1]]), src=%t43.ap([[1, 4], [1, 1]]), predicate=%t46.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_tensor(dst=%t48.ap([[1, 4], [1, 1]]), data1=%t47.ap([[1, 4], [1, 1]]), data2=%t8.ap([[1, 4], [1, 1]]), op=greater, engine=DVE)
//   tensor_tensor(dst=%t49.ap([[1, 4], [1, 1]]), data1=%t47.ap([[1, 4], [1, 1]]), data2=%t47.ap([[1, 4], [1, 1]]), op=not_equal, engine=DVE)
//   tensor_tensor(dst=%t50.ap([[1, 4], [1, 1]]), data1=%t48.ap([[1, 4], [1, 1]]), data2=%t49.ap([[1, 4], [1, 1]]), op=bitwise_or, engine=DVE)
//   tensor_copy(dst=%t51.ap([[1, 4], [1, 1]]), src=%t8.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_copy_predicated(dst=%t51.ap([[1, 4], [1, 1]]), src=%t47.ap([[1, 4], [1, 1]]), predicate=%t50.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_tensor(dst=%t52.ap([[1, 4], [1, 1]]), data1=%t51.ap([[1, 4], [1, 1]]), data2=%t9.ap([[1, 4], [1, 1]]), op=greater, engine=DVE)
//   tensor_tensor(dst=%t53.ap([[1, 4], [1, 1]]), data1=%t51.ap([[1, 4], [1, 1]]), data2=%t51.ap([[1, 4], [1, 1]]), op=not_equal, engine=DVE)
//   tensor_tensor(dst=%t54.ap([[1, 4], [1, 1]]), data1=%t52.ap([[1, 4], [1, 1]]), data2=%t53.ap([[1, 4], [1, 1]]), op=bitwise_or, engine=DVE)
//   tensor_copy(dst=%t55.ap([[1, 4], [1, 1]]), src=%t9.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_copy_predicated(dst=%t55.ap([[1, 4], [1, 1]]), src=%t51.ap([[1, 4], [1, 1]]), predicate=%t54.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_tensor(dst=%t56.ap([[1, 4], [1, 1]]), data1=%t55.ap([[1, 4], [1, 1]]), data2=%t10.ap([[1, 4], [1, 1]]), op=greater, engine=DVE)
//   tensor_tensor(dst=%t57.ap([[1, 4], [1, 1]]), data1=%t55.ap([[1, 4], [1, 1]]), data2=%t55.ap([[1, 4], [1, 1]]), op=not_equal, engine=DVE)
//   tensor_tensor(dst=%t58.ap([[1, 4], [1, 1]]), data1=%t56.ap([[1, 4], [1, 1]]), data2=%t57.ap([[1, 4], [1, 1]]), op=bitwise_or, engine=DVE)
//   tensor_copy(dst=%t59.ap([[1, 4], [1, 1]]), src=%t10.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_copy_predicated(dst=%t59.ap([[1, 4], [1, 1]]), src=%t55.ap([[1, 4], [1, 1]]), predicate=%t58.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_tensor(dst=%t60.ap([[1, 4], [1, 1]]), data1=%t59.ap([[1, 4], [1, 1]]), data2=%t11.ap([[1, 4], [1, 1]]), op=greater, engine=DVE)
//   tensor_tensor(dst=%t61.ap([[1, 4], [1, 1]]), data1=%t59.ap([[1, 4], [1, 1]]), data2=%t59.ap([[1, 4], [1, 1]]), op=not_equal, engine=DVE)
//   tensor_tensor(dst=%t62.ap([[1, 4], [1, 1]]), data1=%t60.ap([[1, 4], [1, 1]]), data2=%t61.ap([[1, 4], [1, 1]]), op=bitwise_or, engine=DVE)
//   tensor_copy(dst=%t63.ap([[1, 4], [1, 1]]), src=%t11.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_copy_predicated(dst=%t63.ap([[1, 4], [1, 1]]), src=%t59.ap([[1, 4], [1, 1]]), predicate=%t62.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_tensor(dst=%t64.ap([[1, 4], [1, 1]]), data1=%t63.ap([[1, 4], [1, 1]]), data2=%t12.ap([[1, 4], [1, 1]]), op=greater, engine=DVE)
//   tensor_tensor(dst=%t65.ap([[1, 4], [1, 1]]), data1=%t63.ap([[1, 4], [1, 1]]), data2=%t63.ap([[1, 4], [1, 1]]), op=not_equal, engine=DVE)
//   tensor_tensor(dst=%t66.ap([[1, 4], [1, 1]]), data1=%t64.ap([[1, 4], [1, 1]]), data2=%t65.ap([[1, 4], [1, 1]]), op=bitwise_or, engine=DVE)
//   tensor_copy(dst=%t67.ap([[1, 4], [1, 1]]), src=%t12.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_copy_predicated(dst=%t67.ap([[1, 4], [1, 1]]), src=%t63.ap([[1, 4], [1, 1]]), predicate=%t66.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_tensor(dst=%t68.ap([[1, 4], [1, 1]]), data1=%t67.ap([[1, 4], [1, 1]]), data2=%t13.ap([[1, 4], [1, 1]]), op=greater, engine=DVE)
//   tensor_tensor(dst=%t69.ap([[1, 4], [1, 1]]), data1=%t67.ap([[1, 4], [1, 1]]), data2=%t67.ap([[1, 4], [1, 1]]), op=not_equal, engine=DVE)
//   tensor_tensor(dst=%t70.ap([[1, 4], [1, 1]]), data1=%t68.ap([[1, 4], [1, 1]]), data2=%t69.ap([[1, 4], [1, 1]]), op=bitwise_or, engine=DVE)
//   tensor_copy(dst=%t71.ap([[1, 4], [1, 1]]), src=%t13.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_copy_predicated(dst=%t71.ap([[1, 4], [1, 1]]), src=%t67.ap([[1, 4], [1, 1]]), predicate=%t70.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_tensor(dst=%t72.ap([[1, 4], [1, 1]]), data1=%t71.ap([[1, 4], [1, 1]]), data2=%t14.ap([[1, 4], [1, 1]]), op=equal, engine=DVE)
//   tensor_tensor(dst=%t73.ap([[1, 4], [1, 1]]), data1=%t67.ap([[1, 4], [1, 1]]), data2=%t13.ap([[1, 4], [1, 1]]), op=equal, engine=DVE)
//   tensor_tensor(dst=%t74.ap([[1, 4], [1, 1]]), data1=%t63.ap([[1, 4], [1, 1]]), data2=%t12.ap([[1, 4], [1, 1]]), op=equal, engine=DVE)
//   tensor_tensor(dst=%t75.ap([[1, 4], [1, 1]]), data1=%t59.ap([[1, 4], [1, 1]]), data2=%t11.ap([[1, 4], [1, 1]]), op=equal, engine=DVE)
//   tensor_tensor(dst=%t76.ap([[1, 4], [1, 1]]), data1=%t55.ap([[1, 4], [1, 1]]), data2=%t10.ap([[1, 4], [1, 1]]), op=equal, engine=DVE)
//   tensor_tensor(dst=%t77.ap([[1, 4], [1, 1]]), data1=%t51.ap([[1, 4], [1, 1]]), data2=%t9.ap([[1, 4], [1, 1]]), op=equal, engine=DVE)
//   tensor_tensor(dst=%t78.ap([[1, 4], [1, 1]]), data1=%t47.ap([[1, 4], [1, 1]]), data2=%t8.ap([[1, 4], [1, 1]]), op=equal, engine=DVE)
//   tensor_tensor(dst=%t79.ap([[1, 4], [1, 1]]), data1=%t43.ap([[1, 4], [1, 1]]), data2=%t7.ap([[1, 4], [1, 1]]), op=equal, engine=DVE)
//   tensor_tensor(dst=%t80.ap([[1, 4], [1, 1]]), data1=%t39.ap([[1, 4], [1, 1]]), data2=%t6.ap([[1, 4], [1, 1]]), op=equal, engine=DVE)
//   tensor_tensor(dst=%t81.ap([[1, 4], [1, 1]]), data1=%t35.ap([[1, 4], [1, 1]]), data2=%t5.ap([[1, 4], [1, 1]]), op=equal, engine=DVE)
//   tensor_tensor(dst=%t82.ap([[1, 4], [1, 1]]), data1=%t31.ap([[1, 4], [1, 1]]), data2=%t4.ap([[1, 4], [1, 1]]), op=equal, engine=DVE)
//   tensor_tensor(dst=%t83.ap([[1, 4], [1, 1]]), data1=%c0.ap([[1, 4], [0, 1]]), data2=%t3.ap([[1, 4], [1, 1]]), op=equal, engine=DVE)
//   tensor_scalar(dst=%t84.ap([[1, 4], [1, 1]]), data=%t15.ap([[1, 4], [1, 1]]), op0=maximum, operand0=0.0, engine=DVE)
//   tensor_copy(dst=%t85.ap([[1, 4], [1, 1]]), src=%t15.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_copy_predicated(dst=%t85.ap([[1, 4], [1, 1]]), src=%c1.ap([[1, 4], [0, 1]]), predicate=%t30.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_copy(dst=%t87.ap([[1, 4], [1, 1]]), src=%t85.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_copy_predicated(dst=%t87.ap([[1, 4], [1, 1]]), src=%t84.ap([[1, 4], [1, 1]]), predicate=%t83.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_tensor(dst=%t88.ap([[1, 4], [1, 1]]), data1=%t87.ap([[1, 4], [1, 1]]), data2=%t16.ap([[1, 4], [1, 1]]), op=maximum, engine=DVE)
//   tensor_copy(dst=%t89.ap([[1, 4], [1, 1]]), src=%t16.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_copy_predicated(dst=%t89.ap([[1, 4], [1, 1]]), src=%t87.ap([[1, 4], [1, 1]]), predicate=%t34.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_copy(dst=%t90.ap([[1, 4], [1, 1]]), src=%t89.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_copy_predicated(dst=%t90.ap([[1, 4], [1, 1]]), src=%t88.ap([[1, 4], [1, 1]]), predicate=%t82.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_tensor(dst=%t91.ap([[1, 4], [1, 1]]), data1=%t90.ap([[1, 4], [1, 1]]), data2=%t17.ap([[1, 4], [1, 1]]), op=maximum, engine=DVE)
//   tensor_copy(dst=%t92.ap([[1, 4], [1, 1]]), src=%t17.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_copy_predicated(dst=%t92.ap([[1, 4], [1, 1]]), src=%t90.ap([[1, 4], [1, 1]]), predicate=%t38.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_copy(dst=%t93.ap([[1, 4], [1, 1]]), src=%t92.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_copy_predicated(dst=%t93.ap([[1, 4], [1, 1]]), src=%t91.ap([[1, 4], [1, 1]]), predicate=%t81.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_tensor(dst=%t94.ap([[1, 4], [1, 1]]), data1=%t93.ap([[1, 4], [1, 1]]), data2=%t18.ap([[1, 4], [1, 1]]), op=maximum, engine=DVE)
//   tensor_copy(dst=%t95.ap([[1, 4], [1, 1]]), src=%t18.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_copy_predicated(dst=%t95.ap([[1, 4], [1, 1]]), src=%t93.ap([[1, 4], [1, 1]]), predicate=%t42.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_copy(dst=%t96.ap([[1, 4], [1, 1]]), src=%t95.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_copy_predicated(dst=%t96.ap([[1, 4], [1, 1]]), src=%t94.ap([[1, 4], [1, 1]]), predicate=%t80.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_tensor(dst=%t97.ap([[1, 4], [1, 1]]), data1=%t96.ap([[1, 4], [1, 1]]), data2=%t19.ap([[1, 4], [1, 1]]), op=maximum, engine=DVE)
//   tensor_copy(dst=%t98.ap([[1, 4], [1, 1]]), src=%t19.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_copy_predicated(dst=%t98.ap([[1, 4], [1, 1]]), src=%t96.ap([[1, 4], [1, 1]]), predicate=%t46.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_copy(dst=%t99.ap([[1, 4], [1, 1]]), src=%t98.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_copy_predicated(dst=%t99.ap([[1, 4], [1, 1]]), src=%t97.ap([[1, 4], [1, 1]]), predicate=%t79.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_tensor(dst=%t100.ap([[1, 4], [1, 1]]), data1=%t99.ap([[1, 4], [1, 1]]), data2=%t20.ap([[1, 4], [1, 1]]), op=maximum, engine=DVE)
//   tensor_copy(dst=%t101.ap([[1, 4], [1, 1]]), src=%t20.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_copy_predicated(dst=%t101.ap([[1, 4], [1, 1]]), src=%t99.ap([[1, 4], [1, 1]]), predicate=%t50.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_copy(dst=%t102.ap([[1, 4], [1, 1]]), src=%t101.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_copy_predicated(dst=%t102.ap([[1, 4], [1, 1]]), src=%t100.ap([[1, 4], [1, 1]]), predicate=%t78.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_tensor(dst=%t103.ap([[1, 4], [1, 1]]), data1=%t102.ap([[1, 4], [1, 1]]), data2=%t21.ap([[1, 4], [1, 1]]), op=maximum, engine=DVE)
//   tensor_copy(dst=%t104.ap([[1, 4], [1, 1]]), src=%t21.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_copy_predicated(dst=%t104.ap([[1, 4], [1, 1]]), src=%t102.ap([[1, 4], [1, 1]]), predicate=%t54.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_copy(dst=%t105.ap([[1, 4], [1, 1]]), src=%t104.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_copy_predicated(dst=%t105.ap([[1, 4], [1, 1]]), src=%t103.ap([[1, 4], [1, 1]]), predicate=%t77.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_tensor(dst=%t106.ap([[1, 4], [1, 1]]), data1=%t105.ap([[1, 4], [1, 1]]), data2=%t22.ap([[1, 4], [1, 1]]), op=maximum, engine=DVE)
//   tensor_copy(dst=%t107.ap([[1, 4], [1, 1]]), src=%t22.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_copy_predicated(dst=%t107.ap([[1, 4], [1, 1]]), src=%t105.ap([[1, 4], [1, 1]]), predicate=%t58.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_copy(dst=%t108.ap([[1, 4], [1, 1]]), src=%t107.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_copy_predicated(dst=%t108.ap([[1, 4], [1, 1]]), src=%t106.ap([[1, 4], [1, 1]]), predicate=%t76.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_tensor(dst=%t109.ap([[1, 4], [1, 1]]), data1=%t108.ap([[1, 4], [1, 1]]), data2=%t23.ap([[1, 4], [1, 1]]), op=maximum, engine=DVE)
//   tensor_copy(dst=%t110.ap([[1, 4], [1, 1]]), src=%t23.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_copy_predicated(dst=%t110.ap([[1, 4], [1, 1]]), src=%t108.ap([[1, 4], [1, 1]]), predicate=%t62.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_copy(dst=%t111.ap([[1, 4], [1, 1]]), src=%t110.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_copy_predicated(dst=%t111.ap([[1, 4], [1, 1]]), src=%t109.ap([[1, 4], [1, 1]]), predicate=%t75.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_tensor(dst=%t112.ap([[1, 4], [1, 1]]), data1=%t111.ap([[1, 4], [1, 1]]), data2=%t24.ap([[1, 4], [1, 1]]), op=maximum, engine=DVE)
//   tensor_copy(dst=%t113.ap([[1, 4], [1, 1]]), src=%t24.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_copy_predicated(dst=%t113.ap([[1, 4], [1, 1]]), src=%t111.ap([[1, 4], [1, 1]]), predicate=%t66.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_copy(dst=%t114.ap([[1, 4], [1, 1]]), src=%t113.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_copy_predicated(dst=%t114.ap([[1, 4], [1, 1]]), src=%t112.ap([[1, 4], [1, 1]]), predicate=%t74.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_tensor(dst=%t115.ap([[1, 4], [1, 1]]), data1=%t114.ap([[1, 4], [1, 1]]), data2=%t25.ap([[1, 4], [1, 1]]), op=maximum, engine=DVE)
//   tensor_copy(dst=%t116.ap([[1, 4], [1, 1]]), src=%t25.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_copy_predicated(dst=%t116.ap([[1, 4], [1, 1]]), src=%t114.ap([[1, 4], [1, 1]]), predicate=%t70.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_copy(dst=%t117.ap([[1, 4], [1, 1]]), src=%t116.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_copy_predicated(dst=%t117.ap([[1, 4], [1, 1]]), src=%t115.ap([[1, 4], [1, 1]]), predicate=%t73.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_tensor(dst=%t118.ap([[1, 4], [1, 1]]), data1=%t117.ap([[1, 4], [1, 1]]), data2=%t26.ap([[1, 4], [1, 1]]), op=maximum, engine=DVE)
//   tensor_tensor(dst=%t119.ap([[1, 4], [1, 1]]), data1=%t71.ap([[1, 4], [1, 1]]), data2=%t14.ap([[1, 4], [1, 1]]), op=greater, engine=DVE)
//   tensor_tensor(dst=%t120.ap([[1, 4], [1, 1]]), data1=%t71.ap([[1, 4], [1, 1]]), data2=%t71.ap([[1, 4], [1, 1]]), op=not_equal, engine=DVE)
//   tensor_tensor(dst=%t121.ap([[1, 4], [1, 1]]), data1=%t119.ap([[1, 4], [1, 1]]), data2=%t120.ap([[1, 4], [1, 1]]), op=bitwise_or, engine=DVE)
//   tensor_copy(dst=%t122.ap([[1, 4], [1, 1]]), src=%t26.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_copy_predicated(dst=%t122.ap([[1, 4], [1, 1]]), src=%t117.ap([[1, 4], [1, 1]]), predicate=%t121.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_copy(dst=%t123.ap([[1, 4], [1, 1]]), src=%t122.ap([[1, 4], [1, 1]]), engine=DVE)
//   tensor_copy_predicated(dst=%t123.ap([[1, 4], [1, 1]]), src=%t118.ap([[1, 4], [1, 1]]), predicate=%t72.ap([[1, 4], [1, 1]]), engine=DVE)
//   dma_copy(dst=%out0.ap([[1, 4], [1, 1]]), src=%t123.ap([[1, 4], [1, 1]]), engine=DMA)
// }
//
// // device program of @main at tests/filetests/lower/argmax_last_tie.mlir:6:1: 2 calls; HBM 400 bytes
// device @main {
//   hbm %arg0 : f32[4, 12] input 0 at 0
//   hbm %t0 : i32[4, 12] at 192
//   hbm %t1 : i32[4] at 384
//   call @k0() -> (%t0)
//   call @k1(%t0, %arg0) -> (%t1)
//   return %t1
// }
// ----- stderr
// lowered 2 kernels (Elementwise x1, stablehlo.iota x1), estimate 12.067 us; device program: 2 calls
// check: 2 of 2 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 2 of 2 kernels are deadlock-free and race-free (3 semaphores)
// check: 2 of 2 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
