// `gelu(x @ w + b)` as JAX writes it, the exact GELU through `chlo.erfc`. The fused module
// re-parses (`egfuse parse`) and computes what the input did (`egfuse verify`).
// RUN: egfuse fuse %s -o %t
// RUN: egfuse parse %t
// RUN: egfuse verify %s %t
func.func @main(%x: tensor<2x4x8xf32>, %w: tensor<8x16xf32>, %b: tensor<16xf32>) -> tensor<2x4x16xf32> {
  %d = stablehlo.dot_general %x, %w, contracting_dims = [2] x [0] : (tensor<2x4x8xf32>, tensor<8x16xf32>) -> tensor<2x4x16xf32>
  %bb = stablehlo.broadcast_in_dim %b, dims = [2] : (tensor<16xf32>) -> tensor<2x4x16xf32>
  %a = stablehlo.add %d, %bb : tensor<2x4x16xf32>
  %h = stablehlo.constant dense<5.000000e-01> : tensor<2x4x16xf32>
  %c = stablehlo.constant dense<0.707106769> : tensor<2x4x16xf32>
  %half = stablehlo.multiply %a, %h : tensor<2x4x16xf32>
  %s = stablehlo.multiply %a, %c : tensor<2x4x16xf32>
  %n = stablehlo.negate %s : tensor<2x4x16xf32>
  %e = chlo.erfc %n : tensor<2x4x16xf32> -> tensor<2x4x16xf32>
  %y = stablehlo.multiply %half, %e : tensor<2x4x16xf32>
  return %y : tensor<2x4x16xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse fuse %s -o %t
// ----- stderr
// fused 1 cluster: DotGelu x1
// ----- exit 0
// ----- egfuse parse %t
// func.func @main(%x: tensor<2x4x8xf32>, %w: tensor<8x16xf32>, %b: tensor<16xf32>) -> tensor<2x4x16xf32> {
//   %0 = stablehlo.constant dense<5.0e-1> : tensor<f32>
//   %1 = stablehlo.constant dense<7.07106769e-1> : tensor<f32>
//   %y = "mhlo.fusion"(%b, %x, %w, %1, %0) ({
//   ^bb0(%arg0: tensor<16xf32>, %arg1: tensor<2x4x8xf32>, %arg2: tensor<8x16xf32>, %arg3: tensor<f32>, %arg4: tensor<f32>):
//     %bb = stablehlo.broadcast_in_dim %arg0, dims = [2] : (tensor<16xf32>) -> tensor<2x4x16xf32>
//     %2 = stablehlo.broadcast_in_dim %arg4, dims = [] : (tensor<f32>) -> tensor<2x4x16xf32>
//     %3 = stablehlo.broadcast_in_dim %arg3, dims = [] : (tensor<f32>) -> tensor<2x4x16xf32>
//     %d = stablehlo.dot_general %arg1, %arg2, contracting_dims = [2] x [0] : (tensor<2x4x8xf32>, tensor<8x16xf32>) -> tensor<2x4x16xf32>
//     %a = stablehlo.add %d, %bb : tensor<2x4x16xf32>
//     %half = stablehlo.multiply %a, %2 : tensor<2x4x16xf32>
//     %s = stablehlo.multiply %a, %3 : tensor<2x4x16xf32>
//     %n = stablehlo.negate %s : tensor<2x4x16xf32>
//     %e = chlo.erfc %n : tensor<2x4x16xf32> -> tensor<2x4x16xf32>
//     %4 = stablehlo.multiply %half, %e : tensor<2x4x16xf32>
//     mhlo.return %4 : tensor<2x4x16xf32>
//   }) {FusionKind = "DotGelu"} : (tensor<16xf32>, tensor<2x4x8xf32>, tensor<8x16xf32>, tensor<f32>, tensor<f32>) -> tensor<2x4x16xf32>
//   return %y : tensor<2x4x16xf32>
// }
// ----- exit 0
// ----- egfuse verify %s %t
// trial 0 (seed 0, positive inputs):
//   out0 tensor<2x4x16xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 1e-6, rtol 1e-5, scale 1.072e1): agree
// trial 1 (seed 0, signed inputs):
//   out0 tensor<2x4x16xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 1e-6, rtol 1e-5, scale 2.864e0): agree
// trial 2 (seed 0, small positive inputs):
//   out0 tensor<2x4x16xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 9.765625e-10, rtol 1e-5, scale 6.052e-4): agree
// verify: equal
// ----- exit 0
