// `jnp.max` of integers reduces from INT_MIN: the `reduce-max` rule's `-inf` names the type's
// lowest value, so it is one `tensor_reduce`. An integer sum from 3 is the sum from 0 plus 3
// (`window-forms`), and an integer sum runs on GpSimd, exact where DVE's fp32 is not above
// 2^24.
// RUN: egfuse lower %s --check -o /dev/null
func.func @main(%x: tensor<4x6xi32>) -> (tensor<4xi32>, tensor<4xi32>) {
  %c = stablehlo.constant dense<-2147483648> : tensor<i32>
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.maximum across dimensions = [1] : (tensor<4x6xi32>, tensor<i32>) -> tensor<4xi32>
  %d = stablehlo.constant dense<3> : tensor<i32>
  %1 = stablehlo.reduce(%x init: %d) applies stablehlo.add across dimensions = [1] : (tensor<4x6xi32>, tensor<i32>) -> tensor<4xi32>
  return %0, %1 : tensor<4xi32>, tensor<4xi32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check -o /dev/null
// ----- stderr
// lowered 3 kernels (Elementwise x1, stablehlo.reduce x2), estimate 244.644 ns; device program: 3 calls
// check: 3 of 3 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 2 results
// check: the streams of 3 of 3 kernels are deadlock-free and race-free (6 semaphores)
// check: 3 of 3 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
