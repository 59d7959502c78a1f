//! `egfuse fuse --extract exact`: the exact extractor against the fast one over real JAX
//! exports. Every function small enough is searched to a proof (but those [`UNPROVED`] lists),
//! its exact program costs no more than the fast one, and the fused output computes what the
//! input did. The gap distribution is printed
//! (`cargo test --release --test commands -- exact:: --nocapture`).

use crate::support::{egfuse, jax_exports, known_failures, memo, mlir_files, root, scratch};
use expect_test::expect;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The most e-classes a function may have to be measured (every function of the exports is
/// either far below it or far above: 473 classes against 5952).
const CLASSES: usize = 500;

/// Functions small enough to measure that the search does not prove within its step limit,
/// with what it reached: each must still stop at the limit (a listed function that proves is an
/// error: take it off), and its exact program must cost no more than the fast one.
const UNPROVED: &[(&str, &str)] = &[
    (
        "jax/scan_train_bf16.export.mlir@main/while#2 body",
        "369 classes (a bf16 backward pass, remat inside); 3.3 million steps in 10 s prove nothing",
    ),
    (
        "jax/mx_swiglu_bf16.mlir@main",
        "262 classes (two MX quantizes of same-shaped f32 weights, each a chain of twenty \
         integer ops); a million steps in 3 s prove nothing, at a gap of 0",
    ),
    (
        "jax/mx_swiglu_one_block_bf16.mlir@main",
        "the same SwiGLU with a contraction of one block; a million steps prove nothing, but \
         find a program 4.6% cheaper than the fast extraction's",
    ),
];

/// One function's line pair of `--stats` with `--extract exact`.
#[derive(Debug)]
struct Measured {
    name: String,
    classes: usize,
    /// The exact line, from `exact:` on.
    line: String,
    exact_time: Duration,
}

impl Measured {
    fn gap(&self) -> f64 {
        let gap = self
            .line
            .split("gap ")
            .nth(1)
            .and_then(|g| g.split('%').next());
        gap.and_then(|g| g.parse().ok())
            .unwrap_or_else(|| panic!("{}: no gap in `{}`", self.name, self.line))
    }
}

/// `dir/name` of a file: `jax/NAME` for a fixture, `jax-export/NAME` for the corpus.
fn short(file: &Path) -> String {
    let dir = file.parent().and_then(Path::file_name).unwrap_or_default();
    let name = file.file_name().unwrap_or_default();
    format!("{}/{}", dir.to_string_lossy(), name.to_string_lossy())
}

/// The functions `--stats` reports, each with its class count, exact line and exact time.
fn measured(file: &Path, stats: &str) -> Vec<Measured> {
    let mut out: Vec<Measured> = Vec::new();
    for line in stats.lines() {
        let trimmed = line.trim_start();
        if let Some(rest) = line.strip_prefix('@') {
            let classes = rest
                .split(" classes")
                .next()
                .and_then(|s| s.rsplit(' ').next());
            out.push(Measured {
                name: format!("{}@{}", short(file), rest.split(':').next().unwrap()),
                classes: classes.and_then(|c| c.parse().ok()).expect("a class count"),
                line: String::new(),
                exact_time: Duration::ZERO,
            });
        } else if let (Some(m), Some(t)) = (out.last_mut(), trimmed.strip_prefix("time:")) {
            let ms = t.split(" exact ").nth(1).and_then(|s| s.split(' ').next());
            m.exact_time =
                Duration::from_secs_f64(ms.and_then(|s| s.parse().ok()).unwrap_or(0.0) / 1e3);
        } else if let (Some(m), true) = (out.last_mut(), trimmed.starts_with("exact:")) {
            m.line = trimmed.to_string();
        }
    }
    out
}

/// Fuses `file` with the exact extractor; checks every function was searched to a proof when
/// it has at most [`CLASSES`] classes and left alone otherwise, that exact never costs more
/// than fast, and that the output computes what the input did (unless the interpreter cannot
/// run the input: `unrunnable`).
fn check(file: &Path, unrunnable: &BTreeMap<String, String>) -> Vec<Measured> {
    let out = scratch("exact.mlir", "");
    let limits = format!("classes={CLASSES}");
    let path = file.to_str().unwrap();
    let args = [
        "fuse",
        path,
        "--extract",
        "exact",
        "--exact-limits",
        &limits,
        "--stats",
    ];
    let (code, _, stats) = egfuse(&[&args[..], &["-o", out.to_str().unwrap()]].concat());
    assert_eq!(code, 0, "{}: {stats}", file.display());
    let functions = measured(file, &stats);
    for f in &functions {
        if f.classes > CLASSES {
            assert!(f.line.contains("not searched"), "{}: {}", f.name, f.line);
            continue;
        }
        let unproved = UNPROVED.iter().any(|(name, _)| *name == f.name);
        assert_eq!(
            f.line.contains("proved optimal"),
            !unproved,
            "{}: {} (listed as unproved: {unproved})",
            f.name,
            f.line
        );
        assert!(
            f.gap() >= 0.0,
            "{}: exact costs more than fast: {}",
            f.name,
            f.line
        );
    }
    let name = file.file_name().unwrap().to_string_lossy();
    let runnable = !unrunnable.contains_key(&format!("fixtures/{name}"));
    if runnable && functions.iter().any(|f| f.classes <= CLASSES) {
        let (code, report, err) = memo::verify(file, &out);
        assert_eq!(code, 0, "{}: exact output:\n{report}{err}", file.display());
    }
    functions
}

/// The measurement: the committed fixtures and the corpus exports.
#[test]
fn exact_extraction_is_never_worse_and_the_gap_is_measured() {
    let mut files: Vec<PathBuf> = mlir_files(&root().join("tests/fixtures/jax"));
    files.extend(jax_exports());
    let unrunnable = known_failures(&root().join("tests/eval_known_failures.txt"));
    // The files are measured last to first: `egraph::jax_exports_fuse_in_egraph_mode` verifies
    // the same fused files first to last, and each verify runs once for both (`memo`), so on
    // two test threads the two meet in the middle rather than one waiting on the other.
    let mut measured: Vec<Vec<Measured>> = (files.iter().rev())
        .map(|f| check(f, &unrunnable))
        .collect();
    measured.reverse();
    let all: Vec<Measured> = measured.into_iter().flatten().collect();
    let (mut small, large): (Vec<&Measured>, Vec<&Measured>) =
        all.iter().partition(|m| m.classes <= CLASSES);
    assert!(
        small.len() >= 40,
        "the committed fixtures alone have more than 40 functions to measure"
    );
    small.sort_by(|a, b| a.gap().total_cmp(&b.gap()));
    let zero = small.iter().filter(|m| m.gap() == 0.0).count();
    let median = small[small.len() / 2].gap();
    let worst = small.last().unwrap();
    let time: Duration = small.iter().map(|m| m.exact_time).sum();
    let slowest = small.iter().map(|m| m.exact_time).max().unwrap_or_default();
    println!(
        "exact extraction: {} functions of at most {CLASSES} classes measured in {} files \
         ({} larger left out), all proved optimal\n  gap: {zero} at 0%, median {median:.2}%, \
         max {:.2}% ({})\n  exact search time: {:.1} ms in all, {:.1} ms at most",
        small.len(),
        files.len(),
        large.len(),
        worst.gap(),
        worst.name,
        time.as_secs_f64() * 1e3,
        slowest.as_secs_f64() * 1e3,
    );
    for m in small.iter().filter(|m| m.gap() > 0.0) {
        println!("  {:.2}% {} ({} classes)", m.gap(), m.name, m.classes);
    }
}

/// SwiGLU's gate `x * sigmoid(x)`, `x` a dot: the dot-silu kernel computes the dot once for
/// both of its uses, so the fast choice is the optimum (before that rule, the fast extractor
/// took a DotLogistic kernel that computed the dot a second time, 4.02% over). `--stats` prints
/// both costs, the gap and the proof.
#[test]
fn stats_print_the_fast_and_exact_costs_and_the_gap() {
    let file = root().join("tests/fixtures/jax/swiglu_mlp_f32.mlir");
    let (code, _, stderr) = egfuse(&[
        "fuse",
        file.to_str().unwrap(),
        "--extract",
        "exact",
        "--stats",
        "-o",
        "/dev/null",
    ]);
    assert_eq!(code, 0, "{stderr}");
    let lines: Vec<&str> = stderr.lines().filter(|l| l.contains("exact:")).collect();
    expect!["  exact: fast 8.628 us, exact 8.628 us, gap 0.00%, proved optimal after 4 steps"]
        .assert_eq(&lines.join("\n"));
}

/// Bad or misplaced extractor flags are errors (exit 2) with the reason.
#[test]
fn extractor_flags_are_checked() {
    let file = scratch("input.mlir", "func.func @main() {\n  return\n}\n");
    let path = file.to_str().unwrap();
    let cases: [&[&str]; 4] = [
        &["--extract", "exact", "--exact-limits", "steps=x"],
        &["--extract", "exact", "--exact-limits", "depth=3"],
        &["--exact-limits", "steps=10"],
        &["--mode", "compat", "--extract", "exact"],
    ];
    let errors: Vec<String> = cases
        .iter()
        .map(|args| {
            let (code, _, stderr) = egfuse(&[&["fuse", path][..], args].concat());
            assert_eq!(code, 2, "{args:?}: {stderr}");
            stderr
        })
        .collect();
    expect![[r#"
        error: bad --exact-limits: `x` is not a whole number (in `steps=x`)
        error: bad --exact-limits: unknown limit `depth` (expected steps, time or classes)
        error: --exact-limits applies to --extract exact
        error: --limits, --no-inline, --extract and --exact-limits apply to --mode egraph
    "#]]
    .assert_eq(&errors.concat());
}
