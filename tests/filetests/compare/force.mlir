// `--force RULE@LINE` chooses the named kernel at the named op: the unweighted RmsNorm is
// forced at 15:5 and the weight's multiply is then an Elementwise of its own. The weighted
// kernel it displaced (`rmsnorm_json_and_table.mlir`, 3.144 us) costs no more: forcing does not
// beat the extractor's own choice.
// RUN: egfuse compare tests/fixtures/jax/rmsnorm_f32.mlir --force rms-norm@15
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse compare tests/fixtures/jax/rmsnorm_f32.mlir --force rms-norm@15
// @main
//   plan    fusions  kernels  hbm bytes  tensor cycles  vector cycles  scalar cycles  gpsimd cycles      total  ratio
//   none          0       13      25868              0            630            101              0  28.197 us  5.470
//   compat        2       10      21516              0            630            101              0  22.187 us  4.304
//   egraph        2        2       8332              0            630            101              0   5.154 us  1.000
// total
//   plan    fusions  kernels  hbm bytes  tensor cycles  vector cycles  scalar cycles  gpsimd cycles      total  ratio
//   none          0       13      25868              0            630            101              0  28.197 us  5.470
//   compat        2       10      21516              0            630            101              0  22.187 us  4.304
//   egraph        2        2       8332              0            630            101              0   5.154 us  1.000
//   ops (every function body, nested regions included, after inlining): none 18 (0 fused), compat 18 (5 fused), egraph 17 (13 fused)
//   kernels (ops after fusion but constants, returns and calls, loop bodies included): none 13, compat 10, egraph 2
// fusions
//   none: 0
//   compat: 2
//     @main  Elementwise  13:5  3 ops
//     @main  Elementwise  18:5  2 ops
//   egraph: 2
//     @main      RmsNorm  15:5  10 ops
//     @main  Elementwise  18:5   2 ops
// differences
//   function         kind    at  none  compat  egraph
//   @main     Elementwise  13:5     0       1       0
//   @main     Elementwise  18:5     0       1       1
//   @main         RmsNorm  15:5     0       0       1
// ----- exit 0
