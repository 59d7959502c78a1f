// A bf16 computation converted to f32 at its end may be off by bf16's rounding (a finding of
// the lower fuzz target's fourth run): sqrt(y*y + 1e-5) in bf16, converted to f32, is an
// Elementwise kernel (square on ACT, add on DVE, sqrt on ACT) whose sqrt writes f32 directly.
// The ops round y*y to bf16 and the sqrt's result to bf16 again, which for y well above 3e-3
// gives y back almost exactly (2.297e-5 off f64); the kernel keeps the sqrt in f32, so it
// carries the square's bf16 rounding, halved (9.042e-4). `--check` called that a difference
// while its floor was one ulp of the f32 output; it is now one ulp of the narrowest type the
// ops round to (bf16 here).
// RUN: egfuse lower %s --check -o /dev/null
module @fuzz {
  func.func public @main(%arg0: tensor<2x4x3x8xbf16>, %arg1: tensor<2x4x3x8xbf16>, %arg2: tensor<2x4x3x8xbf16>, %arg3: tensor<8x8x128xbf16>) -> (tensor<2x4x3x128xf32>) {
    %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0, 2] x [0, 2], contracting_dims = [3] x [3] : (tensor<2x4x3x8xbf16>, tensor<2x4x3x8xbf16>) -> tensor<2x3x4x4xbf16>
    %1 = stablehlo.constant dense<3.535534e-1> : tensor<2x3x4x4xbf16>
    %2 = stablehlo.multiply %0, %1 : tensor<2x3x4x4xbf16>
    %3 = stablehlo.constant dense<0xFF80> : tensor<bf16>
    %4 = stablehlo.reduce(%2 init: %3) applies stablehlo.maximum across dimensions = [3] : (tensor<2x3x4x4xbf16>, tensor<bf16>) -> tensor<2x3x4xbf16>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1, 2] : (tensor<2x3x4xbf16>) -> tensor<2x3x4x4xbf16>
    %6 = stablehlo.subtract %2, %5 : tensor<2x3x4x4xbf16>
    %7 = stablehlo.exponential %6 : tensor<2x3x4x4xbf16>
    %8 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %9 = stablehlo.reduce(%7 init: %8) applies stablehlo.add across dimensions = [3] : (tensor<2x3x4x4xbf16>, tensor<bf16>) -> tensor<2x3x4xbf16>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1, 2] : (tensor<2x3x4xbf16>) -> tensor<2x3x4x4xbf16>
    %11 = stablehlo.divide %7, %10 : tensor<2x3x4x4xbf16>
    %12 = stablehlo.dot_general %11, %arg2, batching_dims = [0, 1] x [0, 2], contracting_dims = [3] x [1] : (tensor<2x3x4x4xbf16>, tensor<2x4x3x8xbf16>) -> tensor<2x3x4x8xbf16>
    %13 = stablehlo.transpose %12, dims = [0, 2, 1, 3] : (tensor<2x3x4x8xbf16>) -> tensor<2x4x3x8xbf16>
    %14 = stablehlo.reshape %13 : (tensor<2x4x3x8xbf16>) -> tensor<8x3x8xbf16>
    %15 = stablehlo.dot_general %14, %arg3, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<8x3x8xbf16>, tensor<8x8x128xbf16>) -> tensor<8x3x128xbf16>
    %16 = stablehlo.reshape %15 : (tensor<8x3x128xbf16>) -> tensor<2x4x3x128xbf16>
    %17 = stablehlo.multiply %16, %16 : tensor<2x4x3x128xbf16>
    %18 = stablehlo.constant dense<1.000000e-5> : tensor<bf16>
    %19 = stablehlo.broadcast_in_dim %18, dims = [] : (tensor<bf16>) -> tensor<2x4x3x128xbf16>
    %20 = stablehlo.add %17, %19 : tensor<2x4x3x128xbf16>
    %21 = stablehlo.sqrt %20 : tensor<2x4x3x128xbf16>
    %22 = stablehlo.convert %21 : (tensor<2x4x3x128xbf16>) -> tensor<2x4x3x128xf32>
    return %22 : tensor<2x4x3x128xf32>
  }
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check -o /dev/null
// ----- stderr
// lowered 3 kernels (Attention x1, Dot x1, Elementwise x1), estimate 4.824 us; device program: 3 calls
// check: 3 of 3 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 3 of 3 kernels are deadlock-free and race-free (33 semaphores)
// check: 3 of 3 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
