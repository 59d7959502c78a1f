// Issue 6: compat's MulRedSqrt on an RMSNorm traces each candidate; on an rsqrt RMSNorm it
// names the consumer it wanted ("no match: %out = stablehlo.sqrt: found stablehlo.rsqrt").
// RUN: egfuse explain tests/fixtures/jax/rmsnorm_f32.mlir --rule mul-red-sqrt --mode compat
// RUN: egfuse explain tests/fixtures/explain/rsqrt_rmsnorm.mlir --rule mul-red-sqrt --mode compat
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse explain tests/fixtures/jax/rmsnorm_f32.mlir --rule mul-red-sqrt --mode compat
// rule mul-red-sqrt (MulRedSqrt), compat mode: 1 candidate anchor, 0 matched
//
// tests/fixtures/jax/rmsnorm_f32.mlir:5:5: %1 = stablehlo.reduce
//   | %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<2x8x32xf32>, tensor<f32>) -> tensor<2x8xf32>
//   bound: %sq = %0, %sum = %1, %a = %arg0, %b = %arg0, %init = %cst
//   no match: %out = stablehlo.sqrt: found stablehlo.broadcast_in_dim
// ----- exit 0
// ----- egfuse explain tests/fixtures/explain/rsqrt_rmsnorm.mlir --rule mul-red-sqrt --mode compat
// rule mul-red-sqrt (MulRedSqrt), compat mode: 1 candidate anchor, 0 matched
//
// tests/fixtures/explain/rsqrt_rmsnorm.mlir:6:3: %sum = stablehlo.reduce
//   | %sum = stablehlo.reduce(%sq init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
//   bound: %sq = %sq, %sum = %sum, %a = %x, %b = %x, %init = %zero
//   no match: %out = stablehlo.sqrt: found stablehlo.rsqrt
// ----- exit 0
