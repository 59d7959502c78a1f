// A causal mask applied to scores: the iotas of the query and key indices, their compare and
// the select join the kernel that reads the scores (XLA's loop fusion takes iota too), and the
// broadcast of its result over the heads is written by that kernel. The fused module re-parses
// (`egfuse parse`) and computes what the input did (`egfuse verify`).
// RUN: egfuse fuse %s -o %t
// RUN: egfuse parse %t
// RUN: egfuse verify %s %t
func.func @main(%s: tensor<8x8xf32>) -> tensor<2x8x8xf32> {
  %q = stablehlo.iota dim = 0 : tensor<8x8xi32>
  %k = stablehlo.iota dim = 1 : tensor<8x8xi32>
  %c = stablehlo.compare GE, %q, %k, SIGNED : (tensor<8x8xi32>, tensor<8x8xi32>) -> tensor<8x8xi1>
  %z = stablehlo.constant dense<-1.0e9> : tensor<8x8xf32>
  %m = stablehlo.select %c, %s, %z : tensor<8x8xi1>, tensor<8x8xf32>
  %e = stablehlo.exponential %m : tensor<8x8xf32>
  %h = stablehlo.broadcast_in_dim %e, dims = [1, 2] : (tensor<8x8xf32>) -> tensor<2x8x8xf32>
  return %h : tensor<2x8x8xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse fuse %s -o %t
// ----- stderr
// fused 1 cluster: Elementwise x1
// ----- exit 0
// ----- egfuse parse %t
// func.func @main(%s: tensor<8x8xf32>) -> tensor<2x8x8xf32> {
//   %h = "mhlo.fusion"(%s) ({
//   ^bb0(%arg0: tensor<8x8xf32>):
//     %q = stablehlo.iota dim = 0 : tensor<8x8xi32>
//     %k = stablehlo.iota dim = 1 : tensor<8x8xi32>
//     %c = stablehlo.compare GE, %q, %k, SIGNED : (tensor<8x8xi32>, tensor<8x8xi32>) -> tensor<8x8xi1>
//     %z = stablehlo.constant dense<-1.0e9> : tensor<8x8xf32>
//     %m = stablehlo.select %c, %arg0, %z : tensor<8x8xi1>, tensor<8x8xf32>
//     %e = stablehlo.exponential %m : tensor<8x8xf32>
//     %0 = stablehlo.broadcast_in_dim %e, dims = [1, 2] : (tensor<8x8xf32>) -> tensor<2x8x8xf32>
//     mhlo.return %0 : tensor<2x8x8xf32>
//   }) {FusionKind = "Elementwise"} : (tensor<8x8xf32>) -> tensor<2x8x8xf32>
//   return %h : tensor<2x8x8xf32>
// }
// ----- exit 0
// ----- egfuse verify %s %t
// trial 0 (seed 0, positive inputs):
//   out0 tensor<2x8x8xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 1e-6, rtol 1e-5, scale 3.012e0): agree
// trial 1 (seed 0, signed inputs):
//   out0 tensor<2x8x8xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 1e-6, rtol 1e-5, scale 1.746e0): agree
// trial 2 (seed 0, small positive inputs):
//   out0 tensor<2x8x8xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 9.765625e-10, rtol 1e-5, scale 7.508e-1): agree
// verify: equal
// ----- exit 0
