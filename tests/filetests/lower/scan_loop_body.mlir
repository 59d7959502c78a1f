// A `lax.scan` model's layer is the body of a `stablehlo.while`: its kernels (the RmsNorms,
// DotSoftmax, DotLogistic and matmuls fused there, and the `dynamic_slice`s that pick the
// layer's weights) lower and check like a function body's; the loop itself is reported, once
// (though it has 11 results).
// RUN: egfuse lower tests/fixtures/jax/scan_llama_f32.mlir --check -o /dev/null
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower tests/fixtures/jax/scan_llama_f32.mlir --check -o /dev/null
// ----- stderr
// lowered 23 kernels (Attention x1, Dot x6, DotLogistic x1, RmsNorm x2, stablehlo.add x3, stablehlo.compare x1, stablehlo.dynamic_slice x9), estimate 13.942 us; 1 op folded at compile time (mhlo.fusion x1); device program: 23 calls, 1 loop, 3 copies
// check: 23 of 23 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 23 of 23 kernels are deadlock-free and race-free (148 semaphores)
// check: 23 of 23 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
