// An input broadcast once per row and once per column in one expression: the kernel takes one
// of the two broadcasts, and the other stays outside it (a kernel reads each input in one
// layout; the lowering could not place both). The fused module re-parses (`egfuse parse`) and
// computes what the input did (`egfuse verify`).
// RUN: egfuse fuse %s -o %t
// RUN: egfuse parse %t
// RUN: egfuse verify %s %t
func.func @main(%x: tensor<8xf32>) -> tensor<8x8xi1> {
  %c = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<8xf32>) -> tensor<8x8xf32>
  %r = stablehlo.broadcast_in_dim %x, dims = [0] : (tensor<8xf32>) -> tensor<8x8xf32>
  %le = stablehlo.compare LE, %c, %r : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xi1>
  return %le : tensor<8x8xi1>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse fuse %s -o %t
// ----- stderr
// fused 1 cluster: Elementwise x1
// ----- exit 0
// ----- egfuse parse %t
// func.func @main(%x: tensor<8xf32>) -> tensor<8x8xi1> {
//   %r = stablehlo.broadcast_in_dim %x, dims = [0] : (tensor<8xf32>) -> tensor<8x8xf32>
//   %le = "mhlo.fusion"(%r, %x) ({
//   ^bb0(%arg0: tensor<8x8xf32>, %arg1: tensor<8xf32>):
//     %c = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<8xf32>) -> tensor<8x8xf32>
//     %0 = stablehlo.compare LE, %c, %arg0 : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xi1>
//     mhlo.return %0 : tensor<8x8xi1>
//   }) {FusionKind = "Elementwise"} : (tensor<8x8xf32>, tensor<8xf32>) -> tensor<8x8xi1>
//   return %le : tensor<8x8xi1>
// }
// ----- exit 0
// ----- egfuse verify %s %t
// trial 0 (seed 0, positive inputs):
//   out0 tensor<8x8xi1>: max abs err 0.000e0, max rel err 0.000e0 (atol 0e0, rtol 0e0, scale 0.000e0): agree
// trial 1 (seed 0, signed inputs):
//   out0 tensor<8x8xi1>: max abs err 0.000e0, max rel err 0.000e0 (atol 0e0, rtol 0e0, scale 0.000e0): agree
// trial 2 (seed 0, small positive inputs):
//   out0 tensor<8x8xi1>: max abs err 0.000e0, max rel err 0.000e0 (atol 0e0, rtol 0e0, scale 0.000e0): agree
// verify: equal
// ----- exit 0
