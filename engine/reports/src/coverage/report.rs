//! The coverage of a rule set over many files: per file its ops on one basis for every mode (the
//! unfused program after inlining, [`op_basis`]) and how many of them fusion took, per rule the
//! [`Tally`]s of every file added up, in the rule set's order. This is the JSON document
//! `egfuse coverage --json` writes (docs/reports.md), and what the table and the HTML page
//! render.

use egfuse_cost::summary::COUNTS;
use egfuse_diag::{line_col, Span};
use egfuse_dsl::ast::FusionRule;
use egfuse_dsl::RuleSet;
use egfuse_fusion::trace::{Tally, Trace};
use serde::Serialize;
use std::collections::BTreeMap;

/// What a file's `ops` count, in words: the same in every mode.
pub fn op_basis() -> String {
    format!("ops of {COUNTS}, after inlining, before fusion")
}

/// What a file's `fused_ops` count, in words.
pub const FUSED_BASIS: &str =
    "the ops less those the fused module, inlined the same way, keeps outside fusions";

/// What one file's counts are made of, as `egfuse coverage` measures them.
#[derive(Clone, Debug, Default)]
pub struct FileCensus {
    /// Ops of the input after inlining, on [`op_basis`].
    pub ops: usize,
    /// Ops of the fused module, inlined the same way, outside every fusion.
    pub left: usize,
    /// The fused module's fusions by kind.
    pub fusions: BTreeMap<String, usize>,
}

/// The whole report.
#[derive(Clone, Debug, Serialize)]
pub struct Coverage {
    /// The fusion mode the files were fused with (`egraph` or `compat`).
    pub mode: String,
    /// What `ops` counts, in words ([`op_basis`]).
    pub op_basis: String,
    /// The files' counts added up.
    pub totals: Totals,
    /// Per file, in path order.
    pub files: Vec<FileCoverage>,
    /// Per fusion rule, in the rule set's order.
    pub rules: Vec<RuleCoverage>,
    /// The rules the mode runs that matched nowhere, in the rule set's order.
    pub never_fired: Vec<String>,
    /// The rules the mode does not run, in the rule set's order.
    pub not_run: Vec<String>,
}

/// The counts of every file added up.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Totals {
    pub ops: usize,
    pub fused_ops: usize,
    pub applied: usize,
    pub merged: usize,
    pub fusions: usize,
}

/// One file's counts, or why it could not be read.
#[derive(Clone, Debug, Serialize)]
pub struct FileCoverage {
    pub path: String,
    /// Its ops on [`op_basis`].
    pub ops: usize,
    /// Those fusion took: `ops` less the fused module's ops outside every fusion.
    pub fused_ops: usize,
    /// Fusions the rules built, summed over the rules.
    pub applied: usize,
    /// Those a later pass merged into another fusion: `applied - merged` are its fusions.
    pub merged: usize,
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
    /// `line:col` of the fused root op in the user's code (of the outermost call it was inlined
    /// through, for an op written in a private function; `?` for an op a rewrite built).
    pub location: String,
    /// For an op inlined from a private function, `line:col` of its own text.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub written: Option<String>,
    /// How many fusions were built from this one place of the file: more than one when a
    /// function inlined at one call holds several calls of another (omitted when 1).
    #[serde(skip_serializing_if = "is_one")]
    pub copies: usize,
}

fn is_one(n: &usize) -> bool {
    *n == 1
}

impl Coverage {
    /// An empty report listing every fusion rule of `rules`; `runs` says which ones the mode
    /// runs.
    pub fn new(rules: &RuleSet, mode: &str, runs: impl Fn(&FusionRule) -> bool) -> Coverage {
        let mut not_run: Vec<String> = Vec::new();
        for f in rules.fusions() {
            let name = &f.name.name;
            if !not_run.contains(name) && !rules.variants(name).any(&runs) {
                not_run.push(name.clone());
            }
        }
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
            op_basis: op_basis(),
            totals: Totals::default(),
            files: Vec::new(),
            rules,
            never_fired: Vec::new(),
            not_run,
        }
    }

    /// Adds a file that fused: its counts and what the rules did in it (`src` is its text,
    /// for the sites' positions).
    pub fn add(&mut self, path: &str, src: &str, census: &FileCensus, trace: &Trace) {
        let applied: usize = trace.rules.values().map(|t| t.applied).sum();
        let fusions: usize = census.fusions.values().sum();
        self.files.push(FileCoverage {
            path: path.to_string(),
            ops: census.ops,
            fused_ops: census.ops.saturating_sub(census.left),
            applied,
            merged: applied.saturating_sub(fusions),
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
            applied: 0,
            merged: 0,
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
        self.not_run.retain(|n| kept.contains(&n.as_str()));
    }

    /// Adds up the files and lists the rules the mode runs that never matched; call once every
    /// file is added.
    pub fn finish(&mut self) {
        self.never_fired = (self.rules.iter())
            .filter(|r| r.matches == 0 && !self.not_run.contains(&r.name))
            .map(|r| r.name.clone())
            .collect();
        let sum = |count: fn(&FileCoverage) -> usize| self.files.iter().map(count).sum();
        self.totals = Totals {
            ops: sum(|f| f.ops),
            fused_ops: sum(|f| f.fused_ops),
            applied: sum(|f| f.applied),
            merged: sum(|f| f.merged),
            fusions: sum(|f| f.fusions.values().sum()),
        };
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
                written: (s.written != s.span).then(|| position(src, s.written)),
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
    (&a.file, &a.function, &a.location, &a.written)
        == (&b.file, &b.function, &b.location, &b.written)
}

/// `line:col` of a span's start, `?` when it has no source text.
fn position(src: &str, span: Span) -> String {
    if span == Span::NONE {
        return "?".to_string();
    }
    let (line, col) = line_col(src, span.start as usize);
    format!("{line}:{col}")
}
