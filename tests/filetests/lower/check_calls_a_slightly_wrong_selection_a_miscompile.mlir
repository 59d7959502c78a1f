// `--check` still calls a small change a miscompile, though it lets a kernel sum in another
// order and round as its narrowest type does: a user's select rule computes 2 log(1 + x) as
// ACT's log of x + 1.0001 (tests/fixtures/rules_miscompile), a relative error near 1e-4, where
// the ops' own rounding is near 1e-7. With the built-in rules the same kernel agrees.
// RUN: egfuse lower %s --check -o /dev/null
// RUN: egfuse lower %s --check -o /dev/null --extra-rules tests/fixtures/rules_miscompile
module @m {
  func.func public @main(%x: tensor<128x64xf32>) -> tensor<128x64xf32> {
    %c = stablehlo.constant dense<2.0> : tensor<128x64xf32>
    %y = stablehlo.log_plus_one %x : tensor<128x64xf32>
    %z = stablehlo.multiply %y, %c : tensor<128x64xf32>
    return %z : tensor<128x64xf32>
  }
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check -o /dev/null
// ----- stderr
// lowered 1 kernel (Elementwise x1), estimate 236.608 ns; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (6 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
// ----- egfuse lower %s --check -o /dev/null --extra-rules tests/fixtures/rules_miscompile
// ----- stderr
// lowered 1 kernel (Elementwise x1), estimate 236.608 ns; device program: 1 call
// check: kernel @k0 (Elementwise at tests/filetests/lower/check_calls_a_slightly_wrong_selection_a_miscompile.mlir:11:5) differs: output 0: error 3.121e-3 (largest 1.296e-1 at element 3208) against the original's 7.482e-8
// check: 0 of 1 kernels agree with the ops they lower
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (5 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 1
