// A clamp whose bounds are tensors, a runtime scalar or splats (jnp.clip with array bounds):
// the maximum with the lower bound, then the minimum with the upper, on DVE.
// RUN: egfuse lower %s --check -o /dev/null
func.func @main(%lo: tensor<3x5xf32>, %x: tensor<3x5xf32>, %hi: tensor<3x5xf32>, %s: tensor<f32>, %b: tensor<3x5xbf16>) -> (tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xbf16>) {
  %0 = stablehlo.clamp %lo, %x, %hi : tensor<3x5xf32>
  %1 = stablehlo.clamp %s, %x, %hi : (tensor<f32>, tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
  %c = stablehlo.constant dense<0.5> : tensor<bf16>
  %2 = stablehlo.clamp %c, %b, %c : (tensor<bf16>, tensor<3x5xbf16>, tensor<bf16>) -> tensor<3x5xbf16>
  return %0, %1, %2 : tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xbf16>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check -o /dev/null
// ----- stderr
// lowered 3 kernels (stablehlo.clamp x3), estimate 486.610 ns; device program: 3 calls
// check: 3 of 3 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 3 results
// check: the streams of 3 of 3 kernels are deadlock-free and race-free (6 semaphores)
// check: 3 of 3 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
