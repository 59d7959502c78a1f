// A sliding-window sum (`reduce_window` of an `add` from zero along one axis) is spelled before
// fusion as ops the lowering takes. A float sum is a matmul with a band of ones, on PE: here a
// cumulative sum along rows (padding 5 before a window of 6), the band built from iotas and
// compares that fold to a constant. An integer prefix sum is log-step adds of the operand
// shifted by 1, 2, 4 (a slice and a pad with zeros), on GpSimd, exact however it wraps.
// RUN: egfuse lower %s --check -o /dev/null --print-after window-forms
func.func @main(%x: tensor<3x6xf32>, %mask: tensor<2x6xi32>) -> (tensor<3x6xf32>, tensor<2x6xi32>) {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%x, %zero) <{padding = dense<[[0, 0], [5, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 1, 6>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<3x6xf32>, tensor<f32>) -> tensor<3x6xf32>
  %izero = stablehlo.constant dense<0> : tensor<i32>
  %1 = "stablehlo.reduce_window"(%mask, %izero) <{padding = dense<[[0, 0], [5, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 1, 6>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) : (tensor<2x6xi32>, tensor<i32>) -> tensor<2x6xi32>
  return %0, %1 : tensor<3x6xf32>, tensor<2x6xi32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check -o /dev/null --print-after window-forms
// ----- stderr
// // -----// IR Dump After window-forms //----- //
// func.func @main(%x: tensor<3x6xf32>, %mask: tensor<2x6xi32>) -> (tensor<3x6xf32>, tensor<2x6xi32>) {
//   %zero = stablehlo.constant dense<0.0> : tensor<f32>
//   %0 = stablehlo.iota dim = 0 : tensor<6x6xi32>
//   %1 = stablehlo.iota dim = 1 : tensor<6x6xi32>
//   %2 = stablehlo.constant dense<5> : tensor<6x6xi32>
//   %3 = stablehlo.add %0, %2 : tensor<6x6xi32>
//   %4 = stablehlo.subtract %3, %1 : tensor<6x6xi32>
//   %5 = stablehlo.constant dense<0> : tensor<6x6xi32>
//   %6 = stablehlo.compare GE, %4, %5, SIGNED : (tensor<6x6xi32>, tensor<6x6xi32>) -> tensor<6x6xi1>
//   %7 = stablehlo.constant dense<5> : tensor<6x6xi32>
//   %8 = stablehlo.compare LE, %4, %7, SIGNED : (tensor<6x6xi32>, tensor<6x6xi32>) -> tensor<6x6xi1>
//   %9 = stablehlo.and %6, %8 : tensor<6x6xi1>
//   %10 = stablehlo.convert %9 : (tensor<6x6xi1>) -> tensor<6x6xf32>
//   %11 = stablehlo.dot_general %x, %10, contracting_dims = [1] x [0] : (tensor<3x6xf32>, tensor<6x6xf32>) -> tensor<3x6xf32>
//   %izero = stablehlo.constant dense<0> : tensor<i32>
//   %12 = stablehlo.slice %mask [0:2, 0:5] : (tensor<2x6xi32>) -> tensor<2x5xi32>
//   %13 = stablehlo.pad %12, %izero, low = [0, 1], high = [0, 0], interior = [0, 0] : (tensor<2x5xi32>, tensor<i32>) -> tensor<2x6xi32>
//   %14 = stablehlo.add %mask, %13 : tensor<2x6xi32>
//   %15 = stablehlo.slice %14 [0:2, 0:4] : (tensor<2x6xi32>) -> tensor<2x4xi32>
//   %16 = stablehlo.pad %15, %izero, low = [0, 2], high = [0, 0], interior = [0, 0] : (tensor<2x4xi32>, tensor<i32>) -> tensor<2x6xi32>
//   %17 = stablehlo.add %14, %16 : tensor<2x6xi32>
//   %18 = stablehlo.slice %17 [0:2, 0:2] : (tensor<2x6xi32>) -> tensor<2x2xi32>
//   %19 = stablehlo.pad %18, %izero, low = [0, 4], high = [0, 0], interior = [0, 0] : (tensor<2x2xi32>, tensor<i32>) -> tensor<2x6xi32>
//   %20 = stablehlo.add %17, %19 : tensor<2x6xi32>
//   return %11, %20 : tensor<3x6xf32>, tensor<2x6xi32>
// }
//
// lowered 10 kernels (stablehlo.add x3, stablehlo.dot_general x1, stablehlo.pad x3, stablehlo.slice x3), estimate 658.993 ns; 1 op folded at compile time (mhlo.fusion x1); device program: 10 calls
// check: 10 of 10 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 2 results
// check: the streams of 10 of 10 kernels are deadlock-free and race-free (11 semaphores)
// check: 10 of 10 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
