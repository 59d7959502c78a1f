// One input broadcast along the columns and along the rows of one kernel: a tile of it cannot
// serve both, so the lowering refuses the kernel at the second broadcast rather than reading
// one layout for both (which computed wrong values).
// RUN: egfuse lower %s
func.func @main(%arg: tensor<8xf32>) -> tensor<8x8xi1> {
  %0 = "mhlo.fusion"(%arg) ({
  ^bb0(%x: tensor<8xf32>):
  %c = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<8xf32>) -> tensor<8x8xf32>
  %r = stablehlo.broadcast_in_dim %x, dims = [0] : (tensor<8xf32>) -> tensor<8x8xf32>
  %le = stablehlo.compare LE, %c, %r : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xi1>
    mhlo.return %le : tensor<8x8xi1>
  }) {FusionKind = "Elementwise"} : (tensor<8xf32>) -> tensor<8x8xi1>
  return %0 : tensor<8x8xi1>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s
// ----- stderr
// error: tests/filetests/lower/broadcast_two_ways_fused.mlir:9:3: a value of type tensor<8xf32> has no place in the kernel's space [8, 8]
//     ╭─[tests/filetests/lower/broadcast_two_ways_fused.mlir:9:3]
//   8 │   %c = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<8xf32>) -> tensor<8x8xf32>
//   9 │   %r = stablehlo.broadcast_in_dim %x, dims = [0] : (tensor<8xf32>) -> tensor<8x8xf32>
//     ·   ─────────────────────────────────────────┬─────────────────────────────────────────
//     ·                                            ╰── this broadcast reads it along other dimensions than another one does
//  10 │   %le = stablehlo.compare LE, %c, %r : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xi1>
//     ╰────
// lowered 0 kernels; 1 could not be lowered
// ----- exit 1
