// A sort along a dimension that is not the last (`jnp.argsort(x, axis=0)`) is the sort along
// the last between transposes (`window-forms`), the index array carried along: the sort
// kernel takes rows on the free axis only. The comparator is JAX's total order.
// RUN: egfuse lower %s --check -o /dev/null
func.func @main(%x: tensor<6x5xf32>) -> (tensor<6x5xf32>, tensor<6x5xi32>) {
  %i = stablehlo.iota dim = 0 : tensor<6x5xi32>
  %0:2 = "stablehlo.sort"(%x, %i) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
    %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %nan = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %1 = stablehlo.compare EQ, %a, %zero, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %2 = stablehlo.select %1, %zero, %a : tensor<i1>, tensor<f32>
    %3 = stablehlo.compare NE, %a, %a, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %4 = stablehlo.select %3, %nan, %2 : tensor<i1>, tensor<f32>
    %5 = stablehlo.compare EQ, %b, %zero, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %6 = stablehlo.select %5, %zero, %b : tensor<i1>, tensor<f32>
    %7 = stablehlo.compare NE, %b, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %8 = stablehlo.select %7, %nan, %6 : tensor<i1>, tensor<f32>
    %9 = stablehlo.compare LT, %4, %8, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %9 : tensor<i1>
  }) : (tensor<6x5xf32>, tensor<6x5xi32>) -> (tensor<6x5xf32>, tensor<6x5xi32>)
  return %0#0, %0#1 : tensor<6x5xf32>, tensor<6x5xi32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check -o /dev/null
// ----- stderr
// lowered 4 kernels (sort_ascending x1, stablehlo.transpose x3), estimate 15.346 us; 1 op folded at compile time (mhlo.fusion x1); device program: 4 calls
// check: 4 of 4 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 2 results
// check: the streams of 4 of 4 kernels are deadlock-free and race-free (5 semaphores)
// check: 4 of 4 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
