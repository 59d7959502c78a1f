//! Types and attributes for a pattern instance: every node gets a static shape and an element
//! type, every op the attributes it needs, every captured constant a value.
//!
//! The solver propagates what the ops imply (elementwise operands share the result's type, a
//! reduce drops its dimensions, a matmul's operands meet in the contracting dimension) and,
//! when nothing more follows, makes the first open choice in a fixed order: the root's type,
//! then per op in pattern order a reduce's dimensions (the last), a broadcast's missing side
//! (the identity, or [`Broadcast`]'s choice of operand), a reshape's missing side (by the same
//! choice: a unit dimension more, or its unit dimensions fewer), a convert's other element type, a
//! matmul's free side; then any element type left (the instance's) and any shape left (the
//! base shape). The same pattern and plan always give the same instance.

use super::pattern::{AttrSpec, ConstSpec, Node, NodeId, OpNode, Pattern};
use egfuse_dsl::ast::Literal;
use egfuse_fusion::catalog::is_elementwise;

/// An element type an instance can take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Dtype {
    F32,
    F64,
    F16,
    BF16,
    I32,
    I1,
    /// OCP's E4M3 without infinities, the MX element type: only where a rule's `dtype`
    /// predicate names it and none of [`Dtype::CHECKED`].
    F8E4M3FN,
}

impl Dtype {
    /// The element types every rule is tried with, in report order.
    pub const CHECKED: [Dtype; 5] = [Dtype::F32, Dtype::F64, Dtype::F16, Dtype::BF16, Dtype::I32];

    pub fn name(self) -> &'static str {
        match self {
            Dtype::F32 => "f32",
            Dtype::F64 => "f64",
            Dtype::F16 => "f16",
            Dtype::BF16 => "bf16",
            Dtype::I32 => "i32",
            Dtype::I1 => "i1",
            Dtype::F8E4M3FN => "f8E4M3FN",
        }
    }

    /// The element type a rule's `dtype(%v) == ...` fixes for `%v`, given the types it admits:
    /// none when it admits one of [`Dtype::CHECKED`] (the instance's type decides), else the
    /// first an instance can take (an MX quantize's fp8).
    fn named(admitted: &[String]) -> Option<Dtype> {
        let admits = |d: &Dtype| admitted.iter().any(|a| a == d.name());
        if admitted.is_empty() || Dtype::CHECKED.iter().any(admits) {
            return None;
        }
        admitted
            .iter()
            .find_map(|a| [Dtype::F8E4M3FN].into_iter().find(|d| d.name() == a))
    }

    pub fn is_float(self) -> bool {
        !matches!(self, Dtype::I32 | Dtype::I1)
    }

    /// The element type a free `convert` converts to or from: f32 for the narrow and integer
    /// types (JAX's upcast), bf16 for f32.
    fn partner(self) -> Dtype {
        match self {
            Dtype::F32 => Dtype::BF16,
            _ => Dtype::F32,
        }
    }
}

/// Which operand a broadcast whose operand is free gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Broadcast {
    /// The result's shape with the last dimension 1 (JAX's keepdims broadcast).
    Keep,
    /// The result's shape without the last dimension (a rank-expanding broadcast).
    Drop,
}

/// Which element type a free `convert` gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cast {
    /// The other side's partner ([`Dtype::partner`]): a real change of type.
    Partner,
    /// The other side's own: a convert to the type it has (Flax's `.astype`).
    Same,
}

/// The choices that make one instance of a pattern.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    pub dtype: Dtype,
    pub broadcast: Broadcast,
    pub cast: Cast,
}

/// The root's shape when nothing fixes it.
const BASE: [i64; 2] = [2, 3];
/// Dimension numbers a rule may write: instances have small ranks.
const MAX_RANK: i64 = 8;
/// The size of a dimension a reduce removes or a matmul contracts.
const INNER: i64 = 4;
/// The values of captured constants, by first appearance: integers, so that every element type
/// can hold them, and none 0 or 1, so that a rule that drops one shows it.
const CAPTURED: [f64; 4] = [3.0, 2.0, 5.0, 7.0];

/// An attribute value the instance gives an op.
#[derive(Clone, Debug, PartialEq)]
pub enum AttrVal {
    Ints(Vec<i64>),
    /// An enum value (`GT`) or an op name (a reduce's `body`).
    Word(String),
    /// A string (a custom call's `call_target_name`).
    Str(String),
}

/// A solved instance: per node its shape and element type, per op its attributes (by name,
/// sorted), per constant its value.
#[derive(Clone, Debug, PartialEq)]
pub struct Typed {
    pub shapes: Vec<Vec<i64>>,
    pub elems: Vec<Dtype>,
    pub attrs: Vec<Vec<(String, AttrVal)>>,
    pub consts: Vec<f64>,
}

/// Why a plan gives no instance.
#[derive(Clone, Debug, PartialEq)]
pub enum Refusal {
    /// The rule does not apply to the plan's element type (an op without an integer kernel, a
    /// constant the type cannot hold): the plan is skipped.
    NotAdmitted,
    /// The pattern cannot be instantiated, for the reason given: reported.
    Cannot(String),
}

/// How an op relates its operands' and result's types.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// Elementwise, operands and result of one type.
    Same,
    /// A `custom_call` naming a CHLO op (`@mhlo.erf`): as [`Kind::Same`], floats only.
    ChloCall,
    Compare,
    Select,
    Convert,
    /// Elementwise with a boolean result (`is_finite`).
    Test,
    Broadcast,
    /// `reshape`: a free side is the other's shape with a unit dimension appended
    /// ([`Broadcast::Keep`]) or with its unit dimensions removed ([`Broadcast::Drop`]).
    Reshape,
    /// `transpose`: the identity permutation unless the rule fixes one.
    Transpose,
    /// `slice`: from a free operand, every other element of each dimension from the second
    /// ([`Solver::choose_slice`]).
    Slice,
    Reduce,
    /// `dot` (no attributes) or `dot_general`.
    Dot {
        general: bool,
    },
}

fn kind(name: &str) -> Result<Kind, String> {
    let stem = name.rsplit('.').next().unwrap_or(name);
    Ok(match stem {
        "broadcast_in_dim" => Kind::Broadcast,
        "reshape" => Kind::Reshape,
        "transpose" => Kind::Transpose,
        "slice" => Kind::Slice,
        "reduce" => Kind::Reduce,
        "dot" => Kind::Dot { general: false },
        "dot_general" => Kind::Dot { general: true },
        "compare" => Kind::Compare,
        "select" => Kind::Select,
        "convert" => Kind::Convert,
        "is_finite" => Kind::Test,
        "custom_call" => Kind::ChloCall,
        "bitcast_convert" | "real" | "imag" | "complex" | "reduce_precision"
        | "uniform_quantize" | "uniform_dequantize" => return Err(unsupported(name)),
        _ if is_elementwise(name) => Kind::Same,
        _ => return Err(unsupported(name)),
    })
}

fn unsupported(name: &str) -> String {
    format!("instances of `{name}` are not generated")
}

/// The attributes an op of `kind` needs, by name.
fn slot_names(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::Broadcast => &["broadcast_dimensions"],
        Kind::Transpose => &["permutation"],
        Kind::Slice => &["limit_indices", "start_indices", "strides"],
        Kind::Reduce => &["body", "dimensions"],
        Kind::Dot { general: true } => &[
            "lhs_batching_dimensions",
            "lhs_contracting_dimensions",
            "rhs_batching_dimensions",
            "rhs_contracting_dimensions",
        ],
        Kind::Compare => &["comparison_direction"],
        Kind::ChloCall => &["call_target_name"],
        _ => &[],
    }
}

/// Solves the types of `p` under `plan`.
pub fn solve(p: &Pattern, plan: Plan) -> Result<Typed, Refusal> {
    let mut s = Solver::new(p, plan).map_err(Refusal::Cannot)?;
    let bound = 4 * p.nodes.len() + 16;
    for _ in 0..bound {
        while s.propagate().map_err(Refusal::Cannot)? {}
        if !s.choose().map_err(Refusal::Cannot)? {
            return s.finish();
        }
    }
    Err(Refusal::Cannot(format!(
        "the types did not settle within {bound} choices"
    )))
}

struct Solver<'p> {
    p: &'p Pattern,
    plan: Plan,
    kinds: Vec<Option<Kind>>,
    shape: Vec<Option<Vec<i64>>>,
    elem: Vec<Option<Dtype>>,
    /// Per op: its attribute slots (name, value once chosen), in [`slot_names`] order.
    slots: Vec<Vec<(&'static str, Option<AttrVal>)>>,
    /// (op, slot index, capture name): slots that must equal a capture.
    ties: Vec<(usize, usize, String)>,
    captures: Vec<(String, AttrVal)>,
}

impl<'p> Solver<'p> {
    fn new(p: &'p Pattern, plan: Plan) -> Result<Solver<'p>, String> {
        let n = p.nodes.len();
        let mut s = Solver {
            p,
            plan,
            kinds: vec![None; n],
            shape: vec![None; n],
            elem: vec![None; n],
            slots: vec![Vec::new(); n],
            ties: Vec::new(),
            captures: Vec::new(),
        };
        for id in p.inputs() {
            if let Node::Input(name) = p.node(id) {
                let admitted = p.input_dtypes.iter().find(|(n, _)| n == name);
                s.elem[id.0] = admitted.and_then(|(_, a)| Dtype::named(a));
            }
        }
        for (id, op) in p.ops() {
            s.elem[id.0] = Dtype::named(&op.dtypes);
            let k = kind(&op.name)?;
            s.kinds[id.0] = Some(k);
            s.slots[id.0] = slot_names(k).iter().map(|&n| (n, None)).collect();
            s.bind_attrs(id.0, op)?;
            if let Kind::Dot { .. } = k {
                s.default_dot_dims(id.0);
            }
        }
        Ok(s)
    }

    /// Fills slots from the rule's literals and ties captured ones.
    fn bind_attrs(&mut self, i: usize, op: &OpNode) -> Result<(), String> {
        for (name, spec) in &op.attrs {
            let Some(k) = self.slots[i].iter().position(|(n, _)| n == name) else {
                if matches!(spec, AttrSpec::Literal(Literal::Wildcard(_))) {
                    continue;
                }
                return Err(format!(
                    "`{name}` of `{}` is not chosen by the instance generator",
                    op.name
                ));
            };
            match spec {
                AttrSpec::Capture(c) => self.ties.push((i, k, c.clone())),
                AttrSpec::Literal(l) => self.slots[i][k].1 = literal_value(l, name)?,
            }
        }
        Ok(())
    }

    /// A matmul's free dimension numbers: no batching, the last lhs dimension against the first
    /// rhs dimension after the batch.
    fn default_dot_dims(&mut self, i: usize) {
        let batch = |s: &Self, n: &str| match s.slot(i, n) {
            Some(AttrVal::Ints(v)) => v.len() as i64,
            _ => 0,
        };
        for name in ["lhs_batching_dimensions", "rhs_batching_dimensions"] {
            self.fill(i, name, AttrVal::Ints(Vec::new()));
        }
        let (lb, rb) = (
            batch(self, "lhs_batching_dimensions"),
            batch(self, "rhs_batching_dimensions"),
        );
        self.fill(i, "lhs_contracting_dimensions", AttrVal::Ints(vec![lb + 1]));
        self.fill(i, "rhs_contracting_dimensions", AttrVal::Ints(vec![rb]));
    }

    fn slot(&self, i: usize, name: &str) -> Option<&AttrVal> {
        let tied = self
            .ties
            .iter()
            .find(|(op, k, _)| *op == i && self.slots[i][*k].0 == name)
            .and_then(|(_, _, c)| self.capture(c));
        self.slots[i]
            .iter()
            .find(|(n, _)| *n == name)
            .and_then(|(_, v)| v.as_ref())
            .or(tied)
    }

    fn capture(&self, name: &str) -> Option<&AttrVal> {
        self.captures
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v)
    }

    /// Sets a slot that is still free (and its capture); `false` when it was not free.
    fn fill(&mut self, i: usize, name: &str, v: AttrVal) -> bool {
        if self.slot(i, name).is_some() {
            return false;
        }
        let Some(k) = self.slots[i].iter().position(|(n, _)| *n == name) else {
            return false;
        };
        self.slots[i][k].1 = Some(v.clone());
        let tie = self.ties.iter().find(|(op, kk, _)| *op == i && *kk == k);
        if let Some((_, _, c)) = tie {
            self.captures.push((c.clone(), v));
        }
        true
    }

    fn ints(&self, i: usize, name: &str) -> Option<Vec<i64>> {
        match self.slot(i, name) {
            Some(AttrVal::Ints(v)) => Some(v.clone()),
            _ => None,
        }
    }

    fn set_shape(&mut self, n: NodeId, s: Vec<i64>) -> Result<bool, String> {
        match &self.shape[n.0] {
            Some(old) if *old == s => Ok(false),
            Some(old) => Err(format!(
                "a value of the pattern would need two shapes, {old:?} and {s:?}"
            )),
            None => {
                self.shape[n.0] = Some(s);
                Ok(true)
            }
        }
    }

    fn set_elem(&mut self, n: NodeId, e: Dtype) -> Result<bool, String> {
        match self.elem[n.0] {
            Some(old) if old == e => Ok(false),
            Some(old) => Err(format!(
                "a value of the pattern would need two element types, {} and {}",
                old.name(),
                e.name()
            )),
            None => {
                self.elem[n.0] = Some(e);
                Ok(true)
            }
        }
    }

    /// Gives every node of `group` the shape one of them has.
    fn same_shape(&mut self, group: &[NodeId]) -> Result<bool, String> {
        let Some(s) = group.iter().find_map(|n| self.shape[n.0].clone()) else {
            return Ok(false);
        };
        let mut changed = false;
        for &n in group {
            changed |= self.set_shape(n, s.clone())?;
        }
        Ok(changed)
    }

    fn same_elem(&mut self, group: &[NodeId]) -> Result<bool, String> {
        let Some(e) = group.iter().find_map(|n| self.elem[n.0]) else {
            return Ok(false);
        };
        let mut changed = false;
        for &n in group {
            changed |= self.set_elem(n, e)?;
        }
        Ok(changed)
    }

    /// One pass of everything the ops imply; `true` when something was learnt.
    fn propagate(&mut self) -> Result<bool, String> {
        let mut changed = self.sync_captures()?;
        for (id, op) in self.p.ops() {
            let Some(k) = self.kinds[id.0] else { continue };
            changed |= self.propagate_op(id, op, k)?;
        }
        Ok(changed)
    }

    /// Captured slots and their captures agree.
    fn sync_captures(&mut self) -> Result<bool, String> {
        let mut changed = false;
        for t in 0..self.ties.len() {
            let (i, k, c) = self.ties[t].clone();
            match (self.slots[i][k].1.clone(), self.capture(&c).cloned()) {
                (Some(v), None) => {
                    self.captures.push((c, v));
                    changed = true;
                }
                (None, Some(v)) => {
                    self.slots[i][k].1 = Some(v);
                    changed = true;
                }
                (Some(a), Some(b)) if a != b => {
                    return Err(format!("${c} would need two values, {a:?} and {b:?}"))
                }
                _ => {}
            }
        }
        Ok(changed)
    }

    fn propagate_op(&mut self, id: NodeId, op: &OpNode, k: Kind) -> Result<bool, String> {
        let operands = &op.operands;
        let mut all = operands.clone();
        all.push(id);
        let mut changed = false;
        match k {
            Kind::Same | Kind::ChloCall => {
                changed |= self.same_shape(&all)?;
                changed |= self.same_elem(&all)?;
            }
            Kind::Compare | Kind::Test => {
                changed |= self.same_shape(&all)?;
                changed |= self.same_elem(operands)?;
                changed |= self.set_elem(id, Dtype::I1)?;
            }
            Kind::Select => {
                changed |= self.same_shape(&all)?;
                if let Some(&pred) = operands.first() {
                    changed |= self.set_elem(pred, Dtype::I1)?;
                }
                let mut values = operands.get(1..).unwrap_or(&[]).to_vec();
                values.push(id);
                changed |= self.same_elem(&values)?;
            }
            Kind::Convert => changed |= self.same_shape(&all)?,
            Kind::Broadcast => {
                changed |= self.same_elem(&all)?;
                changed |= self.broadcast(id, operands[0])?;
            }
            Kind::Transpose => {
                changed |= self.same_elem(&all)?;
                changed |= self.transpose(id, operands[0])?;
            }
            Kind::Reshape => changed |= self.same_elem(&all)?,
            Kind::Slice => {
                changed |= self.same_elem(&all)?;
                changed |= self.slice(id, operands[0])?;
            }
            Kind::Reduce => {
                changed |= self.same_elem(&all)?;
                changed |= self.reduce(id, operands)?;
            }
            Kind::Dot { .. } => {
                changed |= self.same_elem(&all)?;
                changed |= self.dot(id, operands[0], operands[1])?;
            }
        }
        Ok(changed)
    }

    /// A transpose's result dimension `i` is its operand's dimension `permutation[i]`; with no
    /// permutation given, the identity of the rank once either shape is known.
    fn transpose(&mut self, id: NodeId, x: NodeId) -> Result<bool, String> {
        let (xs, rs) = (self.shape[x.0].clone(), self.shape[id.0].clone());
        let Some(perm) = self.ints(id.0, "permutation") else {
            let Some(rank) = xs.as_ref().or(rs.as_ref()).map(Vec::len) else {
                return Ok(false);
            };
            let iota = (0..rank as i64).collect();
            return Ok(self.fill(id.0, "permutation", AttrVal::Ints(iota)));
        };
        let dims: Option<Vec<usize>> = perm.iter().map(|&d| usize::try_from(d).ok()).collect();
        let dims = dims.filter(|d| {
            let mut sorted = d.clone();
            sorted.sort_unstable();
            sorted.iter().copied().eq(0..d.len())
        });
        let dims = dims.ok_or("`permutation` is not a permutation of the dimensions")?;
        match (xs, rs) {
            (Some(xs), _) if xs.len() == dims.len() => {
                self.set_shape(id, dims.iter().map(|&d| xs[d]).collect())
            }
            (None, Some(rs)) if rs.len() == dims.len() => {
                let mut xs = vec![0; rs.len()];
                dims.iter().zip(&rs).for_each(|(&d, &n)| xs[d] = n);
                self.set_shape(x, xs)
            }
            (None, None) => Ok(false),
            _ => Err("`permutation` does not match the rank of the transposed value".into()),
        }
    }

    /// A slice's result has `ceil((limit - start) / stride)` elements per dimension; a free
    /// operand is as large as the limits.
    fn slice(&mut self, id: NodeId, x: NodeId) -> Result<bool, String> {
        let (Some(start), Some(limit), Some(strides)) = (
            self.ints(id.0, "start_indices"),
            self.ints(id.0, "limit_indices"),
            self.ints(id.0, "strides"),
        ) else {
            return Ok(false);
        };
        let window = (start.iter().zip(&limit).zip(&strides))
            .map(|((&s, &l), &t)| match t > 0 && s >= 0 && l >= s {
                true => Ok((l - s + t - 1) / t),
                false => Err("the slice's indices are not a window".to_string()),
            })
            .collect::<Result<Vec<i64>, String>>()?;
        match self.shape[x.0].clone() {
            Some(xs) if xs.len() != limit.len() || xs.iter().zip(&limit).any(|(d, l)| l > d) => {
                Err("the slice's limits exceed its operand".into())
            }
            Some(_) => self.set_shape(id, window),
            None => {
                let changed = self.set_shape(x, limit)?;
                Ok(self.set_shape(id, window)? || changed)
            }
        }
    }

    fn broadcast(&mut self, id: NodeId, x: NodeId) -> Result<bool, String> {
        let (xs, rs) = (self.shape[x.0].clone(), self.shape[id.0].clone());
        match (self.ints(id.0, "broadcast_dimensions"), xs, rs) {
            (Some(b), None, Some(rs)) => {
                let xs: Option<Vec<i64>> = b
                    .iter()
                    .map(|&d| usize::try_from(d).ok().and_then(|d| rs.get(d).copied()))
                    .collect();
                let xs = xs.ok_or("broadcast_dimensions name a dimension the result lacks")?;
                self.set_shape(x, xs)
            }
            (None, Some(xs), Some(rs)) => {
                let b = greedy_dims(&xs, &rs)
                    .ok_or_else(|| format!("no broadcast_dimensions take {xs:?} to {rs:?}"))?;
                Ok(self.fill(id.0, "broadcast_dimensions", AttrVal::Ints(b)))
            }
            _ => Ok(false),
        }
    }

    fn reduce(&mut self, id: NodeId, operands: &[NodeId]) -> Result<bool, String> {
        if operands.len() != 2 {
            return Err("instances of a reduce of several inputs are not generated".into());
        }
        let (x, init) = (operands[0], operands[1]);
        let mut changed = self.set_shape(init, Vec::new())?;
        let Some(d) = self.ints(id.0, "dimensions") else {
            return Ok(changed);
        };
        match (self.shape[x.0].clone(), self.shape[id.0].clone()) {
            (Some(xs), None) => {
                let rs = xs
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| !d.contains(&(*i as i64)))
                    .map(|(_, &s)| s)
                    .collect();
                changed |= self.set_shape(id, rs)?;
            }
            (None, Some(rs)) => {
                let mut xs = rs.clone();
                let mut sorted = d.clone();
                sorted.sort_unstable();
                for &k in &sorted {
                    let at = usize::try_from(k).ok().filter(|&k| k <= xs.len());
                    xs.insert(at.ok_or("reduce dimensions out of range")?, INNER);
                }
                changed |= self.set_shape(x, xs)?;
            }
            _ => {}
        }
        Ok(changed)
    }

    fn dot(&mut self, id: NodeId, a: NodeId, b: NodeId) -> Result<bool, String> {
        let dims = self.dot_dims(id.0);
        let (asz, bsz, rsz) = (
            self.shape[a.0].clone(),
            self.shape[b.0].clone(),
            self.shape[id.0].clone(),
        );
        match (asz, bsz, rsz) {
            (Some(x), Some(y), None) => self.set_shape(id, dims.result(&x, &y)?),
            (x, y, Some(r)) if x.is_none() || y.is_none() => {
                let k = match (&x, &y) {
                    (Some(x), _) => dims.contracted(x, &dims.lc),
                    (_, Some(y)) => dims.contracted(y, &dims.rc),
                    _ => INNER,
                };
                let mut changed = self.set_shape(a, dims.side(&r, &dims.lb, &dims.lc, 0, k)?)?;
                changed |= self.set_shape(b, dims.side(&r, &dims.rb, &dims.rc, 1, k)?)?;
                Ok(changed)
            }
            _ => Ok(false),
        }
    }

    fn dot_dims(&self, i: usize) -> DotDims {
        let get = |n: &str, d: Vec<i64>| self.ints(i, n).unwrap_or(d);
        DotDims {
            lb: get("lhs_batching_dimensions", Vec::new()),
            rb: get("rhs_batching_dimensions", Vec::new()),
            lc: get("lhs_contracting_dimensions", vec![1]),
            rc: get("rhs_contracting_dimensions", vec![0]),
        }
    }
}

/// The attribute value of a literal in a pattern (`None` for `_`).
fn literal_value(l: &Literal, name: &str) -> Result<Option<AttrVal>, String> {
    Ok(Some(match l {
        Literal::Wildcard(_) => return Ok(None),
        Literal::Word(w, _) => AttrVal::Word(w.clone()),
        Literal::Str(w, _) => AttrVal::Str(w.clone()),
        Literal::List(items, _) => {
            let ints: Option<Vec<i64>> = items
                .iter()
                .map(|i| match i {
                    Literal::Number(n) => n.as_int().filter(|d| (0..MAX_RANK).contains(d)),
                    _ => None,
                })
                .collect();
            AttrVal::Ints(
                ints.ok_or_else(|| {
                    format!("`{name}` is not a list of dimensions below {MAX_RANK}")
                })?,
            )
        }
        Literal::Number(_) => return Err(format!("a number for `{name}` is not instantiated")),
    }))
}

mod choose;
mod shapes;

use shapes::{greedy_dims, DotDims};
