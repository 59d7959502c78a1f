// One bias broadcast read by two elementwise chains that a dot separates: each chain's kernel
// takes its own copy of the broadcast, and no broadcast is left a kernel of its own. The fused
// module re-parses (`egfuse parse`) and computes what the input did (`egfuse verify`).
// RUN: egfuse fuse %s -o %t
// RUN: egfuse parse %t
// RUN: egfuse verify %s %t
func.func @main(%x: tensor<4x8xf32>, %w: tensor<8x8xf32>, %c: tensor<8xf32>) -> tensor<4x8xf32> {
  %b = stablehlo.broadcast_in_dim %c, dims = [1] : (tensor<8xf32>) -> tensor<4x8xf32>
  %0 = stablehlo.add %x, %b : tensor<4x8xf32>
  %1 = stablehlo.tanh %0 : tensor<4x8xf32>
  %2 = stablehlo.dot_general %1, %w, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
  %3 = stablehlo.add %2, %b : tensor<4x8xf32>
  %4 = stablehlo.tanh %3 : tensor<4x8xf32>
  return %4 : tensor<4x8xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse fuse %s -o %t
// ----- stderr
// fused 2 clusters: Elementwise x2
// ----- exit 0
// ----- egfuse parse %t
// func.func @main(%x: tensor<4x8xf32>, %w: tensor<8x8xf32>, %c: tensor<8xf32>) -> tensor<4x8xf32> {
//   %1 = "mhlo.fusion"(%x, %c) ({
//   ^bb0(%arg0: tensor<4x8xf32>, %arg1: tensor<8xf32>):
//     %b = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<8xf32>) -> tensor<4x8xf32>
//     %0 = stablehlo.add %arg0, %b : tensor<4x8xf32>
//     %2 = stablehlo.tanh %0 : tensor<4x8xf32>
//     mhlo.return %2 : tensor<4x8xf32>
//   }) {FusionKind = "Elementwise"} : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
//   %2 = stablehlo.dot_general %1, %w, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
//   %4 = "mhlo.fusion"(%2, %c) ({
//   ^bb0(%arg0: tensor<4x8xf32>, %arg1: tensor<8xf32>):
//     %b = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<8xf32>) -> tensor<4x8xf32>
//     %3 = stablehlo.add %arg0, %b : tensor<4x8xf32>
//     %0 = stablehlo.tanh %3 : tensor<4x8xf32>
//     mhlo.return %0 : tensor<4x8xf32>
//   }) {FusionKind = "Elementwise"} : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
//   return %4 : tensor<4x8xf32>
// }
// ----- exit 0
// ----- egfuse verify %s %t
// trial 0 (seed 0, positive inputs):
//   out0 tensor<4x8xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 1e-6, rtol 1e-5, scale 1.000e0): agree
// trial 1 (seed 0, signed inputs):
//   out0 tensor<4x8xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 1e-6, rtol 1e-5, scale 8.719e-1): agree
// trial 2 (seed 0, small positive inputs):
//   out0 tensor<4x8xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 9.765625e-10, rtol 1e-5, scale 1.232e-3): agree
// verify: equal
// ----- exit 0
