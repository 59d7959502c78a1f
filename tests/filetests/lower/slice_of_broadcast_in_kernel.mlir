// A kernel that slices a value it computes, here a broadcast of ones (what a refined export
// leaves of a dynamic_broadcast_in_dim and a real_dynamic_slice): the split moves the slice up
// to the broadcast, which is then the splat at the slice's shape.
// RUN: egfuse lower %s --check
func.func @main(%x: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
  %2 = stablehlo.broadcast_in_dim %1, dims = [] : (tensor<f32>) -> tensor<6x5xf32>
  %3 = stablehlo.slice %2 [0:3, 0:5] : (tensor<6x5xf32>) -> tensor<3x5xf32>
  %5 = stablehlo.cosine %x : tensor<3x5xf32>
  %7 = stablehlo.add %3, %5 : tensor<3x5xf32>
  return %7 : tensor<3x5xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check
// // Elementwise at tests/filetests/lower/slice_of_broadcast_in_kernel.mlir:10:3: rows, 128 a tile; SBUF 40 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 93.750 ns, bound by DVE (ACT 75.000 ns, DVE 93.750 ns, DMA 62.794 ns)
// kernel @k0 kind Elementwise {
//   hbm %in0 : f32[15] input
//   hbm %out0 : f32[15] output
//   sbuf %t2 : f32[128, 5] at 0
//   sbuf %t3 : f32[128, 5] at 20
//   sbuf %t4 : f32[128, 5] at 0
//   dma_copy(dst=%t2.ap([[5, 3], [1, 5]]), src=%in0.ap([[5, 3], [1, 5]]), engine=DMA)
//   activation(dst=%t3.ap([[5, 3], [1, 5]]), op=cos, data=%t2.ap([[5, 3], [1, 5]]), engine=ACT)
//   tensor_scalar(dst=%t4.ap([[5, 3], [1, 5]]), data=%t3.ap([[5, 3], [1, 5]]), op0=add, operand0=1.0, engine=DVE)
//   dma_copy(dst=%out0.ap([[5, 3], [1, 5]]), src=%t4.ap([[5, 3], [1, 5]]), engine=DMA)
// }
//
// // device program of @main at tests/filetests/lower/slice_of_broadcast_in_kernel.mlir:5:1: 1 call; HBM 124 bytes
// device @main {
//   hbm %arg0 : f32[3, 5] input 0 at 0
//   hbm %t0 : f32[3, 5] at 64
//   call @k0(%arg0) -> (%t0)
//   return %t0
// }
// ----- stderr
// lowered 1 kernel (Elementwise x1), estimate 93.750 ns; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (5 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
