//! Fusion rules over the saturated graph: every match of a pattern body becomes a fused e-node
//! in its root's class, beside the unfused ops, so that extraction chooses by cost. Fusion is a
//! stage of its own after the rewrites saturate: fused nodes are opaque to rewrites, so running
//! them in the same loop would only grow the graph.

use super::lang::Node;
use super::meta::{Graph, Kernel};
use super::search::{candidate_classes, Env, Matcher};
use egfuse_dsl::ast::{Binding, FusionBody, FusionRule, Operand};
use egg::Id;
use rustc_hash::FxHashMap;
use std::ops::ControlFlow;

/// How many kernels one rule may add to one class.
const KERNELS_PER_CLASS: usize = 4;

/// The binding no other binding uses: the fused kernel's result. `None` when there is not
/// exactly one, or some binding is not reached from it through operands (then the rule needs
/// compat mode's anchored matcher).
pub fn root_binding(bindings: &[Binding]) -> Option<usize> {
    let used = |name: &str| {
        bindings.iter().any(|b| {
            b.op.operands
                .iter()
                .any(|o| matches!(o, Operand::Var(v) if v.name == name))
        })
    };
    let roots: Vec<usize> = (0..bindings.len())
        .filter(|&i| !used(&bindings[i].var.name))
        .collect();
    let [root] = roots[..] else { return None };
    let mut reached = vec![false; bindings.len()];
    let mut stack = vec![root];
    while let Some(i) = stack.pop() {
        if std::mem::replace(&mut reached[i], true) {
            continue;
        }
        for o in &bindings[i].op.operands {
            if let Operand::Var(v) = o {
                if let Some(j) = bindings.iter().position(|b| b.var.name == v.name) {
                    stack.push(j);
                }
            }
        }
    }
    reached.iter().all(|&r| r).then_some(root)
}

/// Adds a fused node for every match of every pattern rule; returns how many it added.
pub fn add_kernels(g: &mut Graph, rules: &[&FusionRule]) -> usize {
    let mut found: Vec<(Id, Kernel)> = Vec::new();
    let mut fits = FxHashMap::default();
    for (r, rule) in rules.iter().enumerate() {
        let FusionBody::Pattern(bindings) = &rule.body else {
            continue;
        };
        let Some(root) = root_binding(bindings) else {
            continue;
        };
        let m = Matcher::new(g);
        let preds = bindings.iter().flat_map(|b| &b.preds);
        for class in roots(&m, rule, &bindings[root], &mut fits) {
            let mut kept = 0;
            m.each_binding(bindings, root, class, &mut |env| {
                if m.preds_hold(preds.clone(), env) {
                    kept += 1;
                    found.push((class, kernel(g, r, rule, env)));
                }
                if kept == KERNELS_PER_CLASS {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            });
        }
    }
    let added = found.len();
    for (class, k) in found {
        let inputs = inputs(g, &k);
        let fusion = g.analysis.kernels.len() as u32;
        g.analysis.kernels.push(k);
        let id = g.add(Node::Fused {
            fusion,
            args: inputs,
        });
        g.union(class, id);
    }
    g.rebuild();
    added
}

/// Where a match of `rule` rooted at `root` may be: the classes holding the root's op and,
/// for a rule with optional parts, where its whole bindings (every form at once, each optional
/// part tried present and absent) match, predicates aside. Up to 64 forms share a root op and
/// most classes fit none: one search of the whole per class says so for all of them, kept in
/// `fits` per whole and root op.
fn roots(
    m: &Matcher,
    rule: &FusionRule,
    root: &Binding,
    fits: &mut FxHashMap<(usize, String), Vec<Id>>,
) -> Vec<Id> {
    let Some(whole) = &rule.whole else {
        return candidate_classes(m.g, &root.op);
    };
    let ops: Vec<&str> = root.op.ops.iter().map(|o| o.name.as_str()).collect();
    let key = (std::sync::Arc::as_ptr(whole) as usize, ops.join("|"));
    let found = fits.entry(key).or_insert_with(|| {
        let fit = |&class: &Id| {
            let mut any = false;
            m.each_binding(whole, whole.len() - 1, class, &mut |_| {
                any = true;
                ControlFlow::Break(())
            });
            any
        };
        candidate_classes(m.g, &root.op)
            .into_iter()
            .filter(fit)
            .collect()
    });
    found.clone()
}

/// The kernel of a complete match: its body nodes in binding order (producers first).
fn kernel(g: &Graph, rule: usize, fr: &FusionRule, env: &Env) -> Kernel {
    let mut body = env.nodes.clone();
    body.sort_by_key(|(i, _, _)| *i);
    let ty = body
        .last()
        .and_then(|(_, c, _)| g[*c].data.ty.clone())
        .expect("a fused root has a type");
    Kernel {
        rule,
        kind: fr.kind.name.clone(),
        body: body
            .into_iter()
            .map(|(_, c, i)| (c, g[c].nodes[i].clone()))
            .collect(),
        ty,
    }
}

/// The classes a kernel reads that it does not compute, first use first.
pub fn inputs(g: &Graph, k: &Kernel) -> Vec<Id> {
    let inside: Vec<Id> = k.body.iter().map(|(c, _)| g.find(*c)).collect();
    let mut out: Vec<Id> = Vec::new();
    for (_, n) in &k.body {
        for &c in n.operands() {
            let c = g.find(c);
            if !inside.contains(&c) && !out.contains(&c) {
                out.push(c);
            }
        }
    }
    out
}
