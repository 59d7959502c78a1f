// Under the default `--int64 downcast` a constant 32 bits cannot hold is refused, never
// wrapped.
// RUN: egfuse lower %s
func.func @f(%a: tensor<4xi64>) -> tensor<4xi64> {
  %c = stablehlo.constant dense<[1, 2, 3, 1099511627776]> : tensor<4xi64>
  %0 = stablehlo.add %a, %c : tensor<4xi64>
  return %0 : tensor<4xi64>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s
// ----- stderr
// error: tests/filetests/lower/int64_wide_constant.mlir:5:3: the 64-bit constant 1099511627776 does not fit in 32 bits
//    ╭─[tests/filetests/lower/int64_wide_constant.mlir:5:3]
//  4 │ func.func @f(%a: tensor<4xi64>) -> tensor<4xi64> {
//  5 │   %c = stablehlo.constant dense<[1, 2, 3, 1099511627776]> : tensor<4xi64>
//    ·   ───────────────────────────────────┬───────────────────────────────────
//    ·                                      ╰── 64-bit integers are held as 32-bit ones on the engines
//  6 │   %0 = stablehlo.add %a, %c : tensor<4xi64>
//    ╰────
//   help: `--int64 refuse` reports every 64-bit value instead
// lowered 0 kernels; 1 could not be lowered
// ----- exit 1
