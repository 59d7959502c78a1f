//! What an e-class is called in explain's text. A class may hold several ops of the input that
//! compute the same value (two broadcasts of `1.0` are one class), ops that rewrites built, or
//! an input leaf; the reader knows only the input's text. So a class is named by the op of the
//! input the candidate reads (the one nearest before the candidate's own op), and a class
//! holding only ops a rewrite built by what it computes, `stablehlo.sqrt(%6)`, and by the op of
//! the input it was built under.

use super::{place_of, Names, Place};
use egfuse_fusion::egraph::lang::{Build, Node};
use egfuse_fusion::egraph::meta::Graph;
use egfuse_ir::{Module, OpId};
use egg::Id;
use rustc_hash::FxHashSet;

/// How many classes up the graph a built class's source is looked for.
const SOURCE_DEPTH: usize = 8;

/// One function's graph with the module's names.
pub(super) struct Classes<'a> {
    pub m: &'a Module,
    pub g: &'a Graph,
    pub names: &'a Names<'a>,
}

impl Classes<'_> {
    /// The ops of the input in `class`: each node's op in node order, then the ops that node
    /// stands for ([`egfuse_fusion::egraph::meta::Meta::twins`]).
    fn originals(&self, class: Id) -> impl Iterator<Item = OpId> + '_ {
        let class = self.g.find(class);
        let twins = &self.g.analysis.twins;
        (self.g[class].nodes.iter())
            .filter_map(|n| match n {
                Node::Op {
                    build: Build::Original(op),
                    ..
                } => Some(*op),
                _ => None,
            })
            .flat_map(|op| std::iter::once(op).chain(twins.get(&op).into_iter().flatten().copied()))
    }

    /// The op of the input in `class` a reader at `near` sees: the last one before it in its
    /// block (or `near` itself), else the first.
    pub fn original(&self, class: Id, near: Option<OpId>) -> Option<OpId> {
        let mut ops = self.originals(class).peekable();
        let first = ops.peek().copied();
        let Some(n) = near else { return first };
        // Every op kept is `n` or before it in its block, so any two are in one block.
        let at_or_before = |&o: &OpId| {
            o == n
                || (self.m.op(o).parent == self.m.op(n).parent && self.m.is_before_in_block(o, n))
        };
        let later = |a: OpId, b: OpId| {
            if a == n || self.m.is_before_in_block(b, a) {
                a
            } else {
                b
            }
        };
        ops.filter(at_or_before).reduce(later).or(first)
    }

    /// The place of a candidate class: its op of the input, or for a class a rewrite built,
    /// what it computes and the op of the input it was built under.
    pub fn place(&self, class: Id) -> Place {
        if let Some(op) = self.original(class, None) {
            return place_of(self.m, self.names, op);
        }
        let c = &self.g[self.g.find(class)];
        let op = c.nodes.iter().find_map(Node::op_name).unwrap_or("fused");
        let mut name = self.value(class, None);
        if let Some(ty) = c.data.ty.as_deref() {
            name.push_str(" : ");
            egfuse_ir::print::write_type(&mut name, ty);
        }
        let from = match c.data.constant {
            // A constant is shared by every op that reads it: no one op built it.
            true => {
                name.push_str(", a constant the rewrites computed");
                None
            }
            false => self.source(class),
        };
        if from.is_none() && !c.data.constant {
            name.push_str(", built by a rewrite");
        }
        let mut p = Place::unplaced(name, op.to_string());
        p.from = from.map(|op| Box::new(place_of(self.m, self.names, op)));
        p
    }

    /// The name of a bound value as a reader at `near` sees it: `%4`, `%arg0`, or for a value
    /// only a rewrite computes, `stablehlo.sqrt(%6)`.
    pub fn value(&self, class: Id, near: Option<OpId>) -> String {
        self.value_at(class, near, 2)
    }

    fn value_at(&self, class: Id, near: Option<OpId>, depth: usize) -> String {
        let class = self.g.find(class);
        if let Some(op) = self.original(class, near) {
            return place_of(self.m, self.names, op).name;
        }
        let nodes = &self.g[class].nodes;
        if let Some(k) = nodes.iter().find_map(|n| match n {
            Node::Input(k) => Some(*k),
            _ => None,
        }) {
            return (self.names).value(self.m, self.g.analysis.inputs[k as usize].0);
        }
        if let Some(x) = self.g[class]
            .data
            .splat
            .filter(|_| self.g[class].data.constant)
        {
            return format!("splat({x})");
        }
        let Some(node) = nodes.iter().find(|n| n.op_name().is_some()) else {
            return "(a fused kernel)".to_string();
        };
        let name = node.op_name().unwrap_or_default();
        if depth == 0 {
            return format!("{name}(...)");
        }
        let args: Vec<String> = (node.operands().iter())
            .map(|&c| self.value_at(c, near, depth - 1))
            .collect();
        format!("{name}({})", args.join(", "))
    }

    /// The op of the input a class that a rewrite built came from: the nearest class above it
    /// (through the ops that read it) that holds an op of the input; of several at one
    /// distance, the first in the file.
    pub fn source(&self, class: Id) -> Option<OpId> {
        let mut seen = FxHashSet::from_iter([self.g.find(class)]);
        let mut layer = vec![self.g.find(class)];
        for _ in 0..SOURCE_DEPTH {
            let mut next: Vec<Id> = (layer.iter())
                .flat_map(|&c| self.g[c].parents().map(|p| self.g.find(p)))
                .filter(|c| !seen.contains(c))
                .collect();
            next.sort();
            next.dedup();
            let found = (next.iter())
                .flat_map(|&c| self.originals(c))
                .min_by_key(|&op| (self.m.op(op).span.is_none(), self.m.op(op).span.start));
            if found.is_some() {
                return found;
            }
            seen.extend(&next);
            layer = next;
        }
        None
    }
}
