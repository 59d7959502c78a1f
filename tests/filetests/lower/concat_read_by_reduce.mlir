// A concatenate that a reduce reads across its dimension (after an exponential moved below it)
// cannot be computed piece by piece: the kernel is a diagnostic at the concatenate.
// RUN: egfuse lower %s
func.func @main(%u: tensor<4x8xf32>, %v: tensor<4x8xf32>) -> tensor<4xf32> {
  %0 = "mhlo.fusion"(%u, %v) ({
  ^bb0(%u: tensor<4x8xf32>, %v: tensor<4x8xf32>):
    %w = stablehlo.concatenate %u, %v, dim = 1 : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x16xf32>
    %e = stablehlo.exponential %w : tensor<4x16xf32>
    %z = stablehlo.constant dense<0.0> : tensor<f32>
    %r = stablehlo.reduce(%e init: %z) applies stablehlo.add across dimensions = [1] : (tensor<4x16xf32>, tensor<f32>) -> tensor<4xf32>
    mhlo.return %r : tensor<4xf32>
  }) {FusionKind = "Elementwise"} : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s
// ----- stderr
// error: tests/filetests/lower/concat_read_by_reduce.mlir:7:5: a concatenate this kernel cannot compute piece by piece
//    ╭─[tests/filetests/lower/concat_read_by_reduce.mlir:7:5]
//  6 │   ^bb0(%u: tensor<4x8xf32>, %v: tensor<4x8xf32>):
//  7 │     %w = stablehlo.concatenate %u, %v, dim = 1 : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x16xf32>
//    ·     ─────────────────────────────────────────────────┬─────────────────────────────────────────────────
//    ·                                                      ╰── `stablehlo.reduce` reads it whole
//  8 │     %e = stablehlo.exponential %w : tensor<4x16xf32>
//    ╰────
//   help: a kernel computes each piece of a concatenate apart through elementwise ops, broadcasts
//         and reshapes of unit dimensions, up to its results
// lowered 0 kernels; 1 could not be lowered
// ----- exit 1
