// An unknown rule or kind, a bad `--at` and an input that does not parse exit 2 with a
// diagnostic.
// RUN: egfuse explain tests/fixtures/jax/rmsnorm_f32.mlir --rule no-such-rule
// RUN: egfuse explain tests/fixtures/jax/rmsnorm_f32.mlir --rule rms-norm --at x:y
// RUN: egfuse explain tests/bad/bad_dense.mlir --rule rms-norm
// RUN: egfuse explain tests/fixtures/jax/rmsnorm_f32.mlir --kind Nope
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse explain tests/fixtures/jax/rmsnorm_f32.mlir --rule no-such-rule
// ----- stderr
// error: no fusion rule named `no-such-rule`; the fusion rules are: dot-gelu-erf, dot-gelu-sigmoid, dot-gelu-tanh, dot-logistic, dot-logistic-shared, dot-mx, dot-silu, dot-softmax, elementwise, expm1, expm1-native, gelu-erf, gelu-sigmoid, gelu-tanh, layer-norm, layer-norm-moments, log-softmax, log1p, log1p-native, loop, matmul-views, mul-red-sqrt, mul-red-sqrt-eps, mul-red-sqrt-upcast, mx-quantize, reduce-input, rms-norm, softmax-alone, softmax-unshifted, sub-exp
// ----- exit 2
// ----- egfuse explain tests/fixtures/jax/rmsnorm_f32.mlir --rule rms-norm --at x:y
// ----- stderr
// error: bad --at `x:y`: expected LINE, LINE:COL or FILE:LINE:COL
// ----- exit 2
// ----- egfuse explain tests/bad/bad_dense.mlir --rule rms-norm
// ----- stderr
// error: tests/bad/bad_dense.mlir:2:39: expected a number or `true`/`false`
//    ╭─[tests/bad/bad_dense.mlir:2:39]
//  1 │ func.func @f() -> tensor<2xf32> {
//  2 │   %0 = stablehlo.constant dense<[1.0, oops]> : tensor<2xf32>
//    ·                                       ──┬─
//    ·                                         ╰── found `oops`
//  3 │   return %0 : tensor<2xf32>
//    ╰────
// ----- exit 2
// ----- egfuse explain tests/fixtures/jax/rmsnorm_f32.mlir --kind Nope
// ----- stderr
// error: no fusion rule of kind `Nope`; the kinds are: Dot, DotGelu, DotLogistic, DotMx, DotSoftmax, Elementwise, Expm1, Gelu, LayerNorm, Log1p, LogSoftmax, MulRedSqrt, MxQuantize, Reduce, RmsNorm, Softmax, SubExp
// ----- exit 2
