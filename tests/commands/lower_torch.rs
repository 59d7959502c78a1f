//! PyTorch/XLA's programs through `egfuse lower`: each transformer program lowers whole and
//! every kernel checks, the masks PyTorch builds from constants folded at compile time. The
//! single claims (LayerNorm, `bn_stats`/`bn_aggr`, `--int64`) are filetests,
//! `tests/filetests/lower/`.

use crate::lower::lower;
use crate::support::root;
use expect_test::expect;

fn torch(name: &str) -> std::path::PathBuf {
    root().join(format!("tests/fixtures/torch/{name}.mlir"))
}

#[test]
fn torch_transformers_lower_whole_and_every_kernel_checks() {
    let names = [
        "attention_mask_f32",
        "gelu_erf_f32",
        "gelu_tanh_f32",
        "hf_bert_f32",
        "hf_gpt2_f32",
        "hf_llama_f32",
        "hf_t5_f32",
        "hf_vit_f32",
        "l2norm_f32",
        "layernorm_f32",
        "log_softmax_f32",
        "rmsnorm_bf16",
        "rmsnorm_f32",
        "sdpa_causal_f32",
        "softmax_f32",
        "swiglu_f32",
        "swiglu_fused_f32",
    ];
    let mut table = String::new();
    for name in names {
        let (program, _, code, err) = lower(&torch(name), &["--check"]);
        assert_eq!(code, 0, "{name}: {err}");
        let n = program.kernels.len();
        let agree = format!("check: {n} of {n} kernels agree");
        assert!(err.contains(&agree), "{name}: {err}");
        let folded = err
            .lines()
            .find(|l| l.starts_with("lowered "))
            .and_then(|l| l.split("; ").find(|p| p.contains("folded at compile time")))
            .unwrap_or("nothing folded");
        table += &format!("{name}: {n} kernels; {folded}\n");
    }
    println!("lower: {} PyTorch/XLA programs lowered whole", names.len());
    expect![[r#"
        attention_mask_f32: 2 kernels; nothing folded
        gelu_erf_f32: 1 kernels; nothing folded
        gelu_tanh_f32: 1 kernels; nothing folded
        hf_bert_f32: 31 kernels; nothing folded
        hf_gpt2_f32: 33 kernels; 3 ops folded at compile time (mhlo.fusion x1, stablehlo.gather x1, stablehlo.pad x1)
        hf_llama_f32: 40 kernels; 3 ops folded at compile time (mhlo.fusion x1, stablehlo.gather x1, stablehlo.pad x1)
        hf_t5_f32: 33 kernels; 3 ops folded at compile time (mhlo.fusion x2, stablehlo.broadcast_in_dim x1)
        hf_vit_f32: 32 kernels; nothing folded
        l2norm_f32: 2 kernels; nothing folded
        layernorm_f32: 2 kernels; nothing folded
        log_softmax_f32: 1 kernels; nothing folded
        rmsnorm_bf16: 2 kernels; nothing folded
        rmsnorm_f32: 1 kernels; nothing folded
        sdpa_causal_f32: 5 kernels; nothing folded
        softmax_f32: 1 kernels; nothing folded
        swiglu_f32: 3 kernels; nothing folded
        swiglu_fused_f32: 3 kernels; nothing folded
    "#]].assert_eq(&table);
}
