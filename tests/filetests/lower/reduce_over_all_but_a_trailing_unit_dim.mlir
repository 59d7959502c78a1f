// A reduce over every dimension but a trailing unit one (a finding of the lower fuzz target's
// fifth run, which panicked on it): the maximum of 64x128x3x1 over [0, 1, 2]. Unit dimensions
// are nowhere in memory, so the reduced dimensions are the trailing ones and the kernel takes
// the whole-tensor form, 128 partitions of 192 elements, as for a reduce to a scalar. It took
// the kept `1` for a row dimension before the reduced ones and loaded 128 rows of all 24,576
// elements each, which the verifier stopped after `tile` (with no place in the input, as
// 0:0; such a finding now points at the kernel's op).
// RUN: egfuse lower %s --check -o /dev/null
module @fuzz {
  func.func public @main(%x: tensor<64x128x3x1xf32>) -> tensor<1xf32> {
    %0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.reduce(%x init: %0) applies stablehlo.maximum across dimensions = [0, 1, 2] : (tensor<64x128x3x1xf32>, tensor<f32>) -> tensor<1xf32>
    return %1 : tensor<1xf32>
  }
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check -o /dev/null
// ----- stderr
// lowered 1 kernel (stablehlo.reduce x1), estimate 758.038 ns; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (5 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
