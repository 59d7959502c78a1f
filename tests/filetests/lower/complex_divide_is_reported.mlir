// A complex value meeting an op complex-forms does not spell (a complex divide) leaves the module's
// complex values as they are, reported where they are taken: never at line 0.
// RUN: egfuse lower %s
func.func @main(%a: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  %d = stablehlo.divide %a, %a : tensor<4xcomplex<f32>>
  return %d : tensor<4xcomplex<f32>>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s
// ----- stderr
// error: tests/filetests/lower/complex_divide_is_reported.mlir:5:3: the engines have no element type for tensor<4xcomplex<f32>>
//    ╭─[tests/filetests/lower/complex_divide_is_reported.mlir:5:3]
//  4 │ func.func @main(%a: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
//  5 │   %d = stablehlo.divide %a, %a : tensor<4xcomplex<f32>>
//    ·   ──────────────────────────┬──────────────────────────
//    ·                             ╰── nisa buffers hold f32, bf16, f16, fp8 (E4M3, E4M3FN, E5M2, E8M0), fp4 (E2M1) and integers up to 32 bits
//  6 │   return %d : tensor<4xcomplex<f32>>
//    ╰────
// lowered 0 kernels; 1 could not be lowered
// ----- exit 1
