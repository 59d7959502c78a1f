// An MxRmsNorm kernel is the `norm-mx` pass's (`--mx-scale nki` on a target with the MX ops):
// given one in a fused module under the module's scale rule, the lowering refuses it at its
// op, since its quantize would be `quantize_mx`'s; under NKI's rule on v4, a body with no MX
// quantize of a value it computes (here one add) is refused too, never guessed at.
// RUN: egfuse lower %s
// RUN: egfuse lower %s --target neuroncore-v4 --mx-scale nki
func.func @main(%a: tensor<4x512xbf16>) -> tensor<4x512xbf16> {
  %0 = "mhlo.fusion"(%a) ({
  ^bb0(%x: tensor<4x512xbf16>):
    %1 = stablehlo.add %x, %x : tensor<4x512xbf16>
    mhlo.return %1 : tensor<4x512xbf16>
  }) {FusionKind = "MxRmsNorm"} : (tensor<4x512xbf16>) -> tensor<4x512xbf16>
  return %0 : tensor<4x512xbf16>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s
// ----- stderr
// error: tests/filetests/lower/mx_rmsnorm_refused.mlir:10:5: an MxRmsNorm kernel under the module's scale rule
//     ╭─[tests/filetests/lower/mx_rmsnorm_refused.mlir:10:5]
//   9 │   ^bb0(%x: tensor<4x512xbf16>):
//  10 │     %1 = stablehlo.add %x, %x : tensor<4x512xbf16>
//     ·     ───────────────────────┬──────────────────────
//     ·                            ╰── its quantize is `quantize_mx`'s: lower it with `--mx-scale nki` on a target with the MX ops (`--target neuroncore-v4`)
//  11 │     mhlo.return %1 : tensor<4x512xbf16>
//     ╰────
// lowered 0 kernels; 1 could not be lowered
// ----- exit 1
// ----- egfuse lower %s --target neuroncore-v4 --mx-scale nki
// ----- stderr
// error: tests/filetests/lower/mx_rmsnorm_refused.mlir:10:5: an MxRmsNorm kernel without an MX quantize of its norm
//     ╭─[tests/filetests/lower/mx_rmsnorm_refused.mlir:10:5]
//   9 │   ^bb0(%x: tensor<4x512xbf16>):
//  10 │     %1 = stablehlo.add %x, %x : tensor<4x512xbf16>
//     ·     ───────────────────────┬──────────────────────
//     ·                            ╰── `quantize_mx` reads a bf16 or f16 value the kernel computes, in blocks of 32 along its last dimension
//  11 │     mhlo.return %1 : tensor<4x512xbf16>
//     ╰────
// lowered 0 kernels; 1 could not be lowered
// ----- exit 1
