// `--print-after` repeats or takes a comma-separated list; each dump follows its pass, in
// pipeline order whatever the order asked.
// RUN: egfuse fuse tests/fixtures/jax/rmsnorm_f32.mlir --print-after merge,inline --print-after absorb -o /dev/null
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse fuse tests/fixtures/jax/rmsnorm_f32.mlir --print-after merge,inline --print-after absorb -o /dev/null
// ----- stderr
// // -----// IR Dump After inline //----- //
// module @jit_rmsnorm_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
//   func.func public @main(%arg0: tensor<2x8x32xf32>, %arg1: tensor<32xf32>) -> (tensor<2x8x32xf32> {jax.result_info = "result"}) {
//     %0 = stablehlo.multiply %arg0, %arg0 : tensor<2x8x32xf32>
//     %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
//     %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<2x8x32xf32>, tensor<f32>) -> tensor<2x8xf32>
//     %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<2x8xf32>) -> tensor<2x8x1xf32>
//     %cst_0 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
//     %3 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x8x1xf32>
//     %4 = stablehlo.divide %2, %3 : tensor<2x8x1xf32>
//     %cst_1 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
//     %5 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x8x1xf32>
//     %6 = stablehlo.add %4, %5 : tensor<2x8x1xf32>
//     %7 = stablehlo.rsqrt %6 : tensor<2x8x1xf32>
//     %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1, 2] : (tensor<2x8x1xf32>) -> tensor<2x8x32xf32>
//     %9 = stablehlo.multiply %arg0, %8 : tensor<2x8x32xf32>
//     %10 = stablehlo.broadcast_in_dim %arg1, dims = [2] : (tensor<32xf32>) -> tensor<1x1x32xf32>
//     %11 = stablehlo.broadcast_in_dim %10, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<2x8x32xf32>
//     %12 = stablehlo.multiply %9, %11 : tensor<2x8x32xf32>
//     return %12 : tensor<2x8x32xf32>
//   }
// }
//
// // -----// IR Dump After absorb //----- //
// module @jit_rmsnorm_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
//   func.func public @main(%arg0: tensor<2x8x32xf32>, %arg1: tensor<32xf32>) -> (tensor<2x8x32xf32> {jax.result_info = "result"}) {
//     %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
//     %cst_1 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
//     %0 = stablehlo.constant dense<3.2e1> : tensor<f32>
//     %12 = "mhlo.fusion"(%arg1, %arg0, %cst_1, %cst, %0) ({
//     ^bb0(%arg2: tensor<32xf32>, %arg3: tensor<2x8x32xf32>, %arg4: tensor<f32>, %arg5: tensor<f32>, %arg6: tensor<f32>):
//       %5 = stablehlo.broadcast_in_dim %arg4, dims = [] : (tensor<f32>) -> tensor<2x8x1xf32>
//       %1 = stablehlo.broadcast_in_dim %arg2, dims = [2] : (tensor<32xf32>) -> tensor<2x8x32xf32>
//       %2 = stablehlo.broadcast_in_dim %arg6, dims = [] : (tensor<f32>) -> tensor<2x8xf32>
//       %3 = stablehlo.multiply %arg3, %arg3 : tensor<2x8x32xf32>
//       %4 = stablehlo.reduce(%3 init: %arg5) applies stablehlo.add across dimensions = [2] : (tensor<2x8x32xf32>, tensor<f32>) -> tensor<2x8xf32>
//       %6 = stablehlo.divide %4, %2 : tensor<2x8xf32>
//       %7 = stablehlo.broadcast_in_dim %6, dims = [0, 1] : (tensor<2x8xf32>) -> tensor<2x8x1xf32>
//       %8 = stablehlo.add %7, %5 : tensor<2x8x1xf32>
//       %9 = stablehlo.rsqrt %8 : tensor<2x8x1xf32>
//       %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1, 2] : (tensor<2x8x1xf32>) -> tensor<2x8x32xf32>
//       %11 = stablehlo.multiply %arg3, %10 : tensor<2x8x32xf32>
//       %13 = stablehlo.multiply %11, %1 : tensor<2x8x32xf32>
//       mhlo.return %13 : tensor<2x8x32xf32>
//     }) {FusionKind = "RmsNorm"} : (tensor<32xf32>, tensor<2x8x32xf32>, tensor<f32>, tensor<f32>, tensor<f32>) -> tensor<2x8x32xf32>
//     return %12 : tensor<2x8x32xf32>
//   }
// }
//
// // -----// IR Dump After merge //----- //
// module @jit_rmsnorm_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
//   func.func public @main(%arg0: tensor<2x8x32xf32>, %arg1: tensor<32xf32>) -> (tensor<2x8x32xf32> {jax.result_info = "result"}) {
//     %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
//     %cst_1 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
//     %0 = stablehlo.constant dense<3.2e1> : tensor<f32>
//     %12 = "mhlo.fusion"(%arg1, %arg0, %cst_1, %cst, %0) ({
//     ^bb0(%arg2: tensor<32xf32>, %arg3: tensor<2x8x32xf32>, %arg4: tensor<f32>, %arg5: tensor<f32>, %arg6: tensor<f32>):
//       %5 = stablehlo.broadcast_in_dim %arg4, dims = [] : (tensor<f32>) -> tensor<2x8x1xf32>
//       %1 = stablehlo.broadcast_in_dim %arg2, dims = [2] : (tensor<32xf32>) -> tensor<2x8x32xf32>
//       %2 = stablehlo.broadcast_in_dim %arg6, dims = [] : (tensor<f32>) -> tensor<2x8xf32>
//       %3 = stablehlo.multiply %arg3, %arg3 : tensor<2x8x32xf32>
//       %4 = stablehlo.reduce(%3 init: %arg5) applies stablehlo.add across dimensions = [2] : (tensor<2x8x32xf32>, tensor<f32>) -> tensor<2x8xf32>
//       %6 = stablehlo.divide %4, %2 : tensor<2x8xf32>
//       %7 = stablehlo.broadcast_in_dim %6, dims = [0, 1] : (tensor<2x8xf32>) -> tensor<2x8x1xf32>
//       %8 = stablehlo.add %7, %5 : tensor<2x8x1xf32>
//       %9 = stablehlo.rsqrt %8 : tensor<2x8x1xf32>
//       %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1, 2] : (tensor<2x8x1xf32>) -> tensor<2x8x32xf32>
//       %11 = stablehlo.multiply %arg3, %10 : tensor<2x8x32xf32>
//       %13 = stablehlo.multiply %11, %1 : tensor<2x8x32xf32>
//       mhlo.return %13 : tensor<2x8x32xf32>
//     }) {FusionKind = "RmsNorm"} : (tensor<32xf32>, tensor<2x8x32xf32>, tensor<f32>, tensor<f32>, tensor<f32>) -> tensor<2x8x32xf32>
//     return %12 : tensor<2x8x32xf32>
//   }
// }
//
// fused 1 cluster: RmsNorm x1
// ----- exit 0
