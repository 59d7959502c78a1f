//! The general Elementwise fusion: clusters grown from each eligible op over its producers.
//!
//! The seed names `fuseElementwiseOps` but not its algorithm. egfuse grows producer-first: the
//! walk visits ops last to first; an eligible op not yet claimed roots a cluster, and a
//! producer joins when it is eligible, sits in the same block, and every use of its results is
//! inside the cluster. Such a cluster is a tree of single-consumer edges, so it is always
//! convex (no path leaves it and comes back), and the region builder never has to reorder.

use super::preds::pred_holds;
use crate::ir::{Module, OpId};
use egfuse_dsl::ast::{Grow, OpClass};
use rustc_hash::{FxHashMap, FxHashSet};

/// The clusters of a `grow` rule over the ops of `walk`, skipping `claimed` ops.
pub fn clusters(m: &Module, g: &Grow, walk: &[OpId], claimed: &FxHashSet<OpId>) -> Vec<Vec<OpId>> {
    let min = g.limit("min_ops").unwrap_or(2).max(1) as usize;
    let max = g.limit("max_ops").map_or(usize::MAX, |n| n.max(1) as usize);
    let position: FxHashMap<OpId, usize> =
        walk.iter().enumerate().map(|(i, &op)| (op, i)).collect();
    let mut taken: FxHashSet<OpId> = claimed.clone();
    let mut out = Vec::new();
    for &root in walk.iter().rev() {
        if taken.contains(&root) || !eligible(m, g, root) {
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
                    && eligible(m, g, p)
                    && all_uses_inside(m, p, &inside);
                if joins && members.len() < max {
                    members.push(p);
                    inside.insert(p);
                }
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

fn eligible(m: &Module, g: &Grow, op: OpId) -> bool {
    let o = m.op(op);
    let in_class = match &g.class {
        OpClass::Elementwise(_) => {
            o.def.is_some_and(|d| d.traits.elementwise) && o.results.len() == 1
        }
        OpClass::Ops(names) => names.iter().any(|n| n.name == *o.name),
    };
    if !in_class || g.except.iter().any(|n| n.name == *o.name) || o.results.is_empty() {
        return false;
    }
    let mut values = FxHashMap::default();
    values.insert(g.var.name.clone(), o.results[0]);
    g.preds
        .iter()
        .all(|p| pred_holds(m, p, &values, &FxHashMap::default()))
}

fn all_uses_inside(m: &Module, op: OpId, inside: &FxHashSet<OpId>) -> bool {
    m.op(op)
        .results
        .iter()
        .all(|&r| m.value(r).uses.iter().all(|u| inside.contains(&u.op)))
}
