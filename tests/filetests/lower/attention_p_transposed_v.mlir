// An Attention fusion written by hand whose second matmul is `P^T V`: it contracts the 8
// queries, not the 16 keys, so the flash form cannot build it and the kernel is a diagnostic.
// RUN: egfuse lower %s -o /dev/null
module {
  func.func public @main(%q: tensor<8x32xf32>, %k: tensor<16x32xf32>, %v: tensor<8x24xf32>) -> tensor<16x24xf32> {
    %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = "mhlo.fusion"(%q, %k, %v, %ninf, %zero) ({
    ^bb0(%a: tensor<8x32xf32>, %b: tensor<16x32xf32>, %c: tensor<8x24xf32>, %n: tensor<f32>, %z0: tensor<f32>):
      %s = stablehlo.dot_general %a, %b, contracting_dims = [1] x [1] : (tensor<8x32xf32>, tensor<16x32xf32>) -> tensor<8x16xf32>
      %m = stablehlo.reduce(%s init: %n) applies stablehlo.maximum across dimensions = [1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
      %mb = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<8xf32>) -> tensor<8x16xf32>
      %d = stablehlo.subtract %s, %mb : tensor<8x16xf32>
      %e = stablehlo.exponential %d : tensor<8x16xf32>
      %sum = stablehlo.reduce(%e init: %z0) applies stablehlo.add across dimensions = [1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
      %sb = stablehlo.broadcast_in_dim %sum, dims = [0] : (tensor<8xf32>) -> tensor<8x16xf32>
      %p = stablehlo.divide %e, %sb : tensor<8x16xf32>
      %o = stablehlo.dot_general %p, %c, contracting_dims = [0] x [0] : (tensor<8x16xf32>, tensor<8x24xf32>) -> tensor<16x24xf32>
      mhlo.return %o : tensor<16x24xf32>
    }) {FusionKind = "Attention"} : (tensor<8x32xf32>, tensor<16x32xf32>, tensor<8x24xf32>, tensor<f32>, tensor<f32>) -> tensor<16x24xf32>
    return %0 : tensor<16x24xf32>
  }
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s -o /dev/null
// ----- stderr
// error: tests/filetests/lower/attention_p_transposed_v.mlir:18:7: an attention's P V matmul that the flash form cannot build
//     ╭─[tests/filetests/lower/attention_p_transposed_v.mlir:18:7]
//  17 │       %p = stablehlo.divide %e, %sb : tensor<8x16xf32>
//  18 │       %o = stablehlo.dot_general %p, %c, contracting_dims = [0] x [0] : (tensor<8x16xf32>, tensor<8x24xf32>) -> tensor<16x24xf32>
//     ·       ─────────────────────────────────────────────────────────────┬─────────────────────────────────────────────────────────────
//     ·                                                                    ╰── its batch and query dimensions are not the scores' rows, or it contracts other than the keys
//  19 │       mhlo.return %o : tensor<16x24xf32>
//     ╰────
//   help: the flash form reads P as the softmax of the scores' rows, a PSUM bank of keys at a time
// lowered 0 kernels; 1 could not be lowered
// ----- exit 1
