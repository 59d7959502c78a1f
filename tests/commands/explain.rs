//! `egfuse explain` over the corpus: a matmul kernel that joined an Attention kernel says so.
//! The match traces of issue 6, egraph mode's unchosen matches, the `loop` grow's clusters,
//! the `--at`, `--op` and `--kind` filters and bad arguments are filetests,
//! `tests/filetests/explain/`.

use crate::support::{corpus_dir, egfuse};

/// Runs `egfuse explain ARGS` (tests run in the repository root): (exit code, stdout, stderr).
fn explain(args: &[&str]) -> (i32, String, String) {
    egfuse(&[&["explain"][..], args].concat())
}

/// A matmul kernel (`matmul-views`: the dot and the reshape of V it reads) that multiplies a
/// DotSoftmax's probabilities is merged with it into one Attention kernel
/// (`egfuse_fusion::attention`), and the matmul's candidate says so.
#[test]
fn the_matmul_grow_says_when_its_kernel_joined_an_attention() {
    let file = corpus_dir("jax-export").join("attention_gqa_f32.mlir");
    let (code, out, err) = explain(&[file.to_str().unwrap(), "--rule", "matmul-views"]);
    assert_eq!(code, 0, "{err}");
    let merged = "then merged into the Attention kernel with the DotSoftmax whose probabilities its matmul reads";
    assert_eq!(out.matches(merged).count(), 1, "{out}");
}
