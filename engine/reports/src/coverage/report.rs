//! The coverage of a rule set over many files: per file the [`Census`] of its fused module,
//! per rule the [`Tally`]s of every file added up, in the rule set's order. This is the JSON
//! document `egfuse coverage --json` writes (docs/reports.md), and what the table and the HTML
//! page render.

use egfuse_diag::{line_col, Span};
use egfuse_dsl::RuleSet;
use egfuse_fusion::trace::{Tally, Trace};
use egfuse_ir::fused::Census;
use serde::Serialize;
use std::collections::BTreeMap;

/// The whole report.
#[derive(Clone, Debug, Serialize)]
pub struct Coverage {
    /// The fusion mode the files were fused with (`egraph` or `compat`).
    pub mode: String,
    /// Per file, in path order.
    pub files: Vec<FileCoverage>,
    /// Per fusion rule, in the rule set's order.
    pub rules: Vec<RuleCoverage>,
    /// The rules that matched nowhere, in the rule set's order.
    pub never_fired: Vec<String>,
}

/// One file's census, or why it could not be read.
#[derive(Clone, Debug, Serialize)]
pub struct FileCoverage {
    pub path: String,
    pub ops: usize,
    pub fused_ops: usize,
    pub fusions: BTreeMap<String, usize>,
    /// The first line of the diagnostic, for a file that did not parse, verify or fuse.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// How long reading, fusing and counting the file took, in milliseconds, when asked for
    /// (`--time`: the report is otherwise the same bytes for the same input).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_ms: Option<f64>,
}

/// One rule's tallies over every file.
#[derive(Clone, Debug, Serialize)]
pub struct RuleCoverage {
    pub name: String,
    pub kind: String,
    pub anchors: usize,
    pub matches: usize,
    pub applied: usize,
    pub rejected: BTreeMap<String, usize>,
    pub sites: Vec<SiteReport>,
}

/// Where a rule's fusion was built.
#[derive(Clone, Debug, Serialize)]
pub struct SiteReport {
    pub file: String,
    pub function: String,
    /// `line:col` of the fused root op in the file (`?` for an op a rewrite built).
    pub location: String,
    /// How many fusions were built from this one place of the file: more than one when inlining
    /// copied a function called several times (omitted when 1).
    #[serde(skip_serializing_if = "is_one")]
    pub copies: usize,
}

fn is_one(n: &usize) -> bool {
    *n == 1
}

impl Coverage {
    /// An empty report listing every fusion rule of `rules`.
    pub fn new(rules: &RuleSet, mode: &str) -> Coverage {
        let mut seen = std::collections::BTreeSet::new();
        let rules = (rules.fusions())
            .filter(|f| seen.insert(f.name.name.clone()))
            .map(|f| RuleCoverage {
                name: f.name.name.clone(),
                kind: f.kind.name.clone(),
                anchors: 0,
                matches: 0,
                applied: 0,
                rejected: BTreeMap::new(),
                sites: Vec::new(),
            })
            .collect();
        Coverage {
            mode: mode.to_string(),
            files: Vec::new(),
            rules,
            never_fired: Vec::new(),
        }
    }

    /// Adds a file that fused: its census and what the rules did in it (`src` is its text,
    /// for the sites' positions).
    pub fn add(&mut self, path: &str, src: &str, census: &Census, trace: &Trace) {
        self.files.push(FileCoverage {
            path: path.to_string(),
            ops: census.ops,
            fused_ops: census.fused_ops,
            fusions: census.fusions.clone(),
            error: None,
            time_ms: None,
        });
        for r in &mut self.rules {
            if let Some(t) = trace.rules.get(&r.name) {
                r.merge(path, src, t);
            }
        }
    }

    /// Adds a file that could not be fused, with the first line of its diagnostic.
    pub fn add_failed(&mut self, path: &str, error: &str) {
        self.files.push(FileCoverage {
            path: path.to_string(),
            ops: 0,
            fused_ops: 0,
            fusions: BTreeMap::new(),
            error: Some(error.to_string()),
            time_ms: None,
        });
    }

    /// Records the time the last file added took.
    pub fn set_time(&mut self, time: std::time::Duration) {
        if let Some(f) = self.files.last_mut() {
            f.time_ms = Some((time.as_secs_f64() * 1e6).round() / 1e3);
        }
    }

    /// Keeps only the rules `keep` accepts (`--rule`, `--kind`); call after [`Coverage::finish`].
    pub fn retain_rules(&mut self, keep: impl Fn(&RuleCoverage) -> bool) {
        self.rules.retain(&keep);
        let kept: Vec<&str> = self.rules.iter().map(|r| r.name.as_str()).collect();
        self.never_fired.retain(|n| kept.contains(&n.as_str()));
    }

    /// Lists the rules that never matched; call once every file is added.
    pub fn finish(&mut self) {
        self.never_fired = (self.rules.iter())
            .filter(|r| r.matches == 0)
            .map(|r| r.name.clone())
            .collect();
    }

    /// Ops and fused ops over every file.
    pub fn totals(&self) -> (usize, usize) {
        let ops = self.files.iter().map(|f| f.ops).sum();
        let fused = self.files.iter().map(|f| f.fused_ops).sum();
        (ops, fused)
    }

    /// The report as pretty-printed JSON with a final newline.
    pub fn to_json(&self) -> String {
        let mut s = serde_json::to_string_pretty(self).expect("the report serializes");
        s.push('\n');
        s
    }
}

impl RuleCoverage {
    fn merge(&mut self, path: &str, src: &str, t: &Tally) {
        self.anchors += t.anchors;
        self.matches += t.matches;
        self.applied += t.applied;
        for (why, n) in &t.rejected {
            *self.rejected.entry(why.clone()).or_default() += n;
        }
        for s in &t.sites {
            let site = SiteReport {
                file: path.to_string(),
                function: s.function.clone(),
                location: position(src, s.span),
                copies: 1,
            };
            // A site with no source position is a different op each time: only copies of one
            // written op share a place.
            let copy = (site.location != "?")
                .then(|| self.sites.iter_mut().find(|o| same_place(o, &site)))
                .flatten();
            match copy {
                Some(o) => o.copies += 1,
                None => self.sites.push(site),
            }
        }
    }
}

/// Whether two sites are the same op of the same file and function.
fn same_place(a: &SiteReport, b: &SiteReport) -> bool {
    (&a.file, &a.function, &a.location) == (&b.file, &b.function, &b.location)
}

/// `line:col` of a span's start, `?` when it has no source text.
fn position(src: &str, span: Span) -> String {
    if span == Span::NONE {
        return "?".to_string();
    }
    let (line, col) = line_col(src, span.start as usize);
    format!("{line}:{col}")
}
