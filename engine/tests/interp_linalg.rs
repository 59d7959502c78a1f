//! Corpus harness for the linear-algebra, convolution, FFT, RNG, normalization, quantization and
//! CHLO special-function families: runs every StableHLO test-suite file that uses one of those
//! ops, prints "N of M pass" with the failures grouped by reason and a pass count per op, and
//! fails if fewer files pass than the floor recorded below.
//!
//! The corpus lives outside the repository (`EGFUSE_CORPUS`, by default
//! /work/shared/corpus/stablehlo-testdata); without it the harness reports that and passes.

use egfuse_engine::interp::{Interpreter, Limits};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Op spellings that select a file, with the name its pass count is reported under.
const OPS: &[(&str, &str)] = &[
    ("stablehlo.dot ", "dot"),
    ("stablehlo.dot(", "dot"),
    ("stablehlo.dot_general", "dot_general"),
    ("stablehlo.einsum", "einsum"),
    ("stablehlo.convolution", "convolution"),
    ("stablehlo.dynamic_conv", "dynamic_conv"),
    ("stablehlo.triangular_solve", "triangular_solve"),
    ("stablehlo.cholesky", "cholesky"),
    ("stablehlo.fft", "fft"),
    ("stablehlo.rng_bit_generator", "rng_bit_generator"),
    ("stablehlo.rng ", "rng"),
    ("stablehlo.batch_norm", "batch_norm"),
    ("stablehlo.uniform_quantize", "uniform_quantize"),
    ("stablehlo.uniform_dequantize", "uniform_dequantize"),
    ("chlo.", "chlo"),
];

/// The number of files that passed when this floor was last raised.
const PASS_FLOOR: usize = 142;

#[derive(Default)]
struct Tally {
    files: usize,
    passed: usize,
}

#[test]
fn corpus_files_using_linalg_ops() {
    let root = std::env::var("EGFUSE_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|_| PathBuf::from("/work/shared/corpus/stablehlo-testdata"));
    if !root.is_dir() {
        eprintln!("corpus not found at {}; nothing to run", root.display());
        return;
    }
    let mut files = Vec::new();
    collect(&root, &mut files);
    files.sort();
    let filter = std::env::var("EGFUSE_CORPUS_FILTER").unwrap_or_default();
    let mut per_op: BTreeMap<&str, Tally> = BTreeMap::new();
    let mut reasons: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let (mut total, mut passed) = (0, 0);
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let mut ops: Vec<&str> = OPS
            .iter()
            .filter(|(needle, _)| text.contains(needle))
            .map(|&(_, name)| name)
            .collect();
        ops.dedup();
        let name = path.strip_prefix(&root).unwrap().display().to_string();
        let self_checking = text.contains("check.");
        if ops.is_empty() || !self_checking || !name.contains(&filter) {
            continue;
        }
        total += 1;
        let outcome = run(&text);
        for op in &ops {
            let t = per_op.entry(op).or_default();
            t.files += 1;
            t.passed += outcome.is_ok() as usize;
        }
        match outcome {
            Ok(()) => passed += 1,
            Err(reason) => reasons.entry(reason).or_default().push(name),
        }
    }
    println!("{passed} of {total} pass");
    for (op, t) in &per_op {
        println!("  {op}: {} of {}", t.passed, t.files);
    }
    for (reason, names) in &reasons {
        println!("{} x {reason}", names.len());
        for n in names {
            println!("    {n}");
        }
    }
    assert!(
        passed >= PASS_FLOOR,
        "{passed} files pass, fewer than the floor of {PASS_FLOOR}"
    );
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            collect(&path, out);
        } else if path.extension().is_some_and(|e| e == "mlir") {
            out.push(path);
        }
    }
}

/// Runs every entry point of a file; the error is a short reason for grouping.
fn run(text: &str) -> Result<(), String> {
    let m = egfuse_engine::parse::parse(text).map_err(|d| format!("parse: {}", d.message))?;
    let mut interp = Interpreter::new(&m, Limits::default());
    for f in interp.entry_points() {
        interp
            .run_func(f, vec![])
            .map_err(|e| format!("eval: {}", shorten(&e.message)))?;
    }
    if interp.checks.is_empty() {
        return Err("no checks ran".to_string());
    }
    match interp.checks.iter().find_map(|c| c.failure.as_ref()) {
        Some(f) => Err(format!("check: {f}")),
        None => Ok(()),
    }
}

/// Keeps the part of an error message that names the problem, not the values.
fn shorten(message: &str) -> String {
    let m = message.rsplit("in @").next().unwrap_or(message);
    let m = m.split_once(": ").map_or(m, |(_, rest)| rest);
    m.chars().take(120).collect()
}
