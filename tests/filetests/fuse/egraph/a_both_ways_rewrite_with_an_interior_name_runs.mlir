// A `<=>` rewrite whose left side names an interior node (`as %e`, read by its predicate) loads
// and runs from --extra-rules: the reverse direction, which cannot bind `%e`, is never applied,
// and nothing panics. The fused module re-parses (`egfuse parse`) and computes what the input
// did (`egfuse verify`).
// RUN: egfuse fuse %s -o %t --extra-rules tests/fixtures/rules_egraph
// RUN: egfuse parse %t
// RUN: egfuse verify %s %t
func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.exponential %a : tensor<4xf32>
  %1 = stablehlo.exponential %b : tensor<4xf32>
  %2 = stablehlo.multiply %0, %1 : tensor<4xf32>
  return %2 : tensor<4xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse fuse %s -o %t --extra-rules tests/fixtures/rules_egraph
// ----- stderr
// fused 1 cluster: Elementwise x1
// ----- exit 0
// ----- egfuse parse %t
// func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
//   %0 = "mhlo.fusion"(%a, %b) ({
//   ^bb0(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>):
//     %1 = stablehlo.add %arg0, %arg1 : tensor<4xf32>
//     %2 = stablehlo.exponential %1 : tensor<4xf32>
//     mhlo.return %2 : tensor<4xf32>
//   }) {FusionKind = "Elementwise"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
//   return %0 : tensor<4xf32>
// }
// ----- exit 0
// ----- egfuse verify %s %t
// trial 0 (seed 0, positive inputs):
//   out0 tensor<4xf32>: max abs err 3.815e-6, max rel err 1.161e-7 (atol 1e-6, rtol 1e-5, scale 1.756e1): agree
// trial 1 (seed 0, signed inputs):
//   out0 tensor<4xf32>: max abs err 5.960e-8, max rel err 6.274e-8 (atol 1e-6, rtol 1e-5, scale 7.620e0): agree
// trial 2 (seed 0, small positive inputs):
//   out0 tensor<4xf32>: max abs err 1.192e-7, max rel err 1.190e-7 (atol 9.765625e-10, rtol 1e-5, scale 1.002e0): agree
// verify: equal
// ----- exit 0
