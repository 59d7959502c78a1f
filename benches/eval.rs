//! The reference interpreter as a user waits for it: the whole `egfuse eval` process on one
//! Llama-2-7B decoder layer (`benches/models/llama_layer_7b_bf16.mlir`, written by
//! tools/export_bench_models.py) against XLA's CPU backend as a whole process on the same
//! inputs (tools/xla_run.py: Python start, the jax import, compilation and the run), run by run
//! in turn, so both see the same load.
//!
//! `cargo bench --bench eval` (XLA from `EGFUSE_PYTHON`, else `.venv/bin/python`). Prints each
//! pair, the medians and their ratio; the goal is at most 2.

mod common;

use common::median;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

/// Pairs of runs.
const RUNS: usize = 3;

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let model = root.join("benches/models/llama_layer_7b_bf16.mlir");
    let egfuse = PathBuf::from(env!("CARGO_BIN_EXE_egfuse"));
    let python = std::env::var("EGFUSE_PYTHON")
        .unwrap_or_else(|_| root.join(".venv/bin/python").display().to_string());
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let inputs = tmp.join("eval-bench-inputs.npz");
    let mut draw = Command::new(&egfuse);
    draw.arg("eval")
        .arg(&model)
        .args(["--random", "1", "--save-inputs"]);
    draw.arg(&inputs)
        .arg("-o")
        .arg(tmp.join("eval-bench-draw.npz"));
    seconds(&mut draw);
    let (mut ours, mut theirs) = (Vec::new(), Vec::new());
    for run in 1..=RUNS {
        let mut eval = Command::new(&egfuse);
        eval.arg("eval").arg(&model).arg("--inputs").arg(&inputs);
        eval.arg("-o").arg(tmp.join("eval-bench-egfuse.npz"));
        let mut xla = Command::new(&python);
        xla.arg(root.join("tools/xla_run.py"))
            .arg(&model)
            .arg(&inputs);
        let (e, x) = (seconds(&mut eval), seconds(&mut xla));
        println!("run {run}: egfuse eval {e:.2} s, XLA {x:.2} s");
        ours.push(e);
        theirs.push(x);
    }
    let (e, x) = (median(&mut ours), median(&mut theirs));
    println!(
        "{}: egfuse eval {e:.2} s, XLA:CPU {x:.2} s (medians of {RUNS} whole processes): {:.2}x",
        model.display(),
        e / x
    );
}

/// The wall time of `cmd` as a whole process, in seconds; a failed run ends the benchmark.
fn seconds(cmd: &mut Command) -> f64 {
    let start = Instant::now();
    let out = cmd.output().expect("the command starts");
    let elapsed = start.elapsed().as_secs_f64();
    if !out.status.success() {
        eprintln!("{cmd:?} failed:\n{}", String::from_utf8_lossy(&out.stderr));
        std::process::exit(1);
    }
    elapsed
}
