//! A built `reduce` that stands for a reshape of a matched reduce, `reshape(reduce(%x, %init)
//! as %r)`, when the reshape only inserts or removes dimensions of size 1: the same reduce of
//! `%x` reshaped so ([`unit_reshaped_operand`]).
//!
//! The built reduce keeps the matched one's body: its node carries the same `body` leaf, and it
//! is created by copying the region of an original reduce in `%r`'s class (a template that
//! copies one passes it on), so a reduce whose body is more than one op is derived as well.

use super::dot_views::op_name;
use super::lang::{Build, Node};
use super::layout::{agreed_leaves, dims_of, int_list, Bound, Derived};
use super::meta::Graph;
use egfuse_dsl::ast::Expr;
use egfuse_ir::{Attr, NamedAttr, OpId, Type};
use egg::Id;

/// The reduce standing for the matched `reshape(reduce(%x, %init) as %r)` in class `root`.
pub(super) fn derived_reduce(g: &Graph, from: &Expr, root: Id, bound: &Bound) -> Option<Derived> {
    let (r, operands) = matched(from, bound)?;
    let [dims, body] = agreed_leaves(
        g,
        r,
        ("stablehlo.reduce", &operands),
        ["dimensions", "body"],
    )?;
    let reduced = int_list(dims.as_ref()?)?;
    let (shape, at) =
        unit_reshaped_operand(&dims_of(g, operands[0])?, &reduced, &dims_of(g, root)?)?;
    let elem = g[operands[0]].data.ty.as_deref()?.as_tensor()?.elem.clone();
    Some(Derived {
        props: vec![NamedAttr::new("dimensions", Attr::i64_array(at))],
        operands: vec![Type::tensor(shape, elem)],
        leaves: vec![NamedAttr::new("body", body?)],
        regions: Some(region_source(g, r, &operands)?),
    })
}

/// The matched reduce's class and its two operands' classes.
fn matched(from: &Expr, bound: &Bound) -> Option<(Id, [Id; 2])> {
    let Expr::Op { pattern: outer, .. } = from else {
        return None;
    };
    let [Expr::Op {
        pattern: reduce,
        name: Some(r),
    }] = outer.operands.as_slice()
    else {
        return None;
    };
    let [Expr::Var(x), Expr::Var(init)] = reduce.operands.as_slice() else {
        return None;
    };
    (op_name(outer)? == "stablehlo.reshape" && op_name(reduce)? == "stablehlo.reduce")
        .then_some(())?;
    let value = |n: &str| (bound.value)(n);
    Some((value(&r.name)?, [value(&x.name)?, value(&init.name)?]))
}

/// The original reduce whose regions a reduce of `operands` in `class` copies: one in the
/// class, or the one a template there copies.
fn region_source(g: &Graph, class: Id, operands: &[Id; 2]) -> Option<OpId> {
    let same = |n: &Node| {
        n.op_name() == Some("stablehlo.reduce")
            && (n.operands().iter().zip(operands)).all(|(&a, &b)| g.find(a) == g.find(b))
    };
    g[class]
        .nodes
        .iter()
        .filter(|n| same(n))
        .find_map(|n| match n {
            Node::Op {
                build: Build::Original(op),
                ..
            } => Some(*op),
            Node::Op {
                build: Build::Template(t),
                ..
            } => g.analysis.templates[*t].regions,
            _ => None,
        })
}

/// The operand shape whose reduce over the returned dimensions is `target`, for an operand of
/// shape `x` reduced over `reduced` to a result that `target` equals but for units. Walking
/// `x`'s dimensions in order, a reduced one stays, a kept unit goes, and a kept dimension above
/// size 1 becomes the target's next such dimension together with the units the target puts
/// before it; the target's trailing units close the list. The dimensions above size 1 keep
/// their order, so the new operand is a reshape of the old. `None` when `target` is no unit
/// reshape of the reduce's result.
fn unit_reshaped_operand(
    x: &[i64],
    reduced: &[i64],
    target: &[i64],
) -> Option<(Vec<i64>, Vec<i64>)> {
    let mut shape = Vec::with_capacity(target.len() + reduced.len());
    let mut at = Vec::with_capacity(reduced.len());
    let mut next = 0;
    for (d, &n) in x.iter().enumerate() {
        if reduced.contains(&(d as i64)) {
            at.push(shape.len() as i64);
            shape.push(n);
        } else if n != 1 {
            let k = next + target.get(next..)?.iter().position(|&t| t != 1)?;
            (target[k] == n).then_some(())?;
            shape.extend_from_slice(&target[next..=k]);
            next = k + 1;
        }
    }
    let rest = target.get(next..)?;
    rest.iter().all(|&t| t == 1).then_some(())?;
    shape.extend_from_slice(rest);
    (reduced.len() == at.len()).then_some((shape, at))
}

#[cfg(test)]
mod tests {
    use super::unit_reshaped_operand;

    #[test]
    fn a_unit_reshape_of_a_reduce_is_a_reduce_of_the_unit_reshaped_operand() {
        // jax.nn.dot_product_attention: the max over the keys of [B, H, Q, 1, K] scores moved
        // to [1, B, H, Q]; the scores moved the same way are [1, B, H, Q, K].
        assert_eq!(
            unit_reshaped_operand(&[2, 8, 128, 1, 128], &[4], &[1, 2, 8, 128]),
            Some((vec![1, 2, 8, 128, 128], vec![4]))
        );
        // A keepdims sum written as a reduce and a reshape: the unit lands after the reduced
        // dimension, where the operand had none.
        assert_eq!(
            unit_reshaped_operand(&[4, 6], &[1], &[4, 1]),
            Some((vec![4, 6, 1], vec![1]))
        );
        // A reduced unit dimension and a leading reduced one stay in place.
        assert_eq!(
            unit_reshaped_operand(&[3, 1, 5, 2], &[0, 1], &[5, 1, 2]),
            Some((vec![3, 1, 5, 1, 2], vec![0, 1]))
        );
        // Not a unit reshape of the result [4, 6]: refused.
        assert_eq!(unit_reshaped_operand(&[4, 6, 7], &[2], &[6, 4]), None);
        assert_eq!(unit_reshaped_operand(&[4, 6, 7], &[2], &[24]), None);
    }
}
