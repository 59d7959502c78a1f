// A product of two 32-bit integers keeps its low word exactly, though the product needs 64 bits
// (Philox's multiplies rely on it), and an unsigned compare of values past 2^31 holds. The
// inputs are moved past 2^32 - 16 and 2^31 by adds that wrap, so the device program runs on
// values random draws in [0, 8) never reach: before the nisa interpreter wrapped a product
// before it became an f64, the device program gave 2906597888 for 2906597923.
// RUN: egfuse lower %s --check -o /dev/null
func.func @main(%x0: tensor<8xui32>, %y0: tensor<8xui32>) -> (tensor<8xui32>, tensor<8xi1>, tensor<8xui32>, tensor<8xui32>) {
  %big = stablehlo.constant dense<4294967280> : tensor<8xui32>
  %x = stablehlo.add %x0, %big : tensor<8xui32>
  %half = stablehlo.constant dense<2147483653> : tensor<8xui32>
  %y = stablehlo.add %y0, %half : tensor<8xui32>
  %lt = stablehlo.compare LT, %x, %y, UNSIGNED : (tensor<8xui32>, tensor<8xui32>) -> tensor<8xi1>
  %k = stablehlo.constant dense<3528531795> : tensor<8xui32>
  %m = stablehlo.multiply %x, %k : tensor<8xui32>
  %s = stablehlo.constant dense<13> : tensor<8xui32>
  %sl = stablehlo.shift_left %y, %s : tensor<8xui32>
  return %x, %lt, %m, %sl : tensor<8xui32>, tensor<8xi1>, tensor<8xui32>, tensor<8xui32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check -o /dev/null
// ----- stderr
// lowered 5 kernels (stablehlo.add x2, stablehlo.compare x1, stablehlo.multiply x1, stablehlo.shift_left x1), estimate 451.252 ns; device program: 5 calls
// check: 5 of 5 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 4 results
// check: the streams of 5 of 5 kernels are deadlock-free and race-free (13 semaphores)
// check: 5 of 5 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
