// Compat mode's passes are the seed's sub-passes: `egraph` is none of them, and the error lists
// the mode's own.
// RUN: egfuse fuse tests/fixtures/jax/rmsnorm_f32.mlir --mode compat --print-after egraph
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse fuse tests/fixtures/jax/rmsnorm_f32.mlir --mode compat --print-after egraph
// ----- stderr
// error: unknown pass `egraph` for --print-after: the passes are SubExp, DotLogistic, MulRedSqrt, Expm1, Log1p, elementwise
// ----- exit 2
