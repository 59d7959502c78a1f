//! Clusters that cannot be built: each is a diagnostic naming the op, never a panic, and the
//! module is left as it was.

use super::harness::{check, error, select, INTERLEAVED, NORM};
use egfuse_fusion::cluster::{build, Cluster, Emit, Limits};
use egfuse_ir::parse::parse;
use egfuse_ir::OpId;
use expect_test::expect;

/// Seed: "recursivelyMoveDependentOps" ("Iteration is capped"): past the cap the build stops
/// with an error naming the op, and the module is unchanged.
#[test]
fn dominance_repair_cap_is_an_error() {
    check(
        INTERLEAVED,
        "limit 1\nfusion MulRedSqrt %0 %1 %2",
        expect![[r#"
            cluster MulRedSqrt [stablehlo.multiply, stablehlo.reduce, stablehlo.sqrt]
              live-ins: %cst, %arg0
              live-outs: %2, %0
            error[cluster::schedule] at 5:3: maximum iterations reached while moving dependent ops: `stablehlo.abs` would be move 2 of at most 1
              label: this op reads the cluster and sits before its last op
              help: raise `Limits::max_moves`, or end the cluster before the ops that read it
        "#]],
    );
}

/// An op between cluster ops that reads the cluster and feeds it cannot go before or after the
/// fused op (where the seed's mover loops until its cap); the build says why, up front.
#[test]
fn non_convex_cluster_is_an_error() {
    check(
        r#"func.func @f(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.negate %arg0 : tensor<4xf32>
  %1 = stablehlo.abs %0 : tensor<4xf32>
  %2 = stablehlo.add %0, %1 : tensor<4xf32>
  return %2 : tensor<4xf32>
}
"#,
        "fusion Elementwise %0 %2",
        expect![[r#"
            cluster Elementwise [stablehlo.negate, stablehlo.add]
              live-ins: %1, %arg0
              live-outs: %2, %0
            error[cluster::convex] at 3:3: the cluster is not convex: `stablehlo.abs` reads a cluster value and feeds the clustered `stablehlo.add`
              label: this op would have to come both before and after the fused op
              help: add this op to the cluster, or leave out the clustered ops that depend on it
        "#]],
    );
}

/// Bad clusters are diagnostics, never panics, and leave the module alone.
#[test]
fn bad_clusters_are_diagnostics() {
    check(
        NORM,
        "fusion 9lives %0",
        expect![[r#"
        error[cluster::kind] at 3:5: the cluster kind `9lives` is not an identifier
          label: the cluster starts here
          help: a kind names a fusion, e.g. `MulRedSqrt`: letters, digits and `_`
    "#]],
    );
    check(
        NORM,
        "fusion Ret %3 func.return",
        expect![[r#"
            error[cluster::op] at 8:5: `func.return` is a terminator and cannot be fused
              label: this op
        "#]],
    );
    check(
        NORM,
        "upfront\ncomposite MulRedSqrt %0 %1 %2\nfusion Gone %1",
        expect![[r#"
            cluster MulRedSqrt [stablehlo.multiply, stablehlo.reduce, stablehlo.sqrt]
              live-ins: %cst, %arg0
              live-outs: %2
            cluster Gone [stablehlo.reduce]
              live-ins: %0, %cst
              live-outs: %1
            error[cluster::block] at 5:5: `stablehlo.reduce` is no longer in the module (an earlier build erased it)
              label: this op
              help: a cluster's ops must sit in one block, outside any earlier fusion
        "#]],
    );
    check(
        NORM,
        "fusion Empty",
        expect![[r#"
            error[cluster::empty] at -: a cluster needs at least one op
              label: here
        "#]],
    );
    check(
        r#"func.func @f(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.negate %arg0 : tensor<4xf32>
  %1 = stablehlo.abs %0 : tensor<4xf32>
  return %1 : tensor<4xf32>
}
func.func @g(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.negate %arg0 : tensor<4xf32>
  return %0 : tensor<4xf32>
}
"#,
        "fusion Split @f:%0 @g:%0",
        expect![[r#"
            error[cluster::block] at 7:3: `stablehlo.negate` and `stablehlo.negate` are not in one block
              label: this op
              help: a cluster's ops must sit in one block, outside any earlier fusion
        "#]],
    );
    check(
        NORM,
        "upfront\nfusion MulRedSqrt %0 %1 %2\nfusion Overlap %2 %3",
        expect![[r#"
            cluster MulRedSqrt [stablehlo.multiply, stablehlo.reduce, stablehlo.sqrt]
              live-ins: %cst, %arg0
              live-outs: %2
            cluster Overlap [stablehlo.sqrt, stablehlo.exponential]
              live-ins: %1
              live-outs: %3
            error[cluster::block] at 6:5: `stablehlo.sqrt` is already inside an `mhlo.fusion`
              label: this op
              help: a cluster's ops must sit in one block, outside any earlier fusion
        "#]],
    );
}

/// A cluster analysed before the IR gave one of its inner values an outside user is refused
/// rather than built into a fusion that would hide that value.
#[test]
fn stale_live_outs_are_an_error() {
    let mut m = parse(NORM).unwrap();
    let ops: Vec<OpId> = ["%0", "%1", "%2"].iter().map(|s| select(&m, s)).collect();
    let cluster = Cluster::new(&m, ops.clone(), "MulRedSqrt").unwrap();
    let exp = select(&m, "%3");
    let reduced = m.op(ops[1]).results[0];
    m.set_operand(exp, 0, reduced);
    let err = build(&mut m, &cluster, Emit::Fusion, &Limits::default()).unwrap_err();
    expect![[r#"
        error[cluster::live_out] at 5:5: a result of `stablehlo.reduce` is used outside the cluster but is not one of its live-outs
          label: this op
          help: the cluster was analysed before the IR changed; analyse it again
    "#]].assert_eq(&error(NORM, &err));
}
