// `--int64 refuse` reports each kernel that holds a 64-bit integer.
// RUN: egfuse lower tests/fixtures/torch/hf_bert_f32.mlir --int64 refuse -o /dev/null
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower tests/fixtures/torch/hf_bert_f32.mlir --int64 refuse -o /dev/null
// ----- stderr
// error: tests/fixtures/torch/hf_bert_f32.mlir:11:5: the engines have no element type for tensor<1x8xi64>
//     ╭─[tests/fixtures/torch/hf_bert_f32.mlir:11:5]
//  10 │     %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
//  11 │     %0 = stablehlo.reshape %arg9 : (tensor<1x8xi64>) -> tensor<8xi64>
//     ·     ────────────────────────────────┬────────────────────────────────
//     ·                                     ╰── nisa buffers hold f32, bf16, f16, fp8 and integers up to 32 bits
//  12 │     %1 = stablehlo.convert %0 : (tensor<8xi64>) -> tensor<8xui32>
//     ╰────
//   help: `--int64 downcast` holds 64-bit integers as 32-bit ones, as neuronx-cc does by default
// error: tests/fixtures/torch/hf_bert_f32.mlir:15:5: the engines have no element type for tensor<1x32xi64>
//     ╭─[tests/fixtures/torch/hf_bert_f32.mlir:15:5]
//  14 │     %3 = stablehlo.reshape %2 : (tensor<8x32xf32>) -> tensor<1x8x32xf32>
//  15 │     %4 = stablehlo.slice %arg7 [0:1, 0:8] : (tensor<1x32xi64>) -> tensor<1x8xi64>
//     ·     ──────────────────────────────────────┬──────────────────────────────────────
//     ·                                           ╰── nisa buffers hold f32, bf16, f16, fp8 and integers up to 32 bits
//  16 │     %5 = stablehlo.reshape %4 : (tensor<1x8xi64>) -> tensor<8xi64>
//     ╰────
//   help: `--int64 downcast` holds 64-bit integers as 32-bit ones, as neuronx-cc does by default
//   and 1 more like it, at lines 21
// lowered 28 kernels (Attention x2, Dot x2, DotGelu x2, Elementwise x6, LayerNorm x5, stablehlo.dot_general x8, stablehlo.gather x3), estimate 12.936 us; 3 could not be lowered
// ----- exit 1
