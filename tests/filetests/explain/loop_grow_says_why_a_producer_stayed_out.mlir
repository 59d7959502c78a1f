// Egraph mode's `loop` grow: each op of its class roots a cluster (of how many ops) or says why
// not, and a cluster that left out a producer says which and why. Here the transpose of `%n`
// joins `%e`'s kernel as the pattern of its load, so the negate below it stays out: only views
// join below such a view.
// RUN: egfuse explain tests/fixtures/explain/loop_edges.mlir --rule loop
// RUN: egfuse explain tests/fixtures/explain/loop_edges.mlir --rule loop --op %n
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse explain tests/fixtures/explain/loop_edges.mlir --rule loop
// rule loop (Elementwise), egraph mode: 7 candidate anchors, 2 matched
//
// tests/fixtures/explain/loop_edges.mlir:2:3: %w = stablehlo.broadcast_in_dim
//   | %w = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<8xf32>) -> tensor<4x8xf32>
//   no match: joined a later op's cluster
//
// tests/fixtures/explain/loop_edges.mlir:3:3: %a = stablehlo.add
//   | %a = stablehlo.add %x, %w : tensor<4x8xf32>
//   no match: joined a later op's cluster
//
// tests/fixtures/explain/loop_edges.mlir:4:3: %r = stablehlo.reshape
//   | %r = stablehlo.reshape %a : (tensor<4x8xf32>) -> tensor<4x2x4xf32>
//   no match: joined a later op's cluster
//
// tests/fixtures/explain/loop_edges.mlir:5:3: %t = stablehlo.transpose
//   | %t = stablehlo.transpose %r, dims = [1, 0, 2] : (tensor<4x2x4xf32>) -> tensor<2x4x4xf32>
//   matched: %op = %t
//   roots a cluster of 4 ops
//
// tests/fixtures/explain/loop_edges.mlir:6:3: %n = stablehlo.negate
//   | %n = stablehlo.negate %x : tensor<4x8xf32>
//   no match: fewer than min_ops = 2 ops
//   the cluster of %e = stablehlo.exponential (8:3) reads it and left it out: a view that moves elements across the layout reads it, and only views join below one, as the pattern of an input's load
//
// tests/fixtures/explain/loop_edges.mlir:7:3: %u = stablehlo.transpose
//   | %u = stablehlo.transpose %n, dims = [1, 0] : (tensor<4x8xf32>) -> tensor<8x4xf32>
//   no match: joined a later op's cluster
//
// tests/fixtures/explain/loop_edges.mlir:8:3: %e = stablehlo.exponential
//   | %e = stablehlo.exponential %u : tensor<8x4xf32>
//   matched: %op = %e
//   roots a cluster of 2 ops
//   left out %n = stablehlo.negate (6:3): a view that moves elements across the layout reads it, and only views join below one, as the pattern of an input's load
// ----- exit 0
// ----- egfuse explain tests/fixtures/explain/loop_edges.mlir --rule loop --op %n
// rule loop (Elementwise), egraph mode: 1 candidate anchor, 0 matched
//
// tests/fixtures/explain/loop_edges.mlir:6:3: %n = stablehlo.negate
//   | %n = stablehlo.negate %x : tensor<4x8xf32>
//   no match: fewer than min_ops = 2 ops
//   the cluster of %e = stablehlo.exponential (8:3) reads it and left it out: a view that moves elements across the layout reads it, and only views join below one, as the pattern of an input's load
// ----- exit 0
