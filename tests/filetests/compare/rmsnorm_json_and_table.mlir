// `egfuse compare` puts the plans side by side: the JSON (`--json -`, docs/reports.md) and then
// the table of a small fixture, pinned.
// RUN: egfuse compare tests/fixtures/jax/rmsnorm_f32.mlir --json -
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse compare tests/fixtures/jax/rmsnorm_f32.mlir --json -
// {
//   "target": "neuroncore-v2",
//   "dynamic_dim": null,
//   "best": "egraph",
//   "xla_kernel_count": null,
//   "plans": [
//     {
//       "name": "none",
//       "fusions": [],
//       "ops": 18,
//       "fused_ops": 0,
//       "kernel_count": 13,
//       "hbm_bytes": 25868,
//       "cycles": {
//         "gpsimd": 0,
//         "scalar": 101,
//         "tensor": 0,
//         "vector": 630
//       },
//       "kernels": 13,
//       "total": 28197759,
//       "ratio": 8.966,
//       "functions": [
//         {
//           "name": "main",
//           "hbm_bytes": 25868,
//           "cycles": {
//             "gpsimd": 0,
//             "scalar": 101,
//             "tensor": 0,
//             "vector": 630
//           },
//           "kernels": 13,
//           "total": 28197759,
//           "ratio": 8.966
//         }
//       ]
//     },
//     {
//       "name": "compat",
//       "fusions": [
//         {
//           "function": "main",
//           "kind": "Elementwise",
//           "at": "13:5",
//           "ops": 3
//         },
//         {
//           "function": "main",
//           "kind": "Elementwise",
//           "at": "18:5",
//           "ops": 2
//         }
//       ],
//       "ops": 18,
//       "fused_ops": 5,
//       "kernel_count": 10,
//       "hbm_bytes": 21516,
//       "cycles": {
//         "gpsimd": 0,
//         "scalar": 101,
//         "tensor": 0,
//         "vector": 630
//       },
//       "kernels": 10,
//       "total": 22187139,
//       "ratio": 7.055,
//       "functions": [
//         {
//           "name": "main",
//           "hbm_bytes": 21516,
//           "cycles": {
//             "gpsimd": 0,
//             "scalar": 101,
//             "tensor": 0,
//             "vector": 630
//           },
//           "kernels": 10,
//           "total": 22187139,
//           "ratio": 7.055
//         }
//       ]
//     },
//     {
//       "name": "egraph",
//       "fusions": [
//         {
//           "function": "main",
//           "kind": "RmsNorm",
//           "at": "18:5",
//           "ops": 12
//         }
//       ],
//       "ops": 17,
//       "fused_ops": 13,
//       "kernel_count": 1,
//       "hbm_bytes": 4236,
//       "cycles": {
//         "gpsimd": 0,
//         "scalar": 101,
//         "tensor": 0,
//         "vector": 630
//       },
//       "kernels": 1,
//       "total": 3144979,
//       "ratio": 1.0,
//       "functions": [
//         {
//           "name": "main",
//           "hbm_bytes": 4236,
//           "cycles": {
//             "gpsimd": 0,
//             "scalar": 101,
//             "tensor": 0,
//             "vector": 630
//           },
//           "kernels": 1,
//           "total": 3144979,
//           "ratio": 1.0
//         }
//       ]
//     }
//   ],
//   "differences": [
//     {
//       "function": "main",
//       "kind": "Elementwise",
//       "at": "13:5",
//       "counts": {
//         "compat": 1,
//         "egraph": 0,
//         "none": 0
//       }
//     },
//     {
//       "function": "main",
//       "kind": "Elementwise",
//       "at": "18:5",
//       "counts": {
//         "compat": 1,
//         "egraph": 0,
//         "none": 0
//       }
//     },
//     {
//       "function": "main",
//       "kind": "RmsNorm",
//       "at": "18:5",
//       "counts": {
//         "compat": 0,
//         "egraph": 1,
//         "none": 0
//       }
//     }
//   ]
// }
// @main
//   plan    fusions  kernels  hbm bytes  tensor cycles  vector cycles  scalar cycles  gpsimd cycles      total  ratio
//   none          0       13      25868              0            630            101              0  28.197 us  8.966
//   compat        2       10      21516              0            630            101              0  22.187 us  7.055
//   egraph        1        1       4236              0            630            101              0   3.144 us  1.000
// total
//   plan    fusions  kernels  hbm bytes  tensor cycles  vector cycles  scalar cycles  gpsimd cycles      total  ratio
//   none          0       13      25868              0            630            101              0  28.197 us  8.966
//   compat        2       10      21516              0            630            101              0  22.187 us  7.055
//   egraph        1        1       4236              0            630            101              0   3.144 us  1.000
//   ops (every function body, nested regions included, after inlining): none 18 (0 fused), compat 18 (5 fused), egraph 17 (13 fused)
//   kernels (ops after fusion but constants, returns and calls, loop bodies included): none 13, compat 10, egraph 1
// fusions
//   none: 0
//   compat: 2
//     @main  Elementwise  13:5  3 ops
//     @main  Elementwise  18:5  2 ops
//   egraph: 1
//     @main  RmsNorm  18:5  12 ops
// differences
//   function         kind    at  none  compat  egraph
//   @main     Elementwise  13:5     0       1       0
//   @main     Elementwise  18:5     0       1       0
//   @main         RmsNorm  18:5     0       0       1
// ----- exit 0
