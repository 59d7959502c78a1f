// Under the default `--float64 downcast` a 64-bit float is held as an f32, as PyTorch/XLA holds
// a float64 tensor on a Neuron device: the kernel's buffers are f32, and the check judges it
// by f32's rounding.
// RUN: egfuse lower %s --check -o /dev/null
func.func @main(%a: tensor<3x5xf64>) -> tensor<3x5xf64> {
  %c = stablehlo.constant dense<1.000000e-01> : tensor<3x5xf64>
  %0 = stablehlo.multiply %a, %c : tensor<3x5xf64>
  %1 = stablehlo.exponential %0 : tensor<3x5xf64>
  return %1 : tensor<3x5xf64>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check -o /dev/null
// ----- stderr
// lowered 1 kernel (Elementwise x1), estimate 183.929 ns; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (6 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
