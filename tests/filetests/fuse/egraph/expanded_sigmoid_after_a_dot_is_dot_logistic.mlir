// jax.nn.sigmoid's `1 / (1 + exp(-x))` after a dot is a DotLogistic kernel (sigmoid-expanded
// builds the logistic the rule matches). The fused module re-parses (`egfuse parse`) and
// computes what the input did (`egfuse verify`).
// RUN: egfuse fuse %s -o %t
// RUN: egfuse parse %t
// RUN: egfuse verify %s %t
func.func @main(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> tensor<4x16xf32> {
  %d = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  %n = stablehlo.negate %d : tensor<4x16xf32>
  %e = stablehlo.exponential %n : tensor<4x16xf32>
  %one = stablehlo.constant dense<1.000000e+00> : tensor<f32>
  %ones = stablehlo.broadcast_in_dim %one, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
  %den = stablehlo.add %ones, %e : tensor<4x16xf32>
  %s = stablehlo.divide %ones, %den : tensor<4x16xf32>
  return %s : tensor<4x16xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse fuse %s -o %t
// ----- stderr
// fused 1 cluster: DotLogistic x1
// ----- exit 0
// ----- egfuse parse %t
// func.func @main(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> tensor<4x16xf32> {
//   %0 = "mhlo.fusion"(%a, %b) ({
//   ^bb0(%arg0: tensor<4x8xf32>, %arg1: tensor<8x16xf32>):
//     %d = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
//     %1 = stablehlo.logistic %d : tensor<4x16xf32>
//     mhlo.return %1 : tensor<4x16xf32>
//   }) {FusionKind = "DotLogistic"} : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
//   return %0 : tensor<4x16xf32>
// }
// ----- exit 0
// ----- egfuse verify %s %t
// trial 0 (seed 0, positive inputs):
//   out0 tensor<4x16xf32>: max abs err 5.960e-8, max rel err 6.012e-8 (atol 1e-6, rtol 1e-5, scale 9.995e-1): agree
// trial 1 (seed 0, signed inputs):
//   out0 tensor<4x16xf32>: max abs err 5.960e-8, max rel err 8.418e-8 (atol 1e-6, rtol 1e-5, scale 6.806e-1): agree
// trial 2 (seed 0, small positive inputs):
//   out0 tensor<4x16xf32>: max abs err 5.960e-8, max rel err 1.192e-7 (atol 9.765625e-10, rtol 1e-5, scale 5.000e-1): agree
// verify: equal
// ----- exit 0
