//! The human form of a [`Coverage`] report: a table of rules (with their rejections and the
//! first sites they applied at), a table of files under the sentence saying what its ops count,
//! the totals with the fusions merged into others, and the rules that never fired.

use super::{Coverage, FileCoverage, RuleCoverage, Totals, FUSED_BASIS};
use egfuse_diag::plural;
use std::fmt::Write;

/// How many sites the table shows per rule (the JSON has all of them).
const SITES_SHOWN: usize = 3;

/// The report as aligned text.
pub fn table(c: &Coverage) -> String {
    let mut out = String::new();
    rules(&mut out, &c.rules);
    out.push('\n');
    let _ = writeln!(
        out,
        "ops, counted the same in every mode: {}; fused: {FUSED_BASIS}",
        c.op_basis
    );
    files(&mut out, &c.files);
    let t = &c.totals;
    let failed = c.files.iter().filter(|f| f.error.is_some()).count();
    let _ = writeln!(
        out,
        "{} ({failed} failed, mode {}): {} ops, {} inside fusions ({:.1}% fused)",
        plural(c.files.len(), "file"),
        c.mode,
        t.ops,
        t.fused_ops,
        percent(t.fused_ops, t.ops)
    );
    let _ = writeln!(out, "{}", merges(t));
    if !c.never_fired.is_empty() {
        let _ = writeln!(out, "never fired: {}", c.never_fired.join(", "));
    }
    if !c.not_run.is_empty() {
        let _ = writeln!(out, "not run in {} mode: {}", c.mode, c.not_run.join(", "));
    }
    out
}

/// `N rules applied, M fusions merged into others, K fusions`: how the rules' fusions became
/// the module's.
pub(super) fn merges(t: &Totals) -> String {
    format!(
        "{} applied, {} merged into others, {}",
        plural(t.applied, "rule"),
        plural(t.merged, "fusion"),
        plural(t.fusions, "fusion")
    )
}

fn rules(out: &mut String, rules: &[RuleCoverage]) {
    let name_w = width(rules.iter().map(|r| r.name.len()), "rule");
    let kind_w = width(rules.iter().map(|r| r.kind.len()), "kind");
    let _ = writeln!(
        out,
        "{:<name_w$}  {:<kind_w$}  {:>8}  {:>8}  {:>8}",
        "rule", "kind", "anchors", "matches", "applied"
    );
    for r in rules {
        let _ = writeln!(
            out,
            "{:<name_w$}  {:<kind_w$}  {:>8}  {:>8}  {:>8}",
            r.name, r.kind, r.anchors, r.matches, r.applied
        );
        let mut rejected: Vec<(&String, &usize)> = r.rejected.iter().collect();
        rejected.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        for (why, n) in rejected {
            let _ = writeln!(out, "    rejected {n:>6}  {why}");
        }
        for s in r.sites.iter().take(SITES_SHOWN) {
            let _ = write!(out, "    at {}:{} in @{}", s.file, s.location, s.function);
            if let Some(w) = &s.written {
                let _ = write!(out, " (written at {w})");
            }
            if s.copies > 1 {
                let _ = write!(out, " (x{}: copies inlining made at one call)", s.copies);
            }
            out.push('\n');
        }
        if r.sites.len() > SITES_SHOWN {
            let _ = writeln!(out, "    ... {} more sites", r.sites.len() - SITES_SHOWN);
        }
    }
}

fn files(out: &mut String, files: &[FileCoverage]) {
    let path_w = width(files.iter().map(|f| f.path.len()), "file");
    let timed = files.iter().any(|f| f.time_ms.is_some());
    let time_header = if timed { "       ms  " } else { "" };
    let _ = writeln!(
        out,
        "{:<path_w$}  {time_header}{:>7}  {:>7}  {:>6}  fusions",
        "file", "ops", "fused", "%"
    );
    for f in files {
        let time = match f.time_ms {
            Some(ms) => format!("{ms:>9.3}  "),
            None if timed => format!("{:>9}  ", "-"),
            None => String::new(),
        };
        if let Some(e) = &f.error {
            let _ = writeln!(out, "{:<path_w$}  {time}failed: {e}", f.path);
            continue;
        }
        let kinds: Vec<String> = f.fusions.iter().map(|(k, n)| format!("{k} x{n}")).collect();
        let _ = writeln!(
            out,
            "{:<path_w$}  {time}{:>7}  {:>7}  {:>6.1}  {}",
            f.path,
            f.ops,
            f.fused_ops,
            percent(f.fused_ops, f.ops),
            kinds.join(", ")
        );
    }
}

/// The widest of `lens` and the header.
fn width(lens: impl Iterator<Item = usize>, header: &str) -> usize {
    lens.max().unwrap_or(0).max(header.len())
}

/// `part` of `whole` in percent (0 of nothing).
pub(super) fn percent(part: usize, whole: usize) -> f64 {
    if whole == 0 {
        0.0
    } else {
        part as f64 * 100.0 / whole as f64
    }
}
