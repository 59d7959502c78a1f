// Rows whose inner run in HBM is longer than a tile (256 rows a run, after a transpose that
// puts 2 outer rows around them) have no one pattern per tile of 128: a diagnostic at the value
// stored so, and the exit code (1) of a module with a kernel that did not lower.
// RUN: egfuse lower %s
func.func @main(%x: tensor<2x256x8xf32>) -> tensor<256x2x8xf32> {
  %0 = "mhlo.fusion"(%x) ({
  ^bb0(%x: tensor<2x256x8xf32>):
    %e = stablehlo.exponential %x : tensor<2x256x8xf32>
    %t = stablehlo.transpose %e, dims = [1, 0, 2] : (tensor<2x256x8xf32>) -> tensor<256x2x8xf32>
    mhlo.return %t : tensor<256x2x8xf32>
  }) {FusionKind = "Elementwise"} : (tensor<2x256x8xf32>) -> tensor<256x2x8xf32>
  return %0 : tensor<256x2x8xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s
// ----- stderr
// error: tests/filetests/lower/edge_runs_do_not_tile.mlir:8:5: a value of type tensor<2x256x8xf32> has no place in the kernel's space [2, 256, 8]
//    ╭─[tests/filetests/lower/edge_runs_do_not_tile.mlir:8:5]
//  7 │   ^bb0(%x: tensor<2x256x8xf32>):
//  8 │     %e = stablehlo.exponential %x : tensor<2x256x8xf32>
//    ·     ─────────────────────────┬─────────────────────────
//    ·                              ╰── its rows are runs in HBM whose inner parts do not fit a tile of 128 rows together
//  9 │     %t = stablehlo.transpose %e, dims = [1, 0, 2] : (tensor<2x256x8xf32>) -> tensor<256x2x8xf32>
//    ╰────
// lowered 0 kernels; 1 could not be lowered
// ----- exit 1
