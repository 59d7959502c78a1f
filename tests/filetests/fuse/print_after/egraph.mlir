// `fuse --print-after egraph`: the module after the egraph pass, on standard error under MLIR's
// dump header. There the RmsNorm kernel reads its weight's broadcast from outside; the pipeline
// goes on, and the fused module on standard output has the broadcast taken in (`absorb`).
// RUN: egfuse fuse tests/fixtures/jax/rmsnorm_f32.mlir --print-after egraph
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse fuse tests/fixtures/jax/rmsnorm_f32.mlir --print-after egraph
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
// ----- stderr
// // -----// IR Dump After egraph //----- //
// module @jit_rmsnorm_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
//   func.func public @main(%arg0: tensor<2x8x32xf32>, %arg1: tensor<32xf32>) -> (tensor<2x8x32xf32> {jax.result_info = "result"}) {
//     %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
//     %cst_1 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
//     %5 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x8x1xf32>
//     %0 = stablehlo.broadcast_in_dim %arg1, dims = [2] : (tensor<32xf32>) -> tensor<2x8x32xf32>
//     %1 = stablehlo.constant dense<3.2e1> : tensor<f32>
//     %12 = "mhlo.fusion"(%0, %arg0, %5, %cst, %1) ({
//     ^bb0(%arg2: tensor<2x8x32xf32>, %arg3: tensor<2x8x32xf32>, %arg4: tensor<2x8x1xf32>, %arg5: tensor<f32>, %arg6: tensor<f32>):
//       %2 = stablehlo.broadcast_in_dim %arg6, dims = [] : (tensor<f32>) -> tensor<2x8xf32>
//       %3 = stablehlo.multiply %arg3, %arg3 : tensor<2x8x32xf32>
//       %4 = stablehlo.reduce(%3 init: %arg5) applies stablehlo.add across dimensions = [2] : (tensor<2x8x32xf32>, tensor<f32>) -> tensor<2x8xf32>
//       %6 = stablehlo.divide %4, %2 : tensor<2x8xf32>
//       %7 = stablehlo.broadcast_in_dim %6, dims = [0, 1] : (tensor<2x8xf32>) -> tensor<2x8x1xf32>
//       %8 = stablehlo.add %7, %arg4 : tensor<2x8x1xf32>
//       %9 = stablehlo.rsqrt %8 : tensor<2x8x1xf32>
//       %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1, 2] : (tensor<2x8x1xf32>) -> tensor<2x8x32xf32>
//       %11 = stablehlo.multiply %arg3, %10 : tensor<2x8x32xf32>
//       %13 = stablehlo.multiply %11, %arg2 : tensor<2x8x32xf32>
//       mhlo.return %13 : tensor<2x8x32xf32>
//     }) {FusionKind = "RmsNorm"} : (tensor<2x8x32xf32>, tensor<2x8x32xf32>, tensor<2x8x1xf32>, tensor<f32>, tensor<f32>) -> tensor<2x8x32xf32>
//     return %12 : tensor<2x8x32xf32>
//   }
// }
//
// fused 1 cluster: RmsNorm x1
// ----- exit 0
