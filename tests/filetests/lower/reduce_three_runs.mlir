// Kept dimensions of a reduce that make three runs in memory are a diagnostic at the reduce:
// no tile of rows is one access pattern.
// RUN: egfuse lower %s
func.func @main(%x: tensor<4x8x6x32x3xf32>) -> tensor<4x6x3xf32> {
%c = stablehlo.constant dense<0.0> : tensor<f32>
%0 = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [1, 3] : (tensor<4x8x6x32x3xf32>, tensor<f32>) -> tensor<4x6x3xf32>
return %0 : tensor<4x6x3xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s
// ----- stderr
// error: tests/filetests/lower/reduce_three_runs.mlir:6:1: this reduce is over dimensions [1, 3] of a rank-5 tensor
//    ╭─[tests/filetests/lower/reduce_three_runs.mlir:6:1]
//  5 │ %c = stablehlo.constant dense<0.0> : tensor<f32>
//  6 │ %0 = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [1, 3] : (tensor<4x8x6x32x3xf32>, tensor<f32>) -> tensor<4x6x3xf32>
//    · ────────────────────────────────────────────────────────────────────────┬───────────────────────────────────────────────────────────────────────
//    ·                                                                         ╰── the rows it keeps are not one run in memory, or two whose inner run fits 128 rows
//  7 │ return %0 : tensor<4x6x3xf32>
//    ╰────
//   help: a transpose before the reduce would make them trailing
// lowered 0 kernels; 1 could not be lowered
// ----- exit 1
