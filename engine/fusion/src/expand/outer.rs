//! A `dot_general` that contracts nothing is a product of broadcasts, as XLA's DotDecomposer
//! canonicalizes it: each element of the result is one product,
//! `r[b.., i.., j..] = lhs[b.., i..] * rhs[b.., j..]`, the batching dimensions first, then the
//! left side's free ones, then the right side's. Each side is placed on the result's
//! dimensions by a transpose (when it lists them out of order) and a broadcast (when it lacks
//! some). A side that is the splat 1 leaves only the other (`x * 1 = x`): Flax's BERT multiplies
//! its attention probabilities by a head mask of ones so
//! (`einsum("...hqk,h->...hqk", probs, head_mask)`), which then is a transpose the next dot
//! folds into its dimension numbers.
//!
//! Invariant: only a statically shaped dot whose sides and result have one element type is
//! rewritten, so the one product rounds as the dot's did; its result keeps its uses.

use egfuse_ir::facts::splat_value;
use egfuse_ir::{Attr, Module, NamedAttr, OpId, Type, ValueId};

/// Rewrites every `dot_general` of `m` that contracts nothing; returns how many.
pub fn expand_outer(m: &mut Module) -> usize {
    let dots: Vec<(OpId, [Vec<i64>; 2])> = (m.walk().into_iter())
        .filter_map(|op| Some((op, places(m, op)?)))
        .collect();
    for (op, [lhs, rhs]) in &dots {
        let o = m.op(*op);
        let (a, b, r) = (o.operands[0], o.operands[1], o.results[0]);
        let (a, b) = match (one(m, a), one(m, b)) {
            (true, _) => (None, Some(placed(m, *op, b, rhs))),
            (false, true) => (Some(placed(m, *op, a, lhs)), None),
            _ => (Some(placed(m, *op, a, lhs)), Some(placed(m, *op, b, rhs))),
        };
        let product = match (a, b) {
            (Some(a), Some(b)) => {
                let ty = m.ty(r).clone();
                m.create_before(*op, ("stablehlo.multiply", vec![a, b], vec![]), ty)
            }
            (Some(x), None) | (None, Some(x)) => x,
            (None, None) => unreachable!("one side at least is placed"),
        };
        m.replace_all_uses(r, product);
        m.erase_op(*op).expect("its readers read the product");
    }
    dots.len()
}

/// Where each side's dimensions go in the result of `op`, when it is a `dot_general` this pass
/// rewrites.
fn places(m: &Module, op: OpId) -> Option<[Vec<i64>; 2]> {
    let o = m.op(op);
    if &*o.name != "stablehlo.dot_general" || o.operands.len() != 2 || o.results.len() != 1 {
        return None;
    }
    let dims = o.attr("dot_dimension_numbers")?;
    let list = |name: &str| dims.field(name).map_or(Some(Vec::new()), Attr::as_int_list);
    let contracting = [
        list("lhs_contracting_dimensions")?,
        list("rhs_contracting_dimensions")?,
    ];
    let batching = [
        list("lhs_batching_dimensions")?,
        list("rhs_batching_dimensions")?,
    ];
    let tys = [o.operands[0], o.operands[1], o.results[0]].map(|v| m.ty(v));
    let statics = tys
        .iter()
        .all(|t| t.dims().is_some_and(|d| d.iter().all(|&n| n >= 0)));
    let one_elem = tys
        .iter()
        .all(|t| t.elem().is_some() && t.elem() == tys[2].elem());
    if !contracting.iter().all(Vec::is_empty) || !statics || !one_elem {
        return None;
    }
    let nb = batching[0].len() as i64;
    let mut next = nb;
    let mut out = [Vec::new(), Vec::new()];
    for side in 0..2 {
        let rank = tys[side].dims()?.len() as i64;
        out[side] = (0..rank)
            .map(|d| match batching[side].iter().position(|&x| x == d) {
                Some(k) => k as i64,
                None => {
                    next += 1;
                    next - 1
                }
            })
            .collect();
    }
    // Each side's dimension lands on a result dimension of its size, and they cover the
    // result: a dot whose numbers say otherwise is left as it is.
    let result = tys[2].dims()?;
    let lands = (0..2).all(|side| {
        let ds = tys[side].dims().unwrap_or_default();
        (out[side].iter().zip(ds)).all(|(&p, &n)| result.get(p as usize) == Some(&n))
    });
    (lands && next as usize == result.len()).then_some(out)
}

/// Whether `v` is the splat 1: a constant of ones, through converts, broadcasts, reshapes and
/// slices.
fn one(m: &Module, mut v: ValueId) -> bool {
    loop {
        if splat_value(m, v, false) == Some(1.0) {
            return true;
        }
        let Some(op) = m.defining_op(v) else {
            return false;
        };
        let o = m.op(op);
        let unary = matches!(
            &*o.name,
            "stablehlo.convert"
                | "stablehlo.broadcast_in_dim"
                | "stablehlo.reshape"
                | "stablehlo.slice"
        );
        if !unary || o.operands.len() != 1 {
            return false;
        }
        v = o.operands[0];
    }
}

/// `x` with its dimension `i` at the result's dimension `at[i]` of `dot`'s result, made before
/// `dot`: transposed to that order when it is out of it, broadcast over the rest.
fn placed(m: &mut Module, dot: OpId, x: ValueId, at: &[i64]) -> ValueId {
    let result = m.op(dot).results[0];
    let (shape, elem) = (
        dims(m, result),
        m.ty(result).elem().cloned().expect("a tensor"),
    );
    let mut order: Vec<usize> = (0..at.len()).collect();
    order.sort_by_key(|&i| at[i]);
    let mut x = x;
    if order.windows(2).any(|w| w[0] > w[1]) {
        let from = dims(m, x);
        let to: Vec<i64> = order.iter().map(|&i| from[i]).collect();
        let perm = NamedAttr::new("permutation", int_array(&order));
        let ty = Type::tensor(to, elem.clone());
        x = m.create_before(dot, ("stablehlo.transpose", vec![x], vec![perm]), ty);
    }
    let sorted: Vec<i64> = order.iter().map(|&i| at[i]).collect();
    if sorted.len() == shape.len() {
        return x;
    }
    let bd = NamedAttr::new("broadcast_dimensions", Attr::i64_array(sorted));
    let ty = Type::tensor(shape, elem);
    m.create_before(dot, ("stablehlo.broadcast_in_dim", vec![x], vec![bd]), ty)
}

fn int_array(xs: &[usize]) -> Attr {
    Attr::i64_array(xs.iter().map(|&x| x as i64).collect())
}

fn dims(m: &Module, v: ValueId) -> Vec<i64> {
    m.ty(v).dims().map(<[i64]>::to_vec).unwrap_or_default()
}
