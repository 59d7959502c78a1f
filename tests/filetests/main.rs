//! Filetests, as Cranelift's `filetests` and LLVM's lit have them: each
//! `tests/filetests/**/*.mlir` (or `*.s`, per-engine streams' text) is an input and the
//! output `egfuse` gives for it, one trial per file, named by its path under `tests/filetests/` (`cargo test --test filetests -- lower/`
//! runs one folder).
//!
//! A file starts with a comment saying what it pins, then one or more lines
//! `// RUN: egfuse ARGS`: each runs the built binary from the repository root with ARGS split
//! at whitespace, `%s` standing for the file's own path relative to the root (a RUN line may
//! name any other path instead, a committed fixture, and the file then holds only comments),
//! and `%t` for a scratch file of this test's own, which one RUN line may write (`-o %t`) and
//! the next read (`egfuse verify %s %t`).
//! The module follows, and last the marker line [`MARKER`] and the expected output: per RUN
//! line a header `// ----- egfuse ARGS` (`%s` as written), its standard output, then
//! `// ----- stderr` and its standard error, then `// ----- exit CODE`, every line prefixed with
//! `// ` (an empty section left out), so the whole file stays a module egfuse parses as it is.
//!
//! A file whose output differs fails with a line diff of expected (`-`) against actual (`+`);
//! `UPDATE_EXPECT=1` rewrites everything below the marker (adding the marker when it is
//! missing). A file without a RUN line fails. The output is compared as printed but for one
//! rule: the scratch file's path reads `%t`. Nothing else is scrubbed, so a RUN line must not
//! ask for run-to-run varying text (timings, say).

#[path = "../support/mod.rs"]
mod support;

use libtest_mimic::{Arguments, Failed, Trial};
use std::path::Path;
use std::process::Command;
use support::{files_under, mlir_files_under};

/// The line above the expected output.
const MARKER: &str = "// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====";

/// The prefix of a RUN line.
const RUN: &str = "// RUN: egfuse";

/// The lines of context around each change a diff shows.
const CONTEXT: usize = 3;

fn main() {
    let args = Arguments::from_args();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = root.join("tests/filetests");
    let mut files = mlir_files_under(&dir);
    files.extend(files_under(&dir, "s"));
    files.sort();
    let trials: Vec<Trial> = (files.iter())
        .map(|path| {
            let name = path.strip_prefix(&dir).unwrap().display().to_string();
            let path = path.clone();
            Trial::test(name, move || run_file(root, &path))
        })
        .collect();
    let conclusion = libtest_mimic::run(&args, trials);
    println!("filetests: {} files", files.len());
    conclusion.exit();
}

/// Runs the RUN lines of the file at `path` and compares what they print with its expected
/// output, or, under `UPDATE_EXPECT=1`, writes it there.
fn run_file(root: &Path, path: &Path) -> Result<(), Failed> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let (head, expected) = match text.split_once(&format!("\n{MARKER}\n")) {
        Some((head, expected)) => (format!("{head}\n"), expected.to_string()),
        None => (text.clone(), String::new()),
    };
    let runs: Vec<&str> = (head.lines())
        .filter_map(|l| l.strip_prefix(RUN))
        .map(str::trim)
        .collect();
    if runs.is_empty() {
        return Err(format!("{}: no `{RUN} ARGS` line", path.display()).into());
    }
    let rel = path.strip_prefix(root).unwrap().display().to_string();
    let scratch = scratch_file(&rel)?;
    let actual: String = (runs.iter())
        .map(|args| render(args, &run(root, &rel, &scratch, args)))
        .collect::<Result<_, String>>()?;
    if actual == expected {
        return Ok(());
    }
    if std::env::var_os("UPDATE_EXPECT").is_some() {
        let head = head.trim_end_matches('\n');
        std::fs::write(path, format!("{head}\n{MARKER}\n{actual}"))
            .map_err(|e| format!("{}: {e}", path.display()))?;
        return Ok(());
    }
    Err(format!(
        "{rel}: the output differs from the expected (- expected, + actual; \
         UPDATE_EXPECT=1 rewrites it):\n{}",
        diff(&expected, &actual)
    )
    .into())
}

/// What one run of the binary gave: its exit code (or how it ended), stdout and stderr.
struct Output {
    exit: Result<i32, String>,
    stdout: String,
    stderr: String,
}

/// The scratch file `%t` of the filetest at `rel`, in the target directory: its folder made,
/// the file itself removed, so no run reads what an earlier run of the test left.
fn scratch_file(rel: &str) -> Result<String, String> {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("filetests");
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let path = dir.join(rel.replace('/', "_") + ".tmp");
    let _ = std::fs::remove_file(&path);
    Ok(path.display().to_string())
}

/// Runs the binary from `root` with `args` split at whitespace, `%s` replaced by `rel` and `%t`
/// by `scratch`; the scratch file's path in what it prints reads `%t` again.
fn run(root: &Path, rel: &str, scratch: &str, args: &str) -> Result<Output, String> {
    let argv: Vec<&str> = (args.split_whitespace())
        .map(|a| match a {
            "%s" => rel,
            "%t" => scratch,
            a => a,
        })
        .collect();
    let out = Command::new(env!("CARGO_BIN_EXE_egfuse"))
        .args(&argv)
        .current_dir(root)
        .output()
        .map_err(|e| format!("egfuse {args}: {e}"))?;
    let text = |b: &[u8]| String::from_utf8_lossy(b).replace(scratch, "%t");
    Ok(Output {
        exit: out.status.code().ok_or_else(|| format!("{}", out.status)),
        stdout: text(&out.stdout),
        stderr: text(&out.stderr),
    })
}

/// One run as the expected output writes it: the header, then stdout, stderr and the exit code,
/// each line a comment.
fn render(args: &str, out: &Result<Output, String>) -> Result<String, String> {
    let out = out.as_ref()?;
    let mut text = format!("// ----- egfuse {args}\n");
    text.push_str(&commented(&out.stdout));
    if !out.stderr.is_empty() {
        text.push_str("// ----- stderr\n");
        text.push_str(&commented(&out.stderr));
    }
    match &out.exit {
        Ok(code) => text.push_str(&format!("// ----- exit {code}\n")),
        Err(how) => text.push_str(&format!("// ----- {how}\n")),
    }
    Ok(text)
}

/// `text` with each line behind `// ` (a bare `//` for an empty line).
fn commented(text: &str) -> String {
    (text.lines())
        .map(|l| match l {
            "" => "//\n".to_string(),
            l => format!("// {l}\n"),
        })
        .collect()
}

/// The lines of `old` and `new` that differ, `-` and `+`, with [`CONTEXT`] lines of each
/// change's surroundings and `@@ N @@` at each hunk (N its first line in `old`, from 1).
fn diff(old: &str, new: &str) -> String {
    let (a, b): (Vec<&str>, Vec<&str>) = (old.lines().collect(), new.lines().collect());
    let ops = edit_script(&a, &b);
    let changed: Vec<usize> = (0..ops.len()).filter(|&i| ops[i].0 != ' ').collect();
    let shown = |i: usize| changed.iter().any(|&c| c.abs_diff(i) <= CONTEXT);
    let mut out = String::new();
    let mut last_shown = None;
    for (i, (tag, line, at)) in ops.iter().enumerate() {
        if !shown(i) {
            continue;
        }
        if last_shown.is_none_or(|l: usize| l + 1 != i) {
            out.push_str(&format!("@@ {} @@\n", at + 1));
        }
        out.push_str(&format!("{tag}{line}\n"));
        last_shown = Some(i);
    }
    out
}

/// The lines of a longest common subsequence's edit from `a` to `b`: ` ` kept, `-` removed,
/// `+` added, each with its place in `a`.
fn edit_script<'a>(a: &[&'a str], b: &[&'a str]) -> Vec<(char, &'a str, usize)> {
    // lcs[i][j]: the longest common subsequence of a[i..] and b[j..].
    let mut lcs = vec![vec![0u32; b.len() + 1]; a.len() + 1];
    for i in (0..a.len()).rev() {
        for j in (0..b.len()).rev() {
            lcs[i][j] = if a[i] == b[j] {
                lcs[i + 1][j + 1] + 1
            } else {
                lcs[i + 1][j].max(lcs[i][j + 1])
            };
        }
    }
    let (mut i, mut j, mut ops) = (0, 0, Vec::new());
    while i < a.len() || j < b.len() {
        if i < a.len() && j < b.len() && a[i] == b[j] {
            ops.push((' ', a[i], i));
            (i, j) = (i + 1, j + 1);
        } else if j == b.len() || (i < a.len() && lcs[i + 1][j] >= lcs[i][j + 1]) {
            ops.push(('-', a[i], i));
            i += 1;
        } else {
            ops.push(('+', b[j], i));
            j += 1;
        }
    }
    ops
}
