//! `--dot OUT` on `egfuse fuse` and `egfuse compare`: the Graphviz view of a small fixture is
//! pinned, it is the same bytes every run, and Graphviz's `dot` renders the views of the
//! fixtures (the test fails when `dot` is not installed: `apt-get install graphviz`).

use crate::support::{egfuse, mlir_files, root, scratch};
use expect_test::expect_file;
use std::path::Path;
use std::process::Command;

/// The `--dot` text of `egfuse SUBCOMMAND INPUT` (fuse output or the table go elsewhere).
fn view(subcommand: &str, input: &str) -> String {
    let out = scratch("view.dot", "");
    let (code, _, err) = match subcommand {
        "fuse" => egfuse(&[
            "fuse",
            input,
            "-o",
            "/dev/null",
            "--dot",
            out.to_str().unwrap(),
        ]),
        _ => egfuse(&["compare", input, "--dot", out.to_str().unwrap()]),
    };
    assert_eq!(code, 0, "{input}: {err}");
    std::fs::read_to_string(&out).unwrap()
}

#[test]
fn the_view_of_a_fused_rmsnorm_is_pinned() {
    let text = view("fuse", "tests/fixtures/jax/rmsnorm_f32.mlir");
    expect_file!["../golden/dot_rmsnorm_f32.dot"].assert_eq(&text);
}

#[test]
fn the_compare_view_draws_every_plan_the_same_way_every_run() {
    let input = "tests/fixtures/jax/llama_block_f32.mlir";
    let text = view("compare", input);
    assert_eq!(text, view("compare", input));
    for plan in ["none", "compat", "egraph"] {
        assert!(text.contains(&format!("label=\"plan {plan}\";")), "{plan}");
    }
    assert!(text.contains("label=\"RmsNorm\"; style=filled; fillcolor=\"#80b1d3\";"));
    assert!(text.contains("legend0 [label="));
}

/// Renders `path` with Graphviz; panics with its message when it fails or is missing.
fn render(path: &Path) {
    let out = Command::new("dot")
        .args(["-Tsvg", "-o", "/dev/null"])
        .arg(path)
        .output()
        .unwrap_or_else(|e| {
            panic!("Graphviz `dot` must be installed (apt-get install graphviz): {e}")
        });
    assert!(
        out.status.success(),
        "dot rejects {}: {}",
        path.display(),
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn graphviz_renders_the_views_of_every_fixture() {
    let files = mlir_files(&root().join("tests/fixtures/jax"));
    for f in &files {
        let text = view("compare", f.to_str().unwrap());
        render(&scratch("fixture.dot", &text));
    }
    println!("dot: {} compare views rendered", files.len());
    assert!(files.len() >= 40);
}

#[test]
fn composites_are_drawn_with_their_decompositions_inside() {
    let out = scratch("composite.dot", "");
    let input = "tests/fixtures/jax/rmsnorm_f32.mlir";
    let args = [
        "fuse",
        "--mode",
        "compat",
        "--emit",
        "composite",
        input,
        "-o",
        "/dev/null",
    ];
    let (code, _, err) = egfuse(&[&args[..], &["--dot", out.to_str().unwrap()]].concat());
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&out).unwrap();
    let boxes = text.matches("label=\"Elementwise\"; style=filled").count();
    assert_eq!(boxes, 2, "{text}");
    assert!(
        !text.contains("genComposite"),
        "decompositions are not drawn as functions"
    );
    assert!(
        !text.contains("stablehlo.composite"),
        "a composite is its box, not a node"
    );
    render(&scratch("composite_view.dot", &text));
}
