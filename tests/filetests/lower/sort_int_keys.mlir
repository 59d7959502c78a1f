// Integer keys sort exactly past fp32's 2^24: each is split into `x >> 8` and its low byte
// (`lowering/src/sort.rs`). The keys are a constant, whose values the check keeps (its random
// integers are in [0, 8)): both ends of i32, keys fp32 cannot tell apart (2^24 + 1 and 2^24),
// keys equal but for the low byte or but above it, and ties, which a stable sort keeps in
// order; ascending and descending.
// RUN: egfuse lower %s --check -o /dev/null
func.func @main(%p: tensor<2x8xf32>) -> (tensor<2x8xi32>, tensor<2x8xf32>, tensor<2x8xf32>) {
  %k = stablehlo.constant dense<[[2147483647, -2147483648, 16777217, 16777216, -1, 511, 256, -256], [0, 1, 65536, 65535, -65536, 3, 3, -3]]> : tensor<2x8xi32>
  %0:2 = "stablehlo.sort"(%k, %p) <{dimension = 1 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>, %c: tensor<f32>, %d: tensor<f32>):
    %1 = stablehlo.compare LT, %a, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  }) : (tensor<2x8xi32>, tensor<2x8xf32>) -> (tensor<2x8xi32>, tensor<2x8xf32>)
  %2:2 = "stablehlo.sort"(%k, %p) <{dimension = 1 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>, %c: tensor<f32>, %d: tensor<f32>):
    %1 = stablehlo.compare GT, %a, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  }) : (tensor<2x8xi32>, tensor<2x8xf32>) -> (tensor<2x8xi32>, tensor<2x8xf32>)
  return %0#0, %0#1, %2#1 : tensor<2x8xi32>, tensor<2x8xf32>, tensor<2x8xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check -o /dev/null
// ----- stderr
// lowered 2 kernels (sort_ascending x1, sort_descending x1), estimate 29.682 us; device program: 2 calls
// check: 2 of 2 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 3 results
// check: the streams of 2 of 2 kernels are deadlock-free and race-free (12 semaphores)
// check: 2 of 2 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
