// `--at LINE:COL`, `--at FILE:LINE:COL` and `--op %NAME` pick the same one candidate.
// RUN: egfuse explain tests/fixtures/jax/rmsnorm_f32.mlir --rule rms-norm --at 18:5
// RUN: egfuse explain tests/fixtures/jax/rmsnorm_f32.mlir --rule rms-norm --op %12
// RUN: egfuse explain tests/fixtures/jax/rmsnorm_f32.mlir --rule rms-norm --at rmsnorm_f32.mlir:18:5
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse explain tests/fixtures/jax/rmsnorm_f32.mlir --rule rms-norm --at 18:5
// A rule whose bindings may be absent (`or %x`) has a form for each choice of them, searched on its own; a form's title names the bindings it leaves out, `(without %a)`.
//
// rule rms-norm (without %xs, %ms.up, %ms.down, %rw) (RmsNorm), egraph mode: 1 candidate anchor, 1 matched
//
// tests/fixtures/jax/rmsnorm_f32.mlir:18:5: %12 = stablehlo.multiply
//   | %12 = stablehlo.multiply %9, %11 : tensor<2x8x32xf32>
//   matched: %y = %12, %out = %9, %in = %arg0, %rb = %8, %r = %7, %eps = %6, %ms = %4, %ms.mean = stablehlo.multiply(%1, splat(0.03125)), %ms.sum = %1, %ms.sq = %0, %v = %11
// (31 other forms of the rule matched nothing)
// ----- exit 0
// ----- egfuse explain tests/fixtures/jax/rmsnorm_f32.mlir --rule rms-norm --op %12
// A rule whose bindings may be absent (`or %x`) has a form for each choice of them, searched on its own; a form's title names the bindings it leaves out, `(without %a)`.
//
// rule rms-norm (without %xs, %ms.up, %ms.down, %rw) (RmsNorm), egraph mode: 1 candidate anchor, 1 matched
//
// tests/fixtures/jax/rmsnorm_f32.mlir:18:5: %12 = stablehlo.multiply
//   | %12 = stablehlo.multiply %9, %11 : tensor<2x8x32xf32>
//   matched: %y = %12, %out = %9, %in = %arg0, %rb = %8, %r = %7, %eps = %6, %ms = %4, %ms.mean = stablehlo.multiply(%1, splat(0.03125)), %ms.sum = %1, %ms.sq = %0, %v = %11
// (31 other forms of the rule matched nothing)
// ----- exit 0
// ----- egfuse explain tests/fixtures/jax/rmsnorm_f32.mlir --rule rms-norm --at rmsnorm_f32.mlir:18:5
// A rule whose bindings may be absent (`or %x`) has a form for each choice of them, searched on its own; a form's title names the bindings it leaves out, `(without %a)`.
//
// rule rms-norm (without %xs, %ms.up, %ms.down, %rw) (RmsNorm), egraph mode: 1 candidate anchor, 1 matched
//
// tests/fixtures/jax/rmsnorm_f32.mlir:18:5: %12 = stablehlo.multiply
//   | %12 = stablehlo.multiply %9, %11 : tensor<2x8x32xf32>
//   matched: %y = %12, %out = %9, %in = %arg0, %rb = %8, %r = %7, %eps = %6, %ms = %4, %ms.mean = stablehlo.multiply(%1, splat(0.03125)), %ms.sum = %1, %ms.sq = %0, %v = %11
// (31 other forms of the rule matched nothing)
// ----- exit 0
