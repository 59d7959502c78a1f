// Private calls (JAX's `@silu`) are inlined before fusion and the dead callee erased;
// `--no-inline` keeps them. The fused module re-parses (`egfuse parse`) and computes what the
// input did (`egfuse verify`).
// RUN: egfuse fuse %s -o %t
// RUN: egfuse parse %t
// RUN: egfuse verify %s %t
// RUN: egfuse fuse %s -o %t --no-inline
// RUN: egfuse parse %t
// RUN: egfuse verify %s %t
func.func public @main(%x: tensor<8xf32>) -> tensor<8xf32> {
  %0 = call @silu(%x) : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
func.func private @silu(%x: tensor<8xf32>) -> tensor<8xf32> {
  %s = stablehlo.logistic %x : tensor<8xf32>
  %y = stablehlo.multiply %x, %s : tensor<8xf32>
  return %y : tensor<8xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse fuse %s -o %t
// ----- stderr
// fused 1 cluster: Elementwise x1
// ----- exit 0
// ----- egfuse parse %t
// func.func public @main(%x: tensor<8xf32>) -> tensor<8xf32> {
//   %y = "mhlo.fusion"(%x) ({
//   ^bb0(%arg0: tensor<8xf32>):
//     %s = stablehlo.logistic %arg0 : tensor<8xf32>
//     %0 = stablehlo.multiply %arg0, %s : tensor<8xf32>
//     mhlo.return %0 : tensor<8xf32>
//   }) {FusionKind = "Elementwise"} : (tensor<8xf32>) -> tensor<8xf32>
//   return %y : tensor<8xf32>
// }
// ----- exit 0
// ----- egfuse verify %s %t
// trial 0 (seed 0, positive inputs):
//   out0 tensor<8xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 1e-6, rtol 1e-5, scale 9.833e-1): agree
// trial 1 (seed 0, signed inputs):
//   out0 tensor<8xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 1e-6, rtol 1e-5, scale 8.787e-1): agree
// trial 2 (seed 0, small positive inputs):
//   out0 tensor<8xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 9.765625e-10, rtol 1e-5, scale 5.778e-4): agree
// verify: equal
// ----- exit 0
// ----- egfuse fuse %s -o %t --no-inline
// ----- stderr
// fused 1 cluster: Elementwise x1
// ----- exit 0
// ----- egfuse parse %t
// func.func public @main(%x: tensor<8xf32>) -> tensor<8xf32> {
//   %0 = call @silu(%x) : (tensor<8xf32>) -> tensor<8xf32>
//   return %0 : tensor<8xf32>
// }
// func.func private @silu(%x: tensor<8xf32>) -> tensor<8xf32> {
//   %y = "mhlo.fusion"(%x) ({
//   ^bb0(%arg0: tensor<8xf32>):
//     %s = stablehlo.logistic %arg0 : tensor<8xf32>
//     %0 = stablehlo.multiply %arg0, %s : tensor<8xf32>
//     mhlo.return %0 : tensor<8xf32>
//   }) {FusionKind = "Elementwise"} : (tensor<8xf32>) -> tensor<8xf32>
//   return %y : tensor<8xf32>
// }
// ----- exit 0
// ----- egfuse verify %s %t
// trial 0 (seed 0, positive inputs):
//   out0 tensor<8xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 1e-6, rtol 1e-5, scale 9.833e-1): agree
// trial 1 (seed 0, signed inputs):
//   out0 tensor<8xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 1e-6, rtol 1e-5, scale 8.787e-1): agree
// trial 2 (seed 0, small positive inputs):
//   out0 tensor<8xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 9.765625e-10, rtol 1e-5, scale 5.778e-4): agree
// verify: equal
// ----- exit 0
