// `gelu(x + b)`: the bias add and its broadcast, which the `Loop` grow makes a kernel, merge
// into the Gelu kernel the pattern rule built (as its prologue), so `x + b` never goes to HBM.
// The fused module re-parses (`egfuse parse`) and computes what the input did (`egfuse
// verify`).
// RUN: egfuse fuse %s -o %t
// RUN: egfuse parse %t
// RUN: egfuse verify %s %t
func.func @main(%x: tensor<4x8xf32>, %b: tensor<8xf32>) -> tensor<4x8xf32> {
  %bb = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<8xf32>) -> tensor<4x8xf32>
  %a = stablehlo.add %x, %bb : tensor<4x8xf32>
  %h = stablehlo.constant dense<5.000000e-01> : tensor<4x8xf32>
  %c = stablehlo.constant dense<0.707106769> : tensor<4x8xf32>
  %half = stablehlo.multiply %a, %h : tensor<4x8xf32>
  %s = stablehlo.multiply %a, %c : tensor<4x8xf32>
  %n = stablehlo.negate %s : tensor<4x8xf32>
  %e = chlo.erfc %n : tensor<4x8xf32> -> tensor<4x8xf32>
  %y = stablehlo.multiply %half, %e : tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse fuse %s -o %t
// ----- stderr
// fused 1 cluster: Gelu x1
// ----- exit 0
// ----- egfuse parse %t
// func.func @main(%x: tensor<4x8xf32>, %b: tensor<8xf32>) -> tensor<4x8xf32> {
//   %0 = stablehlo.constant dense<5.0e-1> : tensor<f32>
//   %1 = stablehlo.constant dense<7.07106769e-1> : tensor<f32>
//   %y = "mhlo.fusion"(%1, %0, %x, %b) ({
//   ^bb0(%arg0: tensor<f32>, %arg1: tensor<f32>, %arg2: tensor<4x8xf32>, %arg3: tensor<8xf32>):
//     %bb = stablehlo.broadcast_in_dim %arg3, dims = [1] : (tensor<8xf32>) -> tensor<4x8xf32>
//     %a = stablehlo.add %arg2, %bb : tensor<4x8xf32>
//     %2 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
//     %3 = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
//     %half = stablehlo.multiply %a, %2 : tensor<4x8xf32>
//     %s = stablehlo.multiply %a, %3 : tensor<4x8xf32>
//     %n = stablehlo.negate %s : tensor<4x8xf32>
//     %e = chlo.erfc %n : tensor<4x8xf32> -> tensor<4x8xf32>
//     %4 = stablehlo.multiply %half, %e : tensor<4x8xf32>
//     mhlo.return %4 : tensor<4x8xf32>
//   }) {FusionKind = "Gelu"} : (tensor<f32>, tensor<f32>, tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
//   return %y : tensor<4x8xf32>
// }
// ----- exit 0
// ----- egfuse verify %s %t
// trial 0 (seed 0, positive inputs):
//   out0 tensor<4x8xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 1e-6, rtol 1e-5, scale 1.948e0): agree
// trial 1 (seed 0, signed inputs):
//   out0 tensor<4x8xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 1e-6, rtol 1e-5, scale 1.272e0): agree
// trial 2 (seed 0, small positive inputs):
//   out0 tensor<4x8xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 9.765625e-10, rtol 1e-5, scale 9.761e-4): agree
// verify: equal
// ----- exit 0
