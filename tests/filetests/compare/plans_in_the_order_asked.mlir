// `--plans` lists the plans in the order asked.
// RUN: egfuse compare tests/fixtures/jax/rmsnorm_f32.mlir --plans egraph,none
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse compare tests/fixtures/jax/rmsnorm_f32.mlir --plans egraph,none
// @main
//   plan    fusions  kernels  hbm bytes  tensor cycles  vector cycles  scalar cycles  gpsimd cycles      total  ratio
//   egraph        1        1       4236              0            630            101              0   3.144 us  1.000
//   none          0       13      25868              0            630            101              0  28.197 us  8.966
// total
//   plan    fusions  kernels  hbm bytes  tensor cycles  vector cycles  scalar cycles  gpsimd cycles      total  ratio
//   egraph        1        1       4236              0            630            101              0   3.144 us  1.000
//   none          0       13      25868              0            630            101              0  28.197 us  8.966
//   ops (every function body, nested regions included, after inlining): egraph 17 (13 fused), none 18 (0 fused)
//   kernels (ops after fusion but constants, returns and calls, loop bodies included): egraph 1, none 13
// fusions
//   egraph: 1
//     @main  RmsNorm  18:5  12 ops
//   none: 0
// differences
//   function     kind    at  egraph  none
//   @main     RmsNorm  18:5       1     0
// ----- exit 0
