//! Source spans and diagnostics, shared by every egfuse crate (the IR, the passes, the rule
//! language), and their one rendering.
//!
//! Every stage reports problems as [`Diag`] values that point into the input text with a byte
//! [`Span`]. Stages only collect them; the command-line edge calls [`render`] exactly once,
//! which turns each into a miette report: an `error: FILE:LINE:COL: message` headline, then the
//! snippet with the primary label and any secondary ones.

use miette::{GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteDiagnostic, NamedSource};
use std::fmt;

/// A half-open byte range `start..end` in one source text.
#[derive(Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Span {
    pub start: u32,
    pub end: u32,
}

impl Span {
    /// The span of something that has no source text (built by a pass, not parsed).
    pub const NONE: Span = Span {
        start: u32::MAX,
        end: u32::MAX,
    };

    pub fn new(start: usize, end: usize) -> Span {
        Span {
            start: start as u32,
            end: end as u32,
        }
    }

    /// The smallest span that covers both `self` and `other`.
    pub fn to(self, other: Span) -> Span {
        Span {
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }

    pub fn is_none(self) -> bool {
        self.start == u32::MAX
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

/// One problem found in an input, with the text it is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diag {
    /// A stable, greppable code such as `parse::expected` or `verify::dominance`.
    pub code: &'static str,
    /// The headline, one sentence without a trailing period.
    pub message: String,
    /// Where the problem is; [`Span::NONE`] when it has no source position.
    pub span: Span,
    /// The short text printed under the underlined source.
    pub label: String,
    /// Further places in the same text, each with its own label.
    pub notes: Vec<(Span, String)>,
    /// An optional hint on how to fix it.
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

/// Renders `diags` for the file `name` whose text is `src`: a `file:line:col: message` headline
/// per diagnostic (`file:0:0` when it has no position), then miette's snippet with the labels
/// (no colour, so output is stable).
pub fn render(name: &str, src: &str, diags: &[Diag]) -> String {
    let handler =
        GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor()).with_width(100);
    let mut out = String::new();
    for d in diags {
        let (line, col) = if d.span.is_none() {
            (0, 0)
        } else {
            line_col(src, d.span.start as usize)
        };
        out.push_str(&format!("error: {name}:{line}:{col}: {}\n", d.message));
        let labels = std::iter::once((d.span, d.label.clone()))
            .chain(d.notes.iter().cloned())
            .filter(|(s, _)| !s.is_none())
            .map(|(s, l)| LabeledSpan::new(Some(l), s.start as usize, s.range().len()));
        let mut report = MietteDiagnostic::new(d.message.clone())
            .with_code(d.code)
            .with_labels(labels);
        if let Some(help) = &d.help {
            report = report.with_help(help.clone());
        }
        let report = miette::Report::new(report);
        let report = if d.span.is_none() {
            report
        } else {
            report.with_source_code(NamedSource::new(name, src.to_string()))
        };
        let _ = handler.render_report(&mut out, report.as_ref());
    }
    out
}
