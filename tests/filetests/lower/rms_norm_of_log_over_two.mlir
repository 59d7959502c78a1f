// An RMSNorm over dim 0 (of 2) of log(x*x + 1) agrees (a finding of the lower fuzz target).
// Fusion's rewrite log1p-fold makes the log `log_plus_one(x*x)`, which the reference
// interpreter computes to half an ulp, and the kernel computes as ACT's log of x*x + 1 rounded
// to fp32 (`rules/select.rules`, log-plus-one), as the source does. For small x that is much
// further from f64 than the fused ops (5.551e-7 against 4.479e-8, amplified by a norm over two
// elements); `--check` now also runs the ops by ACT's formula (`Schedule::Device`) and takes
// the worse error.
// RUN: egfuse lower %s --check -o /dev/null
module @fuzz {
  func.func public @main(%arg0: tensor<2x128x2x8xf32>) -> (tensor<2x128x2x8xf32>) {
    %28 = stablehlo.multiply %arg0, %arg0 : tensor<2x128x2x8xf32>
    %29 = stablehlo.constant dense<1.000000e0> : tensor<2x128x2x8xf32>
    %30 = stablehlo.add %28, %29 : tensor<2x128x2x8xf32>
    %31 = stablehlo.log %30 : tensor<2x128x2x8xf32>
    %32 = stablehlo.multiply %31, %31 : tensor<2x128x2x8xf32>
    %33 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %34 = stablehlo.reduce(%32 init: %33) applies stablehlo.add across dimensions = [0] : (tensor<2x128x2x8xf32>, tensor<f32>) -> tensor<128x2x8xf32>
    %35 = stablehlo.broadcast_in_dim %34, dims = [1, 2, 3] : (tensor<128x2x8xf32>) -> tensor<1x128x2x8xf32>
    %36 = stablehlo.constant dense<2.000000e0> : tensor<f32>
    %37 = stablehlo.broadcast_in_dim %36, dims = [] : (tensor<f32>) -> tensor<1x128x2x8xf32>
    %38 = stablehlo.divide %35, %37 : tensor<1x128x2x8xf32>
    %39 = stablehlo.constant dense<1.000000e-6> : tensor<1x128x2x8xf32>
    %40 = stablehlo.add %38, %39 : tensor<1x128x2x8xf32>
    %41 = stablehlo.rsqrt %40 : tensor<1x128x2x8xf32>
    %42 = stablehlo.broadcast_in_dim %41, dims = [0, 1, 2, 3] : (tensor<1x128x2x8xf32>) -> tensor<2x128x2x8xf32>
    %43 = stablehlo.multiply %31, %42 : tensor<2x128x2x8xf32>
    return %43 : tensor<2x128x2x8xf32>
  }
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check -o /dev/null
// ----- stderr
// lowered 1 kernel (RmsNorm x1), estimate 5.794 us; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (10 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
