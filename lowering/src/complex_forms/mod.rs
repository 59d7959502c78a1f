//! Complex numbers spelled in reals, before fusion: no engine has a complex dtype, so a
//! `tensor<S x complex<f>>` becomes the `tensor<S x 2 x f>` of its parts, the real part first,
//! which is its bytes (StableHLO lays a complex element out as its real part, then its
//! imaginary part). A function's complex arguments and results become such pairs too: the
//! device program reads and writes the complex tensors' own bytes. Per op, with `z = x + iy`
//! and `w = u + iv`:
//!
//! - `complex(a, b)` is `concatenate(a, b)` along the new last dimension; `real(z)` and
//!   `imag(z)` are its two slices;
//! - `add`, `subtract`, `negate`, `reshape`, `concatenate`, `reverse` and a complex `convert`
//!   act on the parts as they are; `broadcast_in_dim`, `transpose` and `slice` keep the parts'
//!   dimension last; `select` broadcasts its predicate over it;
//! - `z * w = (xu - yv) + i(xv + yu)`, `exp(z) = e^x cos y + i e^x sin y`,
//!   `abs(z) = sqrt(x^2 + y^2)`, a real `convert` to complex has a zero imaginary part;
//! - a complex constant is the constant of its parts.
//!
//! A module holding a complex value that any other op reads or writes (a complex `dot_general`,
//! `divide`, `fft`, a loop carrying one, a call) is left as it is, its ops reported as having
//! no lowering.
//!
//! Invariant: the rewritten module computes what the module did, its complex values as
//! their parts; every complex value is gone or none is.

mod fft;

use egfuse_ir::facts::int_list;
use egfuse_ir::{Attr, DenseBody, DenseElem, ElemType, FloatKind, Module, NamedAttr, OpId};
use egfuse_ir::{TensorType, Type, ValueId};

/// The ops of complex values rewritten here, besides the functions that take and return them.
const OPS: &[&str] = &[
    "stablehlo.complex",
    "stablehlo.real",
    "stablehlo.imag",
    "stablehlo.add",
    "stablehlo.subtract",
    "stablehlo.negate",
    "stablehlo.multiply",
    "stablehlo.exponential",
    "stablehlo.abs",
    "stablehlo.convert",
    "stablehlo.broadcast_in_dim",
    "stablehlo.reshape",
    "stablehlo.transpose",
    "stablehlo.slice",
    "stablehlo.concatenate",
    "stablehlo.reverse",
    "stablehlo.select",
    "stablehlo.constant",
    "stablehlo.fft",
    "stablehlo.pad",
    "func.call",
    "func.return",
];

/// Rewrites every complex value of `m` as its parts, when every op that holds one is rewritten
/// here; returns how many ops were.
pub fn expand(m: &mut Module) -> usize {
    let ops = m.walk();
    let holding: Vec<OpId> = ops.iter().copied().filter(|&o| holds(m, o)).collect();
    let funcs: Vec<OpId> = (ops.iter().copied())
        .filter(|&o| &*m.op(o).name == "func.func")
        .collect();
    if holding.is_empty() || !holding.iter().all(|&o| rewritable(m, o)) {
        return 0;
    }
    if !funcs.iter().all(|&f| entry_args_only(m, f)) {
        return 0;
    }
    // Which converts make complex values of real ones, told before any operand is a pair.
    let plan: Vec<(OpId, bool)> = (holding.iter())
        .filter(|&&o| &*m.op(o).name != "func.return")
        .map(|&o| (o, widens(m, o)))
        .collect();
    funcs.iter().for_each(|&f| retype_function(m, f));
    for &(op, widening) in &plan {
        rewrite(m, op, widening);
    }
    plan.len()
}

/// Whether `op` converts a real tensor to a complex one.
fn widens(m: &Module, op: OpId) -> bool {
    let o = m.op(op);
    &*o.name == "stablehlo.convert" && !is_complex(m.ty(o.operands[0]))
}

/// Whether any op of `m` reads or writes a complex value.
pub fn holds_complex(m: &Module) -> bool {
    m.walk().into_iter().any(|o| holds(m, o))
}

/// Whether `ty` is a tensor of complex elements.
fn is_complex(ty: &Type) -> bool {
    matches!(ty.elem(), Some(ElemType::Complex(_)))
}

/// Whether `op` reads or writes a complex value (a function only through its body's ops).
fn holds(m: &Module, op: OpId) -> bool {
    let o = m.op(op);
    &*o.name != "func.func" && (o.operands.iter().chain(&o.results)).any(|&v| is_complex(m.ty(v)))
}

/// Whether `op` is one rewritten here, on static shapes, outside any region but a function's.
fn rewritable(m: &Module, op: OpId) -> bool {
    let o = m.op(op);
    let in_function = (m.parent_op(op)).is_some_and(|p| &*m.op(p).name == "func.func");
    let shaped = (o.operands.iter().chain(&o.results))
        .all(|&v| m.ty(v).dims().is_some_and(|d| d.iter().all(|&n| n >= 0)));
    let convert_to_real = &*o.name == "stablehlo.convert" && !is_complex(m.ty(o.results[0]));
    let spelled = &*o.name != "stablehlo.fft" || fft::transform(m, op).is_some();
    OPS.contains(&&*o.name)
        && o.regions.is_empty()
        && in_function
        && shaped
        && spelled
        && !convert_to_real
}

/// Whether the only complex block arguments of `f` are its entry block's.
fn entry_args_only(m: &Module, f: OpId) -> bool {
    let regions = m.op(f).regions.iter().map(|&r| &m.region(r).blocks);
    regions.flatten().skip(1).all(|&b| {
        let args = &m.block(b).args;
        !args.iter().any(|&a| is_complex(m.ty(a)))
    })
}

/// The pair type of a complex tensor type: its parts along a new last dimension of 2.
fn pair(ty: &Type) -> Type {
    let Type::Tensor(t) = ty else {
        return ty.clone();
    };
    let ElemType::Complex(inner) = &t.elem else {
        return ty.clone();
    };
    let mut dims = t.dims.clone().unwrap_or_default();
    dims.push(2);
    Type::Tensor(TensorType::ranked(dims, (**inner).clone()))
}

/// `f`'s complex arguments made pairs, and its type to match.
fn retype_function(m: &mut Module, f: OpId) {
    if let Some(&r) = m.op(f).regions.first() {
        if let Some(&b) = m.region(r).blocks.first() {
            for a in m.block(b).args.clone() {
                let ty = pair(m.ty(a));
                m.value_mut(a).ty = ty;
            }
        }
    }
    let o = m.op_mut(f);
    for named in o.props.iter_mut().chain(o.attrs.iter_mut()) {
        if let Attr::Type(Type::Function(ins, outs)) = &mut named.value {
            ins.iter_mut().for_each(|t| *t = pair(t));
            outs.iter_mut().for_each(|t| *t = pair(t));
        }
    }
}

/// `op`, whose complex operands are pairs already, computing pairs; `widening` when it
/// converts a real tensor to a complex one.
fn rewrite(m: &mut Module, op: OpId, widening: bool) {
    let o = m.op(op);
    let (name, operands, result) = (
        o.name.to_string(),
        o.operands.clone(),
        o.results.first().copied(),
    );
    let Some(result) = result else {
        return;
    };
    if name == "func.call" {
        // The callee's signature is pairs already: so are the results.
        for r in m.op(op).results.clone() {
            let ty = pair(m.ty(r));
            m.value_mut(r).ty = ty;
        }
        return;
    }
    let wants = pair(m.ty(result));
    let mut b = Parts { m, op };
    let new = match &*name {
        "stablehlo.complex" => b.pack(operands[0], operands[1]),
        "stablehlo.real" => b.part(operands[0], 0),
        "stablehlo.imag" => b.part(operands[0], 1),
        "stablehlo.multiply" => b.multiply(operands[0], operands[1]),
        "stablehlo.exponential" => b.exp(operands[0]),
        "stablehlo.abs" => b.abs(operands[0]),
        "stablehlo.convert" if widening => b.widen(operands[0], &wants),
        "stablehlo.constant" => b.constant(&wants),
        "stablehlo.pad" => b.pad(op, &wants),
        "stablehlo.fft" => match b.fft(op) {
            Some(v) => v,
            None => return,
        },
        _ => {
            retype(m, op, &wants);
            return;
        }
    };
    m.replace_all_uses(result, new);
    m.erase_op(op).expect("a rewritten op has no uses left");
}

/// `op` computing on pairs as it stands, its result `wants`: the ops that place dimensions
/// keep the parts' dimension last, and a select's predicate is broadcast over it.
fn retype(m: &mut Module, op: OpId, wants: &Type) {
    let rank = wants.dims().map_or(0, |d| d.len() as i64) - 1;
    let o = m.op(op);
    let result = o.results[0];
    let appended: &[(&str, i64)] = match &*o.name {
        "stablehlo.broadcast_in_dim" => &[("broadcast_dimensions", rank)],
        "stablehlo.transpose" => &[("permutation", rank)],
        "stablehlo.slice" => &[("start_indices", 0), ("limit_indices", 2), ("strides", 1)],
        _ => &[],
    };
    let o = m.op_mut(op);
    for (key, last) in appended {
        for named in o.props.iter_mut().chain(o.attrs.iter_mut()) {
            if &*named.name == *key {
                let mut list = int_list(&named.value).unwrap_or_default();
                list.push(*last);
                named.value = Attr::i64_array(list);
            }
        }
    }
    m.value_mut(result).ty = wants.clone();
    if &*m.op(op).name == "stablehlo.select" {
        let p = m.op(op).operands[0];
        if m.ty(p).dims().is_some_and(|d| !d.is_empty()) {
            let mut b = Parts { m, op };
            let spread = b.spread(p, wants);
            m.set_operand(op, 0, spread);
        }
    }
}

/// A builder of ops on pairs before `op`.
struct Parts<'m> {
    m: &'m mut Module,
    op: OpId,
}

impl Parts<'_> {
    fn make(
        &mut self,
        name: &str,
        operands: Vec<ValueId>,
        props: Vec<NamedAttr>,
        ty: Type,
    ) -> ValueId {
        self.m.create_before(self.op, (name, operands, props), ty)
    }

    /// The elementwise op `name` of `a` and `b`, at `a`'s type.
    fn same(&mut self, name: &str, a: ValueId, b: ValueId) -> ValueId {
        let ty = self.m.ty(a).clone();
        self.make(name, vec![a, b], Vec::new(), ty)
    }

    /// The one-operand op `name` of `a`, at `a`'s type.
    fn unary(&mut self, name: &str, a: ValueId) -> ValueId {
        let ty = self.m.ty(a).clone();
        self.make(name, vec![a], Vec::new(), ty)
    }

    /// Part `k` (0 real, 1 imaginary) of the pair `z`.
    fn part(&mut self, z: ValueId, k: i64) -> ValueId {
        let Type::Tensor(t) = self.m.ty(z).clone() else {
            return z;
        };
        let mut dims = t.dims.clone().unwrap_or_default();
        // A pair has its parts' dimension last; anything else is no pair.
        let Some(rank) = dims.len().checked_sub(1) else {
            return z;
        };
        let mut start = vec![0; rank];
        let mut limit = dims[..rank].to_vec();
        start.push(k);
        limit.push(k + 1);
        let props = vec![
            NamedAttr::new("start_indices", Attr::i64_array(start)),
            NamedAttr::new("limit_indices", Attr::i64_array(limit)),
            NamedAttr::new("strides", Attr::i64_array(vec![1; rank + 1])),
        ];
        dims[rank] = 1;
        let half = Type::Tensor(TensorType::ranked(dims.clone(), t.elem.clone()));
        let sliced = self.make("stablehlo.slice", vec![z], props, half);
        dims.pop();
        let real = Type::Tensor(TensorType::ranked(dims, t.elem));
        self.make("stablehlo.reshape", vec![sliced], Vec::new(), real)
    }

    /// The pair of the parts `x` and `y`.
    fn pack(&mut self, x: ValueId, y: ValueId) -> ValueId {
        let Type::Tensor(t) = self.m.ty(x).clone() else {
            return x;
        };
        let mut dims = t.dims.clone().unwrap_or_default();
        let rank = dims.len() as i64;
        dims.push(1);
        let half = Type::Tensor(TensorType::ranked(dims.clone(), t.elem.clone()));
        let x1 = self.make("stablehlo.reshape", vec![x], Vec::new(), half.clone());
        let y1 = self.make("stablehlo.reshape", vec![y], Vec::new(), half);
        dims[rank as usize] = 2;
        let ty = Type::Tensor(TensorType::ranked(dims, t.elem));
        let along = vec![NamedAttr::new("dimension", Attr::i64(rank))];
        self.make("stablehlo.concatenate", vec![x1, y1], along, ty)
    }

    /// The pad `op` of a pair by a complex scalar: each part padded by the same part of the
    /// padding value (a pad's value is a scalar, and a pair's is two).
    fn pad(&mut self, op: OpId, wants: &Type) -> ValueId {
        let o = self.m.op(op);
        let (z, value, props) = (o.operands[0], o.operands[1], o.props.clone());
        let (Some(dims), Some(elem)) = (wants.dims(), wants.elem()) else {
            return z;
        };
        let real = Type::Tensor(TensorType::ranked(
            dims[..dims.len() - 1].to_vec(),
            elem.clone(),
        ));
        let mut padded = [z; 2];
        for (k, part) in padded.iter_mut().enumerate() {
            let (x, v) = (self.part(z, k as i64), self.part(value, k as i64));
            *part = self.make("stablehlo.pad", vec![x, v], props.clone(), real.clone());
        }
        self.pack(padded[0], padded[1])
    }

    /// `z * w = (xu - yv) + i(xv + yu)`.
    fn multiply(&mut self, z: ValueId, w: ValueId) -> ValueId {
        let (x, y) = (self.part(z, 0), self.part(z, 1));
        let (u, v) = (self.part(w, 0), self.part(w, 1));
        let (xu, yv) = (
            self.same("stablehlo.multiply", x, u),
            self.same("stablehlo.multiply", y, v),
        );
        let (xv, yu) = (
            self.same("stablehlo.multiply", x, v),
            self.same("stablehlo.multiply", y, u),
        );
        let re = self.same("stablehlo.subtract", xu, yv);
        let im = self.same("stablehlo.add", xv, yu);
        self.pack(re, im)
    }

    /// `abs(z) = sqrt(x^2 + y^2)`.
    fn abs(&mut self, z: ValueId) -> ValueId {
        let (x, y) = (self.part(z, 0), self.part(z, 1));
        let (xx, yy) = (
            self.same("stablehlo.multiply", x, x),
            self.same("stablehlo.multiply", y, y),
        );
        let sum = self.same("stablehlo.add", xx, yy);
        self.unary("stablehlo.sqrt", sum)
    }

    /// `exp(z) = e^x cos y + i e^x sin y`.
    fn exp(&mut self, z: ValueId) -> ValueId {
        let (x, y) = (self.part(z, 0), self.part(z, 1));
        let e = self.unary("stablehlo.exponential", x);
        let (c, s) = (
            self.unary("stablehlo.cosine", y),
            self.unary("stablehlo.sine", y),
        );
        let re = self.same("stablehlo.multiply", e, c);
        let im = self.same("stablehlo.multiply", e, s);
        self.pack(re, im)
    }

    /// A real `x` as a complex value of type `wants`: converted, with a zero imaginary part.
    fn widen(&mut self, x: ValueId, wants: &Type) -> ValueId {
        let (Some(dims), Some(elem)) = (self.m.ty(x).dims(), wants.elem()) else {
            return x;
        };
        let real = Type::Tensor(TensorType::ranked(dims.to_vec(), elem.clone()));
        let re = self.make("stablehlo.convert", vec![x], Vec::new(), real.clone());
        let zero = self.literal(DenseBody::Elems(DenseElem::Scalar("0.0".into())), real);
        self.pack(re, zero)
    }

    /// The constant `op` defines, as a pair of type `wants`: a splat is a vector of its two
    /// parts broadcast, a list the list of the pairs, and hex bytes are the pairs' own.
    fn constant(&mut self, wants: &Type) -> ValueId {
        let body = match (self.m.op(self.op).attr("value")).cloned() {
            Some(Attr::Dense { body, .. }) => body,
            _ => DenseBody::Empty,
        };
        match body {
            DenseBody::Elems(DenseElem::Complex(re, im)) => {
                let (rank, elem) = (wants.dims().map_or(1, <[i64]>::len) - 1, wants.elem());
                let two = Type::Tensor(TensorType::ranked(
                    vec![2],
                    elem.cloned().unwrap_or(ElemType::Float(FloatKind::F32)),
                ));
                let parts = DenseElem::List(vec![DenseElem::Scalar(re), DenseElem::Scalar(im)]);
                let v = self.literal(DenseBody::Elems(parts), two);
                if rank == 0 {
                    return v;
                }
                let dims = vec![NamedAttr::new(
                    "broadcast_dimensions",
                    Attr::i64_array(vec![rank as i64]),
                )];
                self.make("stablehlo.broadcast_in_dim", vec![v], dims, wants.clone())
            }
            DenseBody::Elems(list) => self.literal(DenseBody::Elems(split(list)), wants.clone()),
            body => self.literal(body, wants.clone()),
        }
    }

    /// A constant of type `ty` holding `body`.
    fn literal(&mut self, body: DenseBody, ty: Type) -> ValueId {
        let value = Attr::Dense {
            body,
            ty: ty.clone(),
        };
        self.make(
            "stablehlo.constant",
            Vec::new(),
            vec![NamedAttr::new("value", value)],
            ty,
        )
    }

    /// The predicate `p` of a select broadcast over the parts' dimension of `wants`.
    fn spread(&mut self, p: ValueId, wants: &Type) -> ValueId {
        let (Some(dims), Some(elem)) = (wants.dims(), self.m.ty(p).elem()) else {
            return p;
        };
        let ty = Type::Tensor(TensorType::ranked(dims.to_vec(), elem.clone()));
        let along: Vec<i64> = (0..dims.len() as i64 - 1).collect();
        let props = vec![NamedAttr::new(
            "broadcast_dimensions",
            Attr::i64_array(along),
        )];
        self.make("stablehlo.broadcast_in_dim", vec![p], props, ty)
    }
}

/// A list of complex literals as the list of their parts.
fn split(e: DenseElem) -> DenseElem {
    match e {
        DenseElem::Complex(re, im) => {
            DenseElem::List(vec![DenseElem::Scalar(re), DenseElem::Scalar(im)])
        }
        DenseElem::List(items) => DenseElem::List(items.into_iter().map(split).collect()),
        scalar => scalar,
    }
}

#[cfg(test)]
mod tests;
