// A reduce of values and indices that keeps the higher index on a tie is not argmax: its body
// fails the probes, so it is not lowered as one; over 100 elements a row it is too long to fold
// (`window-forms` folds at most 64), so it is reported, with the probe it fails.
// RUN: egfuse lower %s
func.func @main(%v: tensor<4x100xf32>) -> tensor<4xi32> {
  %i = stablehlo.iota dim = 1 : tensor<4x100xi32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.reduce(%v init: %ninf), (%i init: %zero) across dimensions = [1] : (tensor<4x100xf32>, tensor<4x100xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>)
   reducer(%a: tensor<f32>, %b: tensor<f32>) (%ai: tensor<i32>, %bi: tensor<i32>)  {
    %nan_a = stablehlo.compare NE, %a, %a, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %gt = stablehlo.compare GT, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %eq = stablehlo.compare EQ, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %wins = stablehlo.or %gt, %nan_a : tensor<i1>
    %m = stablehlo.select %wins, %a, %b : tensor<i1>, tensor<f32>
    %tie = stablehlo.maximum %ai, %bi : tensor<i32>
    %pick = stablehlo.select %wins, %ai, %bi : tensor<i1>, tensor<i32>
    %j = stablehlo.select %eq, %tie, %pick : tensor<i1>, tensor<i32>
    stablehlo.return %m, %j : tensor<f32>, tensor<i32>
  }
  return %r#1 : tensor<4xi32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s
// // stablehlo.iota at tests/filetests/lower/argmax_last_tie_long.mlir:6:3: dma; SBUF 400 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 142.858 ns, bound by GpSimd (GpSimd 142.858 ns, DMA 35.153 ns)
// kernel @k0 kind stablehlo.iota {
//   hbm %out0 : i32[400] output
//   sbuf %t1 : i32[1, 100] at 0
//   iota(dst=%t1, offset=0.0, channel_multiplier=0.0, engine=GpSimd)
//   dma_copy(dst=%out0.ap([[100, 4], [1, 100]]), src=%t1.ap([[100, 1], [0, 4], [1, 100]]), engine=DMA)
// }
// ----- stderr
// error: tests/filetests/lower/argmax_last_tie_long.mlir:9:3: `stablehlo.reduce` has no lowering
//     ╭─[tests/filetests/lower/argmax_last_tie_long.mlir:9:3]
//   8 │       %zero = stablehlo.constant dense<0> : tensor<i32>
//   9 │ ╭─▶   %r:2 = stablehlo.reduce(%v init: %ninf), (%i init: %zero) across dimensions = [1] : (tensor<4x100xf32>, tensor<4x100xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>)
//  10 │ │      reducer(%a: tensor<f32>, %b: tensor<f32>) (%ai: tensor<i32>, %bi: tensor<i32>)  {
//  11 │ │       %nan_a = stablehlo.compare NE, %a, %a, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
//  12 │ │       %gt = stablehlo.compare GT, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
//  13 │ │       %eq = stablehlo.compare EQ, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
//  14 │ │       %wins = stablehlo.or %gt, %nan_a : tensor<i1>
//  15 │ │       %m = stablehlo.select %wins, %a, %b : tensor<i1>, tensor<f32>
//  16 │ │       %tie = stablehlo.maximum %ai, %bi : tensor<i32>
//  17 │ │       %pick = stablehlo.select %wins, %ai, %bi : tensor<i1>, tensor<i32>
//  18 │ │       %j = stablehlo.select %eq, %tie, %pick : tensor<i1>, tensor<i32>
//  19 │ │       stablehlo.return %m, %j : tensor<f32>, tensor<i32>
//  20 │ ├─▶   }
//     · ╰──── a reduce of values and indices lowers as argmax or argmin only; this body answers (-inf, 1) on (a, ai, b, bi) = (-inf, 0, -inf, 1), where argmax answers (-inf, 0)
//  21 │       return %r#1 : tensor<4xi32>
//     ╰────
//   help: rules/select.rules lists what lowers; add a select rule for this op
// lowered 1 kernel (stablehlo.iota x1), estimate 142.858 ns; 1 could not be lowered
// ----- exit 1
