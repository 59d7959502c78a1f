// `compare` lists each fusion under its block's path (`@main/while#1 body/if#1 true`), and
// coverage's sites name it too.
// RUN: egfuse compare %s
// RUN: egfuse coverage %s
func.func @main(%x: tensor<16xf32>, %p: tensor<i1>) -> tensor<16xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.while(%i = %c0, %v = %x) : tensor<i32>, tensor<16xf32>
  cond {
    %n = stablehlo.constant dense<3> : tensor<i32>
    %lt = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %j = stablehlo.add %i, %one : tensor<i32>
    %y = "stablehlo.if"(%p) ({
      %e = stablehlo.exponential %v : tensor<16xf32>
      %c1 = stablehlo.constant dense<1.000000e+00> : tensor<16xf32>
      %m = stablehlo.subtract %e, %c1 : tensor<16xf32>
      stablehlo.return %m : tensor<16xf32>
    }, {
      %t = stablehlo.tanh %v : tensor<16xf32>
      %h = stablehlo.multiply %t, %v : tensor<16xf32>
      stablehlo.return %h : tensor<16xf32>
    }) : (tensor<i1>) -> tensor<16xf32>
    stablehlo.return %j, %y : tensor<i32>, tensor<16xf32>
  }
  return %r#1 : tensor<16xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse compare %s
// @main
//   plan    fusions  kernels  hbm bytes  tensor cycles  vector cycles  scalar cycles  gpsimd cycles      total  ratio
//   none          0        8        862              0            404            202            202  15.151 us  1.506
//   compat        0        8        862              0            404            202            202  15.151 us  1.506
//   egraph        2        6        478              0            303            202            202  10.060 us  1.000
// total
//   plan    fusions  kernels  hbm bytes  tensor cycles  vector cycles  scalar cycles  gpsimd cycles      total  ratio
//   none          0        8        862              0            404            202            202  15.151 us  1.506
//   compat        0        8        862              0            404            202            202  15.151 us  1.506
//   egraph        2        6        478              0            303            202            202  10.060 us  1.000
//   ops (every function body, nested regions included, after inlining): none 12 (0 fused), compat 12 (0 fused), egraph 10 (3 fused)
//   kernels (ops after fusion but constants, returns and calls, loop bodies included): none 7, compat 7, egraph 5
// fusions
//   none: 0
//   compat: 0
//   egraph: 2
//     @main/while#1 body/if#1 true         Expm1  18:7  1 ops
//     @main/while#1 body/if#1 false  Elementwise  22:7  2 ops
// differences
//   function                              kind    at  none  compat  egraph
//   @main/while#1 body/if#1 false  Elementwise  22:7     0       0       1
//   @main/while#1 body/if#1 true         Expm1  18:7     0       0       1
// ----- exit 0
// ----- egfuse coverage %s
// rule                 kind          anchors   matches   applied
// dot-logistic         DotLogistic         0         0         0
// dot-silu             DotLogistic         8         0         0
//     rejected      4  %y = stablehlo.multiply: found stablehlo.tanh
//     rejected      2  %u = stablehlo.convert: found stablehlo.tanh
//     rejected      1  %d = stablehlo.dot | stablehlo.dot_general: found stablehlo.tanh
//     rejected      1  %db = stablehlo.add: found stablehlo.tanh
// dot-logistic-shared  DotLogistic         0         0         0
// elementwise          Elementwise         0         0         0
// reduce-input         Reduce              0         0         0
// matmul-views         Dot                 0         0         0
// loop                 Elementwise         8         1         1
//     rejected      6  fewer than min_ops = 2 ops
//     rejected      1  joined a later op's cluster
//     at tests/filetests/fuse/regions/compare_and_coverage_name_the_block_of_each_fusion.mlir:22:7 in @main/while#1 body/if#1 false
// expm1                Expm1               1         1         0
// expm1-native         Expm1               1         1         1
//     at tests/filetests/fuse/regions/compare_and_coverage_name_the_block_of_each_fusion.mlir:18:7 in @main/while#1 body/if#1 true
// gelu-erf             Gelu                2         0         0
//     rejected      1  %y = stablehlo.multiply: found stablehlo.tanh
//     rejected      1  %y.h = stablehlo.multiply: found stablehlo.tanh
// gelu-tanh            Gelu                2         0         0
//     rejected      1  %y = stablehlo.multiply: found stablehlo.tanh
//     rejected      1  %y.h = stablehlo.multiply: found stablehlo.tanh
// gelu-sigmoid         Gelu                2         0         0
//     rejected      1  %y = stablehlo.multiply: found stablehlo.tanh
//     rejected      1  %y.l = stablehlo.logistic: no producing op
// dot-gelu-erf         DotGelu             4         0         0
//     rejected      2  %y = stablehlo.multiply: found stablehlo.tanh
//     rejected      2  %y.h = stablehlo.multiply: found stablehlo.tanh
// dot-gelu-tanh        DotGelu             4         0         0
//     rejected      2  %y = stablehlo.multiply: found stablehlo.tanh
//     rejected      2  %y.h = stablehlo.multiply: found stablehlo.tanh
// dot-gelu-sigmoid     DotGelu             4         0         0
//     rejected      2  %y = stablehlo.multiply: found stablehlo.tanh
//     rejected      1  %d = stablehlo.dot | stablehlo.dot_general: found stablehlo.tanh
//     rejected      1  %x = stablehlo.add: found stablehlo.tanh
// log1p                Log1p               0         0         0
// log1p-native         Log1p               0         0         0
// mul-red-sqrt         MulRedSqrt          0         0         0
// mul-red-sqrt-upcast  MulRedSqrt          0         0         0
// mul-red-sqrt-eps     MulRedSqrt          0         0         0
// mx-quantize          MxQuantize          0         0         0
// dot-mx               DotMx               0         0         0
// rms-norm             RmsNorm            32         0         0
//     rejected     16  %out = stablehlo.multiply: found stablehlo.tanh
//     rejected      8  %xs = stablehlo.convert: found stablehlo.tanh
//     rejected      4  %rb = stablehlo.broadcast_in_dim: no producing op
//     rejected      4  %rw = stablehlo.multiply: no producing op
// layer-norm           LayerNorm          64         0         0
//     rejected     16  %c = stablehlo.subtract: found stablehlo.tanh
//     rejected     16  %out = stablehlo.multiply: found stablehlo.tanh
//     rejected     16  %out = stablehlo.multiply: no producing op
//     rejected     16  %sc = stablehlo.multiply: no producing op
// layer-norm-moments   LayerNorm          32         0         0
//     rejected     16  %c = stablehlo.subtract: found stablehlo.tanh
//     rejected     16  %out = stablehlo.multiply: no producing op
// dot-softmax          DotSoftmax          0         0         0
// softmax-alone        Softmax             0         0         0
// softmax-unshifted    Softmax             0         0         0
// log-softmax          LogSoftmax          1         0         0
//     rejected      1  %z = stablehlo.subtract: found stablehlo.exponential
// sub-exp              SubExp              2         0         0
//     rejected      2  %d = stablehlo.subtract: no producing op
//
// ops, counted the same in every mode: ops of every function body, nested regions included, after inlining, before fusion; fused: the ops less those the fused module, inlined the same way, keeps outside fusions
// file                                                                                      ops    fused       %  fusions
// tests/filetests/fuse/regions/compare_and_coverage_name_the_block_of_each_fusion.mlir       12        5    41.7  Elementwise x1, Expm1 x1
// 1 file (0 failed, mode egraph): 12 ops, 5 inside fusions (41.7% fused)
// 2 rules applied, 0 fusions merged into others, 2 fusions
// never fired: dot-logistic, dot-silu, dot-logistic-shared, reduce-input, matmul-views, gelu-erf, gelu-tanh, gelu-sigmoid, dot-gelu-erf, dot-gelu-tanh, dot-gelu-sigmoid, log1p, log1p-native, mul-red-sqrt, mul-red-sqrt-upcast, mul-red-sqrt-eps, mx-quantize, dot-mx, rms-norm, layer-norm, layer-norm-moments, dot-softmax, softmax-alone, softmax-unshifted, log-softmax, sub-exp
// not run in egraph mode: elementwise
// ----- exit 0
