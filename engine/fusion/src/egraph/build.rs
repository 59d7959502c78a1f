//! From a function body to its e-graph: one e-node per pure op (the dataflow), an input leaf for
//! every value the graph does not look inside, and the list of what must stay in place.
//!
//! Pure ops are the StableHLO, CHLO and MHLO ops with one result and no side effects (among
//! custom calls, those that name a CHLO op: torch_xla's `@mhlo.erf`), and a `reduce` of one
//! operand (its body is kept by the original op it clones). Everything else
//! (calls, control flow, custom calls, collectives, RNG, ops with several results or other
//! regions) is opaque: it stays where it is, its operands become roots of the extraction, and
//! its results become input leaves.
//!
//! Two pure ops without regions that apply the same op, with the same attributes and result
//! type, to the same operand classes compute the same value, so the later one is not an e-node
//! of its own: its value is the earlier one's class (common subexpressions: JAX's bf16 norms
//! convert their input twice, its layer norms subtract the mean twice, and each layer it inlines
//! recomputes the masks and rotary tables every other layer computes, more than half the ops of
//! a 32-layer Llama). So do two reduces whose bodies apply the same one op (JAX's MoE quantizes
//! its input once per expert). The class's uses are the sum of both ops' uses, as the input
//! program reads them; the reports still name the value by either op ([`Meta::twins`]). An op
//! numbered before every op with a node in the class (a call inlined ahead of the op the input
//! wrote) gets a node there too, so that extraction's ties go, as they always have, to the
//! lowest-numbered op.

use super::lang::{Build, Children, Node};
use super::meta::{Graph, Meta, OpFacts, ABSENT};
use crate::compat::splat_of_dense;
use egfuse_ir::facts::attr_ref;
use egfuse_ir::ops::{is_chlo_custom_call, OpDef, IMPURE};
use egfuse_ir::{BlockId, Module, NamedAttr, OpId, Operation, Type, ValueId};
use egg::Id;
use rustc_hash::FxHashMap;
use std::sync::Arc;

/// What the body's op list becomes: pure ops live in the graph, the rest stay in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Item {
    Pure(OpId),
    Opaque(OpId),
}

/// The e-graph of one block and how to put the block back together.
pub struct BlockGraph {
    pub egraph: Graph,
    pub block: BlockId,
    /// The block's ops in order, pure or opaque.
    pub items: Vec<Item>,
    /// The class of every value the graph models (pure op results and input leaves).
    pub class_of: FxHashMap<ValueId, Id>,
    /// How many pure ops the graph holds.
    pub pure_ops: usize,
}

/// What makes two pure ops compute the same value (borrowed from the module): for a reduce,
/// also the one op its body applies.
#[derive(PartialEq, Eq, Hash)]
struct Computation<'m> {
    name: &'m str,
    operands: Children,
    props: &'m [NamedAttr],
    attrs: &'m [NamedAttr],
    ty: &'m Type,
    body: Option<&'m str>,
}

/// What building a block remembers as it goes.
#[derive(Default)]
struct Seen<'m> {
    /// The class of every computation built so far, and the lowest-numbered op with a node in
    /// it, to merge a later one into it.
    computed: FxHashMap<Computation<'m>, (Id, OpId)>,
    /// Op names interned, by registry entry (interning takes a global lock).
    names: FxHashMap<usize, egg::Symbol>,
}

impl Seen<'_> {
    /// The name of `o` as a symbol.
    fn symbol(&mut self, o: &Operation) -> egg::Symbol {
        match o.def {
            Some(def) => *(self.names)
                .entry(def as *const OpDef as usize)
                .or_insert_with(|| egg::Symbol::from(&*o.name)),
            None => egg::Symbol::from(&*o.name),
        }
    }
}

/// Whether `op` becomes an e-node.
pub fn is_pure(m: &Module, op: OpId) -> bool {
    let o = m.op(op);
    let Some((dialect, stem)) = o.name.split_once('.') else {
        return false;
    };
    if !matches!(dialect, "stablehlo" | "chlo" | "mhlo") || o.results.len() != 1 {
        return false;
    }
    if o.def.is_some_and(|d| d.traits.terminator) {
        return false;
    }
    if IMPURE.contains(&stem) {
        return is_chlo_custom_call(o);
    }
    o.regions.is_empty() || (stem == "reduce" && o.operands.len() == 2)
}

/// Builds the e-graph of `block`; `meta` carries the attribute names the rules use.
pub fn build(m: &Module, block: BlockId, meta: Meta) -> BlockGraph {
    let mut g = BlockGraph {
        egraph: Graph::new(meta),
        block,
        items: Vec::new(),
        class_of: FxHashMap::default(),
        pure_ops: 0,
    };
    let ops = &m.block(block).ops;
    g.class_of.reserve(ops.len());
    g.egraph.analysis.ops.reserve(ops.len());
    let mut seen = Seen::default();
    seen.computed.reserve(ops.len());
    for &op in ops {
        if is_pure(m, op) {
            g.add_pure(m, op, &mut seen);
            g.items.push(Item::Pure(op));
        } else {
            for &r in &m.op(op).results {
                g.input(m, r);
            }
            g.items.push(Item::Opaque(op));
        }
    }
    g.egraph.rebuild();
    g
}

impl BlockGraph {
    /// The class of `v`, adding an input leaf for a value defined outside the graph.
    pub fn class(&mut self, m: &Module, v: ValueId) -> Id {
        match self.class_of.get(&v) {
            Some(&id) => id,
            None => self.input(m, v),
        }
    }

    fn input(&mut self, m: &Module, v: ValueId) -> Id {
        let meta = &mut self.egraph.analysis;
        let k = meta.inputs.len() as u32;
        let ty = meta.ty(m.ty(v));
        meta.inputs.push((v, ty, m.value(v).uses.len() as u32));
        let id = self.egraph.add(Node::Input(k));
        self.class_of.insert(v, id);
        id
    }

    fn add_pure<'m>(&mut self, m: &'m Module, op: OpId, seen: &mut Seen<'m>) {
        let o = m.op(op);
        let result = o.results[0];
        self.pure_ops += 1;
        let uses = m.value(result).uses.len() as u32;
        let operands: Children = (o.operands.iter())
            .map(|&v| {
                let c = self.class(m, v);
                self.egraph.find(c)
            })
            .collect();
        let key = computation(m, o, &operands);
        let twin = key.as_ref().and_then(|k| seen.computed.get(k)).copied();
        if let Some((class, first)) = twin.filter(|&(_, first)| first < op) {
            self.class_of.insert(result, class);
            self.egraph[class].data.uses += uses;
            self.egraph
                .analysis
                .twins
                .entry(first)
                .or_default()
                .push(op);
            return;
        }
        let splat = if o.name.ends_with(".constant") {
            o.attr("value").and_then(splat_of_dense)
        } else {
            None
        };
        let ty = self.egraph.analysis.ty(m.ty(result));
        let facts = OpFacts { ty, uses, splat };
        self.egraph.analysis.ops.insert(op, facts);
        let mut args = operands;
        let name = seen.symbol(o);
        let leaves = Arc::clone(&self.egraph.analysis.attr_names);
        for leaf in leaves.get(&name).into_iter().flatten() {
            let a = attr_ref(m, op, leaf);
            let k = a.map_or(ABSENT, |a| self.egraph.analysis.attrs.intern_ref(&a));
            args.push(self.egraph.add(Node::Attr(k)));
        }
        let id = self.egraph.add(Node::Op {
            name,
            build: Build::Original(op),
            operands: o.operands.len() as u32,
            args,
        });
        self.class_of.insert(result, id);
        if let Some((class, _)) = twin {
            // The class's first op was inlined ahead of this one, which is numbered lower:
            // both keep their nodes, in one class, so ties still go to the lower number.
            let uses = self.egraph[class].data.uses + uses;
            self.egraph.union(class, id);
            let root = self.egraph.find(class);
            self.egraph[root].data.uses = uses;
        }
        if let Some(key) = key {
            let class = self.egraph.find(id);
            seen.computed.insert(key, (class, op));
        }
    }
}

/// What `o` computes, given its operands' classes, when two ops equal in it compute the same
/// value: an op with regions only as a reduce whose body applies one op.
fn computation<'m>(m: &'m Module, o: &'m Operation, operands: &[Id]) -> Option<Computation<'m>> {
    let body = one_op_body(m, o);
    (o.regions.is_empty() || body.is_some()).then(|| Computation {
        name: &o.name,
        operands: Children::from_slice(operands),
        props: &o.props,
        attrs: &o.attrs,
        ty: m.ty(o.results[0]),
        body,
    })
}

/// The op a reduce's body applies, when the body is that one op of its two arguments in order,
/// with no attributes, returned: two such reduces of the same operands and dimensions compute
/// the same value (JAX's MoE quantizes its input once per expert, each a reduce of its own).
fn one_op_body<'m>(m: &'m Module, o: &'m Operation) -> Option<&'m str> {
    let region = *o.regions.first()?;
    let [block] = m.region(region).blocks[..] else {
        return None;
    };
    let b = m.block(block);
    let [apply, ret] = b.ops[..] else {
        return None;
    };
    let (apply, ret) = (m.op(apply), m.op(ret));
    let plain = apply.regions.is_empty() && apply.props.is_empty() && apply.attrs.is_empty();
    let reads_args = apply.operands == b.args && b.args.len() == 2;
    (plain && reads_args && ret.operands[..] == apply.results[..]).then_some(&*apply.name)
}
