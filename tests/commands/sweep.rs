//! The shape sweeps (`tests/fixtures/sweep/`, written by `tools/sweep_torch.py` for PyTorch/XLA
//! and `tools/sweep_jax.py` for JAX and Flax): every fixture family exported at batch 1, 2 and
//! 3, positions that do not divide 128, head dims 64, 80 and 128, in f32 and bf16. Each file
//! must lower whole, `--check` must agree on every kernel, and `egfuse fuse` must make the
//! clusters its `EXPECT` line lists (`attention` counts Attention and DotSoftmax clusters
//! together). An MX file must also lower whole and check under `--mx-scale nki` on
//! NeuronCore-v4, where what it quantizes is bf16 its gate/up projection one MxGateUp kernel
//! and its RMSNorm and quantize one MxRmsNorm kernel. The verdicts are a golden table per
//! frontend, a line per file, so a file that starts or stops holding is a diff to read and
//! bless.

use crate::support::{egfuse, memo, root, scratch};
use expect_test::expect;
use std::collections::BTreeMap;
use std::path::Path;

/// What `path` did against `want`: `ok`, or the kinds `egfuse fuse` missed and what
/// `egfuse lower --check` could not do.
fn verdict(path: &Path, want: &BTreeMap<String, usize>) -> String {
    let path = path.to_str().unwrap();
    let out = scratch("sweep.out", "");
    let out = out.to_str().unwrap();
    let (_, _, stats) = egfuse(&["fuse", path, "--stats", "-o", out]);
    let got = cluster_kinds(&stats);
    let mut problems: Vec<String> = (want.iter())
        .filter(|(k, n)| got.get(*k) != Some(n))
        .map(|(k, n)| format!("{k} {} of {n}", got.get(k).copied().unwrap_or(0)))
        .collect();
    let (code, _, err) = memo::lower_checked(Path::new(path));
    if code != 0 {
        let first = err.lines().find(|l| l.starts_with("error")).unwrap_or("");
        // Drop the file name, keep the message: `error: FILE:L:C: message`.
        let message = first.splitn(3, ": ").nth(2).unwrap_or(first);
        problems.push(format!("not lowered (exit {code}): {message}"));
    } else if !err.lines().any(|l| {
        let words: Vec<&str> = l.split(' ').collect();
        words.len() > 3 && words[0] == "check:" && words[1] == words[3]
    }) {
        problems.push("a kernel does not check".to_string());
    }
    if Path::new(path)
        .file_name()
        .is_some_and(|n| n.to_string_lossy().starts_with("mx_"))
    {
        problems.extend(under_nki(path));
    }
    if problems.is_empty() {
        "ok".to_string()
    } else {
        problems.join("; ")
    }
}

/// What an MX file's lowering under NKI's scale rule on NeuronCore-v4 could not do: lower
/// whole with every kernel checking, and, where the value it quantizes is bf16 (what
/// `quantize_mx` reads), join its family's kernels: a gate/up projection into one MxGateUp
/// kernel (003 §4.2), an RMSNorm and its quantize into one MxRmsNorm kernel (003 §4.1).
fn under_nki(path: &str) -> Vec<String> {
    let name = Path::new(path)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned());
    let joined = match name.unwrap_or_default() {
        n if n.starts_with("mx_rmsnorm") => "MxRmsNorm",
        _ => "MxGateUp",
    };
    let args = [
        "lower",
        path,
        "--check",
        "--target",
        "neuroncore-v4",
        "--mx-scale",
        "nki",
    ];
    let (code, _, err) = egfuse(&args);
    let agreed = err.lines().any(|l| {
        let words: Vec<&str> = l.split(' ').collect();
        words.len() > 3 && words[0] == "check:" && words[1] == words[3]
    });
    let merged = err
        .lines()
        .any(|l| l.starts_with("lowered ") && l.contains(&format!("{joined} x1")));
    let mut problems = Vec::new();
    if code != 0 || !agreed {
        problems.push(format!(
            "under --mx-scale nki: exit {code}, kernels not all checking"
        ));
    }
    if path.ends_with("_bf16.mlir") && !merged {
        problems.push(format!("under --mx-scale nki: no {joined} kernel"));
    }
    problems
}

/// The clusters per kind of `fused N clusters: A xN, B xM`, with `attention` the Attention
/// and DotSoftmax clusters together.
fn cluster_kinds(stderr: &str) -> BTreeMap<String, usize> {
    let line = stderr
        .lines()
        .find(|l| l.starts_with("fused "))
        .unwrap_or("");
    let list = line.split_once(": ").map_or("", |(_, r)| r);
    let mut out = BTreeMap::new();
    for item in list.split(", ") {
        if let Some((kind, n)) = item.rsplit_once(" x") {
            out.insert(kind.to_string(), n.parse().unwrap_or(0));
        }
    }
    let attention = ["Attention", "DotSoftmax"].map(|k| out.get(k).copied().unwrap_or(0));
    out.insert("attention".into(), attention.iter().sum());
    out
}

/// `EXPECT`'s lines: a file name and the kernels it must have, `kind=count` each.
fn expectations(dir: &Path) -> Vec<(String, BTreeMap<String, usize>)> {
    let path = dir.join("EXPECT");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (tools/sweep_*.py write it)", path.display()));
    let parse = |line: &str| {
        let mut words = line.split_whitespace();
        let name = words.next()?.to_string();
        let want = words
            .map(|w| {
                let (k, n) = w.split_once('=')?;
                Some((k.to_string(), n.parse().ok()?))
            })
            .collect::<Option<_>>()?;
        Some((name, want))
    };
    (text.lines())
        .map(|l| parse(l).unwrap_or_else(|| panic!("{}: bad line {l:?}", path.display())))
        .collect()
}

/// The verdict table of every file of `tests/fixtures/sweep/DIR`, a line per file in `EXPECT`'s
/// order; prints how many of them held, naming the frontend.
fn sweep(dir: &str, frontend: &str) -> String {
    let rel = format!("tests/fixtures/sweep/{dir}");
    let dir = root().join(&rel);
    let cases = expectations(&dir);
    assert!(!cases.is_empty(), "{}: EXPECT lists no file", dir.display());
    let mut table = String::new();
    let mut held = 0;
    for (name, want) in &cases {
        let v = verdict(&dir.join(name), want);
        held += usize::from(v == "ok");
        table += &format!("{}: {v}\n", name.trim_end_matches(".mlir"));
    }
    println!(
        "sweep: {held} of {} {frontend} exports hold ({rel})",
        cases.len()
    );
    table
}

#[test]
fn every_swept_torch_export_lowers_whole_checks_and_has_its_kernels() {
    let table = sweep("torch", "PyTorch/XLA");
    expect![[r#"
        rmsnorm_b1_f32: ok
        rmsnorm_b1_bf16: ok
        rmsnorm_b2_f32: ok
        rmsnorm_b2_bf16: ok
        rmsnorm_b3_f32: ok
        rmsnorm_b3_bf16: ok
        layernorm_b1_f32: ok
        layernorm_b1_bf16: ok
        layernorm_b2_f32: ok
        layernorm_b2_bf16: ok
        layernorm_b3_f32: ok
        layernorm_b3_bf16: ok
        swiglu_b1_f32: ok
        swiglu_b1_bf16: ok
        swiglu_b2_f32: ok
        swiglu_b2_bf16: ok
        swiglu_b3_f32: ok
        swiglu_b3_bf16: ok
        glu_bias_b1_f32: ok
        glu_bias_b1_bf16: ok
        glu_bias_b2_f32: ok
        glu_bias_b2_bf16: ok
        glu_bias_b3_f32: ok
        glu_bias_b3_bf16: ok
        gelu_mlp_b1_f32: ok
        gelu_mlp_b1_bf16: ok
        gelu_mlp_b2_f32: ok
        gelu_mlp_b2_bf16: ok
        gelu_mlp_b3_f32: ok
        gelu_mlp_b3_bf16: ok
        eager_b1_f32: ok
        eager_b1_bf16: ok
        eager_b2_f32: ok
        eager_b2_bf16: ok
        eager_b3_f32: ok
        eager_b3_bf16: ok
        eager_causal_b1_f32: ok
        eager_causal_b1_bf16: ok
        eager_causal_b2_f32: ok
        eager_causal_b2_bf16: ok
        eager_causal_b3_f32: ok
        eager_causal_b3_bf16: ok
        eager_padding_b1_f32: ok
        eager_padding_b1_bf16: ok
        eager_padding_b2_f32: ok
        eager_padding_b2_bf16: ok
        eager_padding_b3_f32: ok
        eager_padding_b3_bf16: ok
        eager_additive_b1_f32: ok
        eager_additive_b1_bf16: ok
        eager_additive_b2_f32: ok
        eager_additive_b2_bf16: ok
        eager_additive_b3_f32: ok
        eager_additive_b3_bf16: ok
        gqa_b1_f32: ok
        gqa_b1_bf16: ok
        gqa_b2_f32: ok
        gqa_b2_bf16: ok
        gqa_b3_f32: ok
        gqa_b3_bf16: ok
        mqa_b1_f32: ok
        mqa_b1_bf16: ok
        mqa_b2_f32: ok
        mqa_b2_bf16: ok
        mqa_b3_f32: ok
        mqa_b3_bf16: ok
        sdpa_b1_f32: ok
        sdpa_b1_bf16: ok
        sdpa_b2_f32: ok
        sdpa_b2_bf16: ok
        sdpa_b3_f32: ok
        sdpa_b3_bf16: ok
        sdpa_causal_b1_f32: ok
        sdpa_causal_b1_bf16: ok
        sdpa_causal_b2_f32: ok
        sdpa_causal_b2_bf16: ok
        sdpa_causal_b3_f32: ok
        sdpa_causal_b3_bf16: ok
        sdpa_bool_b1_f32: ok
        sdpa_bool_b1_bf16: ok
        sdpa_bool_b2_f32: ok
        sdpa_bool_b2_bf16: ok
        sdpa_bool_b3_f32: ok
        sdpa_bool_b3_bf16: ok
        hf_llama_b2_f32: ok
        hf_llama_b2_bf16: ok
        hf_llama_b3_f32: ok
        hf_mistral_b2_f32: ok
        hf_mistral_b2_bf16: ok
        hf_mistral_b3_f32: ok
        hf_qwen2_b2_f32: ok
        hf_qwen2_b2_bf16: ok
        hf_qwen2_b3_f32: ok
        hf_gemma_b2_f32: ok
        hf_gemma_b2_bf16: ok
        hf_gemma_b3_f32: ok
        hf_gpt2_b2_f32: ok
        hf_gpt2_b2_bf16: ok
        hf_gpt2_b3_f32: ok
        hf_bert_b2_f32: ok
        hf_bert_b2_bf16: ok
        hf_bert_b3_f32: ok
    "#]]
    .assert_eq(&table);
}

#[test]
fn every_swept_jax_export_lowers_whole_checks_and_has_its_kernels() {
    let table = sweep("jax", "JAX/Flax");
    expect![[r#"
        rmsnorm_b1_f32: ok
        rmsnorm_b1_bf16: ok
        rmsnorm_b2_f32: ok
        rmsnorm_b2_bf16: ok
        rmsnorm_b3_f32: ok
        rmsnorm_b3_bf16: ok
        layernorm_b1_f32: ok
        layernorm_b1_bf16: ok
        layernorm_b2_f32: ok
        layernorm_b2_bf16: ok
        layernorm_b3_f32: ok
        layernorm_b3_bf16: ok
        swiglu_b1_f32: ok
        swiglu_b1_bf16: ok
        swiglu_b2_f32: ok
        swiglu_b2_bf16: ok
        swiglu_b3_f32: ok
        swiglu_b3_bf16: ok
        swiglu_bias_b1_f32: ok
        swiglu_bias_b1_bf16: ok
        swiglu_bias_b2_f32: ok
        swiglu_bias_b2_bf16: ok
        swiglu_bias_b3_f32: ok
        swiglu_bias_b3_bf16: ok
        gelu_tanh_mlp_b1_f32: ok
        gelu_tanh_mlp_b1_bf16: ok
        gelu_tanh_mlp_b2_f32: ok
        gelu_tanh_mlp_b2_bf16: ok
        gelu_tanh_mlp_b3_f32: ok
        gelu_tanh_mlp_b3_bf16: ok
        gelu_erf_mlp_b1_f32: ok
        gelu_erf_mlp_b1_bf16: ok
        gelu_erf_mlp_b2_f32: ok
        gelu_erf_mlp_b2_bf16: ok
        gelu_erf_mlp_b3_f32: ok
        gelu_erf_mlp_b3_bf16: ok
        attn_b1_f32: ok
        attn_b1_bf16: ok
        attn_b2_f32: ok
        attn_b2_bf16: ok
        attn_b3_f32: ok
        attn_b3_bf16: ok
        attn_causal_inf_b1_f32: ok
        attn_causal_inf_b1_bf16: ok
        attn_causal_inf_b2_f32: ok
        attn_causal_inf_b2_bf16: ok
        attn_causal_inf_b3_f32: ok
        attn_causal_inf_b3_bf16: ok
        attn_causal_min_b1_f32: ok
        attn_causal_min_b1_bf16: ok
        attn_causal_min_b2_f32: ok
        attn_causal_min_b2_bf16: ok
        attn_causal_min_b3_f32: ok
        attn_causal_min_b3_bf16: ok
        attn_padding_b1_f32: ok
        attn_padding_b1_bf16: ok
        attn_padding_b2_f32: ok
        attn_padding_b2_bf16: ok
        attn_padding_b3_f32: ok
        attn_padding_b3_bf16: ok
        dpa_b1_f32: ok
        dpa_b1_bf16: ok
        dpa_b2_f32: ok
        dpa_b2_bf16: ok
        dpa_b3_f32: ok
        dpa_b3_bf16: ok
        dpa_causal_b1_f32: ok
        dpa_causal_b1_bf16: ok
        dpa_causal_b2_f32: ok
        dpa_causal_b2_bf16: ok
        dpa_causal_b3_f32: ok
        dpa_causal_b3_bf16: ok
        gqa_b1_f32: ok
        gqa_b1_bf16: ok
        gqa_b2_f32: ok
        gqa_b2_bf16: ok
        gqa_b3_f32: ok
        gqa_b3_bf16: ok
        mqa_b1_f32: ok
        mqa_b1_bf16: ok
        mqa_b2_f32: ok
        mqa_b2_bf16: ok
        mqa_b3_f32: ok
        mqa_b3_bf16: ok
        softmax_b1_f32: ok
        softmax_b1_bf16: ok
        softmax_b2_f32: ok
        softmax_b2_bf16: ok
        softmax_b3_f32: ok
        softmax_b3_bf16: ok
        log_softmax_b1_f32: ok
        log_softmax_b1_bf16: ok
        log_softmax_b2_f32: ok
        log_softmax_b2_bf16: ok
        log_softmax_b3_f32: ok
        log_softmax_b3_bf16: ok
        mx_gate_up_b1_f32: ok
        mx_gate_up_b1_bf16: ok
        mx_gate_up_b2_f32: ok
        mx_gate_up_b2_bf16: ok
        mx_gate_up_b3_f32: ok
        mx_gate_up_b3_bf16: ok
        mx_rmsnorm_b1_f32: ok
        mx_rmsnorm_b1_bf16: ok
        mx_rmsnorm_b2_f32: ok
        mx_rmsnorm_b2_bf16: ok
        mx_rmsnorm_b3_f32: ok
        mx_rmsnorm_b3_bf16: ok
        hf_llama_b2_f32: ok
        hf_llama_b2_bf16: ok
        hf_llama_b3_f32: ok
        hf_gpt2_b2_f32: ok
        hf_gpt2_b2_bf16: ok
        hf_gpt2_b3_f32: ok
        hf_bert_b2_f32: ok
        hf_bert_b2_bf16: ok
        hf_bert_b3_f32: ok
        hf_gptj_b2_f32: ok
        hf_gptj_b2_bf16: ok
        hf_gptj_b3_f32: ok
    "#]]
    .assert_eq(&table);
}
