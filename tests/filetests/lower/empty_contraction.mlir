// An empty contraction is zeros: the PSUM tile is zeroed by a memset, no matmul reads nothing,
// and the kernel checks.
// RUN: egfuse lower %s --check
func.func @main(%a: tensor<4x0xf32>, %b: tensor<0x3xf32>) -> tensor<4x3xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x0xf32>, tensor<0x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check
// // stablehlo.dot_general at tests/filetests/lower/empty_contraction.mlir:5:3: matmul, M 128 x N 512 x K 128 a tile; SBUF 12 of 196608 bytes per partition, PSUM 12 of 16384
// // estimate 183.930 ns, bound by DVE (DVE 183.930 ns, DMA 31.368 ns)
// kernel @k0 kind stablehlo.dot_general {
//   hbm %out0 : f32[12] output
//   psum %p3 : f32[128, 3] at 0
//   sbuf %t4_out : f32[128, 3] at 0
//   memset(dst=%p3.ap([[3, 4], [1, 3]]), value=0.0, engine=DVE)
//   tensor_copy(dst=%t4_out.ap([[3, 4], [1, 3]]), src=%p3.ap([[3, 4], [1, 3]]), engine=DVE)
//   dma_copy(dst=%out0.ap([[3, 4], [1, 3]]), src=%t4_out.ap([[3, 4], [1, 3]]), engine=DMA)
// }
//
// // device program of @main at tests/filetests/lower/empty_contraction.mlir:4:1: 1 call; HBM 176 bytes
// device @main {
//   hbm %arg0 : f32[4, 0] input 0 at 0
//   hbm %arg1 : f32[0, 3] input 1 at 64
//   hbm %t0 : f32[4, 3] at 128
//   call @k0() -> (%t0)
//   return %t0
// }
// ----- stderr
// lowered 1 kernel (stablehlo.dot_general x1), estimate 183.930 ns; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (1 semaphore)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
