//! The PyTorch/XLA fixtures (`tests/fixtures/torch/`, made by `tools/export_torch.py`): each
//! fuses in egraph mode, its output verifies against the input with `egfuse verify`'s defaults,
//! and the kinds found per file are pinned, so a rule that starts (or stops) finding an idiom
//! in torch's spelling shows here.

use crate::support::{egfuse, mlir_files, root, scratch};
use expect_test::expect;

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
        let (code, report, err) = egfuse(&["verify", f.to_str().unwrap(), out.to_str().unwrap()]);
        assert_eq!(
            code, 0,
            "{name}: the fused output computes what the input did:\n{report}{err}"
        );
        table += &format!("{name}: {kinds}\n");
    }
    expect![[r#"
        attention_mask_f32: fused 2 clusters: Elementwise x1, SubExp x1
        expm1_log1p_f32: fused 1 clusters: Elementwise x1
        gelu_erf_f32: fused 1 clusters: Elementwise x1
        gelu_tanh_f32: fused 1 clusters: Elementwise x1
        hf_bert_f32: fused 10 clusters: Elementwise x8, SubExp x2
        hf_gpt2_f32: fused 11 clusters: Elementwise x9, SubExp x2
        hf_llama_f32: fused 22 clusters: Elementwise x20, SubExp x2
        l2norm_f32: fused 2 clusters: Elementwise x2
        layernorm_f32: fused 1 clusters: Elementwise x1
        log_softmax_f32: fused 0 clusters: none
        rmsnorm_bf16: fused 2 clusters: Elementwise x2
        rmsnorm_f32: fused 2 clusters: Elementwise x2
        sdpa_causal_f32: fused 1 clusters: SubExp x1
        softmax_f32: fused 1 clusters: SubExp x1
        swiglu_f32: fused 1 clusters: Elementwise x1
        swiglu_fused_f32: fused 1 clusters: Elementwise x1
    "#]]
    .assert_eq(&table);
    println!(
        "torch: {} PyTorch/XLA fixtures fused and verified",
        files.len()
    );
}
