//! Egraph mode's `Loop` phase and `dot-folding` pass, one law per case, each fused output
//! verified against its input (`egraph::check`): a reduce closing the elementwise ops that feed
//! it, a broadcast copied into two kernels that read it, one input never broadcast two ways in
//! one kernel, a linear layer's transpose and flattening reshape folded into its dot, and the
//! views a dot cannot fold read by its kernel. A
//! named kernel taking its weight's broadcast is pinned in
//! `egraph::rmsnorm_under_its_sqrt_and_divide_spelling_is_one_kernel`.

use crate::egraph::check;
use expect_test::expect;

/// `sum((x - m)^2)` over rows: the subtract, the square and the row broadcast of `m` are fed
/// into the reduce's kernel (`reduce-input`), whose only output is the sum.
#[test]
fn a_reduce_closes_the_elementwise_ops_that_feed_it() {
    check(
        r#"func.func @main(%x: tensor<4x8xf32>, %m: tensor<4xf32>) -> tensor<4xf32> {
  %b = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<4xf32>) -> tensor<4x8xf32>
  %d = stablehlo.subtract %x, %b : tensor<4x8xf32>
  %s = stablehlo.multiply %d, %d : tensor<4x8xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %r = stablehlo.reduce(%s init: %z) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
"#,
        &[],
        expect![[r#"
            fused 1 clusters: Reduce x1
            func.func @main(%x: tensor<4x8xf32>, %m: tensor<4xf32>) -> tensor<4xf32> {
              %r = "mhlo.fusion"(%x, %m) ({
              ^bb0(%arg0: tensor<4x8xf32>, %arg1: tensor<4xf32>):
                %b = stablehlo.broadcast_in_dim %arg1, dims = [0] : (tensor<4xf32>) -> tensor<4x8xf32>
                %d = stablehlo.subtract %arg0, %b : tensor<4x8xf32>
                %s = stablehlo.multiply %d, %d : tensor<4x8xf32>
                %z = stablehlo.constant dense<0.0> : tensor<f32>
                %0 = stablehlo.reduce(%s init: %z) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
                mhlo.return %0 : tensor<4xf32>
              }) {FusionKind = "Reduce"} : (tensor<4x8xf32>, tensor<4xf32>) -> tensor<4xf32>
              return %r : tensor<4xf32>
            }
        "#]],
    );
}

/// One bias broadcast read by two elementwise chains that a dot separates: each chain's kernel
/// takes its own copy of the broadcast, and no broadcast is left a kernel of its own.
#[test]
fn a_broadcast_is_copied_into_each_kernel_that_reads_it() {
    check(
        r#"func.func @main(%x: tensor<4x8xf32>, %w: tensor<8x8xf32>, %c: tensor<8xf32>) -> tensor<4x8xf32> {
  %b = stablehlo.broadcast_in_dim %c, dims = [1] : (tensor<8xf32>) -> tensor<4x8xf32>
  %0 = stablehlo.add %x, %b : tensor<4x8xf32>
  %1 = stablehlo.tanh %0 : tensor<4x8xf32>
  %2 = stablehlo.dot_general %1, %w, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
  %3 = stablehlo.add %2, %b : tensor<4x8xf32>
  %4 = stablehlo.tanh %3 : tensor<4x8xf32>
  return %4 : tensor<4x8xf32>
}
"#,
        &[],
        expect![[r#"
            fused 2 clusters: Elementwise x2
            func.func @main(%x: tensor<4x8xf32>, %w: tensor<8x8xf32>, %c: tensor<8xf32>) -> tensor<4x8xf32> {
              %1 = "mhlo.fusion"(%x, %c) ({
              ^bb0(%arg0: tensor<4x8xf32>, %arg1: tensor<8xf32>):
                %b = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<8xf32>) -> tensor<4x8xf32>
                %0 = stablehlo.add %arg0, %b : tensor<4x8xf32>
                %2 = stablehlo.tanh %0 : tensor<4x8xf32>
                mhlo.return %2 : tensor<4x8xf32>
              }) {FusionKind = "Elementwise"} : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
              %2 = stablehlo.dot_general %1, %w, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
              %4 = "mhlo.fusion"(%2, %c) ({
              ^bb0(%arg0: tensor<4x8xf32>, %arg1: tensor<8xf32>):
                %b = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<8xf32>) -> tensor<4x8xf32>
                %3 = stablehlo.add %arg0, %b : tensor<4x8xf32>
                %0 = stablehlo.tanh %3 : tensor<4x8xf32>
                mhlo.return %0 : tensor<4x8xf32>
              }) {FusionKind = "Elementwise"} : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
              return %4 : tensor<4x8xf32>
            }
        "#]],
    );
}

/// An input broadcast once per row and once per column in one expression: the kernel takes
/// one of the two broadcasts, and the other stays outside it (a kernel reads each input in one
/// layout; the lowering could not place both).
#[test]
fn one_input_is_never_broadcast_two_ways_in_one_kernel() {
    check(
        r#"func.func @main(%x: tensor<8xf32>) -> tensor<8x8xi1> {
  %c = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<8xf32>) -> tensor<8x8xf32>
  %r = stablehlo.broadcast_in_dim %x, dims = [0] : (tensor<8xf32>) -> tensor<8x8xf32>
  %le = stablehlo.compare LE, %c, %r : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xi1>
  return %le : tensor<8x8xi1>
}
"#,
        &[],
        expect![[r#"
            fused 1 clusters: Elementwise x1
            func.func @main(%x: tensor<8xf32>) -> tensor<8x8xi1> {
              %r = stablehlo.broadcast_in_dim %x, dims = [0] : (tensor<8xf32>) -> tensor<8x8xf32>
              %le = "mhlo.fusion"(%r, %x) ({
              ^bb0(%arg0: tensor<8x8xf32>, %arg1: tensor<8xf32>):
                %c = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<8xf32>) -> tensor<8x8xf32>
                %0 = stablehlo.compare LE, %c, %arg0 : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xi1>
                mhlo.return %0 : tensor<8x8xi1>
              }) {FusionKind = "Elementwise"} : (tensor<8x8xf32>, tensor<8xf32>) -> tensor<8x8xi1>
              return %le : tensor<8x8xi1>
            }
        "#]],
    );
}

/// PyTorch's linear layer: `[1, 4, 8]` flattened to `[4, 8]`, times the weight transposed,
/// unflattened. The dot reads `x` and `w` as they are (contracting `x`'s dimension 2 with `w`'s
/// dimension 1), and the bias add between the flattening dot-folding moved after the dot and
/// its inverse reads the dot itself (`add-between-inverse-reshapes`): no reshape is left.
#[test]
fn a_linear_layers_transpose_and_flattening_fold_into_its_dot() {
    check(
        r#"func.func @main(%x: tensor<1x4x8xf32>, %w: tensor<16x8xf32>, %c: tensor<16xf32>) -> tensor<1x4x16xf32> {
  %f = stablehlo.reshape %x : (tensor<1x4x8xf32>) -> tensor<4x8xf32>
  %t = stablehlo.transpose %w, dims = [1, 0] : (tensor<16x8xf32>) -> tensor<8x16xf32>
  %d = stablehlo.dot_general %f, %t, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  %b = stablehlo.broadcast_in_dim %c, dims = [1] : (tensor<16xf32>) -> tensor<4x16xf32>
  %a = stablehlo.add %d, %b : tensor<4x16xf32>
  %u = stablehlo.reshape %a : (tensor<4x16xf32>) -> tensor<1x4x16xf32>
  return %u : tensor<1x4x16xf32>
}
"#,
        &[],
        expect![[r#"
            fused 1 clusters: Elementwise x1
            func.func @main(%x: tensor<1x4x8xf32>, %w: tensor<16x8xf32>, %c: tensor<16xf32>) -> tensor<1x4x16xf32> {
              %d = stablehlo.dot_general %x, %w, contracting_dims = [2] x [1] : (tensor<1x4x8xf32>, tensor<16x8xf32>) -> tensor<1x4x16xf32>
              %0 = "mhlo.fusion"(%d, %c) ({
              ^bb0(%arg0: tensor<1x4x16xf32>, %arg1: tensor<16xf32>):
                %1 = stablehlo.broadcast_in_dim %arg1, dims = [2] : (tensor<16xf32>) -> tensor<1x4x16xf32>
                %2 = stablehlo.add %arg0, %1 : tensor<1x4x16xf32>
                mhlo.return %2 : tensor<1x4x16xf32>
              }) {FusionKind = "Elementwise"} : (tensor<1x4x16xf32>, tensor<16xf32>) -> tensor<1x4x16xf32>
              return %0 : tensor<1x4x16xf32>
            }
        "#]],
    );
}

/// A transpose that reorders the free dimensions of its side is not folded (that would
/// transpose the dot's result): it joins the matmul's kernel (`matmul-views`), whose DMA reads
/// the operand through it.
#[test]
fn a_transpose_reordering_free_dimensions_is_read_by_the_matmul() {
    check(
        r#"func.func @main(%x: tensor<2x3x8xf32>, %w: tensor<8x5xf32>) -> tensor<3x2x5xf32> {
  %t = stablehlo.transpose %x, dims = [1, 0, 2] : (tensor<2x3x8xf32>) -> tensor<3x2x8xf32>
  %d = stablehlo.dot_general %t, %w, contracting_dims = [2] x [0] : (tensor<3x2x8xf32>, tensor<8x5xf32>) -> tensor<3x2x5xf32>
  return %d : tensor<3x2x5xf32>
}
"#,
        &[],
        expect![[r#"
            fused 1 clusters: Dot x1
            func.func @main(%x: tensor<2x3x8xf32>, %w: tensor<8x5xf32>) -> tensor<3x2x5xf32> {
              %d = "mhlo.fusion"(%w, %x) ({
              ^bb0(%arg0: tensor<8x5xf32>, %arg1: tensor<2x3x8xf32>):
                %t = stablehlo.transpose %arg1, dims = [1, 0, 2] : (tensor<2x3x8xf32>) -> tensor<3x2x8xf32>
                %0 = stablehlo.dot_general %t, %arg0, contracting_dims = [2] x [0] : (tensor<3x2x8xf32>, tensor<8x5xf32>) -> tensor<3x2x5xf32>
                mhlo.return %0 : tensor<3x2x5xf32>
              }) {FusionKind = "Dot"} : (tensor<8x5xf32>, tensor<2x3x8xf32>) -> tensor<3x2x5xf32>
              return %d : tensor<3x2x5xf32>
            }
        "#]],
    );
}

/// A head split (`add` of a bias, then a reshape and a transpose) is one kernel: the views sit
/// in the chain that writes its result (`edge` in rules/elementwise.rules). A transpose
/// between two ops that compute never joins a kernel there: it stays an input's view of the
/// second, and the first is left on its own.
#[test]
fn a_transpose_joins_a_kernel_only_at_its_edge() {
    check(
        r#"func.func @main(%x: tensor<4x8xf32>, %b: tensor<8xf32>) -> (tensor<2x4x4xf32>, tensor<8x4xf32>) {
  %w = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<8xf32>) -> tensor<4x8xf32>
  %a = stablehlo.add %x, %w : tensor<4x8xf32>
  %r = stablehlo.reshape %a : (tensor<4x8xf32>) -> tensor<4x2x4xf32>
  %t = stablehlo.transpose %r, dims = [1, 0, 2] : (tensor<4x2x4xf32>) -> tensor<2x4x4xf32>
  %n = stablehlo.negate %x : tensor<4x8xf32>
  %u = stablehlo.transpose %n, dims = [1, 0] : (tensor<4x8xf32>) -> tensor<8x4xf32>
  %e = stablehlo.exponential %u : tensor<8x4xf32>
  return %t, %e : tensor<2x4x4xf32>, tensor<8x4xf32>
}
"#,
        &[],
        expect![[r#"
            fused 2 clusters: Elementwise x2
            func.func @main(%x: tensor<4x8xf32>, %b: tensor<8xf32>) -> (tensor<2x4x4xf32>, tensor<8x4xf32>) {
              %t = "mhlo.fusion"(%x, %b) ({
              ^bb0(%arg0: tensor<4x8xf32>, %arg1: tensor<8xf32>):
                %w = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<8xf32>) -> tensor<4x8xf32>
                %a = stablehlo.add %arg0, %w : tensor<4x8xf32>
                %r = stablehlo.reshape %a : (tensor<4x8xf32>) -> tensor<4x2x4xf32>
                %0 = stablehlo.transpose %r, dims = [1, 0, 2] : (tensor<4x2x4xf32>) -> tensor<2x4x4xf32>
                mhlo.return %0 : tensor<2x4x4xf32>
              }) {FusionKind = "Elementwise"} : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<2x4x4xf32>
              %n = stablehlo.negate %x : tensor<4x8xf32>
              %e = "mhlo.fusion"(%n) ({
              ^bb0(%arg0: tensor<4x8xf32>):
                %u = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<4x8xf32>) -> tensor<8x4xf32>
                %0 = stablehlo.exponential %u : tensor<8x4xf32>
                mhlo.return %0 : tensor<8x4xf32>
              }) {FusionKind = "Elementwise"} : (tensor<4x8xf32>) -> tensor<8x4xf32>
              return %t, %e : tensor<2x4x4xf32>, tensor<8x4xf32>
            }
        "#]],
    );
}

/// A head merge between two dots (a transpose and the reshape that flattens the heads) is no
/// kernel of its own: the second matmul reads its operand through it (`matmul-views`).
#[test]
fn a_head_merge_between_two_dots_is_read_by_the_second() {
    check(
        r#"func.func @main(%p: tensor<2x4x8xf32>, %v: tensor<2x8x3xf32>, %w: tensor<6x5xf32>) -> tensor<4x5xf32> {
  %o = stablehlo.dot_general %p, %v, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x4x8xf32>, tensor<2x8x3xf32>) -> tensor<2x4x3xf32>
  %t = stablehlo.transpose %o, dims = [1, 0, 2] : (tensor<2x4x3xf32>) -> tensor<4x2x3xf32>
  %r = stablehlo.reshape %t : (tensor<4x2x3xf32>) -> tensor<4x6xf32>
  %d = stablehlo.dot_general %r, %w, contracting_dims = [1] x [0] : (tensor<4x6xf32>, tensor<6x5xf32>) -> tensor<4x5xf32>
  return %d : tensor<4x5xf32>
}
"#,
        &[],
        expect![[r#"
            fused 1 clusters: Dot x1
            func.func @main(%p: tensor<2x4x8xf32>, %v: tensor<2x8x3xf32>, %w: tensor<6x5xf32>) -> tensor<4x5xf32> {
              %o = stablehlo.dot_general %p, %v, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x4x8xf32>, tensor<2x8x3xf32>) -> tensor<2x4x3xf32>
              %d = "mhlo.fusion"(%w, %o) ({
              ^bb0(%arg0: tensor<6x5xf32>, %arg1: tensor<2x4x3xf32>):
                %t = stablehlo.transpose %arg1, dims = [1, 0, 2] : (tensor<2x4x3xf32>) -> tensor<4x2x3xf32>
                %r = stablehlo.reshape %t : (tensor<4x2x3xf32>) -> tensor<4x6xf32>
                %0 = stablehlo.dot_general %r, %arg0, contracting_dims = [1] x [0] : (tensor<4x6xf32>, tensor<6x5xf32>) -> tensor<4x5xf32>
                mhlo.return %0 : tensor<4x5xf32>
              }) {FusionKind = "Dot"} : (tensor<6x5xf32>, tensor<2x4x3xf32>) -> tensor<4x5xf32>
              return %d : tensor<4x5xf32>
            }
        "#]],
    );
}

/// PyTorch's rotary embedding, `x * cos + rotate_half(x) * sin` with `rotate_half` a
/// concatenate of `-x[:, 4:]` and `x[:, :4]`, is one kernel: the concatenate of equal pieces
/// joins it (the lowering computes each half apart), and so does JAX's spelling, which
/// concatenates the two halves of the result (`lower_concat` lowers both).
#[test]
fn a_rotary_embedding_is_one_kernel_in_either_spelling() {
    check(
        r#"func.func @main(%x: tensor<4x8xf32>, %c: tensor<4x8xf32>, %s: tensor<4x8xf32>, %y: tensor<4x8xf32>, %c2: tensor<4x4xf32>, %s2: tensor<4x4xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %a = stablehlo.slice %x [0:4, 0:4] : (tensor<4x8xf32>) -> tensor<4x4xf32>
  %b = stablehlo.slice %x [0:4, 4:8] : (tensor<4x8xf32>) -> tensor<4x4xf32>
  %n = stablehlo.negate %b : tensor<4x4xf32>
  %rot = stablehlo.concatenate %n, %a, dim = 1 : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x8xf32>
  %xc = stablehlo.multiply %x, %c : tensor<4x8xf32>
  %rs = stablehlo.multiply %rot, %s : tensor<4x8xf32>
  %torch = stablehlo.add %xc, %rs : tensor<4x8xf32>
  %ya = stablehlo.slice %y [0:4, 0:4] : (tensor<4x8xf32>) -> tensor<4x4xf32>
  %yb = stablehlo.slice %y [0:4, 4:8] : (tensor<4x8xf32>) -> tensor<4x4xf32>
  %ac = stablehlo.multiply %ya, %c2 : tensor<4x4xf32>
  %bs = stablehlo.multiply %yb, %s2 : tensor<4x4xf32>
  %lo = stablehlo.subtract %ac, %bs : tensor<4x4xf32>
  %bc = stablehlo.multiply %yb, %c2 : tensor<4x4xf32>
  %as = stablehlo.multiply %ya, %s2 : tensor<4x4xf32>
  %hi = stablehlo.add %bc, %as : tensor<4x4xf32>
  %jax = stablehlo.concatenate %lo, %hi, dim = 1 : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x8xf32>
  return %torch, %jax : tensor<4x8xf32>, tensor<4x8xf32>
}
"#,
        &[],
        expect![[r#"
            fused 2 clusters: Elementwise x2
            func.func @main(%x: tensor<4x8xf32>, %c: tensor<4x8xf32>, %s: tensor<4x8xf32>, %y: tensor<4x8xf32>, %c2: tensor<4x4xf32>, %s2: tensor<4x4xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
              %torch = "mhlo.fusion"(%s, %x, %c) ({
              ^bb0(%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xf32>, %arg2: tensor<4x8xf32>):
                %xc = stablehlo.multiply %arg1, %arg2 : tensor<4x8xf32>
                %b = stablehlo.slice %arg1 [0:4, 4:8] : (tensor<4x8xf32>) -> tensor<4x4xf32>
                %n = stablehlo.negate %b : tensor<4x4xf32>
                %a = stablehlo.slice %arg1 [0:4, 0:4] : (tensor<4x8xf32>) -> tensor<4x4xf32>
                %rot = stablehlo.concatenate %n, %a, dim = 1 : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x8xf32>
                %rs = stablehlo.multiply %rot, %arg0 : tensor<4x8xf32>
                %0 = stablehlo.add %xc, %rs : tensor<4x8xf32>
                mhlo.return %0 : tensor<4x8xf32>
              }) {FusionKind = "Elementwise"} : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
              %jax = "mhlo.fusion"(%s2, %c2, %y) ({
              ^bb0(%arg0: tensor<4x4xf32>, %arg1: tensor<4x4xf32>, %arg2: tensor<4x8xf32>):
                %ya = stablehlo.slice %arg2 [0:4, 0:4] : (tensor<4x8xf32>) -> tensor<4x4xf32>
                %ac = stablehlo.multiply %ya, %arg1 : tensor<4x4xf32>
                %yb = stablehlo.slice %arg2 [0:4, 4:8] : (tensor<4x8xf32>) -> tensor<4x4xf32>
                %bs = stablehlo.multiply %yb, %arg0 : tensor<4x4xf32>
                %lo = stablehlo.subtract %ac, %bs : tensor<4x4xf32>
                %bc = stablehlo.multiply %yb, %arg1 : tensor<4x4xf32>
                %as = stablehlo.multiply %ya, %arg0 : tensor<4x4xf32>
                %hi = stablehlo.add %bc, %as : tensor<4x4xf32>
                %0 = stablehlo.concatenate %lo, %hi, dim = 1 : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x8xf32>
                mhlo.return %0 : tensor<4x8xf32>
              }) {FusionKind = "Elementwise"} : (tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
              return %torch, %jax : tensor<4x8xf32>, tensor<4x8xf32>
            }
        "#]],
    );
}

/// A causal mask applied to scores: the iotas of the query and key indices, their compare and
/// the select join the kernel that reads the scores (XLA's loop fusion takes iota too), and the
/// broadcast of its result over the heads is written by that kernel.
#[test]
fn a_mask_from_iotas_is_computed_in_the_kernel_that_applies_it() {
    check(
        r#"func.func @main(%s: tensor<8x8xf32>) -> tensor<2x8x8xf32> {
  %q = stablehlo.iota dim = 0 : tensor<8x8xi32>
  %k = stablehlo.iota dim = 1 : tensor<8x8xi32>
  %c = stablehlo.compare GE, %q, %k, SIGNED : (tensor<8x8xi32>, tensor<8x8xi32>) -> tensor<8x8xi1>
  %z = stablehlo.constant dense<-1.0e9> : tensor<8x8xf32>
  %m = stablehlo.select %c, %s, %z : tensor<8x8xi1>, tensor<8x8xf32>
  %e = stablehlo.exponential %m : tensor<8x8xf32>
  %h = stablehlo.broadcast_in_dim %e, dims = [1, 2] : (tensor<8x8xf32>) -> tensor<2x8x8xf32>
  return %h : tensor<2x8x8xf32>
}
"#,
        &[],
        expect![[r#"
            fused 1 clusters: Elementwise x1
            func.func @main(%s: tensor<8x8xf32>) -> tensor<2x8x8xf32> {
              %h = "mhlo.fusion"(%s) ({
              ^bb0(%arg0: tensor<8x8xf32>):
                %q = stablehlo.iota dim = 0 : tensor<8x8xi32>
                %k = stablehlo.iota dim = 1 : tensor<8x8xi32>
                %c = stablehlo.compare GE, %q, %k, SIGNED : (tensor<8x8xi32>, tensor<8x8xi32>) -> tensor<8x8xi1>
                %z = stablehlo.constant dense<-1.0e9> : tensor<8x8xf32>
                %m = stablehlo.select %c, %arg0, %z : tensor<8x8xi1>, tensor<8x8xf32>
                %e = stablehlo.exponential %m : tensor<8x8xf32>
                %0 = stablehlo.broadcast_in_dim %e, dims = [1, 2] : (tensor<8x8xf32>) -> tensor<2x8x8xf32>
                mhlo.return %0 : tensor<2x8x8xf32>
              }) {FusionKind = "Elementwise"} : (tensor<8x8xf32>) -> tensor<2x8x8xf32>
              return %h : tensor<2x8x8xf32>
            }
        "#]],
    );
}

/// A dot that contracts nothing is a product of broadcasts (`expand`): `u ⊗ v` becomes one
/// multiply of `u` and `v` placed on the result's dimensions, which joins the add after it.
/// Flax BERT's head mask, a dot of the attention probabilities with ones, becomes the
/// probabilities transposed (`x * 1 = x`), and `dot-folding` takes that transpose (and the one
/// that undoes it) into the next dot.
#[test]
fn a_dot_that_contracts_nothing_is_a_product() {
    check(
        r#"func.func @main(%u: tensor<4xf32>, %v: tensor<3xf32>, %w: tensor<4x3xf32>, %p: tensor<2x4x8xf32>, %x: tensor<2x8x5xf32>) -> (tensor<4x3xf32>, tensor<2x4x5xf32>) {
  %o = stablehlo.dot_general %u, %v, contracting_dims = [] x [] : (tensor<4xf32>, tensor<3xf32>) -> tensor<4x3xf32>
  %r = stablehlo.add %o, %w : tensor<4x3xf32>
  %one = stablehlo.constant dense<1.0> : tensor<f32>
  %ones = stablehlo.broadcast_in_dim %one, dims = [] : (tensor<f32>) -> tensor<4xf32>
  %h = stablehlo.dot_general %ones, %p, batching_dims = [0] x [1], contracting_dims = [] x [] : (tensor<4xf32>, tensor<2x4x8xf32>) -> tensor<4x2x8xf32>
  %t = stablehlo.transpose %h, dims = [1, 0, 2] : (tensor<4x2x8xf32>) -> tensor<2x4x8xf32>
  %y = stablehlo.dot_general %t, %x, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x4x8xf32>, tensor<2x8x5xf32>) -> tensor<2x4x5xf32>
  return %r, %y : tensor<4x3xf32>, tensor<2x4x5xf32>
}
"#,
        &[],
        expect![[r#"
            fused 1 clusters: Elementwise x1
            func.func @main(%u: tensor<4xf32>, %v: tensor<3xf32>, %w: tensor<4x3xf32>, %p: tensor<2x4x8xf32>, %x: tensor<2x8x5xf32>) -> (tensor<4x3xf32>, tensor<2x4x5xf32>) {
              %r = "mhlo.fusion"(%w, %v, %u) ({
              ^bb0(%arg0: tensor<4x3xf32>, %arg1: tensor<3xf32>, %arg2: tensor<4xf32>):
                %0 = stablehlo.broadcast_in_dim %arg2, dims = [0] : (tensor<4xf32>) -> tensor<4x3xf32>
                %1 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<3xf32>) -> tensor<4x3xf32>
                %2 = stablehlo.multiply %0, %1 : tensor<4x3xf32>
                %3 = stablehlo.add %2, %arg0 : tensor<4x3xf32>
                mhlo.return %3 : tensor<4x3xf32>
              }) {FusionKind = "Elementwise"} : (tensor<4x3xf32>, tensor<3xf32>, tensor<4xf32>) -> tensor<4x3xf32>
              %y = stablehlo.dot_general %p, %x, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x4x8xf32>, tensor<2x8x5xf32>) -> tensor<2x4x5xf32>
              return %r, %y : tensor<4x3xf32>, tensor<2x4x5xf32>
            }
        "#]],
    );
}
