// A `lax.scan` model's layer is the body of a `stablehlo.while`: its kernels (the RmsNorms,
// DotSoftmax, DotLogistic and matmuls fused there, and the `dynamic_slice`s that pick the
// layer's weights) lower and check like a function body's; the loop itself is reported, once
// (though it has 11 results).
// RUN: egfuse lower tests/fixtures/jax/scan_llama_f32.mlir --check -o /dev/null
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower tests/fixtures/jax/scan_llama_f32.mlir --check -o /dev/null
// ----- stderr
// error: tests/fixtures/jax/scan_llama_f32.mlir:4:5: `stablehlo.while` has no lowering
//     ╭─[tests/fixtures/jax/scan_llama_f32.mlir:4:5]
//   3 │         %c = stablehlo.constant dense<0> : tensor<i32>
//   4 │ ╭─▶     %0:11 = stablehlo.while(%iterArg = %arg1, %iterArg_0 = %arg2, %iterArg_1 = %arg3, %iterArg_2 = %arg4, %iterArg_3 = %arg5, %iterArg_4 = %arg6, %iterArg_5 = %arg7, %iterArg_6 = %arg8, %iterArg_7 = %arg9, %iterArg_8 = %c, %iterArg_9 = %arg0) : tensor<4x128xf32>, tensor<4x128xf32>, tensor<4x256x128xf32>, tensor<4x128x256xf32>, tensor<4x128x256xf32>, tensor<4x128x128xf32>, tensor<4x128x128xf32>, tensor<4x128x128xf32>, tensor<4x128x128xf32>, tensor<i32>, tensor<1x32x128xf32>
//   5 │ │       cond {
//   6 │ │         %c_10 = stablehlo.constant dense<4> : tensor<i32>
//   7 │ │         %1 = stablehlo.compare LT, %iterArg_8, %c_10, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
//   8 │ │         stablehlo.return %1 : tensor<i1>
//   9 │ │       } do {
//  10 │ │         %1 = func.call @dynamic_index_in_dim(%iterArg, %iterArg_8) : (tensor<4x128xf32>, tensor<i32>) -> tensor<128xf32>
//  11 │ │         %2 = func.call @dynamic_index_in_dim(%iterArg_0, %iterArg_8) : (tensor<4x128xf32>, tensor<i32>) -> tensor<128xf32>
//  12 │ │         %3 = func.call @dynamic_index_in_dim_0(%iterArg_1, %iterArg_8) : (tensor<4x256x128xf32>, tensor<i32>) -> tensor<256x128xf32>
//  13 │ │         %4 = func.call @dynamic_index_in_dim_1(%iterArg_2, %iterArg_8) : (tensor<4x128x256xf32>, tensor<i32>) -> tensor<128x256xf32>
//  14 │ │         %5 = func.call @dynamic_index_in_dim_1(%iterArg_3, %iterArg_8) : (tensor<4x128x256xf32>, tensor<i32>) -> tensor<128x256xf32>
//  15 │ │         %6 = func.call @dynamic_index_in_dim_2(%iterArg_4, %iterArg_8) : (tensor<4x128x128xf32>, tensor<i32>) -> tensor<128x128xf32>
//  16 │ │         %7 = func.call @dynamic_index_in_dim_2(%iterArg_5, %iterArg_8) : (tensor<4x128x128xf32>, tensor<i32>) -> tensor<128x128xf32>
//  17 │ │         %8 = func.call @dynamic_index_in_dim_2(%iterArg_6, %iterArg_8) : (tensor<4x128x128xf32>, tensor<i32>) -> tensor<128x128xf32>
//  18 │ │         %9 = func.call @dynamic_index_in_dim_2(%iterArg_7, %iterArg_8) : (tensor<4x128x128xf32>, tensor<i32>) -> tensor<128x128xf32>
//  19 │ │         %10 = func.call @closed_call(%iterArg_9, %1, %2, %3, %4, %5, %6, %7, %8, %9) : (tensor<1x32x128xf32>, tensor<128xf32>, tensor<128xf32>, tensor<256x128xf32>, tensor<128x256xf32>, tensor<128x256xf32>, tensor<128x128xf32>, tensor<128x128xf32>, tensor<128x128xf32>, tensor<128x128xf32>) -> tensor<1x32x128xf32>
//  20 │ │         %c_10 = stablehlo.constant dense<1> : tensor<i32>
//  21 │ │         %11 = stablehlo.add %iterArg_8, %c_10 : tensor<i32>
//  22 │ │         stablehlo.return %iterArg, %iterArg_0, %iterArg_1, %iterArg_2, %iterArg_3, %iterArg_4, %iterArg_5, %iterArg_6, %iterArg_7, %11, %10 : tensor<4x128xf32>, tensor<4x128xf32>, tensor<4x256x128xf32>, tensor<4x128x256xf32>, tensor<4x128x256xf32>, tensor<4x128x128xf32>, tensor<4x128x128xf32>, tensor<4x128x128xf32>, tensor<4x128x128xf32>, tensor<i32>, tensor<1x32x128xf32>
//  23 │ ├─▶     }
//     · ╰──── no select rule covers this op
//  24 │         return %0#10 : tensor<1x32x128xf32>
//     ╰────
//   help: rules/select.rules lists what lowers; add a select rule for this op
// lowered 23 kernels (Attention x1, Dot x6, DotLogistic x1, RmsNorm x2, stablehlo.add x3, stablehlo.compare x1, stablehlo.dynamic_slice x9), estimate 13.852 us; 1 op folded at compile time (mhlo.fusion x1); 1 could not be lowered
// check: 23 of 23 kernels agree with the ops they lower
// ----- exit 1
