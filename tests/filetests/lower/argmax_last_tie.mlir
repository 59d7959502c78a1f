// A reduce of values and indices that keeps the higher index on a tie is not argmax: its body
// fails the probes, so it is reported, not lowered as one.
// RUN: egfuse lower %s
func.func @main(%v: tensor<4x12xf32>) -> tensor<4xi32> {
  %i = stablehlo.iota dim = 1 : tensor<4x12xi32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.reduce(%v init: %ninf), (%i init: %zero) across dimensions = [1] : (tensor<4x12xf32>, tensor<4x12xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>)
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
// // stablehlo.iota at tests/filetests/lower/argmax_last_tie.mlir:5:3: dma; SBUF 48 of 196608 bytes per partition, PSUM 0 of 16384
// // estimate 80.000 ns, bound by GpSimd (GpSimd 80.000 ns, DMA 31.719 ns)
// kernel @k0 kind stablehlo.iota {
//   hbm %out0 : i32[48] output
//   sbuf %t1 : i32[1, 12] at 0
//   iota(dst=%t1, offset=0.0, channel_multiplier=0.0, engine=GpSimd)
//   dma_copy(dst=%out0.ap([[12, 4], [1, 12]]), src=%t1.ap([[12, 1], [0, 4], [1, 12]]), engine=DMA)
// }
// ----- stderr
// error: tests/filetests/lower/argmax_last_tie.mlir:8:3: `stablehlo.reduce` has no lowering
//     ╭─[tests/filetests/lower/argmax_last_tie.mlir:8:3]
//   7 │       %zero = stablehlo.constant dense<0> : tensor<i32>
//   8 │ ╭─▶   %r:2 = stablehlo.reduce(%v init: %ninf), (%i init: %zero) across dimensions = [1] : (tensor<4x12xf32>, tensor<4x12xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>)
//   9 │ │      reducer(%a: tensor<f32>, %b: tensor<f32>) (%ai: tensor<i32>, %bi: tensor<i32>)  {
//  10 │ │       %nan_a = stablehlo.compare NE, %a, %a, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
//  11 │ │       %gt = stablehlo.compare GT, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
//  12 │ │       %eq = stablehlo.compare EQ, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
//  13 │ │       %wins = stablehlo.or %gt, %nan_a : tensor<i1>
//  14 │ │       %m = stablehlo.select %wins, %a, %b : tensor<i1>, tensor<f32>
//  15 │ │       %tie = stablehlo.maximum %ai, %bi : tensor<i32>
//  16 │ │       %pick = stablehlo.select %wins, %ai, %bi : tensor<i1>, tensor<i32>
//  17 │ │       %j = stablehlo.select %eq, %tie, %pick : tensor<i1>, tensor<i32>
//  18 │ │       stablehlo.return %m, %j : tensor<f32>, tensor<i32>
//  19 │ ├─▶   }
//     · ╰──── a reduce of values and indices lowers as argmax or argmin only; this body answers (-inf, 1) on (a, ai, b, bi) = (-inf, 0, -inf, 1), where argmax answers (-inf, 0)
//  20 │       return %r#1 : tensor<4xi32>
//     ╰────
//   help: rules/select.rules lists what lowers; add a select rule for this op
// lowered 1 kernel (stablehlo.iota x1), estimate 80.000 ns; 1 could not be lowered
// ----- exit 1
