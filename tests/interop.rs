//! The MLIR interop tier: every module we print must parse and verify in the real MLIR parser
//! (jaxlib's) and mean what the input meant there (equal generic prints). Runs
//! tools/mlir_roundtrip.py over the committed fixtures and, when present, ../shared/corpus.
//!
//! Needs a Python with jaxlib: `EGFUSE_PYTHON`, else `.venv/bin/python` (tools/setup_venv.sh
//! makes it). Without one this test fails and says how to get it.

use std::path::Path;
use std::process::Command;

#[test]
fn printed_modules_parse_in_jaxlib_and_mean_the_same() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let python = std::env::var("EGFUSE_PYTHON")
        .unwrap_or_else(|_| root.join(".venv/bin/python").display().to_string());
    assert!(
        Command::new(&python)
            .args(["-c", "import jaxlib"])
            .status()
            .is_ok_and(|s| s.success()),
        "no Python with jaxlib at {python}: run tools/setup_venv.sh (or set EGFUSE_PYTHON)"
    );
    let mut inputs = vec![root.join("tests/fixtures")];
    let corpus = root.join("../shared/corpus");
    for sub in ["jax-export", "stablehlo-testdata"] {
        if corpus.join(sub).is_dir() {
            inputs.push(corpus.join(sub));
        }
    }
    let out = Command::new(&python)
        .arg(root.join("tools/mlir_roundtrip.py"))
        .args([
            "--egfuse",
            env!("CARGO_BIN_EXE_egfuse"),
            "--generic-too",
            "--jobs",
            "2",
        ])
        .args(&inputs)
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
