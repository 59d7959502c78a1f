//! A Graphviz view of fused modules (`egfuse fuse --dot`, `egfuse compare --dot`): one
//! `digraph` in which every function body is a `subgraph cluster_N` labelled with its name,
//! every op is a node labelled with its name and result types, every SSA use is an edge from
//! the op (or function argument) that defines the value, and every fused op is a nested
//! `subgraph cluster_N` holding its body ops, filled with the colour of its kind (a fixed
//! palette; a legend lists the kinds drawn). Several views (the plans of `compare`) are each a
//! cluster of their own around their functions.
//!
//! Uses of a fused op's results are drawn from the body op that computes them, and uses of a
//! fused body's arguments from the op outside that defines the operand, so the dataflow reads
//! through the boxes. Ops nested in other regions (loop bodies, reducers) are part of their op's
//! node. Nodes are numbered in program order, so the same modules give the same bytes.

use egfuse_ir::print::write_type;
use egfuse_ir::{Attr, BlockId, Module, OpId, RegionId, ValueId};
use rustc_hash::{FxHashMap, FxHashSet};
use std::collections::BTreeSet;
use std::fmt::Write;

/// Fill colours of the fusion kinds egfuse's default rules build.
const KINDS: &[(&str, &str)] = &[
    ("DotLogistic", "#fdbf6f"),
    ("DotSoftmax", "#fb9a99"),
    ("Elementwise", "#b2df8a"),
    ("Expm1", "#cab2d6"),
    ("Log1p", "#ffff99"),
    ("MulRedSqrt", "#a6cee3"),
    ("RmsNorm", "#80b1d3"),
    ("SubExp", "#fccde5"),
];

/// Colours of other kinds, chosen by the kind's name.
const OTHERS: &[&str] = &[
    "#8dd3c7", "#bebada", "#d9d9d9", "#ccebc5", "#ffed6f", "#e5d8bd",
];

/// The fill colour of fusion kind `kind`.
pub fn colour(kind: &str) -> &'static str {
    match KINDS.iter().find(|(k, _)| *k == kind) {
        Some((_, c)) => c,
        None => {
            let sum = kind
                .bytes()
                .fold(0usize, |s, b| s.wrapping_add(usize::from(b)));
            OTHERS[sum % OTHERS.len()]
        }
    }
}

/// The Graphviz text of `views`: (label, module) pairs; an empty label draws that module's
/// functions without a cluster around them.
pub fn dot(views: &[(&str, &Module)]) -> String {
    let mut d = Drawing::default();
    d.out
        .push_str("digraph egfuse {\n  graph [fontname=\"Helvetica\", fontsize=11];\n");
    d.out.push_str("  node [shape=box, style=\"rounded,filled\", fillcolor=white, fontname=\"Helvetica\", fontsize=10];\n");
    for &(label, m) in views {
        let functions = egfuse_ir::fused::functions(m);
        let view = View {
            m,
            functions: &functions,
        };
        if !label.is_empty() {
            d.open(&format!("plan {label}"), None);
        }
        for op in m.walk() {
            let o = m.op(op);
            if &*o.name == "func.func" && o.attr("noDelete").is_none() {
                let name = o
                    .attr("sym_name")
                    .and_then(Attr::as_str)
                    .unwrap_or_default();
                d.open(&format!("@{name}"), None);
                o.regions.iter().for_each(|&r| d.region(&view, r));
                d.close();
            }
        }
        if !label.is_empty() {
            d.close();
        }
    }
    d.finish()
}

/// One module being drawn, with its functions by name (for composite decompositions).
struct View<'a> {
    m: &'a Module,
    functions: &'a FxHashMap<String, RegionId>,
}

#[derive(Default)]
struct Drawing {
    out: String,
    nodes: usize,
    clusters: usize,
    depth: usize,
    /// The node that defines each value drawn so far.
    source: FxHashMap<ValueId, String>,
    edges: Vec<(String, String)>,
    seen: FxHashSet<(String, String)>,
    kinds: BTreeSet<String>,
}

impl Drawing {
    fn indent(&mut self) {
        (0..=self.depth).for_each(|_| self.out.push_str("  "));
    }

    /// Opens `subgraph cluster_N` labelled `label`, filled with `fill` if given.
    fn open(&mut self, label: &str, fill: Option<&str>) {
        self.indent();
        let _ = writeln!(self.out, "subgraph cluster_{} {{", self.clusters);
        self.clusters += 1;
        self.depth += 1;
        self.indent();
        let _ = write!(self.out, "label=\"{}\";", escape(label));
        if let Some(fill) = fill {
            let _ = write!(self.out, " style=filled; fillcolor=\"{fill}\";");
        }
        self.out.push('\n');
    }

    fn close(&mut self) {
        self.depth -= 1;
        self.indent();
        self.out.push_str("}\n");
    }

    /// A node for each function argument, then each op of the region's blocks.
    fn region(&mut self, view: &View, region: RegionId) {
        for &block in &view.m.region(region).blocks {
            for &arg in &view.m.block(block).args {
                let mut label = String::from("argument\n");
                write_type(&mut label, view.m.ty(arg));
                let id = self.node(&label, "ellipse");
                self.source.insert(arg, id);
            }
            for &op in &view.m.block(block).ops {
                self.op(view, op);
            }
        }
    }

    fn op(&mut self, view: &View, op: OpId) {
        let o = view.m.op(op);
        if let Some((kind, body)) = fused(view, op) {
            let fill = colour(&kind);
            self.kinds.insert(kind.clone());
            self.open(&kind, Some(fill));
            self.body(view, op, body);
            self.close();
            return;
        }
        let mut label = o.name.to_string();
        for (i, &r) in o.results.iter().enumerate() {
            label.push_str(if i == 0 { "\n" } else { ", " });
            write_type(&mut label, view.m.ty(r));
        }
        let id = self.node(&label, "box");
        for &v in &o.operands {
            self.edge(v, &id);
        }
        for &r in &o.results {
            self.source.insert(r, id.clone());
        }
    }

    /// The ops of a fused body; its arguments stand for the fused op's operands and its
    /// terminator's operands become the fused op's results.
    fn body(&mut self, view: &View, fused: OpId, body: BlockId) {
        let (m, o) = (view.m, view.m.op(fused));
        for (&arg, &operand) in m.block(body).args.iter().zip(&o.operands) {
            if let Some(src) = self.source.get(&operand).cloned() {
                self.source.insert(arg, src);
            }
        }
        let ops = &m.block(body).ops;
        let (terminator, inner) = ops
            .split_last()
            .map_or((None, &[][..]), |(t, r)| (Some(*t), r));
        inner.iter().for_each(|&op| self.op(view, op));
        let yielded = terminator.map_or(&[][..], |t| &m.op(t).operands[..]);
        for (&r, &v) in o.results.iter().zip(yielded) {
            if let Some(src) = self.source.get(&v).cloned() {
                self.source.insert(r, src);
            }
        }
    }

    fn node(&mut self, label: &str, shape: &str) -> String {
        let id = format!("n{}", self.nodes);
        self.nodes += 1;
        self.indent();
        let _ = writeln!(
            self.out,
            "{id} [label=\"{}\", shape={shape}];",
            escape(label)
        );
        id
    }

    fn edge(&mut self, v: ValueId, to: &str) {
        if let Some(from) = self.source.get(&v) {
            let pair = (from.clone(), to.to_string());
            if self.seen.insert(pair.clone()) {
                self.edges.push(pair);
            }
        }
    }

    /// The edges and the legend of the kinds drawn, and the closing brace.
    fn finish(mut self) -> String {
        for (from, to) in &self.edges {
            let _ = writeln!(self.out, "  {from} -> {to};");
        }
        if !self.kinds.is_empty() {
            let kinds = std::mem::take(&mut self.kinds);
            self.open("fusion kinds", None);
            for (i, kind) in kinds.iter().enumerate() {
                self.indent();
                let _ = writeln!(
                    self.out,
                    "legend{i} [label=\"{}\", fillcolor=\"{}\"];",
                    escape(kind),
                    colour(kind)
                );
            }
            self.close();
        }
        self.out.push_str("}\n");
        self.out
    }
}

/// The kind and body block of a fused op (see [`egfuse_ir::fused::fused`]).
fn fused(view: &View, op: OpId) -> Option<(String, BlockId)> {
    let (kind, region) = egfuse_ir::fused::fused(view.m, op, view.functions)?;
    Some((kind, *view.m.region(region?).blocks.first()?))
}

/// `text` as the inside of a Graphviz string: quotes and backslashes escaped, newlines as
/// `\n` line breaks.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c => out.push(c),
        }
    }
    out
}
