// A kernel that sums in another order than the reference agrees (a finding of the lower fuzz
// target's third run): an RMSNorm of one 256-element vector, in the `columns` layout, adds the
// partitions' sums of squares one after another by a matmul with ones (one fp32 rounding per
// add, as the PE accumulates) where the reference interpreter sums pairwise. Every output
// shares the one scale, so its error is the same relative error everywhere: 1.533e-7 against
// the pairwise original's 1.574e-8, which `--check` called a difference until it also ran the
// original as a device sums (in index order; `Schedule::Device`) and took the worse error.
// RUN: egfuse lower %s --check -o /dev/null
module @fuzz {
  func.func public @main(%arg0: tensor<256xbf16>) -> (tensor<256xf32>) {
    %5 = stablehlo.convert %arg0 : (tensor<256xbf16>) -> tensor<256xf32>
    %6 = stablehlo.multiply %5, %5 : tensor<256xf32>
    %7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %8 = stablehlo.reduce(%6 init: %7) applies stablehlo.add across dimensions = [0] : (tensor<256xf32>, tensor<f32>) -> tensor<f32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %10 = stablehlo.constant dense<2.560000e2> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %12 = stablehlo.divide %9, %11 : tensor<1xf32>
    %13 = stablehlo.constant dense<1.000000e-6> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %15 = stablehlo.add %12, %14 : tensor<1xf32>
    %16 = stablehlo.rsqrt %15 : tensor<1xf32>
    %17 = stablehlo.broadcast_in_dim %16, dims = [0] : (tensor<1xf32>) -> tensor<256xf32>
    %18 = stablehlo.multiply %5, %17 : tensor<256xf32>
    return %18 : tensor<256xf32>
  }
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check -o /dev/null
// ----- stderr
// lowered 1 kernel (RmsNorm x1), estimate 658.039 ns; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (7 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
