// A call of a function that is only declared lowers its kernels, but the device program has no
// steps to run for the call: a diagnostic at the call, and no device program (exit 1).
// RUN: egfuse lower %s -o /dev/null
func.func private @ext(%x: tensor<4xf32>) -> tensor<4xf32>
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = func.call @ext(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = stablehlo.exponential %0 : tensor<4xf32>
  return %1 : tensor<4xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s -o /dev/null
// ----- stderr
// error: tests/filetests/lower/call_of_a_declaration.mlir:6:3: `@ext` is a declaration: the device program has no steps for it
//    ╭─[tests/filetests/lower/call_of_a_declaration.mlir:6:3]
//  5 │ func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
//  6 │   %0 = func.call @ext(%x) : (tensor<4xf32>) -> tensor<4xf32>
//    ·   ─────────────────────────────┬────────────────────────────
//    ·                                ╰── a call of a function with no body
//  7 │   %1 = stablehlo.exponential %0 : tensor<4xf32>
//    ╰────
// lowered 1 kernel (stablehlo.exponential x1), estimate 74.286 ns
// ----- exit 1
