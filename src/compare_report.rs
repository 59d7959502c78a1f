//! The two forms of `egfuse compare`'s result: the human tables (per function, the total, the
//! fusions each plan chose, where they differ) and the JSON document of docs/reports.md.
//! Positions are `LINE:COL` of the input (`?` for a root no input text was read for); ratios
//! are to the cheapest plan, with 3 decimals.

use egfuse_cost::{Bill, Cost, Engine, FuncBill};
use egfuse_diag::line_col;
use egfuse_diag::Span;
use egfuse_reports::compare::{Comparison, Costed};
use egfuse_reports::kernels;
use serde::Serialize;
use std::collections::BTreeMap;

/// The comparison as a table per function, a total table, the fusions and the differences;
/// `xla` is XLA:CPU's kernel count of the same program, when `--xla-hlo` gave it.
pub fn human(c: &Comparison, src: &str, xla: Option<u64>) -> String {
    let mut out = String::new();
    let names: Vec<&str> = c.plans.first().map_or(Vec::new(), |p| {
        p.functions.iter().map(|f| f.name.as_str()).collect()
    });
    for (i, name) in names.iter().enumerate() {
        out.push_str(&format!("@{name}\n"));
        let bills: Vec<(&Costed, Bill, usize)> = (c.plans.iter())
            .filter_map(|p| p.functions.get(i).map(|f| (p, f.bill, f.fusions.len())))
            .collect();
        out.push_str(&bill_table(&bills));
    }
    out.push_str("total\n");
    let totals: Vec<(&Costed, Bill, usize)> = (c.plans.iter())
        .map(|p| (p, p.summary.bill, fusion_count(p)))
        .collect();
    out.push_str(&bill_table(&totals));
    out.push_str(&census_line(c));
    out.push_str(&kernel_line(c, xla));
    out.push_str(&fusions(c, src));
    out.push_str(&differences(c, src));
    out
}

/// Each plan's op census, saying what it counts, and the note of an estimate.
fn census_line(c: &Comparison) -> String {
    let counts: Vec<String> = (c.plans.iter())
        .map(|p| {
            let n = &p.summary.census;
            format!("{} {} ({} fused)", p.kind.name(), n.ops, n.fused_ops)
        })
        .collect();
    let mut line = format!(
        "  ops ({}, after inlining): {}\n",
        egfuse_cost::summary::COUNTS,
        counts.join(", ")
    );
    if let Some(e) = c.plans.first().and_then(|p| p.summary.estimate()) {
        line.push_str(&format!("  every cost is {e}\n"));
    }
    line
}

/// Each plan's kernels counted as XLA's are (`egfuse_reports::kernels`), and XLA:CPU's.
fn kernel_line(c: &Comparison, xla: Option<u64>) -> String {
    let counts: Vec<String> = (c.plans.iter())
        .map(|p| format!("{} {}", p.kind.name(), kernels::count(&p.module)))
        .collect();
    let theirs = xla.map_or(String::new(), |n| format!("; XLA:CPU {n}"));
    format!(
        "  kernels (ops after fusion but constants, returns and calls, loop bodies included): {}{theirs}\n",
        counts.join(", ")
    )
}

fn fusion_count(p: &Costed) -> usize {
    p.functions.iter().map(|f| f.fusions.len()).sum()
}

/// One row per plan: fusions, kernels, HBM bytes, cycles per engine, total, ratio.
fn bill_table(rows: &[(&Costed, Bill, usize)]) -> String {
    let best = rows
        .iter()
        .map(|(_, b, _)| b.total)
        .min()
        .unwrap_or(Cost::ZERO);
    let mut header = vec!["plan", "fusions", "kernels", "hbm bytes"]
        .into_iter()
        .map(String::from)
        .collect::<Vec<_>>();
    header.extend(Engine::ALL.iter().map(|e| format!("{} cycles", e.name())));
    header.extend(["total".to_string(), "ratio".to_string()]);
    let mut table = vec![header];
    for (p, bill, fusions) in rows {
        let mut row = vec![
            p.kind.name().to_string(),
            fusions.to_string(),
            bill.kernels.to_string(),
            bill.hbm_bytes.to_string(),
        ];
        row.extend(Engine::ALL.iter().map(|&e| bill.cycles_on(e).to_string()));
        row.push(bill.total.to_string());
        row.push(format!("{:.3}", ratio(bill.total, best)));
        table.push(row);
    }
    render(&table)
}

/// `total / best`; 1 when both are zero.
fn ratio(total: Cost, best: Cost) -> f64 {
    if best == Cost::ZERO {
        return if total == Cost::ZERO {
            1.0
        } else {
            f64::INFINITY
        };
    }
    total.ps() as f64 / best.ps() as f64
}

/// `ratio` rounded to 3 decimals, as the JSON carries it.
fn ratio3(total: Cost, best: Cost) -> f64 {
    (ratio(total, best) * 1000.0).round() / 1000.0
}

/// Rows of cells, indented by two spaces; the first column left-aligned, the others right.
fn render(rows: &[Vec<String>]) -> String {
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..columns)
        .map(|c| {
            rows.iter()
                .filter_map(|r| r.get(c))
                .map(|s| s.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for row in rows {
        let cells: Vec<String> = (row.iter().enumerate())
            .map(|(c, s)| match c {
                0 => format!("{s:<w$}", w = widths[c]),
                _ => format!("{s:>w$}", w = widths[c]),
            })
            .collect();
        out.push_str(&format!("  {}\n", cells.join("  ").trim_end()));
    }
    out
}

/// `LINE:COL` of `span` in `src`, or `?`.
fn at(src: &str, span: Span) -> String {
    if span.is_none() {
        return "?".to_string();
    }
    let (line, col) = line_col(src, span.start as usize);
    format!("{line}:{col}")
}

/// Per plan, its fusions: block (`@main/while#1 body`), kind, root position and body size.
fn fusions(c: &Comparison, src: &str) -> String {
    let mut out = String::from("fusions\n");
    for p in &c.plans {
        out.push_str(&format!("  {}: {}\n", p.kind.name(), fusion_count(p)));
        let rows: Vec<Vec<String>> = (p.functions.iter())
            .flat_map(|f| f.fusions.iter())
            .map(|x| {
                vec![
                    format!("  @{}", x.block),
                    x.kind.clone(),
                    at(src, x.root),
                    format!("{} ops", x.ops),
                ]
            })
            .collect();
        out.push_str(&render(&rows));
    }
    out
}

/// The sites where the plans' fusions differ, with each plan's count there.
fn differences(c: &Comparison, src: &str) -> String {
    if c.differences.is_empty() {
        return "differences: none\n".to_string();
    }
    let mut header = vec!["function".to_string(), "kind".into(), "at".into()];
    header.extend(c.plans.iter().map(|p| p.kind.name().to_string()));
    let mut rows = vec![header];
    for d in &c.differences {
        let mut row = vec![
            format!("@{}", d.site.function),
            d.site.kind.clone(),
            at(src, d.site.root),
        ];
        row.extend(d.counts.iter().map(usize::to_string));
        rows.push(row);
    }
    format!("differences\n{}", render(&rows))
}

/// The JSON document (docs/reports.md, `## compare`).
#[derive(Serialize)]
pub struct Report {
    target: String,
    /// The extent `?` dimensions were costed as, when the module has any (the costs are then
    /// estimates); null otherwise.
    dynamic_dim: Option<u64>,
    best: String,
    /// XLA:CPU's kernels in the `--xla-hlo` module, counted as `kernel_count` is; null
    /// without it.
    xla_kernel_count: Option<u64>,
    plans: Vec<PlanJson>,
    differences: Vec<DifferenceJson>,
}

#[derive(Serialize)]
struct PlanJson {
    name: &'static str,
    fusions: Vec<FusionJson>,
    /// The census of `egfuse_cost::summary`, as `fuse --stats-json` has it.
    ops: usize,
    fused_ops: usize,
    /// Its kernels counted as XLA's are (`egfuse_reports::kernels`).
    kernel_count: u64,
    #[serde(flatten)]
    bill: BillJson,
    ratio: f64,
    functions: Vec<FunctionJson>,
}

/// A [`Bill`] in JSON: HBM bytes, cycles per engine, kernels and the total in picoseconds.
#[derive(Serialize)]
pub struct BillJson {
    hbm_bytes: u64,
    cycles: BTreeMap<&'static str, u64>,
    kernels: u64,
    total: u64,
}

#[derive(Serialize)]
struct FusionJson {
    function: String,
    kind: String,
    at: String,
    ops: usize,
}

#[derive(Serialize)]
struct FunctionJson {
    name: String,
    #[serde(flatten)]
    bill: BillJson,
    ratio: f64,
}

#[derive(Serialize)]
struct DifferenceJson {
    function: String,
    kind: String,
    at: String,
    counts: BTreeMap<&'static str, usize>,
}

pub fn bill_json(b: &Bill) -> BillJson {
    BillJson {
        hbm_bytes: b.hbm_bytes,
        cycles: Engine::ALL
            .iter()
            .map(|&e| (e.name(), b.cycles_on(e)))
            .collect(),
        kernels: b.kernels,
        total: b.total.ps(),
    }
}

/// The comparison as the JSON document; `target` is the target's name, `xla` XLA:CPU's kernel
/// count when `--xla-hlo` gave it.
pub fn json(c: &Comparison, src: &str, target: &str, xla: Option<u64>) -> Report {
    let best = c.best().unwrap_or(Cost::ZERO);
    let best_name = (c.plans.iter())
        .find(|p| p.summary.bill.total == best)
        .map_or("", |p| p.kind.name());
    let plans = (c.plans.iter())
        .map(|p| PlanJson {
            name: p.kind.name(),
            fusions: (p.functions.iter())
                .flat_map(|f| f.fusions.iter())
                .map(|x| FusionJson {
                    function: x.block.clone(),
                    kind: x.kind.clone(),
                    at: at(src, x.root),
                    ops: x.ops,
                })
                .collect(),
            ops: p.summary.census.ops,
            fused_ops: p.summary.census.fused_ops,
            kernel_count: kernels::count(&p.module),
            bill: bill_json(&p.summary.bill),
            ratio: ratio3(p.summary.bill.total, best),
            functions: functions_json(c, &p.functions),
        })
        .collect();
    let differences = (c.differences.iter())
        .map(|d| DifferenceJson {
            function: d.site.function.clone(),
            kind: d.site.kind.clone(),
            at: at(src, d.site.root),
            counts: (c.plans.iter().map(|p| p.kind.name()))
                .zip(d.counts.iter().copied())
                .collect(),
        })
        .collect();
    Report {
        target: target.to_string(),
        dynamic_dim: c.plans.first().and_then(|p| p.summary.dynamic_dim),
        best: best_name.to_string(),
        xla_kernel_count: xla,
        plans,
        differences,
    }
}

/// A plan's functions, each with its ratio to the cheapest plan's cost of that function.
fn functions_json(c: &Comparison, functions: &[FuncBill]) -> Vec<FunctionJson> {
    (functions.iter().enumerate())
        .map(|(i, f)| {
            let best = (c.plans.iter())
                .filter_map(|p| p.functions.get(i))
                .map(|g| g.bill.total)
                .min()
                .unwrap_or(Cost::ZERO);
            FunctionJson {
                name: f.name.clone(),
                bill: bill_json(&f.bill),
                ratio: ratio3(f.bill.total, best),
            }
        })
        .collect()
}
