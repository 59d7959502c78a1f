//! `egfuse coverage`'s properties: the JSON report's keys, the rejection accounting, one op
//! basis for both modes, agreement with `fuse --stats` on every corpus export, a bad file among
//! good ones, and the HTML page rendered by headless Chromium. The report and table of one fixture in both modes are
//! filetests, `tests/filetests/coverage/`.

use crate::support::{egfuse, jax_exports, root, scratch};
use serde_json::Value;
use std::path::Path;
use std::process::Command;

/// What one `egfuse coverage` run gave.
struct Run {
    code: i32,
    json: Value,
    table: String,
    err: String,
}

/// Runs `egfuse coverage ARGS --json OUT` from the repository root.
fn coverage(args: &[&str]) -> Run {
    let json = scratch("coverage.json", "");
    let out = Command::new(env!("CARGO_BIN_EXE_egfuse"))
        .current_dir(root())
        .arg("coverage")
        .args(args)
        .arg("--json")
        .arg(&json)
        .output()
        .expect("egfuse runs");
    let raw = std::fs::read_to_string(&json).unwrap();
    let s = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    Run {
        code: out.status.code().unwrap_or(-1),
        json: serde_json::from_str(&raw).unwrap_or(Value::Null),
        table: s(&out.stdout),
        err: s(&out.stderr),
    }
}

const RMSNORM: &str = "tests/fixtures/jax/rmsnorm_f32.mlir";

/// The keys docs/reports.md promises.
#[test]
fn json_has_the_documented_keys() {
    let json = coverage(&["tests/fixtures/jax"]).json;
    let files = json["files"].as_array().expect("files is a list");
    assert!(files.len() > 10, "every fixture is a file: {}", files.len());
    for f in files {
        assert!(f["path"].is_string() && f["ops"].is_u64() && f["fused_ops"].is_u64());
        assert!(f["fusions"]
            .as_object()
            .is_some_and(|k| k.values().all(Value::is_u64)));
    }
    let rules = json["rules"].as_array().expect("rules is a list");
    for r in rules {
        for key in ["anchors", "matches", "applied"] {
            assert!(r[key].is_u64(), "{key} in {r}");
        }
        assert!(r["name"].is_string() && r["kind"].is_string());
        assert!(r["rejected"].is_object() && r["sites"].is_array());
    }
    assert!(json["never_fired"].is_array() && json["not_run"].is_array());
    for key in ["ops", "fused_ops", "applied", "merged", "fusions"] {
        assert!(json["totals"][key].is_u64(), "totals.{key}");
    }
}

/// Both modes count the same ops over the same files (the fixtures and the corpus), the JSON
/// says on what basis, the fused ops are a share of them, applied less merged fusions are the
/// fusions, and `never_fired` names only rules the mode runs.
#[test]
fn both_modes_count_the_same_ops() {
    let exports = jax_exports();
    let corpus = exports[0].parent().unwrap().display().to_string();
    for dir in ["tests/fixtures", corpus.as_str()] {
        let [egraph, compat] = ["egraph", "compat"].map(|mode| {
            let run = coverage(&[dir, "--mode", mode]);
            assert_eq!(run.code, 0, "{mode} {dir}: {}", run.err);
            run.json
        });
        let ops = |j: &Value| j["totals"]["ops"].as_u64().unwrap();
        assert_eq!(
            ops(&egraph),
            ops(&compat),
            "{dir}: the same ops in both modes"
        );
        for json in [&egraph, &compat] {
            let basis = json["op_basis"]
                .as_str()
                .expect("the JSON states its basis");
            assert!(basis.contains("after inlining"), "{basis}");
            assert!(basis.contains("nested regions included"), "{basis}");
            adds_up(json);
        }
        let per_file = |j: &Value| -> Vec<u64> {
            let files = j["files"].as_array().unwrap();
            files.iter().map(|f| f["ops"].as_u64().unwrap()).collect()
        };
        assert_eq!(per_file(&egraph), per_file(&compat), "{dir}: file by file");
        println!("{dir}: {} ops in both modes", ops(&egraph));
    }
}

/// One report's totals and lists: shares within the total, fusions the rules built less those
/// merged, no rule both never fired and not run, and a rule not run never tried.
fn adds_up(json: &Value) {
    let t = |k: &str| json["totals"][k].as_u64().unwrap();
    assert!(t("fused_ops") <= t("ops"), "{}", json["totals"]);
    assert_eq!(
        t("applied") - t("merged"),
        t("fusions"),
        "{}",
        json["totals"]
    );
    for f in json["files"].as_array().unwrap() {
        let n = |k: &str| f[k].as_u64().unwrap();
        let fusions: u64 = f["fusions"]
            .as_object()
            .unwrap()
            .values()
            .map(|v| v.as_u64().unwrap())
            .sum();
        assert_eq!(n("applied") - n("merged"), fusions, "{f}");
        assert!(n("fused_ops") <= n("ops"), "{f}");
    }
    let not_run = json["not_run"].as_array().unwrap();
    let never = json["never_fired"].as_array().unwrap();
    assert!(never.iter().all(|n| !not_run.contains(n)), "{json}");
    for r in json["rules"].as_array().unwrap() {
        if not_run.contains(&r["name"]) {
            assert_eq!(
                r["anchors"], 0,
                "{} tried a rule it does not run: {r}",
                json["mode"]
            );
        }
    }
    let elementwise = Value::from("elementwise");
    let egraph = json["mode"] == "egraph";
    assert_eq!(
        not_run.contains(&elementwise),
        egraph,
        "elementwise is compat mode's"
    );
}

/// Every anchor that does not match is rejected once: rejections sum to anchors - matches,
/// and a rule applies at most as often as it matches (in the fixtures and the corpus).
#[test]
fn rejections_sum_to_anchors_minus_matches() {
    let exports = jax_exports();
    let mut dirs = vec!["tests/fixtures/jax".to_string()];
    if let Some(dir) = exports.first().and_then(|f| f.parent()) {
        dirs.push(dir.display().to_string());
    }
    for mode in ["egraph", "compat"] {
        let mut args: Vec<&str> = dirs.iter().map(String::as_str).collect();
        args.extend(["--mode", mode]);
        let json = coverage(&args).json;
        let rules = json["rules"].as_array().unwrap();
        let anchors: u64 = rules.iter().map(|r| r["anchors"].as_u64().unwrap()).sum();
        assert!(anchors > 0, "{mode}: the rules were tried somewhere");
        for r in rules {
            let n = |k: &str| r[k].as_u64().unwrap();
            let rejected: u64 = r["rejected"]
                .as_object()
                .unwrap()
                .values()
                .map(|v| v.as_u64().unwrap())
                .sum();
            assert_eq!(rejected, n("anchors") - n("matches"), "{mode}: {r}");
            assert!(n("applied") <= n("matches"), "{mode}: {r}");
            let copies = (r["sites"].as_array().unwrap().iter())
                .map(|s| s["copies"].as_u64().unwrap_or(1))
                .sum::<u64>();
            assert_eq!(
                n("applied"),
                copies,
                "{mode}: a site per fusion, copies counted"
            );
        }
        let files = json["files"].as_array().unwrap().len();
        println!("rejection accounting ({mode}): {anchors} anchors over {files} files");
    }
}

/// `fuse --stats` prints `unfused: N ops, ...` (egraph mode: after inlining),
/// `module: N ops, M inside K fusions (P% fused)` and `fused K clusters: Kind xN, ...`; the
/// coverage report must give, file by file, egraph mode's unfused ops in both modes, the mode's
/// fusions and (egraph mode, whose module is inlined) the unfused ops less those left outside.
#[test]
fn agrees_with_fuse_stats_on_every_export() {
    let files = jax_exports();
    let dir = files[0].parent().unwrap().display().to_string();
    let unfused: Vec<u64> = (files.iter())
        .map(|f| fuse_stats(&f.display().to_string(), &[]).0)
        .collect();
    for mode in ["egraph", "compat"] {
        let run = coverage(&[&dir, "--mode", mode]);
        assert_eq!(run.code, 0, "{}", run.err);
        let reported = run.json["files"].as_array().unwrap();
        assert_eq!(reported.len(), files.len());
        for ((f, r), &ops) in files.iter().zip(reported).zip(&unfused) {
            assert_eq!(r["path"].as_str().unwrap(), f.display().to_string());
            let path = f.display().to_string();
            let (_, (module_ops, module_fused, kinds)) = fuse_stats(&path, &["--mode", mode]);
            let (r_ops, r_fused, r_kinds) = stats_line(r);
            assert_eq!((r_ops, &r_kinds), (ops, &kinds), "{mode} {path}");
            if mode == "egraph" {
                assert_eq!(r_fused, ops - (module_ops - module_fused), "{path}");
            }
        }
        println!(
            "coverage agrees with fuse --stats ({mode}) on {} exports",
            files.len()
        );
    }
}

/// `fuse --stats OPTIONS PATH`'s unfused ops and its module census (ops, fused ops, fusions by
/// kind).
fn fuse_stats(path: &str, options: &[&str]) -> (u64, (u64, u64, String)) {
    let out = scratch("fused.mlir", "");
    let tail = [path, "-o", out.to_str().unwrap()];
    let (code, _, stats) = egfuse(&[&["fuse", "--stats"][..], options, &tail].concat());
    assert_eq!(code, 0, "{path}: {stats}");
    let unfused = (stats.lines())
        .find_map(|l| l.strip_prefix("unfused: "))
        .and_then(|l| l.split_whitespace().next()?.parse().ok())
        .expect("an unfused line");
    (unfused, module_line(&stats))
}

/// `fuse --stats OPTIONS PATH`'s census: ops, fused ops, fusions by kind.
fn fuse_census(path: &str, options: &[&str]) -> (u64, u64, String) {
    fuse_stats(path, options).1
}

/// A file's ops, fused ops and fusions by kind as coverage reports them.
fn stats_line(r: &Value) -> (u64, u64, String) {
    let kinds: Vec<String> = r["fusions"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(k, n)| format!("{k} x{n}"))
        .collect();
    (
        r["ops"].as_u64().unwrap(),
        r["fused_ops"].as_u64().unwrap(),
        kinds.join(", "),
    )
}

/// Reads `module: N ops, M inside ...` and `fused K clusters: ...` (or `1 cluster`) from
/// `fuse --stats`.
fn module_line(stats: &str) -> (u64, u64, String) {
    let line = stats
        .lines()
        .find_map(|l| l.strip_prefix("module: "))
        .expect("a module line");
    let words: Vec<&str> = line.split_whitespace().collect();
    let kinds = stats
        .lines()
        .find_map(|l| l.strip_prefix("fused ")?.split_once(": "))
        .expect("a fused line")
        .1;
    (
        words[0].parse().unwrap(),
        words[2].parse().unwrap(),
        if kinds == "none" {
            String::new()
        } else {
            kinds.to_string()
        },
    )
}

/// The census counts a `stablehlo.composite` with its `@genComposite<N>` decomposition as it
/// counts an `mhlo.fusion` with its region.
#[test]
fn the_census_is_the_same_for_both_emissions() {
    for name in [
        "rmsnorm_f32",
        "softmax_f32",
        "gelu_tanh_f32",
        "llama_block_f32",
    ] {
        let path = format!("tests/fixtures/jax/{name}.mlir");
        let mhlo = fuse_census(&path, &["--emit", "mhlo"]);
        assert!(mhlo.1 > 0, "{name} has fusions: {mhlo:?}");
        assert_eq!(mhlo, fuse_census(&path, &["--emit", "composite"]), "{name}");
    }
}

#[test]
fn a_bad_file_is_listed_and_the_others_reported() {
    let dir =
        Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("cov_bad_{}", std::process::id()));
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    std::fs::copy(root().join(RMSNORM), dir.join("sub/good.mlir")).unwrap();
    std::fs::write(
        dir.join("bad.mlir"),
        "func.func @f() {\n  %0 = stablehlo.nope\n}\n",
    )
    .unwrap();
    std::fs::write(dir.join("notes.txt"), "not a module").unwrap();
    let run = coverage(&[dir.to_str().unwrap()]);
    assert_eq!(run.code, 2);
    assert!(
        run.err.contains("bad.mlir:2:"),
        "the diagnostic: {}",
        run.err
    );
    let files = run.json["files"].as_array().unwrap();
    assert_eq!(files.len(), 2, "{}", run.json);
    assert!(files[0]["error"].is_string(), "{}", files[0]);
    assert_eq!(files[1]["ops"], 18);
    assert!(run.table.contains("1 failed"), "{}", run.table);
}

/// The HTML page in headless Chromium: after rendering, the file table has a row per file
/// and each rule three bars.
#[test]
fn html_renders_in_chromium() {
    let html = scratch("coverage.html", "");
    let json = coverage(&["tests/fixtures/jax", "--html", html.to_str().unwrap()]).json;
    let dom = chromium_dom(&html);
    let rows = dom.matches("<tr><td>").count();
    assert_eq!(rows, json["files"].as_array().unwrap().len(), "{dom}");
    assert!(dom.contains("<table id=\"files\">"), "{dom}");
    let rules = json["rules"].as_array().unwrap().len();
    assert_eq!(dom.matches("<div class=\"bar ").count(), 3 * rules);
    assert!(dom.contains("<p id=\"summary\">"));
    assert!(
        dom.contains(
            "<p id=\"op-basis\">Ops, counted the same in every mode: ops of every function body"
        ),
        "{dom}"
    );
}

/// The DOM of `page` after Chromium loaded it; fails when Chromium is missing.
fn chromium_dom(page: &Path) -> String {
    let profile = tempfile::tempdir().unwrap();
    let out = Command::new("chromium")
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .arg("--dump-dom")
        .arg(format!("file://{}", page.display()))
        .output()
        .expect("chromium is installed (.ci/run installs the Debian package `chromium`)");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}
