//! Layout attributes a rewrite's built side leaves out, derived from its matched side: a built
//! `broadcast_in_dim` without `broadcast_dimensions` sends each dimension of its operand where
//! the matched side carries it.
//!
//! The matched side is walked from its root down to the operand's variable. A
//! `broadcast_in_dim` carries operand dimension `i` to result dimension `b[i]`; a `reshape`
//! carries each dimension it neither splits nor merges with others, in order, and drops its
//! unit dimensions; an elementwise op carries every dimension to itself. A broadcast's
//! dimensions are the ones its pattern captures or fixes, else those of the matched class's
//! broadcasts of the operand's class, when they agree. Any other op on the way, an operand
//! dimension of size above 1 that a reshape splits or merges (the value is then no broadcast
//! of the operand), or an interior node whose class is not known (name it `as %u`) derives
//! nothing, and the side is not built. The operand's unit
//! dimensions that nothing carries take the free result positions in order, so the built
//! `broadcast_dimensions` stay increasing where the matched side's were.
//!
//! A built `dot_general` without its dimensions is derived in [`super::dot_views`].

use super::meta::Graph;
use super::search::Matcher;
use crate::catalog::is_elementwise;
use egfuse_dsl::ast::{AttrValue, Expr, Literal, OpPattern};
use egfuse_ir::{Attr, NamedAttr, OpId, Type};
use egg::Id;
use std::ops::Range;

/// What a built op whose side leaves out its layout attributes takes from the matched side.
pub(super) struct Derived {
    pub props: Vec<NamedAttr>,
    /// The types of its first operands (the others' are inferred).
    pub operands: Vec<Type>,
    /// The attribute leaves its node carries that are no properties of the op: a reduce's body.
    pub leaves: Vec<NamedAttr>,
    /// The original op whose regions it copies.
    pub regions: Option<OpId>,
}

impl Derived {
    /// Properties and operand types only.
    pub(super) fn attrs(props: Vec<NamedAttr>, operands: Vec<Type>) -> Derived {
        Derived {
            props,
            operands,
            leaves: Vec::new(),
            regions: None,
        }
    }
}

/// Looks up the classes and attributes a match bound, by variable and by capture name.
pub(super) struct Bound<'a> {
    pub value: &'a dyn Fn(&str) -> Option<Id>,
    pub capture: &'a dyn Fn(&str) -> Option<Id>,
}

/// The `broadcast_dimensions` of a built `broadcast_in_dim(%var)` of shape `to` standing for
/// the value `from` matched in class `root`.
pub(super) fn derived_broadcast_dims(
    g: &Graph,
    from: &Expr,
    root: Id,
    var: &str,
    to: &[i64],
    bound: &Bound,
) -> Option<Vec<i64>> {
    let operand = dims_of(g, (bound.value)(var)?)?;
    let carried = carried(g, from, (Some(root), &dims_of(g, root)?), var, bound)?;
    place(&operand, &carried, to)
}

/// The static dimensions of a class's type.
pub(super) fn dims_of(g: &Graph, class: Id) -> Option<Vec<i64>> {
    let dims = g[class].data.ty.as_deref()?.as_tensor()?.dims.clone()?;
    dims.iter().all(|&d| d >= 0).then_some(dims)
}

/// For each dimension of `var`'s value, the dimension of `e`'s value (in `class` when the match
/// names it, of shape `shape`) the matched side carries it to, `None` for a unit dimension a
/// reshape dropped or one it split or merged (which [`place`] refuses unless it is a unit).
fn carried(
    g: &Graph,
    e: &Expr,
    (class, shape): (Option<Id>, &[i64]),
    var: &str,
    bound: &Bound,
) -> Option<Vec<Option<usize>>> {
    let Expr::Op { pattern, .. } = e else {
        return match e {
            Expr::Var(v) if v.name == var => Some((0..shape.len()).map(Some).collect()),
            _ => None,
        };
    };
    let child = pattern.operands.iter().find(|o| mentions(o, var))?;
    let name = pattern.ops.first()?.name.as_str();
    let stem = name.rsplit('.').next().unwrap_or(name);
    let child_class = match child {
        Expr::Var(v) => (bound.value)(&v.name),
        Expr::Op { name: Some(n), .. } => (bound.value)(&n.name),
        _ => None,
    };
    let child_shape = match child_class {
        Some(c) => dims_of(g, c)?,
        None if is_elementwise(name) => shape.to_vec(),
        None => return None,
    };
    let step: Vec<Option<usize>> = match stem {
        "broadcast_in_dim" => {
            let b = broadcast_dims(g, pattern, (class?, child_class?), bound)?;
            (b.len() == child_shape.len()).then_some(())?;
            b.iter().map(|&d| usize::try_from(d).ok()).collect()
        }
        "reshape" => correspondence(&child_shape, shape)?,
        _ if is_elementwise(name) && child_shape == shape => (0..shape.len()).map(Some).collect(),
        _ => return None,
    };
    let inner = carried(g, child, (child_class, &child_shape), var, bound)?;
    Some(inner.into_iter().map(|c| c.and_then(|c| step[c])).collect())
}

/// Whether `var` occurs in `e`.
fn mentions(e: &Expr, var: &str) -> bool {
    match e {
        Expr::Var(v) => v.name == var,
        Expr::Op { pattern, .. } => pattern.operands.iter().any(|o| mentions(o, var)),
        _ => false,
    }
}

/// The dimensions of a matched `broadcast_in_dim` of `child` in `class`: the ones its pattern
/// captures or fixes, else those of the class's broadcasts of `child`, when they agree.
fn broadcast_dims(
    g: &Graph,
    p: &OpPattern<Expr>,
    (class, child): (Id, Id),
    bound: &Bound,
) -> Option<Vec<i64>> {
    let attr = p
        .attrs
        .iter()
        .find(|a| a.name.name == "broadcast_dimensions");
    match attr.map(|a| &a.value) {
        Some(AttrValue::Capture(c)) => {
            int_list(Matcher::new(g).attr_value((bound.capture)(&c.name)?)?)
        }
        Some(AttrValue::Match(lits)) => match lits.as_slice() {
            [Literal::List(items, _)] => items
                .iter()
                .map(|l| match l {
                    Literal::Number(n) => n.as_int(),
                    _ => None,
                })
                .collect(),
            _ => None,
        },
        _ => class_broadcast_dims(g, class, child),
    }
}

/// The dimensions of the `broadcast_in_dim` nodes of `child` in `class`, when they agree.
fn class_broadcast_dims(g: &Graph, class: Id, child: Id) -> Option<Vec<i64>> {
    let [dims] = agreed_leaves(
        g,
        class,
        ("stablehlo.broadcast_in_dim", &[child]),
        ["broadcast_dimensions"],
    )?;
    int_list(dims.as_ref()?)
}

/// The attributes `names` of the `op` nodes in `class` whose operands are the classes
/// `operands`, when every such node has the same ones (`None` inside for one they lack);
/// `None` when there is no such node or they disagree.
pub(super) fn agreed_leaves<const N: usize>(
    g: &Graph,
    class: Id,
    (op, operands): (&str, &[Id]),
    names: [&str; N],
) -> Option<[Option<Attr>; N]> {
    let leaves = g.analysis.leaves_of(egg::Symbol::from(op));
    let slots = names.map(|n| leaves.iter().position(|l| l == n));
    let m = Matcher::new(g);
    let mut found: Option<[Option<Attr>; N]> = None;
    for n in &g[class].nodes {
        let same = |(&a, &b): (&Id, &Id)| g.find(a) == g.find(b);
        let ops = n.operands();
        if n.op_name() != Some(op)
            || ops.len() != operands.len()
            || !ops.iter().zip(operands).all(same)
        {
            continue;
        }
        let leaf = |k: Option<usize>| m.attr_value(g.find(*n.attr_args().get(k?)?)).cloned();
        let attrs = slots.map(leaf);
        if found.as_ref().is_some_and(|f| *f != attrs) {
            return None;
        }
        found = Some(attrs);
    }
    found
}

/// The integers of an `array<i64: ...>` or `[1, 2]` attribute.
pub(super) fn int_list(a: &Attr) -> Option<Vec<i64>> {
    a.as_i64_array()
        .map(|v| v.to_vec())
        .or_else(|| a.as_int_list())
}

/// For each dimension of `from`, the dimension of `to` a reshape between them carries it to,
/// `None` for a unit dimension and for one the reshape splits or merges with others: a block
/// of one dimension on each side ([`reshape_blocks`]) is carried. `None` overall when the sizes
/// differ.
pub(super) fn correspondence(from: &[i64], to: &[i64]) -> Option<Vec<Option<usize>>> {
    let mut out = vec![None; from.len()];
    for (f, t) in reshape_blocks(from, to)? {
        if f.len() == 1 && t.len() == 1 {
            out[f.start] = Some(t.start);
        }
    }
    Some(out)
}

/// The blocks of a reshape from `from` to `to`: a reshape keeps the row-major order, so the
/// shapes split into the smallest consecutive runs of equal products, each a pair of index
/// ranges; units between blocks belong to none. `None` when the sizes differ.
pub(super) fn reshape_blocks(
    from: &[i64],
    to: &[i64],
) -> Option<Vec<(Range<usize>, Range<usize>)>> {
    let mut out = Vec::new();
    let (mut i, mut j) = (0, 0);
    loop {
        while from.get(i) == Some(&1) {
            i += 1;
        }
        while to.get(j) == Some(&1) {
            j += 1;
        }
        let (Some(&a), Some(&b)) = (from.get(i), to.get(j)) else {
            return (i == from.len() && j == to.len()).then_some(out);
        };
        let (start, mut p, mut q) = ((i, j), a, b);
        (i, j) = (i + 1, j + 1);
        while p != q {
            if p < q {
                p = p.checked_mul(*from.get(i)?)?;
                i += 1;
            } else {
                q = q.checked_mul(*to.get(j)?)?;
                j += 1;
            }
        }
        out.push((start.0..i, start.1..j));
    }
}

/// `broadcast_dimensions` for an operand of shape `operand` whose dimensions go to `carried`
/// in a result of shape `to`: carried ones where carried (strictly increasing, each of the
/// result's size or 1), the others (of size 1) in the first free positions between them.
fn place(operand: &[i64], carried: &[Option<usize>], to: &[i64]) -> Option<Vec<i64>> {
    let mut out = Vec::with_capacity(operand.len());
    let mut last: Option<usize> = None;
    for (i, c) in carried.iter().enumerate() {
        let next_carried = carried[i + 1..].iter().flatten().next().copied();
        let j = match *c {
            Some(j) => j,
            None if operand[i] == 1 => last.map_or(0, |l| l + 1),
            None => return None,
        };
        let fits = j < to.len()
            && last.is_none_or(|l| j > l)
            && next_carried.is_none_or(|n| c.is_some() || j < n);
        if !fits || (operand[i] != 1 && operand[i] != to[j]) {
            return None;
        }
        out.push(j as i64);
        last = Some(j);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::{correspondence, place};

    #[test]
    fn reshapes_carry_the_dimensions_they_neither_split_nor_merge() {
        assert_eq!(
            correspondence(&[2, 8], &[2, 8, 1]),
            Some(vec![Some(0), Some(1)])
        );
        assert_eq!(
            correspondence(&[1, 8, 1], &[1, 8]),
            Some(vec![None, Some(1), None])
        );
        assert_eq!(
            correspondence(&[8, 16], &[2, 4, 16]),
            Some(vec![None, Some(2)])
        );
        assert_eq!(correspondence(&[2, 8], &[16]), Some(vec![None, None]));
        assert_eq!(correspondence(&[4, 2], &[2, 4]), Some(vec![None, None]));
        assert_eq!(correspondence(&[2, 8], &[15]), None);
        assert_eq!(correspondence(&[0, 3], &[3]), None);
    }

    #[test]
    fn uncarried_unit_dimensions_take_the_free_positions_in_order() {
        assert_eq!(
            place(&[1, 8], &[None, Some(1)], &[1, 8, 1]),
            Some(vec![0, 1])
        );
        assert_eq!(
            place(&[2, 8, 1], &[Some(0), Some(1), None], &[2, 8, 32]),
            Some(vec![0, 1, 2])
        );
        assert_eq!(place(&[8, 1], &[Some(1), None], &[8, 8]), None);
        assert_eq!(place(&[8], &[Some(0)], &[4, 8]), None);
    }
}
