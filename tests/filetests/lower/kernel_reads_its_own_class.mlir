// SiLU of rsqrt(x*x + 1) and its ReLU: the rewrites rsqrt-is-reciprocal-sqrt and
// divide-by-sqrt make the e-graph's classes such that the Gelu match (gelu-sigmoid) has a body
// node reading the class it computes. Fusion panicked materializing the kernel ("no entry
// found for key", egraph/materialize.rs); the kernel now reads that class as an input, and
// both kernels lower and agree. A finding of the lower fuzz target (its third run), which the
// same-type convert of rms_norm_same_type_convert.mlir reaches too.
// RUN: egfuse lower %s --check -o /dev/null
module @fuzz {
  func.func public @main(%arg0: tensor<4x8xf32>) -> (tensor<4x8xf32>) {
    %0 = stablehlo.multiply %arg0, %arg0 : tensor<4x8xf32>
    %1 = stablehlo.constant dense<1.000000e0> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %3 = stablehlo.add %0, %2 : tensor<4x8xf32>
    %4 = stablehlo.rsqrt %3 : tensor<4x8xf32>
    %5 = stablehlo.logistic %4 : tensor<4x8xf32>
    %6 = stablehlo.multiply %4, %5 : tensor<4x8xf32>
    %7 = stablehlo.constant dense<0.000000e0> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %9 = stablehlo.maximum %6, %8 : tensor<4x8xf32>
    return %9 : tensor<4x8xf32>
  }
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check -o /dev/null
// ----- stderr
// lowered 2 kernels (Elementwise x1, Gelu x1), estimate 327.858 ns; device program: 2 calls
// check: 2 of 2 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 2 of 2 kernels are deadlock-free and race-free (9 semaphores)
// check: 2 of 2 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
