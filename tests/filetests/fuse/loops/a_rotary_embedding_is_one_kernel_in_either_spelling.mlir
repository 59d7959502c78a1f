// PyTorch's rotary embedding, `x * cos + rotate_half(x) * sin` with `rotate_half` a concatenate
// of `-x[:, 4:]` and `x[:, :4]`, is one kernel: the concatenate of equal pieces joins it (the
// lowering computes each half apart), and so does JAX's spelling, which concatenates the two
// halves of the result (`lower_concat` lowers both). The fused module re-parses (`egfuse
// parse`) and computes what the input did (`egfuse verify`).
// RUN: egfuse fuse %s -o %t
// RUN: egfuse parse %t
// RUN: egfuse verify %s %t
func.func @main(%x: tensor<4x8xf32>, %c: tensor<4x8xf32>, %s: tensor<4x8xf32>, %y: tensor<4x8xf32>, %c2: tensor<4x4xf32>, %s2: tensor<4x4xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %a = stablehlo.slice %x [0:4, 0:4] : (tensor<4x8xf32>) -> tensor<4x4xf32>
  %b = stablehlo.slice %x [0:4, 4:8] : (tensor<4x8xf32>) -> tensor<4x4xf32>
  %n = stablehlo.negate %b : tensor<4x4xf32>
  %rot = stablehlo.concatenate %n, %a, dim = 1 : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x8xf32>
  %xc = stablehlo.multiply %x, %c : tensor<4x8xf32>
  %rs = stablehlo.multiply %rot, %s : tensor<4x8xf32>
  %torch = stablehlo.add %xc, %rs : tensor<4x8xf32>
  %ya = stablehlo.slice %y [0:4, 0:4] : (tensor<4x8xf32>) -> tensor<4x4xf32>
  %yb = stablehlo.slice %y [0:4, 4:8] : (tensor<4x8xf32>) -> tensor<4x4xf32>
  %ac = stablehlo.multiply %ya, %c2 : tensor<4x4xf32>
  %bs = stablehlo.multiply %yb, %s2 : tensor<4x4xf32>
  %lo = stablehlo.subtract %ac, %bs : tensor<4x4xf32>
  %bc = stablehlo.multiply %yb, %c2 : tensor<4x4xf32>
  %as = stablehlo.multiply %ya, %s2 : tensor<4x4xf32>
  %hi = stablehlo.add %bc, %as : tensor<4x4xf32>
  %jax = stablehlo.concatenate %lo, %hi, dim = 1 : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x8xf32>
  return %torch, %jax : tensor<4x8xf32>, tensor<4x8xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse fuse %s -o %t
// ----- stderr
// fused 2 clusters: Elementwise x2
// ----- exit 0
// ----- egfuse parse %t
// func.func @main(%x: tensor<4x8xf32>, %c: tensor<4x8xf32>, %s: tensor<4x8xf32>, %y: tensor<4x8xf32>, %c2: tensor<4x4xf32>, %s2: tensor<4x4xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
//   %torch = "mhlo.fusion"(%s, %x, %c) ({
//   ^bb0(%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xf32>, %arg2: tensor<4x8xf32>):
//     %xc = stablehlo.multiply %arg1, %arg2 : tensor<4x8xf32>
//     %b = stablehlo.slice %arg1 [0:4, 4:8] : (tensor<4x8xf32>) -> tensor<4x4xf32>
//     %n = stablehlo.negate %b : tensor<4x4xf32>
//     %a = stablehlo.slice %arg1 [0:4, 0:4] : (tensor<4x8xf32>) -> tensor<4x4xf32>
//     %rot = stablehlo.concatenate %n, %a, dim = 1 : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x8xf32>
//     %rs = stablehlo.multiply %rot, %arg0 : tensor<4x8xf32>
//     %0 = stablehlo.add %xc, %rs : tensor<4x8xf32>
//     mhlo.return %0 : tensor<4x8xf32>
//   }) {FusionKind = "Elementwise"} : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
//   %jax = "mhlo.fusion"(%s2, %c2, %y) ({
//   ^bb0(%arg0: tensor<4x4xf32>, %arg1: tensor<4x4xf32>, %arg2: tensor<4x8xf32>):
//     %ya = stablehlo.slice %arg2 [0:4, 0:4] : (tensor<4x8xf32>) -> tensor<4x4xf32>
//     %ac = stablehlo.multiply %ya, %arg1 : tensor<4x4xf32>
//     %yb = stablehlo.slice %arg2 [0:4, 4:8] : (tensor<4x8xf32>) -> tensor<4x4xf32>
//     %bs = stablehlo.multiply %yb, %arg0 : tensor<4x4xf32>
//     %lo = stablehlo.subtract %ac, %bs : tensor<4x4xf32>
//     %bc = stablehlo.multiply %yb, %arg1 : tensor<4x4xf32>
//     %as = stablehlo.multiply %ya, %arg0 : tensor<4x4xf32>
//     %hi = stablehlo.add %bc, %as : tensor<4x4xf32>
//     %0 = stablehlo.concatenate %lo, %hi, dim = 1 : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x8xf32>
//     mhlo.return %0 : tensor<4x8xf32>
//   }) {FusionKind = "Elementwise"} : (tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
//   return %torch, %jax : tensor<4x8xf32>, tensor<4x8xf32>
// }
// ----- exit 0
// ----- egfuse verify %s %t
// trial 0 (seed 0, positive inputs):
//   out0 tensor<4x8xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 1e-6, rtol 1e-5, scale 2.137e0): agree
//   out1 tensor<4x8xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 1e-6, rtol 1e-5, scale 2.064e0): agree
// trial 1 (seed 0, signed inputs):
//   out0 tensor<4x8xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 1e-6, rtol 1e-5, scale 1.947e0): agree
//   out1 tensor<4x8xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 1e-6, rtol 1e-5, scale 1.911e0): agree
// trial 2 (seed 0, small positive inputs):
//   out0 tensor<4x8xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 9.765625e-10, rtol 1e-5, scale 2.038e-6): agree
//   out1 tensor<4x8xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 9.765625e-10, rtol 1e-5, scale 1.968e-6): agree
// verify: equal
// ----- exit 0
