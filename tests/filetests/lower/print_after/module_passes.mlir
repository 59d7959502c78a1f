// After a module pass (`fuse`, `conv-forms`, `split`) the module; after `expand`, each kernel's
// edge: the views peeled off it (the Llama block's rotary kernels read and write through them).
// RUN: egfuse lower tests/fixtures/jax/rmsnorm_f32.mlir --print-after fuse --print-after split -o /dev/null
// RUN: egfuse lower tests/fixtures/jax/llama_block_f32.mlir --print-after expand -o /dev/null
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower tests/fixtures/jax/rmsnorm_f32.mlir --print-after fuse --print-after split -o /dev/null
// ----- stderr
// // -----// IR Dump After fuse //----- //
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
// // -----// IR Dump After split //----- //
// // no kernel computes on a concatenate: nothing split
//
// lowered 1 kernel (RmsNorm x1), estimate 383.037 ns; device program: 1 call
// ----- exit 0
// ----- egfuse lower tests/fixtures/jax/llama_block_f32.mlir --print-after expand -o /dev/null
// ----- stderr
// // -----// IR Dump After expand //----- //
// // kernel @k0 (RmsNorm): 12 ops, 0 views peeled at its edge, 0 reads and 0 writes through them
// // kernel @k1 (stablehlo.dot_general): 1 ops, 0 views peeled at its edge, 0 reads and 0 writes through them
// // kernel @k2 (Elementwise): 12 ops, 6 views peeled at its edge, 4 reads and 2 writes through them
// // kernel @k3 (stablehlo.dot_general): 1 ops, 0 views peeled at its edge, 0 reads and 0 writes through them
// // kernel @k4 (Elementwise): 12 ops, 6 views peeled at its edge, 4 reads and 2 writes through them
// // kernel @k5 (stablehlo.dot_general): 1 ops, 0 views peeled at its edge, 0 reads and 0 writes through them
// // kernel @k6 (Attention): 12 ops, 0 views peeled at its edge, 0 reads and 0 writes through them
// // kernel @k7 (Dot): 3 ops, 2 views peeled at its edge, 1 reads and 0 writes through them
// // kernel @k8 (stablehlo.add): 1 ops, 0 views peeled at its edge, 0 reads and 0 writes through them
// // kernel @k9 (RmsNorm): 12 ops, 0 views peeled at its edge, 0 reads and 0 writes through them
// // kernel @k10 (stablehlo.dot_general): 1 ops, 0 views peeled at its edge, 0 reads and 0 writes through them
// // kernel @k11 (DotLogistic): 4 ops, 0 views peeled at its edge, 0 reads and 0 writes through them
// // kernel @k12 (stablehlo.dot_general): 1 ops, 0 views peeled at its edge, 0 reads and 0 writes through them
// // kernel @k13 (stablehlo.add): 1 ops, 0 views peeled at its edge, 0 reads and 0 writes through them
//
// lowered 14 kernels (Attention x1, Dot x1, DotLogistic x1, Elementwise x2, RmsNorm x2, stablehlo.add x2, stablehlo.dot_general x5), estimate 4.818 us; 4 ops folded at compile time (mhlo.fusion x2, stablehlo.cosine x1, stablehlo.sine x1); device program: 14 calls
// ----- exit 0
