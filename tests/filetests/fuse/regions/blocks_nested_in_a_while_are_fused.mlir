// Every block nested in a `while` is fused: both branches of an `if` in its body are kernels
// (`--stats` naming them is a Rust test, `tests/commands/regions.rs`). The fused module
// re-parses (`egfuse parse`) and computes what the input did (`egfuse verify`).
// RUN: egfuse fuse %s -o %t
// RUN: egfuse parse %t
// RUN: egfuse verify %s %t
func.func @main(%x: tensor<16xf32>, %p: tensor<i1>) -> tensor<16xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.while(%i = %c0, %v = %x) : tensor<i32>, tensor<16xf32>
  cond {
    %n = stablehlo.constant dense<3> : tensor<i32>
    %lt = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %j = stablehlo.add %i, %one : tensor<i32>
    %y = "stablehlo.if"(%p) ({
      %e = stablehlo.exponential %v : tensor<16xf32>
      %c1 = stablehlo.constant dense<1.000000e+00> : tensor<16xf32>
      %m = stablehlo.subtract %e, %c1 : tensor<16xf32>
      stablehlo.return %m : tensor<16xf32>
    }, {
      %t = stablehlo.tanh %v : tensor<16xf32>
      %h = stablehlo.multiply %t, %v : tensor<16xf32>
      stablehlo.return %h : tensor<16xf32>
    }) : (tensor<i1>) -> tensor<16xf32>
    stablehlo.return %j, %y : tensor<i32>, tensor<16xf32>
  }
  return %r#1 : tensor<16xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse fuse %s -o %t
// ----- stderr
// fused 2 clusters: Elementwise x1, Expm1 x1
// ----- exit 0
// ----- egfuse parse %t
// func.func @main(%x: tensor<16xf32>, %p: tensor<i1>) -> tensor<16xf32> {
//   %c0 = stablehlo.constant dense<0> : tensor<i32>
//   %r:2 = stablehlo.while(%i = %c0, %v = %x) : tensor<i32>, tensor<16xf32>
//   cond {
//     %n = stablehlo.constant dense<3> : tensor<i32>
//     %lt = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
//     stablehlo.return %lt : tensor<i1>
//   } do {
//     %y = "stablehlo.if"(%p) ({
//       %0 = "mhlo.fusion"(%v) ({
//       ^bb0(%arg0: tensor<16xf32>):
//         %1 = stablehlo.exponential_minus_one %arg0 : tensor<16xf32>
//         mhlo.return %1 : tensor<16xf32>
//       }) {FusionKind = "Expm1"} : (tensor<16xf32>) -> tensor<16xf32>
//       stablehlo.return %0 : tensor<16xf32>
//     }, {
//       %h = "mhlo.fusion"(%v) ({
//       ^bb0(%arg0: tensor<16xf32>):
//         %t = stablehlo.tanh %arg0 : tensor<16xf32>
//         %0 = stablehlo.multiply %t, %arg0 : tensor<16xf32>
//         mhlo.return %0 : tensor<16xf32>
//       }) {FusionKind = "Elementwise"} : (tensor<16xf32>) -> tensor<16xf32>
//       stablehlo.return %h : tensor<16xf32>
//     }) : (tensor<i1>) -> tensor<16xf32>
//     %one = stablehlo.constant dense<1> : tensor<i32>
//     %j = stablehlo.add %i, %one : tensor<i32>
//     stablehlo.return %j, %y : tensor<i32>, tensor<16xf32>
//   }
//   return %r#1 : tensor<16xf32>
// }
// ----- exit 0
// ----- egfuse verify %s %t
// trial 0 (seed 0, positive inputs):
//   out0 tensor<16xf32>: max abs err 5.493e-4, max rel err 9.546e-7 (atol 1e-6, rtol 1e-5, scale 5.099e18): agree
// trial 1 (seed 0, signed inputs):
//   out0 tensor<16xf32>: max abs err 3.307e15, max rel err 1.146e-5 (atol 1e-6, rtol 1e-5, scale 1.213e28): agree
// trial 2 (seed 0, small positive inputs):
//   out0 tensor<16xf32>: max abs err 1.095e-7, max rel err 2.815e-4 (atol 9.765625e-10, rtol 1e-5, scale 1.205e-3): 15 of 16 elements differ
//     against the f64 reference: rms error 4.315e-11 (input's 6.739e-8, allowed 2.697e-7), max error 9.413e-11 at [3] (input's 1.096e-7 at [9], allowed 4.387e-7): within 4x the input's rounding, agree
// verify: equal
// ----- exit 0
