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

/// Renders `diags` of the file `name` with text `src`, one headline and snippet each, without
/// colour so the text is stable.
pub fn render(name: &str, src: &str, diags: &[Diag]) -> String {
    let handler =
        GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor()).with_width(100);
    let mut out = String::new();
    for d in diags {
        let (line, col) = line_col(src, d.span.start as usize);
        out.push_str(&format!("error: {name}:{line}:{col}: {}\n", d.message));
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
