//! `egfuse fuse --stats` and `--stats-json`: what inlining did, egraph mode's report per block
//! (each function body, and each block of its `while`, `case` and `if`, named as
//! [`egfuse_ir::blocks`] names it), each pass's time, and the module's census and cost before
//! and after fusion, as text (standard error) or as the JSON document of docs/reports.md.
//!
//! The module's numbers are [`egfuse_cost::summary`]'s, the ones `compare` reports: every
//! function body with nested regions included, after inlining when the mode inlines. The
//! blocks' e-graph numbers are extraction's own (top-level pure ops, before the grow).

use crate::compare_report::{bill_json, BillJson};
use crate::fuse_cmd::Mode;
use egfuse_cost::summary::COUNTS;
use egfuse_cost::{summary, Summary, Target};
use egfuse_fusion::fuse::{self as fusion, FuseReport};
use egfuse_fusion::inline::inline;
use egfuse_ir::Module;
use serde::Serialize;
use std::collections::BTreeMap;

/// Everything `--stats` reports about one run.
pub struct Stats<'a> {
    pub input: &'a str,
    pub mode: Mode,
    pub target: &'a Target,
    /// The module before fusion, after the inlining the mode does.
    pub before: Summary,
    /// The fused module.
    pub after: Summary,
    pub report: &'a FuseReport,
}

/// The census and cost of `m` as fusion will see it: inlined first when `mode` inlines.
pub fn unfused(m: &Module, mode: &fusion::Mode, target: &Target) -> Summary {
    match mode {
        fusion::Mode::Egraph(cfg) if cfg.inline.is_some() => {
            let mut inlined = m.clone();
            if let Some(c) = &cfg.inline {
                inline(&mut inlined, c);
            }
            summary(target, &inlined)
        }
        _ => summary(target, m),
    }
}

/// `fused K clusters: Kind xN, ...` (or `none`), the line every run ends with.
pub fn fused_line(report: &FuseReport) -> String {
    let kinds = report.kinds();
    let total: usize = kinds.values().sum();
    let summary: Vec<String> = kinds.iter().map(|(k, n)| format!("{k} x{n}")).collect();
    let list = if summary.is_empty() {
        "none".to_string()
    } else {
        summary.join(", ")
    };
    format!("fused {}: {list}", egfuse_diag::plural(total, "cluster"))
}

impl Stats<'_> {
    /// What the module's numbers count.
    fn counts(&self) -> String {
        match self.report.inlined {
            Some(_) => format!("{COUNTS}, after inlining"),
            None => COUNTS.to_string(),
        }
    }

    /// The text `--stats` prints: inlining, the blocks, the passes, then the module before
    /// (`unfused:`) and after (`module:`) with what they count.
    pub fn text(&self) -> String {
        let r = self.report;
        let mut out = String::new();
        if let Some(i) = &r.inlined {
            out.push_str(&format!("{i}\n"));
        }
        for (name, why) in &r.refused {
            out.push_str(&format!("rewrite {name} not used: {why}\n"));
        }
        r.functions
            .iter()
            .for_each(|f| out.push_str(&f.to_string()));
        let passes: Vec<String> = r.passes.iter().map(|p| p.to_string()).collect();
        out.push_str(&format!("pass time: {}\n", passes.join(", ")));
        out.push_str(&format!("census and cost of {}:\n", self.counts()));
        out.push_str(&format!("unfused: {}\n", self.before));
        out.push_str(&format!("module: {}\n", self.after));
        out
    }

    /// The JSON document `--stats-json` writes, pretty-printed with a final newline.
    pub fn json(&self) -> String {
        let r = self.report;
        let doc = Document {
            input: self.input,
            mode: match self.mode {
                Mode::Egraph => "egraph",
                Mode::Compat => "compat",
            },
            target: self.target.name(),
            counts: self.counts(),
            dynamic_dim: self.after.dynamic_dim,
            before: ModuleJson::of(&self.before),
            after: ModuleJson::of(&self.after),
            inlined: r.inlined.as_ref().map(|i| i.to_string()),
            functions: r.functions.iter().map(FunctionJson::of).collect(),
            passes: (r.passes.iter())
                .map(|p| (p.name, p.time.as_secs_f64() * 1e3))
                .collect(),
        };
        let mut text = serde_json::to_string_pretty(&doc).expect("JSON of plain data");
        text.push('\n');
        text
    }
}

/// The `--stats-json` document (docs/reports.md, `## fuse --stats-json`).
#[derive(Serialize)]
struct Document<'a> {
    input: &'a str,
    mode: &'static str,
    target: &'a str,
    counts: String,
    dynamic_dim: Option<u64>,
    before: ModuleJson,
    after: ModuleJson,
    inlined: Option<String>,
    functions: Vec<FunctionJson>,
    /// Pass name to milliseconds, in pipeline order.
    passes: Vec<(&'static str, f64)>,
}

/// A [`Summary`]: the census, then the bill as `compare --json` writes it.
#[derive(Serialize)]
struct ModuleJson {
    ops: usize,
    fused_ops: usize,
    fusions: BTreeMap<String, usize>,
    #[serde(flatten)]
    bill: BillJson,
}

impl ModuleJson {
    fn of(s: &Summary) -> ModuleJson {
        ModuleJson {
            ops: s.census.ops,
            fused_ops: s.census.fused_ops,
            fusions: s.census.fusions.clone(),
            bill: bill_json(&s.bill),
        }
    }
}

/// One block's e-graph report (egraph mode).
#[derive(Serialize)]
struct FunctionJson {
    name: String,
    egraph_ops: usize,
    nodes: usize,
    classes: usize,
    saturation: Option<String>,
    iterations: Option<usize>,
    egraph_cost_before: u64,
    egraph_cost_after: u64,
    extraction: String,
    fused: BTreeMap<String, usize>,
    merged: BTreeMap<String, usize>,
    matches: BTreeMap<String, usize>,
}

impl FunctionJson {
    fn of(f: &egfuse_fusion::egraph::FuncStats) -> FunctionJson {
        FunctionJson {
            name: f.name.clone(),
            egraph_ops: f.pure_ops,
            nodes: f.nodes,
            classes: f.classes,
            saturation: f.saturation.as_ref().map(|s| s.stop.to_string()),
            iterations: f.saturation.as_ref().map(|s| s.iterations),
            egraph_cost_before: f.cost_before.ps(),
            egraph_cost_after: f.cost_after.ps(),
            extraction: f.extract.to_string(),
            fused: f.fused.clone(),
            merged: f.merged.clone(),
            matches: f.found.clone(),
        }
    }
}
