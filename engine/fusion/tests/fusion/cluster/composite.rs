//! The `stablehlo.composite` path (seed "MHLO fusion vs StableHLO composite").

use super::harness::{check, NORM};
use expect_test::expect;

/// Seed: "MHLO fusion vs StableHLO composite" and DESIGN "Naming in the output": the ops are
/// cloned into `func.func private @genComposite0` marked `noDelete`, with the composite's types
/// and a `func.return`; the composite is `stablehlo.composite "neuron.MulRedSqrt"`; the
/// originals are gone; Penguin reads `reduce_dims` through the decomposition.
#[test]
fn mul_red_sqrt_becomes_a_composite() {
    check(
        NORM,
        "composite MulRedSqrt %0 %1 %2",
        expect![[r#"
        cluster MulRedSqrt [stablehlo.multiply, stablehlo.reduce, stablehlo.sqrt]
          live-ins: %cst, %arg0
          live-outs: %2
        ---- module
        module @norm {
          func.func public @main(%arg0: tensor<2x8xf32>) -> tensor<2xf32> {
            %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
            %2 = stablehlo.composite "neuron.MulRedSqrt" %cst, %arg0 {decomposition = @genComposite0} : (tensor<f32>, tensor<2x8xf32>) -> tensor<2xf32>
            %3 = stablehlo.exponential %2 : tensor<2xf32>
            return %3 : tensor<2xf32>
          }
          func.func private @genComposite0(%arg0: tensor<f32>, %arg1: tensor<2x8xf32>) -> tensor<2xf32> attributes {noDelete} {
            %0 = stablehlo.multiply %arg1, %arg1 : tensor<2x8xf32>
            %1 = stablehlo.reduce(%0 init: %arg0) applies stablehlo.add across dimensions = [1] : (tensor<2x8xf32>, tensor<f32>) -> tensor<2xf32>
            %2 = stablehlo.sqrt %1 : tensor<2xf32>
            return %2 : tensor<2xf32>
          }
        }
        ---- penguin
        %2 = ctx.NeuronTensorOp(%cst, %arg0, op="MulRedSqrt", reduce_dims=[1], xla_op="mhlo.fusion")
    "#]],
    );
}

/// Seed: "MHLO fusion vs StableHLO composite" (updateInputs is shared): the same two clusters as
/// composites; the first composite erased `%2`'s op, and the second composite reads the first
/// composite's result.
#[test]
fn update_inputs_maps_a_live_in_to_the_earlier_composite() {
    check(
        NORM,
        "upfront\ncomposite MulRedSqrt %0 %1 %2\ncomposite Exp %3",
        expect![[r#"
            cluster MulRedSqrt [stablehlo.multiply, stablehlo.reduce, stablehlo.sqrt]
              live-ins: %cst, %arg0
              live-outs: %2
            cluster Exp [stablehlo.exponential]
              live-ins: %2
              live-outs: %3
            ---- module
            module @norm {
              func.func public @main(%arg0: tensor<2x8xf32>) -> tensor<2xf32> {
                %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
                %2 = stablehlo.composite "neuron.MulRedSqrt" %cst, %arg0 {decomposition = @genComposite0} : (tensor<f32>, tensor<2x8xf32>) -> tensor<2xf32>
                %3 = stablehlo.composite "neuron.Exp" %2 {decomposition = @genComposite1} : (tensor<2xf32>) -> tensor<2xf32>
                return %3 : tensor<2xf32>
              }
              func.func private @genComposite0(%arg0: tensor<f32>, %arg1: tensor<2x8xf32>) -> tensor<2xf32> attributes {noDelete} {
                %0 = stablehlo.multiply %arg1, %arg1 : tensor<2x8xf32>
                %1 = stablehlo.reduce(%0 init: %arg0) applies stablehlo.add across dimensions = [1] : (tensor<2x8xf32>, tensor<f32>) -> tensor<2xf32>
                %2 = stablehlo.sqrt %1 : tensor<2xf32>
                return %2 : tensor<2xf32>
              }
              func.func private @genComposite1(%arg0: tensor<2xf32>) -> tensor<2xf32> attributes {noDelete} {
                %3 = stablehlo.exponential %arg0 : tensor<2xf32>
                return %3 : tensor<2xf32>
              }
            }
            ---- penguin
            %2 = ctx.NeuronTensorOp(%cst, %arg0, op="MulRedSqrt", reduce_dims=[1], xla_op="mhlo.fusion")
            %3 = ctx.NeuronTensorOp(%2, op="Exp", xla_op="mhlo.fusion")
        "#]],
    );
}

/// Seed: "The decompNames DenseMap ... dedups decomposition names": `N` skips names the module
/// already uses and counts up across builds on one module.
#[test]
fn composite_names_skip_taken_symbols() {
    check(
        r#"module @m {
  func.func @genComposite0(%arg0: tensor<4xf32>) -> tensor<4xf32> {
    %0 = stablehlo.negate %arg0 : tensor<4xf32>
    %1 = stablehlo.abs %0 : tensor<4xf32>
    %2 = stablehlo.tanh %1 : tensor<4xf32>
    return %2 : tensor<4xf32>
  }
}
"#,
        "composite Neg %0\ncomposite Abs %1",
        expect![[r#"
            cluster Neg [stablehlo.negate]
              live-ins: %arg0
              live-outs: %0
            cluster Abs [stablehlo.abs]
              live-ins: %0
              live-outs: %1
            ---- module
            module @m {
              func.func @genComposite0(%arg0: tensor<4xf32>) -> tensor<4xf32> {
                %0 = stablehlo.composite "neuron.Neg" %arg0 {decomposition = @genComposite1} : (tensor<4xf32>) -> tensor<4xf32>
                %1 = stablehlo.composite "neuron.Abs" %0 {decomposition = @genComposite2} : (tensor<4xf32>) -> tensor<4xf32>
                %2 = stablehlo.tanh %1 : tensor<4xf32>
                return %2 : tensor<4xf32>
              }
              func.func private @genComposite1(%arg0: tensor<4xf32>) -> tensor<4xf32> attributes {noDelete} {
                %0 = stablehlo.negate %arg0 : tensor<4xf32>
                return %0 : tensor<4xf32>
              }
              func.func private @genComposite2(%arg0: tensor<4xf32>) -> tensor<4xf32> attributes {noDelete} {
                %1 = stablehlo.abs %arg0 : tensor<4xf32>
                return %1 : tensor<4xf32>
              }
            }
            ---- penguin
            %0 = ctx.NeuronTensorOp(%arg0, op="Neg", xla_op="mhlo.fusion")
            %1 = ctx.NeuronTensorOp(%0, op="Abs", xla_op="mhlo.fusion")
        "#]],
    );
}

/// The real RMSNorm export as a composite, whose decomposition keeps the ops' locations.
#[test]
fn fixture_rms_denominator_as_composite() {
    check(
        "fixture:rmsnorm_f32.mlir",
        "composite RmsDenominator %0 %1 %2 %4 %6 %7",
        expect![[r#"
            cluster RmsDenominator [stablehlo.multiply, stablehlo.reduce, stablehlo.broadcast_in_dim, stablehlo.divide, stablehlo.add, stablehlo.rsqrt]
              live-ins: %5, %3, %cst, %arg0
              live-outs: %7
            ---- module
            module @jit_rmsnorm_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
              func.func public @main(%arg0: tensor<2x8x32xf32>, %arg1: tensor<32xf32>) -> (tensor<2x8x32xf32> {jax.result_info = "result"}) {
                %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
                %cst_0 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
                %3 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x8x1xf32>
                %cst_1 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
                %5 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x8x1xf32>
                %7 = stablehlo.composite "neuron.RmsDenominator" %5, %3, %cst, %arg0 {decomposition = @genComposite0} : (tensor<2x8x1xf32>, tensor<2x8x1xf32>, tensor<f32>, tensor<2x8x32xf32>) -> tensor<2x8x1xf32>
                %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1, 2] : (tensor<2x8x1xf32>) -> tensor<2x8x32xf32>
                %9 = stablehlo.multiply %arg0, %8 : tensor<2x8x32xf32>
                %10 = stablehlo.broadcast_in_dim %arg1, dims = [2] : (tensor<32xf32>) -> tensor<1x1x32xf32>
                %11 = stablehlo.broadcast_in_dim %10, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<2x8x32xf32>
                %12 = stablehlo.multiply %9, %11 : tensor<2x8x32xf32>
                return %12 : tensor<2x8x32xf32>
              }
              func.func private @genComposite0(%arg0: tensor<2x8x1xf32>, %arg1: tensor<2x8x1xf32>, %arg2: tensor<f32>, %arg3: tensor<2x8x32xf32>) -> tensor<2x8x1xf32> attributes {noDelete} {
                %0 = stablehlo.multiply %arg3, %arg3 : tensor<2x8x32xf32>
                %1 = stablehlo.reduce(%0 init: %arg2) applies stablehlo.add across dimensions = [2] : (tensor<2x8x32xf32>, tensor<f32>) -> tensor<2x8xf32>
                %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<2x8xf32>) -> tensor<2x8x1xf32>
                %4 = stablehlo.divide %2, %arg1 : tensor<2x8x1xf32>
                %6 = stablehlo.add %4, %arg0 : tensor<2x8x1xf32>
                %7 = stablehlo.rsqrt %6 : tensor<2x8x1xf32>
                return %7 : tensor<2x8x1xf32>
              }
            }
            ---- penguin
            %7 = ctx.NeuronTensorOp(%5, %3, %cst, %arg0, op="RmsDenominator", reduce_dims=[2], xla_op="mhlo.fusion")
        "#]],
    );
}
