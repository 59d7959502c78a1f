// A `bitcast_convert` computes nothing: its result is its operand's bytes in HBM read as another
// type, so it is no kernel, and the summary says so. The xor of the float's bits lowers on its
// own, and `--check` runs the module with the bitcasts in it. The JSON lists them as `aliased`.
// RUN: egfuse lower %s --check
// RUN: egfuse lower %s -o /dev/null --json -
func.func @main(%x: tensor<128x8xf32>, %k: tensor<128x8xi32>) -> (tensor<128x8xf32>, tensor<128x8x4xui8>) {
  %0 = stablehlo.bitcast_convert %x : (tensor<128x8xf32>) -> tensor<128x8xi32>
  %1 = stablehlo.xor %0, %k : tensor<128x8xi32>
  %2 = stablehlo.bitcast_convert %1 : (tensor<128x8xi32>) -> tensor<128x8xf32>
  %3 = stablehlo.bitcast_convert %x : (tensor<128x8xf32>) -> tensor<128x8x4xui8>
  return %2, %3 : tensor<128x8xf32>, tensor<128x8x4xui8>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --check
// // stablehlo.xor at tests/filetests/lower/bitcast_is_no_kernel.mlir:8:3: rows, 128 a tile; SBUF 96 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 123.723 ns, bound by DMA (GpSimd 82.858 ns, DMA 123.723 ns)
// kernel @k0 kind stablehlo.xor {
//   hbm %in0 : i32[1024] input
//   hbm %in1 : i32[1024] input
//   hbm %out0 : i32[1024] output
//   sbuf %t3 : i32[128, 8] at 0
//   sbuf %t4 : i32[128, 8] at 32
//   sbuf %t5 : i32[128, 8] at 64
//   dma_copy(dst=%t3, src=%in0.ap([[8, 128], [1, 8]]), engine=DMA)
//   dma_copy(dst=%t4, src=%in1.ap([[8, 128], [1, 8]]), engine=DMA)
//   tensor_tensor(dst=%t5, data1=%t3, data2=%t4, op=bitwise_xor, engine=GpSimd)
//   dma_copy(dst=%out0.ap([[8, 128], [1, 8]]), src=%t5, engine=DMA)
// }
//
// // device program of @main at tests/filetests/lower/bitcast_is_no_kernel.mlir:6:1: 1 call; HBM 12288 bytes
// device @main {
//   hbm %arg0 : f32[128, 8] input 0 at 0
//   hbm %arg1 : i32[128, 8] input 1 at 4096
//   hbm %t0 : ui8[128, 8, 4] alias %arg0
//   hbm %t1 : i32[128, 8] alias %arg0
//   hbm %t2 : i32[128, 8] at 8192
//   hbm %t3 : f32[128, 8] alias %t2
//   call @k0(%t1, %arg1) -> (%t2)
//   return %t3, %t0
// }
// ----- stderr
// lowered 1 kernel (stablehlo.xor x1), estimate 123.723 ns; 3 ops alias their operands (stablehlo.bitcast_convert x3); device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 2 results
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (2 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
// ----- egfuse lower %s -o /dev/null --json -
// {
//   "aliased": [
//     {
//       "op": "stablehlo.bitcast_convert",
//       "source": "tests/filetests/lower/bitcast_is_no_kernel.mlir:10:3"
//     },
//     {
//       "op": "stablehlo.bitcast_convert",
//       "source": "tests/filetests/lower/bitcast_is_no_kernel.mlir:7:3"
//     },
//     {
//       "op": "stablehlo.bitcast_convert",
//       "source": "tests/filetests/lower/bitcast_is_no_kernel.mlir:9:3"
//     }
//   ],
//   "device": {
//     "hbm_bytes": 12288,
//     "name": "main",
//     "results": [
//       "t3",
//       "t0"
//     ],
//     "source": "tests/filetests/lower/bitcast_is_no_kernel.mlir:6:1",
//     "steps": [
//       {
//         "args": [
//           "t1",
//           "arg1"
//         ],
//         "call": "k0",
//         "results": [
//           "t2"
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
//           8
//         ]
//       },
//       {
//         "dtype": "i32",
//         "name": "arg1",
//         "of": 1,
//         "offset": 4096,
//         "origin": "input",
//         "shape": [
//           128,
//           8
//         ]
//       },
//       {
//         "dtype": "ui8",
//         "name": "t0",
//         "of": "arg0",
//         "offset": 0,
//         "origin": "alias",
//         "shape": [
//           128,
//           8,
//           4
//         ]
//       },
//       {
//         "dtype": "i32",
//         "name": "t1",
//         "of": "arg0",
//         "offset": 0,
//         "origin": "alias",
//         "shape": [
//           128,
//           8
//         ]
//       },
//       {
//         "dtype": "i32",
//         "name": "t2",
//         "of": null,
//         "offset": 8192,
//         "origin": "temp",
//         "shape": [
//           128,
//           8
//         ]
//       },
//       {
//         "dtype": "f32",
//         "name": "t3",
//         "of": "t2",
//         "offset": 8192,
//         "origin": "alias",
//         "shape": [
//           128,
//           8
//         ]
//       }
//     ]
//   },
//   "input": "tests/filetests/lower/bitcast_is_no_kernel.mlir",
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
//               "buffer": "t3",
//               "offset": 0,
//               "offset_per_counter": {},
//               "pattern": [
//                 [
//                   8,
//                   128
//                 ],
//                 [
//                   1,
//                   8
//                 ]
//               ]
//             },
//             "src": {
//               "buffer": "in0",
//               "offset": 0,
//               "offset_per_counter": {},
//               "pattern": [
//                 [
//                   8,
//                   128
//                 ],
//                 [
//                   1,
//                   8
//                 ]
//               ]
//             }
//           },
//           "position": 0,
//           "ps": 509991,
//           "seq": 0,
//           "signals": [
//             1
//           ],
//           "source": "tests/filetests/lower/bitcast_is_no_kernel.mlir:8:3",
//           "stream": "DMA0",
//           "waits": []
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
//               "buffer": "t4",
//               "offset": 0,
//               "offset_per_counter": {},
//               "pattern": [
//                 [
//                   8,
//                   128
//                 ],
//                 [
//                   1,
//                   8
//                 ]
//               ]
//             },
//             "src": {
//               "buffer": "in1",
//               "offset": 0,
//               "offset_per_counter": {},
//               "pattern": [
//                 [
//                   8,
//                   128
//                 ],
//                 [
//                   1,
//                   8
//                 ]
//               ]
//             }
//           },
//           "position": 1,
//           "ps": 509991,
//           "seq": 1,
//           "signals": [
//             1
//           ],
//           "source": "tests/filetests/lower/bitcast_is_no_kernel.mlir:8:3",
//           "stream": "DMA0",
//           "waits": []
//         },
//         {
//           "engine": "GpSimd",
//           "loc": null,
//           "op": "tensor_tensor",
//           "opcode": [
//             "0x41"
//           ],
//           "operands": {
//             "data1": {
//               "buffer": "t3",
//               "offset": 0,
//               "offset_per_counter": {},
//               "pattern": [
//                 [
//                   8,
//                   128
//                 ],
//                 [
//                   1,
//                   8
//                 ]
//               ]
//             },
//             "data2": {
//               "buffer": "t4",
//               "offset": 0,
//               "offset_per_counter": {},
//               "pattern": [
//                 [
//                   8,
//                   128
//                 ],
//                 [
//                   1,
//                   8
//                 ]
//               ]
//             },
//             "dst": {
//               "buffer": "t5",
//               "offset": 0,
//               "offset_per_counter": {},
//               "pattern": [
//                 [
//                   8,
//                   128
//                 ],
//                 [
//                   1,
//                   8
//                 ]
//               ]
//             },
//             "op": "bitwise_xor"
//           },
//           "position": 0,
//           "ps": 82858,
//           "seq": 2,
//           "signals": [
//             0
//           ],
//           "source": "tests/filetests/lower/bitcast_is_no_kernel.mlir:8:3",
//           "stream": "GpSimd",
//           "waits": [
//             {
//               "count": "2",
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
//                   8,
//                   128
//                 ],
//                 [
//                   1,
//                   8
//                 ]
//               ]
//             },
//             "src": {
//               "buffer": "t5",
//               "offset": 0,
//               "offset_per_counter": {},
//               "pattern": [
//                 [
//                   8,
//                   128
//                 ],
//                 [
//                   1,
//                   8
//                 ]
//               ]
//             }
//           },
//           "position": 0,
//           "ps": 509991,
//           "seq": 3,
//           "signals": [],
//           "source": "tests/filetests/lower/bitcast_is_no_kernel.mlir:8:3",
//           "stream": "DMA1",
//           "waits": [
//             {
//               "count": "1",
//               "semaphore": 0
//             }
//           ]
//         }
//       ],
//       "buffers": [
//         {
//           "dtype": "i32",
//           "memory": "hbm",
//           "name": "in0",
//           "offset": null,
//           "operand": 0,
//           "role": "input",
//           "shape": [
//             1024
//           ]
//         },
//         {
//           "dtype": "i32",
//           "memory": "hbm",
//           "name": "in1",
//           "offset": null,
//           "operand": 1,
//           "role": "input",
//           "shape": [
//             1024
//           ]
//         },
//         {
//           "dtype": "i32",
//           "memory": "hbm",
//           "name": "out0",
//           "offset": null,
//           "operand": null,
//           "role": "output",
//           "shape": [
//             1024
//           ]
//         },
//         {
//           "dtype": "i32",
//           "memory": "sbuf",
//           "name": "t3",
//           "offset": 0,
//           "operand": null,
//           "role": "scratch",
//           "shape": [
//             128,
//             8
//           ]
//         },
//         {
//           "dtype": "i32",
//           "memory": "sbuf",
//           "name": "t4",
//           "offset": 32,
//           "operand": null,
//           "role": "scratch",
//           "shape": [
//             128,
//             8
//           ]
//         },
//         {
//           "dtype": "i32",
//           "memory": "sbuf",
//           "name": "t5",
//           "offset": 64,
//           "operand": null,
//           "role": "scratch",
//           "shape": [
//             128,
//             8
//           ]
//         }
//       ],
//       "estimate": {
//         "bound": "DMA",
//         "engines": {
//           "DMA": 123723,
//           "GpSimd": 82858
//         },
//         "ps": 123723
//       },
//       "kind": "stablehlo.xor",
//       "loc": null,
//       "name": "k0",
//       "psum_bytes": 0,
//       "sbuf_bytes": 96,
//       "schedule": "rows, 128 a tile",
//       "semaphores": [
//         {
//           "from": "GpSimd",
//           "to": "DMA1"
//         },
//         {
//           "from": "DMA0",
//           "to": "GpSimd"
//         }
//       ],
//       "source": "tests/filetests/lower/bitcast_is_no_kernel.mlir:8:3"
//     }
//   ]
// }
// ----- stderr
// lowered 1 kernel (stablehlo.xor x1), estimate 123.723 ns; 3 ops alias their operands (stablehlo.bitcast_convert x3); device program: 1 call
// ----- exit 0
