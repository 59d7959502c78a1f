//! What a user waits for: the whole `egfuse fuse IN -o OUT` process (start, rules, parse, fuse,
//! verify, print, write) and the whole `egfuse lower IN -o OUT` process on every committed model
//! and corpus export over 200 KB, against jaxlib's in-process parse + print of the same file,
//! measured pair by pair in one run: each round runs `fuse`, then one jaxlib parse + print (a
//! warm process, [`Jaxlib`]), then `lower`, and each ratio is taken within its round, so a drift
//! in the machine's speed moves both sides of it.
//!
//! `cargo bench --bench process` (jaxlib from `EGFUSE_PYTHON`, else `.venv/bin/python`). Prints
//! one row per file (medians of `ROUNDS` rounds, and the medians of the per-round ratios) and the
//! largest ratios; the goal is at most 2.

mod common;
#[path = "../tests/support/mod.rs"]
mod support;

use common::{jaxlib_total_ms, median, Jaxlib};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;
use support::mlir_files_under;

/// Files at least this large are measured.
const MIN_BYTES: u64 = 200 * 1024;

/// Rounds per file, after one warm-up round.
const ROUNDS: usize = 11;

/// One file's medians: `fuse`, `lower` and jaxlib in milliseconds, and the ratios of `fuse` and
/// `lower` to jaxlib (medians of the per-round ratios; `None` without jaxlib).
struct Row {
    name: String,
    bytes: u64,
    ms: [f64; 2],
    jaxlib: Option<(f64, [f64; 2])>,
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = large_files(&root.join("tests/fixtures"));
    files.extend(large_files(&root.join("../shared/corpus/jax-export")));
    println!("{} files of at least {} KB", files.len(), MIN_BYTES / 1024);
    let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join("process-bench.mlir");
    let rows: Vec<Row> = files.iter().map(|f| measure(root, f, &out)).collect();
    println!();
    println!(
        "{:<34} {:>6} {:>9} {:>9} {:>9} {:>6} {:>6}",
        "file", "KB", "fuse ms", "lower ms", "jaxlib ms", "fuse", "lower"
    );
    let mut worst = [0.0f64; 2];
    for r in &rows {
        let (jax_text, ratio_text) = match r.jaxlib {
            Some((ms, ratios)) => {
                for (w, x) in worst.iter_mut().zip(ratios) {
                    *w = w.max(x);
                }
                (format!("{ms:.3}"), ratios.map(|x| format!("{x:.2}")))
            }
            None => ("-".to_string(), ["-".to_string(), "-".to_string()]),
        };
        println!(
            "{:<34} {:>6} {:>9.3} {:>9.3} {jax_text:>9} {:>6} {:>6}",
            r.name,
            r.bytes / 1024,
            r.ms[0],
            r.ms[1],
            ratio_text[0],
            ratio_text[1]
        );
    }
    println!(
        "largest ratios (egfuse's whole process / jaxlib's parse + print, medians of rounds): \
         fuse {:.2}, lower {:.2}",
        worst[0], worst[1]
    );
}

/// `ROUNDS` rounds of `fuse`, jaxlib and `lower` on `file`, after a warm-up round.
fn measure(root: &Path, file: &Path, out: &Path) -> Row {
    let name = (file.file_name().unwrap_or_default())
        .to_string_lossy()
        .into_owned();
    let mut server = Jaxlib::start(root, file);
    let mut round = || {
        let fuse = process_ms("fuse", file, out);
        let jax = server.as_mut().and_then(Jaxlib::once);
        let lower = process_ms("lower", file, out);
        ([fuse, lower], jax)
    };
    round();
    let rounds: Vec<([f64; 2], Option<f64>)> = (0..ROUNDS).map(|_| round()).collect();
    drop(server);
    let of = |k: usize| median(&mut rounds.iter().map(|r| r.0[k]).collect::<Vec<_>>());
    let ms = [of(0), of(1)];
    let paired: Vec<([f64; 2], f64)> = (rounds.iter())
        .filter_map(|(ms, jax)| Some((*ms, (*jax)?)))
        .collect();
    let jaxlib = (paired.len() == rounds.len()).then(|| {
        let ratio =
            |k: usize| median(&mut paired.iter().map(|(ms, j)| ms[k] / j).collect::<Vec<_>>());
        let ratios = [ratio(0), ratio(1)];
        let jax = median(&mut paired.iter().map(|(_, j)| *j).collect::<Vec<_>>());
        (jax, ratios)
    });
    match jaxlib {
        Some((jax, [f, l])) => println!(
            "{name}: fuse {:.3} ms, lower {:.3} ms, jaxlib {jax:.3} ms; per-round ratios fuse {f:.2}, lower {l:.2} (medians of {ROUNDS})",
            ms[0], ms[1]
        ),
        None => println!("{name}: fuse {:.3} ms, lower {:.3} ms (medians of {ROUNDS}; no jaxlib)", ms[0], ms[1]),
    }
    // jaxlib in a loop of its own runs faster than between processes: its ratios, for reference.
    if let Some(alone) = jaxlib.and_then(|_| jaxlib_total_ms(root, file)) {
        println!(
            "{name}: against jaxlib alone ({alone:.3} ms): fuse {:.2}, lower {:.2}",
            ms[0] / alone,
            ms[1] / alone
        );
    }
    Row {
        name,
        bytes: std::fs::metadata(file).map_or(0, |m| m.len()),
        ms,
        jaxlib,
    }
}

/// The wall time of one run of `egfuse COMMAND file -o out`, in milliseconds. `lower` may
/// exit 1 (a kernel with no lowering is reported, the rest is written); exit 2 is
/// a failure.
fn process_ms(command: &str, file: &Path, out: &Path) -> f64 {
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
}

/// Every `.mlir` file under `dir` of at least [`MIN_BYTES`], sorted.
fn large_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = mlir_files_under(dir);
    files.retain(|p| std::fs::metadata(p).is_ok_and(|m| m.len() >= MIN_BYTES));
    files
}
