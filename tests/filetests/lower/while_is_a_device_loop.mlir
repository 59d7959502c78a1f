// A `while` is a loop of the device program: each trip runs the condition's kernel, leaves
// unless the predicate it computed on chip holds, then runs the body's kernels; nothing is
// unrolled. The weight the body yields unchanged is read where it lies, with no copy; the
// state the body's last kernel writes goes straight into the tensor that carries it; the
// counter, which its kernel reads while writing the next one, is copied back at the end of the
// trip. `--check` runs the loop against the module.
// RUN: egfuse lower %s --check --print-after device -o /dev/null
func.func @main(%x: tensor<64x128xf32>, %w: tensor<128x128xf32>) -> tensor<64x128xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %0:3 = stablehlo.while(%i = %c0, %h = %x, %wt = %w) : tensor<i32>, tensor<64x128xf32>, tensor<128x128xf32>
  cond {
    %n = stablehlo.constant dense<3> : tensor<i32>
    %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %d = stablehlo.dot_general %h, %wt, contracting_dims = [1] x [0] : (tensor<64x128xf32>, tensor<128x128xf32>) -> tensor<64x128xf32>
    %t = stablehlo.tanh %d : tensor<64x128xf32>
    %one = stablehlo.constant dense<1> : tensor<i32>
    %j = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %j, %t, %wt : tensor<i32>, tensor<64x128xf32>, tensor<128x128xf32>
  }
  return %0#1 : tensor<64x128xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check --print-after device -o /dev/null
// ----- stderr
// // -----// IR Dump After device //----- //
// device @main {
//   hbm %arg0 : f32[64, 128] input 0 at 0
//   hbm %arg1 : f32[128, 128] input 1 at 32768
//   hbm %c0 : i32[] const at 98304
//   hbm %t0 : i32[] at 98368
//   hbm %t1 : f32[64, 128] at 98432
//   hbm %t2 : ui8[] at 131200
//   hbm %t3 : i32[] at 131200
//   hbm %t4 : f32[64, 128] at 131264
//   copy %c0 -> %t0
//   copy %arg0 -> %t1
//   loop {
//     call @k0(%t0) -> (%t2)
//     exit unless %t2
//     call @k1(%t0) -> (%t3)
//     call @k2(%t1, %arg1) -> (%t4)
//     call @k3(%t4) -> (%t1)
//     copy %t3 -> %t0
//   }
//   return %t1
// }
//
// lowered 4 kernels (stablehlo.add x1, stablehlo.compare x1, stablehlo.dot_general x1, stablehlo.tanh x1), estimate 889.176 ns; device program: 4 calls, 1 loop, 3 copies
// check: 4 of 4 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 4 of 4 kernels are deadlock-free and race-free (11 semaphores)
// check: 4 of 4 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
