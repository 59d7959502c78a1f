//! `egfuse compare`: the plans side by side. The JSON and the table of a small fixture are
//! pinned, `--force` and `--forbid` change what egraph mode chooses, bad requests are
//! diagnostics, and over every committed fixture and corpus export the estimated totals order
//! as egraph <= compat <= none (`cargo test --test compare -- --nocapture` prints the count).

use crate::support::{egfuse, jax_exports, mlir_files, root, scratch};
use expect_test::{expect, expect_file, Expect, ExpectFile};
use serde_json::Value;
use std::path::Path;

const RMSNORM: &str = "tests/fixtures/jax/rmsnorm_f32.mlir";

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

/// `KIND@AT` of every fusion of a plan.
fn fusions(v: &Value, name: &str) -> Vec<String> {
    let list = plan(v, name)["fusions"].as_array().expect("a fusions list");
    list.iter()
        .map(|f| {
            format!(
                "{}@{}",
                f["kind"].as_str().unwrap(),
                f["at"].as_str().unwrap()
            )
        })
        .collect()
}

/// The golden JSON and table of `input`.
fn check(input: &str, json: ExpectFile, table: Expect) {
    let (code, out, err, text) = compare_text(input, &[]);
    assert_eq!(code, 0, "{err}");
    json.assert_eq(&text.expect("JSON written"));
    table.assert_eq(&out);
}

#[test]
fn rmsnorm_json_and_table_are_pinned() {
    check(
        RMSNORM,
        expect_file!["../golden/compare_rmsnorm_f32.json"],
        expect![[r#"
            @main
              plan    fusions  kernels  hbm bytes  tensor cycles  vector cycles  scalar cycles  gpsimd cycles      total  ratio
              none          0       13      25868              0            630            101              0  28.197 us  8.966
              compat        2       10      21516              0            630            101              0  22.187 us  7.055
              egraph        1        1       4236              0            630            101              0   3.144 us  1.000
            total
              plan    fusions  kernels  hbm bytes  tensor cycles  vector cycles  scalar cycles  gpsimd cycles      total  ratio
              none          0       13      25868              0            630            101              0  28.197 us  8.966
              compat        2       10      21516              0            630            101              0  22.187 us  7.055
              egraph        1        1       4236              0            630            101              0   3.144 us  1.000
              ops (every function body, nested regions included, after inlining): none 18 (0 fused), compat 18 (5 fused), egraph 17 (13 fused)
              kernels (ops after fusion but constants, returns and calls, loop bodies included): none 13, compat 10, egraph 1
            fusions
              none: 0
              compat: 2
                @main  Elementwise  13:5  3 ops
                @main  Elementwise  18:5  2 ops
              egraph: 1
                @main  RmsNorm  18:5  12 ops
            differences
              function         kind    at  none  compat  egraph
              @main     Elementwise  13:5     0       1       0
              @main     Elementwise  18:5     0       1       0
              @main         RmsNorm  18:5     0       0       1
        "#]],
    );
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

#[test]
fn force_chooses_the_named_kernel_at_the_named_op() {
    let (code, _, err, v) = compare(RMSNORM, &["--force", "rms-norm@15"]);
    assert_eq!(code, 0, "{err}");
    let v = v.unwrap();
    // The unweighted RmsNorm is forced; the weight's multiply is then an Elementwise of its own.
    assert_eq!(fusions(&v, "egraph"), ["RmsNorm@15:5", "Elementwise@18:5"]);
    assert_eq!(v["best"], "egraph");
    let forced = plan(&v, "egraph")["total"].as_u64().unwrap();
    let (_, _, _, free) = compare(RMSNORM, &[]);
    let free = plan(&free.unwrap(), "egraph")["total"].as_u64().unwrap();
    // The weighted kernel it displaced costs no more: the weight's multiply, grown with its
    // broadcast, costs what the weighted kernel's extra read does.
    assert!(forced >= free, "forcing beat the extractor's own choice");
}

#[test]
fn forbid_drops_the_rule_from_both_fusion_plans() {
    // Every variant of the rule goes: the weighted and unweighted forms are one rule.
    let (code, _, err, v) = compare(RMSNORM, &["--forbid", "rms-norm"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        fusions(&v.unwrap(), "egraph"),
        ["Reduce@5:5", "Elementwise@18:5"]
    );
    let (code, _, err, v) = compare(RMSNORM, &["--forbid", "elementwise"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(fusions(&v.unwrap(), "compat"), Vec::<String>::new());
}

#[test]
fn bad_requests_are_diagnostics_and_write_nothing() {
    let cases: &[(&[&str], &str)] = &[
        (&["--forbid", "no-such-rule"], "unknown rule `no-such-rule` in --forbid"),
        (&["--force", "no-such-rule@15"], "unknown fusion rule `no-such-rule`"),
        (&["--force", "sigmoid-expanded@15"], "is not a pattern fusion rule"),
        (&["--force", "rms-norm"], "expected RULE@LINE or RULE@LINE:COL"),
        (&["--force", "rms-norm@99"], "no op with results starts at 99"),
        (
            &["--force", "rms-norm@15:7"],
            "rmsnorm_f32.mlir:15:1: no op with results starts at 15:7; one starts at 15:5",
        ),
        (
            &["--force", "rms-norm@17"],
            "rmsnorm_f32.mlir:17:5: no match of fusion rule `rms-norm` is rooted at this `stablehlo.broadcast_in_dim`",
        ),
        (&["--plans", "none,fast"], "unknown plan `fast` in --plans"),
        (&["--plans", "none,none"], "plan `none` is listed twice"),
    ];
    for (args, message) in cases {
        let (code, out, err, v) = compare(RMSNORM, args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(message), "{args:?}: {err}");
        assert!(out.is_empty() && v.is_none(), "{args:?} wrote output");
    }
}

#[test]
fn plans_are_listed_in_the_order_asked() {
    let (code, _, err, v) = compare(RMSNORM, &["--plans", "egraph,none"]);
    assert_eq!(code, 0, "{err}");
    let names: Vec<&str> = (v.as_ref().unwrap()["plans"].as_array().unwrap().iter())
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["egraph", "none"]);
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
