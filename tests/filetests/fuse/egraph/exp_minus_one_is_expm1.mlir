// `exp(x) - 1` is one Expm1 kernel, computed by the native op `exponential_minus_one`. The
// fused module re-parses (`egfuse parse`) and computes what the input did (`egfuse verify`).
// RUN: egfuse fuse %s -o %t
// RUN: egfuse parse %t
// RUN: egfuse verify %s %t
func.func @main(%x: tensor<16xf32>) -> tensor<16xf32> {
  %e = stablehlo.exponential %x : tensor<16xf32>
  %one = stablehlo.constant dense<1.000000e+00> : tensor<16xf32>
  %r = stablehlo.subtract %e, %one : tensor<16xf32>
  return %r : tensor<16xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse fuse %s -o %t
// ----- stderr
// fused 1 cluster: Expm1 x1
// ----- exit 0
// ----- egfuse parse %t
// func.func @main(%x: tensor<16xf32>) -> tensor<16xf32> {
//   %0 = "mhlo.fusion"(%x) ({
//   ^bb0(%arg0: tensor<16xf32>):
//     %1 = stablehlo.exponential_minus_one %arg0 : tensor<16xf32>
//     mhlo.return %1 : tensor<16xf32>
//   }) {FusionKind = "Expm1"} : (tensor<16xf32>) -> tensor<16xf32>
//   return %0 : tensor<16xf32>
// }
// ----- exit 0
// ----- egfuse verify %s %t
// trial 0 (seed 0, positive inputs):
//   out0 tensor<16xf32>: max abs err 1.192e-7, max rel err 1.563e-7 (atol 1e-6, rtol 1e-5, scale 3.084e0): agree
// trial 1 (seed 0, signed inputs):
//   out0 tensor<16xf32>: max abs err 2.384e-7, max rel err 3.184e-7 (atol 1e-6, rtol 1e-5, scale 2.991e0): agree
// trial 2 (seed 0, small positive inputs):
//   out0 tensor<16xf32>: max abs err 5.055e-8, max rel err 1.148e-4 (atol 9.765625e-10, rtol 1e-5, scale 1.203e-3): 12 of 16 elements differ
//     against the f64 reference: rms error 2.760e-11 (input's 2.678e-8, allowed 1.073e-7), max error 5.533e-11 at [3] (input's 5.055e-8 at [6], allowed 2.024e-7): within 4x the input's rounding, agree
// verify: equal
// ----- exit 0
