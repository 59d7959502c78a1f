//! Helpers the fusion tests share: running the built binary, scratch files, the repository
//! root, the JAX exports of ../shared/corpus, the files the interpreter cannot run yet, and
//! ([`memo`]) the lowerings and verifications several tests ask of the same file.

#![allow(dead_code)]

pub mod memo;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Runs the built `egfuse` with `args`: (exit code, stdout, stderr).
pub fn egfuse(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_egfuse"))
        .args(args)
        .output()
        .expect("egfuse runs");
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (
        out.status.code().unwrap_or(-1),
        text(&out.stdout),
        text(&out.stderr),
    )
}

/// Writes `text` to a fresh file (tests run in parallel, so every call gets its own name).
pub fn scratch(name: &str, text: &str) -> PathBuf {
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("fuse");
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(format!("{}_{n}_{name}", std::process::id()));
    std::fs::write(&p, text).unwrap();
    p
}

pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A Python with jaxlib: `EGFUSE_PYTHON`, else `.venv/bin/python` (tools/setup_venv.sh makes
/// it). A test that needs one fails loudly without it.
pub fn python_with_jaxlib() -> String {
    let python = std::env::var("EGFUSE_PYTHON")
        .unwrap_or_else(|_| root().join(".venv/bin/python").display().to_string());
    assert!(
        Command::new(&python)
            .args(["-c", "import jaxlib"])
            .status()
            .is_ok_and(|s| s.success()),
        "no Python with jaxlib at {python}: run tools/setup_venv.sh (or set EGFUSE_PYTHON)"
    );
    python
}

/// The folder `sub` of ../shared/corpus (`""` for the corpus itself). A test that needs the
/// corpus fails here, naming the folder, when it is missing or holds no `.mlir` file.
pub fn corpus_dir(sub: &str) -> PathBuf {
    let corpus = root().join("../shared/corpus");
    let dir = if sub.is_empty() {
        corpus
    } else {
        corpus.join(sub)
    };
    assert!(
        !mlir_files_under(&dir).is_empty(),
        "{} is missing or has no .mlir files: this test needs the shared corpus",
        dir.display()
    );
    dir
}

/// The `.mlir` files of ../shared/corpus/jax-export, sorted; fails when there are none.
pub fn jax_exports() -> Vec<PathBuf> {
    mlir_files(&corpus_dir("jax-export"))
}

/// The `.mlir` files directly in `dir`, sorted; none when it does not exist.
pub fn mlir_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "mlir"))
        .collect();
    files.sort();
    files
}

/// All `.mlir` files under `dir`, subdirectories included, sorted; none when it does not exist.
pub fn mlir_files_under(dir: &Path) -> Vec<PathBuf> {
    files_under(dir, "mlir")
}

/// Every file under `dir` (recursively) whose extension is `ext`, sorted.
pub fn files_under(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == ext) {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// The files a known-failures list (tests/eval_known_failures.txt) names, with the reasons:
/// one `path<TAB>reason` a line, `#` comments.
pub fn known_failures(path: &Path) -> BTreeMap<String, String> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (file, reason) = l.split_once('\t').unwrap_or((l, ""));
            (file.trim().to_string(), reason.trim().to_string())
        })
        .collect()
}

/// The `--dim` arguments that give every symbolic dimension of `@main`'s arguments in `text`
/// (`argK.D=size`), and every scalar integer argument (`argK=size`: JAX's older exports pass
/// their dimension variables so, ahead of the arrays) the size `size`; none when no argument
/// has a symbolic dimension.
pub fn dims_of(text: &str, size: usize) -> Vec<String> {
    let Some(start) = text.find("@main(").map(|i| i + "@main(".len()) else {
        return Vec::new();
    };
    let mut depth = 1;
    let end = (text[start..].char_indices())
        .find(|&(_, c)| {
            depth += match c {
                '(' => 1,
                ')' => -1,
                _ => 0,
            };
            depth == 0
        })
        .map_or(text.len(), |(i, _)| start + i);
    if !text[start..end].contains('?') {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (k, arg) in text[start..end].split("%arg").skip(1).enumerate() {
        let Some(ty) = arg.split_once("tensor<").map(|(_, t)| t) else {
            continue;
        };
        let dims: Vec<&str> = ty.split('x').collect();
        let scalar = ty.split('>').next().is_some_and(|t| {
            let t = t.trim_start_matches('u');
            t.starts_with('i') && t[1..].bytes().all(|b| b.is_ascii_digit())
        });
        if scalar {
            out.extend(["--dim".to_string(), format!("arg{k}={size}")]);
        }
        let shape = dims
            .iter()
            .take_while(|d| **d == "?" || d.parse::<u64>().is_ok());
        for (d, _) in shape.enumerate().filter(|(_, d)| **d == "?") {
            out.extend(["--dim".to_string(), format!("arg{k}.{d}={size}")]);
        }
    }
    out
}
