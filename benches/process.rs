//! What a user waits for: the whole `egfuse fuse IN -o OUT` process (start, rules, parse, fuse,
//! verify, print, write) and the whole `egfuse lower IN -o OUT` process on every committed model
//! and corpus export over 200 KB, against jaxlib's in-process parse + print of the same file,
//! measured side by side in one run.
//!
//! `cargo bench --bench process` (jaxlib from `EGFUSE_PYTHON`, else `.venv/bin/python`). Prints
//! one row per file (medians of `RUNS` processes) and the largest ratios; the goal is at most 2.

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
        let name = f
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        let fuse = process_ms("fuse", f, &out);
        let lower = process_ms("lower", f, &out);
        println!(
            "{name}: whole process, fuse {fuse:.3} ms, lower {lower:.3} ms (medians of {RUNS})"
        );
        let jax = jaxlib_total_ms(root, f);
        rows.push((
            name,
            std::fs::metadata(f).map_or(0, |m| m.len()),
            [fuse, lower],
            jax,
        ));
    }
    println!();
    println!(
        "{:<34} {:>6} {:>9} {:>9} {:>9} {:>6} {:>6}",
        "file", "KB", "fuse ms", "lower ms", "jaxlib ms", "fuse", "lower"
    );
    let mut worst = [0.0f64; 2];
    for (name, bytes, ms, jax) in &rows {
        let (jax_text, ratios) = match jax {
            Some(j) => {
                for (w, m) in worst.iter_mut().zip(ms) {
                    *w = w.max(m / j);
                }
                (format!("{j:.3}"), ms.map(|m| format!("{:.2}", m / j)))
            }
            None => ("-".to_string(), ["-".to_string(), "-".to_string()]),
        };
        println!(
            "{name:<34} {:>6} {:>9.3} {:>9.3} {jax_text:>9} {:>6} {:>6}",
            bytes / 1024,
            ms[0],
            ms[1],
            ratios[0],
            ratios[1]
        );
    }
    println!(
        "largest ratios (egfuse's whole process / jaxlib's parse + print): fuse {:.2}, lower {:.2}",
        worst[0], worst[1]
    );
}

/// The median wall time of `RUNS` runs of `egfuse COMMAND file -o out`, after one warm-up run.
/// `lower` may exit 1 (a kernel with no lowering is reported, the rest is written); exit 2 is
/// a failure.
fn process_ms(command: &str, file: &Path, out: &Path) -> f64 {
    let run = || {
        let start = Instant::now();
        let status = Command::new(env!("CARGO_BIN_EXE_egfuse"))
            .arg(command)
            .arg(file)
            .arg("-o")
            .arg(out)
            .stderr(std::process::Stdio::null())
            .status()
            .expect("egfuse runs");
        let ok = status.success() || (command == "lower" && status.code() == Some(1));
        assert!(ok, "egfuse {command} {} failed: {status}", file.display());
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
