// `egfuse coverage` in egraph mode on a committed fixture: the JSON report (`--json -`, keys in
// docs/reports.md's order) and then the table, pinned.
// RUN: egfuse coverage tests/fixtures/jax/rmsnorm_f32.mlir --mode egraph --json -
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse coverage tests/fixtures/jax/rmsnorm_f32.mlir --mode egraph --json -
// {
//   "mode": "egraph",
//   "op_basis": "ops of every function body, nested regions included, after inlining, before fusion",
//   "totals": {
//     "ops": 18,
//     "fused_ops": 14,
//     "applied": 1,
//     "merged": 0,
//     "fusions": 1
//   },
//   "files": [
//     {
//       "path": "tests/fixtures/jax/rmsnorm_f32.mlir",
//       "ops": 18,
//       "fused_ops": 14,
//       "applied": 1,
//       "merged": 0,
//       "fusions": {
//         "RmsNorm": 1
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
//       "anchors": 48,
//       "matches": 0,
//       "applied": 0,
//       "rejected": {
//         "%d = stablehlo.dot | stablehlo.dot_general: found stablehlo.constant": 3,
//         "%d = stablehlo.dot | stablehlo.dot_general: found stablehlo.multiply": 1,
//         "%d = stablehlo.dot | stablehlo.dot_general: found stablehlo.reduce": 1,
//         "%d = stablehlo.dot | stablehlo.dot_general: no producing op": 3,
//         "%db = stablehlo.add: found stablehlo.constant": 3,
//         "%db = stablehlo.add: found stablehlo.multiply": 1,
//         "%db = stablehlo.add: found stablehlo.reduce": 1,
//         "%db = stablehlo.add: no producing op": 3,
//         "%u = stablehlo.convert: found stablehlo.constant": 6,
//         "%u = stablehlo.convert: found stablehlo.multiply": 2,
//         "%u = stablehlo.convert: found stablehlo.reduce": 2,
//         "%u = stablehlo.convert: no producing op": 6,
//         "%y = stablehlo.multiply: found stablehlo.constant": 8,
//         "%y = stablehlo.multiply: found stablehlo.reduce": 4,
//         "%y = stablehlo.multiply: no producing op": 4
//       },
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
//       "anchors": 0,
//       "matches": 0,
//       "applied": 0,
//       "rejected": {},
//       "sites": []
//     },
//     {
//       "name": "reduce-input",
//       "kind": "Reduce",
//       "anchors": 1,
//       "matches": 0,
//       "applied": 0,
//       "rejected": {
//         "not_fused(%op)": 1
//       },
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
//       "anchors": 15,
//       "matches": 0,
//       "applied": 0,
//       "rejected": {
//         "fewer than min_ops = 2 ops": 5,
//         "not_fused(%op)": 9,
//         "top_level(%op)": 1
//       },
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
//       "anchors": 12,
//       "matches": 0,
//       "applied": 0,
//       "rejected": {
//         "%y = stablehlo.multiply: found stablehlo.constant": 2,
//         "%y = stablehlo.multiply: found stablehlo.reduce": 1,
//         "%y = stablehlo.multiply: no producing op": 1,
//         "%y.h = stablehlo.multiply: found stablehlo.broadcast_in_dim": 1,
//         "%y.h = stablehlo.multiply: found stablehlo.constant": 3,
//         "%y.h = stablehlo.multiply: found stablehlo.reduce": 1,
//         "%y.h = stablehlo.multiply: no producing op": 3
//       },
//       "sites": []
//     },
//     {
//       "name": "gelu-tanh",
//       "kind": "Gelu",
//       "anchors": 12,
//       "matches": 0,
//       "applied": 0,
//       "rejected": {
//         "%y = stablehlo.multiply: found stablehlo.constant": 2,
//         "%y = stablehlo.multiply: found stablehlo.reduce": 1,
//         "%y = stablehlo.multiply: no producing op": 1,
//         "%y.h = stablehlo.multiply: found stablehlo.broadcast_in_dim": 1,
//         "%y.h = stablehlo.multiply: found stablehlo.constant": 3,
//         "%y.h = stablehlo.multiply: found stablehlo.reduce": 1,
//         "%y.h = stablehlo.multiply: no producing op": 3
//       },
//       "sites": []
//     },
//     {
//       "name": "gelu-sigmoid",
//       "kind": "Gelu",
//       "anchors": 12,
//       "matches": 0,
//       "applied": 0,
//       "rejected": {
//         "%y = stablehlo.multiply: found stablehlo.constant": 2,
//         "%y = stablehlo.multiply: found stablehlo.reduce": 1,
//         "%y = stablehlo.multiply: no producing op": 1,
//         "%y.l = stablehlo.logistic: found stablehlo.broadcast_in_dim": 1,
//         "%y.l = stablehlo.logistic: found stablehlo.constant": 3,
//         "%y.l = stablehlo.logistic: found stablehlo.divide": 1,
//         "%y.l = stablehlo.logistic: found stablehlo.multiply": 2,
//         "%y.l = stablehlo.logistic: no producing op": 1
//       },
//       "sites": []
//     },
//     {
//       "name": "dot-gelu-erf",
//       "kind": "DotGelu",
//       "anchors": 24,
//       "matches": 0,
//       "applied": 0,
//       "rejected": {
//         "%d = stablehlo.dot | stablehlo.dot_general: found stablehlo.constant": 2,
//         "%d = stablehlo.dot | stablehlo.dot_general: no producing op": 1,
//         "%x = stablehlo.add: found stablehlo.constant": 2,
//         "%x = stablehlo.add: no producing op": 1,
//         "%y = stablehlo.multiply: found stablehlo.constant": 4,
//         "%y = stablehlo.multiply: found stablehlo.reduce": 2,
//         "%y = stablehlo.multiply: no producing op": 2,
//         "%y.h = stablehlo.multiply: found stablehlo.constant": 6,
//         "%y.h = stablehlo.multiply: found stablehlo.reduce": 2,
//         "%y.h = stablehlo.multiply: no producing op": 2
//       },
//       "sites": []
//     },
//     {
//       "name": "dot-gelu-tanh",
//       "kind": "DotGelu",
//       "anchors": 24,
//       "matches": 0,
//       "applied": 0,
//       "rejected": {
//         "%d = stablehlo.dot | stablehlo.dot_general: found stablehlo.constant": 2,
//         "%d = stablehlo.dot | stablehlo.dot_general: no producing op": 1,
//         "%x = stablehlo.add: found stablehlo.constant": 2,
//         "%x = stablehlo.add: no producing op": 1,
//         "%y = stablehlo.multiply: found stablehlo.constant": 4,
//         "%y = stablehlo.multiply: found stablehlo.reduce": 2,
//         "%y = stablehlo.multiply: no producing op": 2,
//         "%y.h = stablehlo.multiply: found stablehlo.constant": 6,
//         "%y.h = stablehlo.multiply: found stablehlo.reduce": 2,
//         "%y.h = stablehlo.multiply: no producing op": 2
//       },
//       "sites": []
//     },
//     {
//       "name": "dot-gelu-sigmoid",
//       "kind": "DotGelu",
//       "anchors": 24,
//       "matches": 0,
//       "applied": 0,
//       "rejected": {
//         "%d = stablehlo.dot | stablehlo.dot_general: found stablehlo.constant": 3,
//         "%d = stablehlo.dot | stablehlo.dot_general: found stablehlo.multiply": 1,
//         "%d = stablehlo.dot | stablehlo.dot_general: found stablehlo.reduce": 1,
//         "%d = stablehlo.dot | stablehlo.dot_general: no producing op": 3,
//         "%x = stablehlo.add: found stablehlo.constant": 3,
//         "%x = stablehlo.add: found stablehlo.multiply": 1,
//         "%x = stablehlo.add: found stablehlo.reduce": 1,
//         "%x = stablehlo.add: no producing op": 3,
//         "%y = stablehlo.multiply: found stablehlo.constant": 4,
//         "%y = stablehlo.multiply: found stablehlo.reduce": 2,
//         "%y = stablehlo.multiply: no producing op": 2
//       },
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
//       "anchors": 2,
//       "matches": 0,
//       "applied": 0,
//       "rejected": {
//         "%sum = stablehlo.reduce: found stablehlo.add": 1,
//         "%sum = stablehlo.reduce: found stablehlo.broadcast_in_dim": 1
//       },
//       "sites": []
//     },
//     {
//       "name": "mul-red-sqrt-upcast",
//       "kind": "MulRedSqrt",
//       "anchors": 2,
//       "matches": 0,
//       "applied": 0,
//       "rejected": {
//         "%down = stablehlo.convert: found stablehlo.add": 1,
//         "%down = stablehlo.convert: found stablehlo.broadcast_in_dim": 1
//       },
//       "sites": []
//     },
//     {
//       "name": "mul-red-sqrt-eps",
//       "kind": "MulRedSqrt",
//       "anchors": 2,
//       "matches": 0,
//       "applied": 0,
//       "rejected": {
//         "%eps = stablehlo.add: found stablehlo.broadcast_in_dim": 1,
//         "%sum = stablehlo.reduce: found stablehlo.multiply": 1
//       },
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
//       "anchors": 192,
//       "matches": 2,
//       "applied": 1,
//       "rejected": {
//         "%ms.down = stablehlo.convert: found stablehlo.multiply": 6,
//         "%ms.mean = stablehlo.divide: found stablehlo.constant": 1,
//         "%ms.up = stablehlo.convert: found stablehlo.multiply": 3,
//         "%out = stablehlo.multiply: found stablehlo.constant": 32,
//         "%out = stablehlo.multiply: found stablehlo.reduce": 16,
//         "%out = stablehlo.multiply: no producing op": 16,
//         "%r = stablehlo.rsqrt: found stablehlo.broadcast_in_dim": 4,
//         "%rb = stablehlo.broadcast_in_dim: found stablehlo.constant": 20,
//         "%rb = stablehlo.broadcast_in_dim: found stablehlo.divide": 4,
//         "%rb = stablehlo.broadcast_in_dim: no producing op": 4,
//         "%rw = stablehlo.multiply: found stablehlo.constant": 12,
//         "%rw = stablehlo.multiply: found stablehlo.divide": 4,
//         "%rw = stablehlo.multiply: no producing op": 4,
//         "%xs = stablehlo.convert: found stablehlo.constant": 24,
//         "%xs = stablehlo.convert: found stablehlo.multiply": 8,
//         "%xs = stablehlo.convert: found stablehlo.reduce": 8,
//         "%xs = stablehlo.convert: no producing op": 24
//       },
//       "sites": [
//         {
//           "file": "tests/fixtures/jax/rmsnorm_f32.mlir",
//           "function": "main",
//           "location": "18:5"
//         }
//       ]
//     },
//     {
//       "name": "layer-norm",
//       "kind": "LayerNorm",
//       "anchors": 224,
//       "matches": 0,
//       "applied": 0,
//       "rejected": {
//         "%c = stablehlo.subtract: found stablehlo.constant": 48,
//         "%c = stablehlo.subtract: found stablehlo.multiply": 16,
//         "%c = stablehlo.subtract: found stablehlo.reduce": 16,
//         "%c = stablehlo.subtract: no producing op": 48,
//         "%out = stablehlo.multiply: found stablehlo.broadcast_in_dim": 16,
//         "%out = stablehlo.multiply: found stablehlo.constant": 32,
//         "%out = stablehlo.multiply: found stablehlo.reduce": 16,
//         "%out = stablehlo.multiply: no producing op": 16,
//         "%sc = stablehlo.multiply: found stablehlo.broadcast_in_dim": 16
//       },
//       "sites": []
//     },
//     {
//       "name": "layer-norm-moments",
//       "kind": "LayerNorm",
//       "anchors": 112,
//       "matches": 0,
//       "applied": 0,
//       "rejected": {
//         "%c = stablehlo.subtract: found stablehlo.constant": 32,
//         "%c = stablehlo.subtract: found stablehlo.multiply": 16,
//         "%c = stablehlo.subtract: found stablehlo.reduce": 16,
//         "%c = stablehlo.subtract: no producing op": 32,
//         "%out = stablehlo.multiply: found stablehlo.broadcast_in_dim": 16
//       },
//       "sites": []
//     },
//     {
//       "name": "dot-softmax",
//       "kind": "DotSoftmax",
//       "anchors": 56,
//       "matches": 0,
//       "applied": 0,
//       "rejected": {
//         "%p.e = stablehlo.exponential: found stablehlo.broadcast_in_dim": 8,
//         "%p.e = stablehlo.exponential: found stablehlo.constant": 32,
//         "%p.e = stablehlo.exponential: found stablehlo.reduce": 8,
//         "%p.e = stablehlo.exponential: no producing op": 8
//       },
//       "sites": []
//     },
//     {
//       "name": "softmax-alone",
//       "kind": "Softmax",
//       "anchors": 7,
//       "matches": 0,
//       "applied": 0,
//       "rejected": {
//         "%p.e = stablehlo.exponential: found stablehlo.broadcast_in_dim": 1,
//         "%p.e = stablehlo.exponential: found stablehlo.constant": 4,
//         "%p.e = stablehlo.exponential: found stablehlo.reduce": 1,
//         "%p.e = stablehlo.exponential: no producing op": 1
//       },
//       "sites": []
//     },
//     {
//       "name": "softmax-unshifted",
//       "kind": "Softmax",
//       "anchors": 7,
//       "matches": 0,
//       "applied": 0,
//       "rejected": {
//         "%e = stablehlo.exponential: found stablehlo.broadcast_in_dim": 1,
//         "%e = stablehlo.exponential: found stablehlo.constant": 4,
//         "%e = stablehlo.exponential: found stablehlo.reduce": 1,
//         "%e = stablehlo.exponential: no producing op": 1
//       },
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
//     "dot-silu",
//     "dot-logistic-shared",
//     "reduce-input",
//     "matmul-views",
//     "loop",
//     "expm1",
//     "expm1-native",
//     "gelu-erf",
//     "gelu-tanh",
//     "gelu-sigmoid",
//     "dot-gelu-erf",
//     "dot-gelu-tanh",
//     "dot-gelu-sigmoid",
//     "log1p",
//     "log1p-native",
//     "mul-red-sqrt",
//     "mul-red-sqrt-upcast",
//     "mul-red-sqrt-eps",
//     "mx-quantize",
//     "dot-mx",
//     "layer-norm",
//     "layer-norm-moments",
//     "dot-softmax",
//     "softmax-alone",
//     "softmax-unshifted",
//     "log-softmax",
//     "sub-exp"
//   ],
//   "not_run": [
//     "elementwise"
//   ]
// }
// rule                 kind          anchors   matches   applied
// dot-logistic         DotLogistic         0         0         0
// dot-silu             DotLogistic        48         0         0
//     rejected      8  %y = stablehlo.multiply: found stablehlo.constant
//     rejected      6  %u = stablehlo.convert: found stablehlo.constant
//     rejected      6  %u = stablehlo.convert: no producing op
//     rejected      4  %y = stablehlo.multiply: found stablehlo.reduce
//     rejected      4  %y = stablehlo.multiply: no producing op
//     rejected      3  %d = stablehlo.dot | stablehlo.dot_general: found stablehlo.constant
//     rejected      3  %d = stablehlo.dot | stablehlo.dot_general: no producing op
//     rejected      3  %db = stablehlo.add: found stablehlo.constant
//     rejected      3  %db = stablehlo.add: no producing op
//     rejected      2  %u = stablehlo.convert: found stablehlo.multiply
//     rejected      2  %u = stablehlo.convert: found stablehlo.reduce
//     rejected      1  %d = stablehlo.dot | stablehlo.dot_general: found stablehlo.multiply
//     rejected      1  %d = stablehlo.dot | stablehlo.dot_general: found stablehlo.reduce
//     rejected      1  %db = stablehlo.add: found stablehlo.multiply
//     rejected      1  %db = stablehlo.add: found stablehlo.reduce
// dot-logistic-shared  DotLogistic         0         0         0
// elementwise          Elementwise         0         0         0
// reduce-input         Reduce              1         0         0
//     rejected      1  not_fused(%op)
// matmul-views         Dot                 0         0         0
// loop                 Elementwise        15         0         0
//     rejected      9  not_fused(%op)
//     rejected      5  fewer than min_ops = 2 ops
//     rejected      1  top_level(%op)
// expm1                Expm1               0         0         0
// expm1-native         Expm1               0         0         0
// gelu-erf             Gelu               12         0         0
//     rejected      3  %y.h = stablehlo.multiply: found stablehlo.constant
//     rejected      3  %y.h = stablehlo.multiply: no producing op
//     rejected      2  %y = stablehlo.multiply: found stablehlo.constant
//     rejected      1  %y = stablehlo.multiply: found stablehlo.reduce
//     rejected      1  %y = stablehlo.multiply: no producing op
//     rejected      1  %y.h = stablehlo.multiply: found stablehlo.broadcast_in_dim
//     rejected      1  %y.h = stablehlo.multiply: found stablehlo.reduce
// gelu-tanh            Gelu               12         0         0
//     rejected      3  %y.h = stablehlo.multiply: found stablehlo.constant
//     rejected      3  %y.h = stablehlo.multiply: no producing op
//     rejected      2  %y = stablehlo.multiply: found stablehlo.constant
//     rejected      1  %y = stablehlo.multiply: found stablehlo.reduce
//     rejected      1  %y = stablehlo.multiply: no producing op
//     rejected      1  %y.h = stablehlo.multiply: found stablehlo.broadcast_in_dim
//     rejected      1  %y.h = stablehlo.multiply: found stablehlo.reduce
// gelu-sigmoid         Gelu               12         0         0
//     rejected      3  %y.l = stablehlo.logistic: found stablehlo.constant
//     rejected      2  %y = stablehlo.multiply: found stablehlo.constant
//     rejected      2  %y.l = stablehlo.logistic: found stablehlo.multiply
//     rejected      1  %y = stablehlo.multiply: found stablehlo.reduce
//     rejected      1  %y = stablehlo.multiply: no producing op
//     rejected      1  %y.l = stablehlo.logistic: found stablehlo.broadcast_in_dim
//     rejected      1  %y.l = stablehlo.logistic: found stablehlo.divide
//     rejected      1  %y.l = stablehlo.logistic: no producing op
// dot-gelu-erf         DotGelu            24         0         0
//     rejected      6  %y.h = stablehlo.multiply: found stablehlo.constant
//     rejected      4  %y = stablehlo.multiply: found stablehlo.constant
//     rejected      2  %d = stablehlo.dot | stablehlo.dot_general: found stablehlo.constant
//     rejected      2  %x = stablehlo.add: found stablehlo.constant
//     rejected      2  %y = stablehlo.multiply: found stablehlo.reduce
//     rejected      2  %y = stablehlo.multiply: no producing op
//     rejected      2  %y.h = stablehlo.multiply: found stablehlo.reduce
//     rejected      2  %y.h = stablehlo.multiply: no producing op
//     rejected      1  %d = stablehlo.dot | stablehlo.dot_general: no producing op
//     rejected      1  %x = stablehlo.add: no producing op
// dot-gelu-tanh        DotGelu            24         0         0
//     rejected      6  %y.h = stablehlo.multiply: found stablehlo.constant
//     rejected      4  %y = stablehlo.multiply: found stablehlo.constant
//     rejected      2  %d = stablehlo.dot | stablehlo.dot_general: found stablehlo.constant
//     rejected      2  %x = stablehlo.add: found stablehlo.constant
//     rejected      2  %y = stablehlo.multiply: found stablehlo.reduce
//     rejected      2  %y = stablehlo.multiply: no producing op
//     rejected      2  %y.h = stablehlo.multiply: found stablehlo.reduce
//     rejected      2  %y.h = stablehlo.multiply: no producing op
//     rejected      1  %d = stablehlo.dot | stablehlo.dot_general: no producing op
//     rejected      1  %x = stablehlo.add: no producing op
// dot-gelu-sigmoid     DotGelu            24         0         0
//     rejected      4  %y = stablehlo.multiply: found stablehlo.constant
//     rejected      3  %d = stablehlo.dot | stablehlo.dot_general: found stablehlo.constant
//     rejected      3  %d = stablehlo.dot | stablehlo.dot_general: no producing op
//     rejected      3  %x = stablehlo.add: found stablehlo.constant
//     rejected      3  %x = stablehlo.add: no producing op
//     rejected      2  %y = stablehlo.multiply: found stablehlo.reduce
//     rejected      2  %y = stablehlo.multiply: no producing op
//     rejected      1  %d = stablehlo.dot | stablehlo.dot_general: found stablehlo.multiply
//     rejected      1  %d = stablehlo.dot | stablehlo.dot_general: found stablehlo.reduce
//     rejected      1  %x = stablehlo.add: found stablehlo.multiply
//     rejected      1  %x = stablehlo.add: found stablehlo.reduce
// log1p                Log1p               0         0         0
// log1p-native         Log1p               0         0         0
// mul-red-sqrt         MulRedSqrt          2         0         0
//     rejected      1  %sum = stablehlo.reduce: found stablehlo.add
//     rejected      1  %sum = stablehlo.reduce: found stablehlo.broadcast_in_dim
// mul-red-sqrt-upcast  MulRedSqrt          2         0         0
//     rejected      1  %down = stablehlo.convert: found stablehlo.add
//     rejected      1  %down = stablehlo.convert: found stablehlo.broadcast_in_dim
// mul-red-sqrt-eps     MulRedSqrt          2         0         0
//     rejected      1  %eps = stablehlo.add: found stablehlo.broadcast_in_dim
//     rejected      1  %sum = stablehlo.reduce: found stablehlo.multiply
// mx-quantize          MxQuantize          0         0         0
// dot-mx               DotMx               0         0         0
// rms-norm             RmsNorm           192         2         1
//     rejected     32  %out = stablehlo.multiply: found stablehlo.constant
//     rejected     24  %xs = stablehlo.convert: found stablehlo.constant
//     rejected     24  %xs = stablehlo.convert: no producing op
//     rejected     20  %rb = stablehlo.broadcast_in_dim: found stablehlo.constant
//     rejected     16  %out = stablehlo.multiply: found stablehlo.reduce
//     rejected     16  %out = stablehlo.multiply: no producing op
//     rejected     12  %rw = stablehlo.multiply: found stablehlo.constant
//     rejected      8  %xs = stablehlo.convert: found stablehlo.multiply
//     rejected      8  %xs = stablehlo.convert: found stablehlo.reduce
//     rejected      6  %ms.down = stablehlo.convert: found stablehlo.multiply
//     rejected      4  %r = stablehlo.rsqrt: found stablehlo.broadcast_in_dim
//     rejected      4  %rb = stablehlo.broadcast_in_dim: found stablehlo.divide
//     rejected      4  %rb = stablehlo.broadcast_in_dim: no producing op
//     rejected      4  %rw = stablehlo.multiply: found stablehlo.divide
//     rejected      4  %rw = stablehlo.multiply: no producing op
//     rejected      3  %ms.up = stablehlo.convert: found stablehlo.multiply
//     rejected      1  %ms.mean = stablehlo.divide: found stablehlo.constant
//     at tests/fixtures/jax/rmsnorm_f32.mlir:18:5 in @main
// layer-norm           LayerNorm         224         0         0
//     rejected     48  %c = stablehlo.subtract: found stablehlo.constant
//     rejected     48  %c = stablehlo.subtract: no producing op
//     rejected     32  %out = stablehlo.multiply: found stablehlo.constant
//     rejected     16  %c = stablehlo.subtract: found stablehlo.multiply
//     rejected     16  %c = stablehlo.subtract: found stablehlo.reduce
//     rejected     16  %out = stablehlo.multiply: found stablehlo.broadcast_in_dim
//     rejected     16  %out = stablehlo.multiply: found stablehlo.reduce
//     rejected     16  %out = stablehlo.multiply: no producing op
//     rejected     16  %sc = stablehlo.multiply: found stablehlo.broadcast_in_dim
// layer-norm-moments   LayerNorm         112         0         0
//     rejected     32  %c = stablehlo.subtract: found stablehlo.constant
//     rejected     32  %c = stablehlo.subtract: no producing op
//     rejected     16  %c = stablehlo.subtract: found stablehlo.multiply
//     rejected     16  %c = stablehlo.subtract: found stablehlo.reduce
//     rejected     16  %out = stablehlo.multiply: found stablehlo.broadcast_in_dim
// dot-softmax          DotSoftmax         56         0         0
//     rejected     32  %p.e = stablehlo.exponential: found stablehlo.constant
//     rejected      8  %p.e = stablehlo.exponential: found stablehlo.broadcast_in_dim
//     rejected      8  %p.e = stablehlo.exponential: found stablehlo.reduce
//     rejected      8  %p.e = stablehlo.exponential: no producing op
// softmax-alone        Softmax             7         0         0
//     rejected      4  %p.e = stablehlo.exponential: found stablehlo.constant
//     rejected      1  %p.e = stablehlo.exponential: found stablehlo.broadcast_in_dim
//     rejected      1  %p.e = stablehlo.exponential: found stablehlo.reduce
//     rejected      1  %p.e = stablehlo.exponential: no producing op
// softmax-unshifted    Softmax             7         0         0
//     rejected      4  %e = stablehlo.exponential: found stablehlo.constant
//     rejected      1  %e = stablehlo.exponential: found stablehlo.broadcast_in_dim
//     rejected      1  %e = stablehlo.exponential: found stablehlo.reduce
//     rejected      1  %e = stablehlo.exponential: no producing op
// log-softmax          LogSoftmax          0         0         0
// sub-exp              SubExp              0         0         0
//
// ops, counted the same in every mode: ops of every function body, nested regions included, after inlining, before fusion; fused: the ops less those the fused module, inlined the same way, keeps outside fusions
// file                                     ops    fused       %  fusions
// tests/fixtures/jax/rmsnorm_f32.mlir       18       14    77.8  RmsNorm x1
// 1 file (0 failed, mode egraph): 18 ops, 14 inside fusions (77.8% fused)
// 1 rule applied, 0 fusions merged into others, 1 fusion
// never fired: dot-logistic, dot-silu, dot-logistic-shared, reduce-input, matmul-views, loop, expm1, expm1-native, gelu-erf, gelu-tanh, gelu-sigmoid, dot-gelu-erf, dot-gelu-tanh, dot-gelu-sigmoid, log1p, log1p-native, mul-red-sqrt, mul-red-sqrt-upcast, mul-red-sqrt-eps, mx-quantize, dot-mx, layer-norm, layer-norm-moments, dot-softmax, softmax-alone, softmax-unshifted, log-softmax, sub-exp
// not run in egraph mode: elementwise
// ----- exit 0
