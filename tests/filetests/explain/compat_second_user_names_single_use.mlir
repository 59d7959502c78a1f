// Issue 6: compat's MulRedSqrt on a multiply with a second user names `single_use` and the uses
// it found.
// RUN: egfuse explain tests/fixtures/explain/mul_second_user.mlir --rule mul-red-sqrt --mode compat
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse explain tests/fixtures/explain/mul_second_user.mlir --rule mul-red-sqrt --mode compat
// rule mul-red-sqrt (MulRedSqrt), compat mode: 1 candidate anchor, 0 matched
//
// tests/fixtures/explain/mul_second_user.mlir:6:3: %sum = stablehlo.reduce
//   | %sum = stablehlo.reduce(%sq init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
//   bound: %sq = %sq, %sum = %sum, %out = %norm, %a = %x, %b = %x, %init = %zero
//   no match: single_use(%sq): %sq is %sq (2 uses, tensor<4x8xf32>)
// ----- exit 0
