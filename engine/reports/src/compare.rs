//! Fusion plans side by side (`egfuse compare`): the same module fused by each plan, each
//! result costed by one ruler ([`egfuse_cost::plan`]), and the fusions one plan built that
//! another did not.
//!
//! The plans are `none` (the module as given), `compat` (the seed's pass) and `egraph` (the
//! default mode). Each runs on its own clone of the module. The caller inlines private calls
//! first ([`egfuse_fusion::inline::inline`], as egraph mode does by default), so that every plan costs
//! the same program; egraph mode is then run without inlining of its own.

use egfuse_cost::{module_bill, summary, FuncBill, Summary, Target};
use egfuse_diag::{Diag, Span};
use egfuse_dsl::RuleSet;
use egfuse_fusion::compat::{self, CompatConfig};
use egfuse_fusion::egraph;
use egfuse_ir::Module;
use std::collections::BTreeMap;

/// A fusion plan.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PlanKind {
    /// No fusion: every op is a kernel of its own.
    None,
    /// Compat mode, the seed's syntactic pass.
    Compat,
    /// Egraph mode: saturation, kernels, extraction by cost.
    Egraph,
}

impl PlanKind {
    pub const ALL: [PlanKind; 3] = [PlanKind::None, PlanKind::Compat, PlanKind::Egraph];

    pub fn name(self) -> &'static str {
        match self {
            PlanKind::None => "none",
            PlanKind::Compat => "compat",
            PlanKind::Egraph => "egraph",
        }
    }

    /// The plan named `name`.
    pub fn parse(name: &str) -> Option<PlanKind> {
        PlanKind::ALL.into_iter().find(|p| p.name() == name)
    }
}

/// How to compare.
#[derive(Clone, Debug)]
pub struct Config {
    /// The plans, in the order reports list them.
    pub plans: Vec<PlanKind>,
    pub compat: CompatConfig,
    /// Egraph mode's configuration; its `inline` is ignored (the caller inlines once for all).
    pub egraph: egraph::Config,
}

/// One plan's result.
#[derive(Debug)]
pub struct Costed {
    pub kind: PlanKind,
    /// The fused module.
    pub module: Module,
    /// Per function, in module order.
    pub functions: Vec<FuncBill>,
    /// The whole module's census and bill (the sum over the functions), as `fuse --stats`
    /// reports them.
    pub summary: Summary,
}

/// A place a fusion was built: the block (`main`, or `main/while#1 body` inside a loop: the
/// fusion's [`egfuse_cost::plan::Fusion::block`]), the fusion's kind and its root's position.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Site {
    pub function: String,
    pub kind: String,
    pub root: Span,
}

/// A site where the plans disagree: how many fusions each plan built there, in plan order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference {
    pub site: Site,
    pub counts: Vec<usize>,
}

/// Every plan's result, and where their fusions differ.
#[derive(Debug)]
pub struct Comparison {
    pub plans: Vec<Costed>,
    /// Sites not built the same number of times by every plan, ordered by function, kind and
    /// position.
    pub differences: Vec<Difference>,
}

impl Comparison {
    /// The smallest total of the plans.
    pub fn best(&self) -> Option<egfuse_cost::Cost> {
        self.plans.iter().map(|p| p.summary.bill.total).min()
    }
}

/// Fuses `m` by every plan of `cfg` and costs the results on `target`.
pub fn run(m: &Module, rules: &RuleSet, target: &Target, cfg: &Config) -> Result<Comparison, Diag> {
    let mut plans = Vec::new();
    for &kind in &cfg.plans {
        let mut module = m.clone();
        match kind {
            PlanKind::None => {}
            PlanKind::Compat => {
                compat::run(&mut module, rules, &cfg.compat)?;
            }
            PlanKind::Egraph => {
                let ecfg = egraph::Config {
                    inline: None,
                    ..cfg.egraph.clone()
                };
                egraph::run(&mut module, rules, target, &ecfg)?;
            }
        }
        let functions = module_bill(target, &module);
        plans.push(Costed {
            kind,
            summary: summary(target, &module),
            module,
            functions,
        });
    }
    let differences = differences(&plans);
    Ok(Comparison { plans, differences })
}

/// The sites whose fusion counts are not the same in every plan.
fn differences(plans: &[Costed]) -> Vec<Difference> {
    let mut counts: BTreeMap<Site, Vec<usize>> = BTreeMap::new();
    for (i, p) in plans.iter().enumerate() {
        for f in &p.functions {
            for fusion in &f.fusions {
                let site = Site {
                    function: fusion.block.clone(),
                    kind: fusion.kind.clone(),
                    root: fusion.root,
                };
                counts.entry(site).or_insert_with(|| vec![0; plans.len()])[i] += 1;
            }
        }
    }
    counts
        .into_iter()
        .filter(|(_, c)| c.iter().any(|&n| n != c[0]))
        .map(|(site, counts)| Difference { site, counts })
        .collect()
}
