//! The numbers the reports print agree, and the options of issue 16 do what they say:
//! `fuse --stats`, `--stats-json` and `compare` give the same census and cost for every
//! committed fixture, `fuse --forbid` drops a rule as `compare --forbid` does, coverage
//! filters its rules and lists a site inlining copied once, and explain reads and prints the
//! value names of the input file.

use crate::support::{egfuse, mlir_files_under, root, scratch};
use serde_json::Value;

/// `fuse FILE --stats --stats-json` with `extra` options: (the JSON, the text on stderr).
fn fuse_stats(file: &str, extra: &[&str]) -> (Value, String) {
    let (json, out) = (scratch("stats.json", ""), scratch("fused.mlir", ""));
    let args = [
        &["fuse", file, "--stats", "--stats-json"][..],
        &[json.to_str().unwrap(), "-o", out.to_str().unwrap()],
        extra,
    ]
    .concat();
    let (code, _, err) = egfuse(&args);
    assert_eq!(code, 0, "{file}: {err}");
    let text = std::fs::read_to_string(&json).unwrap();
    (
        serde_json::from_str(&text).expect("the stats JSON parses"),
        err,
    )
}

/// `compare FILE --plans none,egraph --json` with `extra` options: (none's plan, egraph's).
fn compare_plans(file: &str, extra: &[&str]) -> (Value, Value) {
    let json = scratch("compare.json", "");
    let args = [
        &["compare", file, "--plans", "none,egraph", "--json"][..],
        &[json.to_str().unwrap()],
        extra,
    ]
    .concat();
    let (code, _, err) = egfuse(&args);
    assert_eq!(code, 0, "{file}: {err}");
    let doc: Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let plans = doc["plans"].as_array().unwrap();
    (plans[0].clone(), plans[1].clone())
}

/// The keys both documents share for a module: the census and the bill.
const SHARED: &[&str] = &[
    "ops",
    "fused_ops",
    "hbm_bytes",
    "kernels",
    "total",
    "cycles",
];

/// `N` of the `LABEL: N ops, ...` line of `fuse --stats`.
fn ops_on(stats: &str, label: &str) -> u64 {
    let line = (stats.lines())
        .find_map(|l| l.strip_prefix(label))
        .unwrap_or_else(|| panic!("a `{label}` line in {stats}"));
    line.split_whitespace().next().unwrap().parse().unwrap()
}

/// For every committed fixture, the module before and after fusion as `fuse --stats` and
/// `--stats-json` count and cost it is `compare`'s `none` and `egraph` plan.
#[test]
fn fuse_stats_and_compare_agree_on_every_fixture() {
    let fixtures = mlir_files_under(&root().join("tests/fixtures"));
    let mut compared = 0;
    for f in &fixtures {
        let file = f.display().to_string();
        let (stats, text) = fuse_stats(&file, &[]);
        let (none, egraph) = compare_plans(&file, &[]);
        for key in SHARED {
            assert_eq!(
                stats["before"][key], none[key],
                "{file}: {key} before fusion"
            );
            assert_eq!(
                stats["after"][key], egraph[key],
                "{file}: {key} after fusion"
            );
        }
        assert_eq!(
            Some(ops_on(&text, "unfused: ")),
            none["ops"].as_u64(),
            "{file}"
        );
        assert_eq!(
            Some(ops_on(&text, "module: ")),
            egraph["ops"].as_u64(),
            "{file}"
        );
        compared += 1;
    }
    assert_eq!(compared, fixtures.len(), "every fixture is compared");
    println!("fuse --stats agrees with compare on {compared} fixtures");
}

/// `--forbid RULE` leaves out the rule's fusions, as `compare --forbid` does.
#[test]
fn fuse_forbid_drops_a_rule_as_compare_forbid_does() {
    let file = root().join("tests/fixtures/jax/llama_block_f32.mlir");
    let file = file.to_str().unwrap();
    let (all, _) = fuse_stats(file, &[]);
    // One rule, every form of it: the weighted and unweighted RMSNorms both go.
    let forbid = ["--forbid", "rms-norm"];
    let (without, _) = fuse_stats(file, &forbid);
    let (_, compared) = compare_plans(file, &forbid);
    let kinds = |v: &Value| v["after"]["fusions"].clone();
    assert_ne!(
        kinds(&all),
        kinds(&without),
        "forbidding the rule changes the fusions"
    );
    assert_eq!(all["after"]["fusions"]["RmsNorm"], 2);
    assert_eq!(without["after"]["fusions"]["RmsNorm"], Value::Null);
    for key in SHARED {
        assert_eq!(without["after"][key], compared[key], "{key} under --forbid");
    }
    let (code, _, err) = egfuse(&["fuse", file, "--forbid", "no-such-rule"]);
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "error: unknown rule `no-such-rule` in --forbid (`egfuse rules list` lists them)\n"
    );
}

/// A private function called twice, with an RMSNorm inside: inlining makes two copies.
const NORM_TWICE: &str = "func.func private @norm(%x: tensor<2x8xf32>, %w: tensor<8xf32>) -> tensor<2x8xf32> {
  %0 = stablehlo.multiply %x, %x : tensor<2x8xf32>
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<2x8xf32>, tensor<f32>) -> tensor<2xf32>
  %2 = stablehlo.broadcast_in_dim %1, dims = [0] : (tensor<2xf32>) -> tensor<2x1xf32>
  %cst_0 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
  %3 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x1xf32>
  %4 = stablehlo.divide %2, %3 : tensor<2x1xf32>
  %cst_1 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
  %5 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x1xf32>
  %6 = stablehlo.add %4, %5 : tensor<2x1xf32>
  %7 = stablehlo.rsqrt %6 : tensor<2x1xf32>
  %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x8xf32>
  %9 = stablehlo.multiply %x, %8 : tensor<2x8xf32>
  %10 = stablehlo.broadcast_in_dim %w, dims = [1] : (tensor<8xf32>) -> tensor<2x8xf32>
  %11 = stablehlo.multiply %9, %10 : tensor<2x8xf32>
  return %11 : tensor<2x8xf32>
}
func.func @main(%a: tensor<2x8xf32>, %b: tensor<2x8xf32>, %w: tensor<8xf32>) -> (tensor<2x8xf32>, tensor<2x8xf32>) {
  %0 = call @norm(%a, %w) : (tensor<2x8xf32>, tensor<8xf32>) -> tensor<2x8xf32>
  %1 = call @norm(%b, %w) : (tensor<2x8xf32>, tensor<8xf32>) -> tensor<2x8xf32>
  return %0, %1 : tensor<2x8xf32>, tensor<2x8xf32>
}
";

/// `--rule` and `--kind` keep only the rules asked for; each inlined copy is listed at its call
/// with where its text is; `--time` adds each file's time.
#[test]
fn coverage_filters_rules_and_lists_each_site_once() {
    let file = scratch("norm_twice.mlir", NORM_TWICE);
    let file = file.to_str().unwrap();
    let json = scratch("coverage.json", "");
    let json = json.to_str().unwrap();
    let (code, table, err) = egfuse(&["coverage", file, "--kind", "RmsNorm", "--json", json]);
    assert_eq!(code, 0, "{err}");
    let doc: Value = serde_json::from_str(&std::fs::read_to_string(json).unwrap()).unwrap();
    let rules = doc["rules"].as_array().unwrap();
    // The one RmsNorm rule of the sixteen (its forms are one rule).
    assert!(
        rules.len() == 1 && rules.iter().all(|r| r["kind"] == "RmsNorm"),
        "{table}"
    );
    let applied: Vec<&Value> = rules.iter().filter(|r| r["applied"] != 0).collect();
    assert_eq!(applied.len(), 1, "{table}");
    assert_eq!(applied[0]["applied"], 2, "two copies fused");
    let sites = applied[0]["sites"].as_array().unwrap();
    let mut at: Vec<(&str, &str)> = (sites.iter())
        .map(|s| {
            (
                s["location"].as_str().unwrap(),
                s["written"].as_str().unwrap(),
            )
        })
        .collect();
    at.sort();
    assert_eq!(at, [("20:3", "16:3"), ("21:3", "16:3")], "{table}");
    assert!(sites.iter().all(|s| s.get("copies").is_none()), "{table}");
    assert!(
        table.contains(":20:3 in @main (written at 16:3)"),
        "{table}"
    );
    let name = applied[0]["name"].as_str().unwrap();
    let (code, table, _) = egfuse(&["coverage", file, "--rule", name, "--time"]);
    assert_eq!(code, 0);
    let rows: Vec<&str> = table
        .lines()
        .filter(|l| l.contains("  RmsNorm  "))
        .collect();
    assert_eq!(rows.len(), 1, "{table}");
    assert!(
        table
            .lines()
            .any(|l| l.starts_with("file") && l.contains(" ms ")),
        "{table}"
    );
    let (code, _, err) = egfuse(&["coverage", file, "--kind", "Nope"]);
    assert_eq!(code, 2);
    assert!(
        err.starts_with("error: no fusion rule of kind `Nope`; their kinds are: "),
        "{err}"
    );
}

/// Explain names values as the file writes them, even where inlining renumbered them: every
/// candidate's header names the value its source line defines, and `--op` takes that name.
#[test]
fn explain_takes_and_prints_source_names() {
    let file = root().join("tests/fixtures/jax/llama_block_f32.mlir");
    let file = file.to_str().unwrap();
    let (code, out, err) = egfuse(&["explain", file, "--rule", "rms-norm"]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    let mut headers = 0;
    for pair in lines.windows(2) {
        // Only headers at a position of the file; a class a rewrite built has no source line.
        let Some((_, header)) = pair[0].split_once(".mlir:") else {
            continue;
        };
        if !header.starts_with(|c: char| c.is_ascii_digit()) {
            continue;
        }
        // `FILE:L:C: %3 = ...`, or `FILE:L:C: ops a rewrite built from %3 = ...`.
        let header = header.split_once(" from ").map_or(header, |(_, h)| h);
        let name = (header.split_whitespace())
            .find(|w| w.starts_with('%'))
            .unwrap();
        let source = pair[1].trim_start_matches("  | ");
        assert!(
            source.starts_with(&format!("{name} = ")),
            "{}\n{}",
            pair[0],
            pair[1]
        );
        headers += 1;
    }
    assert!(headers > 10, "{out}");
    assert!(!out.contains("another kernel covers it"), "{out}");
    let (code, one, _) = egfuse(&["explain", file, "--rule", "rms-norm", "--op", "%125"]);
    assert_eq!(code, 0);
    assert!(one.contains("1 candidate anchor,"), "{one}");
    assert!(one.contains(":149:5: %125 = stablehlo.multiply"), "{one}");
    let (code, _, err) = egfuse(&["explain", file, "--rule", "rms-norm", "--op", "%9999"]);
    assert_eq!(code, 2);
    assert!(err.starts_with("error: --op %9999: "), "{err}");
    assert!(
        err.contains("names no value `%9999`; the nearest names in it are %"),
        "{err}"
    );
}

/// The README's sample of `fuse --stats` is what the command prints, times aside.
#[test]
fn the_readme_sample_of_fuse_stats_is_real_output() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let after = readme
        .split_once("The main job prints")
        .expect("the sample's paragraph")
        .1;
    let sample = after.split("```\n").nth(1).expect("a fenced sample");
    let file = root().join("tests/fixtures/jax/llama_block_f32.mlir");
    let out = scratch("llama.mlir", "");
    let args = [
        "fuse",
        file.to_str().unwrap(),
        "--stats",
        "-o",
        out.to_str().unwrap(),
    ];
    let (code, _, stats) = egfuse(&args);
    assert_eq!(code, 0, "{stats}");
    let timeless = |text: &str| -> Vec<String> {
        (text.lines())
            .filter(|l| !l.starts_with("  time:") && !l.starts_with("pass time:"))
            .map(String::from)
            .collect()
    };
    assert_eq!(timeless(sample), timeless(&stats));
}

/// A shape-polymorphic export is costed with `?` as the target's dynamic_dim, and every report
/// says its numbers are estimates; a static one says nothing of the kind.
#[test]
fn estimates_from_dynamic_dimensions_are_marked() {
    let note = "(estimated: `?` dimensions costed as 1024, the target's dynamic_dim)";
    for (name, dynamic) in [
        ("rmsnorm_dynamic_batch.export.mlir", true),
        ("rmsnorm_f32.mlir", false),
    ] {
        let file = root().join("tests/fixtures/jax").join(name);
        let file = file.to_str().unwrap();
        let (json, text) = fuse_stats(file, &[]);
        let want = if dynamic {
            Value::from(1024)
        } else {
            Value::Null
        };
        assert_eq!(json["dynamic_dim"], want, "{name}");
        let marked = (text.lines())
            .filter(|l| l.starts_with("unfused: ") || l.starts_with("module: "))
            .filter(|l| l.ends_with(note))
            .count();
        assert_eq!(marked, if dynamic { 2 } else { 0 }, "{name}: {text}");
        let (code, table, _) = egfuse(&["compare", file]);
        assert_eq!(code, 0);
        assert_eq!(
            table.contains("every cost is estimated: `?` dimensions"),
            dynamic,
            "{table}"
        );
    }
}
