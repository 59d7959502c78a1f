// A head merge between two dots (a transpose and the reshape that flattens the heads) is no
// kernel of its own: the second matmul reads its operand through it (`matmul-views`). The fused
// module re-parses (`egfuse parse`) and computes what the input did (`egfuse verify`).
// RUN: egfuse fuse %s -o %t
// RUN: egfuse parse %t
// RUN: egfuse verify %s %t
func.func @main(%p: tensor<2x4x8xf32>, %v: tensor<2x8x3xf32>, %w: tensor<6x5xf32>) -> tensor<4x5xf32> {
  %o = stablehlo.dot_general %p, %v, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x4x8xf32>, tensor<2x8x3xf32>) -> tensor<2x4x3xf32>
  %t = stablehlo.transpose %o, dims = [1, 0, 2] : (tensor<2x4x3xf32>) -> tensor<4x2x3xf32>
  %r = stablehlo.reshape %t : (tensor<4x2x3xf32>) -> tensor<4x6xf32>
  %d = stablehlo.dot_general %r, %w, contracting_dims = [1] x [0] : (tensor<4x6xf32>, tensor<6x5xf32>) -> tensor<4x5xf32>
  return %d : tensor<4x5xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse fuse %s -o %t
// ----- stderr
// fused 1 cluster: Dot x1
// ----- exit 0
// ----- egfuse parse %t
// func.func @main(%p: tensor<2x4x8xf32>, %v: tensor<2x8x3xf32>, %w: tensor<6x5xf32>) -> tensor<4x5xf32> {
//   %o = stablehlo.dot_general %p, %v, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x4x8xf32>, tensor<2x8x3xf32>) -> tensor<2x4x3xf32>
//   %d = "mhlo.fusion"(%w, %o) ({
//   ^bb0(%arg0: tensor<6x5xf32>, %arg1: tensor<2x4x3xf32>):
//     %t = stablehlo.transpose %arg1, dims = [1, 0, 2] : (tensor<2x4x3xf32>) -> tensor<4x2x3xf32>
//     %r = stablehlo.reshape %t : (tensor<4x2x3xf32>) -> tensor<4x6xf32>
//     %0 = stablehlo.dot_general %r, %arg0, contracting_dims = [1] x [0] : (tensor<4x6xf32>, tensor<6x5xf32>) -> tensor<4x5xf32>
//     mhlo.return %0 : tensor<4x5xf32>
//   }) {FusionKind = "Dot"} : (tensor<6x5xf32>, tensor<2x4x3xf32>) -> tensor<4x5xf32>
//   return %d : tensor<4x5xf32>
// }
// ----- exit 0
// ----- egfuse verify %s %t
// trial 0 (seed 0, positive inputs):
//   out0 tensor<4x5xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 1e-6, rtol 1e-5, scale 6.157e1): agree
// trial 1 (seed 0, signed inputs):
//   out0 tensor<4x5xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 1e-6, rtol 1e-5, scale 9.737e0): agree
// trial 2 (seed 0, small positive inputs):
//   out0 tensor<4x5xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 9.765625e-10, rtol 1e-5, scale 5.734e-8): agree
// verify: equal
// ----- exit 0
