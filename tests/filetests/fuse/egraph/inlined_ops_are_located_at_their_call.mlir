// An op inlined from a private function is located `callsite(its own at the call's)`, as MLIR's
// inliner remaps it, so the fused op's location names the user's call, not only the helper's
// line; an inlined op with no location of its own is `callsite(unknown at ...)`. The output
// re-parses.
// RUN: egfuse fuse %s
// RUN: egfuse fuse %s -o %t
// RUN: egfuse parse %t
func.func @main(%x: tensor<4x8xf32>, %w: tensor<8x8xf32>) -> tensor<4x8xf32> {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32> loc("model.py":3:7)
  %1 = call @silu(%0) : (tensor<4x8xf32>) -> tensor<4x8xf32> loc("model.py":4:7)
  return %1 : tensor<4x8xf32>
}
func.func private @silu(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = stablehlo.logistic %a : tensor<4x8xf32> loc("activations.py":10:3)
  %1 = stablehlo.multiply %a, %0 : tensor<4x8xf32>
  return %1 : tensor<4x8xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse fuse %s
// func.func @main(%x: tensor<4x8xf32>, %w: tensor<8x8xf32>) -> tensor<4x8xf32> {
//   %0 = "mhlo.fusion"(%x, %w) ({
//   ^bb0(%arg0: tensor<4x8xf32>, %arg1: tensor<8x8xf32>):
//     %1 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32> loc("model.py":3:7)
//     %2 = stablehlo.logistic %1 : tensor<4x8xf32> loc(callsite("activations.py":10:3 at "model.py":4:7))
//     %3 = stablehlo.multiply %1, %2 : tensor<4x8xf32> loc(callsite(unknown at "model.py":4:7))
//     mhlo.return %3 : tensor<4x8xf32> loc(fused[callsite(unknown at "model.py":4:7), callsite("activations.py":10:3 at "model.py":4:7), "model.py":3:7])
//   }) {FusionKind = "DotLogistic"} : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32> loc(fused[callsite(unknown at "model.py":4:7), callsite("activations.py":10:3 at "model.py":4:7), "model.py":3:7])
//   return %0 : tensor<4x8xf32>
// }
// ----- stderr
// fused 1 cluster: DotLogistic x1
// ----- exit 0
// ----- egfuse fuse %s -o %t
// ----- stderr
// fused 1 cluster: DotLogistic x1
// ----- exit 0
// ----- egfuse parse %t
// func.func @main(%x: tensor<4x8xf32>, %w: tensor<8x8xf32>) -> tensor<4x8xf32> {
//   %0 = "mhlo.fusion"(%x, %w) ({
//   ^bb0(%arg0: tensor<4x8xf32>, %arg1: tensor<8x8xf32>):
//     %1 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32> loc("model.py":3:7)
//     %2 = stablehlo.logistic %1 : tensor<4x8xf32> loc(callsite("activations.py":10:3 at "model.py":4:7))
//     %3 = stablehlo.multiply %1, %2 : tensor<4x8xf32> loc(callsite(unknown at "model.py":4:7))
//     mhlo.return %3 : tensor<4x8xf32> loc(fused[callsite(unknown at "model.py":4:7), callsite("activations.py":10:3 at "model.py":4:7), "model.py":3:7])
//   }) {FusionKind = "DotLogistic"} : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32> loc(fused[callsite(unknown at "model.py":4:7), callsite("activations.py":10:3 at "model.py":4:7), "model.py":3:7])
//   return %0 : tensor<4x8xf32>
// }
// ----- exit 0
