// `--float64 refuse` reports each kernel that holds a 64-bit float.
// RUN: egfuse lower tests/filetests/lower/float64_downcast.mlir --float64 refuse -o /dev/null
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower tests/filetests/lower/float64_downcast.mlir --float64 refuse -o /dev/null
// ----- stderr
// error: tests/filetests/lower/float64_downcast.mlir:8:3: the engines have no element type for tensor<3x5xf64>
//    ╭─[tests/filetests/lower/float64_downcast.mlir:8:3]
//  7 │   %0 = stablehlo.multiply %a, %c : tensor<3x5xf64>
//  8 │   %1 = stablehlo.exponential %0 : tensor<3x5xf64>
//    ·   ───────────────────────┬───────────────────────
//    ·                          ╰── nisa buffers hold f32, bf16, f16, fp8 (E4M3, E4M3FN, E5M2, E8M0), fp4 (E2M1) and integers up to 32 bits
//  9 │   return %1 : tensor<3x5xf64>
//    ╰────
//   help: `--float64 downcast` holds 64-bit floats as f32, as PyTorch/XLA does on Neuron
// lowered 0 kernels; 1 could not be lowered
// ----- exit 1
