//! The compat mode: the seed's fusion pass reproduced from the rule files
//! (000_2a3b48bb609391fd.txt, "Entry Point").
//!
//! The sub-passes run in the seed's driver order, each gated by its flag: SubExp always first;
//! DotLogistic then MulRedSqrt under `fuseDotLogistic`; Expm1, Log1p, Elementwise under
//! `generalElementwiseFusion`. Each sub-pass walks the module for its rules' anchor ops,
//! collects the clusters its anchored greedy matchers find (an op joins at most one cluster per
//! sub-pass), then builds them one by one with the shared region builder, as the seed's
//! drivers call `FusionCluster::codeGen` for each cluster after the walk.
//!
//! Invariant: compat mode matches only in function bodies that are not composite
//! decompositions (`noDelete` functions), so a built cluster is never matched again.

pub(crate) mod grow;
mod pattern;
mod preds;

pub use pattern::match_traced;
pub(crate) use preds::squeezed;
pub use preds::{
    attr_of, literal_matches, pred_holds, splat_of_dense, Captures, Facts, InControlFlow, Scope,
};

use crate::cluster::{self, Cluster, Emit, Limits};
use crate::trace::{Miss, Trace};
use egfuse_diag::Diag;
use egfuse_dsl::ast::{FusionBody, FusionRule};
use egfuse_dsl::phase::{Flag, Phase};
use egfuse_dsl::RuleSet;
use egfuse_ir::{Module, OpId};
use grow::{Claims, Grown};

/// The seed's command-line flags and how to emit the fused ops.
#[derive(Clone, Copy, Debug)]
pub struct CompatConfig {
    pub fuse_dot_logistic: bool,
    pub general_elementwise_fusion: bool,
    pub emit: Emit,
    pub limits: Limits,
}

impl Default for CompatConfig {
    /// Both sub-pass groups on (the seed does not give the flags' defaults; egfuse enables the
    /// whole pass unless told otherwise), fusions emitted as `mhlo.fusion`.
    fn default() -> CompatConfig {
        CompatConfig {
            fuse_dot_logistic: true,
            general_elementwise_fusion: true,
            emit: Emit::Fusion,
            limits: Limits::default(),
        }
    }
}

impl CompatConfig {
    /// Whether the flags let `phase` run.
    pub fn enabled(&self, phase: Phase) -> bool {
        match phase.gate() {
            None => true,
            Some(Flag::FuseDotLogistic) => self.fuse_dot_logistic,
            Some(Flag::GeneralElementwiseFusion) => self.general_elementwise_fusion,
        }
    }
}

/// One fused op the pass built.
#[derive(Clone, Debug)]
pub struct Fused {
    pub phase: Phase,
    pub rule: String,
    pub kind: String,
    /// The `mhlo.fusion` or `stablehlo.composite` op.
    pub op: OpId,
    pub num_ops: usize,
}

/// Runs the seed's sub-passes over `m`; returns what it fused, in build order.
pub fn run(m: &mut Module, rules: &RuleSet, cfg: &CompatConfig) -> Result<Vec<Fused>, Diag> {
    let phases: Vec<Phase> = Phase::ALL.into_iter().filter(|&p| cfg.enabled(p)).collect();
    run_phases(m, rules, &phases, cfg.emit, &cfg.limits)
}

/// Runs the sub-passes `phases`, in the order given, whatever the flags say (egraph mode runs
/// the Elementwise grow this way after extraction).
pub fn run_phases(
    m: &mut Module,
    rules: &RuleSet,
    phases: &[Phase],
    emit: Emit,
    limits: &Limits,
) -> Result<Vec<Fused>, Diag> {
    let scope = Scope::FunctionBodies;
    phases_traced(m, rules, phases, (emit, scope), limits, None)
}

/// [`run_phases`] with an optional coverage sink, grow rules' `top_level` holding in the blocks
/// of `scope`.
pub fn phases_traced(
    m: &mut Module,
    rules: &RuleSet,
    phases: &[Phase],
    (emit, scope): (Emit, Scope),
    limits: &Limits,
    mut trace: Option<&mut Trace>,
) -> Result<Vec<Fused>, Diag> {
    let mut fused = Vec::new();
    for &phase in phases {
        let rules = in_order(rules, phase);
        for (rule, cluster) in collect(m, &rules, scope, trace.as_deref_mut())? {
            let cluster = match &rule.body {
                FusionBody::Grow(g) if !g.copy.is_empty() => {
                    let ops = grow::take_copies(m, cluster.ops());
                    Cluster::new(m, ops, cluster.kind())?
                }
                _ => cluster,
            };
            if let (Some(t), Some(&root)) = (trace.as_deref_mut(), cluster.ops().last()) {
                t.applied(m, &rule.name.name, root);
            }
            let op = cluster::build(m, &cluster, emit, limits)?;
            fused.push(Fused {
                phase,
                rule: rule.name.name.clone(),
                kind: rule.kind.name.clone(),
                op,
                num_ops: cluster.ops().len(),
            });
        }
    }
    Ok(fused)
}

/// The rules of sub-pass `phase`, highest priority first (then rule-file order).
fn in_order(rules: &RuleSet, phase: Phase) -> Vec<&FusionRule> {
    let mut phase_rules = rules.fusions_in(phase);
    phase_rules.sort_by_key(|r| std::cmp::Reverse(r.priority()));
    phase_rules
}

/// The clusters sub-pass `phase` would build in `m` as it is, with their rules, without
/// building them (`egfuse explain`).
pub fn claims<'r>(
    m: &Module,
    rules: &'r RuleSet,
    phase: Phase,
) -> Result<Vec<(&'r FusionRule, Vec<OpId>)>, Diag> {
    let found = collect(m, &in_order(rules, phase), Scope::FunctionBodies, None)?;
    Ok(found
        .into_iter()
        .map(|(r, c)| (r, c.ops().to_vec()))
        .collect())
}

/// The clusters one sub-pass finds in a walk, before any is built (grow rules' `top_level`
/// holding in the blocks of `scope`).
fn collect<'r>(
    m: &Module,
    rules: &[&'r FusionRule],
    scope: Scope,
    mut trace: Option<&mut Trace>,
) -> Result<Vec<(&'r FusionRule, Cluster)>, Diag> {
    let mut claimed = Claims::default();
    let mut out = Vec::new();
    let walk = matchable_ops(m);
    for rule in rules {
        let found: Vec<Grown> = match (&rule.body, trace.as_deref_mut()) {
            (FusionBody::Pattern(_), None) => walk
                .iter()
                .filter_map(|&op| pattern::match_at(m, rule, op))
                .map(Grown::owning)
                .collect(),
            (FusionBody::Pattern(_), Some(t)) => traced_matches(m, rule, &walk, t)
                .into_iter()
                .map(Grown::owning)
                .collect(),
            (FusionBody::Grow(g), t) => {
                let tally = t.map(|t| (t, *rule));
                grow::clusters(m, (g, scope), &walk, &claimed, tally)
            }
            // A loaded rule set holds only expanded rules.
            (FusionBody::Steps(_), _) => Vec::new(),
        };
        for found in found {
            if claimed.overlaps(&found) {
                continue;
            }
            claimed.take(&found);
            out.push((*rule, Cluster::new(m, found.ops, &rule.kind.name)?));
        }
    }
    Ok(out)
}

/// The matches of a pattern rule over `walk`, counting each op its anchor names in `trace`.
fn traced_matches(
    m: &Module,
    rule: &FusionRule,
    walk: &[OpId],
    trace: &mut Trace,
) -> Vec<Vec<OpId>> {
    let bindings = rule.bindings();
    let mut miss = Miss::default();
    let mut out = Vec::new();
    for op in anchors_in(m, rule, walk) {
        miss.clear();
        let found = pattern::match_traced(m, rule, op, &mut miss);
        trace.anchor(rule, bindings, found.is_some(), &miss);
        out.extend(found);
    }
    out
}

/// The ops of `m` a pattern rule's anchor names, in program order, outside composite
/// decompositions: where compat mode tries the rule.
pub fn anchors(m: &Module, rule: &FusionRule) -> Vec<OpId> {
    anchors_in(m, rule, &matchable_ops(m))
}

fn anchors_in(m: &Module, rule: &FusionRule, walk: &[OpId]) -> Vec<OpId> {
    let bindings = rule.bindings();
    let Some(anchor) = bindings.iter().find(|b| b.var.name == rule.anchor.name) else {
        return Vec::new();
    };
    (walk.iter().copied())
        .filter(|&op| anchor.op.ops.iter().any(|n| n.name == *m.op(op).name))
        .collect()
}

/// Every op in program order, except those inside composite decompositions.
fn matchable_ops(m: &Module) -> Vec<OpId> {
    m.walk()
        .into_iter()
        .filter(|&op| !inside_decomposition(m, op))
        .collect()
}

fn inside_decomposition(m: &Module, op: OpId) -> bool {
    let mut cur = m.op(op).parent.and_then(|b| m.block_parent_op(b));
    while let Some(p) = cur {
        let o = m.op(p);
        if &*o.name == "func.func" {
            return o.attr("noDelete").is_some();
        }
        cur = o.parent.and_then(|b| m.block_parent_op(b));
    }
    false
}
