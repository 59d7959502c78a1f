// A stable descending sort of keys with ties, a NaN (where the input is 3), -0.0 (where it is
// 0) and +0.0 (where it is 4), carrying an iota and the input along: a bitonic network on
// DVE over rows padded from 12 to 16, 130 rows (two tiles). The comparator canonicalises zeros
// and NaNs and compares GT in the total order; it is recognised by what it computes on probe
// pairs. The device program's check runs the whole function against the reference.
// RUN: egfuse lower %s --check -o /dev/null
func.func @main(%x: tensor<130x12xi32>) -> (tensor<130x12xf32>, tensor<130x12xi32>, tensor<130x12xi32>) {
  %f = stablehlo.convert %x : (tensor<130x12xi32>) -> tensor<130x12xf32>
  %four = stablehlo.constant dense<4.0> : tensor<130x12xf32>
  %centred = stablehlo.subtract %f, %four : tensor<130x12xf32>
  %three = stablehlo.constant dense<3> : tensor<130x12xi32>
  %zero = stablehlo.constant dense<0> : tensor<130x12xi32>
  %is3 = stablehlo.compare EQ, %x, %three, SIGNED : (tensor<130x12xi32>, tensor<130x12xi32>) -> tensor<130x12xi1>
  %is0 = stablehlo.compare EQ, %x, %zero, SIGNED : (tensor<130x12xi32>, tensor<130x12xi32>) -> tensor<130x12xi1>
  %nan = stablehlo.constant dense<0x7FC00000> : tensor<130x12xf32>
  %negzero = stablehlo.constant dense<-0.0> : tensor<130x12xf32>
  %a = stablehlo.select %is3, %nan, %centred : tensor<130x12xi1>, tensor<130x12xf32>
  %k = stablehlo.select %is0, %negzero, %a : tensor<130x12xi1>, tensor<130x12xf32>
  %i = stablehlo.iota dim = 1 : tensor<130x12xi32>
  %r:3 = "stablehlo.sort"(%k, %i, %x) <{dimension = 1 : i64, is_stable = true}> ({
  ^bb0(%a0: tensor<f32>, %b0: tensor<f32>, %a1: tensor<i32>, %b1: tensor<i32>, %a2: tensor<i32>, %b2: tensor<i32>):
    %z = stablehlo.constant dense<0.0> : tensor<f32>
    %q = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %az = stablehlo.compare EQ, %a0, %z, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %a1c = stablehlo.select %az, %z, %a0 : tensor<i1>, tensor<f32>
    %an = stablehlo.compare NE, %a0, %a0, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %ac = stablehlo.select %an, %q, %a1c : tensor<i1>, tensor<f32>
    %bz = stablehlo.compare EQ, %b0, %z, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %b1c = stablehlo.select %bz, %z, %b0 : tensor<i1>, tensor<f32>
    %bn = stablehlo.compare NE, %b0, %b0, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %bc = stablehlo.select %bn, %q, %b1c : tensor<i1>, tensor<f32>
    %gt = stablehlo.compare GT, %ac, %bc, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %gt : tensor<i1>
  }) : (tensor<130x12xf32>, tensor<130x12xi32>, tensor<130x12xi32>) -> (tensor<130x12xf32>, tensor<130x12xi32>, tensor<130x12xi32>)
  return %r#0, %r#1, %r#2 : tensor<130x12xf32>, tensor<130x12xi32>, tensor<130x12xi32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check -o /dev/null
// ----- stderr
// lowered 3 kernels (Elementwise x1, sort_descending x1, stablehlo.iota x1), estimate 66.462 us; device program: 3 calls
// check: 3 of 3 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 3 results
// check: the streams of 3 of 3 kernels are deadlock-free and race-free (13 semaphores)
// check: 3 of 3 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
