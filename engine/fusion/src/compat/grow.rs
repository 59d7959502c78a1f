//! The general Elementwise fusion: clusters grown from each eligible op over its producers.
//!
//! The seed names `fuseElementwiseOps` but not its algorithm. egfuse grows producer-first: the
//! walk visits ops last to first; an eligible op not yet claimed roots a cluster, and a
//! producer joins when it is eligible, sits in the same block, and every use of its results is
//! inside the cluster. Such a cluster is a tree of single-consumer edges, so it is always
//! convex (no path leaves it and comes back), and the region builder never has to reorder.
//!
//! Traced (coverage), every op of the rule's class is an anchor: it roots a cluster (a match),
//! or is rejected because an earlier rule claimed it, it joined a later op's cluster, a
//! predicate does not hold, or the cluster it roots stays below `min_ops`.

use super::preds::{pred_holds, InControlFlow, Scope};
use crate::trace::{pred_text, Trace};
use egfuse_dsl::ast::{FusionRule, Grow, OpClass};
use egfuse_ir::{Module, OpId};
use rustc_hash::{FxHashMap, FxHashSet};

/// The clusters of a `grow` rule over the ops of `walk`, skipping `claimed` ops, with `top_level`
/// holding in the blocks of `scope`; each op of the class is counted in `trace` when given (with
/// the rule it counts for).
pub fn clusters(
    m: &Module,
    (g, scope): (&Grow, Scope),
    walk: &[OpId],
    claimed: &FxHashSet<OpId>,
    mut trace: Option<(&mut Trace, &FusionRule)>,
) -> Vec<Vec<OpId>> {
    let min = g.limit("min_ops").unwrap_or(2).max(1) as usize;
    let max = g.limit("max_ops").map_or(usize::MAX, |n| n.max(1) as usize);
    let position: FxHashMap<OpId, usize> =
        walk.iter().enumerate().map(|(i, &op)| (op, i)).collect();
    let mut taken: FxHashSet<OpId> = claimed.clone();
    let mut out = Vec::new();
    for &root in walk.iter().rev() {
        if let Some((t, rule)) = trace.as_mut() {
            if let Some(why) = rejection(m, (g, scope), root, claimed, &taken) {
                t.reject(rule, why);
                continue;
            }
        }
        if taken.contains(&root) || !eligible(m, (g, scope), root) {
            continue;
        }
        let mut members = vec![root];
        let mut inside: FxHashSet<OpId> = [root].into_iter().collect();
        let mut k = 0;
        while k < members.len() && members.len() < max {
            let operands = m.op(members[k]).operands.clone();
            k += 1;
            for v in operands {
                let Some(p) = m.defining_op(v) else { continue };
                let joins = !inside.contains(&p)
                    && !taken.contains(&p)
                    && m.op(p).parent == m.op(root).parent
                    && eligible(m, (g, scope), p)
                    && all_uses_inside(m, p, &inside);
                if joins && members.len() < max {
                    members.push(p);
                    inside.insert(p);
                }
            }
        }
        if let Some((t, rule)) = trace.as_mut() {
            if members.len() < min {
                t.reject(rule, format!("fewer than min_ops = {min} ops"));
            } else {
                let tally = t.tally(rule);
                tally.anchors += 1;
                tally.matches += 1;
            }
        }
        if members.len() >= min {
            members.sort_by_key(|op| position[op]);
            taken.extend(members.iter().copied());
            out.push(members);
        }
    }
    out.reverse();
    out
}

/// Why an op of the rule's class does not root a cluster, before growing; `None` for ops
/// outside the class (not anchors) and for ops that root one.
fn rejection(
    m: &Module,
    (g, scope): (&Grow, Scope),
    op: OpId,
    claimed: &FxHashSet<OpId>,
    taken: &FxHashSet<OpId>,
) -> Option<String> {
    if !in_class(m, g, op) {
        return None;
    }
    if claimed.contains(&op) {
        return Some("claimed by an earlier rule".to_string());
    }
    if taken.contains(&op) {
        return Some("joined a later op's cluster".to_string());
    }
    failed_pred(m, (g, scope), op).map(|k| pred_text(&g.preds[k]))
}

fn eligible(m: &Module, (g, scope): (&Grow, Scope), op: OpId) -> bool {
    in_class(m, g, op) && failed_pred(m, (g, scope), op).is_none()
}

/// Whether `op` is of the rule's op class and not excepted.
fn in_class(m: &Module, g: &Grow, op: OpId) -> bool {
    let o = m.op(op);
    let in_class = match &g.class {
        OpClass::Elementwise(_) => {
            o.def.is_some_and(|d| d.traits.elementwise) && o.results.len() == 1
        }
        OpClass::Ops(names) => names.iter().any(|n| n.name == *o.name),
    };
    in_class && !g.except.iter().any(|n| n.name == *o.name) && !o.results.is_empty()
}

/// The index of the first of the rule's predicates that does not hold on `op`.
fn failed_pred(m: &Module, (g, scope): (&Grow, Scope), op: OpId) -> Option<usize> {
    let mut values = FxHashMap::default();
    values.insert(g.var.name.clone(), m.op(op).results[0]);
    let caps = FxHashMap::default();
    g.preds.iter().position(|p| match scope {
        Scope::FunctionBodies => !pred_holds(m, p, &values, &caps),
        Scope::ControlFlow => !pred_holds(&InControlFlow(m), p, &values, &caps),
    })
}

fn all_uses_inside(m: &Module, op: OpId, inside: &FxHashSet<OpId>) -> bool {
    m.op(op)
        .results
        .iter()
        .all(|&r| m.value(r).uses.iter().all(|u| inside.contains(&u.op)))
}
