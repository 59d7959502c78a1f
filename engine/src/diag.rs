//! Source spans and diagnostics.
//!
//! Every stage reports problems as [`Diag`] values that point into the input text with a byte
//! [`Span`]. Nothing here renders: the command-line edge turns a `Diag` into a miette report
//! (file, line, column, a label on the offending text) exactly once.

use std::fmt;

/// A half-open byte range `start..end` in one source text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
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
    /// An optional hint on how to fix it.
    pub help: Option<String>,
}

impl Diag {
    pub fn new(code: &'static str, span: Span, message: impl Into<String>) -> Diag {
        let message = message.into();
        Diag {
            code,
            label: String::from("here"),
            message,
            span,
            help: None,
        }
    }

    pub fn with_label(mut self, label: impl Into<String>) -> Diag {
        self.label = label.into();
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

/// 1-based line and column (in characters) of byte offset `pos` in `src`.
pub fn line_col(src: &str, pos: usize) -> (usize, usize) {
    let pos = pos.min(src.len());
    let before = &src.as_bytes()[..pos];
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let col = String::from_utf8_lossy(&before[line_start..])
        .chars()
        .count()
        + 1;
    (line, col)
}
