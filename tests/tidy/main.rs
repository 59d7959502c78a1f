//! Tidy checks that keep `ARCHITECTURE.md` true to the tree it maps, as rust-analyzer's
//! `tidy.rs` does for its own docs: every path it names exists, every workspace crate and every
//! pass is named, and no line is longer than 200 characters.
//!
//! What counts as a path: a code span (text between single backticks on one line, outside
//! fenced ``` blocks) made only of path characters (letters, digits, `_ - . / * { } ,`), starting
//! with a letter, a digit, `.` or `_`, that either contains a `/` or ends in a known extension
//! (`EXTENSIONS`) after a non-empty stem. So `lowering/src/pass.rs`, `rules/` and `Cargo.toml` are
//! paths, and `@main/while#1`, `%x`, `ir::Module`, `.npz` and `fuse --stats` are not. A path is
//! relative to the repository root; one ending in `/` must be a directory. Braces expand
//! (`src/{a,b}.rs` is two paths), and a `*` in a component matches any run of characters in a
//! name, the pattern existing when at least one entry matches it.
//!
//! A pass is named when a code span is exactly its name (`dot-folding`); a crate when its name
//! appears as a whole word anywhere, in a code span or in the crate graph's fenced diagram alike
//! (`egfuse` is not named by `egfuse-nisa`).

use egfuse_fusion::catalog::Catalog;
use egfuse_fusion::{egraph, fuse};
mod readme;

use std::fs;
use std::path::Path;

/// The longest line `ARCHITECTURE.md` may have, in characters.
const MAX_LINE: usize = 200;

/// The extensions that make a code span without a `/` a path.
const EXTENSIONS: &[&str] = &[
    "rs", "md", "rules", "sh", "py", "toml", "pest", "target", "txt", "json", "mlir", "nisa",
];

/// Egraph mode's passes, in pipeline order, as `fuse` builds them with the default rules.
fn fusion_passes() -> Vec<&'static str> {
    let rules = egfuse_dsl::RuleSet::load(egfuse_rules::DEFAULT_RULES, &Catalog).unwrap();
    let mode = fuse::Mode::Egraph(egraph::Config::default());
    fuse::pass_names(&mode, &rules)
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn architecture() -> String {
    fs::read_to_string(root().join("ARCHITECTURE.md")).expect("ARCHITECTURE.md is readable")
}

/// Every code span of `text` outside fenced blocks, line by line.
fn code_spans(text: &str) -> Vec<&str> {
    let mut spans = Vec::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if !fenced {
            spans.extend(line.split('`').skip(1).step_by(2));
        }
    }
    spans
}

/// Whether a code span names a repository path, by the rule in this file's doc.
fn is_path(span: &str) -> bool {
    let path_char = |c: char| c.is_ascii_alphanumeric() || "_-./*{},".contains(c);
    let Some(first) = span.chars().next() else {
        return false;
    };
    if !(first.is_ascii_alphanumeric() || first == '.' || first == '_') {
        return false;
    }
    if !span.chars().all(path_char) {
        return false;
    }
    if span.contains('/') {
        return true;
    }
    match span.rsplit_once('.') {
        Some((stem, ext)) => !stem.is_empty() && EXTENSIONS.contains(&ext),
        None => false,
    }
}

/// The paths a pattern with `{a,b}` groups stands for, every group expanded.
fn expand_braces(pattern: &str) -> Vec<String> {
    let (Some(open), Some(close)) = (pattern.find('{'), pattern.find('}')) else {
        return vec![pattern.to_string()];
    };
    if close < open {
        return vec![pattern.to_string()];
    }
    let (head, tail) = (&pattern[..open], &pattern[close + 1..]);
    (pattern[open + 1..close].split(','))
        .flat_map(|alt| expand_braces(&format!("{head}{alt}{tail}")))
        .collect()
}

/// Whether `name` matches `pattern`, where `*` matches any run of characters.
fn wildcard(pattern: &str, name: &str) -> bool {
    match pattern.split_once('*') {
        None => pattern == name,
        Some((head, rest)) => {
            let Some(name) = name.strip_prefix(head) else {
                return false;
            };
            (0..=name.len())
                .filter(|&i| name.is_char_boundary(i))
                .any(|i| wildcard(rest, &name[i..]))
        }
    }
}

/// Whether the path `pattern` (without braces) exists under `base`: a component with a `*`
/// matches any entry it fits, and a trailing `/` asks for a directory.
fn exists(base: &Path, pattern: &str) -> bool {
    let (component, rest) = match pattern.split_once('/') {
        Some((c, r)) => (c, Some(r)),
        None => (pattern, None),
    };
    let last = |p: &Path| match rest {
        None => p.exists(),
        Some("") => p.is_dir(),
        Some(r) => exists(p, r),
    };
    if !component.contains('*') {
        return last(&base.join(component));
    }
    let Ok(entries) = fs::read_dir(base) else {
        return false;
    };
    entries.flatten().any(|e| {
        let name = e.file_name();
        wildcard(component, &name.to_string_lossy()) && last(&e.path())
    })
}

#[test]
fn path_rule() {
    let paths = [
        "lowering/src/pass.rs",
        "rules/",
        "Cargo.toml",
        "rules/*.rules",
    ];
    let not_paths = [
        "@main/while#1",
        "%x",
        "ir::Module",
        ".npz",
        "fuse --stats",
        "x",
    ];
    for p in paths {
        assert!(is_path(p), "{p} should count as a path");
    }
    for p in not_paths {
        assert!(!is_path(p), "{p} should not count as a path");
    }
    assert_eq!(expand_braces("a/{b,c}.rs"), ["a/b.rs", "a/c.rs"]);
    assert!(wildcard("*.rules", "select.rules") && !wildcard("*.rules", "lib.rs"));
}

#[test]
fn named_paths_exist() {
    let named = check_paths("ARCHITECTURE.md", &architecture());
    println!("tidy: {named} paths named, all exist");
}

/// Checks that every path the document `doc` (its text `text`) names exists; how many it names.
fn check_paths(doc: &str, text: &str) -> usize {
    let mut named: Vec<&str> = code_spans(text)
        .into_iter()
        .filter(|s| is_path(s))
        .collect();
    named.sort_unstable();
    named.dedup();
    let missing: Vec<&str> = (named.iter().copied())
        .filter(|p| !expand_braces(p).iter().all(|q| exists(root(), q)))
        .collect();
    assert!(
        missing.is_empty(),
        "{doc} names {} that {} not exist:\n  {}",
        match missing.len() {
            1 => "1 path".to_string(),
            n => format!("{n} paths"),
        },
        if missing.len() == 1 { "does" } else { "do" },
        missing.join("\n  ")
    );
    named.len()
}

/// The strings in double quotes of the first `key = [ ... ]` list in `toml`.
fn toml_list(toml: &str, key: &str) -> Vec<String> {
    let start = toml
        .find(&format!("{key} = ["))
        .unwrap_or_else(|| panic!("no `{key} = [` in Cargo.toml"));
    let body = &toml[start..];
    let body = &body[..body.find(']').expect("the list closes")];
    body.split('"')
        .skip(1)
        .step_by(2)
        .map(String::from)
        .collect()
}

/// The `name` of the `[package]` section of `toml`.
fn package_name(toml: &str) -> String {
    let package = toml
        .split("\n[")
        .find(|s| s.starts_with("package]") || s.starts_with("[package]"))
        .expect("a [package] section");
    (package.lines())
        .find_map(|l| l.trim().strip_prefix("name = \""))
        .and_then(|l| l.strip_suffix('"'))
        .expect("a package name")
        .to_string()
}

/// Whether `word` appears in `text` with no name character (letter, digit, `-`, `_`) beside it.
fn names_word(text: &str, word: &str) -> bool {
    let name_char =
        |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    text.match_indices(word).any(|(i, _)| {
        !name_char(text[..i].chars().next_back())
            && !name_char(text[i + word.len()..].chars().next())
    })
}

#[test]
fn every_crate_is_named() {
    let text = architecture();
    let read =
        |dir: &Path| fs::read_to_string(dir.join("Cargo.toml")).expect("Cargo.toml is readable");
    let workspace = read(root());
    let mut crates = vec![package_name(&workspace)];
    for member in toml_list(&workspace, "members") {
        crates.push(package_name(&read(&root().join(member))));
    }
    let unnamed: Vec<&String> = crates.iter().filter(|c| !names_word(&text, c)).collect();
    assert!(
        unnamed.is_empty(),
        "ARCHITECTURE.md does not name these workspace crates: {unnamed:?}"
    );
    println!("tidy: {} workspace crates, all named", crates.len());
}

#[test]
fn every_pass_is_named() {
    let text = architecture();
    let spans = code_spans(&text);
    let lowering = egfuse_lowering::pipeline::PASSES
        .iter()
        .map(|(_, name)| *name);
    let fusion = fusion_passes();
    let passes: Vec<&str> = fusion.iter().copied().chain(lowering).collect();
    let unnamed: Vec<&str> = (passes.iter().copied())
        .filter(|p| !spans.contains(p))
        .collect();
    assert!(
        unnamed.is_empty(),
        "ARCHITECTURE.md has no code span naming these passes: {unnamed:?}"
    );
    println!(
        "tidy: {} passes ({} fusion, {} lowering), all named",
        passes.len(),
        fusion.len(),
        egfuse_lowering::pipeline::PASSES.len()
    );
}

#[test]
fn no_line_is_too_long() {
    let text = architecture();
    let long: Vec<String> = (text.lines().enumerate())
        .map(|(i, l)| (i + 1, l.chars().count()))
        .filter(|&(_, n)| n > MAX_LINE)
        .map(|(i, n)| format!("line {i}: {n} characters"))
        .collect();
    assert!(
        long.is_empty(),
        "ARCHITECTURE.md has lines over {MAX_LINE} characters:\n  {}",
        long.join("\n  ")
    );
    let lines = text.lines().count();
    let longest = text.lines().map(|l| l.chars().count()).max().unwrap_or(0);
    println!("tidy: {lines} lines, the longest {longest} characters, none over {MAX_LINE}");
}
