// `lower --check` reports what an MX matmul's quantized operands cost (seed 003 §4): for each
// DotMx kernel whose elements an MxQuantize kernel of the module quantized, the relative error
// of its result against the matmul of the unquantized operands in f64, and what bf16 operands
// would give. mxfp8 (e4m3, 3 mantissa bits) lands near 3e-2, about 16 times bf16's error.
// JAX's quantize of both operands, dequantize, dot (tools/gen_fixtures.py, mx_matmul_f32).
// RUN: egfuse lower tests/fixtures/jax/mx_matmul_f32.mlir --check -o /dev/null
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower tests/fixtures/jax/mx_matmul_f32.mlir --check -o /dev/null
// ----- stderr
// lowered 4 kernels (DotMx x1, Elementwise x1, MxQuantize x2), estimate 8.432 us; 6 ops alias their operands (stablehlo.bitcast_convert x2, stablehlo.reshape x4); device program: 4 calls
// check: 4 of 4 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: MX accuracy of @k3 (DotMx at tests/fixtures/jax/mx_matmul_f32.mlir:128:5): 3.37e-2 relative error against the matmul of its unquantized operands in f64; bf16 operands: 2.07e-3
// check: the streams of 4 of 4 kernels are deadlock-free and race-free (33 semaphores)
// check: 4 of 4 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
