//! Kernel results beyond the root: a value a chosen kernel computes inside, which the program
//! also needs outside it, is given by the kernel as one more result instead of being computed
//! again by the nodes extraction chose for it. An MX quantize computes the block scale inside
//! its kernel, and the module returns the scale too; without this, the scale's whole chain
//! (the block maximum over the input included) ran twice.
//!
//! An export must not make the program read itself: the kernel's inputs, computed with the
//! exports of the kernels before it (in class order), may not need the value it exports, nor
//! the kernel. One walk from the inputs per kernel says so for all its values at once: its own
//! exports lead back only to the kernel, whose inputs the walk starts from.

use super::extract::Choice;
use super::lang::Node;
use super::meta::Graph;
use egg::Id;
use rustc_hash::{FxHashMap, FxHashSet};

/// The interior classes of chosen kernels that the program needs outside them, each with the
/// class of the kernel (its root) that gives it.
pub fn exports(g: &Graph, choice: &Choice, roots: &[Id]) -> FxHashMap<Id, Id> {
    let needed = reached(g, choice, roots, &FxHashMap::default());
    let mut out: FxHashMap<Id, Id> = FxHashMap::default();
    let mut kernels: Vec<Id> = (needed.iter().copied())
        .filter(|&c| matches!(choice.node(g, c), Some(Node::Fused { .. })))
        .collect();
    kernels.sort();
    for root in kernels {
        let Some(Node::Fused { fusion, args }) = choice.node(g, root) else {
            continue;
        };
        let body = &g.analysis.kernels[*fusion as usize].body;
        // Never another kernel's root: every kernel a needed class chose is then built from
        // its own root, so the kernels its exports name are built.
        let prologue = matmul_prologue(g, body);
        let mut inside: Vec<Id> = (body.iter().map(|(c, _)| g.find(*c)))
            .filter(|&c| c != root && needed.contains(&c) && !out.contains_key(&c))
            .filter(|c| !prologue.contains(c))
            .filter(|&c| g[c].data.splat.is_none())
            .filter(|&c| !matches!(choice.node(g, c), Some(Node::Fused { .. })))
            .collect();
        if inside.is_empty() {
            continue;
        }
        inside.sort();
        inside.dedup();
        let below = reached(g, choice, args, &out);
        if below.contains(&root) {
            continue;
        }
        for c in inside.into_iter().filter(|c| !below.contains(c)) {
            out.insert(c, root);
        }
    }
    out
}

/// The classes of a kernel `body` that its matmuls read their operands through: a matmul
/// kernel is tiled by its result, so a value of its operands' prologue (an MX operand
/// dequantized, scaled per K tile) exists only a tile at a time and cannot be given; its other
/// readers compute it again.
fn matmul_prologue(g: &Graph, body: &[(Id, Node)]) -> FxHashSet<Id> {
    let is_dot =
        |n: &Node| matches!(n, Node::Op { name, .. } if name.as_str() == "stablehlo.dot_general");
    let mut stack: Vec<Id> = (body.iter())
        .filter(|(_, n)| is_dot(n))
        .flat_map(|(_, n)| n.operands().iter().map(|&x| g.find(x)))
        .collect();
    let mut seen = FxHashSet::default();
    if stack.is_empty() {
        return seen;
    }
    let nodes: FxHashMap<Id, &Node> = body.iter().map(|(c, n)| (g.find(*c), n)).collect();
    while let Some(c) = stack.pop() {
        if !seen.insert(c) {
            continue;
        }
        if let Some(n) = nodes.get(&c) {
            stack.extend(n.operands().iter().map(|&x| g.find(x)));
        }
    }
    seen
}

/// The classes the program computes to give `from`: the chosen node of each and what it reads,
/// a kernel's inputs but not its body, and an exported class through the kernel that gives it.
fn reached(g: &Graph, choice: &Choice, from: &[Id], exported: &FxHashMap<Id, Id>) -> FxHashSet<Id> {
    let mut seen = FxHashSet::default();
    let mut stack: Vec<Id> = from.iter().map(|&c| g.find(c)).collect();
    while let Some(c) = stack.pop() {
        if !seen.insert(c) {
            continue;
        }
        if let Some(&kernel) = exported.get(&c) {
            stack.push(kernel);
            continue;
        }
        if let Some(node) = choice.node(g, c) {
            stack.extend(node.operands().iter().map(|&x| g.find(x)));
        }
    }
    seen
}
