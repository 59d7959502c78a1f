// `--forbid RULE` drops the rule from both fusion plans: every variant of `rms-norm` goes
// (egraph mode then fuses a Reduce and an Elementwise), and without `elementwise` compat mode
// fuses nothing.
// RUN: egfuse compare tests/fixtures/jax/rmsnorm_f32.mlir --forbid rms-norm
// RUN: egfuse compare tests/fixtures/jax/rmsnorm_f32.mlir --forbid elementwise
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse compare tests/fixtures/jax/rmsnorm_f32.mlir --forbid rms-norm
// @main
//   plan    fusions  kernels  hbm bytes  tensor cycles  vector cycles  scalar cycles  gpsimd cycles      total  ratio
//   none          0       13      25868              0            630            101              0  28.197 us  4.991
//   compat        2       10      21516              0            630            101              0  22.187 us  3.927
//   egraph        2        2       6400              0            630            101              0   5.650 us  1.000
// total
//   plan    fusions  kernels  hbm bytes  tensor cycles  vector cycles  scalar cycles  gpsimd cycles      total  ratio
//   none          0       13      25868              0            630            101              0  28.197 us  4.991
//   compat        2       10      21516              0            630            101              0  22.187 us  3.927
//   egraph        2        2       6400              0            630            101              0   5.650 us  1.000
//   ops (every function body, nested regions included, after inlining): none 18 (0 fused), compat 18 (5 fused), egraph 16 (15 fused)
//   kernels (ops after fusion but constants, returns and calls, loop bodies included): none 13, compat 10, egraph 2
// fusions
//   none: 0
//   compat: 2
//     @main  Elementwise  13:5  3 ops
//     @main  Elementwise  18:5  2 ops
//   egraph: 2
//     @main       Reduce   5:5   3 ops
//     @main  Elementwise  18:5  11 ops
// differences
//   function         kind    at  none  compat  egraph
//   @main     Elementwise  13:5     0       1       0
//   @main     Elementwise  18:5     0       1       1
//   @main          Reduce   5:5     0       0       1
// ----- exit 0
// ----- egfuse compare tests/fixtures/jax/rmsnorm_f32.mlir --forbid elementwise
// @main
//   plan    fusions  kernels  hbm bytes  tensor cycles  vector cycles  scalar cycles  gpsimd cycles      total  ratio
//   none          0       13      25868              0            630            101              0  28.197 us  8.966
//   compat        0       13      25868              0            630            101              0  28.197 us  8.966
//   egraph        1        1       4236              0            630            101              0   3.144 us  1.000
// total
//   plan    fusions  kernels  hbm bytes  tensor cycles  vector cycles  scalar cycles  gpsimd cycles      total  ratio
//   none          0       13      25868              0            630            101              0  28.197 us  8.966
//   compat        0       13      25868              0            630            101              0  28.197 us  8.966
//   egraph        1        1       4236              0            630            101              0   3.144 us  1.000
//   ops (every function body, nested regions included, after inlining): none 18 (0 fused), compat 18 (0 fused), egraph 17 (13 fused)
//   kernels (ops after fusion but constants, returns and calls, loop bodies included): none 13, compat 13, egraph 1
// fusions
//   none: 0
//   compat: 0
//   egraph: 1
//     @main  RmsNorm  18:5  12 ops
// differences
//   function     kind    at  none  compat  egraph
//   @main     RmsNorm  18:5     0       0       1
// ----- exit 0
