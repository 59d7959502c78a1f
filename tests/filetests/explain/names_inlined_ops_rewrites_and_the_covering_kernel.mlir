// Explain on the Llama block reads as the source does: an op inlined from `@silu` is placed at
// its call in `@main` and named with its function; a value a rewrite built is shown as what it
// computes, under the op it was built from; a lost match names the kernel that covers it, its
// cost, and the ops it also takes.
// RUN: egfuse explain tests/fixtures/jax/llama_block_f32.mlir --rule softmax-alone --at 173:5
// RUN: egfuse explain tests/fixtures/jax/llama_block_f32.mlir --rule softmax-alone --at 128:5
// RUN: egfuse explain tests/fixtures/jax/llama_block_f32.mlir --rule softmax-alone --at 9:5
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse explain tests/fixtures/jax/llama_block_f32.mlir --rule softmax-alone --at 173:5
// rule softmax-alone (Softmax), egraph mode: 1 candidate anchor, 0 matched
//
// tests/fixtures/jax/llama_block_f32.mlir:151:5: %5 in @silu = stablehlo.divide, written at 173:5
//   | %5 = stablehlo.divide %4, %3 : tensor<1x8x64xf32>
//   bound: %p = %5 in @silu, %p.e = %4 in @silu
//   no match: %p.e = stablehlo.exponential: found stablehlo.broadcast_in_dim
// ----- exit 0
// ----- egfuse explain tests/fixtures/jax/llama_block_f32.mlir --rule softmax-alone --at 128:5
// rule softmax-alone (Softmax), egraph mode: 1 candidate anchor, 1 matched
//
// tests/fixtures/jax/llama_block_f32.mlir:128:5: %107 = stablehlo.divide
//   | %107 = stablehlo.divide %103, %106 : tensor<1x2x8x8xf32>
//   matched: %p = %107, %p.e = %103, %p.z = %102, %x = %3 in @_where, %p.mb = %101, %p.max = %99, %p.ninf = %cst_15, %p.sb = %106, %p.sum = %104, %p.zero = %cst_16
//
// matches extraction did not choose: 1
//
// tests/fixtures/jax/llama_block_f32.mlir:128:5: %107 = stablehlo.divide
//   | %107 = stablehlo.divide %103, %106 : tensor<1x2x8x8xf32>
//   kernel 2.437 us against 15.450 us for its 7 ops unfused; covered by the cheaper DotSoftmax kernel at %107 (4.809 us), which also takes %3 in @_where = stablehlo.select, %92 = stablehlo.divide, %90 = stablehlo.dot_general (this kernel and those ops apart: 2.437 us + 8.379 us)
// ----- exit 0
// ----- egfuse explain tests/fixtures/jax/llama_block_f32.mlir --rule softmax-alone --at 9:5
// rule softmax-alone (Softmax), egraph mode: 2 candidate anchors, 0 matched
//
// tests/fixtures/jax/llama_block_f32.mlir:9:5: %4 = stablehlo.divide
//   | %4 = stablehlo.divide %2, %3 : tensor<1x8x1xf32>
//   bound: %p = %4, %p.e = %2
//   no match: %p.e = stablehlo.exponential: found stablehlo.broadcast_in_dim
//
// tests/fixtures/jax/llama_block_f32.mlir:9:5: ops a rewrite built from %4 = stablehlo.divide
//   | %4 = stablehlo.divide %2, %3 : tensor<1x8x1xf32>
//   built: stablehlo.multiply(%1, splat(0.03125)) : tensor<1x8xf32>
//     bound: %p = stablehlo.multiply(%1, splat(0.03125)), %p.e = %1
//     no match: %p.e = stablehlo.exponential: found stablehlo.reduce
// ----- exit 0
