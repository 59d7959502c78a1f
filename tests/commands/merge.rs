//! Egraph mode's merge of a loop kernel into the one kernel that reads it (`egfuse_fusion::merge`),
//! one law per case through `egraph::check` (every output verified against its input): a
//! linear layer's bias add becomes its GELU kernel's prologue, in both emissions; a producer
//! that two kernels read, or that feeds a dot, stays a kernel of its own.

use crate::egraph::check;
use expect_test::expect;

/// `gelu(x + b)`: the bias add and its broadcast, which the `Loop` grow makes a kernel, merge
/// into the Gelu kernel the pattern rule built, so `x + b` never goes to HBM.
const BIAS_GELU: &str = r#"func.func @main(%x: tensor<4x8xf32>, %b: tensor<8xf32>) -> tensor<4x8xf32> {
  %bb = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<8xf32>) -> tensor<4x8xf32>
  %a = stablehlo.add %x, %bb : tensor<4x8xf32>
  %h = stablehlo.constant dense<5.000000e-01> : tensor<4x8xf32>
  %c = stablehlo.constant dense<0.707106769> : tensor<4x8xf32>
  %half = stablehlo.multiply %a, %h : tensor<4x8xf32>
  %s = stablehlo.multiply %a, %c : tensor<4x8xf32>
  %n = stablehlo.negate %s : tensor<4x8xf32>
  %e = chlo.erfc %n : tensor<4x8xf32> -> tensor<4x8xf32>
  %y = stablehlo.multiply %half, %e : tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}
"#;

#[test]
fn a_bias_add_is_the_prologue_of_the_gelu_that_reads_it() {
    check(
        BIAS_GELU,
        &[],
        expect![[r#"
            fused 1 clusters: Gelu x1
            func.func @main(%x: tensor<4x8xf32>, %b: tensor<8xf32>) -> tensor<4x8xf32> {
              %0 = stablehlo.constant dense<5.0e-1> : tensor<f32>
              %1 = stablehlo.constant dense<7.07106769e-1> : tensor<f32>
              %y = "mhlo.fusion"(%1, %0, %x, %b) ({
              ^bb0(%arg0: tensor<f32>, %arg1: tensor<f32>, %arg2: tensor<4x8xf32>, %arg3: tensor<8xf32>):
                %bb = stablehlo.broadcast_in_dim %arg3, dims = [1] : (tensor<8xf32>) -> tensor<4x8xf32>
                %a = stablehlo.add %arg2, %bb : tensor<4x8xf32>
                %2 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
                %3 = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
                %half = stablehlo.multiply %a, %2 : tensor<4x8xf32>
                %s = stablehlo.multiply %a, %3 : tensor<4x8xf32>
                %n = stablehlo.negate %s : tensor<4x8xf32>
                %e = chlo.erfc %n : tensor<4x8xf32> -> tensor<4x8xf32>
                %4 = stablehlo.multiply %half, %e : tensor<4x8xf32>
                mhlo.return %4 : tensor<4x8xf32>
              }) {FusionKind = "Gelu"} : (tensor<f32>, tensor<f32>, tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
              return %y : tensor<4x8xf32>
            }
        "#]],
    );
}

#[test]
fn the_merge_builds_one_composite_in_the_stablehlo_emission() {
    check(
        BIAS_GELU,
        &["--emit", "composite"],
        expect![[r#"
            fused 1 clusters: Gelu x1
            func.func @main(%x: tensor<4x8xf32>, %b: tensor<8xf32>) -> tensor<4x8xf32> {
              %0 = stablehlo.constant dense<5.0e-1> : tensor<f32>
              %1 = stablehlo.constant dense<7.07106769e-1> : tensor<f32>
              %y = stablehlo.composite "neuron.Gelu" %1, %0, %x, %b {decomposition = @genComposite0} : (tensor<f32>, tensor<f32>, tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
              return %y : tensor<4x8xf32>
            }
            func.func private @genComposite0(%arg0: tensor<f32>, %arg1: tensor<f32>, %arg2: tensor<4x8xf32>, %arg3: tensor<8xf32>) -> tensor<4x8xf32> attributes {noDelete} {
              %bb = stablehlo.broadcast_in_dim %arg3, dims = [1] : (tensor<8xf32>) -> tensor<4x8xf32>
              %a = stablehlo.add %arg2, %bb : tensor<4x8xf32>
              %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
              %1 = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
              %half = stablehlo.multiply %a, %0 : tensor<4x8xf32>
              %s = stablehlo.multiply %a, %1 : tensor<4x8xf32>
              %n = stablehlo.negate %s : tensor<4x8xf32>
              %e = chlo.erfc %n : tensor<4x8xf32> -> tensor<4x8xf32>
              %y = stablehlo.multiply %half, %e : tensor<4x8xf32>
              return %y : tensor<4x8xf32>
            }
        "#]],
    );
}

/// `x + b` read by the GELU and returned too: merging would compute it twice or make the
/// kernel write it, so its kernel stays.
#[test]
fn a_producer_with_another_reader_stays_a_kernel() {
    check(
        &BIAS_GELU
            .replace(
                "-> tensor<4x8xf32> {",
                "-> (tensor<4x8xf32>, tensor<4x8xf32>) {",
            )
            .replace(
                "return %y : tensor<4x8xf32>",
                "return %y, %a : tensor<4x8xf32>, tensor<4x8xf32>",
            ),
        &[],
        expect![[r#"
            fused 2 clusters: Elementwise x1, Gelu x1
            func.func @main(%x: tensor<4x8xf32>, %b: tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
              %a = "mhlo.fusion"(%x, %b) ({
              ^bb0(%arg0: tensor<4x8xf32>, %arg1: tensor<8xf32>):
                %bb = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<8xf32>) -> tensor<4x8xf32>
                %0 = stablehlo.add %arg0, %bb : tensor<4x8xf32>
                mhlo.return %0 : tensor<4x8xf32>
              }) {FusionKind = "Elementwise"} : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
              %0 = stablehlo.constant dense<5.0e-1> : tensor<f32>
              %1 = stablehlo.constant dense<7.07106769e-1> : tensor<f32>
              %y = "mhlo.fusion"(%a, %1, %0) ({
              ^bb0(%arg0: tensor<4x8xf32>, %arg1: tensor<f32>, %arg2: tensor<f32>):
                %2 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
                %3 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
                %half = stablehlo.multiply %arg0, %2 : tensor<4x8xf32>
                %s = stablehlo.multiply %arg0, %3 : tensor<4x8xf32>
                %n = stablehlo.negate %s : tensor<4x8xf32>
                %e = chlo.erfc %n : tensor<4x8xf32> -> tensor<4x8xf32>
                %4 = stablehlo.multiply %half, %e : tensor<4x8xf32>
                mhlo.return %4 : tensor<4x8xf32>
              }) {FusionKind = "Gelu"} : (tensor<4x8xf32>, tensor<f32>, tensor<f32>) -> tensor<4x8xf32>
              return %y, %a : tensor<4x8xf32>, tensor<4x8xf32>
            }
        "#]],
    );
}
