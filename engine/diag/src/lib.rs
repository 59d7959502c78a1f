//! Source spans and diagnostics, shared by every egfuse crate (the IR, the passes, the rule
//! language), and their one rendering.
//!
//! Every stage reports problems as [`Diag`] values that point into the input text with a byte
//! [`Span`]. Stages only collect them; the command-line edge calls [`render`] exactly once,
//! which prints each once: an `error: FILE:LINE:COL: message` headline (the form editors and
//! `grep` read), then miette's snippet with the primary label and any secondary ones, and the
//! help. The message is not repeated in the snippet, and the code (`parse::expected`) is not
//! printed: it is for tests and programs, which read it from the [`Diag`].

mod words;
pub use words::plural;

use miette::{GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteDiagnostic, NamedSource};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A half-open byte range `start..end` in one source text.
#[derive(Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
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
    /// A stable code such as `parse::expected` or `verify::dominance`, for tests and programs
    /// (the rendering does not print it).
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

/// The starts of the lines of one text, for many [`line_col`] lookups in it: each is a binary
/// search, where [`line_col`] scans the text from its start (a header per kernel of a 5,000-op
/// model made `egfuse lower` quadratic in the file's size).
pub struct LineIndex<'s> {
    src: &'s str,
    starts: Vec<usize>,
}

impl<'s> LineIndex<'s> {
    pub fn new(src: &'s str) -> LineIndex<'s> {
        let breaks = src.bytes().enumerate().filter(|&(_, b)| b == b'\n');
        let starts = std::iter::once(0)
            .chain(breaks.map(|(i, _)| i + 1))
            .collect();
        LineIndex { src, starts }
    }

    /// What [`line_col`] gives for `pos`.
    pub fn line_col(&self, pos: usize) -> (usize, usize) {
        let mut pos = pos.min(self.src.len());
        while !self.src.is_char_boundary(pos) {
            pos -= 1;
        }
        let line = self.starts.partition_point(|&s| s <= pos);
        let start = self.starts[line - 1];
        (line, 1 + self.src[start..pos].chars().count())
    }
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

/// Renders `diags` for the file `name` whose text is `src`: a `file:line:col: message` headline
/// per diagnostic (`file:0:0` when it has no position), then miette's snippet with the labels
/// (no colour, so output is stable), or a plain excerpt where a line is too long to draw.
pub fn render(name: &str, src: &str, diags: &[Diag]) -> String {
    let mut out = String::new();
    for d in diags {
        let (line, col) = if d.span.is_none() {
            (0, 0)
        } else {
            line_col(src, d.span.start as usize)
        };
        out.push_str(&format!("error: {name}:{line}:{col}: {}\n", d.message));
        let spans: Vec<_> = std::iter::once(d.span)
            .chain(d.notes.iter().map(|(s, _)| *s))
            .filter(|s| !s.is_none())
            .map(Span::range)
            .collect();
        if src.trim().is_empty() {
            // An empty input has no line to draw a snippet of.
            out.push_str(&format!("  {}\n", d.label));
            if let Some(help) = &d.help {
                out.push_str(&format!("  help: {help}\n"));
            }
        } else if drawable(src, &spans) {
            snippet(&mut out, name, src, d);
        } else {
            out.push_str(&format!("  {}\n", d.label));
            out.push_str(&excerpt(src, d.span.start as usize));
            if let Some(help) = &d.help {
                out.push_str(&format!("  help: {help}\n"));
            }
        }
    }
    out
}

/// miette's rendering of `d` below its headline: the snippet with every label, then its help.
/// miette always opens a report with its message; it is given an empty one, and that first line
/// is dropped, so the message appears once, in the headline.
fn snippet(out: &mut String, name: &str, src: &str, d: &Diag) {
    let handler =
        GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor()).with_width(100);
    let labels = std::iter::once((d.span, d.label.clone()))
        .chain(d.notes.iter().cloned())
        .filter(|(s, _)| !s.is_none())
        .map(|(s, l)| LabeledSpan::new(Some(l), s.start as usize, s.range().len()));
    let mut report = MietteDiagnostic::new(String::new()).with_labels(labels);
    if let Some(help) = &d.help {
        report = report.with_help(help.clone());
    }
    let report = miette::Report::new(report);
    let report = if d.span.is_none() {
        report
    } else {
        report.with_source_code(NamedSource::new(name, src.to_string()))
    };
    let mut drawn = String::new();
    let _ = handler.render_report(&mut drawn, report.as_ref());
    out.push_str(drawn.split_once('\n').map_or("", |(_, rest)| rest));
}

#[cfg(test)]
mod tests {
    use super::{line_col, LineIndex};

    #[test]
    fn the_line_index_places_every_offset_as_line_col_does() {
        let src = "ab\n\nçé x\r\n  ∑\nlast";
        let index = LineIndex::new(src);
        for pos in 0..=src.len() + 2 {
            assert_eq!(index.line_col(pos), line_col(src, pos), "offset {pos}");
        }
        assert_eq!(LineIndex::new("").line_col(0), (1, 1));
    }
}
