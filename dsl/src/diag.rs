//! Spans and diagnostics of the rule language, and their rendering as miette reports.
//!
//! The rule language cannot use the engine's `Diag` (the engine depends on this crate, not the
//! other way round), so it has its own, with the same fields and the same rendered form: a
//! `error: FILE:LINE:COL: message` headline, then miette's snippet with the labels.

use miette::{GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteDiagnostic, NamedSource};
use std::fmt;

/// A half-open byte range `start..end` in one rule file.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Span {
    pub start: u32,
    pub end: u32,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Span {
        Span {
            start: start as u32,
            end: end as u32,
        }
    }

    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span {
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }

    pub fn range(self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }
}

/// Spans print as `@start..end`, short enough to keep syntax-tree dumps readable.
impl fmt::Debug for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "@{}..{}", self.start, self.end)
    }
}

/// One problem in a rule file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diag {
    /// A stable code such as `parse::syntax` or `check::unbound`.
    pub code: &'static str,
    /// The headline: one sentence, no trailing period.
    pub message: String,
    pub span: Span,
    /// The text under the underlined source.
    pub label: String,
    /// Further places in the same file, each with its own label.
    pub notes: Vec<(Span, String)>,
    pub help: Option<String>,
}

impl Diag {
    pub fn new(code: &'static str, span: Span, message: impl Into<String>) -> Diag {
        Diag {
            code,
            message: message.into(),
            span,
            label: String::from("here"),
            notes: Vec::new(),
            help: None,
        }
    }

    pub fn with_label(mut self, label: impl Into<String>) -> Diag {
        self.label = label.into();
        self
    }

    pub fn with_note(mut self, span: Span, label: impl Into<String>) -> Diag {
        self.notes.push((span, label.into()));
        self
    }

    pub fn with_help(mut self, help: impl Into<String>) -> Diag {
        self.help = Some(help.into());
        self
    }
}

impl fmt::Display for Diag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Diag {}

/// 1-based line and column (counted in characters) of byte offset `pos` in `src`.
pub fn line_col(src: &str, pos: usize) -> (usize, usize) {
    let mut pos = pos.min(src.len());
    while !src.is_char_boundary(pos) {
        pos -= 1;
    }
    let before = &src[..pos];
    let line = 1 + before.matches('\n').count();
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, 1 + before[line_start..].chars().count())
}

/// The longest source line a snippet draws. miette passes a label's column as a format width,
/// which panics past 65,535, and a longer line is no use on a terminal anyway.
pub const MAX_SNIPPET_LINE: usize = 1000;

/// Whether the lines a snippet of `spans` shows (each span's lines and one line either side)
/// are short enough to draw.
pub fn drawable(src: &str, spans: &[std::ops::Range<usize>]) -> bool {
    spans.iter().all(|r| {
        let (start, end) = (boundary(src, r.start), boundary(src, r.end));
        let before = src[..start].rfind('\n').unwrap_or(0);
        let from = src[..before].rfind('\n').map_or(0, |i| i + 1);
        let after = src[end..].find('\n').map_or(src.len(), |i| end + i + 1);
        let to = src[after..].find('\n').map_or(src.len(), |i| after + i);
        (src[from..to].split('\n')).all(|l| l.chars().count() <= MAX_SNIPPET_LINE)
    })
}

/// The char boundary at or before byte `i` of `src` (spans may point inside a character).
fn boundary(src: &str, i: usize) -> usize {
    let mut i = i.min(src.len());
    while !src.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// What a report that cannot draw its snippet shows instead: up to 40 characters either side
/// of `at` on its line, and a caret under `at`.
pub fn excerpt(src: &str, at: usize) -> String {
    let at = boundary(src, at);
    let line_start = src[..at].rfind('\n').map_or(0, |i| i + 1);
    let line_end = src[at..].find('\n').map_or(src.len(), |i| at + i);
    let before: String = src[line_start..at].chars().rev().take(40).collect();
    let before: String = before.chars().rev().collect();
    let after: String = src[at..line_end].chars().take(40).collect();
    let pad = " ".repeat(before.chars().count());
    format!("    {before}{after}\n    {pad}^\n")
}

/// Renders `diags` of the file `name` with text `src`, one headline and snippet each, without
/// colour so the text is stable.
pub fn render(name: &str, src: &str, diags: &[Diag]) -> String {
    let handler =
        GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor()).with_width(100);
    let mut out = String::new();
    for d in diags {
        let (line, col) = line_col(src, d.span.start as usize);
        out.push_str(&format!("error: {name}:{line}:{col}: {}\n", d.message));
        let spans: Vec<_> = std::iter::once(d.span.range())
            .chain(d.notes.iter().map(|(s, _)| s.range()))
            .collect();
        if !drawable(src, &spans) {
            out.push_str(&format!("  {}: {}\n", d.code, d.label));
            out.push_str(&excerpt(src, d.span.start as usize));
            if let Some(help) = &d.help {
                out.push_str(&format!("  help: {help}\n"));
            }
            continue;
        }
        let labels = std::iter::once((d.span, d.label.clone()))
            .chain(d.notes.iter().cloned())
            .map(|(s, l)| LabeledSpan::new(Some(l), s.start as usize, s.range().len()));
        let mut report = MietteDiagnostic::new(d.message.clone())
            .with_code(d.code)
            .with_labels(labels);
        if let Some(help) = &d.help {
            report = report.with_help(help.clone());
        }
        let report =
            miette::Report::new(report).with_source_code(NamedSource::new(name, src.to_string()));
        let _ = handler.render_report(&mut out, report.as_ref());
    }
    out
}
