// A match the sub-pass does not build says which cluster claimed it (alone, nothing claims it:
// no "not built"); coverage counts it as a match that was not applied (mul-red-sqrt: 1 anchor,
// 1 match, 0 applied).
// RUN: egfuse explain tests/fixtures/explain/l2_norm.mlir --rule mul-red-sqrt --mode compat
// RUN: egfuse explain tests/fixtures/explain/l2_norm.mlir --rule mul-red-sqrt --mode compat --extra-rules tests/fixtures/explain/claim_rules
// RUN: egfuse coverage tests/fixtures/explain/l2_norm.mlir --mode compat --extra-rules tests/fixtures/explain/claim_rules
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse explain tests/fixtures/explain/l2_norm.mlir --rule mul-red-sqrt --mode compat
// rule mul-red-sqrt (MulRedSqrt), compat mode: 1 candidate anchor, 1 matched
//
// tests/fixtures/explain/l2_norm.mlir:5:3: %sum = stablehlo.reduce
//   | %sum = stablehlo.reduce(%sq init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
//   matched: %sq = %sq, %sum = %sum, %out = %norm
// ----- exit 0
// ----- egfuse explain tests/fixtures/explain/l2_norm.mlir --rule mul-red-sqrt --mode compat --extra-rules tests/fixtures/explain/claim_rules
// rule mul-red-sqrt (MulRedSqrt), compat mode: 1 candidate anchor, 1 matched
//
// tests/fixtures/explain/l2_norm.mlir:5:3: %sum = stablehlo.reduce
//   | %sum = stablehlo.reduce(%sq init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
//   matched: %sq = %sq, %sum = %sum, %out = %norm
//   not built: %sq is in a SquareSum cluster of rule square-sum (priority 20) found first
// ----- exit 0
// ----- egfuse coverage tests/fixtures/explain/l2_norm.mlir --mode compat --extra-rules tests/fixtures/explain/claim_rules
// rule                 kind          anchors   matches   applied
// dot-logistic         DotLogistic         0         0         0
// dot-silu             DotLogistic         0         0         0
// dot-logistic-shared  DotLogistic         0         0         0
// elementwise          Elementwise         3         0         0
//     rejected      1  fewer than min_ops = 2 ops
//     rejected      1  not_fused(%op)
//     rejected      1  top_level(%op)
// reduce-input         Reduce              0         0         0
// matmul-views         Dot                 0         0         0
// loop                 Elementwise         0         0         0
// expm1                Expm1               0         0         0
// expm1-native         Expm1               0         0         0
// gelu-erf             Gelu                0         0         0
// gelu-tanh            Gelu                0         0         0
// gelu-sigmoid         Gelu                0         0         0
// dot-gelu-erf         DotGelu             0         0         0
// dot-gelu-tanh        DotGelu             0         0         0
// dot-gelu-sigmoid     DotGelu             0         0         0
// log1p                Log1p               0         0         0
// log1p-native         Log1p               0         0         0
// mul-red-sqrt         MulRedSqrt          1         1         0
// mul-red-sqrt-upcast  MulRedSqrt          0         0         0
// mul-red-sqrt-eps     MulRedSqrt          0         0         0
// mx-quantize          MxQuantize          0         0         0
// dot-mx               DotMx               0         0         0
// rms-norm             RmsNorm             0         0         0
// layer-norm           LayerNorm           0         0         0
// layer-norm-moments   LayerNorm           0         0         0
// dot-softmax          DotSoftmax          0         0         0
// softmax-alone        Softmax             0         0         0
// softmax-unshifted    Softmax             0         0         0
// log-softmax          LogSoftmax          0         0         0
// sub-exp              SubExp              0         0         0
// square-sum           SquareSum           1         1         1
//     at tests/fixtures/explain/l2_norm.mlir:5:3 in @main
//
// ops, counted the same in every mode: ops of every function body, nested regions included, after inlining, before fusion; fused: the ops less those the fused module, inlined the same way, keeps outside fusions
// file                                     ops    fused       %  fusions
// tests/fixtures/explain/l2_norm.mlir        5        3    60.0  SquareSum x1
// 1 file (0 failed, mode compat): 5 ops, 3 inside fusions (60.0% fused)
// 1 rule applied, 0 fusions merged into others, 1 fusion
// never fired: dot-logistic, elementwise, expm1, log1p, sub-exp
// not run in compat mode: dot-silu, dot-logistic-shared, reduce-input, matmul-views, loop, expm1-native, gelu-erf, gelu-tanh, gelu-sigmoid, dot-gelu-erf, dot-gelu-tanh, dot-gelu-sigmoid, log1p-native, mul-red-sqrt-upcast, mul-red-sqrt-eps, mx-quantize, dot-mx, rms-norm, layer-norm, layer-norm-moments, dot-softmax, softmax-alone, softmax-unshifted, log-softmax
// ----- exit 0
