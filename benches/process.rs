//! What a user waits for: the whole `egfuse fuse IN -o OUT` process (start, rules, parse, fuse,
//! verify, print, write) on every committed model and corpus export over 200 KB, against
//! jaxlib's in-process parse + print of the same file, measured side by side in one run.
//!
//! `cargo bench --bench process` (jaxlib from `EGFUSE_PYTHON`, else `.venv/bin/python`). Prints
//! one row per file (medians of `RUNS` processes) and the largest ratio; the goal is at most 2.

mod common;
#[path = "../tests/support/mod.rs"]
mod support;

use common::{jaxlib_total_ms, median};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;
use support::mlir_files_under;

/// Files at least this large are measured.
const MIN_BYTES: u64 = 200 * 1024;

/// Processes per file.
const RUNS: usize = 7;

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = large_files(&root.join("tests/fixtures"));
    files.extend(large_files(&root.join("../shared/corpus/jax-export")));
    println!("{} files of at least {} KB", files.len(), MIN_BYTES / 1024);
    let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join("process-bench.mlir");
    let mut rows = Vec::new();
    for f in &files {
        let ms = process_ms(f, &out);
        let name = f
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        println!("{name}: egfuse fuse (whole process) {ms:.3} ms (median of {RUNS})");
        let jax = jaxlib_total_ms(root, f);
        rows.push((name, std::fs::metadata(f).map_or(0, |m| m.len()), ms, jax));
    }
    println!();
    println!(
        "{:<34} {:>8} {:>12} {:>12} {:>7}",
        "file", "KB", "egfuse ms", "jaxlib ms", "ratio"
    );
    let mut worst: f64 = 0.0;
    for (name, bytes, ms, jax) in &rows {
        let (jax_text, ratio_text) = match jax {
            Some(j) => {
                worst = worst.max(ms / j);
                (format!("{j:.3}"), format!("{:.2}", ms / j))
            }
            None => ("-".to_string(), "-".to_string()),
        };
        println!(
            "{name:<34} {:>8} {ms:>12.3} {jax_text:>12} {ratio_text:>7}",
            bytes / 1024
        );
    }
    println!("largest ratio (egfuse's whole process / jaxlib's parse + print): {worst:.2}");
}

/// The median wall time of `RUNS` runs of `egfuse fuse file -o out`, after one warm-up run.
fn process_ms(file: &Path, out: &Path) -> f64 {
    let run = || {
        let start = Instant::now();
        let status = Command::new(env!("CARGO_BIN_EXE_egfuse"))
            .arg("fuse")
            .arg(file)
            .arg("-o")
            .arg(out)
            .stderr(std::process::Stdio::null())
            .status()
            .expect("egfuse runs");
        assert!(status.success(), "egfuse fuse {} failed", file.display());
        start.elapsed().as_secs_f64() * 1e3
    };
    run();
    let mut times: Vec<f64> = (0..RUNS).map(|_| run()).collect();
    median(&mut times)
}

/// Every `.mlir` file under `dir` of at least [`MIN_BYTES`], sorted.
fn large_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = mlir_files_under(dir);
    files.retain(|p| std::fs::metadata(p).is_ok_and(|m| m.len() >= MIN_BYTES));
    files
}
