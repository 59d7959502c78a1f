// An iota along one of several dimensions the rows flatten is not the row index: the kernel is
// a diagnostic at the iota, and the exit code is 1.
// RUN: egfuse lower %s
func.func @main(%x: tensor<4x8x16xf32>) -> tensor<4x8x16xf32> {
  %0 = "mhlo.fusion"(%x) ({
  ^bb0(%a: tensor<4x8x16xf32>):
    %i = stablehlo.iota dim = 1 : tensor<4x8x16xf32>
    %r = stablehlo.add %a, %i : tensor<4x8x16xf32>
    mhlo.return %r : tensor<4x8x16xf32>
  }) {FusionKind = "Elementwise"} : (tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
  return %0 : tensor<4x8x16xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s
// ----- stderr
// error: tests/filetests/lower/iota_part_of_rows.mlir:7:5: an iota this kernel cannot index
//    ╭─[tests/filetests/lower/iota_part_of_rows.mlir:7:5]
//  6 │   ^bb0(%a: tensor<4x8x16xf32>):
//  7 │     %i = stablehlo.iota dim = 1 : tensor<4x8x16xf32>
//    ·     ────────────────────────┬───────────────────────
//    ·                             ╰── its index is not the row or the column of the kernel's space
//  8 │     %r = stablehlo.add %a, %i : tensor<4x8x16xf32>
//    ╰────
// lowered 0 kernels; 1 could not be lowered
// ----- exit 1
