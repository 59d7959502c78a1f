// A transpose that reorders the free dimensions of its side is not folded (that would transpose
// the dot's result): it joins the matmul's kernel (`matmul-views`), whose DMA reads the operand
// through it. The fused module re-parses (`egfuse parse`) and computes what the input did
// (`egfuse verify`).
// RUN: egfuse fuse %s -o %t
// RUN: egfuse parse %t
// RUN: egfuse verify %s %t
func.func @main(%x: tensor<2x3x8xf32>, %w: tensor<8x5xf32>) -> tensor<3x2x5xf32> {
  %t = stablehlo.transpose %x, dims = [1, 0, 2] : (tensor<2x3x8xf32>) -> tensor<3x2x8xf32>
  %d = stablehlo.dot_general %t, %w, contracting_dims = [2] x [0] : (tensor<3x2x8xf32>, tensor<8x5xf32>) -> tensor<3x2x5xf32>
  return %d : tensor<3x2x5xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse fuse %s -o %t
// ----- stderr
// fused 1 cluster: Dot x1
// ----- exit 0
// ----- egfuse parse %t
// func.func @main(%x: tensor<2x3x8xf32>, %w: tensor<8x5xf32>) -> tensor<3x2x5xf32> {
//   %d = "mhlo.fusion"(%w, %x) ({
//   ^bb0(%arg0: tensor<8x5xf32>, %arg1: tensor<2x3x8xf32>):
//     %t = stablehlo.transpose %arg1, dims = [1, 0, 2] : (tensor<2x3x8xf32>) -> tensor<3x2x8xf32>
//     %0 = stablehlo.dot_general %t, %arg0, contracting_dims = [2] x [0] : (tensor<3x2x8xf32>, tensor<8x5xf32>) -> tensor<3x2x5xf32>
//     mhlo.return %0 : tensor<3x2x5xf32>
//   }) {FusionKind = "Dot"} : (tensor<8x5xf32>, tensor<2x3x8xf32>) -> tensor<3x2x5xf32>
//   return %d : tensor<3x2x5xf32>
// }
// ----- exit 0
// ----- egfuse verify %s %t
// trial 0 (seed 0, positive inputs):
//   out0 tensor<3x2x5xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 1e-6, rtol 1e-5, scale 9.965e0): agree
// trial 1 (seed 0, signed inputs):
//   out0 tensor<3x2x5xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 1e-6, rtol 1e-5, scale 3.727e0): agree
// trial 2 (seed 0, small positive inputs):
//   out0 tensor<3x2x5xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 9.765625e-10, rtol 1e-5, scale 9.504e-6): agree
// verify: equal
// ----- exit 0
