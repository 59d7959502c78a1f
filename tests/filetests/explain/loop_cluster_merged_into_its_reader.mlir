// A loop cluster that only a pattern kernel reads roots its cluster, then is merged into that
// kernel as its prologue (`egfuse_fusion::merge`), and the root's candidate says so.
// RUN: egfuse explain tests/fixtures/explain/bias_gelu.mlir --rule loop --op %a
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse explain tests/fixtures/explain/bias_gelu.mlir --rule loop --op %a
// rule loop (Elementwise), egraph mode: 1 candidate anchor, 1 matched
//
// tests/fixtures/explain/bias_gelu.mlir:5:3: %a = stablehlo.add
//   | %a = stablehlo.add %x, %bb : tensor<4x8xf32>
//   matched: %op = %a
//   roots a cluster of 2 ops
//   then merged into the Gelu kernel that reads its result, as its prologue
// ----- exit 0
