// Two reduces of the same operand, dimensions and one-op body compute the same value, so the
// e-graph holds them as one class and the fused module computes the maximum once (JAX's MoE
// quantizes its input once per expert, each with a reduce of its own). A reduce whose body is
// another op (the sum) stays its own.
// RUN: egfuse fuse %s
module @same_reduce_twice {
  func.func public @main(%x: tensor<8x64xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
    %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %m1 = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<8x64xf32>, tensor<f32>) -> tensor<8xf32>
    %m2 = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<8x64xf32>, tensor<f32>) -> tensor<8xf32>
    %s = stablehlo.reduce(%x init: %ninf) applies stablehlo.add across dimensions = [1] : (tensor<8x64xf32>, tensor<f32>) -> tensor<8xf32>
    %a = stablehlo.exponential %m1 : tensor<8xf32>
    %b = stablehlo.negate %m2 : tensor<8xf32>
    return %a, %b, %s : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
  }
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse fuse %s
// module @same_reduce_twice {
//   func.func public @main(%x: tensor<8x64xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
//     %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
//     %s = stablehlo.reduce(%x init: %ninf) applies stablehlo.add across dimensions = [1] : (tensor<8x64xf32>, tensor<f32>) -> tensor<8xf32>
//     %m1 = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<8x64xf32>, tensor<f32>) -> tensor<8xf32>
//     %b = stablehlo.negate %m1 : tensor<8xf32>
//     %a = stablehlo.exponential %m1 : tensor<8xf32>
//     return %a, %b, %s : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
//   }
// }
// ----- stderr
// fused 0 clusters: none
// ----- exit 0
