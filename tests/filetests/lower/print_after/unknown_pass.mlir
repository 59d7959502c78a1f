// A pass that does not exist is an error naming every pass; nothing is lowered.
// RUN: egfuse lower tests/fixtures/jax/rmsnorm_f32.mlir --print-after tiles
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower tests/fixtures/jax/rmsnorm_f32.mlir --print-after tiles
// ----- stderr
// error: unknown pass `tiles` for --print-after: the passes are refine, complex-forms, round-forms, math-forms, rng-forms, bit-forms, window-forms, fuse, conv-forms, sink, mx-scales, norm-mx, gate-up, fold, split, expand, select, tile, place, route, device
// ----- exit 2
