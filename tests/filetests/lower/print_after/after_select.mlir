// `--after` stops after a pass that leaves a nisa kernel (tile, place, route); `select` leaves
// none, and the error says where to look instead.
// RUN: egfuse lower tests/fixtures/jax/rmsnorm_f32.mlir --after select
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower tests/fixtures/jax/rmsnorm_f32.mlir --after select
// ----- stderr
// error: --after select: `select` leaves no nisa kernel to stop at (the passes --after takes are tile, place, route; --print-after select shows what it leaves)
// ----- exit 2
