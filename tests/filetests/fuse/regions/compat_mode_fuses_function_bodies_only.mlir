// Compat mode keeps the seed's P0 (`top_level`): it fuses nothing inside a case branch (the
// module of `a_case_branch_is_fused_like_a_function_body.mlir` comes out as it went in).
// RUN: egfuse fuse --mode compat tests/filetests/fuse/regions/a_case_branch_is_fused_like_a_function_body.mlir
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse fuse --mode compat tests/filetests/fuse/regions/a_case_branch_is_fused_like_a_function_body.mlir
// func.func @main(%i: tensor<i32>, %a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> tensor<4x16xf32> {
//   %r = "stablehlo.case"(%i) ({
//     %d = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
//     %s = stablehlo.logistic %d : tensor<4x16xf32>
//     %g = stablehlo.multiply %d, %s : tensor<4x16xf32>
//     stablehlo.return %g : tensor<4x16xf32>
//   }, {
//     %z = stablehlo.constant dense<0.000000e+00> : tensor<4x16xf32>
//     stablehlo.return %z : tensor<4x16xf32>
//   }) : (tensor<i32>) -> tensor<4x16xf32>
//   return %r : tensor<4x16xf32>
// }
// ----- stderr
// fused 0 clusters: none
// ----- exit 0
