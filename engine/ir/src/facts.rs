//! What rules ask of the IR, for every matcher of rule patterns (compat mode's and the
//! lowering's select): an op's attribute by the name a rule writes (a reduce's `body` is the op
//! its region applies), a splat constant's scalar, a list of integers however it is spelled.

use crate::{Attr, DenseBody, DenseElem, ElemType, Module, OpId, Type, ValueId};
use std::borrow::Cow;

/// An op's attribute by name: inherent, then discardable, then a field of a struct attribute.
/// `body` is the name of the one op a region applies (as a string).
pub fn attr_of(m: &Module, op: OpId, name: &str) -> Option<Attr> {
    attr_ref(m, op, name).map(Cow::into_owned)
}

/// [`attr_of`], borrowed from the module where the attribute is there to borrow.
pub fn attr_ref<'m>(m: &'m Module, op: OpId, name: &str) -> Option<Cow<'m, Attr>> {
    let o = m.op(op);
    if name == "body" {
        let region = *o.regions.first()?;
        let block = *m.region(region).blocks.first()?;
        let ops = &m.block(block).ops;
        return match ops.len() {
            2 => Some(Cow::Owned(Attr::string(&m.op(ops[0]).name))),
            _ => None,
        };
    }
    if let Some(a) = o.attr(name) {
        return Some(Cow::Borrowed(a));
    }
    (o.props.iter().chain(&o.attrs))
        .find_map(|a| a.value.field(name))
        .map(Cow::Borrowed)
}

/// The integers of an `array<i64: ...>`, `[1, 2]` or `dense<[1, 2]>` attribute.
pub fn int_list(a: &Attr) -> Option<Vec<i64>> {
    if let Some(v) = a.as_i64_array() {
        return Some(v.to_vec());
    }
    a.as_int_list()
}

/// Whether `op` only reshapes its operand: the same elements in the same row-major order. A
/// `reshape` does; so does a `transpose` that moves only unit dimensions (JAX's attention
/// moves a size-1 head axis so), whose non-unit dimensions keep their order.
pub fn only_reshapes(m: &Module, op: OpId) -> bool {
    let o = m.op(op);
    match &*o.name {
        "stablehlo.reshape" => true,
        "stablehlo.transpose" => {
            let (Some(perm), Some(&x)) =
                (o.attr("permutation").and_then(int_list), o.operands.first())
            else {
                return false;
            };
            m.ty(x).dims().is_some_and(|dims| moves_units(&perm, dims))
        }
        _ => false,
    }
}

/// Whether the transpose permutation `perm` of a value of shape `dims` moves only dimensions
/// of size 1: the elements keep their row-major order, so it is a reshape.
pub fn moves_units(perm: &[i64], dims: &[i64]) -> bool {
    let moved = (perm.iter())
        .filter(|&&d| usize::try_from(d).is_ok_and(|d| dims.get(d).is_some_and(|&n| n != 1)));
    moved.is_sorted() && perm.len() == dims.len()
}

/// Whether a loop over `op`'s result reads its operands as rows and columns: any op but a
/// `reshape` that regroups dimensions other than of size 1, a `transpose` that reorders them,
/// a `slice` (its rows start and step elsewhere), a `concatenate` (its operands are narrower
/// than its result), or a `broadcast_in_dim` whose operand varies
/// along some of the result's leading dimensions
/// and not others (one value per row, per column of the last dimension, or per element is
/// what a kernel's layout holds).
pub fn keeps_layout(m: &Module, op: OpId) -> bool {
    let o = m.op(op);
    match &*o.name {
        "stablehlo.broadcast_in_dim" => {
            let (Some(&x), Some(&r)) = (o.operands.first(), o.results.first()) else {
                return false;
            };
            let (Some(xd), Some(rd)) = (m.ty(x).dims(), m.ty(r).dims()) else {
                return false;
            };
            let Some(map) = o.attr("broadcast_dimensions").and_then(int_list) else {
                return false;
            };
            let along: Vec<i64> = (map.iter().zip(xd))
                .filter(|&(_, &n)| n != 1)
                .map(|(&k, _)| k)
                .collect();
            let last = rd.len() as i64 - 1;
            let varying: Vec<i64> = (0..rd.len() as i64)
                .filter(|&k| rd[k as usize] != 1)
                .collect();
            let rows: Vec<i64> = varying.iter().copied().filter(|&k| k != last).collect();
            let cols: Vec<i64> = varying.iter().copied().filter(|&k| k == last).collect();
            along.is_empty() || along == varying || along == rows || along == cols
        }
        "stablehlo.reshape" => {
            let squeezed = |v: ValueId| {
                (m.ty(v).dims()).map(|d| d.iter().copied().filter(|&n| n != 1).collect::<Vec<_>>())
            };
            let (x, r) = (o.operands.first(), o.results.first());
            x.zip(r)
                .is_some_and(|(&x, &r)| squeezed(x).is_some_and(|sx| Some(sx) == squeezed(r)))
        }
        "stablehlo.transpose" => only_reshapes(m, op),
        "stablehlo.slice" | "stablehlo.concatenate" => false,
        _ => true,
    }
}

/// Whether `op` is not a concatenate of operands of different shapes.
pub fn even_pieces(m: &Module, op: OpId) -> bool {
    let o = m.op(op);
    let shape = |v: &ValueId| m.ty(*v).dims();
    &*o.name != "stablehlo.concatenate"
        || o.operands.windows(2).all(|w| shape(&w[0]) == shape(&w[1]))
}

/// Whether `op` is a constant of more than one distinct element (a table, not a splat).
pub fn is_table(m: &Module, op: OpId) -> bool {
    let o = m.op(op);
    &*o.name == "stablehlo.constant" && o.attr("value").and_then(splat_scalar).is_none()
}

/// A batch norm's `feature_index` and `epsilon`, when it has both (the index is not checked
/// against the operand's rank: each caller says in its own words that it is out of range).
pub fn batch_norm_attrs(m: &Module, op: OpId) -> Option<(i128, f64)> {
    let o = m.op(op);
    let f = o.attr("feature_index")?.as_int()?;
    let eps = match o.attr("epsilon")? {
        Attr::Float { text, .. } => text.parse().ok()?,
        other => other.as_int()? as f64,
    };
    Some((f, eps))
}

/// The scalar a value holds when it is a splat constant (or, with `through_broadcast`, a
/// `broadcast_in_dim` of a scalar constant).
pub fn splat_value(m: &Module, v: ValueId, through_broadcast: bool) -> Option<f64> {
    let op = m.defining_op(v)?;
    let o = m.op(op);
    match o.name.split_once('.')?.1 {
        "constant" => splat_scalar(o.attr("value")?),
        "broadcast_in_dim" if through_broadcast => splat_value(m, o.operands[0], false),
        _ => None,
    }
}

/// The scalar of a splat `dense<c>` attribute (`true` is 1, `false` 0; a hex scalar is read as
/// the bit pattern of the attribute's float type, as MLIR prints infinities: `0xFF800000`).
pub fn splat_scalar(a: &Attr) -> Option<f64> {
    match a {
        Attr::Dense {
            body: DenseBody::Elems(e),
            ty,
        } => scalar_of(e, ty),
        _ => None,
    }
}

fn scalar_of(e: &DenseElem, ty: &Type) -> Option<f64> {
    match e {
        DenseElem::Scalar(s) => match &**s {
            "true" => Some(1.0),
            "false" => Some(0.0),
            text if text.starts_with("0x") => {
                let kind = match ty.elem()? {
                    ElemType::Float(k) => *k,
                    ElemType::Complex(inner) => match **inner {
                        ElemType::Float(k) => k,
                        _ => return None,
                    },
                    _ => return None,
                };
                crate::floats::float_literal(text, kind).ok()
            }
            text => text.parse().ok(),
        },
        DenseElem::List(items) if items.len() == 1 => scalar_of(&items[0], ty),
        _ => None,
    }
}
