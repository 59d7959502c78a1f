//! `egfuse explain`: the match traces of the two cases issue 6 names (compat's MulRedSqrt on
//! an rsqrt RMSNorm and on a multiply with a second user), egraph mode's traces and unchosen
//! matches with their costs, the `loop` grow's clusters and the producers they left out, the
//! `--at` and `--op` filters, and bad arguments.

use crate::support::{egfuse, root};
use expect_test::{expect, expect_file};

/// Runs `egfuse explain ARGS` (tests run in the repository root): (exit code, stdout, stderr).
fn explain(args: &[&str]) -> (i32, String, String) {
    egfuse(&[&["explain"][..], args].concat())
}

/// Explains `args` and pins the output in tests/golden/`golden`.
fn check(args: &[&str], golden: &str) {
    let (code, out, err) = explain(args);
    assert_eq!(code, 0, "{err}");
    assert!(err.is_empty(), "{err}");
    expect_file![root().join("tests/golden").join(golden)].assert_eq(&out);
}

const RMSNORM: &str = "tests/fixtures/jax/rmsnorm_f32.mlir";
const RSQRT: &str = "tests/fixtures/explain/rsqrt_rmsnorm.mlir";
const SECOND_USER: &str = "tests/fixtures/explain/mul_second_user.mlir";

#[test]
fn compat_mul_red_sqrt_on_rsqrt_rmsnorm_names_the_consumer() {
    let args = ["--rule", "mul-red-sqrt", "--mode", "compat"];
    check(
        &[&[RMSNORM][..], &args].concat(),
        "explain_rmsnorm_f32.compat.txt",
    );
    check(
        &[&[RSQRT][..], &args].concat(),
        "explain_rsqrt_rmsnorm.compat.txt",
    );
    let (_, out, _) = explain(&[&[RSQRT][..], &args].concat());
    assert!(
        out.contains("no match: %out = stablehlo.sqrt: found stablehlo.rsqrt"),
        "{out}"
    );
}

#[test]
fn compat_mul_red_sqrt_on_a_shared_multiply_names_single_use() {
    let args = [SECOND_USER, "--rule", "mul-red-sqrt", "--mode", "compat"];
    check(&args, "explain_mul_second_user.compat.txt");
    let (_, out, _) = explain(&args);
    assert!(
        out.contains("no match: single_use(%sq): %sq is %sq (2 uses"),
        "{out}"
    );
}

#[test]
fn egraph_traces_and_unchosen_matches() {
    check(
        &[SECOND_USER, "--rule", "mul-red-sqrt"],
        "explain_mul_second_user.egraph.txt",
    );
    check(
        &[RMSNORM, "--rule", "rms-norm"],
        "explain_rmsnorm_f32.egraph.txt",
    );
    let (_, out, _) = explain(&[RMSNORM, "--rule", "rms-norm"]);
    assert!(out.contains("matches extraction did not choose"), "{out}");
}

#[test]
fn at_and_op_pick_one_candidate() {
    let (_, by_at, _) = explain(&[RMSNORM, "--rule", "rms-norm", "--at", "18:5"]);
    let (_, by_op, _) = explain(&[RMSNORM, "--rule", "rms-norm", "--op", "%12"]);
    let (_, by_file, _) = explain(&[
        RMSNORM,
        "--rule",
        "rms-norm",
        "--at",
        "rmsnorm_f32.mlir:18:5",
    ]);
    assert_eq!(by_at, by_op);
    assert_eq!(by_at, by_file);
    assert!(by_at.contains("1 candidate anchors"), "{by_at}");
    assert!(
        by_at.contains("rmsnorm_f32.mlir:18:5: %12 = stablehlo.multiply"),
        "{by_at}"
    );
}

#[test]
fn bad_arguments_exit_2() {
    let (code, _, err) = explain(&[RMSNORM, "--rule", "no-such-rule"]);
    assert_eq!(code, 2);
    assert!(err.contains("no fusion rule named `no-such-rule`"), "{err}");
    let (code, _, err) = explain(&[RMSNORM, "--rule", "rms-norm", "--at", "x:y"]);
    assert_eq!(code, 2);
    assert!(err.contains("bad --at `x:y`"), "{err}");
    let (code, _, err) = explain(&["tests/bad/bad_dense.mlir", "--rule", "rms-norm"]);
    assert_eq!(code, 2);
    assert!(err.contains("error: tests/bad/bad_dense.mlir:"), "{err}");
    let (code, _, err) = explain(&[RMSNORM, "--kind", "Nope"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("no fusion rule of kind `Nope`; the kinds are: Dot, DotGelu, DotLogistic"),
        "{err}"
    );
}

/// `--kind` traces every fusion rule of the kind, in file order.
#[test]
fn explain_kind_traces_every_rule_of_the_kind() {
    let (code, out, err) = explain(&["tests/fixtures/jax/softmax_f32.mlir", "--kind", "Softmax"]);
    assert_eq!(code, 0, "{err}");
    let heads: Vec<&str> = (out.lines())
        .filter(|l| l.starts_with("rule "))
        .map(|l| l.split(" (").next().unwrap_or(l))
        .collect();
    expect![[r#"
        [
            "rule softmax-alone",
            "rule softmax-unshifted",
        ]
    "#]]
    .assert_debug_eq(&heads);
}

/// A match the sub-pass does not build says which cluster claimed it; coverage counts it as a
/// match that was not applied.
#[test]
fn a_claimed_match_names_the_rule_that_claimed_it() {
    let l2 = "tests/fixtures/explain/l2_norm.mlir";
    let extra = ["--extra-rules", "tests/fixtures/explain/claim_rules"];
    let args = [l2, "--rule", "mul-red-sqrt", "--mode", "compat"];
    let (_, alone, _) = explain(&args);
    assert!(!alone.contains("not built"), "{alone}");
    check(
        &[&args[..], &extra].concat(),
        "explain_l2_norm_claimed.compat.txt",
    );
    let (code, table, err) = egfuse(&[&["coverage", l2, "--mode", "compat"][..], &extra].concat());
    assert_eq!(code, 0, "{err}");
    let row = table
        .lines()
        .find(|l| l.starts_with("mul-red-sqrt "))
        .unwrap();
    let counts: Vec<&str> = row.split_whitespace().skip(2).collect();
    assert_eq!(counts, ["1", "1", "0"], "anchors, matches, applied: {row}");
}

/// Egraph mode's `loop` grow: each op of its class roots a cluster (of how many ops) or says
/// why not, and a cluster that left out a producer says which and why. Here the transpose of
/// `%n` joins `%e`'s kernel as the pattern of its load, so the negate below it stays out: only
/// views join below such a view.
#[test]
fn the_loop_grow_says_why_a_producer_stayed_out() {
    let file = "tests/fixtures/explain/loop_edges.mlir";
    check(&[file, "--rule", "loop"], "explain_loop_edges.txt");
    let (_, out, _) = explain(&[file, "--rule", "loop", "--op", "%n"]);
    assert!(
        out.contains(
            "the cluster of %e = stablehlo.exponential (8:3) reads it and left it out: a view"
        ),
        "{out}"
    );
}

/// A loop cluster that only a pattern kernel reads roots its cluster, then is merged into that
/// kernel as its prologue (`egfuse_fusion::merge`), and the root's candidate says so.
#[test]
fn the_loop_grow_says_when_its_cluster_was_merged_into_its_reader() {
    let file = "tests/fixtures/explain/bias_gelu.mlir";
    let (code, out, err) = explain(&[file, "--rule", "loop", "--op", "%a"]);
    assert_eq!(code, 0, "{err}");
    expect_test::expect![[r#"
        rule loop (Elementwise), egraph mode: 1 candidate anchors, 1 matched

        tests/fixtures/explain/bias_gelu.mlir:5:3: %a = stablehlo.add
          | %a = stablehlo.add %x, %bb : tensor<4x8xf32>
          matched: %op = %a
          roots a cluster of 2 ops
          then merged into the Gelu kernel that reads its result, as its prologue
    "#]]
    .assert_eq(&out);
}

/// A matmul kernel (`matmul-views`: the dot and the reshape of V it reads) that multiplies a
/// DotSoftmax's probabilities is merged with it into one Attention kernel
/// (`egfuse_fusion::attention`), and the matmul's candidate says so.
#[test]
fn the_matmul_grow_says_when_its_kernel_joined_an_attention() {
    let file = "../shared/corpus/jax-export/attention_gqa_f32.mlir";
    let (code, out, err) = explain(&[file, "--rule", "matmul-views"]);
    assert_eq!(code, 0, "{err}");
    let merged = "then merged into the Attention kernel with the DotSoftmax whose probabilities its matmul reads";
    assert_eq!(out.matches(merged).count(), 1, "{out}");
}
