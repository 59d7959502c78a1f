//! Kernel counts beside XLA:CPU's (issue 14's yardstick): `egfuse compare --xla-hlo` counts
//! each plan's kernels and XLA's the same way (engine/reports/src/kernels.rs), and
//! tools/xla_kernels.py, which compiles a module with XLA:CPU through jaxlib, counts XLA's
//! as compare does. The tables are pinned, so a change in either count shows in review.

use crate::support::{egfuse, jax_exports, python_with_jaxlib, root};
use expect_test::expect;
use std::path::Path;
use std::process::Command;

/// compare's kernel line for `input` against the HLO file `hlo`: `plan N, ...; XLA:CPU M`.
fn counts(input: &Path, hlo: &Path) -> String {
    let (code, out, err) = egfuse(&[
        "compare",
        input.to_str().unwrap(),
        "--xla-hlo",
        hlo.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{}: {err}", input.display());
    let line = out.lines().find(|l| l.trim_start().starts_with("kernels"));
    let line = line.unwrap_or_else(|| panic!("{}: no kernels line in {out}", input.display()));
    line.split("): ").nth(1).unwrap_or(line).to_string()
}

/// The corpus's programs that come with XLA:CPU's optimized HLO (`NAME.xla_cpu_opt.hlo`).
#[test]
fn corpus_programs_count_beside_their_xla_cpu_hlo() {
    let mut rows = Vec::new();
    for mlir in jax_exports() {
        let hlo = mlir.with_extension("xla_cpu_opt.hlo");
        if !hlo.exists() {
            continue;
        }
        let name = mlir.file_stem().unwrap().to_string_lossy().into_owned();
        rows.push(format!("{name}: {}", counts(&mlir, &hlo)));
    }
    println!(
        "xla_count: {} corpus programs with XLA:CPU's HLO",
        rows.len()
    );
    expect![[r#"
        attention_causal_einsum_f32: none 29, compat 28, egraph 3; XLA:CPU 11
        attention_f32: none 16, compat 15, egraph 1; XLA:CPU 5
        composite_rmsnorm_f32: none 14, compat 11, egraph 2; XLA:CPU 3
        cross_entropy_onehot_f32: none 23, compat 20, egraph 5; XLA:CPU 6
        llama_2layer_f32: none 315, compat 256, egraph 38; XLA:CPU 60
        llama_layer_bf16: none 162, compat 122, egraph 21; XLA:CPU 38
        llama_layer_f32: none 146, compat 118, egraph 19; XLA:CPU 28
        rmsnorm_rsqrt_f32: none 13, compat 10, egraph 1; XLA:CPU 3
        rmsnorm_sqrt_div_f32: none 13, compat 10, egraph 1; XLA:CPU 3
        rmsnorm_upcast_bf16: none 15, compat 11, egraph 2; XLA:CPU 4
        softmax_f32: none 11, compat 10, egraph 1; XLA:CPU 4
        swiglu_mlp_f32: none 11, compat 6, egraph 3; XLA:CPU 4"#]]
    .assert_eq(&rows.join("\n"));
}

/// The committed transformer models: the script's count of each is compare's. XLA:CPU's own
/// numbers are printed, not pinned (its fusion may depend on the host CPU); egfuse's are
/// pinned. Every one has at most XLA:CPU's kernels in egraph mode (issue 14's Done-when
/// line), and must stay so.
#[test]
fn committed_models_counted_by_the_script_and_by_compare() {
    let models = [
        "tests/fixtures/hf/bart_seq2seq_f32.mlir",
        "tests/fixtures/hf/bert_f32.mlir",
        "tests/fixtures/hf/gpt2_loss_f32.mlir",
        "tests/fixtures/hf/vit_f32.mlir",
        "tests/fixtures/jax/llama_block_f32.mlir",
        "tests/fixtures/jax/scan_llama_f32.mlir",
        "tests/fixtures/torch/hf_bert_f32.mlir",
        "tests/fixtures/torch/hf_gpt2_f32.mlir",
        "tests/fixtures/torch/hf_llama_f32.mlir",
        "tests/fixtures/torch/hf_t5_f32.mlir",
        "tests/fixtures/torch/hf_vit_f32.mlir",
        "tests/fixtures/torch/sdpa_causal_f32.mlir",
    ];
    let dir =
        Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("xla_hlo_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = Command::new(python_with_jaxlib())
        .arg(root().join("tools/xla_kernels.py"))
        .arg("--hlo-dir")
        .arg(&dir)
        .args(models.iter().map(|m| root().join(m)))
        .output()
        .expect("python runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut rows = Vec::new();
    for (model, line) in models.iter().zip(stdout.lines()) {
        let theirs = line
            .rsplit(": ")
            .next()
            .unwrap()
            .trim_end_matches(" kernels");
        let stem = Path::new(model).file_stem().unwrap().to_string_lossy();
        let ours = counts(
            &root().join(model),
            &dir.join(format!("{stem}.xla_cpu_opt.hlo")),
        );
        assert!(
            ours.ends_with(&format!("XLA:CPU {theirs}")),
            "{model}: {ours} against {line}"
        );
        println!("xla_count: {stem}: {ours}");
        let egraph = |text: &str| -> usize {
            let tail = text.split("egraph ").nth(1).unwrap_or("");
            tail.split(';')
                .next()
                .unwrap_or("")
                .parse()
                .unwrap_or(usize::MAX)
        };
        let xla: usize = theirs.parse().expect("the script's count");
        assert!(
            egraph(&ours) <= xla,
            "{stem}: {ours}: more kernels than XLA:CPU"
        );
        rows.push(format!("{stem}: {}", ours.split(';').next().unwrap()));
    }
    println!(
        "xla_count: {} committed models compiled by XLA:CPU",
        rows.len()
    );
    expect![[r#"
        bart_seq2seq_f32: none 2830, compat 1968, egraph 238
        bert_f32: none 452, compat 312, egraph 40
        gpt2_loss_f32: none 661, compat 541, egraph 71
        vit_f32: none 374, compat 237, egraph 36
        llama_block_f32: none 141, compat 113, egraph 18
        scan_llama_f32: none 93, compat 93, egraph 24
        hf_bert_f32: none 163, compat 151, egraph 31
        hf_gpt2_f32: none 183, compat 160, egraph 35
        hf_llama_f32: none 234, compat 206, egraph 42
        hf_t5_f32: none 195, compat 158, egraph 36
        hf_vit_f32: none 154, compat 143, egraph 32
        sdpa_causal_f32: none 27, compat 26, egraph 5"#]]
    .assert_eq(&rows.join("\n"));
}

/// A `--xla-hlo` file that is not optimized HLO text is a diagnostic at its line, exit 2.
#[test]
fn a_file_that_is_not_hlo_is_a_diagnostic_at_its_line() {
    let bad = crate::support::scratch("bad.hlo", "HloModule m\n\n%c () -> f32[] {\n  garbage\n}\n");
    let (code, out, err) = egfuse(&[
        "compare",
        "tests/fixtures/jax/rmsnorm_f32.mlir",
        "--xla-hlo",
        bad.to_str().unwrap(),
    ]);
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    let head = err.lines().next().unwrap_or("");
    assert!(
        head.ends_with("bad.hlo:4:3: not an instruction: `garbage`"),
        "{err}"
    );
}
