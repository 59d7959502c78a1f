//! The `mhlo.fusion` path (seed "codeGen — MHLO build sequence"), one seed claim per test.

use super::harness::{check, run, INTERLEAVED, NORM};
use expect_test::expect;

/// Seed: "The matched subgraph" (the window is exactly mul, reduce, sqrt), "Live-range
/// algorithm" (live-ins are the init value and the multiply's operand, reverse scan order; one
/// live-out, the sqrt), "codeGen 4c-4i" (one block argument per operand, ops moved, uses inside
/// read the arguments, the outside user reads the fusion's result, `FusionKind` stamped,
/// `mhlo.return` of the live-out) and "Penguin emission".
#[test]
fn mul_red_sqrt_becomes_one_fusion() {
    check(
        NORM,
        "fusion MulRedSqrt %0 %1 %2",
        expect![[r#"
            cluster MulRedSqrt [stablehlo.multiply, stablehlo.reduce, stablehlo.sqrt]
              live-ins: %cst, %arg0
              live-outs: %2
            ---- module
            module @norm {
              func.func public @main(%arg0: tensor<2x8xf32>) -> tensor<2xf32> {
                %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
                %2 = "mhlo.fusion"(%cst, %arg0) ({
                ^bb0(%arg1: tensor<f32>, %arg2: tensor<2x8xf32>):
                  %0 = stablehlo.multiply %arg2, %arg2 : tensor<2x8xf32>
                  %1 = stablehlo.reduce(%0 init: %arg1) applies stablehlo.add across dimensions = [1] : (tensor<2x8xf32>, tensor<f32>) -> tensor<2xf32>
                  %3 = stablehlo.sqrt %1 : tensor<2xf32>
                  mhlo.return %3 : tensor<2xf32>
                }) {FusionKind = "MulRedSqrt"} : (tensor<f32>, tensor<2x8xf32>) -> tensor<2xf32>
                %3 = stablehlo.exponential %2 : tensor<2xf32>
                return %3 : tensor<2xf32>
              }
            }
            ---- penguin
            %2 = ctx.NeuronTensorOp(%cst, %arg0, op="MulRedSqrt", reduce_dims=[1], xla_op="mhlo.fusion")
        "#]],
    );
}

/// Seed: "Struct layout" (the ctor dedups into a SetVector): duplicates and caller order do not
/// change the cluster, which is kept in program order.
#[test]
fn cluster_order_and_duplicates_do_not_matter() {
    let given = run(NORM, "fusion MulRedSqrt %2 %0 %1 %0 %2");
    assert_eq!(given, run(NORM, "fusion MulRedSqrt %0 %1 %2"));
}

/// Seed: "Live-range algorithm" (NOTE on the reverse scan): a cluster value with a user outside
/// is a live-out even when it also feeds the cluster; live-outs are recorded last op first, and
/// the terminator and the results follow that order. Penguin names every result, and a kind
/// without a reduce prints no `reduce_dims`.
#[test]
fn live_outs_follow_the_reverse_scan_and_the_terminator() {
    check(
        NORM,
        "fusion MulRed %0 %1",
        expect![[r#"
            cluster MulRed [stablehlo.multiply, stablehlo.reduce]
              live-ins: %cst, %arg0
              live-outs: %1
            ---- module
            module @norm {
              func.func public @main(%arg0: tensor<2x8xf32>) -> tensor<2xf32> {
                %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
                %1 = "mhlo.fusion"(%cst, %arg0) ({
                ^bb0(%arg1: tensor<f32>, %arg2: tensor<2x8xf32>):
                  %0 = stablehlo.multiply %arg2, %arg2 : tensor<2x8xf32>
                  %2 = stablehlo.reduce(%0 init: %arg1) applies stablehlo.add across dimensions = [1] : (tensor<2x8xf32>, tensor<f32>) -> tensor<2xf32>
                  mhlo.return %2 : tensor<2xf32>
                }) {FusionKind = "MulRed"} : (tensor<f32>, tensor<2x8xf32>) -> tensor<2xf32>
                %2 = stablehlo.sqrt %1 : tensor<2xf32>
                %3 = stablehlo.exponential %2 : tensor<2xf32>
                return %3 : tensor<2xf32>
              }
            }
            ---- penguin
            %1 = ctx.NeuronTensorOp(%cst, %arg0, op="MulRed", reduce_dims=[1], xla_op="mhlo.fusion")
        "#]],
    );
    check(
        r#"func.func @two(%arg0: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = stablehlo.negate %arg0 : tensor<4xf32>
  %1 = stablehlo.abs %0 : tensor<4xf32>
  %2 = stablehlo.add %0, %1 : tensor<4xf32>
  return %0, %2 : tensor<4xf32>, tensor<4xf32>
}
"#,
        "fusion Elementwise %0 %1 %2",
        expect![[r#"
            cluster Elementwise [stablehlo.negate, stablehlo.abs, stablehlo.add]
              live-ins: %arg0
              live-outs: %2, %0
            ---- module
            func.func @two(%arg0: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
              %2, %0 = "mhlo.fusion"(%arg0) ({
              ^bb0(%arg1: tensor<4xf32>):
                %1 = stablehlo.negate %arg1 : tensor<4xf32>
                %3 = stablehlo.abs %1 : tensor<4xf32>
                %4 = stablehlo.add %1, %3 : tensor<4xf32>
                mhlo.return %4, %1 : tensor<4xf32>, tensor<4xf32>
              }) {FusionKind = "Elementwise"} : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
              return %0, %2 : tensor<4xf32>, tensor<4xf32>
            }
            ---- penguin
            %2, %0 = ctx.NeuronTensorOp(%arg0, op="Elementwise", xla_op="mhlo.fusion")
        "#]],
    );
}

/// Seed: "codeGen 4a" (a fused location of the clustered ops' locations, last op first) on a
/// real JAX export with locations: the RMS denominator rsqrt(sum(x*x)/32 + eps) as one fusion.
/// The constants and broadcasts between cluster ops are live-ins that stay before the fusion.
#[test]
fn fixture_rms_denominator_with_fused_location() {
    check(
        "fixture:rmsnorm_f32.loc.mlir",
        "fusion RmsDenominator %0 %1 %2 %4 %6 %7",
        expect![[r#"
            cluster RmsDenominator [stablehlo.multiply, stablehlo.reduce, stablehlo.broadcast_in_dim, stablehlo.divide, stablehlo.add, stablehlo.rsqrt]
              live-ins: %5, %3, %cst, %arg0
              live-outs: %7
            ---- module
            #loc1 = loc("x")
            #loc2 = loc("w")
            module @jit_rmsnorm_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
              func.func public @main(%arg0: tensor<2x8x32xf32> loc("x"), %arg1: tensor<32xf32> loc("w")) -> (tensor<2x8x32xf32> {jax.result_info = "result"}) {
                %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32> loc(#loc37)
                %cst_0 = stablehlo.constant dense<3.200000e+01> : tensor<f32> loc(#loc29)
                %3 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x8x1xf32> loc(#loc39)
                %cst_1 = stablehlo.constant dense<9.99999997E-7> : tensor<f32> loc(#loc29)
                %5 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x8x1xf32> loc(#loc40)
                %7 = "mhlo.fusion"(%5, %3, %cst, %arg0) ({
                ^bb0(%arg2: tensor<2x8x1xf32>, %arg3: tensor<2x8x1xf32>, %arg4: tensor<f32>, %arg5: tensor<2x8x32xf32>):
                  %0 = stablehlo.multiply %arg5, %arg5 : tensor<2x8x32xf32> loc(#loc36)
                  %1 = stablehlo.reduce(%0 init: %arg4) applies stablehlo.add across dimensions = [2] : (tensor<2x8x32xf32>, tensor<f32>) -> tensor<2x8xf32> loc(#loc37)
                  %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<2x8xf32>) -> tensor<2x8x1xf32> loc(#loc38)
                  %4 = stablehlo.divide %2, %arg3 : tensor<2x8x1xf32> loc(#loc39)
                  %6 = stablehlo.add %4, %arg2 : tensor<2x8x1xf32> loc(#loc40)
                  %8 = stablehlo.rsqrt %6 : tensor<2x8x1xf32> loc(#loc41)
                  mhlo.return %8 : tensor<2x8x1xf32> loc(#loc45)
                }) {FusionKind = "RmsDenominator"} : (tensor<2x8x1xf32>, tensor<2x8x1xf32>, tensor<f32>, tensor<2x8x32xf32>) -> tensor<2x8x1xf32> loc(#loc45)
                %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1, 2] : (tensor<2x8x1xf32>) -> tensor<2x8x32xf32> loc(#loc42)
                %9 = stablehlo.multiply %arg0, %8 : tensor<2x8x32xf32> loc(#loc42)
                %10 = stablehlo.broadcast_in_dim %arg1, dims = [2] : (tensor<32xf32>) -> tensor<1x1x32xf32> loc(#loc43)
                %11 = stablehlo.broadcast_in_dim %10, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<2x8x32xf32> loc(#loc44)
                %12 = stablehlo.multiply %9, %11 : tensor<2x8x32xf32> loc(#loc44)
                return %12 : tensor<2x8x32xf32> loc(#loc29)
              } loc(#loc)
            } loc(#loc)
            #loc = loc(unknown)
            #loc3 = loc("tools/gen_fixtures.py":83:34 to :39)
            #loc4 = loc("tools/gen_fixtures.py":127:11 to :24)
            #loc5 = loc("tools/gen_fixtures.py":447:14 to :36)
            #loc6 = loc("tools/gen_fixtures.py":493:32 to :47)
            #loc7 = loc("tools/gen_fixtures.py":562:11 to :40)
            #loc8 = loc("tools/gen_fixtures.py":574:13 to :19)
            #loc9 = loc("tools/gen_fixtures.py":83:25 to :64)
            #loc10 = loc("tools/gen_fixtures.py":83:25 to :70)
            #loc11 = loc("tools/gen_fixtures.py":83:15 to :71)
            #loc12 = loc("tools/gen_fixtures.py":83:11 to :71)
            #loc13 = loc("tools/gen_fixtures.py":83:11 to :75)
            #loc14 = loc("rmsnorm"(#loc3))
            #loc15 = loc("rmsnorm_f32"(#loc4))
            #loc16 = loc("lower"(#loc5))
            #loc17 = loc("generate"(#loc6))
            #loc18 = loc("main"(#loc7))
            #loc19 = loc("<module>"(#loc8))
            #loc20 = loc("rmsnorm"(#loc9))
            #loc21 = loc("rmsnorm"(#loc10))
            #loc22 = loc("rmsnorm"(#loc11))
            #loc23 = loc("rmsnorm"(#loc12))
            #loc24 = loc("rmsnorm"(#loc13))
            #loc25 = loc(callsite(#loc18 at #loc19))
            #loc26 = loc(callsite(#loc17 at #loc25))
            #loc27 = loc(callsite(#loc16 at #loc26))
            #loc28 = loc(callsite(#loc15 at #loc27))
            #loc29 = loc("jit(rmsnorm_f32)"(#loc27))
            #loc30 = loc(callsite(#loc14 at #loc28))
            #loc31 = loc(callsite(#loc20 at #loc28))
            #loc32 = loc(callsite(#loc21 at #loc28))
            #loc33 = loc(callsite(#loc22 at #loc28))
            #loc34 = loc(callsite(#loc23 at #loc28))
            #loc35 = loc(callsite(#loc24 at #loc28))
            #loc36 = loc("jit(rmsnorm_f32)/mul"(#loc30))
            #loc37 = loc("jit(rmsnorm_f32)/reduce_sum"(#loc31))
            #loc38 = loc("jit(rmsnorm_f32)/broadcast_in_dim"(#loc31))
            #loc39 = loc("jit(rmsnorm_f32)/div"(#loc31))
            #loc40 = loc("jit(rmsnorm_f32)/add"(#loc32))
            #loc41 = loc("jit(rmsnorm_f32)/rsqrt"(#loc33))
            #loc42 = loc("jit(rmsnorm_f32)/mul"(#loc34))
            #loc43 = loc("jit(rmsnorm_f32)/broadcast_in_dim"(#loc35))
            #loc44 = loc("jit(rmsnorm_f32)/mul"(#loc35))
            #loc45 = loc(fused[#loc41, #loc40, #loc39, #loc38, #loc37, #loc36])
            ---- penguin
            %7 = ctx.NeuronTensorOp(%5, %3, %cst, %arg0, op="RmsDenominator", reduce_dims=[2], xla_op="mhlo.fusion")
        "#]],
    );
}

/// Seed: "codeGen 4a" (`FusedLoc::get`): inline locations fuse inline, last op first, with
/// unknown locations dropped and a single remaining location kept as it is.
#[test]
fn fused_locations_inline() {
    let located = r#"func.func @f(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.negate %arg0 : tensor<4xf32> loc("neg")
  %1 = stablehlo.abs %0 : tensor<4xf32> loc(unknown)
  %2 = stablehlo.tanh %1 : tensor<4xf32> loc("f.py":3:7)
  %3 = stablehlo.sine %2 : tensor<4xf32> loc("sin")
  return %3 : tensor<4xf32>
}
"#;
    check(
        located,
        "fusion Three %0 %1 %2\nfusion One %3",
        expect![[r#"
            cluster Three [stablehlo.negate, stablehlo.abs, stablehlo.tanh]
              live-ins: %arg0
              live-outs: %2
            cluster One [stablehlo.sine]
              live-ins: %2
              live-outs: %3
            ---- module
            func.func @f(%arg0: tensor<4xf32>) -> tensor<4xf32> {
              %2 = "mhlo.fusion"(%arg0) ({
              ^bb0(%arg1: tensor<4xf32>):
                %0 = stablehlo.negate %arg1 : tensor<4xf32> loc("neg")
                %1 = stablehlo.abs %0 : tensor<4xf32> loc(unknown)
                %3 = stablehlo.tanh %1 : tensor<4xf32> loc("f.py":3:7)
                mhlo.return %3 : tensor<4xf32> loc(fused["f.py":3:7, "neg"])
              }) {FusionKind = "Three"} : (tensor<4xf32>) -> tensor<4xf32> loc(fused["f.py":3:7, "neg"])
              %3 = "mhlo.fusion"(%2) ({
              ^bb0(%arg1: tensor<4xf32>):
                %0 = stablehlo.sine %arg1 : tensor<4xf32> loc("sin")
                mhlo.return %0 : tensor<4xf32> loc("sin")
              }) {FusionKind = "One"} : (tensor<4xf32>) -> tensor<4xf32> loc("sin")
              return %3 : tensor<4xf32>
            }
            ---- penguin
            %2 = ctx.NeuronTensorOp(%arg0, op="Three", xla_op="mhlo.fusion")
            %3 = ctx.NeuronTensorOp(%2, op="One", xla_op="mhlo.fusion")
        "#]],
    );
}

/// Seed: "codeGen 4j" and "recursivelyMoveDependentOps": users of cluster values that sat
/// between cluster ops (and their own users, transitively) move after the fusion, in order.
#[test]
fn dominance_repair_moves_interleaved_users() {
    check(
        INTERLEAVED,
        "composite MulRedSqrt %0 %1 %2",
        expect![[r#"
            cluster MulRedSqrt [stablehlo.multiply, stablehlo.reduce, stablehlo.sqrt]
              live-ins: %cst, %arg0
              live-outs: %2, %0
            ---- module
            func.func @f(%arg0: tensor<2x8xf32>) -> (tensor<2x8xf32>, tensor<2xf32>) {
              %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
              %2, %0 = stablehlo.composite "neuron.MulRedSqrt" %cst, %arg0 {decomposition = @genComposite0} : (tensor<f32>, tensor<2x8xf32>) -> (tensor<2xf32>, tensor<2x8xf32>)
              %n = stablehlo.negate %0 : tensor<2x8xf32>
              %a = stablehlo.abs %n : tensor<2x8xf32>
              return %a, %2 : tensor<2x8xf32>, tensor<2xf32>
            }
            func.func private @genComposite0(%arg0: tensor<f32>, %arg1: tensor<2x8xf32>) -> (tensor<2xf32>, tensor<2x8xf32>) attributes {noDelete} {
              %0 = stablehlo.multiply %arg1, %arg1 : tensor<2x8xf32>
              %1 = stablehlo.reduce(%0 init: %arg0) applies stablehlo.add across dimensions = [1] : (tensor<2x8xf32>, tensor<f32>) -> tensor<2xf32>
              %2 = stablehlo.sqrt %1 : tensor<2xf32>
              return %2, %0 : tensor<2xf32>, tensor<2x8xf32>
            }
            ---- penguin
            %2, %0 = ctx.NeuronTensorOp(%cst, %arg0, op="MulRedSqrt", reduce_dims=[1], xla_op="mhlo.fusion")
        "#]],
    );
    check(
        INTERLEAVED,
        "fusion MulRedSqrt %0 %1 %2",
        expect![[r#"
        cluster MulRedSqrt [stablehlo.multiply, stablehlo.reduce, stablehlo.sqrt]
          live-ins: %cst, %arg0
          live-outs: %2, %0
        ---- module
        func.func @f(%arg0: tensor<2x8xf32>) -> (tensor<2x8xf32>, tensor<2xf32>) {
          %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
          %2, %0 = "mhlo.fusion"(%cst, %arg0) ({
          ^bb0(%arg1: tensor<f32>, %arg2: tensor<2x8xf32>):
            %1 = stablehlo.multiply %arg2, %arg2 : tensor<2x8xf32>
            %3 = stablehlo.reduce(%1 init: %arg1) applies stablehlo.add across dimensions = [1] : (tensor<2x8xf32>, tensor<f32>) -> tensor<2xf32>
            %4 = stablehlo.sqrt %3 : tensor<2xf32>
            mhlo.return %4, %1 : tensor<2xf32>, tensor<2x8xf32>
          }) {FusionKind = "MulRedSqrt"} : (tensor<f32>, tensor<2x8xf32>) -> (tensor<2xf32>, tensor<2x8xf32>)
          %n = stablehlo.negate %0 : tensor<2x8xf32>
          %a = stablehlo.abs %n : tensor<2x8xf32>
          return %a, %2 : tensor<2x8xf32>, tensor<2xf32>
        }
        ---- penguin
        %2, %0 = ctx.NeuronTensorOp(%cst, %arg0, op="MulRedSqrt", reduce_dims=[1], xla_op="mhlo.fusion")
    "#]],
    );
}

/// Seed: "GOTCHA — the FusionOp's operands are not the raw live-ins" (updateInputs): with every
/// cluster analysed before any is built, as the seed's driver does, the second cluster's live-in
/// `%2` is inside the first fusion by the time it is built; its operand is the first fusion's
/// result instead.
#[test]
fn update_inputs_maps_a_live_in_to_the_earlier_fusion() {
    check(
        NORM,
        "upfront\nfusion MulRedSqrt %0 %1 %2\nfusion Exp %3",
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
                %2 = "mhlo.fusion"(%cst, %arg0) ({
                ^bb0(%arg1: tensor<f32>, %arg2: tensor<2x8xf32>):
                  %0 = stablehlo.multiply %arg2, %arg2 : tensor<2x8xf32>
                  %1 = stablehlo.reduce(%0 init: %arg1) applies stablehlo.add across dimensions = [1] : (tensor<2x8xf32>, tensor<f32>) -> tensor<2xf32>
                  %3 = stablehlo.sqrt %1 : tensor<2xf32>
                  mhlo.return %3 : tensor<2xf32>
                }) {FusionKind = "MulRedSqrt"} : (tensor<f32>, tensor<2x8xf32>) -> tensor<2xf32>
                %3 = "mhlo.fusion"(%2) ({
                ^bb0(%arg1: tensor<2xf32>):
                  %0 = stablehlo.exponential %arg1 : tensor<2xf32>
                  mhlo.return %0 : tensor<2xf32>
                }) {FusionKind = "Exp"} : (tensor<2xf32>) -> tensor<2xf32>
                return %3 : tensor<2xf32>
              }
            }
            ---- penguin
            %2 = ctx.NeuronTensorOp(%cst, %arg0, op="MulRedSqrt", reduce_dims=[1], xla_op="mhlo.fusion")
            %3 = ctx.NeuronTensorOp(%2, op="Exp", xla_op="mhlo.fusion")
        "#]],
    );
}

/// MHLO input: `mhlo.reduce` with its region moves into the fusion, and Penguin reads its
/// `dense<...>` dimensions.
#[test]
fn mhlo_reduce_moves_with_its_region() {
    check(
        r#"func.func @f(%arg0: tensor<2x8xf32>) -> tensor<2xf32> {
  %0 = "mhlo.multiply"(%arg0, %arg0) : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  %cst = "mhlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
  %1 = "mhlo.reduce"(%0, %cst) <{dimensions = dense<1> : tensor<1xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = "mhlo.add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "mhlo.return"(%s) : (tensor<f32>) -> ()
  }) : (tensor<2x8xf32>, tensor<f32>) -> tensor<2xf32>
  %2 = "mhlo.sqrt"(%1) : (tensor<2xf32>) -> tensor<2xf32>
  %3 = "mhlo.exponential"(%2) : (tensor<2xf32>) -> tensor<2xf32>
  return %3 : tensor<2xf32>
}
"#,
        "fusion MulRedSqrt %0 %1 %2",
        expect![[r#"
            cluster MulRedSqrt [mhlo.multiply, mhlo.reduce, mhlo.sqrt]
              live-ins: %cst, %arg0
              live-outs: %2
            ---- module
            func.func @f(%arg0: tensor<2x8xf32>) -> tensor<2xf32> {
              %cst = mhlo.constant dense<0.000000e+00> : tensor<f32>
              %2 = "mhlo.fusion"(%cst, %arg0) ({
              ^bb0(%arg1: tensor<f32>, %arg2: tensor<2x8xf32>):
                %0 = mhlo.multiply %arg2, %arg2 : tensor<2x8xf32>
                %1 = "mhlo.reduce"(%0, %arg1) <{dimensions = dense<1> : tensor<1xi64>}> ({
                ^bb0(%a: tensor<f32>, %b: tensor<f32>):
                  %s = mhlo.add %a, %b : tensor<f32>
                  mhlo.return %s : tensor<f32>
                }) : (tensor<2x8xf32>, tensor<f32>) -> tensor<2xf32>
                %3 = mhlo.sqrt %1 : tensor<2xf32>
                mhlo.return %3 : tensor<2xf32>
              }) {FusionKind = "MulRedSqrt"} : (tensor<f32>, tensor<2x8xf32>) -> tensor<2xf32>
              %3 = mhlo.exponential %2 : tensor<2xf32>
              return %3 : tensor<2xf32>
            }
            ---- penguin
            %2 = ctx.NeuronTensorOp(%cst, %arg0, op="MulRedSqrt", reduce_dims=[1], xla_op="mhlo.fusion")
        "#]],
    );
}

/// A region of a clustered op that captures a value from outside the cluster makes that value a
/// live-in (an extension of the seed's operand scan, which sees only the op's own operands): the
/// nested use reads the block argument in the fusion and the function argument in the isolated
/// decomposition.
#[test]
fn values_captured_by_nested_regions_are_live_ins() {
    let captured = r#"func.func @f(%arg0: tensor<i32>, %arg1: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "stablehlo.case"(%arg0) ({
    stablehlo.return %arg1 : tensor<4xf32>
  }, {
    %n = stablehlo.negate %arg1 : tensor<4xf32>
    stablehlo.return %n : tensor<4xf32>
  }) : (tensor<i32>) -> tensor<4xf32>
  %1 = stablehlo.abs %0 : tensor<4xf32>
  return %1 : tensor<4xf32>
}
"#;
    check(
        captured,
        "fusion Case %0",
        expect![[r#"
        cluster Case [stablehlo.case]
          live-ins: %arg0, %arg1
          live-outs: %0
        ---- module
        func.func @f(%arg0: tensor<i32>, %arg1: tensor<4xf32>) -> tensor<4xf32> {
          %0 = "mhlo.fusion"(%arg0, %arg1) ({
          ^bb0(%arg2: tensor<i32>, %arg3: tensor<4xf32>):
            %1 = "stablehlo.case"(%arg2) ({
              stablehlo.return %arg3 : tensor<4xf32>
            }, {
              %n = stablehlo.negate %arg3 : tensor<4xf32>
              stablehlo.return %n : tensor<4xf32>
            }) : (tensor<i32>) -> tensor<4xf32>
            mhlo.return %1 : tensor<4xf32>
          }) {FusionKind = "Case"} : (tensor<i32>, tensor<4xf32>) -> tensor<4xf32>
          %1 = stablehlo.abs %0 : tensor<4xf32>
          return %1 : tensor<4xf32>
        }
        ---- penguin
        %0 = ctx.NeuronTensorOp(%arg0, %arg1, op="Case", xla_op="mhlo.fusion")
    "#]],
    );
    check(
        captured,
        "composite Case %0",
        expect![[r#"
        cluster Case [stablehlo.case]
          live-ins: %arg0, %arg1
          live-outs: %0
        ---- module
        func.func @f(%arg0: tensor<i32>, %arg1: tensor<4xf32>) -> tensor<4xf32> {
          %0 = stablehlo.composite "neuron.Case" %arg0, %arg1 {decomposition = @genComposite0} : (tensor<i32>, tensor<4xf32>) -> tensor<4xf32>
          %1 = stablehlo.abs %0 : tensor<4xf32>
          return %1 : tensor<4xf32>
        }
        func.func private @genComposite0(%arg0: tensor<i32>, %arg1: tensor<4xf32>) -> tensor<4xf32> attributes {noDelete} {
          %0 = "stablehlo.case"(%arg0) ({
            stablehlo.return %arg1 : tensor<4xf32>
          }, {
            %n = stablehlo.negate %arg1 : tensor<4xf32>
            stablehlo.return %n : tensor<4xf32>
          }) : (tensor<i32>) -> tensor<4xf32>
          return %0 : tensor<4xf32>
        }
        ---- penguin
        %0 = ctx.NeuronTensorOp(%arg0, %arg1, op="Case", xla_op="mhlo.fusion")
    "#]],
    );
}
