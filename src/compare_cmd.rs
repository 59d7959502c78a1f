//! `egfuse compare`: fuses a module by several plans (`none`, `compat`, `egraph`), costs each
//! result with the target's model, and prints them side by side (a table per function and a
//! total, the fusions each plan chose and where they differ), optionally as JSON.
//!
//! Exit codes: 0 compared; 2 bad input, an unknown plan or rule, or a `--force` that names no
//! op or no match (a diagnostic is printed and nothing is written).

use crate::cli::{load, write_output, Loaded, Reported};
use crate::compare_report::{human, json};
use crate::rules_cmd::{self, LoadError, RuleDirs};
use crate::target_cmd::{self, TargetChoice};
use clap::Args;
use egfuse_diag::Span;
use egfuse_diag::{line_col, Diag};
use egfuse_dsl::ast::{FusionBody, Item};
use egfuse_dsl::RuleSet;
use egfuse_fusion::compat::CompatConfig;
use egfuse_fusion::egraph::{self, Force, Limits, Plan};
use egfuse_fusion::inline::{inline, InlineConfig};
use egfuse_ir::{Module, OpId};
use egfuse_reports::compare::{self, PlanKind};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub struct CompareArgs {
    /// The module to compare the plans on.
    input: PathBuf,
    /// The plans, comma-separated, in the order to list them: `none` (no fusion), `compat`
    /// (the seed's pass), `egraph` (saturation and extraction by cost).
    #[arg(long, value_delimiter = ',', default_value = "none,compat,egraph")]
    plans: Vec<String>,
    /// Require egraph mode to choose the kernel of fusion rule RULE rooted at the op written
    /// at LOC (`LINE` or `LINE:COL` of the input). Repeatable.
    #[arg(long, value_name = "RULE@LOC")]
    force: Vec<String>,
    /// Drop the rule RULE from the rule set of the compat and egraph plans. Repeatable.
    #[arg(long, value_name = "RULE")]
    forbid: Vec<String>,
    /// Saturation bounds for egraph mode, as for `egfuse fuse --limits`.
    #[arg(long, value_name = "LIMITS")]
    limits: Option<String>,
    /// Also write the comparison as JSON to OUT (docs/reports.md describes it).
    #[arg(long, value_name = "OUT")]
    json: Option<PathBuf>,
    /// Also write a Graphviz view of every plan's functions to OUT, fused ops drawn as boxes
    /// coloured by kind (docs/reports.md describes it).
    #[arg(long, value_name = "OUT")]
    dot: Option<PathBuf>,
    /// XLA:CPU's optimized HLO of the same program (`tools/xla_kernels.py --hlo-dir` writes
    /// it): its kernels are reported beside each plan's, counted the same way.
    #[arg(long, value_name = "FILE")]
    xla_hlo: Option<PathBuf>,
    #[command(flatten)]
    target: TargetChoice,
    #[command(flatten)]
    rules: RuleDirs,
}

pub fn compare(args: &CompareArgs) -> ExitCode {
    crate::cli::exit_code(run(args))
}

fn run(args: &CompareArgs) -> Result<(), Reported> {
    let plans = plans(&args.plans)?;
    let rules = rules_cmd::forbidden(rules(&args.rules)?, &args.forbid)?;
    let target = target_cmd::load(&args.target)?;
    let limits = match &args.limits {
        Some(text) => Limits::parse(text).map_err(|e| {
            eprintln!("error: bad --limits: {e}");
            Reported
        })?,
        None => Limits::default(),
    };
    let xla = args.xla_hlo.as_deref().map(xla_kernels).transpose()?;
    let mut loaded = load(&args.input)?;
    inline(&mut loaded.module, &InlineConfig::default());
    let force = forces(&loaded, &rules, &args.force)?;
    let compat = CompatConfig::default();
    let cfg = compare::Config {
        plans,
        compat,
        egraph: egraph::Config {
            limits,
            emit: compat.emit,
            cluster: compat.limits,
            inline: None,
            extractor: egraph::Extractor::Fast,
            plan: Plan { force },
        },
    };
    let comparison =
        compare::run(&loaded.module, &rules, &target, &cfg).map_err(|d| loaded.fail(&[d]))?;
    for p in &comparison.plans {
        let problems = egfuse_ir::verify::verify(&p.module);
        if !problems.is_empty() {
            eprintln!(
                "error: internal: the {} plan's module does not verify",
                p.kind.name()
            );
            return Err(loaded.fail(&problems));
        }
    }
    let text = human(&comparison, &loaded.src, xla);
    if let Some(out) = &args.json {
        let value = json(&comparison, &loaded.src, target.name(), xla);
        let mut bytes = serde_json::to_string_pretty(&value).expect("JSON of plain data");
        bytes.push('\n');
        write_output(Some(out), bytes.as_bytes())?;
    }
    if let Some(out) = &args.dot {
        let views: Vec<(&str, &Module)> = (comparison.plans.iter())
            .map(|p| (p.kind.name(), &p.module))
            .collect();
        write_output(Some(out), egfuse_reports::dot::dot(&views).as_bytes())?;
    }
    write_output(None, text.as_bytes())
}

/// XLA's kernels in the optimized HLO file `path`; a file that is not HLO text is a
/// diagnostic at its line.
fn xla_kernels(path: &std::path::Path) -> Result<u64, Reported> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        eprintln!("error: cannot read {}: {e}", path.display());
        Reported
    })?;
    egfuse_reports::kernels::xla_count(&text).map_err(|e| {
        let line = text.lines().nth(e.line - 1).unwrap_or("");
        let indent = line.len() - line.trim_start().len();
        let start = text
            .lines()
            .take(e.line - 1)
            .map(|l| l.len() + 1)
            .sum::<usize>()
            + indent;
        let span = Span::new(start, start + line.trim().len());
        let d = Diag::new("compare::xla-hlo", span, e.message)
            .with_label("not optimized HLO text")
            .with_help("give the text of `jax.jit(f).lower(...).compile().as_text()`");
        eprint!(
            "{}",
            egfuse_diag::render(&path.display().to_string(), &text, &[d])
        );
        Reported
    })
}

/// The plans `--plans` names, each once.
fn plans(names: &[String]) -> Result<Vec<PlanKind>, Reported> {
    let mut out = Vec::new();
    for name in names {
        let Some(plan) = PlanKind::parse(name.trim()) else {
            eprintln!("error: unknown plan `{name}` in --plans: expected none, compat or egraph");
            return Err(Reported);
        };
        if out.contains(&plan) {
            eprintln!("error: plan `{name}` is listed twice in --plans");
            return Err(Reported);
        }
        out.push(plan);
    }
    Ok(out)
}

fn rules(dirs: &RuleDirs) -> Result<RuleSet, Reported> {
    rules_cmd::load(dirs).map_err(|e| {
        if let LoadError::Findings(files) = e {
            files.iter().for_each(|f| eprint!("{}", f.render()));
        }
        Reported
    })
}

/// The forces `--force RULE@LOC` asks for, each resolved to a pattern fusion rule and an op.
fn forces(loaded: &Loaded, rules: &RuleSet, specs: &[String]) -> Result<Vec<Force>, Reported> {
    let mut out = Vec::new();
    for spec in specs {
        let Some((rule, at)) = spec.rsplit_once('@') else {
            eprintln!("error: bad --force `{spec}`: expected RULE@LINE or RULE@LINE:COL");
            return Err(Reported);
        };
        match rules.get(rule) {
            Some(Item::Fusion(f)) if matches!(f.body, FusionBody::Pattern(_)) => {}
            Some(_) => {
                eprintln!("error: --force `{spec}`: `{rule}` is not a pattern fusion rule (rewrites and grow rules have no kernel to force)");
                return Err(Reported);
            }
            None => {
                eprintln!("error: unknown fusion rule `{rule}` in --force `{spec}` (`egfuse rules list` lists them)");
                return Err(Reported);
            }
        }
        let root = op_at(&loaded.module, &loaded.src, at).map_err(|why| {
            let span = line_span(&loaded.src, at);
            match span {
                Some(span) => loaded
                    .fail(&[Diag::new("compare::force_at", span, why)
                        .with_label(format!("--force {spec}"))]),
                None => {
                    eprintln!("error: {}: {why}", loaded.name);
                    Reported
                }
            }
        })?;
        out.push(Force {
            rule: rule.to_string(),
            root,
        });
    }
    Ok(out)
}

/// A `LINE` or `LINE:COL` position.
fn position(at: &str) -> Option<(usize, Option<usize>)> {
    let (line, col) = match at.split_once(':') {
        Some((l, c)) => (l, Some(c.parse().ok()?)),
        None => (at, None),
    };
    Some((line.parse().ok()?, col))
}

/// The first op (in program order) with results whose text starts at `at`.
fn op_at(m: &Module, src: &str, at: &str) -> Result<OpId, String> {
    let Some((line, col)) = position(at) else {
        return Err(format!("bad location `{at}`: expected LINE or LINE:COL"));
    };
    let on_line: Vec<(OpId, usize)> = (m.walk().into_iter())
        .filter(|&op| !m.op(op).results.is_empty() && !m.op(op).span.is_none())
        .filter_map(|op| {
            let (l, c) = line_col(src, m.op(op).span.start as usize);
            (l == line).then_some((op, c))
        })
        .collect();
    if let Some(&(op, _)) = on_line
        .iter()
        .find(|(_, c)| col.is_none_or(|col| col == *c))
    {
        return Ok(op);
    }
    match on_line.first() {
        Some((_, c)) => Err(format!(
            "no op with results starts at {at}; one starts at {line}:{c}"
        )),
        None => Err(format!("no op with results starts at {at}")),
    }
}

/// The span of the line `at` names, when the input has that line.
fn line_span(src: &str, at: &str) -> Option<Span> {
    let (line, _) = position(at)?;
    let start = if line == 0 {
        return None;
    } else if line == 1 {
        0
    } else {
        src.match_indices('\n').nth(line.checked_sub(2)?)?.0 + 1
    };
    let end = src[start..].find('\n').map_or(src.len(), |e| start + e);
    Some(Span::new(start, end))
}
