//! The PyTorch/XLA fixtures (`tests/fixtures/torch/`, made by `tools/export_torch.py`): each
//! fuses in egraph mode, its output verifies against the input with `egfuse verify`'s defaults,
//! and the kinds found per file are pinned, so a rule that starts (or stops) finding an idiom
//! in torch's spelling shows here.

use crate::support::{egfuse, memo, mlir_files, root, scratch};
use expect_test::expect;
use std::collections::BTreeMap;

#[test]
fn torch_exports_fuse_and_their_outputs_verify() {
    let files = mlir_files(&root().join("tests/fixtures/torch"));
    assert!(
        files.len() >= 16,
        "tests/fixtures/torch has {} files",
        files.len()
    );
    let mut table = String::new();
    for f in &files {
        let name = f.file_stem().unwrap().to_string_lossy();
        let out = scratch("torch_fused.mlir", "");
        let (code, _, err) = egfuse(&["fuse", f.to_str().unwrap(), "-o", out.to_str().unwrap()]);
        assert_eq!(code, 0, "{name}: {err}");
        let kinds = err.lines().next().unwrap_or("").to_string();
        let (code, report, err) = memo::verify(f, &out);
        assert_eq!(
            code, 0,
            "{name}: the fused output computes what the input did:\n{report}{err}"
        );
        table += &format!("{name}: {kinds}\n");
    }
    expect![[r#"
        attention_mask_f32: fused 1 cluster: Attention x1
        expm1_log1p_f32: fused 1 cluster: Elementwise x1
        gelu_erf_f32: fused 1 cluster: Gelu x1
        gelu_tanh_f32: fused 1 cluster: Gelu x1
        hf_bert_f32: fused 20 clusters: Attention x2, Dot x2, DotGelu x2, Elementwise x9, LayerNorm x5
        hf_gpt2_f32: fused 25 clusters: Attention x2, Dot x2, DotGelu x2, Elementwise x14, LayerNorm x5
        hf_llama_bf16: fused 32 clusters: Attention x2, Dot x2, DotLogistic x2, Elementwise x21, RmsNorm x5
        hf_llama_f32: fused 23 clusters: Attention x2, Dot x3, DotLogistic x2, Elementwise x11, RmsNorm x5
        hf_t5_f32: fused 21 clusters: Attention x2, Dot x2, DotGelu x2, Elementwise x10, RmsNorm x5
        hf_vit_f32: fused 21 clusters: Attention x2, Dot x2, DotGelu x2, Elementwise x10, LayerNorm x5
        l2norm_f32: fused 2 clusters: Elementwise x1, MulRedSqrt x1
        layernorm_f32: fused 2 clusters: Elementwise x1, LayerNorm x1
        log_softmax_f32: fused 1 cluster: LogSoftmax x1
        mx_quantize_bf16: fused 2 clusters: Elementwise x1, MxQuantize x1
        mx_quantize_f32: fused 2 clusters: Elementwise x1, MxQuantize x1
        rmsnorm_bf16: fused 2 clusters: Elementwise x1, RmsNorm x1
        rmsnorm_f32: fused 1 cluster: RmsNorm x1
        sdpa_causal_f32: fused 3 clusters: Attention x1, Elementwise x2
        softmax_f32: fused 1 cluster: Softmax x1
        swiglu_f32: fused 1 cluster: DotLogistic x1
        swiglu_fused_f32: fused 2 clusters: Dot x1, DotLogistic x1
    "#]]
    .assert_eq(&table);
    println!(
        "torch: {} PyTorch/XLA fixtures fused and verified",
        files.len()
    );
}

/// The idioms each PyTorch/XLA fixture must have as its named kind, by file name: found under
/// torch's spelling (keepdims as reshapes, a mean as a multiply by 1/N, `x ** 2`, a reshape
/// between a dot and its sigmoid, batch and heads merged around the attention dots, a softmax
/// broadcast in one step, a gate and an up projection sliced from one fused matmul) by the same
/// rules that find them in JAX exports.
const TORCH_KINDS: &[(&str, &[&str])] = &[
    ("attention_mask_f32", &["Attention"]),
    ("hf_bert_f32", &["Attention"]),
    ("hf_gpt2_f32", &["Attention"]),
    ("hf_llama_f32", &["RmsNorm", "DotLogistic", "Attention"]),
    ("l2norm_f32", &["MulRedSqrt"]),
    ("log_softmax_f32", &["LogSoftmax"]),
    ("rmsnorm_bf16", &["RmsNorm"]),
    ("rmsnorm_f32", &["RmsNorm"]),
    ("sdpa_causal_f32", &["Attention"]),
    ("softmax_f32", &["Softmax"]),
    ("swiglu_f32", &["DotLogistic"]),
    ("swiglu_fused_f32", &["DotLogistic"]),
];

#[test]
fn torch_spellings_reach_the_idioms_kinds() {
    let dir = root().join("tests/fixtures/torch");
    let mut missing = Vec::new();
    for (name, want) in TORCH_KINDS {
        let f = dir.join(format!("{name}.mlir"));
        let out = scratch("torch_kinds.mlir", "");
        let (code, _, err) = egfuse(&["fuse", f.to_str().unwrap(), "-o", out.to_str().unwrap()]);
        assert_eq!(code, 0, "{name}: {err}");
        let found = kinds(err.lines().next().unwrap_or(""));
        for kind in *want {
            if !found.contains_key(*kind) {
                missing.push(format!("{name}: {kind} (found {found:?})"));
            }
        }
    }
    assert!(missing.is_empty(), "kinds not found: {missing:#?}");
}

/// The kinds of a `fused N clusters: A xN, B xM` line, with their counts.
fn kinds(line: &str) -> BTreeMap<String, usize> {
    let list = line.split_once(": ").map_or("", |(_, l)| l);
    list.split(", ")
        .filter_map(|k| k.split_once(" x"))
        .map(|(k, n)| (k.to_string(), n.parse().unwrap_or(0)))
        .collect()
}
