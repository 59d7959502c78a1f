// Bad requests to `egfuse compare` are diagnostics, exit 2, and write nothing (neither the
// table nor the JSON `--json -` asks for).
// RUN: egfuse compare tests/fixtures/jax/rmsnorm_f32.mlir --forbid no-such-rule --json -
// RUN: egfuse compare tests/fixtures/jax/rmsnorm_f32.mlir --force no-such-rule@15 --json -
// RUN: egfuse compare tests/fixtures/jax/rmsnorm_f32.mlir --force sigmoid-expanded@15 --json -
// RUN: egfuse compare tests/fixtures/jax/rmsnorm_f32.mlir --force rms-norm --json -
// RUN: egfuse compare tests/fixtures/jax/rmsnorm_f32.mlir --force rms-norm@99 --json -
// RUN: egfuse compare tests/fixtures/jax/rmsnorm_f32.mlir --force rms-norm@15:7 --json -
// RUN: egfuse compare tests/fixtures/jax/rmsnorm_f32.mlir --force rms-norm@17 --json -
// RUN: egfuse compare tests/fixtures/jax/rmsnorm_f32.mlir --plans none,fast --json -
// RUN: egfuse compare tests/fixtures/jax/rmsnorm_f32.mlir --plans none,none --json -
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse compare tests/fixtures/jax/rmsnorm_f32.mlir --forbid no-such-rule --json -
// ----- stderr
// error: unknown rule `no-such-rule` in --forbid (`egfuse rules list` lists them)
// ----- exit 2
// ----- egfuse compare tests/fixtures/jax/rmsnorm_f32.mlir --force no-such-rule@15 --json -
// ----- stderr
// error: unknown fusion rule `no-such-rule` in --force `no-such-rule@15` (`egfuse rules list` lists them)
// ----- exit 2
// ----- egfuse compare tests/fixtures/jax/rmsnorm_f32.mlir --force sigmoid-expanded@15 --json -
// ----- stderr
// error: --force `sigmoid-expanded@15`: `sigmoid-expanded` is not a pattern fusion rule (rewrites and grow rules have no kernel to force)
// ----- exit 2
// ----- egfuse compare tests/fixtures/jax/rmsnorm_f32.mlir --force rms-norm --json -
// ----- stderr
// error: bad --force `rms-norm`: expected RULE@LINE or RULE@LINE:COL
// ----- exit 2
// ----- egfuse compare tests/fixtures/jax/rmsnorm_f32.mlir --force rms-norm@99 --json -
// ----- stderr
// error: tests/fixtures/jax/rmsnorm_f32.mlir: no op with results starts at 99
// ----- exit 2
// ----- egfuse compare tests/fixtures/jax/rmsnorm_f32.mlir --force rms-norm@15:7 --json -
// ----- stderr
// error: tests/fixtures/jax/rmsnorm_f32.mlir:15:1: no op with results starts at 15:7; one starts at 15:5
//     ╭─[tests/fixtures/jax/rmsnorm_f32.mlir:15:1]
//  14 │     %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1, 2] : (tensor<2x8x1xf32>) -> tensor<2x8x32xf32>
//  15 │     %9 = stablehlo.multiply %arg0, %8 : tensor<2x8x32xf32>
//     · ─────────────────────────────┬────────────────────────────
//     ·                              ╰── --force rms-norm@15:7
//  16 │     %10 = stablehlo.broadcast_in_dim %arg1, dims = [2] : (tensor<32xf32>) -> tensor<1x1x32xf32>
//     ╰────
// ----- exit 2
// ----- egfuse compare tests/fixtures/jax/rmsnorm_f32.mlir --force rms-norm@17 --json -
// ----- stderr
// error: tests/fixtures/jax/rmsnorm_f32.mlir:17:5: no match of fusion rule `rms-norm` is rooted at this `stablehlo.broadcast_in_dim`
//     ╭─[tests/fixtures/jax/rmsnorm_f32.mlir:17:5]
//  16 │     %10 = stablehlo.broadcast_in_dim %arg1, dims = [2] : (tensor<32xf32>) -> tensor<1x1x32xf32>
//  17 │     %11 = stablehlo.broadcast_in_dim %10, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<2x8x32xf32>
//     ·     ─────────────────────────────────────────────────┬─────────────────────────────────────────────────
//     ·                                                      ╰── the forced root
//  18 │     %12 = stablehlo.multiply %9, %11 : tensor<2x8x32xf32>
//     ╰────
//   help: `egfuse compare` lists the fusions each plan chose, with their locations
// ----- exit 2
// ----- egfuse compare tests/fixtures/jax/rmsnorm_f32.mlir --plans none,fast --json -
// ----- stderr
// error: unknown plan `fast` in --plans: expected none, compat or egraph
// ----- exit 2
// ----- egfuse compare tests/fixtures/jax/rmsnorm_f32.mlir --plans none,none --json -
// ----- stderr
// error: plan `none` is listed twice in --plans
// ----- exit 2
