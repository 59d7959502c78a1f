//! `egfuse compare`'s properties: the same bytes every run, and over every committed fixture
//! and corpus export the estimated totals order as egraph <= compat <= none (`cargo test
//! --test commands -- compare:: --nocapture` prints the count). The JSON and table of a small
//! fixture, `--force`, `--forbid`, `--plans` and bad requests are filetests,
//! `tests/filetests/compare/`.

use crate::support::{egfuse, jax_exports, mlir_files, root, scratch};
use serde_json::Value;
use std::path::Path;

/// Runs `egfuse compare` on `input` with `args` and `--json`: (code, table, stderr, JSON).
fn compare(input: &str, args: &[&str]) -> (i32, String, String, Option<Value>) {
    let (code, out, err, text) = compare_text(input, args);
    let value = text.map(|t| serde_json::from_str(&t).expect("valid JSON"));
    (code, out, err, value)
}

/// [`compare`] with the JSON file's text.
fn compare_text(input: &str, args: &[&str]) -> (i32, String, String, Option<String>) {
    let json = scratch("compare.json", "");
    std::fs::remove_file(&json).unwrap();
    let mut all = vec!["compare", input, "--json", json.to_str().unwrap()];
    all.extend_from_slice(args);
    let (code, out, err) = egfuse(&all);
    (code, out, err, std::fs::read_to_string(&json).ok())
}

/// The plan named `name` of a comparison.
fn plan<'v>(v: &'v Value, name: &str) -> &'v Value {
    let plans = v["plans"].as_array().expect("a plans list");
    plans.iter().find(|p| p["name"] == name).expect("the plan")
}

#[test]
fn json_is_the_same_bytes_every_run() {
    let run = || {
        let (code, out, err, text) = compare_text("tests/fixtures/jax/llama_block_f32.mlir", &[]);
        assert_eq!(code, 0, "{err}");
        out + &text.unwrap()
    };
    assert_eq!(run(), run());
}

/// The totals of one file's comparison, after checking every plan has its per-engine cycles.
fn totals(file: &Path) -> [u64; 3] {
    let (code, _, err, v) = compare(file.to_str().unwrap(), &[]);
    assert_eq!(code, 0, "{}: {err}", file.display());
    let v = v.unwrap();
    ["none", "compat", "egraph"].map(|name| {
        let p = plan(&v, name);
        let cycles = p["cycles"].as_object().expect("cycles per engine");
        let engines: Vec<&str> = cycles.keys().map(String::as_str).collect();
        assert_eq!(engines, ["gpsimd", "scalar", "tensor", "vector"]);
        p["total"].as_u64().expect("a total")
    })
}

/// Over every fixture and export: egraph mode is never estimated slower than compat mode, and
/// compat mode never slower than no fusion.
#[test]
fn egraph_is_no_slower_than_compat_and_compat_no_slower_than_none() {
    let mut files = mlir_files(&root().join("tests/fixtures/jax"));
    files.extend(jax_exports());
    let mut wrong = Vec::new();
    let (mut ties, mut better) = (0, 0);
    for f in &files {
        let [none, compat, egraph] = totals(f);
        if !(egraph <= compat && compat <= none) {
            wrong.push(format!(
                "{}: none {none}, compat {compat}, egraph {egraph} ps",
                f.display()
            ));
        }
        if egraph < compat {
            better += 1;
        } else if egraph == compat {
            ties += 1;
        }
    }
    println!(
        "compare: {} files; egraph < compat on {better}, equal on {ties}",
        files.len()
    );
    assert!(files.len() >= 40, "the committed fixtures are there");
    assert!(
        wrong.is_empty(),
        "plans out of order:\n{}",
        wrong.join("\n")
    );
}
