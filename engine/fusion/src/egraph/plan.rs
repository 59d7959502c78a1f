//! Constraints on egraph mode's choice (`egfuse compare --force RULE@LOC`): a fusion the user
//! requires, named by its rule and the op its kernel is rooted at.
//!
//! A forced kernel costs nothing to the extractor, so the cheapest program of its root's class
//! takes it (a kernel wins ties); after extraction the choice is checked, and a force that no
//! kernel matches, or whose kernel was not taken, is a diagnostic at the root op. The costs that
//! `--stats` reports for a function with a forced kernel leave that kernel out; `egfuse compare`
//! costs the finished module and does not read them.

use super::build::BlockGraph;
use super::extract::{Choice, CostModel};
use super::lang::Node;
use super::meta::Graph;
use super::rules::Prepared;
use egfuse_cost::Cost;
use egfuse_diag::Diag;
use egfuse_ir::{Module, OpId};
use egg::Id;
use rustc_hash::FxHashSet;

/// Fusions the extracted program must contain.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Plan {
    pub force: Vec<Force>,
}

/// The kernel of fusion rule `rule` rooted at op `root` (which computes the kernel's result).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Force {
    pub rule: String,
    pub root: OpId,
}

/// The forces of one block: the kernels that satisfy them and the classes that must take one.
#[derive(Debug, Default)]
pub struct Forced {
    kernels: FxHashSet<u32>,
    /// Per force rooted in the block: its root op and the class of its result.
    wanted: Vec<(OpId, Id)>,
}

/// Every force must name an op that egraph mode fuses: one in a block it works on.
pub fn check_roots(m: &Module, plan: &Plan, blocks: &[egfuse_ir::BlockId]) -> Result<(), Diag> {
    for f in &plan.force {
        let parent = m.op(f.root).parent;
        if !parent.is_some_and(|b| blocks.contains(&b)) {
            let o = m.op(f.root);
            let message = format!(
                "cannot force `{}` at this `{}`: it is not in a block egraph mode fuses",
                f.rule, o.name
            );
            return Err(Diag::new("plan::force_place", o.span, message)
                .with_label("this op")
                .with_help(
                    "force a fusion at an op of a function body or a `while`, `case` or `if`",
                ));
        }
    }
    Ok(())
}

/// The kernels of `g` that the forces rooted in `bg`'s block ask for; a diagnostic when one of
/// those forces has no such kernel.
pub fn forced(
    m: &Module,
    bg: &BlockGraph,
    prepared: &Prepared,
    plan: &Plan,
) -> Result<Forced, Diag> {
    let g = &bg.egraph;
    let mut out = Forced::default();
    for f in plan
        .force
        .iter()
        .filter(|f| m.op(f.root).parent == Some(bg.block))
    {
        let o = m.op(f.root);
        let class = (o.results.first())
            .and_then(|v| bg.class_of.get(v))
            .map(|&c| g.find(c));
        let matching: Vec<u32> = class
            .map(|c| kernels_of(g, prepared, c, &f.rule))
            .unwrap_or_default();
        let (Some(class), false) = (class, matching.is_empty()) else {
            return Err(no_match(prepared, f, o.span, &o.name));
        };
        out.kernels.extend(matching);
        out.wanted.push((f.root, class));
    }
    Ok(out)
}

/// The fused nodes in `class` made by the rule named `rule`.
fn kernels_of(g: &Graph, prepared: &Prepared, class: Id, rule: &str) -> Vec<u32> {
    (g[class].nodes.iter())
        .filter_map(|n| match n {
            Node::Fused { fusion, .. } => Some(*fusion),
            _ => None,
        })
        .filter(|&k| {
            let r = g.analysis.kernels[k as usize].rule;
            prepared
                .fusions
                .get(r)
                .is_some_and(|fr| fr.name.name == rule)
        })
        .collect()
}

fn no_match(prepared: &Prepared, f: &Force, span: egfuse_diag::Span, op: &str) -> Diag {
    let help = match prepared.skipped.iter().find(|(r, _)| r.name.name == f.rule) {
        Some((_, why)) => format!("`{}` cannot be forced: {why}", f.rule),
        None => "`egfuse compare` lists the fusions each plan chose, with their locations".into(),
    };
    let message = format!(
        "no match of fusion rule `{}` is rooted at this `{op}`",
        f.rule
    );
    Diag::new("plan::force_unmatched", span, message)
        .with_label("the forced root")
        .with_help(help)
}

impl Forced {
    /// Checks that the choice takes a forced kernel in every class a force wants.
    pub fn check(&self, m: &Module, g: &Graph, choice: &Choice, plan: &Plan) -> Result<(), Diag> {
        for &(root, class) in &self.wanted {
            let taken = matches!(choice.node(g, class),
                Some(Node::Fused { fusion, .. }) if self.kernels.contains(fusion));
            if !taken {
                let rule = plan.force.iter().find(|f| f.root == root).map(|f| &f.rule);
                let o = m.op(root);
                let message = format!(
                    "the kernel of `{}` rooted at this `{}` matched but extraction could not take it",
                    rule.map_or("?", |r| r.as_str()),
                    o.name
                );
                return Err(Diag::new("plan::force_not_taken", o.span, message)
                    .with_label("the forced root")
                    .with_help(
                        "its value is not needed by the program, or taking it closes a cycle",
                    ));
            }
        }
        Ok(())
    }
}

/// A cost model under which the forced kernels are free.
pub struct ForcedModel<'a> {
    pub inner: &'a dyn CostModel,
    pub forced: &'a Forced,
}

impl CostModel for ForcedModel<'_> {
    fn cost(&self, g: &Graph, class: Id, node: &Node) -> Cost {
        match node {
            Node::Fused { fusion, .. } if self.forced.kernels.contains(fusion) => Cost::ZERO,
            _ => self.inner.cost(g, class, node),
        }
    }
}
