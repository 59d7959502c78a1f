// A known disagreement, pinned (a finding of the lower fuzz target, not fixed): the f32 sum of
// all 19,712 elements of 2x77x128. The kernel sums 154 elements on each partition (pairwise,
// as the nisa interpreter's tensor_reduce does), then the 128 partial sums one after another
// by a matmul with ones (one fp32 rounding per add, as the PE accumulates); the reference
// interpreter sums all 19,712 pairwise, as XLA does. On `--check`'s inputs the kernel is
// 5.115e-5 off the f64 sum where the original is 5.372e-6, past verify's rule (4 times the
// original's error plus 2^-23 of the result), so `--check` says it differs though it computes
// the same sum in fp32.
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
// lowered 1 kernel (stablehlo.reduce x1), estimate 520.537 ns
// check: kernel @k0 (stablehlo.reduce at tests/filetests/lower/reduce_all_sequential_sum.mlir:13:5) differs: output 0: error 5.115e-5 (largest 5.115e-5 at element 0) against the original's 5.372e-6
// check: 0 of 1 kernels agree with the ops they lower
// ----- exit 1
