// PyTorch's linear layer: `[1, 4, 8]` flattened to `[4, 8]`, times the weight transposed,
// unflattened. The dot reads `x` and `w` as they are (contracting `x`'s dimension 2 with `w`'s
// dimension 1), and the bias add between the flattening dot-folding moved after the dot and its
// inverse reads the dot itself (`add-between-inverse-reshapes`): no reshape is left. The fused
// module re-parses (`egfuse parse`) and computes what the input did (`egfuse verify`).
// RUN: egfuse fuse %s -o %t
// RUN: egfuse parse %t
// RUN: egfuse verify %s %t
func.func @main(%x: tensor<1x4x8xf32>, %w: tensor<16x8xf32>, %c: tensor<16xf32>) -> tensor<1x4x16xf32> {
  %f = stablehlo.reshape %x : (tensor<1x4x8xf32>) -> tensor<4x8xf32>
  %t = stablehlo.transpose %w, dims = [1, 0] : (tensor<16x8xf32>) -> tensor<8x16xf32>
  %d = stablehlo.dot_general %f, %t, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  %b = stablehlo.broadcast_in_dim %c, dims = [1] : (tensor<16xf32>) -> tensor<4x16xf32>
  %a = stablehlo.add %d, %b : tensor<4x16xf32>
  %u = stablehlo.reshape %a : (tensor<4x16xf32>) -> tensor<1x4x16xf32>
  return %u : tensor<1x4x16xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse fuse %s -o %t
// ----- stderr
// fused 1 cluster: Elementwise x1
// ----- exit 0
// ----- egfuse parse %t
// func.func @main(%x: tensor<1x4x8xf32>, %w: tensor<16x8xf32>, %c: tensor<16xf32>) -> tensor<1x4x16xf32> {
//   %d = stablehlo.dot_general %x, %w, contracting_dims = [2] x [1] : (tensor<1x4x8xf32>, tensor<16x8xf32>) -> tensor<1x4x16xf32>
//   %0 = "mhlo.fusion"(%d, %c) ({
//   ^bb0(%arg0: tensor<1x4x16xf32>, %arg1: tensor<16xf32>):
//     %1 = stablehlo.broadcast_in_dim %arg1, dims = [2] : (tensor<16xf32>) -> tensor<1x4x16xf32>
//     %2 = stablehlo.add %arg0, %1 : tensor<1x4x16xf32>
//     mhlo.return %2 : tensor<1x4x16xf32>
//   }) {FusionKind = "Elementwise"} : (tensor<1x4x16xf32>, tensor<16xf32>) -> tensor<1x4x16xf32>
//   return %0 : tensor<1x4x16xf32>
// }
// ----- exit 0
// ----- egfuse verify %s %t
// trial 0 (seed 0, positive inputs):
//   out0 tensor<1x4x16xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 1e-6, rtol 1e-5, scale 1.125e1): agree
// trial 1 (seed 0, signed inputs):
//   out0 tensor<1x4x16xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 1e-6, rtol 1e-5, scale 4.121e0): agree
// trial 2 (seed 0, small positive inputs):
//   out0 tensor<1x4x16xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 9.765625e-10, rtol 1e-5, scale 1.183e-3): agree
// verify: equal
// ----- exit 0
