// A fused gate-up projection: one matmul whose two column halves are SwiGLU's gate and up.
// `slice-of-dot` makes each half a matmul of its weight's columns, so the gate is a DotLogistic
// kernel times the up half, and the up half's matmul reads its weight columns through the slice
// (`matmul-views`); neither slice is a kernel of its own. A wrong window shows as a verify
// failure. The fused module re-parses (`egfuse parse`) and computes what the input did (`egfuse
// verify`).
// RUN: egfuse fuse %s -o %t
// RUN: egfuse parse %t
// RUN: egfuse verify %s %t
func.func @main(%x: tensor<16x32xf32>, %w: tensor<32x128xf32>) -> tensor<16x64xf32> {
  %d = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<16x32xf32>, tensor<32x128xf32>) -> tensor<16x128xf32>
  %g = stablehlo.slice %d [0:16, 0:64] : (tensor<16x128xf32>) -> tensor<16x64xf32>
  %u = stablehlo.slice %d [0:16, 64:128] : (tensor<16x128xf32>) -> tensor<16x64xf32>
  %s = stablehlo.logistic %g : tensor<16x64xf32>
  %y = stablehlo.multiply %g, %s : tensor<16x64xf32>
  %o = stablehlo.multiply %y, %u : tensor<16x64xf32>
  return %o : tensor<16x64xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse fuse %s -o %t
// ----- stderr
// fused 2 clusters: Dot x1, DotLogistic x1
// ----- exit 0
// ----- egfuse parse %t
// func.func @main(%x: tensor<16x32xf32>, %w: tensor<32x128xf32>) -> tensor<16x64xf32> {
//   %0 = "mhlo.fusion"(%x, %w) ({
//   ^bb0(%arg0: tensor<16x32xf32>, %arg1: tensor<32x128xf32>):
//     %1 = stablehlo.slice %arg1 [0:32, 64:128] : (tensor<32x128xf32>) -> tensor<32x64xf32>
//     %2 = stablehlo.dot_general %arg0, %1, contracting_dims = [1] x [0] : (tensor<16x32xf32>, tensor<32x64xf32>) -> tensor<16x64xf32>
//     mhlo.return %2 : tensor<16x64xf32>
//   }) {FusionKind = "Dot"} : (tensor<16x32xf32>, tensor<32x128xf32>) -> tensor<16x64xf32>
//   %o = "mhlo.fusion"(%0, %x, %w) ({
//   ^bb0(%arg0: tensor<16x64xf32>, %arg1: tensor<16x32xf32>, %arg2: tensor<32x128xf32>):
//     %1 = stablehlo.slice %arg2 [0:32, 0:64] : (tensor<32x128xf32>) -> tensor<32x64xf32>
//     %2 = stablehlo.dot_general %arg1, %1, contracting_dims = [1] x [0] : (tensor<16x32xf32>, tensor<32x64xf32>) -> tensor<16x64xf32>
//     %s = stablehlo.logistic %2 : tensor<16x64xf32>
//     %y = stablehlo.multiply %2, %s : tensor<16x64xf32>
//     %3 = stablehlo.multiply %y, %arg0 : tensor<16x64xf32>
//     mhlo.return %3 : tensor<16x64xf32>
//   }) {FusionKind = "DotLogistic"} : (tensor<16x64xf32>, tensor<16x32xf32>, tensor<32x128xf32>) -> tensor<16x64xf32>
//   return %o : tensor<16x64xf32>
// }
// ----- exit 0
// ----- egfuse verify %s %t
// trial 0 (seed 0, positive inputs):
//   out0 tensor<16x64xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 1e-6, rtol 1e-5, scale 1.260e3): agree
// trial 1 (seed 0, signed inputs):
//   out0 tensor<16x64xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 1e-6, rtol 1e-5, scale 3.814e1): agree
// trial 2 (seed 0, small positive inputs):
//   out0 tensor<16x64xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 9.765625e-10, rtol 1e-5, scale 5.728e-10): agree
// verify: equal
// ----- exit 0
