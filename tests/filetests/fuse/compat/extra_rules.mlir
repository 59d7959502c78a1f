// A new fusion kind from a rule file passed at run time (tests/fixtures/rules): no recompiling.
// RUN: egfuse fuse --mode compat %s --extra-rules tests/fixtures/rules
func.func @main(%x: tensor<4xf32>, %c: tensor<4xf32>) -> tensor<4xf32> {
  %m = stablehlo.multiply %x, %c : tensor<4xf32>
  %t = stablehlo.tanh %m : tensor<4xf32>
  return %t : tensor<4xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse fuse --mode compat %s --extra-rules tests/fixtures/rules
// func.func @main(%x: tensor<4xf32>, %c: tensor<4xf32>) -> tensor<4xf32> {
//   %t = "mhlo.fusion"(%x, %c) ({
//   ^bb0(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>):
//     %m = stablehlo.multiply %arg0, %arg1 : tensor<4xf32>
//     %0 = stablehlo.tanh %m : tensor<4xf32>
//     mhlo.return %0 : tensor<4xf32>
//   }) {FusionKind = "TanhScale"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
//   return %t : tensor<4xf32>
// }
// ----- stderr
// fused 1 cluster: TanhScale x1
// ----- exit 0
