//! The HTML form of a [`Coverage`] report: one self-contained page (inline CSS, no script, no
//! network) with the totals and what the ops count, a bar per rule (anchors, matches and applied
//! fusions to one scale, and the rejections listed under it) and the per-file table. Every text
//! is escaped.

use super::table::{merges, percent};
use super::{Coverage, FileCoverage, RuleCoverage, FUSED_BASIS};
use egfuse_diag::plural;
use std::fmt::Write;

const STYLE: &str = "body{font-family:sans-serif;margin:2em;color:#222}\
table{border-collapse:collapse}td,th{padding:2px 8px;text-align:left}\
td.n,th.n{text-align:right}tr:nth-child(even){background:#f4f4f4}\
.rule{margin:0.8em 0}.bars{width:40em}.bar{height:0.9em;margin:1px 0}\
.anchors{background:#c8c8c8}.matches{background:#7aa6d8}.applied{background:#2e7d32}\
.why{font-family:monospace;font-size:90%;color:#555}.failed{color:#b00020}";

/// The report as one HTML page.
pub fn html(c: &Coverage) -> String {
    let mut out = String::new();
    out.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    let _ = writeln!(out, "<title>egfuse coverage ({})</title>", esc(&c.mode));
    let _ = writeln!(out, "<style>{STYLE}</style>\n</head>\n<body>");
    let t = &c.totals;
    let _ = writeln!(
        out,
        "<h1>egfuse coverage</h1>\n<p id=\"summary\">{}, mode {}: {} ops, {} inside fusions ({:.1}% fused); {}</p>",
        plural(c.files.len(), "file"),
        esc(&c.mode),
        t.ops,
        t.fused_ops,
        percent(t.fused_ops, t.ops),
        esc(&merges(t))
    );
    let _ = writeln!(
        out,
        "<p id=\"op-basis\">Ops, counted the same in every mode: {}. Fused: {FUSED_BASIS}.</p>",
        esc(&c.op_basis),
    );
    out.push_str("<h2>Rules</h2>\n<p>Bars: <span class=\"anchors\">&nbsp;anchors&nbsp;</span> <span class=\"matches\">&nbsp;matches&nbsp;</span> <span class=\"applied\">&nbsp;applied&nbsp;</span></p>\n<div id=\"rules\">\n");
    let scale = c.rules.iter().map(|r| r.anchors).max().unwrap_or(0).max(1);
    for r in &c.rules {
        rule(&mut out, r, scale);
    }
    out.push_str("</div>\n");
    if !c.never_fired.is_empty() {
        let names: Vec<String> = c.never_fired.iter().map(|n| esc(n)).collect();
        let _ = writeln!(
            out,
            "<p id=\"never-fired\">Never fired: {}</p>",
            names.join(", ")
        );
    }
    if !c.not_run.is_empty() {
        let names: Vec<String> = c.not_run.iter().map(|n| esc(n)).collect();
        let _ = writeln!(
            out,
            "<p id=\"not-run\">Not run in {} mode: {}</p>",
            esc(&c.mode),
            names.join(", ")
        );
    }
    files(&mut out, &c.files);
    out.push_str("</body>\n</html>\n");
    out
}

fn rule(out: &mut String, r: &RuleCoverage, scale: usize) {
    let _ = writeln!(
        out,
        "<div class=\"rule\" data-rule=\"{}\"><b>{}</b> ({}): {}, {}, {} applied",
        esc(&r.name),
        esc(&r.name),
        esc(&r.kind),
        plural(r.anchors, "anchor"),
        plural(r.matches, "match"),
        r.applied
    );
    out.push_str("<div class=\"bars\">");
    for (class, n) in [
        ("anchors", r.anchors),
        ("matches", r.matches),
        ("applied", r.applied),
    ] {
        let min = if n > 0 { "min-width:2px;" } else { "" };
        let _ = write!(
            out,
            "<div class=\"bar {class}\" style=\"{min}width:{:.2}%\" title=\"{class} {n}\"></div>",
            n as f64 * 100.0 / scale as f64
        );
    }
    out.push_str("</div>\n");
    let mut rejected: Vec<(&String, &usize)> = r.rejected.iter().collect();
    rejected.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    for (why, n) in rejected {
        let _ = writeln!(out, "<div class=\"why\">rejected {n}: {}</div>", esc(why));
    }
    out.push_str("</div>\n");
}

fn files(out: &mut String, files: &[FileCoverage]) {
    out.push_str("<h2>Files</h2>\n<table id=\"files\">\n<thead><tr><th>file</th><th class=\"n\">ops</th><th class=\"n\">fused</th><th class=\"n\">%</th><th>fusions</th></tr></thead>\n<tbody>\n");
    for f in files {
        if let Some(e) = &f.error {
            let _ = writeln!(
                out,
                "<tr><td>{}</td><td class=\"failed\" colspan=\"4\">failed: {}</td></tr>",
                esc(&f.path),
                esc(e)
            );
            continue;
        }
        let kinds: Vec<String> = f
            .fusions
            .iter()
            .map(|(k, n)| format!("{} x{n}", esc(k)))
            .collect();
        let _ = writeln!(
            out,
            "<tr><td>{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{:.1}</td><td>{}</td></tr>",
            esc(&f.path),
            f.ops,
            f.fused_ops,
            percent(f.fused_ops, f.ops),
            kinds.join(", ")
        );
    }
    out.push_str("</tbody>\n</table>\n");
}

/// `s` with HTML's special characters escaped, for text and attribute values.
fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for ch in s.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(ch),
        }
    }
    out
}
