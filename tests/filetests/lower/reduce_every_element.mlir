// A reduce over all 65,536 elements spreads them over the partitions, 512 each; the maximum of
// the 128 partials is an `nc_transpose` onto one partition, a `tensor_reduce` there and an
// `nc_matmul` of a ones row that puts it back on every partition.
// RUN: egfuse lower %s --check
func.func @main(%x: tensor<256x256xf32>) -> tensor<f32> {
%c = stablehlo.constant dense<0xFF800000> : tensor<f32>
%0 = stablehlo.reduce(%x init: %c) applies stablehlo.maximum across dimensions = [0, 1] : (tensor<256x256xf32>, tensor<f32>) -> tensor<f32>
%1 = stablehlo.exponential %0 : tensor<f32>
return %1 : tensor<f32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check
// // stablehlo.reduce at tests/filetests/lower/reduce_every_element.mlir:7:1: rows, 128 a tile; SBUF 2564 of 196608 bytes per partition, PSUM 512 of 16384
// // estimate 1.043 us, bound by DVE (PE 274.287 ns, DVE 1.043 us, DMA 701.886 ns)
// kernel @k0 kind stablehlo.reduce {
//   hbm %in0 : f32[65536] input
//   hbm %out0 : f32[1] output
//   sbuf %t3 : f32[128, 512] at 512
//   sbuf %t4 : f32[128, 1] at 2560
//   sbuf %ones : f32[128, 128] at 0
//   psum %p6_all : f32[128, 1] at 0
//   psum %p7_t : f32[128, 128] at 0
//   sbuf %t8_one : f32[128, 1] at 512
//   memset(dst=%ones, value=1.0, engine=DVE)
//   dma_copy(dst=%t3, src=%in0.ap([[512, 128], [1, 512]]), engine=DMA)
//   tensor_reduce(dst=%t4.ap([[1, 128], [0, 1]]), op=maximum, data=%t3, axis=[1], engine=DVE)
//   nc_transpose(dst=%p7_t.ap([[128, 1], [1, 128]]), data=%t4.ap([[1, 128], [0, 1]]), engine=PE)
//   tensor_reduce(dst=%t8_one.ap([[1, 1], [1, 1]]), op=maximum, data=%p7_t.ap([[128, 1], [1, 128]]), axis=[1], engine=DVE)
//   nc_matmul(dst=%p6_all, stationary=%ones.ap([[128, 1], [1, 128]]), moving=%t8_one.ap([[1, 1], [1, 1]]), engine=PE)
//   tensor_copy(dst=%t4.ap([[1, 128], [0, 1]]), src=%p6_all, engine=DVE)
//   dma_copy(dst=%out0.ap([[1, 1], [1, 1]]), src=%t4.ap([[1, 1], [0, 1]]), engine=DMA)
// }
//
// // stablehlo.exponential at tests/filetests/lower/reduce_every_element.mlir:8:1: rows, 128 a tile; SBUF 8 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 72.143 ns, bound by ACT (ACT 72.143 ns, DMA 63.759 ns)
// kernel @k1 kind stablehlo.exponential {
//   hbm %in0 : f32[1] input
//   hbm %out0 : f32[1] output
//   sbuf %t2 : f32[128, 1] at 0
//   sbuf %t3 : f32[128, 1] at 4
//   dma_copy(dst=%t2.ap([[1, 128], [0, 1]]), src=%in0.ap([[0, 128], [1, 1]]), engine=DMA)
//   activation(dst=%t3.ap([[1, 128], [0, 1]]), op=exp, data=%t2.ap([[1, 128], [0, 1]]), engine=ACT)
//   dma_copy(dst=%out0.ap([[0, 1], [1, 1]]), src=%t3.ap([[1, 1], [0, 1]]), engine=DMA)
// }
//
// // device program of @main at tests/filetests/lower/reduce_every_element.mlir:5:1: 2 calls; HBM 262212 bytes
// device @main {
//   hbm %arg0 : f32[256, 256] input 0 at 0
//   hbm %t0 : f32[] at 262144
//   hbm %t1 : f32[] at 262208
//   call @k0(%arg0) -> (%t0)
//   call @k1(%t0) -> (%t1)
//   return %t1
// }
// ----- stderr
// lowered 2 kernels (stablehlo.exponential x1, stablehlo.reduce x1), estimate 1.115 us; device program: 2 calls
// check: 2 of 2 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 2 of 2 kernels are deadlock-free and race-free (7 semaphores)
// check: 2 of 2 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
