// `egfuse coverage` in compat mode on a committed fixture: the JSON report (`--json -`, keys in
// docs/reports.md's order) and then the table, pinned; nothing on stderr (no progress bar when
// piped).
// RUN: egfuse coverage tests/fixtures/jax/rmsnorm_f32.mlir --mode compat --json -
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse coverage tests/fixtures/jax/rmsnorm_f32.mlir --mode compat --json -
// {
//   "mode": "compat",
//   "op_basis": "ops of every function body, nested regions included, after inlining, before fusion",
//   "totals": {
//     "ops": 18,
//     "fused_ops": 5,
//     "applied": 2,
//     "merged": 0,
//     "fusions": 2
//   },
//   "files": [
//     {
//       "path": "tests/fixtures/jax/rmsnorm_f32.mlir",
//       "ops": 18,
//       "fused_ops": 5,
//       "applied": 2,
//       "merged": 0,
//       "fusions": {
//         "Elementwise": 2
//       }
//     }
//   ],
//   "rules": [
//     {
//       "name": "dot-logistic",
//       "kind": "DotLogistic",
//       "anchors": 0,
//       "matches": 0,
//       "applied": 0,
//       "rejected": {},
//       "sites": []
//     },
//     {
//       "name": "dot-silu",
//       "kind": "DotLogistic",
//       "anchors": 0,
//       "matches": 0,
//       "applied": 0,
//       "rejected": {},
//       "sites": []
//     },
//     {
//       "name": "dot-logistic-shared",
//       "kind": "DotLogistic",
//       "anchors": 0,
//       "matches": 0,
//       "applied": 0,
//       "rejected": {},
//       "sites": []
//     },
//     {
//       "name": "elementwise",
//       "kind": "Elementwise",
//       "anchors": 7,
//       "matches": 2,
//       "applied": 2,
//       "rejected": {
//         "fewer than min_ops = 2 ops": 1,
//         "joined a later op's cluster": 3,
//         "top_level(%op)": 1
//       },
//       "sites": [
//         {
//           "file": "tests/fixtures/jax/rmsnorm_f32.mlir",
//           "function": "main",
//           "location": "13:5"
//         },
//         {
//           "file": "tests/fixtures/jax/rmsnorm_f32.mlir",
//           "function": "main",
//           "location": "18:5"
//         }
//       ]
//     },
//     {
//       "name": "reduce-input",
//       "kind": "Reduce",
//       "anchors": 0,
//       "matches": 0,
//       "applied": 0,
//       "rejected": {},
//       "sites": []
//     },
//     {
//       "name": "matmul-views",
//       "kind": "Dot",
//       "anchors": 0,
//       "matches": 0,
//       "applied": 0,
//       "rejected": {},
//       "sites": []
//     },
//     {
//       "name": "loop",
//       "kind": "Elementwise",
//       "anchors": 0,
//       "matches": 0,
//       "applied": 0,
//       "rejected": {},
//       "sites": []
//     },
//     {
//       "name": "expm1",
//       "kind": "Expm1",
//       "anchors": 0,
//       "matches": 0,
//       "applied": 0,
//       "rejected": {},
//       "sites": []
//     },
//     {
//       "name": "expm1-native",
//       "kind": "Expm1",
//       "anchors": 0,
//       "matches": 0,
//       "applied": 0,
//       "rejected": {},
//       "sites": []
//     },
//     {
//       "name": "gelu-erf",
//       "kind": "Gelu",
//       "anchors": 0,
//       "matches": 0,
//       "applied": 0,
//       "rejected": {},
//       "sites": []
//     },
//     {
//       "name": "gelu-tanh",
//       "kind": "Gelu",
//       "anchors": 0,
//       "matches": 0,
//       "applied": 0,
//       "rejected": {},
//       "sites": []
//     },
//     {
//       "name": "gelu-sigmoid",
//       "kind": "Gelu",
//       "anchors": 0,
//       "matches": 0,
//       "applied": 0,
//       "rejected": {},
//       "sites": []
//     },
//     {
//       "name": "dot-gelu-erf",
//       "kind": "DotGelu",
//       "anchors": 0,
//       "matches": 0,
//       "applied": 0,
//       "rejected": {},
//       "sites": []
//     },
//     {
//       "name": "dot-gelu-tanh",
//       "kind": "DotGelu",
//       "anchors": 0,
//       "matches": 0,
//       "applied": 0,
//       "rejected": {},
//       "sites": []
//     },
//     {
//       "name": "dot-gelu-sigmoid",
//       "kind": "DotGelu",
//       "anchors": 0,
//       "matches": 0,
//       "applied": 0,
//       "rejected": {},
//       "sites": []
//     },
//     {
//       "name": "log1p",
//       "kind": "Log1p",
//       "anchors": 0,
//       "matches": 0,
//       "applied": 0,
//       "rejected": {},
//       "sites": []
//     },
//     {
//       "name": "log1p-native",
//       "kind": "Log1p",
//       "anchors": 0,
//       "matches": 0,
//       "applied": 0,
//       "rejected": {},
//       "sites": []
//     },
//     {
//       "name": "mul-red-sqrt",
//       "kind": "MulRedSqrt",
//       "anchors": 1,
//       "matches": 0,
//       "applied": 0,
//       "rejected": {
//         "%out = stablehlo.sqrt: found stablehlo.broadcast_in_dim": 1
//       },
//       "sites": []
//     },
//     {
//       "name": "mul-red-sqrt-upcast",
//       "kind": "MulRedSqrt",
//       "anchors": 0,
//       "matches": 0,
//       "applied": 0,
//       "rejected": {},
//       "sites": []
//     },
//     {
//       "name": "mul-red-sqrt-eps",
//       "kind": "MulRedSqrt",
//       "anchors": 0,
//       "matches": 0,
//       "applied": 0,
//       "rejected": {},
//       "sites": []
//     },
//     {
//       "name": "mx-quantize",
//       "kind": "MxQuantize",
//       "anchors": 0,
//       "matches": 0,
//       "applied": 0,
//       "rejected": {},
//       "sites": []
//     },
//     {
//       "name": "dot-mx",
//       "kind": "DotMx",
//       "anchors": 0,
//       "matches": 0,
//       "applied": 0,
//       "rejected": {},
//       "sites": []
//     },
//     {
//       "name": "rms-norm",
//       "kind": "RmsNorm",
//       "anchors": 0,
//       "matches": 0,
//       "applied": 0,
//       "rejected": {},
//       "sites": []
//     },
//     {
//       "name": "layer-norm",
//       "kind": "LayerNorm",
//       "anchors": 0,
//       "matches": 0,
//       "applied": 0,
//       "rejected": {},
//       "sites": []
//     },
//     {
//       "name": "layer-norm-moments",
//       "kind": "LayerNorm",
//       "anchors": 0,
//       "matches": 0,
//       "applied": 0,
//       "rejected": {},
//       "sites": []
//     },
//     {
//       "name": "dot-softmax",
//       "kind": "DotSoftmax",
//       "anchors": 0,
//       "matches": 0,
//       "applied": 0,
//       "rejected": {},
//       "sites": []
//     },
//     {
//       "name": "softmax-alone",
//       "kind": "Softmax",
//       "anchors": 0,
//       "matches": 0,
//       "applied": 0,
//       "rejected": {},
//       "sites": []
//     },
//     {
//       "name": "softmax-unshifted",
//       "kind": "Softmax",
//       "anchors": 0,
//       "matches": 0,
//       "applied": 0,
//       "rejected": {},
//       "sites": []
//     },
//     {
//       "name": "log-softmax",
//       "kind": "LogSoftmax",
//       "anchors": 0,
//       "matches": 0,
//       "applied": 0,
//       "rejected": {},
//       "sites": []
//     },
//     {
//       "name": "sub-exp",
//       "kind": "SubExp",
//       "anchors": 0,
//       "matches": 0,
//       "applied": 0,
//       "rejected": {},
//       "sites": []
//     }
//   ],
//   "never_fired": [
//     "dot-logistic",
//     "expm1",
//     "log1p",
//     "mul-red-sqrt",
//     "sub-exp"
//   ],
//   "not_run": [
//     "dot-silu",
//     "dot-logistic-shared",
//     "reduce-input",
//     "matmul-views",
//     "loop",
//     "expm1-native",
//     "gelu-erf",
//     "gelu-tanh",
//     "gelu-sigmoid",
//     "dot-gelu-erf",
//     "dot-gelu-tanh",
//     "dot-gelu-sigmoid",
//     "log1p-native",
//     "mul-red-sqrt-upcast",
//     "mul-red-sqrt-eps",
//     "mx-quantize",
//     "dot-mx",
//     "rms-norm",
//     "layer-norm",
//     "layer-norm-moments",
//     "dot-softmax",
//     "softmax-alone",
//     "softmax-unshifted",
//     "log-softmax"
//   ]
// }
// rule                 kind          anchors   matches   applied
// dot-logistic         DotLogistic         0         0         0
// dot-silu             DotLogistic         0         0         0
// dot-logistic-shared  DotLogistic         0         0         0
// elementwise          Elementwise         7         2         2
//     rejected      3  joined a later op's cluster
//     rejected      1  fewer than min_ops = 2 ops
//     rejected      1  top_level(%op)
//     at tests/fixtures/jax/rmsnorm_f32.mlir:13:5 in @main
//     at tests/fixtures/jax/rmsnorm_f32.mlir:18:5 in @main
// reduce-input         Reduce              0         0         0
// matmul-views         Dot                 0         0         0
// loop                 Elementwise         0         0         0
// expm1                Expm1               0         0         0
// expm1-native         Expm1               0         0         0
// gelu-erf             Gelu                0         0         0
// gelu-tanh            Gelu                0         0         0
// gelu-sigmoid         Gelu                0         0         0
// dot-gelu-erf         DotGelu             0         0         0
// dot-gelu-tanh        DotGelu             0         0         0
// dot-gelu-sigmoid     DotGelu             0         0         0
// log1p                Log1p               0         0         0
// log1p-native         Log1p               0         0         0
// mul-red-sqrt         MulRedSqrt          1         0         0
//     rejected      1  %out = stablehlo.sqrt: found stablehlo.broadcast_in_dim
// mul-red-sqrt-upcast  MulRedSqrt          0         0         0
// mul-red-sqrt-eps     MulRedSqrt          0         0         0
// mx-quantize          MxQuantize          0         0         0
// dot-mx               DotMx               0         0         0
// rms-norm             RmsNorm             0         0         0
// layer-norm           LayerNorm           0         0         0
// layer-norm-moments   LayerNorm           0         0         0
// dot-softmax          DotSoftmax          0         0         0
// softmax-alone        Softmax             0         0         0
// softmax-unshifted    Softmax             0         0         0
// log-softmax          LogSoftmax          0         0         0
// sub-exp              SubExp              0         0         0
//
// ops, counted the same in every mode: ops of every function body, nested regions included, after inlining, before fusion; fused: the ops less those the fused module, inlined the same way, keeps outside fusions
// file                                     ops    fused       %  fusions
// tests/fixtures/jax/rmsnorm_f32.mlir       18        5    27.8  Elementwise x2
// 1 file (0 failed, mode compat): 18 ops, 5 inside fusions (27.8% fused)
// 2 rules applied, 0 fusions merged into others, 2 fusions
// never fired: dot-logistic, expm1, log1p, mul-red-sqrt, sub-exp
// not run in compat mode: dot-silu, dot-logistic-shared, reduce-input, matmul-views, loop, expm1-native, gelu-erf, gelu-tanh, gelu-sigmoid, dot-gelu-erf, dot-gelu-tanh, dot-gelu-sigmoid, log1p-native, mul-red-sqrt-upcast, mul-red-sqrt-eps, mx-quantize, dot-mx, rms-norm, layer-norm, layer-norm-moments, dot-softmax, softmax-alone, softmax-unshifted, log-softmax
// ----- exit 0
