//! The MLIR interop tier: every module we print must parse and verify in the real MLIR parser
//! (jaxlib's) and mean what the input meant there (equal generic prints). Runs
//! tools/mlir_roundtrip.py over the committed fixtures and ../shared/corpus (required), and
//! over what `egfuse fuse` makes of every JAX module (both modes, both emissions:
//! `mhlo.fusion` and `stablehlo.composite`).
//!
//! Needs a Python with jaxlib: `EGFUSE_PYTHON`, else `.venv/bin/python` (tools/setup_venv.sh
//! makes it). Without one these tests fail and say how to get it.

use crate::support::{corpus_dir, jax_exports, mlir_files, python_with_jaxlib, root};
use std::path::{Path, PathBuf};
use std::process::Command;

#[test]
fn printed_modules_parse_in_jaxlib_and_mean_the_same() {
    let inputs = [
        root().join("tests/fixtures"),
        corpus_dir("jax-export"),
        corpus_dir("stablehlo-testdata"),
    ];
    roundtrip_in_jaxlib(&inputs);
}

/// Issues 4 and 5: both modes' output re-parses and verifies in jaxlib's MLIR, which has
/// the mhlo and stablehlo dialects registered (so `mhlo.fusion` and `stablehlo.composite` are
/// checked by their real verifiers, not accepted as unknown ops).
#[test]
fn fused_modules_parse_in_jaxlib_and_mean_the_same() {
    // Fixtures and exports share some names, so each output is named after its folder too.
    let mut sources: Vec<(&str, PathBuf)> = mlir_files(&root().join("tests/fixtures/jax"))
        .into_iter()
        .map(|p| ("fixture", p))
        .collect();
    sources.extend((jax_exports().into_iter()).map(|p| ("export", p)));
    let out_dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("interop-fused");
    let _ = std::fs::remove_dir_all(&out_dir);
    for (mode, emit) in [
        ("egraph", "mhlo"),
        ("egraph", "composite"),
        ("compat", "mhlo"),
        ("compat", "composite"),
    ] {
        let dir = out_dir.join(format!("{mode}-{emit}"));
        std::fs::create_dir_all(&dir).unwrap();
        for (origin, src) in &sources {
            let name = src.file_name().unwrap().to_string_lossy();
            let out = dir.join(format!("{origin}-{name}"));
            let status = Command::new(env!("CARGO_BIN_EXE_egfuse"))
                .args(["fuse", "--mode", mode, "--emit", emit, "-o"])
                .arg(&out)
                .arg(src)
                .output()
                .expect("egfuse runs");
            assert!(
                status.status.success(),
                "egfuse fuse --mode {mode} --emit {emit} {}: {}",
                src.display(),
                String::from_utf8_lossy(&status.stderr)
            );
        }
    }
    eprintln!(
        "fused {} modules four times (egraph and compat mode, mhlo and composite) into {}",
        sources.len(),
        out_dir.display()
    );
    roundtrip_in_jaxlib(&[out_dir]);
}

/// Runs tools/mlir_roundtrip.py over `inputs` and fails on any FAIL line.
fn roundtrip_in_jaxlib(inputs: &[PathBuf]) {
    let python = python_with_jaxlib();
    let out = Command::new(&python)
        .arg(root().join("tools/mlir_roundtrip.py"))
        .args([
            "--egfuse",
            env!("CARGO_BIN_EXE_egfuse"),
            "--generic-too",
            "--jobs",
            "2",
        ])
        .args(inputs)
        .output()
        .expect("python runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    eprintln!("{stdout}{}", String::from_utf8_lossy(&out.stderr));
    assert!(
        out.status.success(),
        "the MLIR interop tier failed (see FAIL lines above)"
    );
    assert!(
        stdout.lines().any(|l| l.ends_with(" 0 failed")),
        "no summary line from mlir_roundtrip.py"
    );
}
