//! The extracted program back into IR: the block's op list is rebuilt in order, each value a
//! kept op (opaque ops, the terminator) or a nested region reads is computed just before it,
//! and the chosen fused kernels are handed to the shared region builder.
//!
//! An original op is reused where it is first needed, inside a kernel or out, its operands
//! rewired to the values it now reads (so its name, location and attributes stay as they were,
//! and nothing is copied); it is cloned where it is needed again, and where it has regions and
//! its operands changed (a region may capture them). Ops a rewrite built are created from their
//! templates. A kernel body value that is also needed outside is one more result of the kernel
//! ([`exports`]).
//! Pure ops nothing needs any more, including ops that were dead in the input, are erased. A
//! splat constant a kernel reads (a rewrite's `1/N` or `0.125`, built at the full shape) is a
//! scalar constant outside and its broadcast inside, so no kernel reads a splat from HBM.

use super::build::{BlockGraph, Item};
use super::exports::exports;
use super::extract::Choice;
use super::lang::{Build, Node};
use super::meta::Graph;
use super::rewrite::splat_attr;
use egfuse_diag::Diag;
use egfuse_ir::{Attr, Module, NamedAttr, OpId, OpSpec, Type, ValueId, ValueMap};
use egg::Id;
use rustc_hash::{FxHashMap, FxHashSet};

/// A kernel to build once the block is whole: its body ops in order and its kind.
pub struct PendingCluster {
    pub ops: Vec<OpId>,
    pub kind: String,
    /// The index of the kernel's rule in the rule list the kernels were made from.
    pub rule: usize,
}

/// The values that ops outside the graph read (operands of kept ops, captures of nested
/// regions), grouped by the kept op of the block they must precede.
pub fn roots(m: &Module, bg: &BlockGraph) -> FxHashMap<OpId, Vec<ValueId>> {
    let pure: FxHashSet<OpId> = bg
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Pure(op) => Some(*op),
            Item::Opaque(_) => None,
        })
        .collect();
    let mut out: FxHashMap<OpId, Vec<ValueId>> = FxHashMap::default();
    for &op in &pure {
        let v = m.op(op).results[0];
        for u in &m.value(v).uses {
            if pure.contains(&u.op) {
                continue;
            }
            if let Some(anchor) = m.ancestor_in_block(u.op, bg.block) {
                let list = out.entry(anchor).or_default();
                if !list.contains(&v) {
                    list.push(v);
                }
            }
        }
    }
    out
}

/// Rebuilds the block from `choice`, computing the values `needed` ([`roots`]) lists before
/// the ops that read them; returns the kernels to build.
pub fn materialize(
    m: &mut Module,
    bg: &BlockGraph,
    choice: &Choice,
    needed: &FxHashMap<OpId, Vec<ValueId>>,
) -> Result<Vec<PendingCluster>, Diag> {
    let roots: Vec<Id> = (needed.values().flatten())
        .map(|v| bg.class_of[v])
        .collect();
    let mut b = Builder {
        g: &bg.egraph,
        choice,
        exports: exports(&bg.egraph, choice, &roots),
        value: FxHashMap::default(),
        order: Vec::new(),
        reused: FxHashSet::default(),
        clusters: Vec::new(),
    };
    for item in &bg.items {
        let Item::Opaque(op) = *item else { continue };
        for &v in needed.get(&op).map_or(&[][..], |v| v.as_slice()) {
            let new = b.value_of(m, bg.class_of[&v]);
            let block = bg.block;
            m.replace_uses_if(v, new, |m, u| m.ancestor_in_block(u.op, block) == Some(op));
        }
        b.order.push(op);
    }
    for op in m.set_block_ops(bg.block, b.order).into_iter().rev() {
        m.erase_op(op)?;
    }
    Ok(b.clusters)
}

struct Builder<'a> {
    g: &'a Graph,
    choice: &'a Choice,
    /// Interior classes of chosen kernels the program reads from them, with the kernel's class
    /// ([`exports`]).
    exports: FxHashMap<Id, Id>,
    value: FxHashMap<Id, ValueId>,
    order: Vec<OpId>,
    reused: FxHashSet<OpId>,
    clusters: Vec<PendingCluster>,
}

impl Builder<'_> {
    /// The value of `class`, computing it (and what it needs) first.
    fn value_of(&mut self, m: &mut Module, class: Id) -> ValueId {
        let root = self.g.find(class);
        let mut stack = vec![(root, false)];
        while let Some((c, expanded)) = stack.pop() {
            if self.value.contains_key(&c) {
                continue;
            }
            // An exported class is the value its kernel computes inside: build the kernel.
            if let Some(&kernel) = self.exports.get(&c) {
                if !expanded {
                    stack.push((c, true));
                    stack.push((kernel, false));
                }
                continue;
            }
            let node = (self.choice.node(self.g, c))
                .expect("extraction chose a node in every class the roots need");
            if !expanded {
                stack.push((c, true));
                let fused = matches!(node, Node::Fused { .. });
                for &child in node.operands().iter().rev() {
                    let child = self.g.find(child);
                    // A kernel builds the splats it reads itself.
                    let inside = fused && self.splat_input(child).is_some();
                    if !self.value.contains_key(&child) && !inside {
                        stack.push((child, false));
                    }
                }
                continue;
            }
            let v = self.emit(m, c, node);
            self.value.insert(c, v);
        }
        self.value[&root]
    }

    /// Emits the chosen `node` of class `c`, whose operands all have values.
    fn emit(&mut self, m: &mut Module, c: Id, node: &Node) -> ValueId {
        match node {
            Node::Input(k) => self.g.analysis.inputs[*k as usize].0,
            Node::Attr(_) => unreachable!("attribute leaves are never operands"),
            Node::Op { .. } => {
                let operands: Vec<ValueId> = node
                    .operands()
                    .iter()
                    .map(|&x| self.value[&self.g.find(x)])
                    .collect();
                let op = self.op(m, (c, node), operands);
                self.order.push(op);
                m.op(op).results[0]
            }
            Node::Fused { fusion, args } => self.kernel(m, c, *fusion as usize, args),
        }
    }

    /// Creates the op of `node`, of class `c`, reading `operands`; an original op is reused
    /// the first time (see the module doc). An op a rewrite built has the location and span of
    /// an original op of its class (the op it stands for), so a diagnostic about it points at
    /// the source.
    fn op(&mut self, m: &mut Module, (c, node): (Id, &Node), operands: Vec<ValueId>) -> OpId {
        let Node::Op { build, .. } = node else {
            unreachable!("only op nodes build ops")
        };
        match *build {
            Build::Original(op) => {
                let same = m.op(op).operands == operands;
                if (same || m.op(op).regions.is_empty()) && self.reused.insert(op) {
                    m.set_operands(op, &operands);
                    return op;
                }
                let mut map: ValueMap = m.op(op).operands.iter().copied().zip(operands).collect();
                m.clone_op(op, &mut map)
            }
            Build::Template(t) => {
                let t = &self.g.analysis.templates[t];
                let mut spec = OpSpec::new(&t.name);
                spec.operands = operands;
                spec.result_types = vec![Type::clone(&t.ty)];
                spec.props = t.props.clone();
                let original = self.original(c);
                at_source(&mut spec, m, original);
                if let Some(like) = t.regions {
                    let mut map = ValueMap::default();
                    let regions = m.op(like).regions.clone();
                    spec.regions = regions
                        .iter()
                        .map(|&r| m.clone_region(r, &mut map))
                        .collect();
                }
                let op = m.create_op(spec);
                inlined_like(m, op, original);
                op
            }
        }
    }

    /// An original op of class `c`, the first of its nodes that is one.
    fn original(&self, c: Id) -> Option<OpId> {
        self.g[c].nodes.iter().find_map(|n| match n {
            Node::Op {
                build: Build::Original(op),
                ..
            } => Some(*op),
            _ => None,
        })
    }

    /// Builds a kernel's body ops after its inputs and records the cluster. A splat the
    /// kernel reads is a scalar constant outside and its broadcast inside ([`Self::splat_input`]).
    fn kernel(&mut self, m: &mut Module, c: Id, k: usize, inputs: &[Id]) -> ValueId {
        let kernel = &self.g.analysis.kernels[k];
        let mut local: FxHashMap<Id, ValueId> = FxHashMap::default();
        let mut ops = Vec::new();
        for &x in inputs {
            let x = self.g.find(x);
            let Some(splat) = self.splat_input(x).filter(|_| !local.contains_key(&x)) else {
                continue;
            };
            let (constant, broadcast) = splat.ops(m, self.original(x));
            self.order.extend([constant, broadcast]);
            ops.push(broadcast);
            local.insert(x, m.op(broadcast).results[0]);
        }
        for (class, node) in &kernel.body {
            let operands: Vec<ValueId> = node
                .operands()
                .iter()
                .map(|&x| {
                    let x = self.g.find(x);
                    local.get(&x).copied().unwrap_or_else(|| self.value[&x])
                })
                .collect();
            let op = self.op(m, (*class, node), operands);
            self.order.push(op);
            ops.push(op);
            let class = self.g.find(*class);
            local.insert(class, m.op(op).results[0]);
            if self.exports.get(&class) == Some(&self.g.find(c)) {
                self.value.insert(class, m.op(op).results[0]);
            }
        }
        self.clusters.push(PendingCluster {
            ops,
            kind: kernel.kind.clone(),
            rule: kernel.rule,
        });
        local[&self.g.find(c)]
    }

    /// The splat a kernel input is when the kernel builds it itself: a splat constant of rank
    /// 1 or more, which as an operand would be read from HBM whole. (A broadcast of a scalar
    /// constant the region builder already takes inside.)
    fn splat_input(&self, class: Id) -> Option<Splat> {
        let data = &self.g[class].data;
        let ty = data.ty.as_deref()?;
        let ranked = ty.dims().is_some_and(|d| !d.is_empty());
        let constant = self.choice.node(self.g, class)?.op_name() == Some("stablehlo.constant");
        let scalar = Type::tensor(Vec::new(), ty.elem()?.clone());
        let value = splat_attr(data.splat?, &scalar)?;
        (ranked && constant).then(|| Splat {
            value,
            scalar,
            ty: ty.clone(),
        })
    }
}

/// A splat a kernel builds: the scalar constant's `value` and type, and the type it is
/// broadcast to.
struct Splat {
    value: Attr,
    scalar: Type,
    ty: Type,
}

impl Splat {
    /// The scalar constant and its broadcast, detached, at the location and span of `like`
    /// (the splat's original op, if it had one).
    fn ops(self, m: &mut Module, like: Option<OpId>) -> (OpId, OpId) {
        let mut constant = OpSpec::new("stablehlo.constant");
        constant.props = vec![NamedAttr::new("value", self.value)];
        constant.result_types = vec![self.scalar];
        at_source(&mut constant, m, like);
        let constant = m.create_op(constant);
        inlined_like(m, constant, like);
        let mut broadcast = OpSpec::new("stablehlo.broadcast_in_dim");
        at_source(&mut broadcast, m, like);
        broadcast.operands = vec![m.op(constant).results[0]];
        let dims = Attr::i64_array(vec![]);
        broadcast.props = vec![NamedAttr::new("broadcast_dimensions", dims)];
        broadcast.result_types = vec![self.ty];
        let broadcast = m.create_op(broadcast);
        inlined_like(m, broadcast, like);
        (constant, broadcast)
    }
}

/// Gives the built op `op` the call site `like` was inlined at, when there is one.
fn inlined_like(m: &mut Module, op: OpId, like: Option<OpId>) {
    if let Some(like) = like {
        m.op_mut(op).inlined_at = m.op(like).inlined_at;
    }
}

/// Gives `spec` the location and span of the op `like`, when there is one.
fn at_source(spec: &mut OpSpec, m: &Module, like: Option<OpId>) {
    if let Some(like) = like {
        spec.loc = m.op(like).loc.clone();
        spec.span = m.op(like).span;
    }
}
