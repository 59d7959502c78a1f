// A scaled matmul operand whose scales come one per 48 elements of K: 48 does not divide 128,
// so a K tile of 128 partitions would end inside a block. The kernel is a diagnostic at its
// matmul, with the rule it breaks, and `lower` exits 1 (a kernel that does not lower).
// RUN: egfuse lower %s -o /dev/null
func.func @main(%a: tensor<40x96xf8E4M3FN>, %b: tensor<96x70xf8E4M3FN>, %sa: tensor<40x2xf8E8M0FNU>, %sb: tensor<2x70xf8E8M0FNU>) -> tensor<40x70xf32> {
  %0 = stablehlo.broadcast_in_dim %sa, dims = [0, 1] : (tensor<40x2xf8E8M0FNU>) -> tensor<40x2x48xf8E8M0FNU>
  %1 = stablehlo.reshape %0 : (tensor<40x2x48xf8E8M0FNU>) -> tensor<40x96xf8E8M0FNU>
  %2 = stablehlo.convert %a : (tensor<40x96xf8E4M3FN>) -> tensor<40x96xf32>
  %3 = stablehlo.convert %1 : (tensor<40x96xf8E8M0FNU>) -> tensor<40x96xf32>
  %4 = stablehlo.multiply %2, %3 : tensor<40x96xf32>
  %5 = stablehlo.broadcast_in_dim %sb, dims = [0, 2] : (tensor<2x70xf8E8M0FNU>) -> tensor<2x48x70xf8E8M0FNU>
  %6 = stablehlo.reshape %5 : (tensor<2x48x70xf8E8M0FNU>) -> tensor<96x70xf8E8M0FNU>
  %7 = stablehlo.convert %b : (tensor<96x70xf8E4M3FN>) -> tensor<96x70xf32>
  %8 = stablehlo.convert %6 : (tensor<96x70xf8E8M0FNU>) -> tensor<96x70xf32>
  %9 = stablehlo.multiply %7, %8 : tensor<96x70xf32>
  %10 = stablehlo.dot_general %4, %9, contracting_dims = [1] x [0] : (tensor<40x96xf32>, tensor<96x70xf32>) -> tensor<40x70xf32>
  return %10 : tensor<40x70xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s -o /dev/null
// ----- stderr
// error: tests/filetests/lower/dot_mx_blocks_not_dividing_128.mlir:16:3: a matmul operand whose scales are not one per block of its contracted dimension
//     ╭─[tests/filetests/lower/dot_mx_blocks_not_dividing_128.mlir:16:3]
//  15 │   %9 = stablehlo.multiply %7, %8 : tensor<96x70xf32>
//  16 │   %10 = stablehlo.dot_general %4, %9, contracting_dims = [1] x [0] : (tensor<40x96xf32>, tensor<96x70xf32>) -> tensor<40x70xf32>
//     ·   ───────────────────────────────────────────────────────────────┬──────────────────────────────────────────────────────────────
//     ·                                                                  ╰── a scaled operand has one contracted dimension, in one run, its scales one per block of 1 to 128 elements that divides 128
//  17 │   return %10 : tensor<40x70xf32>
//     ╰────
// lowered 0 kernels; 1 could not be lowered
// ----- exit 1
