// `--int64 refuse` reports each kernel that holds a 64-bit integer.
// RUN: egfuse lower tests/fixtures/torch/hf_bert_f32.mlir --int64 refuse -o /dev/null
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower tests/fixtures/torch/hf_bert_f32.mlir --int64 refuse -o /dev/null
// ----- stderr
// error: tests/fixtures/torch/hf_bert_f32.mlir:12:5: the engines have no element type for tensor<1x8xi64>
//     ╭─[tests/fixtures/torch/hf_bert_f32.mlir:12:5]
//  11 │     %0 = stablehlo.reshape %arg9 : (tensor<1x8xi64>) -> tensor<8xi64>
//  12 │     %1 = stablehlo.convert %0 : (tensor<8xi64>) -> tensor<8xui32>
//     ·     ──────────────────────────────┬──────────────────────────────
//     ·                                   ╰── nisa buffers hold f32, bf16, f16, fp8 (E4M3, E4M3FN, E5M2, E8M0), fp4 (E2M1) and integers up to 32 bits
//  13 │     %2 = "stablehlo.gather"(%arg10, %1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 32>}> : (tensor<64x32xf32>, tensor<8xui32>) -> tensor<8x32xf32>
//     ╰────
//   help: `--int64 downcast` holds 64-bit integers as 32-bit ones, as neuronx-cc does by default
// error: tests/fixtures/torch/hf_bert_f32.mlir:17:5: the engines have no element type for tensor<1x32xi64>
//     ╭─[tests/fixtures/torch/hf_bert_f32.mlir:17:5]
//  16 │     %5 = stablehlo.reshape %4 : (tensor<1x8xi64>) -> tensor<8xi64>
//  17 │     %6 = stablehlo.convert %5 : (tensor<8xi64>) -> tensor<8xui32>
//     ·     ──────────────────────────────┬──────────────────────────────
//     ·                                   ╰── nisa buffers hold f32, bf16, f16, fp8 (E4M3, E4M3FN, E5M2, E8M0), fp4 (E2M1) and integers up to 32 bits
//  18 │     %7 = "stablehlo.gather"(%arg8, %6) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 32>}> : (tensor<2x32xf32>, tensor<8xui32>) -> tensor<8x32xf32>
//     ╰────
//   help: `--int64 downcast` holds 64-bit integers as 32-bit ones, as neuronx-cc does by default
//   and 1 more like it, at lines 23
// lowered 28 kernels (Attention x2, Dot x2, DotGelu x2, Elementwise x6, LayerNorm x5, stablehlo.dot_general x8, stablehlo.gather x3), estimate 13.166 us; 3 could not be lowered
// ----- exit 1
