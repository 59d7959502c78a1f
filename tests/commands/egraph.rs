//! `egfuse fuse` in egraph mode (the default), its properties: `--stats` and `--limits`, compat
//! mode's passes, the same bytes every run, the HuggingFace exports within a time bound, and
//! over the JAX exports the idioms the issues expect, every output verified against its input.
//! The idioms one input at a time (each fused, re-parsed and verified) are filetests,
//! `tests/filetests/fuse/`.

use crate::support::{egfuse, jax_exports, memo, scratch};
use expect_test::expect;
use std::collections::BTreeMap;
use std::path::Path;
use std::time::{Duration, Instant};

const RMSNORM_SQRT_DIV: &str = r#"func.func @main(%x: tensor<2x8xf32>, %w: tensor<8xf32>) -> tensor<2x8xf32> {
  %sq = stablehlo.multiply %x, %x : tensor<2x8xf32>
  %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %sum = stablehlo.reduce(%sq init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<2x8xf32>, tensor<f32>) -> tensor<2xf32>
  %keep = stablehlo.broadcast_in_dim %sum, dims = [0] : (tensor<2xf32>) -> tensor<2x1xf32>
  %n = stablehlo.constant dense<8.000000e+00> : tensor<2x1xf32>
  %mean = stablehlo.divide %keep, %n : tensor<2x1xf32>
  %eps = stablehlo.constant dense<9.99999997E-7> : tensor<2x1xf32>
  %var = stablehlo.add %mean, %eps : tensor<2x1xf32>
  %root = stablehlo.sqrt %var : tensor<2x1xf32>
  %rb = stablehlo.broadcast_in_dim %root, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x8xf32>
  %norm = stablehlo.divide %x, %rb : tensor<2x8xf32>
  %wb = stablehlo.broadcast_in_dim %w, dims = [1] : (tensor<8xf32>) -> tensor<2x8xf32>
  %y = stablehlo.multiply %norm, %wb : tensor<2x8xf32>
  return %y : tensor<2x8xf32>
}
"#;

/// `--stats` reports the graph, the stop reason, the costs and the kinds; `--limits` bounds
/// the run and the stop reason says which bound stopped it.
#[test]
fn stats_report_the_stop_reason_and_limits_bound_the_run() {
    let file = scratch("input.mlir", RMSNORM_SQRT_DIV);
    let (code, _, stderr) = egfuse(&[
        "fuse",
        file.to_str().unwrap(),
        "--stats",
        "--limits",
        "iterations=1",
    ]);
    assert_eq!(code, 0, "{stderr}");
    let stable: Vec<&str> = stderr.lines().filter(|l| !l.contains("time:")).collect();
    let passes = pass_names(&stderr);
    assert_eq!(
        passes,
        [
            "inline",
            "scalar-folding",
            "expand",
            "dot-folding",
            "egraph",
            "loop",
            "absorb",
            "merge",
            "one-op-kernels",
            "attention"
        ]
    );
    expect![[r#"
        inlined 0 calls (0 ops), erased 0 functions, left 0 calls
        @main: e-graph of 13 top-level pure ops, 24 nodes in 22 classes, iteration limit (1) after 1 iteration
          e-graph cost: 23.115 us unfused -> 23.115 us extracted
          rewrites: divide-through-broadcast x1, sqrt-through-broadcast-reverse x1
        census and cost of every function body, nested regions included, after inlining:
        unfused: 14 ops, 0 inside 0 fusions (0.0% fused); cost 23.115 us, 900 HBM bytes, 10 kernels
        module: 14 ops, 14 inside 2 fusions (100.0% fused); cost 5.613 us, 240 HBM bytes, 2 kernels
        fused 2 clusters: Elementwise x1, Reduce x1"#]]
    .assert_eq(&stable.join("\n"));
    let (code, _, stderr) = egfuse(&["fuse", file.to_str().unwrap(), "--limits", "nodes=x"]);
    assert_eq!(code, 2);
    expect![[r#"
        error: bad --limits: `x` is not a whole number (in `nodes=x`)
    "#]]
    .assert_eq(&stderr);
}

/// The passes `--stats` lists on its `pass time:` line, in order.
fn pass_names(stderr: &str) -> Vec<&str> {
    let line = stderr.lines().find_map(|l| l.strip_prefix("pass time: "));
    let line = line.expect("a `pass time:` line");
    line.split(", ")
        .filter_map(|p| p.split(' ').next())
        .collect()
}

/// Compat mode is one pass per seed sub-pass the flags enable, in the seed's driver order, and
/// `--verify-each` verifies after each.
#[test]
fn compat_mode_runs_the_seed_sub_passes_as_passes() {
    let file = scratch("input.mlir", RMSNORM_SQRT_DIV);
    let path = file.to_str().unwrap();
    let (code, _, stderr) = egfuse(&["fuse", path, "--mode", "compat", "--stats", "--verify-each"]);
    assert_eq!(code, 0, "{stderr}");
    let passes = pass_names(&stderr);
    let expected = [
        "SubExp",
        "DotLogistic",
        "MulRedSqrt",
        "Expm1",
        "Log1p",
        "elementwise",
    ];
    assert_eq!(passes, expected);
    assert!(stderr.contains("(verified in "), "{stderr}");
    let off = ["--flag", "fuseDotLogistic=false"];
    let (code, _, stderr) =
        egfuse(&[&["fuse", path, "--mode", "compat", "--stats"][..], &off].concat());
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        pass_names(&stderr),
        ["SubExp", "Expm1", "Log1p", "elementwise"]
    );
}

/// The same input fuses to the same bytes (a real exported Llama block, both emissions).
#[test]
fn fusing_twice_gives_the_same_bytes() {
    let input = crate::support::root().join("tests/fixtures/jax/llama_block_f32.mlir");
    for emit in ["mhlo", "composite"] {
        let run = || egfuse(&["fuse", input.to_str().unwrap(), "--emit", emit]);
        let (first, second) = (run(), run());
        assert_eq!(first.0, 0, "{}", first.2);
        assert!(
            first.1.contains("RmsNorm"),
            "the block's RMSNorms are fused"
        );
        assert_eq!(first.1, second.1, "--emit {emit}");
    }
}

/// How long fusing one of the HuggingFace exports may take: 2 s in a release build (a debug
/// build runs every step several times slower, extraction included).
const HF_BOUND: Duration = Duration::from_secs(if cfg!(debug_assertions) { 20 } else { 2 });

/// Fuses `input` with `args`, checks the output re-parses and computes what the input did, and
/// returns the wall time and the `--stats` report. Computing the same is exact equality within
/// the type's tolerance when `exact`; otherwise the rewrites' rounding (a divide by a square root
/// as a multiply by its reciprocal, ...) may add up through twelve layers to 1e-3 relative on
/// the large activations of all-positive inputs, and signed inputs must still agree.
fn fuse_verified(input: &Path, args: &[&str], exact: bool) -> (Duration, String) {
    let out = scratch("hf.mlir", "");
    let mut all = vec!["fuse", input.to_str().unwrap(), "--stats"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["-o", out.to_str().unwrap()]);
    let start = Instant::now();
    let (code, _, stderr) = egfuse(&all);
    let elapsed = start.elapsed();
    assert_eq!(code, 0, "{stderr}");
    let (code, _, err) = egfuse(&["parse", out.to_str().unwrap()]);
    assert_eq!(code, 0, "the output re-parses and verifies: {err}");
    let (code, report, err) = memo::verify(input, &out);
    if exact || code == 0 {
        assert_eq!(
            code, 0,
            "the fused module computes the same:\n{report}{err}"
        );
        return (elapsed, stderr);
    }
    let trials = report.split("trial ").skip(1);
    for trial in trials {
        let signed = trial.contains("signed inputs");
        for line in trial.lines().skip(1).filter(|l| l.contains("max rel err")) {
            let rel: f64 = (line.split("max rel err ").nth(1))
                .and_then(|r| r.split(' ').next()?.parse().ok())
                .expect("a relative error");
            let agree = line.ends_with("agree");
            assert!(agree || (!signed && rel < 1e-3), "{report}");
        }
    }
    (elapsed, stderr)
}

/// The HuggingFace Flax exports of tools/export_hf.py (a 6+6-layer BART, a GPT-2 with its loss)
/// made the old extractor's worklist re-evaluate classes over and over (BART 180 s of
/// extraction, GPT-2 7.6 s, on an idle machine); each fuses within the bound. With a step or
/// time limit the extraction stops, `--stats` says why, and the input program is kept: its
/// cost is the extracted cost and it computes exactly what the input does.
#[test]
fn hf_exports_extract_quickly_and_extraction_limits_keep_the_input() {
    for name in ["bart_seq2seq_f32", "gpt2_loss_f32"] {
        let input = crate::support::root().join(format!("tests/fixtures/hf/{name}.mlir"));
        let (elapsed, stats) = fuse_verified(&input, &[], false);
        assert!(elapsed < HF_BOUND, "{name} took {elapsed:?}:\n{stats}");
        assert!(!stats.contains("extraction stopped"), "{stats}");
        assert!(
            stats.contains("SubExp: "),
            "the softmaxes are fused: {stats}"
        );
    }
    let gpt2 = crate::support::root().join("tests/fixtures/hf/gpt2_loss_f32.mlir");
    for (limits, stop) in [
        ("extract-steps=1000", "after 1000 steps, step limit (1000)"),
        ("extract-time=0", "after 1 steps, time limit (0.0 s)"),
    ] {
        let (_, stats) = fuse_verified(&gpt2, &["--limits", limits], true);
        let kept = format!("(extraction stopped {stop}: the input program is kept)");
        let line = (stats.lines())
            .find(|l| l.contains("cost:"))
            .expect("a cost line");
        assert!(line.ends_with(&kept), "{limits}: {line}");
        let words: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(
            words[2..4],
            words[6..8],
            "{limits}: the input's cost: {line}"
        );
    }
    let (code, _, stderr) = egfuse(&[
        "fuse",
        gpt2.to_str().unwrap(),
        "--limits",
        "extract-steps=-1",
    ]);
    assert_eq!(code, 2);
    expect![[r#"
        error: bad --limits: `-1` is not a whole number (in `extract-steps=-1`)
    "#]]
    .assert_eq(&stderr);
}

/// The fusion kinds of `egfuse fuse` output (its summary line), e.g. {"RmsNorm": 1}.
pub(crate) fn kinds(stderr: &str) -> BTreeMap<String, usize> {
    let line = stderr
        .lines()
        .rev()
        .find(|l| l.starts_with("fused "))
        .unwrap_or("");
    let list = line.split_once(": ").map_or("", |(_, l)| l);
    list.split(", ")
        .filter_map(|item| {
            let (kind, n) = item.rsplit_once(" x")?;
            Some((kind.to_string(), n.parse().ok()?))
        })
        .collect()
}

/// Over the JAX exports: egraph mode finds every kind compat mode finds (or `--stats` shows
/// its matches and says it did not pay), finds RmsNorm, MulRedSqrt, Expm1, Log1p, Attention (a DotSoftmax and its P V matmul),
/// DotLogistic, Softmax, LogSoftmax and LayerNorm where the issues expect them, and the sigmoid of every SiLU and SwiGLU (as
/// `stablehlo.logistic`), and every output verifies against its input.
#[test]
fn jax_exports_fuse_in_egraph_mode() {
    let files = jax_exports();
    let mut totals: [BTreeMap<String, usize>; 2] = Default::default();
    let mut missing = Vec::new();
    for f in &files {
        let name = f.file_stem().unwrap().to_string_lossy().into_owned();
        let out = scratch("egraph.mlir", "");
        let path = f.to_str().unwrap();
        let (code, _, eg) = egfuse(&["fuse", path, "--stats", "-o", out.to_str().unwrap()]);
        assert_eq!(code, 0, "{name}: {eg}");
        let (code, _, compat) = egfuse(&["fuse", "--mode", "compat", path, "-o", "/dev/null"]);
        assert_eq!(code, 0, "{name}: {compat}");
        let (eg_kinds, compat_kinds) = (kinds(&eg), kinds(&compat));
        for (kind, _) in compat_kinds.iter().filter(|(k, _)| *k != "Elementwise") {
            let found = eg
                .lines()
                .any(|l| l.trim_start().starts_with(&format!("{kind}: ")));
            assert!(
                eg_kinds.contains_key(kind) || found,
                "{name}: compat fuses {kind}, egraph mode neither fuses nor reports it:\n{eg}"
            );
        }
        for (i, k) in [&eg_kinds, &compat_kinds].into_iter().enumerate() {
            k.iter()
                .for_each(|(kind, n)| *totals[i].entry(kind.clone()).or_default() += n);
        }
        for kind in expected_kinds(&name) {
            if !eg_kinds.contains_key(kind) {
                missing.push(format!("{name}: {kind}"));
            }
        }
        let sigmoid = ["silu", "swiglu"].iter().any(|p| name.starts_with(p));
        if sigmoid
            && !std::fs::read_to_string(&out)
                .unwrap()
                .contains("stablehlo.logistic")
        {
            missing.push(format!("{name}: the sigmoid as stablehlo.logistic"));
        }
        let (code, report, err) = memo::verify(f, &out);
        assert_eq!(
            code, 0,
            "{name}: egraph output computes what the input did:\n{report}{err}"
        );
    }
    println!(
        "egraph: {} jax-export files fused and verified\n  egraph kinds: {:?}\n  compat kinds: {:?}",
        files.len(),
        totals[0],
        totals[1]
    );
    assert!(missing.is_empty(), "expected kinds not found: {missing:#?}");
}

/// The kinds the issue expects egraph mode to find in an export, by its name.
fn expected_kinds(name: &str) -> Vec<&'static str> {
    let families: &[(&str, &str)] = &[
        ("rmsnorm_", "RmsNorm"),
        ("llama_", "RmsNorm"),
        ("composite_rmsnorm", "RmsNorm"),
        ("flax_rmsnorm", "RmsNorm"),
        ("l2norm_", "MulRedSqrt"),
        ("linalg_norm", "MulRedSqrt"),
        ("expm1", "Expm1"),
        ("exp_minus_one", "Expm1"),
        ("log1p", "Log1p"),
        ("attention_", "Attention"),
        ("llama_", "Attention"),
        ("swiglu_", "DotLogistic"),
        ("llama_", "DotLogistic"),
        ("softmax_", "Softmax"),
        ("log_softmax", "LogSoftmax"),
        ("cross_entropy_onehot", "LogSoftmax"),
        ("layernorm_manual", "LayerNorm"),
        ("flax_layernorm", "LayerNorm"),
        ("flax_block", "LayerNorm"),
    ];
    families
        .iter()
        .filter(|(prefix, _)| name.starts_with(prefix))
        .map(|(_, kind)| *kind)
        .collect()
}
