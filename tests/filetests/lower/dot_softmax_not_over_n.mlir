// A softmax over dim 1 of a matmul's 128x4x4 result, fused as one DotSoftmax kernel: the
// matmul's columns (N) are its trailing dim, so the reduce is not over them, and the kernel is
// refused with a diagnostic. It was lowered as a softmax over N, which the equal sizes (4 and 4)
// let pass the check on the columns' count, and `--check` found it differed (error 3.707e-1
// against the original's 4.543e-8); a finding of the lower fuzz target (bf16, 3x2x128x4x4).
// RUN: egfuse lower %s --check -o /dev/null
module @fuzz {
  func.func public @main(%arg0: tensor<128x4x16xf32>, %arg1: tensor<16x4xf32>) -> (tensor<128x4x4xf32>) {
    %6 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [2] x [0] : (tensor<128x4x16xf32>, tensor<16x4xf32>) -> tensor<128x4x4xf32>
    %7 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %8 = stablehlo.reduce(%6 init: %7) applies stablehlo.maximum across dimensions = [1] : (tensor<128x4x4xf32>, tensor<f32>) -> tensor<128x4xf32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 2] : (tensor<128x4xf32>) -> tensor<128x4x4xf32>
    %10 = stablehlo.subtract %6, %9 : tensor<128x4x4xf32>
    %11 = stablehlo.exponential %10 : tensor<128x4x4xf32>
    %12 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %13 = stablehlo.reduce(%11 init: %12) applies stablehlo.add across dimensions = [1] : (tensor<128x4x4xf32>, tensor<f32>) -> tensor<128x4xf32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [0, 2] : (tensor<128x4xf32>) -> tensor<128x4x4xf32>
    %15 = stablehlo.divide %11, %14 : tensor<128x4x4xf32>
    return %15 : tensor<128x4x4xf32>
  }
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check -o /dev/null
// ----- stderr
// error: tests/filetests/lower/dot_softmax_not_over_n.mlir:9:5: a reduce over dimensions of a matmul's result that are not its trailing ones
//     ╭─[tests/filetests/lower/dot_softmax_not_over_n.mlir:9:5]
//   8 │   func.func public @main(%arg0: tensor<128x4x16xf32>, %arg1: tensor<16x4xf32>) -> (tensor<128x4x4xf32>) {
//   9 │     %6 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [2] x [0] : (tensor<128x4x16xf32>, tensor<16x4xf32>) -> tensor<128x4x4xf32>
//     ·     ───────────────────────────────────────────────────────────────────┬───────────────────────────────────────────────────────────────────
//     ·                                                                        ╰── a reduce after a matmul reduces the matmul's columns (N) only
//  10 │     %7 = stablehlo.constant dense<0xFF800000> : tensor<f32>
//     ╰────
// lowered 0 kernels; 1 could not be lowered
// check: 0 of 0 kernels agree with the ops they lower
// check: the streams of 0 of 0 kernels are deadlock-free and race-free (0 semaphores)
// check: 0 of 0 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 1
