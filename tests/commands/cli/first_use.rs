//! What a new user meets first (issue 16): output files that follow the umask, a failed write
//! that names its destination and leaves nothing, each diagnostic said once, a sentence for
//! input that is not MLIR at all (HLO text, prose, an empty file, a binary file), and a
//! coverage run over a missing path that prints its error only.

use crate::support::{root, scratch};
use expect_test::{expect, Expect};
use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::{Command, Output};

/// Runs `egfuse ARGS` under `umask`, from the repository root.
fn under_umask(umask: &str, args: &[&str]) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg(format!("umask {umask} && exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_egfuse"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("sh runs egfuse")
}

/// A fresh, empty directory for one test's outputs.
fn fresh_dir(name: &str) -> std::path::PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("first_use")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn mode(path: &Path) -> u32 {
    std::fs::metadata(path)
        .expect("the output exists")
        .permissions()
        .mode()
        & 0o777
}

/// Every command's output files are created as `open` creates a file: 0666 less the umask.
#[test]
fn output_files_follow_the_umask() {
    let input = "tests/fixtures/jax/rmsnorm_f32.mlir";
    for (umask, want) in [("022", 0o644), ("077", 0o600)] {
        let dir = fresh_dir(&format!("umask{umask}"));
        let out = |name: &str| dir.join(name).display().to_string();
        let (fused, stats, cov, html, cmp, npz) = (
            out("fused.mlir"),
            out("stats.json"),
            out("coverage.json"),
            out("coverage.html"),
            out("compare.json"),
            out("out.npz"),
        );
        let runs: [&[&str]; 4] = [
            &[
                "fuse",
                input,
                "-o",
                fused.as_str(),
                "--stats-json",
                stats.as_str(),
            ],
            &[
                "coverage",
                input,
                "--json",
                cov.as_str(),
                "--html",
                html.as_str(),
            ],
            &["compare", input, "--json", cmp.as_str()],
            &["eval", input, "--random", "1", "-o", npz.as_str()],
        ];
        for args in runs {
            let run = under_umask(umask, args);
            assert!(
                run.status.success(),
                "{args:?}: {}",
                String::from_utf8_lossy(&run.stderr)
            );
        }
        for file in [&fused, &stats, &cov, &html, &cmp, &npz] {
            assert_eq!(mode(Path::new(file)), want, "{file} under umask {umask}");
        }
    }
}

/// An existing output is replaced whole and takes the mode a new file gets (0666 less the
/// umask), whatever the old file's mode, and nothing is left beside it (on Linux the old file
/// leaves under the temporary file's name). An output that is a symlink is replaced by the
/// file, its target untouched, as a rename does.
#[test]
fn an_existing_output_is_replaced_whole_and_nothing_is_left_beside_it() {
    let input = "tests/fixtures/jax/rmsnorm_f32.mlir";
    let dir = fresh_dir("replace");
    let [out, link, target] = ["out.mlir", "link.mlir", "target.mlir"].map(|n| dir.join(n));
    std::fs::write(&out, "previous contents").unwrap();
    std::fs::set_permissions(&out, std::fs::Permissions::from_mode(0o600)).unwrap();
    std::fs::write(&target, "the link's target").unwrap();
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let printed = under_umask("022", &["parse", input]).stdout;
    assert!(printed.starts_with(b"module"), "parse prints the module");
    for dest in [&out, &link] {
        let run = under_umask("022", &["parse", input, "-o", dest.to_str().unwrap()]);
        assert!(
            run.status.success(),
            "{}",
            String::from_utf8_lossy(&run.stderr)
        );
        assert_eq!(std::fs::read(dest).unwrap(), printed, "{}", dest.display());
        assert_eq!(mode(dest), 0o644, "{}", dest.display());
    }
    let kind = std::fs::symlink_metadata(&link).unwrap().file_type();
    assert!(kind.is_file(), "the symlink was replaced by the file");
    assert_eq!(
        std::fs::read_to_string(&target).unwrap(),
        "the link's target"
    );
    let mut left: Vec<String> = (std::fs::read_dir(&dir).unwrap().flatten())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    assert_eq!(left, ["link.mlir", "out.mlir", "target.mlir"]);
}

/// A write that cannot happen names the file the user asked for (not a temporary one), is the
/// only thing the run prints, and leaves no file behind.
#[test]
fn a_failed_write_names_the_destination_and_leaves_nothing() {
    let input = "tests/fixtures/jax/rmsnorm_f32.mlir";
    let dir = fresh_dir("failed_write");
    let missing = dir.join("no/such/dir/out.mlir").display().to_string();
    let run = under_umask("022", &["fuse", input, "-o", &missing]);
    assert_eq!(run.status.code(), Some(2));
    assert!(run.stdout.is_empty());
    assert_eq!(
        String::from_utf8_lossy(&run.stderr),
        format!("error: cannot write {missing}: No such file or directory (os error 2)\n")
    );
    // A destination that is a directory: the temporary file is made, the rename fails.
    let taken = dir.join("taken");
    std::fs::create_dir(&taken).unwrap();
    let target = taken.display().to_string();
    let run = under_umask("022", &["fuse", input, "-o", &target, "--stats"]);
    assert_eq!(run.status.code(), Some(2));
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(
        err.starts_with(&format!("error: cannot write {target}: ")),
        "{err}"
    );
    assert!(!err.contains(".tmp") && !err.contains("fused "), "{err}");
    let left: Vec<String> = (std::fs::read_dir(&dir).unwrap().flatten())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(left, ["taken"], "nothing but the directory is left");
    assert_eq!(std::fs::read_dir(&taken).unwrap().count(), 0);
}

/// Runs `egfuse parse` on a file `name` holding `bytes` and pins what it prints; it must fail
/// with exit code 2 and print nothing on standard output.
fn check(name: &str, bytes: &[u8], expect: Expect) {
    let dir = fresh_dir(&format!("input_{name}"));
    std::fs::write(dir.join(name), bytes).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_egfuse"))
        .args(["parse", name])
        .current_dir(&dir)
        .output()
        .expect("egfuse runs");
    assert_eq!(out.status.code(), Some(2), "{name}");
    assert!(out.stdout.is_empty(), "{name}");
    expect.assert_eq(&String::from_utf8_lossy(&out.stderr));
}

/// The headline carries the file, line, column and message; the snippet its label; neither the
/// message nor a bare code line is repeated.
#[test]
fn a_diagnostic_appears_once() {
    let bad =
        "func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {\n  return %b : tensor<2xf32>\n}\n";
    check(
        "bad.mlir",
        bad.as_bytes(),
        expect![[r#"
            error: bad.mlir:2:10: use of undefined value `%b`
               ╭─[bad.mlir:2:10]
             1 │ func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {
             2 │   return %b : tensor<2xf32>
               ·          ─┬
               ·           ╰── no value of this name is defined in scope
             3 │ }
               ╰────
        "#]],
    );
    let dir = fresh_dir("once");
    std::fs::write(dir.join("bad.mlir"), bad).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_egfuse"))
        .args(["parse", "bad.mlir"])
        .current_dir(&dir)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.matches("use of undefined value").count(), 1, "{err}");
    assert!(
        !err.lines().any(|l| l.trim().starts_with("parse::")),
        "{err}"
    );
}

#[test]
fn hlo_text_says_how_to_get_stablehlo() {
    let hlo = "HloModule jit_f, entry_computation_layout={(f32[3]{0})->f32[3]{0}}\n\nENTRY main.3 {\n  ROOT x = f32[3]{0} parameter(0)\n}\n";
    check(
        "f.hlo",
        hlo.as_bytes(),
        expect![[r#"
        error: f.hlo:1:1: this is XLA's HLO text, not StableHLO: egfuse reads StableHLO as MLIR text
           ╭─[f.hlo:1:1]
         1 │ HloModule jit_f, entry_computation_layout={(f32[3]{0})->f32[3]{0}}
           · ────┬────
           ·     ╰── HLO text starts with `HloModule`
         2 │ 
           ╰────
          help: export StableHLO instead (from JAX, `jax.jit(f).lower(*args).as_text()` or
                `jax.export.export(jax.jit(f))(*args).mlir_module()`; from PyTorch/XLA,
                `exported_program_to_stablehlo(ep).get_stablehlo_text()`), or convert this file with XLA's
                `xla-translate --hlo-text-to-stablehlo FILE`
    "#]],
    );
}

#[test]
fn prose_says_it_is_not_mlir() {
    check(
        "notes.md",
        b"# Notes\n\nSome text.\n",
        expect![[r#"
        error: notes.md:1:1: this does not look like MLIR: a module starts with `module`, `func.func`, an op or an alias (`#name = ...`), not `#`
           ╭─[notes.md:1:1]
         1 │ # Notes
           · ┬
           · ╰── egfuse expected MLIR text here
         2 │ 
           ╰────
          help: egfuse reads StableHLO as MLIR text: from JAX, `jax.jit(f).lower(*args).as_text()` or
                `jax.export.export(jax.jit(f))(*args).mlir_module()`; from PyTorch/XLA,
                `exported_program_to_stablehlo(ep).get_stablehlo_text()`
    "#]],
    );
    let run = crate::support::egfuse(&["fuse", &root().join("README.md").display().to_string()]);
    assert_eq!(run.0, 2);
    assert!(
        run.2
            .contains("README.md:1:1: this does not look like MLIR"),
        "{}",
        run.2
    );
}

#[test]
fn an_empty_file_says_what_was_expected() {
    check(
        "empty.mlir",
        b"",
        expect![[r#"
        error: empty.mlir:1:1: the file is empty (or only whitespace and comments): egfuse expected an MLIR module (`module { func.func ... }`)
          there is no MLIR here
          help: egfuse reads StableHLO as MLIR text: from JAX, `jax.jit(f).lower(*args).as_text()` or `jax.export.export(jax.jit(f))(*args).mlir_module()`; from PyTorch/XLA, `exported_program_to_stablehlo(ep).get_stablehlo_text()`
    "#]],
    );
    check(
        "blank.mlir",
        b"\n  // only a comment\n",
        expect![[r#"
        error: blank.mlir:1:1: the file is empty (or only whitespace and comments): egfuse expected an MLIR module (`module { func.func ... }`)
           ╭─[blank.mlir:1:1]
         1 │ 
           · ▲
           · ╰── there is no MLIR here
         2 │   // only a comment
           ╰────
          help: egfuse reads StableHLO as MLIR text: from JAX, `jax.jit(f).lower(*args).as_text()` or
                `jax.export.export(jax.jit(f))(*args).mlir_module()`; from PyTorch/XLA,
                `exported_program_to_stablehlo(ep).get_stablehlo_text()`
    "#]],
    );
}

#[test]
fn a_binary_file_says_it_is_binary() {
    check(
        "weights.bin",
        b"PK\x03\x04\x00\x00\x08\x00",
        expect![[r#"
        error: weights.bin:1:5: this is a binary file (it holds a NUL byte), not MLIR text
           ╭─[weights.bin:1:5]
         1 │ PK......
           ·     ┬
           ·     ╰── a NUL byte
           ╰────
          help: egfuse reads StableHLO as MLIR text: from JAX, `jax.jit(f).lower(*args).as_text()` or
                `jax.export.export(jax.jit(f))(*args).mlir_module()`; from PyTorch/XLA,
                `exported_program_to_stablehlo(ep).get_stablehlo_text()`
    "#]],
    );
    check(
        "model.mlirbc",
        b"ML\xefR\x06\x01stablehlo",
        expect![[r#"
        error: model.mlirbc:1:1: this is MLIR bytecode, not MLIR text: egfuse reads the text form
           ╭─[model.mlirbc:1:1]
         1 │ ML�R..stablehlo
           · ─┬
           ·  ╰── the bytecode magic number
           ╰────
          help: print it as text with `mlir-opt FILE` (or `stablehlo-translate --deserialize FILE` for a
                StableHLO portable artifact)
    "#]],
    );
}

/// A path that does not exist is a fatal error: no table of zeros follows it.
#[test]
fn coverage_of_a_missing_path_prints_the_error_only() {
    let json = scratch("never.json", "");
    std::fs::remove_file(&json).unwrap();
    let (code, out, err) = crate::support::egfuse(&[
        "coverage",
        "/does/not/exist",
        "--json",
        json.to_str().unwrap(),
    ]);
    assert_eq!(code, 2);
    assert_eq!(out, "");
    assert_eq!(
        err,
        "error: cannot read /does/not/exist: No such file or directory (os error 2)\n"
    );
    assert!(!json.exists());
}
