// A row of 50,000 fp32 values is 195 KiB a partition: more than SBUF's 192 KiB. The elementwise
// kernel takes 12,500 columns a chunk and the reduce 25,000, the reduce folding each chunk into
// its result; 200 rows are a tile and a remainder of 72. `--schedule KIND:chunk=N` sets the
// chunk (a remainder chunk takes the rest); a tile for a rows kernel is refused.
// One random interleaving of the streams: tools/interleavings.sh runs them at scale.
// RUN: egfuse lower %s --check --interleavings 1
// RUN: egfuse lower %s --check --interleavings 1 --schedule stablehlo.reduce:chunk=7000
// RUN: egfuse lower %s --schedule SubExp:tile=64 -o /dev/null
func.func @main(%x: tensor<200x50000xf32>, %m: tensor<200xf32>) -> (tensor<200x50000xf32>, tensor<200xf32>) {
%b = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<200xf32>) -> tensor<200x50000xf32>
%0 = stablehlo.subtract %x, %b : tensor<200x50000xf32>
%1 = stablehlo.exponential %0 : tensor<200x50000xf32>
%c = stablehlo.constant dense<0.0> : tensor<f32>
%2 = stablehlo.reduce(%1 init: %c) applies stablehlo.add across dimensions = [1] : (tensor<200x50000xf32>, tensor<f32>) -> tensor<200xf32>
%3 = stablehlo.log %2 : tensor<200xf32>
return %1, %3 : tensor<200x50000xf32>, tensor<200xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check --interleavings 1
// // SubExp at tests/filetests/lower/wide_rows_chunked.mlir:12:1: rows, 128 a tile, 12500 columns a chunk; SBUF 100008 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 195.686 us, bound by DMA (ACT 72.000 us, DVE 721.432 ns, DMA 195.686 us)
// kernel @k0 kind SubExp {
//   hbm %in0 : f32[10000000] input
//   hbm %in1 : f32[200] input
//   hbm %out0 : f32[10000000] output
//   sbuf %t3 : f32[128, 1] at 0
//   sbuf %t4 : f32[128, 12500] at 4
//   sbuf %t5 : f32[128, 12500] at 0
//   sbuf %t6 : f32[128, 12500] at 50008
//   sbuf %t7 : f32[128, 12500] at 4
//   sbuf %t8 : f32[128, 12500] at 0
//   sbuf %t9 : f32[128, 12500] at 50008
//   sbuf %t10 : f32[128, 1] at 0
//   sbuf %t11 : f32[128, 12500] at 4
//   sbuf %t12 : f32[128, 12500] at 0
//   sbuf %t13 : f32[128, 12500] at 50008
//   sbuf %t14 : f32[128, 12500] at 4
//   sbuf %t15 : f32[128, 12500] at 0
//   sbuf %t16 : f32[128, 12500] at 50008
//   sbuf %t17_neg : f32[128, 1] at 50004
//   sbuf %t18_neg : f32[128, 1] at 50004
//   sbuf %t19_neg : f32[128, 1] at 50004
//   sbuf %t20_neg : f32[128, 1] at 50004
//   dma_copy(dst=%t3.ap([[1, 128], [0, 1]]), src=%in1.ap([[1, 128], [1, 1]]), engine=DMA)
//   dma_copy(dst=%t4, src=%in0.ap([[50000, 128], [1, 12500]]), engine=DMA)
//   tensor_scalar(dst=%t17_neg, data=%t3, op0=multiply, operand0=-1.0, engine=DVE)
//   activation(dst=%t6, op=exp, data=%t4, bias=%t17_neg, engine=ACT)
//   dma_copy(dst=%out0.ap([[50000, 128], [1, 12500]]), src=%t6, engine=DMA)
//   for %r0 in 0..3 {
//     dma_copy(dst=%t7, src=%in0.ap([[50000, 128], [1, 12500]], offset=12500*%r0 + 12500), engine=DMA)
//     tensor_scalar(dst=%t18_neg, data=%t3, op0=multiply, operand0=-1.0, engine=DVE)
//     activation(dst=%t9, op=exp, data=%t7, bias=%t18_neg, engine=ACT)
//     dma_copy(dst=%out0.ap([[50000, 128], [1, 12500]], offset=12500*%r0 + 12500), src=%t9, engine=DMA)
//   }
//   dma_copy(dst=%t10.ap([[1, 72], [0, 1]]), src=%in1.ap([[1, 72], [1, 1]], offset=128), engine=DMA)
//   dma_copy(dst=%t11.ap([[12500, 72], [1, 12500]]), src=%in0.ap([[50000, 72], [1, 12500]], offset=6400000), engine=DMA)
//   tensor_scalar(dst=%t19_neg.ap([[1, 72], [1, 1]]), data=%t10.ap([[1, 72], [1, 1]]), op0=multiply, operand0=-1.0, engine=DVE)
//   activation(dst=%t13.ap([[12500, 72], [1, 12500]]), op=exp, data=%t11.ap([[12500, 72], [1, 12500]]), bias=%t19_neg.ap([[1, 72], [1, 1]]), engine=ACT)
//   dma_copy(dst=%out0.ap([[50000, 72], [1, 12500]], offset=6400000), src=%t13.ap([[12500, 72], [1, 12500]]), engine=DMA)
//   for %r1 in 0..3 {
//     dma_copy(dst=%t14.ap([[12500, 72], [1, 12500]]), src=%in0.ap([[50000, 72], [1, 12500]], offset=12500*%r1 + 6412500), engine=DMA)
//     tensor_scalar(dst=%t20_neg.ap([[1, 72], [1, 1]]), data=%t10.ap([[1, 72], [1, 1]]), op0=multiply, operand0=-1.0, engine=DVE)
//     activation(dst=%t16.ap([[12500, 72], [1, 12500]]), op=exp, data=%t14.ap([[12500, 72], [1, 12500]]), bias=%t20_neg.ap([[1, 72], [1, 1]]), engine=ACT)
//     dma_copy(dst=%out0.ap([[50000, 72], [1, 12500]], offset=12500*%r1 + 6412500), src=%t16.ap([[12500, 72], [1, 12500]]), engine=DMA)
//   }
// }
//
// // stablehlo.reduce at tests/filetests/lower/wide_rows_chunked.mlir:14:1: rows, 128 a tile, 25000 columns a chunk; SBUF 100008 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 97.750 us, bound by DMA (DVE 89.825 us, DMA 97.750 us)
// kernel @k1 kind stablehlo.reduce {
//   hbm %in0 : f32[10000000] input
//   hbm %out0 : f32[200] output
//   sbuf %t3 : f32[128, 25000] at 0
//   sbuf %t4 : f32[128, 1] at 100000
//   sbuf %t5 : f32[128, 25000] at 0
//   sbuf %t6_part : f32[128, 1] at 100004
//   sbuf %t7 : f32[128, 25000] at 0
//   sbuf %t8 : f32[128, 1] at 100000
//   sbuf %t9 : f32[128, 25000] at 0
//   sbuf %t10_part : f32[128, 1] at 100004
//   dma_copy(dst=%t3, src=%in0.ap([[50000, 128], [1, 25000]]), engine=DMA)
//   tensor_reduce(dst=%t4.ap([[1, 128], [0, 1]]), op=add, data=%t3, axis=[1], engine=DVE)
//   dma_copy(dst=%t5, src=%in0.ap([[50000, 128], [1, 25000]], offset=25000), engine=DMA)
//   tensor_reduce(dst=%t6_part.ap([[1, 128], [0, 1]]), op=add, data=%t5, axis=[1], engine=DVE)
//   tensor_tensor(dst=%t4.ap([[1, 128], [0, 1]]), data1=%t4.ap([[1, 128], [0, 1]]), data2=%t6_part.ap([[1, 128], [0, 1]]), op=add, engine=DVE)
//   dma_copy(dst=%out0.ap([[1, 128], [1, 1]]), src=%t4.ap([[1, 128], [0, 1]]), engine=DMA)
//   dma_copy(dst=%t7.ap([[25000, 72], [1, 25000]]), src=%in0.ap([[50000, 72], [1, 25000]], offset=6400000), engine=DMA)
//   tensor_reduce(dst=%t8.ap([[1, 72], [0, 1]]), op=add, data=%t7.ap([[25000, 72], [1, 25000]]), axis=[1], engine=DVE)
//   dma_copy(dst=%t9.ap([[25000, 72], [1, 25000]]), src=%in0.ap([[50000, 72], [1, 25000]], offset=6425000), engine=DMA)
//   tensor_reduce(dst=%t10_part.ap([[1, 72], [0, 1]]), op=add, data=%t9.ap([[25000, 72], [1, 25000]]), axis=[1], engine=DVE)
//   tensor_tensor(dst=%t8.ap([[1, 72], [0, 1]]), data1=%t8.ap([[1, 72], [0, 1]]), data2=%t10_part.ap([[1, 72], [0, 1]]), op=add, engine=DVE)
//   dma_copy(dst=%out0.ap([[1, 72], [1, 1]], offset=128), src=%t8.ap([[1, 72], [0, 1]]), engine=DMA)
// }
//
// // stablehlo.log at tests/filetests/lower/wide_rows_chunked.mlir:15:1: rows, 128 a tile; SBUF 1600 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 214.286 ns, bound by ACT (ACT 214.286 ns, DMA 66.404 ns)
// kernel @k2 kind stablehlo.log {
//   hbm %in0 : f32[200] input
//   hbm %out0 : f32[200] output
//   sbuf %t2 : f32[128, 200] at 0
//   sbuf %t3 : f32[128, 200] at 800
//   dma_copy(dst=%t2.ap([[200, 1], [1, 200]]), src=%in0.ap([[200, 1], [1, 200]]), engine=DMA)
//   activation(dst=%t3.ap([[200, 1], [1, 200]]), op=log, data=%t2.ap([[200, 1], [1, 200]]), engine=ACT)
//   dma_copy(dst=%out0.ap([[200, 1], [1, 200]]), src=%t3.ap([[200, 1], [1, 200]]), engine=DMA)
// }
//
// // device program of @main at tests/filetests/lower/wide_rows_chunked.mlir:9:1: 3 calls; HBM 80002464 bytes
// device @main {
//   hbm %arg0 : f32[200, 50000] input 0 at 0
//   hbm %arg1 : f32[200] input 1 at 40000000
//   hbm %t0 : f32[200, 50000] at 40000832
//   hbm %t1 : f32[200] at 80000832
//   hbm %t2 : f32[200] at 80001664
//   call @k0(%arg0, %arg1) -> (%t0)
//   call @k1(%t0) -> (%t1)
//   call @k2(%t1) -> (%t2)
//   return %t0, %t2
// }
// ----- stderr
// lowered 3 kernels (SubExp x1, stablehlo.log x1, stablehlo.reduce x1), estimate 293.651 us; device program: 3 calls
// check: 3 of 3 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 2 results
// check: the streams of 3 of 3 kernels are deadlock-free and race-free (14 semaphores)
// check: 3 of 3 kernels' streams read and write what the sequential order does in 1 random interleaving
// ----- exit 0
// ----- egfuse lower %s --check --interleavings 1 --schedule stablehlo.reduce:chunk=7000
// // SubExp at tests/filetests/lower/wide_rows_chunked.mlir:12:1: rows, 128 a tile, 12500 columns a chunk; SBUF 100008 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 195.686 us, bound by DMA (ACT 72.000 us, DVE 721.432 ns, DMA 195.686 us)
// kernel @k0 kind SubExp {
//   hbm %in0 : f32[10000000] input
//   hbm %in1 : f32[200] input
//   hbm %out0 : f32[10000000] output
//   sbuf %t3 : f32[128, 1] at 0
//   sbuf %t4 : f32[128, 12500] at 4
//   sbuf %t5 : f32[128, 12500] at 0
//   sbuf %t6 : f32[128, 12500] at 50008
//   sbuf %t7 : f32[128, 12500] at 4
//   sbuf %t8 : f32[128, 12500] at 0
//   sbuf %t9 : f32[128, 12500] at 50008
//   sbuf %t10 : f32[128, 1] at 0
//   sbuf %t11 : f32[128, 12500] at 4
//   sbuf %t12 : f32[128, 12500] at 0
//   sbuf %t13 : f32[128, 12500] at 50008
//   sbuf %t14 : f32[128, 12500] at 4
//   sbuf %t15 : f32[128, 12500] at 0
//   sbuf %t16 : f32[128, 12500] at 50008
//   sbuf %t17_neg : f32[128, 1] at 50004
//   sbuf %t18_neg : f32[128, 1] at 50004
//   sbuf %t19_neg : f32[128, 1] at 50004
//   sbuf %t20_neg : f32[128, 1] at 50004
//   dma_copy(dst=%t3.ap([[1, 128], [0, 1]]), src=%in1.ap([[1, 128], [1, 1]]), engine=DMA)
//   dma_copy(dst=%t4, src=%in0.ap([[50000, 128], [1, 12500]]), engine=DMA)
//   tensor_scalar(dst=%t17_neg, data=%t3, op0=multiply, operand0=-1.0, engine=DVE)
//   activation(dst=%t6, op=exp, data=%t4, bias=%t17_neg, engine=ACT)
//   dma_copy(dst=%out0.ap([[50000, 128], [1, 12500]]), src=%t6, engine=DMA)
//   for %r0 in 0..3 {
//     dma_copy(dst=%t7, src=%in0.ap([[50000, 128], [1, 12500]], offset=12500*%r0 + 12500), engine=DMA)
//     tensor_scalar(dst=%t18_neg, data=%t3, op0=multiply, operand0=-1.0, engine=DVE)
//     activation(dst=%t9, op=exp, data=%t7, bias=%t18_neg, engine=ACT)
//     dma_copy(dst=%out0.ap([[50000, 128], [1, 12500]], offset=12500*%r0 + 12500), src=%t9, engine=DMA)
//   }
//   dma_copy(dst=%t10.ap([[1, 72], [0, 1]]), src=%in1.ap([[1, 72], [1, 1]], offset=128), engine=DMA)
//   dma_copy(dst=%t11.ap([[12500, 72], [1, 12500]]), src=%in0.ap([[50000, 72], [1, 12500]], offset=6400000), engine=DMA)
//   tensor_scalar(dst=%t19_neg.ap([[1, 72], [1, 1]]), data=%t10.ap([[1, 72], [1, 1]]), op0=multiply, operand0=-1.0, engine=DVE)
//   activation(dst=%t13.ap([[12500, 72], [1, 12500]]), op=exp, data=%t11.ap([[12500, 72], [1, 12500]]), bias=%t19_neg.ap([[1, 72], [1, 1]]), engine=ACT)
//   dma_copy(dst=%out0.ap([[50000, 72], [1, 12500]], offset=6400000), src=%t13.ap([[12500, 72], [1, 12500]]), engine=DMA)
//   for %r1 in 0..3 {
//     dma_copy(dst=%t14.ap([[12500, 72], [1, 12500]]), src=%in0.ap([[50000, 72], [1, 12500]], offset=12500*%r1 + 6412500), engine=DMA)
//     tensor_scalar(dst=%t20_neg.ap([[1, 72], [1, 1]]), data=%t10.ap([[1, 72], [1, 1]]), op0=multiply, operand0=-1.0, engine=DVE)
//     activation(dst=%t16.ap([[12500, 72], [1, 12500]]), op=exp, data=%t14.ap([[12500, 72], [1, 12500]]), bias=%t20_neg.ap([[1, 72], [1, 1]]), engine=ACT)
//     dma_copy(dst=%out0.ap([[50000, 72], [1, 12500]], offset=12500*%r1 + 6412500), src=%t16.ap([[12500, 72], [1, 12500]]), engine=DMA)
//   }
// }
//
// // stablehlo.reduce at tests/filetests/lower/wide_rows_chunked.mlir:14:1: rows, 128 a tile, 7000 columns a chunk; SBUF 28008 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 98.125 us, bound by DMA (DVE 91.989 us, DMA 98.125 us)
// kernel @k1 kind stablehlo.reduce {
//   hbm %in0 : f32[10000000] input
//   hbm %out0 : f32[200] output
//   sbuf %t3 : f32[128, 7000] at 0
//   sbuf %t4 : f32[128, 1] at 28000
//   sbuf %t5 : f32[128, 7000] at 0
//   sbuf %t6_part : f32[128, 1] at 28004
//   sbuf %t7 : f32[128, 1000] at 0
//   sbuf %t8_part : f32[128, 1] at 4000
//   sbuf %t9 : f32[128, 7000] at 0
//   sbuf %t10 : f32[128, 1] at 28000
//   sbuf %t11 : f32[128, 7000] at 0
//   sbuf %t12_part : f32[128, 1] at 28004
//   sbuf %t13 : f32[128, 1000] at 0
//   sbuf %t14_part : f32[128, 1] at 4000
//   dma_copy(dst=%t3, src=%in0.ap([[50000, 128], [1, 7000]]), engine=DMA)
//   tensor_reduce(dst=%t4.ap([[1, 128], [0, 1]]), op=add, data=%t3, axis=[1], engine=DVE)
//   for %r0 in 0..6 {
//     dma_copy(dst=%t5, src=%in0.ap([[50000, 128], [1, 7000]], offset=7000*%r0 + 7000), engine=DMA)
//     tensor_reduce(dst=%t6_part.ap([[1, 128], [0, 1]]), op=add, data=%t5, axis=[1], engine=DVE)
//     tensor_tensor(dst=%t4.ap([[1, 128], [0, 1]]), data1=%t4.ap([[1, 128], [0, 1]]), data2=%t6_part.ap([[1, 128], [0, 1]]), op=add, engine=DVE)
//   }
//   dma_copy(dst=%t7, src=%in0.ap([[50000, 128], [1, 1000]], offset=49000), engine=DMA)
//   tensor_reduce(dst=%t8_part.ap([[1, 128], [0, 1]]), op=add, data=%t7, axis=[1], engine=DVE)
//   tensor_tensor(dst=%t4.ap([[1, 128], [0, 1]]), data1=%t4.ap([[1, 128], [0, 1]]), data2=%t8_part.ap([[1, 128], [0, 1]]), op=add, engine=DVE)
//   dma_copy(dst=%out0.ap([[1, 128], [1, 1]]), src=%t4.ap([[1, 128], [0, 1]]), engine=DMA)
//   dma_copy(dst=%t9.ap([[7000, 72], [1, 7000]]), src=%in0.ap([[50000, 72], [1, 7000]], offset=6400000), engine=DMA)
//   tensor_reduce(dst=%t10.ap([[1, 72], [0, 1]]), op=add, data=%t9.ap([[7000, 72], [1, 7000]]), axis=[1], engine=DVE)
//   for %r1 in 0..6 {
//     dma_copy(dst=%t11.ap([[7000, 72], [1, 7000]]), src=%in0.ap([[50000, 72], [1, 7000]], offset=7000*%r1 + 6407000), engine=DMA)
//     tensor_reduce(dst=%t12_part.ap([[1, 72], [0, 1]]), op=add, data=%t11.ap([[7000, 72], [1, 7000]]), axis=[1], engine=DVE)
//     tensor_tensor(dst=%t10.ap([[1, 72], [0, 1]]), data1=%t10.ap([[1, 72], [0, 1]]), data2=%t12_part.ap([[1, 72], [0, 1]]), op=add, engine=DVE)
//   }
//   dma_copy(dst=%t13.ap([[1000, 72], [1, 1000]]), src=%in0.ap([[50000, 72], [1, 1000]], offset=6449000), engine=DMA)
//   tensor_reduce(dst=%t14_part.ap([[1, 72], [0, 1]]), op=add, data=%t13.ap([[1000, 72], [1, 1000]]), axis=[1], engine=DVE)
//   tensor_tensor(dst=%t10.ap([[1, 72], [0, 1]]), data1=%t10.ap([[1, 72], [0, 1]]), data2=%t14_part.ap([[1, 72], [0, 1]]), op=add, engine=DVE)
//   dma_copy(dst=%out0.ap([[1, 72], [1, 1]], offset=128), src=%t10.ap([[1, 72], [0, 1]]), engine=DMA)
// }
//
// // stablehlo.log at tests/filetests/lower/wide_rows_chunked.mlir:15:1: rows, 128 a tile; SBUF 1600 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 214.286 ns, bound by ACT (ACT 214.286 ns, DMA 66.404 ns)
// kernel @k2 kind stablehlo.log {
//   hbm %in0 : f32[200] input
//   hbm %out0 : f32[200] output
//   sbuf %t2 : f32[128, 200] at 0
//   sbuf %t3 : f32[128, 200] at 800
//   dma_copy(dst=%t2.ap([[200, 1], [1, 200]]), src=%in0.ap([[200, 1], [1, 200]]), engine=DMA)
//   activation(dst=%t3.ap([[200, 1], [1, 200]]), op=log, data=%t2.ap([[200, 1], [1, 200]]), engine=ACT)
//   dma_copy(dst=%out0.ap([[200, 1], [1, 200]]), src=%t3.ap([[200, 1], [1, 200]]), engine=DMA)
// }
//
// // device program of @main at tests/filetests/lower/wide_rows_chunked.mlir:9:1: 3 calls; HBM 80002464 bytes
// device @main {
//   hbm %arg0 : f32[200, 50000] input 0 at 0
//   hbm %arg1 : f32[200] input 1 at 40000000
//   hbm %t0 : f32[200, 50000] at 40000832
//   hbm %t1 : f32[200] at 80000832
//   hbm %t2 : f32[200] at 80001664
//   call @k0(%arg0, %arg1) -> (%t0)
//   call @k1(%t0) -> (%t1)
//   call @k2(%t1) -> (%t2)
//   return %t0, %t2
// }
// ----- stderr
// lowered 3 kernels (SubExp x1, stablehlo.log x1, stablehlo.reduce x1), estimate 294.026 us; device program: 3 calls
// check: 3 of 3 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 2 results
// check: the streams of 3 of 3 kernels are deadlock-free and race-free (14 semaphores)
// check: 3 of 3 kernels' streams read and write what the sequential order does in 1 random interleaving
// ----- exit 0
// ----- egfuse lower %s --schedule SubExp:tile=64 -o /dev/null
// ----- stderr
// error: tests/filetests/lower/wide_rows_chunked.mlir:12:1: --schedule SubExp:tile=64: this kernel has no such size to set
//     ╭─[tests/filetests/lower/wide_rows_chunked.mlir:12:1]
//  11 │ %0 = stablehlo.subtract %x, %b : tensor<200x50000xf32>
//  12 │ %1 = stablehlo.exponential %0 : tensor<200x50000xf32>
//     · ──────────────────────────┬──────────────────────────
//     ·                           ╰── its layout is `rows` (128 rows a tile; a chunk of columns is `chunk=N`)
//  13 │ %c = stablehlo.constant dense<0.0> : tensor<f32>
//     ╰────
// lowered 2 kernels (stablehlo.log x1, stablehlo.reduce x1), estimate 97.964 us; 1 could not be lowered
// ----- exit 1
