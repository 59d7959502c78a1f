// `case` and `if` are switches of the device program on a scalar a kernel computed: each arm
// runs its branch's kernels and writes the op's results, a value a branch returns as it is
// by a copy. An index out of range takes the last arm, as StableHLO's `case` does; an `if` is
// a switch of its false and true branches, in that order (a predicate is 0 or 1).
// RUN: egfuse lower %s --check --print-after device -o /dev/null
func.func @main(%k: tensor<i32>, %x: tensor<8x128xf32>) -> (tensor<8x128xf32>, tensor<8x128xf32>) {
  %0 = "stablehlo.case"(%k) ({
    %e = stablehlo.exponential %x : tensor<8x128xf32>
    stablehlo.return %e : tensor<8x128xf32>
  }, {
    stablehlo.return %x : tensor<8x128xf32>
  }) : (tensor<i32>) -> tensor<8x128xf32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %p = stablehlo.compare GT, %k, %zero, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %1 = "stablehlo.if"(%p) ({
    %s = stablehlo.sine %0 : tensor<8x128xf32>
    stablehlo.return %s : tensor<8x128xf32>
  }, {
    %c = stablehlo.cosine %0 : tensor<8x128xf32>
    stablehlo.return %c : tensor<8x128xf32>
  }) : (tensor<i1>) -> tensor<8x128xf32>
  return %0, %1 : tensor<8x128xf32>, tensor<8x128xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check --print-after device -o /dev/null
// ----- stderr
// // -----// IR Dump After device //----- //
// device @main {
//   hbm %arg0 : i32[] input 0 at 0
//   hbm %arg1 : f32[8, 128] input 1 at 64
//   hbm %t0 : f32[8, 128] at 4160
//   hbm %t1 : ui8[] at 8256
//   hbm %t2 : f32[8, 128] at 8256
//   switch %arg0 {
//     case {
//       call @k1(%arg1) -> (%t0)
//     }
//     case {
//       copy %arg1 -> %t0
//     }
//   }
//   call @k0(%arg0) -> (%t1)
//   switch %t1 {
//     case {
//       call @k3(%t0) -> (%t2)
//     }
//     case {
//       call @k2(%t0) -> (%t2)
//     }
//   }
//   return %t0, %t2
// }
//
// lowered 4 kernels (stablehlo.compare x1, stablehlo.cosine x1, stablehlo.exponential x1, stablehlo.sine x1), estimate 669.825 ns; device program: 4 calls, 2 switches, 1 copy
// check: 4 of 4 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 2 results
// check: the streams of 4 of 4 kernels are deadlock-free and race-free (8 semaphores)
// check: 4 of 4 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
