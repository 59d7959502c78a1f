//! A `sort` along a dimension that is not the last (`jnp.sort(x, axis=0)`, a vmapped sort) is
//! the sort along the last dimension of its operands transposed so that the sorted dimension
//! comes last, the others in their order, with the results transposed back. Exact: a transpose
//! moves elements and the sort compares and moves the same ones, each row of the sorted
//! dimension holding the same elements in the same order. The sort kernel (`crate::sort`)
//! takes rows along the last dimension only.

use crate::conv_forms::dims_of;
use egfuse_ir::edit::ValueMap;
use egfuse_ir::{Attr, Module, NamedAttr, OpId, OpSpec, Type, ValueId};

/// Rewrites `s` by the law above; `None`, with nothing created, when it is left as it is.
pub(super) fn rewrite(m: &mut Module, s: OpId) -> Option<()> {
    let o = m.op(s).clone();
    let rank = dims_of(m, *o.operands.first()?).len();
    let d = usize::try_from(o.attr("dimension")?.as_int()?).ok()?;
    let fits = (o.operands.iter()).all(|&v| {
        let dims = dims_of(m, v);
        dims.len() == rank && dims.iter().all(|&k| k >= 0)
    });
    if !fits || d + 1 >= rank {
        return None;
    }
    let perm: Vec<i64> = (0..rank)
        .filter(|&k| k != d)
        .chain([d])
        .map(|k| k as i64)
        .collect();
    let mut back = vec![0; rank];
    for (k, &p) in perm.iter().enumerate() {
        back[p as usize] = k as i64;
    }
    let operands: Vec<ValueId> = (o.operands.iter())
        .map(|&v| transpose(m, s, v, &perm))
        .collect();
    let mut spec = OpSpec::new(&o.name);
    spec.result_types = operands.iter().map(|&v| m.ty(v).clone()).collect();
    spec.operands = operands;
    let renamed = |list: &[NamedAttr]| -> Vec<NamedAttr> {
        (list.iter())
            .map(|a| match &*a.name {
                "dimension" => NamedAttr::new("dimension", last(&a.value, rank)),
                _ => a.clone(),
            })
            .collect()
    };
    (spec.props, spec.attrs) = (renamed(&o.props), renamed(&o.attrs));
    spec.regions = vec![m.clone_region(o.regions[0], &mut ValueMap::default())];
    spec.loc = o.loc.clone();
    spec.span = o.span;
    let sorted = m.create_op(spec);
    m.insert_op_before(s, sorted);
    for (k, &r) in o.results.iter().enumerate() {
        let v = m.op(sorted).results[k];
        let restored = transpose(m, s, v, &back);
        m.replace_all_uses(r, restored);
    }
    m.erase_op(s).ok()
}

/// The `dimension` attribute `a` naming the last of `rank` dimensions, in `a`'s integer type.
fn last(a: &Attr, rank: usize) -> Attr {
    let ty = match a {
        Attr::Int { ty, .. } => ty.clone(),
        _ => None,
    };
    Attr::Int {
        value: rank as i128 - 1,
        ty,
    }
}

/// `v` transposed by `perm`, before `s`.
fn transpose(m: &mut Module, s: OpId, v: ValueId, perm: &[i64]) -> ValueId {
    let dims = dims_of(m, v);
    let shape = perm.iter().map(|&p| dims[p as usize]).collect();
    let ty = Type::tensor(shape, m.ty(v).elem().cloned().expect("a tensor operand"));
    let props = vec![NamedAttr::new(
        "permutation",
        Attr::i64_array(perm.to_vec()),
    )];
    m.create_before(s, ("stablehlo.transpose", vec![v], props), ty)
}
