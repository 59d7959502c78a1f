//! `egfuse rules check --soundness`: every rule run on random small instances with the
//! interpreter, before and after, as the engine applies it.
//!
//! ```text
//! rule ──pattern──► dataflow graph (per combination of op alternatives)
//!      ──types──► typed instance (per element type and broadcast plan)
//!      ──mlir──► @main, parsed and verified
//!      ──rewrite / fusion──► the instance after the rule, as egraph (and compat) mode build it
//!      ──trial──► both run on the same random draws and compared
//! ```
//!
//! A rewrite is checked in each direction it runs, within its tolerance (the larger of four
//! units in the last place of the element type and the rule's `tolerance`), and against an f64
//! reference with bf16 and f16 held in f32, as XLA computes them (no further from it than the
//! matched side, by more than the tolerance in f32); a fusion in every
//! mode and emission that runs it, exactly (a fused kernel computes the ops it holds). A rule
//! is `ok`, `UNSOUND` with a witness (or with the module its application made that does not
//! verify or run), or `not checked` with the reason: a rule is never passed without an
//! instance that ran.

mod fusion;
mod mlir;
mod pattern;
mod report;
mod rewrite;
mod trial;
mod types;

pub use fusion::Mode;
pub use trial::{epsilon, Witness, DEFAULT_ULPS, DRAWS};
pub use types::Dtype;

use egfuse_cost::Target;
use egfuse_dsl::ast::{Direction, FusionRule, Item, RewriteRule};
use egfuse_dsl::RuleSet;
use egfuse_interp::compare::Tolerance;
use egfuse_ir::Module;
use pattern::{combinations, Node, Pattern};
use rewrite::Applied;
use std::collections::BTreeSet;
use trial::{Bounds, RunError};
use types::{Broadcast, Cast, Plan, Refusal};

/// How many combinations of op alternatives a rule is checked with.
const ALTERNATIVES: usize = 16;

/// What the check needs besides the rules.
pub struct Config<'t> {
    /// The cost model egraph mode extracts with.
    pub target: &'t Target,
}

/// The verdicts, one per rule in rule-set order.
#[derive(Debug)]
pub struct Report {
    pub rules: Vec<RuleReport>,
}

impl Report {
    /// How many rules are unsound.
    pub fn unsound(&self) -> usize {
        (self.rules.iter())
            .filter(|r| matches!(r.verdict, Verdict::Unsound(_)))
            .count()
    }
}

/// One rule's verdict.
#[derive(Debug)]
pub struct RuleReport {
    pub file: String,
    pub name: String,
    pub fusion: bool,
    pub verdict: Verdict,
}

#[derive(Debug)]
pub enum Verdict {
    Ok(Coverage),
    Unsound(Box<Failure>),
    NotChecked(String),
}

/// What an `ok` rule was checked on.
#[derive(Debug, Default)]
pub struct Coverage {
    pub dtypes: BTreeSet<Dtype>,
    pub instances: usize,
    /// The directions or fusion modes that ran.
    pub ways: Vec<String>,
    /// What was left out (alternatives beyond the cap, modes that fused nothing, instances
    /// the matcher did not take).
    pub gaps: Vec<String>,
}

/// How a rule failed.
#[derive(Debug)]
pub struct Failure {
    /// The direction or fusion mode.
    pub way: String,
    pub dtype: Dtype,
    /// The instance's module text.
    pub instance: String,
    /// The module the rule made of it, as egfuse prints it.
    pub after: String,
    pub problem: Problem,
}

#[derive(Debug)]
pub enum Problem {
    /// The two runs differ beyond the tolerance.
    Differs(Box<Witness>),
    /// The module after the rule does not verify or does not run.
    Invalid(String),
}

/// Checks every rule of `set`.
pub fn check(set: &RuleSet, cfg: &Config) -> Report {
    let rules = set
        .items()
        .filter(|(_, item)| matches!(item, Item::Fusion(_) | Item::Rewrite(_) | Item::Fragment(_)))
        .map(|(file, item)| {
            let verdict = match item {
                Item::Rewrite(r) => check_rewrite(r).unwrap_or_else(Verdict::NotChecked),
                Item::Fusion(f) => {
                    check_fusion(&file.name, f, cfg).unwrap_or_else(Verdict::NotChecked)
                }
                _ => {
                    Verdict::NotChecked("a fragment is checked in the fusions that call it".into())
                }
            };
            let name = match item {
                Item::Fusion(f) => f.title(),
                _ => item.name().name.clone(),
            };
            RuleReport {
                file: file.name.clone(),
                name,
                fusion: matches!(item, Item::Fusion(_)),
                verdict,
            }
        })
        .collect();
    Report { rules }
}

/// An instance ready to run.
struct Instance {
    dtype: Dtype,
    /// The inputs' names in the rule, in argument order.
    names: Vec<String>,
    text: String,
    module: Module,
}

/// Every distinct instance of `patterns` over the element types, broadcast and cast plans, or why
/// one cannot be made. A broadcast plan whose types cannot be solved is left out when another
/// plan gives the pattern an instance (a reshape to a unit dimension more can leave a dot no
/// matmul shape).
fn instances(patterns: &[Pattern]) -> Result<Vec<Instance>, String> {
    let mut out = Vec::new();
    let mut seen = BTreeSet::new();
    for p in patterns {
        let mut unsolved = None;
        let before = out.len();
        for dtype in Dtype::CHECKED {
            let plans = [Broadcast::Keep, Broadcast::Drop]
                .into_iter()
                .flat_map(|b| [Cast::Partner, Cast::Same].map(|c| (b, c)));
            for (broadcast, cast) in plans {
                let plan = Plan {
                    dtype,
                    broadcast,
                    cast,
                };
                let t = match types::solve(p, plan) {
                    Ok(t) => t,
                    Err(Refusal::NotAdmitted) => continue,
                    Err(Refusal::Cannot(why)) => {
                        unsolved.get_or_insert(why);
                        continue;
                    }
                };
                let text = mlir::module(p, &t);
                if !seen.insert(text.clone()) {
                    continue;
                }
                let module = egfuse_ir::parse::parse(&text)
                    .map_err(|d| format!("the instance does not parse: {}", d.message))?;
                if let Some(d) = egfuse_ir::verify::verify(&module).first() {
                    return Err(format!("the instance does not verify: {}", d.message));
                }
                let names = (p.inputs().iter())
                    .filter_map(|&id| match p.node(id) {
                        Node::Input(n) => Some(n.clone()),
                        _ => None,
                    })
                    .collect();
                out.push(Instance {
                    dtype,
                    names,
                    text,
                    module,
                });
            }
        }
        match unsolved {
            Some(why) if out.len() == before => return Err(why),
            _ => {}
        }
    }
    Ok(out)
}

/// Runs `inst` before and after; a failure, or why the instance itself does not run.
fn judge(
    inst: &Instance,
    after: &Module,
    bounds: Bounds,
    way: &str,
) -> Result<Option<Failure>, String> {
    let fail = |problem| Ok(Some(failure(inst, Some(after), way, problem)));
    if let Some(d) = egfuse_ir::verify::verify(after).first() {
        return fail(Problem::Invalid(format!(
            "the result does not verify: {}",
            d.message
        )));
    }
    match trial::run(&inst.module, after, &inst.names, bounds) {
        Ok(None) => Ok(None),
        Ok(Some(w)) => fail(Problem::Differs(Box::new(w))),
        Err(RunError::Before(e)) => Err(format!("the instance does not run: {e}")),
        Err(RunError::After(e)) => fail(Problem::Invalid(format!("the result does not run: {e}"))),
    }
}

fn failure(inst: &Instance, after: Option<&Module>, way: &str, problem: Problem) -> Failure {
    Failure {
        way: way.to_string(),
        dtype: inst.dtype,
        instance: inst.text.clone(),
        after: after.map_or_else(String::new, |m| {
            egfuse_ir::print::print(m, Default::default())
        }),
        problem,
    }
}

fn check_rewrite(rule: &RewriteRule) -> Result<Verdict, String> {
    let mut cov = Coverage::default();
    let mut dirs = vec![(&rule.lhs, false, "left to right")];
    if rule.direction == Direction::Both {
        dirs.push((&rule.rhs, true, "right to left"));
    }
    let rule_tol = rule.tolerance.as_ref().map(|n| n.value);
    for (side, reverse, way) in dirs {
        let (picks, total) = combinations(&Pattern::choices(side), ALTERNATIVES);
        if total > picks.len() {
            cov.gaps.push(format!(
                "{way}: {} of {total} combinations of alternatives",
                picks.len()
            ));
        }
        let patterns: Vec<Pattern> = picks.iter().map(|p| Pattern::from_expr(side, p)).collect();
        let (mut checked, mut unmatched, mut unbuilt) = (0, 0, 0);
        let in_way = |e: String| format!("{way}: {e}");
        for inst in instances(&patterns).map_err(in_way)? {
            let after = match rewrite::apply(&inst.module, rule, reverse).map_err(in_way)? {
                Applied::Rewritten(after) => after,
                Applied::NoMatch => {
                    unmatched += 1;
                    continue;
                }
                Applied::NotBuilt => {
                    unbuilt += 1;
                    continue;
                }
            };
            let bounds = trial::bounds(inst.dtype, rule_tol);
            if let Some(f) = judge(&inst, &after, bounds, way).map_err(in_way)? {
                return Ok(Verdict::Unsound(Box::new(f)));
            }
            cov.dtypes.insert(inst.dtype);
            checked += 1;
        }
        if checked == 0 {
            return Err(match (unmatched, unbuilt) {
                (0, 0) => {
                    format!("{way}: no element type tried suits the rule's ops and constants")
                }
                (_, 0) => format!("{way}: no instance satisfies the rule's conditions"),
                _ => format!("{way}: egraph mode cannot type the other side of any instance"),
            });
        }
        if unmatched > 0 && rule.preds.is_empty() {
            cov.gaps
                .push(format!("{way}: {unmatched} instances not matched"));
        }
        cov.instances += checked;
        cov.ways.push(way.to_string());
    }
    Ok(Verdict::Ok(cov))
}

fn check_fusion(file: &str, rule: &FusionRule, cfg: &Config) -> Result<Verdict, String> {
    let set = rewrite::only(file, &Item::Fusion(rule.clone()));
    let (patterns, total) = fusion::patterns(rule, ALTERNATIVES)?;
    let mut cov = Coverage::default();
    if total > patterns.len() {
        cov.gaps.push(format!(
            "{} of {total} combinations of alternatives",
            patterns.len()
        ));
    }
    let modes = Mode::of(rule);
    let mut fused = vec![0usize; modes.len()];
    let exact = Bounds {
        declared: Tolerance {
            atol: 0.0,
            rtol: 0.0,
        },
        held: None,
    };
    for inst in instances(&patterns)? {
        for (k, &mode) in modes.iter().enumerate() {
            let after = match fusion::fuse(&inst.module, &set, rule, mode, cfg.target) {
                Ok(Some(after)) => after,
                Ok(None) => continue,
                Err(e) => {
                    let problem = Problem::Invalid(format!("fusing fails: {e}"));
                    return Ok(Verdict::Unsound(Box::new(failure(
                        &inst,
                        None,
                        &mode.name(),
                        problem,
                    ))));
                }
            };
            if let Some(f) = judge(&inst, &after, exact, &mode.name())? {
                return Ok(Verdict::Unsound(Box::new(f)));
            }
            fused[k] += 1;
            cov.dtypes.insert(inst.dtype);
        }
    }
    for (mode, &n) in modes.iter().zip(&fused) {
        if n == 0 {
            cov.gaps.push(format!("{}: no instance fused", mode.name()));
        } else {
            cov.ways.push(mode.name());
        }
    }
    cov.instances = fused.iter().sum();
    if cov.instances == 0 {
        return Err("no mode fuses any instance of the pattern".into());
    }
    Ok(Verdict::Ok(cov))
}

#[cfg(test)]
mod tests;
