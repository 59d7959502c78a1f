// The gate in the case's first branch (its dot, the logistic and the multiply) is one
// DotLogistic kernel, whose live-ins are the function's arguments. The fused module re-parses
// (`egfuse parse`) and computes what the input did (`egfuse verify`).
// RUN: egfuse fuse %s -o %t
// RUN: egfuse parse %t
// RUN: egfuse verify %s %t
func.func @main(%i: tensor<i32>, %a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> tensor<4x16xf32> {
  %r = "stablehlo.case"(%i) ({
    %d = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
    %s = stablehlo.logistic %d : tensor<4x16xf32>
    %g = stablehlo.multiply %d, %s : tensor<4x16xf32>
    stablehlo.return %g : tensor<4x16xf32>
  }, {
    %z = stablehlo.constant dense<0.000000e+00> : tensor<4x16xf32>
    stablehlo.return %z : tensor<4x16xf32>
  }) : (tensor<i32>) -> tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse fuse %s -o %t
// ----- stderr
// fused 1 cluster: DotLogistic x1
// ----- exit 0
// ----- egfuse parse %t
// func.func @main(%i: tensor<i32>, %a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> tensor<4x16xf32> {
//   %r = "stablehlo.case"(%i) ({
//     %g = "mhlo.fusion"(%a, %b) ({
//     ^bb0(%arg0: tensor<4x8xf32>, %arg1: tensor<8x16xf32>):
//       %d = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
//       %s = stablehlo.logistic %d : tensor<4x16xf32>
//       %0 = stablehlo.multiply %d, %s : tensor<4x16xf32>
//       mhlo.return %0 : tensor<4x16xf32>
//     }) {FusionKind = "DotLogistic"} : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
//     stablehlo.return %g : tensor<4x16xf32>
//   }, {
//     %z = stablehlo.constant dense<0.000000e+00> : tensor<4x16xf32>
//     stablehlo.return %z : tensor<4x16xf32>
//   }) : (tensor<i32>) -> tensor<4x16xf32>
//   return %r : tensor<4x16xf32>
// }
// ----- exit 0
// ----- egfuse verify %s %t
// trial 0 (seed 0, positive inputs):
//   out0 tensor<4x16xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 1e-6, rtol 1e-5, scale 0.000e0): agree
// trial 1 (seed 0, signed inputs):
//   out0 tensor<4x16xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 1e-6, rtol 1e-5, scale 0.000e0): agree
// trial 2 (seed 0, small positive inputs):
//   out0 tensor<4x16xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 9.765625e-10, rtol 1e-5, scale 0.000e0): agree
// verify: equal
// ----- exit 0
