// A kernel that sums in another order than the reference agrees (a finding of the lower fuzz
// target): the f32 sum of all 19,712 elements of 2x77x128. The kernel sums 154 elements on
// each partition (pairwise, as the nisa interpreter's tensor_reduce does), then the 128
// partial sums one after another by a matmul with ones (one fp32 rounding per add, as the PE
// accumulates); the reference interpreter sums all 19,712 pairwise, as XLA does. The kernel is
// 5.115e-5 off the f64 sum where the pairwise original is 5.372e-6; `--check` called that a
// difference until it also ran the original summed in index order (`Schedule::Device`), a
// faithful f32 evaluation of the same reduce, and took the worse of the two errors.
// RUN: egfuse lower %s --check -o /dev/null
module @fuzz {
  func.func public @main(%arg0: tensor<2x77x128xf32>) -> (tensor<f32>) {
    %13 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %14 = stablehlo.reduce(%arg0 init: %13) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<2x77x128xf32>, tensor<f32>) -> tensor<f32>
    return %14 : tensor<f32>
  }
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check -o /dev/null
// ----- stderr
// lowered 1 kernel (stablehlo.reduce x1), estimate 520.537 ns; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (4 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
