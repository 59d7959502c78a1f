// Under the default `--float64 downcast` a constant beyond f32's range is refused, never made
// an infinity.
// RUN: egfuse lower %s -o /dev/null
func.func @f(%a: tensor<2xf64>) -> tensor<2xf64> {
  %c = stablehlo.constant dense<[1.000000e+00, 1.000000e+300]> : tensor<2xf64>
  %0 = stablehlo.minimum %a, %c : tensor<2xf64>
  return %0 : tensor<2xf64>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s -o /dev/null
// ----- stderr
// error: tests/filetests/lower/float64_wide_constant.mlir:5:3: the 64-bit constant 1.000000e+300 is beyond f32's range
//    ╭─[tests/filetests/lower/float64_wide_constant.mlir:5:3]
//  4 │ func.func @f(%a: tensor<2xf64>) -> tensor<2xf64> {
//  5 │   %c = stablehlo.constant dense<[1.000000e+00, 1.000000e+300]> : tensor<2xf64>
//    ·   ──────────────────────────────────────┬─────────────────────────────────────
//    ·                                         ╰── 64-bit floats are held as f32 on the engines
//  6 │   %0 = stablehlo.minimum %a, %c : tensor<2xf64>
//    ╰────
//   help: `--float64 refuse` reports every 64-bit float instead
// lowered 0 kernels; 1 could not be lowered
// ----- exit 1
