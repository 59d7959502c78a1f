//! Rendering diagnostics at the edge: a [`Diag`] plus its source becomes a miette report with
//! file, line, column and a label, printed once to stderr.

use crate::diag::{line_col, Diag};
use egfuse_dsl::diag::{drawable, excerpt};
use miette::{GraphicalReportHandler, GraphicalTheme, LabeledSpan, NamedSource};
use std::fmt;

/// One diagnostic bound to the text it points into.
#[derive(Debug)]
struct Report<'a> {
    diag: &'a Diag,
    source: NamedSource<String>,
}

impl fmt::Display for Report<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.diag.message)
    }
}

impl std::error::Error for Report<'_> {}

impl miette::Diagnostic for Report<'_> {
    fn code<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        Some(Box::new(self.diag.code))
    }

    fn help<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        self.diag
            .help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        (!self.diag.span.is_none()).then_some(&self.source as &dyn miette::SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        if self.diag.span.is_none() {
            return None;
        }
        let r = self.diag.span.range();
        let label = LabeledSpan::new(Some(self.diag.label.clone()), r.start, r.len());
        Some(Box::new(std::iter::once(label)))
    }
}

/// Renders `diags` for the file `name` whose text is `src`: a `file:line:col: message` headline
/// per diagnostic, then miette's snippet with the label (no colour, so output is stable).
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
        if !d.span.is_none() && !drawable(src, &[d.span.range()]) {
            // miette cannot draw a label that far along a line (see `MAX_SNIPPET_LINE`).
            out.push_str(&format!("  {}: {}\n", d.code, d.label));
            out.push_str(&excerpt(src, d.span.start as usize));
            if let Some(help) = &d.help {
                out.push_str(&format!("  help: {help}\n"));
            }
            continue;
        }
        let report = Report {
            diag: d,
            source: NamedSource::new(name, src.to_string()),
        };
        let _ = handler.render_report(&mut out, &report);
    }
    out
}
