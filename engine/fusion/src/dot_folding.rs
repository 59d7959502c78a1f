//! Egraph mode's `dot-folding` pass: the views a `dot_general` reads are folded into it, so
//! each is no kernel of its own.
//!
//! - A `transpose` (XLA's TransposeFolding): `dot_general(transpose(x, p), y)` with batching
//!   dimensions `B` and contracting dimensions `C` on that side is `dot_general(x, y)` with
//!   `p[B]` and `p[C]`, when the side's other (free) dimensions keep their order under `p`: the
//!   result lists a side's free dimensions in the order its operand has them, so a transpose
//!   that reorders them changes the result's layout and stays. Attention's `k^T` and a PyTorch
//!   linear layer's `w^T` are such transposes.
//! - A `reshape` of the left side that only regroups its leading free dimensions (PyTorch's
//!   linear layer flattens `[1, s, h]` to `[s, h]`): `dot_general(reshape(x), y)` without
//!   batching dimensions and contracting the trailing ones is `reshape(dot_general(x, y))`, the
//!   same elements in the same row-major order. The reshape after the dot only inserts or
//!   removes unit dimensions when the one before it did, and is then a view the `Loop` rules
//!   copy into the kernel that reads the dot.
//!
//! Invariant: a folded dot computes what it did, element for element (the same products
//! summed over the same pairs); compat mode never runs this pass.

use egfuse_ir::facts::int_list;
use egfuse_ir::{blocks, Attr, Module, NamedAttr, OpId, OpSpec, Type};

/// Folds every foldable transpose and reshape read by a `dot_general` in the blocks egraph
/// mode fuses; returns how many it folded.
pub fn fold_dots(m: &mut Module) -> usize {
    let mut folded = 0;
    for body in blocks::bodies(m) {
        let dots: Vec<OpId> = (m.block(body.block).ops.iter().copied())
            .filter(|&op| &*m.op(op).name == "stablehlo.dot_general")
            .collect();
        for dot in dots {
            for side in [Side::Lhs, Side::Rhs] {
                // A transpose of a transpose folds one at a time; each fold removes one.
                while fold(m, dot, side) {
                    folded += 1;
                }
            }
            folded += usize::from(fold_lhs_reshape(m, dot));
        }
    }
    folded
}

#[derive(Clone, Copy)]
enum Side {
    Lhs,
    Rhs,
}

impl Side {
    fn index(self) -> usize {
        self as usize
    }

    fn field(self, what: &str) -> String {
        let side = match self {
            Side::Lhs => "lhs",
            Side::Rhs => "rhs",
        };
        format!("{side}_{what}_dimensions")
    }
}

/// Folds the transpose `dot` reads on `side`, if it is one the first law allows.
fn fold(m: &mut Module, dot: OpId, side: Side) -> bool {
    let v = m.op(dot).operands[side.index()];
    let Some(t) = m.defining_op(v) else {
        return false;
    };
    let o = m.op(t);
    if &*o.name != "stablehlo.transpose" || o.parent != m.op(dot).parent {
        return false;
    }
    let Some(perm) = o.attr("permutation").and_then(int_list) else {
        return false;
    };
    let x = o.operands[0];
    let Some(dims) = m.op(dot).attr("dot_dimension_numbers") else {
        return false;
    };
    let Some(folded) = folded_dims(dims, side, &perm) else {
        return false;
    };
    set_dims(m, dot, folded);
    let k = side.index();
    m.replace_uses_if(v, x, |_, u| u.op == dot && u.operand as usize == k);
    if m.value(v).uses.is_empty() {
        m.erase_op(t).expect("a transpose nothing reads");
    }
    true
}

/// `dims` with `side`'s batching and contracting dimensions read through `perm`, or `None`
/// when the side's free dimensions would change order (or the attribute is not one).
fn folded_dims(dims: &Attr, side: Side, perm: &[i64]) -> Option<Attr> {
    let (batching, contracting) = (side.field("batching"), side.field("contracting"));
    let (batch, contr) = (dim_list(dims, &batching)?, dim_list(dims, &contracting)?);
    let through = |ds: &[i64]| -> Option<Vec<i64>> {
        ds.iter()
            .map(|&d| perm.get(usize::try_from(d).ok()?).copied())
            .collect()
    };
    let free: Vec<i64> = (0..perm.len() as i64)
        .filter(|d| !batch.contains(d) && !contr.contains(d))
        .collect();
    if !through(&free)?.is_sorted() {
        return None;
    }
    with_fields(
        dims,
        &[
            (batching, through(&batch)?),
            (contracting, through(&contr)?),
        ],
    )
}

/// Replaces the `dot_dimension_numbers` of `dot` (which it has).
fn set_dims(m: &mut Module, dot: OpId, dims: Attr) {
    let op = m.op_mut(dot);
    let slot = (op.props.iter_mut().chain(op.attrs.iter_mut()))
        .find(|a| &*a.name == "dot_dimension_numbers")
        .expect("a dot with dimension numbers");
    slot.value = dims;
}

fn int_array(ds: &[i64]) -> Attr {
    let items = ds.iter().map(|&d| Attr::Int {
        value: i128::from(d),
        ty: None,
    });
    Attr::Array(items.collect())
}

/// Folds the reshape `dot` reads on its left, if it is one the second law allows: the dot
/// reads the reshape's operand and a reshape of its result takes its place.
fn fold_lhs_reshape(m: &mut Module, dot: OpId) -> bool {
    let v = m.op(dot).operands[0];
    let Some(r) = m.defining_op(v) else {
        return false;
    };
    if &*m.op(r).name != "stablehlo.reshape" || m.op(r).parent != m.op(dot).parent {
        return false;
    }
    let x = m.op(r).operands[0];
    let (Some(xd), Some(vd)) = (m.ty(x).dims(), m.ty(v).dims()) else {
        return false;
    };
    let Some(dims) = m.op(dot).attr("dot_dimension_numbers") else {
        return false;
    };
    let Some(shifted) = regrouped(dims, xd, vd) else {
        return false;
    };
    let old = m.op(dot).results[0];
    let Some(result) = m.ty(old).as_tensor().cloned() else {
        return false;
    };
    let free = xd.len() - (vd.len() - 1);
    let mut out_dims: Vec<i64> = xd[..free].to_vec();
    out_dims.extend(result.dims.as_ref().map_or(&[][..], |d| &d[1..]));
    // The dot reads `x` with the shifted dimensions and yields the unflattened result, which a
    // reshape right after it flattens for the dot's readers.
    set_dims(m, dot, shifted);
    m.replace_uses_if(v, x, |_, u| u.op == dot && u.operand == 0);
    let old_ty = std::mem::replace(
        &mut m.value_mut(old).ty,
        Type::tensor(out_dims, result.elem.clone()),
    );
    let mut back = OpSpec::new("stablehlo.reshape");
    back.operands = vec![old];
    back.result_types = vec![old_ty];
    back.loc = m.op(dot).loc.clone();
    back.span = m.op(dot).span;
    let back = m.create_op(back);
    m.insert_op_after(dot, back);
    let new = m.op(back).results[0];
    m.replace_uses_if(old, new, |_, u| u.op != back);
    if m.value(v).uses.is_empty() {
        m.erase_op(r).expect("a reshape nothing reads");
    }
    true
}

/// The dimension numbers of a dot whose left side `vd`, a reshape of `xd`, is read as `xd`:
/// when the side has no batching dimensions, one free dimension first, and contracts the rest,
/// which `xd` ends with unchanged; `None` otherwise.
fn regrouped(dims: &Attr, xd: &[i64], vd: &[i64]) -> Option<Attr> {
    let contracting = "lhs_contracting_dimensions".to_string();
    let batch = dim_list(dims, "lhs_batching_dimensions")?;
    let contr = dim_list(dims, &contracting)?;
    let trailing: Vec<i64> = (1..vd.len() as i64).collect();
    let mut sorted = contr.clone();
    sorted.sort();
    let kept = vd.len().checked_sub(1)?;
    let free = xd.len().checked_sub(kept)?;
    if !batch.is_empty()
        || sorted != trailing
        || free == 0
        || xd[free..] != vd[1..]
        || xd.iter().chain(vd).any(|&d| d < 0)
        || xd[..free].iter().product::<i64>() != vd[0]
    {
        return None;
    }
    let shift = (free - 1) as i64;
    with_fields(
        dims,
        &[(contracting, contr.iter().map(|d| d + shift).collect())],
    )
}

/// The dimension list `name` of a `#stablehlo.dot<...>` (empty when it is not written).
fn dim_list(dims: &Attr, name: &str) -> Option<Vec<i64>> {
    dims.field(name).map_or(Some(Vec::new()), Attr::as_int_list)
}

/// `dims` with the lists `lists` names in place of its own (a list it does not have stays
/// unwritten: only empty lists are left out).
fn with_fields(dims: &Attr, lists: &[(String, Vec<i64>)]) -> Option<Attr> {
    let Attr::Struct { name, fields } = dims else {
        return None;
    };
    let fields = (fields.iter())
        .map(|f| match lists.iter().find(|(n, _)| *n == *f.name) {
            Some((n, ds)) => NamedAttr::new(n, int_array(ds)),
            None => f.clone(),
        })
        .collect();
    Some(Attr::Struct {
        name: name.clone(),
        fields,
    })
}
