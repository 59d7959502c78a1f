//! The reference interpreter over real modules.
//!
//! - `testdata::*`: every file of ../shared/corpus/stablehlo-testdata runs in-process. A
//!   self-checking file passes when every `check.*` op in it ran and held; a file whose `@main`
//!   takes arguments (the `dynamic/` exports) passes when it runs on seeded random inputs.
//!   Files listed in tests/eval_known_failures.txt must fail (with the reason given there), so a
//!   fix shows up as a test to update rather than going unnoticed.
//! - `fixtures::*`: every committed JAX fixture runs on seeded random inputs.
//!
//! The suite fails when ../shared/corpus/stablehlo-testdata is missing.

use crate::support::{corpus_dir, known_failures, mlir_files_under};
use egfuse_interp::random::{random_args, InputConfig};
use egfuse_interp::{Interpreter, Limits};
use egfuse_ir::{Attr, Module, Type};
use libtest_mimic::{Failed, Trial};
use std::path::Path;

/// Every trial of this suite, named under `eval::`.
pub fn trials() -> Vec<Trial> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let testdata = corpus_dir("stablehlo-testdata");
    let files = mlir_files_under(&testdata);
    let known = known_failures(&root.join("tests/eval_known_failures.txt"));
    let fixtures = mlir_files_under(&root.join("tests/fixtures/jax"));
    println!(
        "eval: {} stablehlo-testdata files ({} listed as known failures), {} fixture files",
        files.len(),
        known.len(),
        fixtures.len()
    );
    let mut trials = Vec::new();
    for f in files {
        let rel = f
            .strip_prefix(&testdata)
            .unwrap()
            .to_string_lossy()
            .into_owned();
        let expect_fail = known.get(&rel).cloned();
        trials.push(Trial::test(format!("eval::testdata::{rel}"), move || {
            testdata_trial(&f, expect_fail)
        }));
    }
    for f in fixtures {
        let name = f.file_name().unwrap().to_string_lossy().into_owned();
        let expect_fail = known.get(&format!("fixtures/{name}")).cloned();
        trials.push(Trial::test(format!("eval::fixtures::{name}"), move || {
            testdata_trial(&f, expect_fail)
        }));
    }
    trials
}

/// `path<TAB>reason` lines; `#` starts a comment.
fn testdata_trial(path: &Path, expect_fail: Option<String>) -> Result<(), Failed> {
    match (run_file(path), expect_fail) {
        (Ok(_), None) => Ok(()),
        (Err(e), None) => Err(e),
        (Err(_), Some(_)) => Ok(()),
        (Ok(_), Some(reason)) => Err(format!(
            "listed as a known failure ({reason}) but it passes now: remove it from tests/eval_known_failures.txt"
        )
        .into()),
    }
}

/// Runs a file's entry points; fails on an evaluation error, a failed check, or a check op
/// that never ran. Returns the number of checks that held.
fn run_file(path: &Path) -> Result<usize, Failed> {
    let src = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let m = egfuse_ir::parse::parse(&src).map_err(|d| d.message.clone())?;
    let mut interp = Interpreter::new(&m, Limits::default());
    let entries = interp.entry_points();
    if entries.is_empty() {
        return Err("no entry point".into());
    }
    for f in entries {
        let args = random_args(
            &arg_types(&m, f),
            InputConfig {
                seed: 0,
                trial: 0,
                dim_size: 3,
            },
        )?;
        interp.run_func(f, args).map_err(|e| {
            let (line, col) =
                egfuse_diag::line_col(&src, e.op.map_or(0, |o| m.op(o).span.start as usize));
            format!("{line}:{col}: {}", e.message)
        })?;
    }
    if let Some(c) = interp.checks.iter().find(|c| c.failure.is_some()) {
        return Err(format!(
            "check in @{} failed: {}",
            c.func,
            c.failure.as_deref().unwrap_or("")
        )
        .into());
    }
    let ran: std::collections::BTreeSet<_> = interp.checks.iter().map(|c| c.op).collect();
    let missing = check_ops(&m)
        .into_iter()
        .filter(|op| !ran.contains(op))
        .count();
    if missing > 0 {
        return Err(format!("{missing} check ops never ran").into());
    }
    Ok(interp.checks.len())
}

fn arg_types(m: &Module, f: egfuse_ir::OpId) -> Vec<Type> {
    match m.op(f).attr("function_type") {
        Some(Attr::Type(Type::Function(ins, _))) => ins.clone(),
        _ => Vec::new(),
    }
}

/// Every check op of the module: `check.*` ops and custom calls to `check.*` targets.
fn check_ops(m: &Module) -> Vec<egfuse_ir::OpId> {
    m.walk()
        .into_iter()
        .filter(|&op| {
            let o = m.op(op);
            o.name.starts_with("check.")
                || (o.name.ends_with("custom_call")
                    && o.attr("call_target_name")
                        .and_then(|a| a.as_str())
                        .is_some_and(|t| t.starts_with("check.")))
        })
        .collect()
}
