//! Fusion rules over the saturated graph: every match of a pattern body becomes a fused e-node
//! in its root's class, beside the unfused ops, so that extraction chooses by cost. Fusion is a
//! stage of its own after the rewrites saturate: fused nodes are opaque to rewrites, so running
//! them in the same loop would only grow the graph.

use super::frontier;
use super::lang::{Children, Node};
use super::meta::{Graph, Kernel};
use super::parallel;
use super::search::{
    candidate_classes, levels_through, ops_present, Env, Matcher, MATCHES_PER_CLASS,
};
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
    let mut index: FxHashMap<&str, usize> = FxHashMap::default();
    for (i, b) in bindings.iter().enumerate() {
        index.entry(b.var.name.as_str()).or_insert(i);
    }
    let mut used = vec![false; bindings.len()];
    (bindings.iter())
        .flat_map(|b| producers(b, &index))
        .for_each(|j| used[j] = true);
    let mut roots = (0..bindings.len()).filter(|&i| !used[i]);
    let (Some(root), None) = (roots.next(), roots.next()) else {
        return None;
    };
    let mut reached = vec![false; bindings.len()];
    let mut stack = vec![root];
    while let Some(i) = stack.pop() {
        if !std::mem::replace(&mut reached[i], true) {
            stack.extend(producers(&bindings[i], &index));
        }
    }
    reached.iter().all(|&r| r).then_some(root)
}

/// The bindings among `b`'s operands, by their index in `index`.
fn producers<'b>(
    b: &'b Binding,
    index: &'b FxHashMap<&str, usize>,
) -> impl Iterator<Item = usize> + 'b {
    b.op.operands.iter().filter_map(move |o| match o {
        Operand::Var(v) => index.get(v.name.as_str()).copied(),
        _ => None,
    })
}

/// Graphs smaller than this many nodes are searched on one thread: on synthesized Llamas of 32
/// and 64 layers (7,500 and 13,500 nodes) two threads took as long as one and 26% less.
const SERIAL_SEARCH_BELOW: usize = 10_000;

/// Adds a fused node for every match of every pattern rule (rooted at its binding `roots[r]`),
/// searching on up to `threads` threads; returns how many it added.
pub fn add_kernels(g: &mut Graph, rules: &[&FusionRule], roots: &[usize], threads: usize) -> usize {
    let groups = forms_of_one_rule(rules);
    let found: Vec<(Id, Kernel)> = {
        let g = &*g;
        let threads = parallel::threads_for(threads, g.total_size(), SERIAL_SEARCH_BELOW);
        let per_group = parallel::map(threads, &groups, |range| {
            let mut fits = FxHashMap::default();
            let mut found = Vec::new();
            for r in range.clone() {
                search_rule(g, (r, roots[r]), rules[r], &mut fits, &mut found);
            }
            found
        });
        per_group.concat()
    };
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

/// The rules in runs of the forms of one rule (they share their whole bindings and with them
/// the cache of where those fit), as ranges of indices: the tasks of the search.
fn forms_of_one_rule(rules: &[&FusionRule]) -> Vec<std::ops::Range<usize>> {
    let whole = |r: &FusionRule| r.whole.as_ref().map(std::sync::Arc::as_ptr);
    let mut out: Vec<std::ops::Range<usize>> = Vec::new();
    for (r, rule) in rules.iter().enumerate() {
        match out.last_mut() {
            Some(last) if whole(rule).is_some() && whole(rule) == whole(rules[last.start]) => {
                last.end = r + 1
            }
            _ => out.push(r..r + 1),
        }
    }
    out
}

/// Appends to `found` the kernels of every match of rule `r` rooted at its binding `root`.
fn search_rule(
    g: &Graph,
    (r, root): (usize, usize),
    rule: &FusionRule,
    fits: &mut Fits,
    found: &mut Vec<(Id, Kernel)>,
) {
    let FusionBody::Pattern(bindings) = &rule.body else {
        return;
    };
    let m = Matcher::new(g);
    let preds = bindings.iter().flat_map(|b| &b.preds);
    for class in roots(&m, rule, root, fits) {
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

/// Where a match of `rule` rooted at binding `root` may be: nowhere when the graph lacks an op
/// the rule needs ([`ops_present`]); else the classes holding the root's op near its rarest
/// op ([`anchored`]) and, for a rule with optional parts, where its whole bindings (every form
/// at once, each optional part tried present and absent) match as this form, predicates
/// aside. Up to 256 forms share a root op and most classes fit none, or one or two: one search
/// of the whole per class says which for all of them, kept in `fits` per whole and root op.
fn roots(m: &Matcher, rule: &FusionRule, root: usize, fits: &mut Fits) -> Vec<Id> {
    let FusionBody::Pattern(bindings) = &rule.body else {
        return Vec::new();
    };
    if !ops_present(m.g, rule.whole.as_deref().unwrap_or(bindings)) {
        return Vec::new();
    }
    let root_op = &bindings[root].op;
    let Some(whole) = &rule.whole else {
        return anchored(m.g, candidate_classes(m.g, root_op), bindings, root);
    };
    let ops: Vec<&str> = root_op.ops.iter().map(|o| o.name.as_str()).collect();
    let key = (std::sync::Arc::as_ptr(whole) as usize, ops.join("|"));
    let found = fits.entry(key).or_insert_with(|| {
        let classes = candidate_classes(m.g, root_op);
        let anchors = anchored(m.g, classes, whole, whole.len() - 1);
        let optional: Vec<usize> = (0..whole.len())
            .filter(|&i| whole[i].or.is_some())
            .collect();
        (anchors.into_iter())
            .filter_map(|class| Some((class, forms_at(m, (whole, &optional), class)?)))
            .collect()
    });
    let form = form_index(whole, &rule.absent);
    (found.iter())
        .filter(|(_, forms)| forms.contains(form))
        .map(|&(class, _)| class)
        .collect()
}

/// Per whole bindings and root op, the classes where the whole matches, each with the forms
/// it matches as ([`forms_at`]).
type Fits = FxHashMap<(usize, String), Vec<(Id, Forms)>>;

/// The forms the whole bindings match as at `class`, by index ([`form_index`]; `optional`
/// are the indices of the whole's optional bindings); `None` when they do not match there. A
/// search cut short at [`MATCHES_PER_CLASS`] may have missed some form, so it admits them all.
fn forms_at(m: &Matcher, (whole, optional): (&[Binding], &[usize]), class: Id) -> Option<Forms> {
    let (mut forms, mut seen) = (Forms::default(), 0);
    m.each_binding(whole, whole.len() - 1, class, &mut |env| {
        seen += 1;
        let absent = (optional.iter().enumerate())
            .filter(|&(_, &i)| !env.nodes.iter().any(|&(b, _, _)| b == i))
            .fold(0u32, |mask, (bit, _)| mask | 1 << bit);
        forms.insert(absent);
        ControlFlow::Continue(())
    });
    match seen {
        0 => None,
        MATCHES_PER_CLASS.. => Some(Forms::ALL),
        _ => Some(forms),
    }
}

/// The index of the form that leaves out the optional bindings named `absent`: bit `k` of it
/// says whether the whole's `k`th optional binding is absent (at most
/// `egfuse_dsl::expand::MAX_OPTIONAL`, 8, so 256 forms).
fn form_index(whole: &[Binding], absent: &[egfuse_dsl::ast::Var]) -> u32 {
    let optional = whole.iter().filter(|b| b.or.is_some());
    (optional.enumerate())
        .filter(|(_, b)| absent.iter().any(|v| v.name == b.var.name))
        .fold(0u32, |mask, (bit, _)| mask | 1 << bit)
}

/// A set of forms of one rule, by index ([`form_index`]).
#[derive(Clone, Copy, Debug, Default)]
struct Forms([u128; 2]);

impl Forms {
    const ALL: Forms = Forms([u128::MAX; 2]);

    fn insert(&mut self, index: u32) {
        self.0[(index / 128) as usize % 2] |= 1 << (index % 128);
    }

    fn contains(&self, index: u32) -> bool {
        self.0[(index / 128) as usize % 2] & 1 << (index % 128) != 0
    }
}

/// Of `classes`, those where binding `top` of `bindings` may match: [`frontier::anchored`] on
/// the bindings that must be present (in every match, [`ops_present`]) below `top`.
fn anchored(g: &Graph, classes: Vec<Id>, bindings: &[Binding], top: usize) -> Vec<Id> {
    let levels = levels(bindings, top);
    let below: Vec<_> = (bindings.iter().zip(levels))
        .filter(|(b, _)| b.or.is_none())
        .filter_map(|(b, level)| Some((&b.op, level.filter(|&l| l > 0)?)))
        .collect();
    frontier::anchored(g, classes, &below)
}

/// How many levels below binding `top` each binding can be, at most (through operands, and
/// the converts a binding written `through converts` reads through; `None` for a binding
/// `top` does not reach).
fn levels(bindings: &[Binding], top: usize) -> Vec<Option<u32>> {
    let mut level: Vec<Option<u32>> = vec![None; bindings.len()];
    level[top] = Some(0);
    let through = bindings.iter().map(|b| levels_through(b.converts)).max();
    let deepest = (bindings.len() as u32) * (1 + through.unwrap_or(0) as u32);
    // A pattern's bindings form a DAG: as many passes as bindings settle the longest paths.
    for _ in 0..bindings.len() {
        let mut changed = false;
        for (i, b) in bindings.iter().enumerate() {
            let Some(l) = level[i] else { continue };
            let step = 1 + levels_through(b.converts) as u32;
            for o in &b.op.operands {
                let Operand::Var(v) = o else { continue };
                let Some(j) = bindings.iter().position(|c| c.var.name == v.name) else {
                    continue;
                };
                if level[j].is_none_or(|k| k < l + step) && l < deepest {
                    level[j] = Some(l + step);
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    level
}

/// The kernel of a complete match: its body nodes in binding order (producers first), each
/// node read through (a convert, or an op of an elementwise function) just after the last
/// node that computes one of its operands (first when those are all inputs), so before every
/// binding that reads it.
fn kernel(g: &Graph, rule: usize, fr: &FusionRule, env: &Env) -> Kernel {
    let mut body = env.nodes.clone();
    body.sort_by_key(|(i, _, _)| *i);
    let operands = |(class, node): (Id, usize)| g[class].nodes[node].operands();
    let mut left = env.through.clone();
    // A node goes in once no operand of it is computed by a node still to place (they form
    // chains and DAGs).
    while let Some(k) = (left.iter())
        .position(|&t| (operands(t).iter()).all(|&o| !left.iter().any(|&(c, _)| c == g.find(o))))
    {
        let (class, node) = left.remove(k);
        let after = (operands((class, node)).iter())
            .filter_map(|&o| body.iter().rposition(|&(_, c, _)| g.find(c) == g.find(o)))
            .max();
        body.insert(after.map_or(0, |p| p + 1), (usize::MAX, class, node));
    }
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

/// The classes a kernel reads that no node before the reader computes, first use first. The
/// body lists producers first, so these are the classes it does not compute, and, in a match
/// where an op equals its own operand (`convert(x) = x` when the types agree), the class that
/// op both reads and computes: the kernel reads it as an input.
pub fn inputs(g: &Graph, k: &Kernel) -> Children {
    let mut computed: Vec<Id> = Vec::new();
    let mut out = Children::new();
    for (class, n) in &k.body {
        for &c in n.operands() {
            let c = g.find(c);
            if !computed.contains(&c) && !out.contains(&c) {
                out.push(c);
            }
        }
        computed.push(g.find(*class));
    }
    out
}
