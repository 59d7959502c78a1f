//! `egfuse fuse --print-after PASS`: the module after a named pass of the pipeline, printed to
//! standard error under MLIR's dump header while the pipeline goes on to write the same output
//! as without the option; an unknown pass is an error that lists the passes and writes nothing.

use crate::support::{egfuse, scratch};
use expect_test::expect;

const RMSNORM: &str = "tests/fixtures/jax/rmsnorm_f32.mlir";

/// After `egraph` the RmsNorm kernel is built and reads its weight's broadcast from outside:
/// the `absorb` pass has not yet taken it in.
#[test]
fn print_after_egraph_dumps_the_module_and_the_pipeline_goes_on() {
    let (code, out, err) = egfuse(&["fuse", RMSNORM, "--print-after", "egraph"]);
    assert_eq!(code, 0, "{err}");
    let (_, plain, plain_err) = egfuse(&["fuse", RMSNORM]);
    assert_eq!(out, plain);
    assert!(err.ends_with(&plain_err), "{err}");
    expect![[r#"
        // -----// IR Dump After egraph //----- //
        module @jit_rmsnorm_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
          func.func public @main(%arg0: tensor<2x8x32xf32>, %arg1: tensor<32xf32>) -> (tensor<2x8x32xf32> {jax.result_info = "result"}) {
            %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
            %cst_1 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
            %5 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x8x1xf32>
            %0 = stablehlo.broadcast_in_dim %arg1, dims = [2] : (tensor<32xf32>) -> tensor<2x8x32xf32>
            %1 = stablehlo.constant dense<3.2e1> : tensor<f32>
            %12 = "mhlo.fusion"(%0, %arg0, %5, %cst, %1) ({
            ^bb0(%arg2: tensor<2x8x32xf32>, %arg3: tensor<2x8x32xf32>, %arg4: tensor<2x8x1xf32>, %arg5: tensor<f32>, %arg6: tensor<f32>):
              %2 = stablehlo.broadcast_in_dim %arg6, dims = [] : (tensor<f32>) -> tensor<2x8xf32>
              %3 = stablehlo.multiply %arg3, %arg3 : tensor<2x8x32xf32>
              %4 = stablehlo.reduce(%3 init: %arg5) applies stablehlo.add across dimensions = [2] : (tensor<2x8x32xf32>, tensor<f32>) -> tensor<2x8xf32>
              %6 = stablehlo.divide %4, %2 : tensor<2x8xf32>
              %7 = stablehlo.broadcast_in_dim %6, dims = [0, 1] : (tensor<2x8xf32>) -> tensor<2x8x1xf32>
              %8 = stablehlo.add %7, %arg4 : tensor<2x8x1xf32>
              %9 = stablehlo.rsqrt %8 : tensor<2x8x1xf32>
              %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1, 2] : (tensor<2x8x1xf32>) -> tensor<2x8x32xf32>
              %11 = stablehlo.multiply %arg3, %10 : tensor<2x8x32xf32>
              %13 = stablehlo.multiply %11, %arg2 : tensor<2x8x32xf32>
              mhlo.return %13 : tensor<2x8x32xf32>
            }) {FusionKind = "RmsNorm"} : (tensor<2x8x32xf32>, tensor<2x8x32xf32>, tensor<2x8x1xf32>, tensor<f32>, tensor<f32>) -> tensor<2x8x32xf32>
            return %12 : tensor<2x8x32xf32>
          }
        }

        fused 1 clusters: RmsNorm x1
    "#]]
    .assert_eq(&err);
}

/// The option repeats, or takes a comma-separated list; each dump follows its pass, in
/// pipeline order whatever the order asked.
#[test]
fn print_after_several_passes_dumps_each_in_pipeline_order() {
    let (code, _, err) = egfuse(&[
        "fuse",
        RMSNORM,
        "--print-after",
        "merge,inline",
        "--print-after",
        "absorb",
    ]);
    assert_eq!(code, 0, "{err}");
    let headers: Vec<&str> = err
        .lines()
        .filter(|l| l.starts_with("// -----//"))
        .collect();
    expect![[r#"
        [
            "// -----// IR Dump After inline //----- //",
            "// -----// IR Dump After absorb //----- //",
            "// -----// IR Dump After merge //----- //",
        ]
    "#]]
    .assert_debug_eq(&headers);
}

/// An unknown pass stops the run before any pass, with exit 2 and nothing written; the
/// passes listed are the mode's own.
#[test]
fn print_after_an_unknown_pass_lists_the_passes() {
    let out = scratch("unwritten.mlir", "");
    std::fs::remove_file(&out).unwrap();
    let o = out.to_str().unwrap();
    let (code, stdout, err) = egfuse(&["fuse", RMSNORM, "--print-after", "egrpah", "-o", o]);
    assert_eq!((code, stdout.as_str()), (2, ""));
    assert!(!out.exists());
    expect![[r#"
        error: unknown pass `egrpah` for --print-after: the passes are inline, expand, dot-folding, egraph, loop, absorb, merge, one-op-kernels, attention
    "#]]
    .assert_eq(&err);
    let (code, _, err) = egfuse(&[
        "fuse",
        RMSNORM,
        "--mode",
        "compat",
        "--print-after",
        "egraph",
    ]);
    assert_eq!(code, 2);
    expect![[r#"
        error: unknown pass `egraph` for --print-after: the passes are SubExp, DotLogistic, MulRedSqrt, Expm1, Log1p, elementwise
    "#]]
    .assert_eq(&err);
}
