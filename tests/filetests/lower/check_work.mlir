// `--check-work` bounds which kernels `--check` runs: the matmul of
// `matmul_remainders_f32.mlir`, 300 x 200 x 700 (42 million multiply-adds), is run by default
// and counted apart under a limit of a million.
// RUN: egfuse lower tests/fixtures/lowering/matmul_remainders_f32.mlir --check --check-work 1000000 -o /dev/null
// RUN: egfuse lower tests/fixtures/lowering/matmul_remainders_f32.mlir --check -o /dev/null
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower tests/fixtures/lowering/matmul_remainders_f32.mlir --check --check-work 1000000 -o /dev/null
// ----- stderr
// lowered 1 kernel (stablehlo.dot_general x1), estimate 6.000 us; device program: 1 call
// check: 0 of 0 kernels agree with the ops they lower; 1 not run: each performs more than 1000000 element operations
// check: the device program of @main not run: kernel @k0 performs more than 1000000 element operations
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (10 semaphores)
// check: 0 of 0 kernels' streams read and write what the sequential order does in 10 random interleavings; 1 not run: it performs more than 1000000 element operations
// ----- exit 0
// ----- egfuse lower tests/fixtures/lowering/matmul_remainders_f32.mlir --check -o /dev/null
// ----- stderr
// lowered 1 kernel (stablehlo.dot_general x1), estimate 6.000 us; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (10 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
