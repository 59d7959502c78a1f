//! The text of an [`Explanation`]: a header, then per candidate its position in the file, the
//! op's source line, what was bound and the failure (or the match), then the matches
//! extraction did not choose with their costs.

use super::{Candidate, Explanation, Place, Unchosen};
use egfuse_diag::line_col;
use std::fmt::Write;

/// Renders `e` for the module `name` whose text is `src`.
pub fn render(e: &Explanation, name: &str, src: &str) -> String {
    let mut out = String::new();
    let matched = e.candidates.iter().filter(|c| c.failure.is_none()).count();
    let _ = writeln!(
        out,
        "rule {} ({}), {} mode: {}, {matched} matched",
        e.rule,
        e.kind,
        e.mode,
        egfuse_diag::plural(e.candidates.len(), "candidate anchor")
    );
    if let Some(note) = &e.note {
        let _ = writeln!(out, "note: {note}");
    }
    for c in &e.candidates {
        out.push('\n');
        candidate(&mut out, c, name, src);
    }
    if !e.unchosen.is_empty() {
        let _ = writeln!(
            out,
            "\nmatches extraction did not choose: {}",
            e.unchosen.len()
        );
        for u in &e.unchosen {
            out.push('\n');
            unchosen(&mut out, u, name, src);
        }
    }
    out
}

fn candidate(out: &mut String, c: &Candidate, name: &str, src: &str) {
    place(out, &c.at, name, src);
    let bound: Vec<String> = (c.bound.iter())
        .map(|(var, v)| format!("%{var} = {v}"))
        .collect();
    match &c.failure {
        None => {
            let _ = writeln!(out, "  matched: {}", bound.join(", "));
            if let Some(by) = &c.claimed {
                let _ = writeln!(out, "  not built: {by}");
            }
        }
        Some(f) => {
            if !bound.is_empty() {
                let _ = writeln!(out, "  bound: {}", bound.join(", "));
            }
            let _ = write!(out, "  no match: {}", f.key);
            if let Some(d) = &f.detail {
                let _ = write!(out, ": {d}");
            }
            out.push('\n');
        }
    }
    for n in &c.notes {
        let _ = writeln!(out, "  {n}");
    }
}

fn unchosen(out: &mut String, u: &Unchosen, name: &str, src: &str) {
    place(out, &u.at, name, src);
    let _ = writeln!(
        out,
        "  kernel {} against {} for its {} ops unfused; extraction chose {}",
        u.kernel, u.unfused, u.body_ops, u.chosen
    );
    if u.forms > 1 {
        let _ = writeln!(out, "  (the same match through {} forms)", u.forms);
    }
}

/// `FILE:L:C: %3 = stablehlo.op` and the op's first source line.
fn place(out: &mut String, p: &Place, name: &str, src: &str) {
    if p.span.is_none() {
        let _ = writeln!(out, "{name}: {} = {}", p.name, p.op);
        return;
    }
    let (line, col) = line_col(src, p.span.start as usize);
    let _ = writeln!(out, "{name}:{line}:{col}: {} = {}", p.name, p.op);
    if let Some(text) = src.get(p.span.range()) {
        let first = text.lines().next().unwrap_or_default().trim();
        let more = if text.trim_end().contains('\n') {
            " ..."
        } else {
            ""
        };
        let _ = writeln!(out, "  | {first}{more}");
    }
}

impl Explanation {
    /// Keeps the candidates and unchosen matches whose place `keep` accepts.
    pub fn retain(&mut self, keep: impl Fn(&Place) -> bool) {
        self.candidates.retain(|c| keep(&c.at));
        self.unchosen.retain(|u| keep(&u.at));
    }
}
