// `--kind` traces every fusion rule of the kind, in file order (softmax-alone, then
// softmax-unshifted).
// RUN: egfuse explain tests/fixtures/jax/softmax_f32.mlir --kind Softmax
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse explain tests/fixtures/jax/softmax_f32.mlir --kind Softmax
// rule softmax-alone (Softmax), egraph mode: 1 candidate anchor, 1 matched
//
// tests/fixtures/jax/softmax_f32.mlir:16:5: %10 = stablehlo.divide
//   | %10 = stablehlo.divide %6, %9 : tensor<2x8x16xf32>
//   matched: %p = %10, %p.e = %6, %p.z = %5, %x = %arg0, %p.mb = %4, %p.max = %2, %p.ninf = %cst_0, %p.sb = %9, %p.sum = %7, %p.zero = %cst_1
// rule softmax-unshifted (Softmax), egraph mode: 1 candidate anchor, 1 matched
//
// tests/fixtures/jax/softmax_f32.mlir:16:5: %10 = stablehlo.divide
//   | %10 = stablehlo.divide %6, %9 : tensor<2x8x16xf32>
//   matched: %p = %10, %e = %6, %x = %5, %sb = %9, %sum = %7, %zero = %cst_1
//
// matches extraction did not choose: 1
//
// tests/fixtures/jax/softmax_f32.mlir:16:5: %10 = stablehlo.divide
//   | %10 = stablehlo.divide %6, %9 : tensor<2x8x16xf32>
//   kernel 2.261 us against 8.774 us for its 4 ops unfused; covered by the cheaper Softmax kernel at %10 (2.445 us), which also takes %5 = stablehlo.subtract, %4 = stablehlo.broadcast_in_dim, %0 = stablehlo.reduce (this kernel and those ops apart: 2.261 us + 6.696 us)
// ----- exit 0
