// A kernel whose root was written in a private helper is located at the call in `@main` that
// brought it there (line 11), not at the helper's line (line 17): after inlining, the user's own
// code is where the call is, as MLIR's `callsite(... at ...)` locations say. The JSON's
// `source` says the same of the kernel and of each instruction, and its one input buffer holds
// operand 0 (`operand`).
// RUN: egfuse lower %s
// RUN: egfuse lower %s -o /dev/null --json -
module {
  func.func public @main(%x: tensor<128x64xf32>) -> tensor<128x64xf32> {
    %one = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %b = stablehlo.broadcast_in_dim %one, dims = [] : (tensor<f32>) -> tensor<128x64xf32>
    %0 = call @softplus_ish(%x, %b) : (tensor<128x64xf32>, tensor<128x64xf32>) -> tensor<128x64xf32>
    return %0 : tensor<128x64xf32>
  }
  func.func private @softplus_ish(%x: tensor<128x64xf32>, %b: tensor<128x64xf32>) -> tensor<128x64xf32> {
    %e = stablehlo.exponential %x : tensor<128x64xf32>
    %s = stablehlo.add %e, %b : tensor<128x64xf32>
    %l = stablehlo.log %s : tensor<128x64xf32>
    return %l : tensor<128x64xf32>
  }
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s
// // Elementwise at tests/filetests/lower/header_at_call_site.mlir:12:5: rows, 128 a tile; SBUF 516 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 234.286 ns, bound by ACT (ACT 234.286 ns, DVE 90.179 ns, DMA 222.344 ns)
// kernel @k0 kind Elementwise {
//   hbm %in0 : f32[8192] input
//   hbm %out0 : f32[8192] output
//   sbuf %t2 : f32[128, 64] at 4
//   sbuf %t3 : f32[128, 64] at 260
//   sbuf %t4 : f32[128, 64] at 4
//   sbuf %c0 : f32[128, 1] at 0
//   memset(dst=%c0, value=1.0, engine=DVE)
//   dma_copy(dst=%t2, src=%in0.ap([[64, 128], [1, 64]]), engine=DMA)
//   activation(dst=%t3, op=exp, data=%t2, engine=ACT)
//   activation(dst=%t4, op=log, data=%t3, bias=%c0, engine=ACT)
//   dma_copy(dst=%out0.ap([[64, 128], [1, 64]]), src=%t4, engine=DMA)
// }
//
// // device program of @main at tests/filetests/lower/header_at_call_site.mlir:9:3: 1 call; HBM 65536 bytes
// device @main {
//   hbm %arg0 : f32[128, 64] input 0 at 0
//   hbm %t0 : f32[128, 64] at 32768
//   call @k0(%arg0) -> (%t0)
//   return %t0
// }
// ----- stderr
// lowered 1 kernel (Elementwise x1), estimate 234.286 ns; device program: 1 call
// ----- exit 0
// ----- egfuse lower %s -o /dev/null --json -
// {
//   "aliased": [],
//   "device": {
//     "hbm_bytes": 65536,
//     "name": "main",
//     "results": [
//       "t0"
//     ],
//     "source": "tests/filetests/lower/header_at_call_site.mlir:9:3",
//     "steps": [
//       {
//         "args": [
//           "arg0"
//         ],
//         "call": "k0",
//         "results": [
//           "t0"
//         ]
//       }
//     ],
//     "tensors": [
//       {
//         "dtype": "f32",
//         "name": "arg0",
//         "of": 0,
//         "offset": 0,
//         "origin": "input",
//         "shape": [
//           128,
//           64
//         ]
//       },
//       {
//         "dtype": "f32",
//         "name": "t0",
//         "of": null,
//         "offset": 32768,
//         "origin": "temp",
//         "shape": [
//           128,
//           64
//         ]
//       }
//     ]
//   },
//   "input": "tests/filetests/lower/header_at_call_site.mlir",
//   "kernels": [
//     {
//       "body": [
//         {
//           "engine": "DMA",
//           "loc": null,
//           "op": "dma_copy",
//           "opcode": [
//             "0xB8"
//           ],
//           "operands": {
//             "dst": {
//               "buffer": "t2",
//               "offset": 0,
//               "offset_per_counter": {},
//               "pattern": [
//                 [
//                   64,
//                   128
//                 ],
//                 [
//                   1,
//                   64
//                 ]
//               ]
//             },
//             "src": {
//               "buffer": "in0",
//               "offset": 0,
//               "offset_per_counter": {},
//               "pattern": [
//                 [
//                   64,
//                   128
//                 ],
//                 [
//                   1,
//                   64
//                 ]
//               ]
//             }
//           },
//           "position": 0,
//           "ps": 579922,
//           "seq": 0,
//           "signals": [
//             2,
//             3
//           ],
//           "source": "tests/filetests/lower/header_at_call_site.mlir:12:5",
//           "stream": "DMA0",
//           "waits": []
//         },
//         {
//           "engine": "DVE",
//           "loc": null,
//           "op": "memset",
//           "opcode": [
//             "0x65"
//           ],
//           "operands": {
//             "dst": {
//               "buffer": "c0",
//               "offset": 0,
//               "offset_per_counter": {},
//               "pattern": [
//                 [
//                   1,
//                   128
//                 ],
//                 [
//                   1,
//                   1
//                 ]
//               ]
//             },
//             "value": 1.0
//           },
//           "position": 0,
//           "ps": 90179,
//           "seq": 1,
//           "signals": [
//             1
//           ],
//           "source": "tests/filetests/lower/header_at_call_site.mlir:12:5",
//           "stream": "DVE",
//           "waits": []
//         },
//         {
//           "engine": "ACT",
//           "loc": null,
//           "op": "activation",
//           "opcode": [
//             "0x21"
//           ],
//           "operands": {
//             "data": {
//               "buffer": "t2",
//               "offset": 0,
//               "offset_per_counter": {},
//               "pattern": [
//                 [
//                   64,
//                   128
//                 ],
//                 [
//                   1,
//                   64
//                 ]
//               ]
//             },
//             "dst": {
//               "buffer": "t3",
//               "offset": 0,
//               "offset_per_counter": {},
//               "pattern": [
//                 [
//                   64,
//                   128
//                 ],
//                 [
//                   1,
//                   64
//                 ]
//               ]
//             },
//             "op": "exp"
//           },
//           "position": 0,
//           "ps": 117143,
//           "seq": 2,
//           "signals": [],
//           "source": "tests/filetests/lower/header_at_call_site.mlir:12:5",
//           "stream": "ACT",
//           "waits": [
//             {
//               "count": "1",
//               "semaphore": 2
//             }
//           ]
//         },
//         {
//           "engine": "ACT",
//           "loc": null,
//           "op": "activation",
//           "opcode": [
//             "0x21"
//           ],
//           "operands": {
//             "bias": {
//               "buffer": "c0",
//               "offset": 0,
//               "offset_per_counter": {},
//               "pattern": [
//                 [
//                   1,
//                   128
//                 ],
//                 [
//                   1,
//                   1
//                 ]
//               ]
//             },
//             "data": {
//               "buffer": "t3",
//               "offset": 0,
//               "offset_per_counter": {},
//               "pattern": [
//                 [
//                   64,
//                   128
//                 ],
//                 [
//                   1,
//                   64
//                 ]
//               ]
//             },
//             "dst": {
//               "buffer": "t4",
//               "offset": 0,
//               "offset_per_counter": {},
//               "pattern": [
//                 [
//                   64,
//                   128
//                 ],
//                 [
//                   1,
//                   64
//                 ]
//               ]
//             },
//             "op": "log"
//           },
//           "position": 1,
//           "ps": 117143,
//           "seq": 3,
//           "signals": [
//             0
//           ],
//           "source": "tests/filetests/lower/header_at_call_site.mlir:12:5",
//           "stream": "ACT",
//           "waits": [
//             {
//               "count": "1",
//               "semaphore": 1
//             }
//           ]
//         },
//         {
//           "engine": "DMA",
//           "loc": null,
//           "op": "dma_copy",
//           "opcode": [
//             "0xB8"
//           ],
//           "operands": {
//             "dst": {
//               "buffer": "out0",
//               "offset": 0,
//               "offset_per_counter": {},
//               "pattern": [
//                 [
//                   64,
//                   128
//                 ],
//                 [
//                   1,
//                   64
//                 ]
//               ]
//             },
//             "src": {
//               "buffer": "t4",
//               "offset": 0,
//               "offset_per_counter": {},
//               "pattern": [
//                 [
//                   64,
//                   128
//                 ],
//                 [
//                   1,
//                   64
//                 ]
//               ]
//             }
//           },
//           "position": 0,
//           "ps": 579922,
//           "seq": 4,
//           "signals": [],
//           "source": "tests/filetests/lower/header_at_call_site.mlir:12:5",
//           "stream": "DMA1",
//           "waits": [
//             {
//               "count": "1",
//               "semaphore": 0
//             },
//             {
//               "count": "1",
//               "semaphore": 3
//             }
//           ]
//         }
//       ],
//       "buffers": [
//         {
//           "dtype": "f32",
//           "memory": "hbm",
//           "name": "in0",
//           "offset": null,
//           "operand": 0,
//           "role": "input",
//           "shape": [
//             8192
//           ]
//         },
//         {
//           "dtype": "f32",
//           "memory": "hbm",
//           "name": "out0",
//           "offset": null,
//           "operand": null,
//           "role": "output",
//           "shape": [
//             8192
//           ]
//         },
//         {
//           "dtype": "f32",
//           "memory": "sbuf",
//           "name": "t2",
//           "offset": 4,
//           "operand": null,
//           "role": "scratch",
//           "shape": [
//             128,
//             64
//           ]
//         },
//         {
//           "dtype": "f32",
//           "memory": "sbuf",
//           "name": "t3",
//           "offset": 260,
//           "operand": null,
//           "role": "scratch",
//           "shape": [
//             128,
//             64
//           ]
//         },
//         {
//           "dtype": "f32",
//           "memory": "sbuf",
//           "name": "t4",
//           "offset": 4,
//           "operand": null,
//           "role": "scratch",
//           "shape": [
//             128,
//             64
//           ]
//         },
//         {
//           "dtype": "f32",
//           "memory": "sbuf",
//           "name": "c0",
//           "offset": 0,
//           "operand": null,
//           "role": "scratch",
//           "shape": [
//             128,
//             1
//           ]
//         }
//       ],
//       "estimate": {
//         "bound": "ACT",
//         "engines": {
//           "ACT": 234286,
//           "DMA": 222344,
//           "DVE": 90179
//         },
//         "ps": 234286
//       },
//       "kind": "Elementwise",
//       "loc": null,
//       "name": "k0",
//       "psum_bytes": 0,
//       "sbuf_bytes": 516,
//       "schedule": "rows, 128 a tile",
//       "semaphores": [
//         {
//           "from": "ACT",
//           "to": "DMA1"
//         },
//         {
//           "from": "DVE",
//           "to": "ACT"
//         },
//         {
//           "from": "DMA0",
//           "to": "ACT"
//         },
//         {
//           "from": "DMA0",
//           "to": "DMA1"
//         }
//       ],
//       "source": "tests/filetests/lower/header_at_call_site.mlir:12:5"
//     }
//   ]
// }
// ----- stderr
// lowered 1 kernel (Elementwise x1), estimate 234.286 ns; device program: 1 call
// ----- exit 0
