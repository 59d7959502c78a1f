//! The e-graph's analysis: per e-class facts (type, use count, splat value) and the side tables
//! e-nodes index into (inputs, attribute values, rewrite-built op templates, fused kernels).
//!
//! Use counts are the original program's (`single_use` means in egraph mode what it means in
//! compat mode); a class a rewrite created counts one use, the one that created it. Merging two
//! classes keeps the larger count.
//!
//! Splat values fold: an elementwise op of splat operands has the splat it computes, rounded to
//! its element type as the op rounds. A class whose splat only an arithmetic op of splats
//! computes also gets that constant as a node (egg's `modify`), so `1.0 / 32.0` is one splat
//! constant `0.03125` and equal folds of one type share a class.

use super::frontier::Frontier;
use super::lang::{Build, Node};
use egfuse_ir::{Attr, NamedAttr, OpId, Type, ValueId};
use egg::{Analysis, DidMerge, EGraph, Id, Symbol};
use rustc_hash::{FxHashMap, FxHashSet};
use std::sync::Arc;

/// Facts about the values of one e-class.
#[derive(Clone, Debug, PartialEq)]
pub struct Data {
    /// The values' type; `None` for attribute leaves. Shared: every node of a class, and every
    /// class of one original op, holds the same type.
    pub ty: Option<Arc<Type>>,
    /// Uses in the original program (1 for values rewrites created).
    pub uses: u32,
    /// The scalar of a splat constant, or of a `broadcast_in_dim` of one.
    pub splat: Option<f64>,
    /// Whether the class holds a constant op (`*.constant`).
    pub constant: bool,
}

/// An op a rewrite builds: name, inherent attributes, result type, and the original op whose
/// regions it copies (a reduce's body).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Template {
    pub name: String,
    pub props: Vec<NamedAttr>,
    pub ty: Arc<Type>,
    pub regions: Option<OpId>,
}

/// A fused kernel found by a fusion rule: its body e-nodes, producers first, root last, each
/// with the class it was matched in (children are class ids of the graph).
#[derive(Clone, Debug)]
pub struct Kernel {
    /// The rule's index in the rule list the searchers were made from.
    pub rule: usize,
    pub kind: String,
    pub body: Vec<(Id, Node)>,
    pub ty: Arc<Type>,
}

/// What an original pure op contributes to its class.
#[derive(Clone, Debug)]
pub struct OpFacts {
    pub ty: Arc<Type>,
    pub uses: u32,
    pub splat: Option<f64>,
}

/// The analysis and its tables.
#[derive(Debug, Default)]
pub struct Meta {
    pub inputs: Vec<(ValueId, Arc<Type>, u32)>,
    pub attrs: Table<Attr>,
    pub templates: Table<Template>,
    pub kernels: Vec<Kernel>,
    pub ops: FxHashMap<OpId, OpFacts>,
    /// For each op name, the attribute names some rule matches or builds, sorted: the
    /// attribute leaves every op node of that name carries (shared by every graph of a run).
    pub attr_names: Arc<AttrNames>,
    /// A number no other graph of this process has: what caches keyed by class ids check
    /// before they trust an entry.
    pub graph: u64,
    /// While saturation records them: the classes egg reported changed (`modify`) since the
    /// last iteration began.
    pub changed: Option<Vec<Id>>,
    /// The classes this iteration's searches visit.
    pub frontier: Frontier,
    /// Every type the graph's nodes carry, once: equal types share one allocation ([`Meta::ty`]).
    pub types: FxHashSet<Arc<Type>>,
    /// The ops the graph has no node for, as they compute what an earlier op does, by the op
    /// whose node stands for them ([`super::build`]): the reports name a value by any of them.
    pub twins: FxHashMap<OpId, Vec<OpId>>,
}

/// Values interned by index: equal values get one index.
#[derive(Debug)]
pub struct Table<T> {
    pub items: Vec<T>,
    index: FxHashMap<T, u32>,
}

impl<T> Default for Table<T> {
    fn default() -> Table<T> {
        Table {
            items: Vec::new(),
            index: FxHashMap::default(),
        }
    }
}

impl<T: Clone + Eq + std::hash::Hash> Table<T> {
    pub fn intern(&mut self, value: T) -> u32 {
        if let Some(&k) = self.index.get(&value) {
            return k;
        }
        let k = self.items.len() as u32;
        self.items.push(value.clone());
        self.index.insert(value, k);
        k
    }

    /// [`Table::intern`], cloning `value` only when it is new.
    pub fn intern_ref(&mut self, value: &T) -> u32 {
        match self.index.get(value) {
            Some(&k) => k,
            None => self.intern(value.clone()),
        }
    }
}

impl<T> std::ops::Index<u32> for Table<T> {
    type Output = T;
    fn index(&self, k: u32) -> &T {
        &self.items[k as usize]
    }
}

/// The attribute index of an attribute the op does not have.
pub const ABSENT: u32 = u32::MAX;

pub type Graph = EGraph<Node, Meta>;

/// The attribute leaves of op nodes, by op name.
pub type AttrNames = FxHashMap<Symbol, Vec<String>>;

/// Adds to `g` a node of original op `op` named `name`, whose value of type `ty` the input
/// program read `uses` times: a graph built without a module (the tests' and benchmarks').
pub fn add_original(
    g: &mut Graph,
    name: &str,
    op: OpId,
    (ty, uses): (Type, u32),
    operands: &[Id],
) -> Id {
    let facts = OpFacts {
        ty: g.analysis.ty(&ty),
        uses,
        splat: None,
    };
    g.analysis.ops.insert(op, facts);
    g.add(Node::Op {
        name: egg::Symbol::from(name),
        build: Build::Original(op),
        operands: operands.len() as u32,
        args: operands.into(),
    })
}

impl Meta {
    /// Empty tables; op nodes carry the attribute leaves `attr_names` lists.
    pub fn new(attr_names: Arc<AttrNames>) -> Meta {
        static GRAPHS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
        Meta {
            attr_names,
            graph: GRAPHS.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
            ..Meta::default()
        }
    }

    /// The attribute an attribute leaf holds (`None` for [`ABSENT`]).
    pub fn attr(&self, k: u32) -> Option<&Attr> {
        self.attrs.items.get(k as usize)
    }

    /// The attribute leaves op nodes named `op` carry, in order.
    pub fn leaves_of(&self, op: Symbol) -> &[String] {
        self.attr_names.get(&op).map_or(&[], |v| v.as_slice())
    }

    /// `ty`, shared with every equal type the graph holds.
    pub fn ty(&mut self, ty: &Type) -> Arc<Type> {
        if let Some(t) = self.types.get(ty) {
            return Arc::clone(t);
        }
        let t = Arc::new(ty.clone());
        self.types.insert(Arc::clone(&t));
        t
    }
}

impl Analysis<Node> for Meta {
    type Data = Data;

    fn make(egraph: &mut Graph, enode: &Node, _id: Id) -> Data {
        let meta = &egraph.analysis;
        let child_splat = |i: usize| enode.operands().get(i).and_then(|&c| egraph[c].data.splat);
        match enode {
            Node::Attr(_) => Data {
                ty: None,
                uses: 0,
                splat: None,
                constant: false,
            },
            Node::Input(k) => {
                let (_, ty, uses) = &meta.inputs[*k as usize];
                Data {
                    ty: Some(Arc::clone(ty)),
                    uses: *uses,
                    splat: None,
                    constant: false,
                }
            }
            Node::Fused { fusion, .. } => Data {
                ty: Some(Arc::clone(&meta.kernels[*fusion as usize].ty)),
                uses: 1,
                splat: None,
                constant: false,
            },
            Node::Op { build, .. } => {
                let (ty, uses, splat) = match build {
                    Build::Original(op) => {
                        let f = &meta.ops[op];
                        (f.ty.clone(), f.uses, f.splat)
                    }
                    Build::Template(t) => {
                        let t = &meta.templates[*t];
                        (Arc::clone(&t.ty), 1, template_splat(t))
                    }
                };
                let stem = || stem(enode.op_name().unwrap_or_default());
                let folded = match (child_splat(0), child_splat(1), enode.operands().len()) {
                    (Some(x), _, 1) => fold_unary(stem(), x).and_then(|v| round_to(&ty, v, true)),
                    (Some(x), Some(y), 2) => {
                        fold_binary(stem(), x, y).and_then(|v| round_to(&ty, v, false))
                    }
                    _ => None,
                };
                Data {
                    ty: Some(ty),
                    uses,
                    splat: splat.or(folded),
                    constant: enode.op_name().is_some_and(|n| n.ends_with(".constant")),
                }
            }
        }
    }

    /// A class whose splat an arithmetic op of splats computes, and that holds no constant,
    /// gets the constant: extraction then reads the value instead of recomputing it.
    fn modify(egraph: &mut Graph, id: Id) {
        if let Some(changed) = &mut egraph.analysis.changed {
            changed.push(id);
        }
        let Some(x) = egraph[id].data.splat else {
            return;
        };
        let class = &egraph[id];
        if class.data.constant {
            return;
        }
        let folds = class.nodes.iter().any(|n| {
            n.op_name().is_some_and(|name| {
                n.operands().len() == 2 && fold_binary(stem(name), 1.0, 1.0).is_some()
            })
        });
        let fixed = |t: &Type| {
            t.as_tensor()
                .and_then(|t| t.dims.as_ref())
                .is_some_and(|d| d.iter().all(|&n| n >= 0))
        };
        let Some(ty) = class
            .data
            .ty
            .as_deref()
            .filter(|t| folds && fixed(t))
            .cloned()
        else {
            return;
        };
        if let Some(c) = super::rewrite::splat_constant(egraph, x, ty) {
            egraph.union(id, c);
        }
    }

    fn merge(&mut self, a: &mut Data, b: Data) -> DidMerge {
        let mut changed = DidMerge(false, false);
        if b.uses > a.uses {
            a.uses = b.uses;
            changed.0 = true;
        } else if a.uses > b.uses {
            changed.1 = true;
        }
        if a.splat.is_none() && b.splat.is_some() {
            a.splat = b.splat;
            changed.0 = true;
        } else if a.splat.is_some() && b.splat.is_none() {
            changed.1 = true;
        }
        if a.ty.is_none() && b.ty.is_some() {
            a.ty = b.ty;
            changed.0 = true;
        }
        if a.constant != b.constant {
            changed.0 |= b.constant;
            changed.1 |= a.constant;
            a.constant = true;
        }
        changed
    }
}

/// An op name without its dialect: `add` for `stablehlo.add`.
fn stem(name: &str) -> &str {
    name.rsplit('.').next().unwrap_or_default()
}

/// The splat a unary op makes of a splat operand: broadcasts, converts and reshapes keep it;
/// `negate` and `sqrt` fold it (JAX scales attention by `1 / sqrt(d)` spelled as
/// `sqrt(constant)`). The value is used to match `splat(..)` patterns, never to rebuild a
/// constant, so a fold's f64 rounding cannot reach the output.
fn fold_unary(stem: &str, x: f64) -> Option<f64> {
    match stem {
        "broadcast_in_dim" | "convert" | "reshape" => Some(x),
        "negate" => Some(-x),
        "sqrt" if x >= 0.0 => Some(x.sqrt()),
        _ => None,
    }
}

/// The splat an arithmetic op makes of two splat operands, before rounding; floats only (the
/// caller rounds to the element type, and gives integer types no fold).
fn fold_binary(stem: &str, x: f64, y: f64) -> Option<f64> {
    match stem {
        "add" => Some(x + y),
        "subtract" => Some(x - y),
        "multiply" => Some(x * y),
        "divide" => Some(x / y),
        "maximum" => Some(if x.is_nan() || y.is_nan() {
            f64::NAN
        } else {
            x.max(y)
        }),
        "minimum" => Some(if x.is_nan() || y.is_nan() {
            f64::NAN
        } else {
            x.min(y)
        }),
        _ => None,
    }
}

/// `v` as a value of the element type of `ty`. Floats round: computing in f64 and rounding once
/// is the correctly rounded result of one f32, f16 or bf16 add, subtract, multiply, divide or
/// sqrt (f64 has more than twice their precision plus two bits). Integers keep an integral value
/// when `int_ok` (a broadcast, reshape or convert of an integer splat); nothing else folds.
fn round_to(ty: &Type, v: f64, int_ok: bool) -> Option<f64> {
    match ty.elem()? {
        egfuse_ir::ElemType::Float(k) => Some(egfuse_ir::floats::round_float(*k, v)),
        egfuse_ir::ElemType::Int { .. } if int_ok && v.fract() == 0.0 => Some(v),
        _ => None,
    }
}

/// The scalar of a template constant with a splat value.
fn template_splat(t: &Template) -> Option<f64> {
    if !t.name.ends_with(".constant") {
        return None;
    }
    let value = t.props.iter().find(|a| &*a.name == "value")?;
    crate::compat::splat_of_dense(&value.value)
}
