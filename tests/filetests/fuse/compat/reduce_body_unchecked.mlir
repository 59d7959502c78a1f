// The seed's "GOTCHA": the reduce body's op is not checked (a max-reduce fuses too); a stricter
// rule with `body = stablehlo.add` (tests/fixtures/rules_strict) does check it, and still fuses
// the add-reduce of `mul_red_sqrt.mlir`.
// RUN: egfuse fuse --mode compat %s --flag generalElementwiseFusion=false -o /dev/null
// RUN: egfuse fuse --mode compat %s --rules tests/fixtures/rules_strict -o /dev/null
// RUN: egfuse fuse --mode compat tests/filetests/fuse/compat/mul_red_sqrt.mlir --rules tests/fixtures/rules_strict -o /dev/null
func.func @main(%x: tensor<2x8xf32>) -> tensor<2xf32> {
  %sq = stablehlo.multiply %x, %x : tensor<2x8xf32>
  %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %sum = stablehlo.reduce(%sq init: %zero) applies stablehlo.maximum across dimensions = [1] : (tensor<2x8xf32>, tensor<f32>) -> tensor<2xf32>
  %r = stablehlo.sqrt %sum : tensor<2xf32>
  return %r : tensor<2xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse fuse --mode compat %s --flag generalElementwiseFusion=false -o /dev/null
// ----- stderr
// fused 1 cluster: MulRedSqrt x1
// ----- exit 0
// ----- egfuse fuse --mode compat %s --rules tests/fixtures/rules_strict -o /dev/null
// ----- stderr
// fused 0 clusters: none
// ----- exit 0
// ----- egfuse fuse --mode compat tests/filetests/fuse/compat/mul_red_sqrt.mlir --rules tests/fixtures/rules_strict -o /dev/null
// ----- stderr
// fused 1 cluster: MulRedSqrt x1
// ----- exit 0
