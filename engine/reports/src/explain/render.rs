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
    let mut group: Option<&Place> = None;
    for c in &e.candidates {
        match c.at.from.as_deref() {
            Some(from) => {
                if group.is_none_or(|g| g.written != from.written || g.span != from.span) {
                    out.push('\n');
                    built_from(&mut out, from, name, src);
                }
                group = Some(from);
                let _ = writeln!(out, "  built: {}", c.at.name);
                candidate(&mut out, c, "    ");
            }
            None => {
                group = None;
                out.push('\n');
                place(&mut out, &c.at, name, src);
                candidate(&mut out, c, "  ");
            }
        }
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

/// What was bound and how the search ended, each line after `indent`.
fn candidate(out: &mut String, c: &Candidate, indent: &str) {
    let bound: Vec<String> = (c.bound.iter())
        .map(|(var, v)| format!("%{var} = {v}"))
        .collect();
    match &c.failure {
        None => {
            let _ = writeln!(out, "{indent}matched: {}", bound.join(", "));
            if let Some(by) = &c.claimed {
                let _ = writeln!(out, "{indent}not built: {by}");
            }
        }
        Some(f) => {
            if !bound.is_empty() {
                let _ = writeln!(out, "{indent}bound: {}", bound.join(", "));
            }
            let _ = write!(out, "{indent}no match: {}", f.key);
            if let Some(d) = &f.detail {
                let _ = write!(out, ": {d}");
            }
            out.push('\n');
        }
    }
    for n in &c.notes {
        let _ = writeln!(out, "{indent}{n}");
    }
}

fn unchosen(out: &mut String, u: &Unchosen, name: &str, src: &str) {
    match u.at.from.as_deref() {
        Some(from) => {
            built_from(out, from, name, src);
            let _ = writeln!(out, "  built: {}", u.at.name);
        }
        None => place(out, &u.at, name, src),
    }
    let _ = writeln!(
        out,
        "  kernel {} against {} for its {} unfused; {}",
        u.kernel,
        u.unfused,
        egfuse_diag::plural(u.body_ops, "op"),
        u.chosen
    );
    if u.forms > 1 {
        let _ = writeln!(out, "  (the same match through {} forms)", u.forms);
    }
}

/// The header of the ops a rewrite built from the op at `from`, with that op's source line.
fn built_from(out: &mut String, from: &Place, name: &str, src: &str) {
    let _ = write!(
        out,
        "{}: ops a rewrite built from ",
        position(from, name, src)
    );
    excerpt(out, from, src);
}

/// `FILE:L:C: %3 = stablehlo.op` and the op's first source line; an op inlined from a private
/// function is placed at the call and says where its own text is.
fn place(out: &mut String, p: &Place, name: &str, src: &str) {
    if p.span.is_none() {
        let _ = writeln!(out, "{name}: {}", p.name);
        return;
    }
    let _ = write!(out, "{}: ", position(p, name, src));
    excerpt(out, p, src);
}

/// `FILE:L:C`, where the user's code has the op, or `FILE` when it has no text.
fn position(p: &Place, name: &str, src: &str) -> String {
    if p.span.is_none() {
        return name.to_string();
    }
    let (line, col) = line_col(src, p.span.start as usize);
    format!("{name}:{line}:{col}")
}

/// `%3 = stablehlo.op` (and where its text is, if elsewhere), then its first source line.
fn excerpt(out: &mut String, p: &Place, src: &str) {
    let _ = write!(out, "{} = {}", p.name, p.op);
    if p.written != p.span && !p.written.is_none() {
        let (line, col) = line_col(src, p.written.start as usize);
        let _ = write!(out, ", written at {line}:{col}");
    }
    out.push('\n');
    if let Some(text) = src.get(p.written.range()) {
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
    /// An op a rewrite built is kept when the op it was built from is.
    pub fn retain(&mut self, keep: impl Fn(&Place) -> bool) {
        let keep = |p: &Place| keep(p) || p.from.as_deref().is_some_and(&keep);
        self.candidates.retain(|c| keep(&c.at));
        self.unchosen.retain(|u| keep(&u.at));
    }
}
