//! Data-driven tests over real exported modules, one named trial per input file:
//!
//! - `golden::NAME`: the committed fixtures (tests/fixtures/jax) parse, verify and print to the
//!   pinned text in tests/golden (pretty and generic); `UPDATE_EXPECT=1` re-blesses.
//! - `roundtrip::PATH`: every fixture and every `.mlir` under ../shared/corpus parses, verifies,
//!   and round-trips: print, re-parse, print again gives the same text, through the generic form
//!   too; files printed by MLIR itself (tests/fixtures/jax, jax-export) reprint byte for byte.
//! - `bad::NAME`: each tests/bad/*.mlir fails with the diagnostic pinned in its `.err` file.
//! - `robust::NAME`: truncated, garbled and random variants of the fixtures end in a diagnostic
//!   or a valid module, never a panic.
//!
//! The suite fails when ../shared/corpus is missing.

use crate::support::{corpus_dir, mlir_files_under};
use egfuse_diag::render;
use egfuse_ir::print::{print, print_to, PrintOptions};
use egfuse_ir::{parse::parse, verify::verify};
use libtest_mimic::{Failed, Trial};
use std::path::{Path, PathBuf};

/// Every trial of this suite, named under `corpus::`.
pub fn trials() -> Vec<Trial> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    // Only the JAX fixtures are MLIR's own printing; the rest (hand-written, with comments) are
    // round-tripped but neither pinned nor required to reprint byte for byte.
    let fixtures = mlir_files_under(&root.join("tests/fixtures/jax"));
    let other_fixtures: Vec<PathBuf> = mlir_files_under(&root.join("tests/fixtures"))
        .into_iter()
        .filter(|p| !fixtures.contains(p))
        .collect();
    let corpus_dir = corpus_dir("");
    let corpus = mlir_files_under(&corpus_dir);
    let bad = files_with_ext(&root.join("tests/bad"), "mlir");
    let mut trials = Vec::new();
    trials.extend(fixtures.iter().map(|p| golden_trial(root, p)));
    trials.extend(
        fixtures
            .iter()
            .chain(&other_fixtures)
            .chain(&corpus)
            .map(|p| roundtrip_trial(root, p)),
    );
    trials.extend(bad.iter().map(|p| bad_trial(p)));
    trials.extend(fixtures.iter().map(|p| robust_trial(p)));
    eprintln!(
        "corpus tests: {} JAX fixture files, {} other fixtures, {} files from {}, {} bad-input files",
        fixtures.len(),
        other_fixtures.len(),
        corpus.len(),
        corpus_dir.display(),
        bad.len()
    );
    trials
}

fn files_with_ext(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|it| {
            it.flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == ext))
                .collect()
        })
        .unwrap_or_default();
    out.sort();
    out
}

fn stem(p: &Path) -> String {
    p.file_name()
        .unwrap_or_default()
        .to_string_lossy()
        .trim_end_matches(".mlir")
        .to_string()
}

fn read(p: &Path) -> Result<String, Failed> {
    std::fs::read_to_string(p).map_err(|e| format!("cannot read {}: {e}", p.display()).into())
}

/// Parses and verifies, turning diagnostics into a readable failure.
fn load(name: &str, src: &str) -> Result<egfuse_ir::Module, Failed> {
    let m = parse(src).map_err(|d| render(name, src, &[d]))?;
    let errors = verify(&m);
    if !errors.is_empty() {
        return Err(render(name, src, &errors).into());
    }
    Ok(m)
}

fn golden_trial(root: &Path, path: &Path) -> Trial {
    let (root, path) = (root.to_path_buf(), path.to_path_buf());
    Trial::test(format!("corpus::golden::{}", stem(&path)), move || {
        let src = read(&path)?;
        let m = load(&stem(&path), &src)?;
        let golden = root.join("tests/golden");
        check(
            &print(&m, PrintOptions::default()),
            &golden.join(format!("{}.mlir", stem(&path))),
        );
        check(
            &print(&m, PrintOptions { generic: true }),
            &golden.join(format!("{}.generic.mlir", stem(&path))),
        );
        Ok(())
    })
}

/// The one golden boundary: `actual` must equal the file at `expected` (UPDATE_EXPECT=1 writes it).
fn check(actual: &str, expected: &Path) {
    expect_test::ExpectFile {
        path: expected.to_path_buf(),
        position: file!(),
    }
    .assert_eq(actual);
}

fn roundtrip_trial(root: &Path, path: &Path) -> Trial {
    let rel = path
        .strip_prefix(root)
        .unwrap_or(path)
        .display()
        .to_string();
    let path = path.to_path_buf();
    // Files printed by MLIR's own printer with no comments must reprint byte for byte.
    let canonical = rel.contains("tests/fixtures/jax/") || rel.contains("jax-export/");
    Trial::test(format!("corpus::roundtrip::{rel}"), move || {
        let src = read(&path)?;
        let m = load(&rel, &src)?;
        let pretty = print(&m, PrintOptions::default());
        let mut streamed = Vec::new();
        print_to(&m, PrintOptions::default(), &mut streamed)?;
        if streamed != pretty.as_bytes() {
            let streamed = String::from_utf8_lossy(&streamed);
            return Err(first_difference("print_to(m)", &streamed, "print(m)", &pretty).into());
        }
        let again = print(&load("<reprinted>", &pretty)?, PrintOptions::default());
        if again != pretty {
            return Err(
                first_difference("print(parse(print(m)))", &again, "print(m)", &pretty).into(),
            );
        }
        let generic = print(&m, PrintOptions { generic: true });
        let from_generic = print(&load("<generic>", &generic)?, PrintOptions::default());
        if from_generic != pretty {
            return Err(first_difference(
                "print(parse(generic(m)))",
                &from_generic,
                "print(m)",
                &pretty,
            )
            .into());
        }
        if canonical && pretty != src {
            return Err(first_difference("print(parse(file))", &pretty, "file", &src).into());
        }
        Ok(())
    })
}

fn first_difference(a_name: &str, a: &str, b_name: &str, b: &str) -> String {
    let line = a
        .lines()
        .zip(b.lines())
        .position(|(x, y)| x != y)
        .unwrap_or(a.lines().count().min(b.lines().count()));
    let (x, y) = (
        a.lines().nth(line).unwrap_or("<end>"),
        b.lines().nth(line).unwrap_or("<end>"),
    );
    format!(
        "{a_name} differs from {b_name} at line {}:\n  {x}\n  {y}",
        line + 1
    )
}

fn bad_trial(path: &Path) -> Trial {
    let path = path.to_path_buf();
    Trial::test(format!("corpus::bad::{}", stem(&path)), move || {
        let src = read(&path)?;
        let name = format!("{}.mlir", stem(&path));
        let diags = match parse(&src) {
            Err(d) => vec![d],
            Ok(m) => verify(&m),
        };
        if diags.is_empty() {
            return Err("expected a diagnostic, but the file parsed and verified".into());
        }
        check(&render(&name, &src, &diags), &path.with_extension("err"));
        Ok(())
    })
}

fn robust_trial(path: &Path) -> Trial {
    let path = path.to_path_buf();
    Trial::test(format!("corpus::robust::{}", stem(&path)), move || {
        let src = read(&path)?;
        let mut rng = XorShift(0x9E37_79B9_7F4A_7C15 ^ src.len() as u64);
        let mut inputs: Vec<Vec<u8>> = Vec::new();
        let step = (src.len() / 150).max(1);
        inputs.extend(
            (0..src.len())
                .step_by(step)
                .map(|n| src.as_bytes()[..n].to_vec()),
        );
        for _ in 0..150 {
            let mut bytes = src.as_bytes().to_vec();
            for _ in 0..1 + rng.next() % 4 {
                let i = (rng.next() as usize) % bytes.len().max(1);
                if let Some(b) = bytes.get_mut(i) {
                    *b = b"%@#!^(){}[]<>,:=\"-x0?*\n\\"[(rng.next() % 24) as usize];
                }
            }
            inputs.push(bytes);
        }
        inputs.extend((0..50).map(|_| {
            (0..rng.next() % 200)
                .map(|_| (rng.next() % 256) as u8)
                .collect()
        }));
        for bytes in &inputs {
            let text = String::from_utf8_lossy(bytes);
            match parse(&text) {
                Ok(m) => {
                    let _ = print(&m, PrintOptions::default());
                    let _ = verify(&m);
                }
                Err(d) => {
                    let shown = render("fuzz.mlir", &text, &[d]);
                    if !shown.starts_with("error: fuzz.mlir:") {
                        return Err(format!("diagnostic without a position: {shown}").into());
                    }
                }
            }
        }
        Ok(())
    })
}

/// A small deterministic generator, so every run tries the same inputs.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}
