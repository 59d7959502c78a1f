//! Built `dot_general`s that stand for a view of a matched dot, `view(dot_general(%a, %b) as
//! %d)`, with the attributes and operand types a rewrite's built side leaves out.
//!
//! - A `reshape` that regroups dimensions only within the result's batch, lhs-free or
//!   rhs-free dimensions: the same regrouping of the operand dimensions that carry them, and
//!   units that become or stop being units of the operands (batch units of both, or free units
//!   of one side), each operand a reshape that keeps the order of its elements
//!   ([`super::dot_layout`]).
//! - A `slice`: each result dimension of a dot is a batch dimension of both operands or a free
//!   dimension of one, so the slice's window on it is the same window on those operand
//!   dimensions; contracted dimensions are taken whole. The dot keeps its dimension numbers,
//!   and a built `slice(%a)` without its indices takes its operand's window (the operand itself
//!   when the window is all of it).

use super::dot_layout::{Layout, Numbers};
use super::layout::{agreed_leaves, dims_of, int_list, Bound, Derived};
use super::meta::Graph;
use egfuse_dsl::ast::{Expr, OpPattern};
use egfuse_ir::{Attr, NamedAttr, Type};
use egg::Id;

/// The matched `view(dot_general(%a, %b) as %d)`: the view's op, the dot's class and its
/// operands' variables and classes.
struct Matched<'e> {
    view: &'e str,
    dot: Id,
    vars: [&'e str; 2],
    operands: [Id; 2],
}

fn matched<'e>(from: &'e Expr, bound: &Bound) -> Option<Matched<'e>> {
    let Expr::Op { pattern: outer, .. } = from else {
        return None;
    };
    let [Expr::Op {
        pattern: dot,
        name: Some(d),
    }] = outer.operands.as_slice()
    else {
        return None;
    };
    let [Expr::Var(a), Expr::Var(b)] = dot.operands.as_slice() else {
        return None;
    };
    if op_name(dot)? != "stablehlo.dot_general" {
        return None;
    }
    Some(Matched {
        view: op_name(outer)?,
        dot: (bound.value)(&d.name)?,
        vars: [&a.name, &b.name],
        operands: [(bound.value)(&a.name)?, (bound.value)(&b.name)?],
    })
}

pub(super) fn op_name(p: &OpPattern<Expr>) -> Option<&str> {
    p.ops.first().map(|o| o.name.as_str())
}

/// The `dot_general` standing for the matched view of a dot (in class `root`).
pub(super) fn derived_dot(g: &Graph, from: &Expr, root: Id, bound: &Bound) -> Option<Derived> {
    let m = matched(from, bound)?;
    match m.view {
        "stablehlo.reshape" => reshaped(g, &m, root),
        "stablehlo.slice" => sliced(g, &m, root),
        _ => None,
    }
}

/// The dot under a reshape that regroups dimensions only within the result's regions (PyTorch's
/// batch and heads merged for a batched dot and split after) or inserts or removes units: the
/// same regrouping and units of the operand dimensions that carry them, every operand a reshape
/// of what it was ([`Layout::reshaped`]).
fn reshaped(g: &Graph, m: &Matched, root: Id) -> Option<Derived> {
    let (dd, rd) = (dims_of(g, m.dot)?, dims_of(g, root)?);
    let [dims, precision, algorithm] = dot_attrs(g, m.dot, m.operands)?;
    let dims = dims?;
    let shapes = [dims_of(g, m.operands[0])?, dims_of(g, m.operands[1])?];
    let layout = Layout::of(&Numbers::of(&dims)?, &shapes)?.reshaped(&dd, &rd)?;
    // An operand regrouped beyond its units must be a reshape already, which the new one then
    // composes with (PyTorch's merge of batch and heads undone); regrouping every matmul's
    // weights would only grow the e-graph.
    let squeezed = |d: &[i64]| d.iter().copied().filter(|&n| n != 1).collect::<Vec<_>>();
    for (i, shape) in shapes.iter().enumerate() {
        let reshape =
            || (g[m.operands[i]].nodes.iter()).any(|n| n.op_name() == Some("stablehlo.reshape"));
        if squeezed(&layout.shape(i)) != squeezed(shape) && !reshape() {
            return None;
        }
    }
    let mut props = vec![NamedAttr::new(
        "dot_dimension_numbers",
        layout.numbers().attr(&dims)?,
    )];
    props.extend(precision.map(|p| NamedAttr::new("precision_config", p)));
    props.extend(algorithm.map(|a| NamedAttr::new("algorithm", a)));
    let ty = |i: usize| {
        let t = g[m.operands[i]].data.ty.as_deref()?.as_tensor()?;
        Some(Type::tensor(layout.shape(i), t.elem.clone()))
    };
    Some(Derived::attrs(props, vec![ty(0)?, ty(1)?]))
}

/// The dot of the two operands' windows under a slice: the same attributes.
fn sliced(g: &Graph, m: &Matched, root: Id) -> Option<Derived> {
    let windows = operand_windows(g, m, root)?;
    let [dims, precision, algorithm] = dot_attrs(g, m.dot, m.operands)?;
    let mut props = vec![NamedAttr::new("dot_dimension_numbers", dims?)];
    props.extend(precision.map(|p| NamedAttr::new("precision_config", p)));
    props.extend(algorithm.map(|a| NamedAttr::new("algorithm", a)));
    let ty = |i: usize| {
        let t = g[m.operands[i]].data.ty.as_deref()?.as_tensor()?;
        Some(Type::tensor(windows[i].shape(), t.elem.clone()))
    };
    Some(Derived::attrs(props, vec![ty(0)?, ty(1)?]))
}

/// A built `slice(%var)` of an operand of the matched `slice(dot_general(%a, %b))`: its
/// attributes, or `None` inside when the window is the whole operand.
pub(super) fn derived_slice(
    g: &Graph,
    from: &Expr,
    root: Id,
    var: &str,
    bound: &Bound,
) -> Option<Option<Vec<NamedAttr>>> {
    let m = matched(from, bound)?;
    if m.view != "stablehlo.slice" {
        return None;
    }
    let side = m.vars.iter().position(|v| *v == var)?;
    let w = &operand_windows(g, &m, root)?[side];
    Some((!w.is_whole(&dims_of(g, m.operands[side])?)).then(|| w.props()))
}

/// A slice's start, limit and stride per dimension.
#[derive(Clone, PartialEq, Debug)]
struct Window {
    start: Vec<i64>,
    limit: Vec<i64>,
    strides: Vec<i64>,
}

impl Window {
    fn whole(shape: &[i64]) -> Window {
        Window {
            start: vec![0; shape.len()],
            limit: shape.to_vec(),
            strides: vec![1; shape.len()],
        }
    }

    fn shape(&self) -> Vec<i64> {
        (self.start.iter().zip(&self.limit).zip(&self.strides))
            .map(|((&s, &l), &t)| (l - s).max(0).saturating_add(t.max(1) - 1) / t.max(1))
            .collect()
    }

    fn is_whole(&self, shape: &[i64]) -> bool {
        *self == Window::whole(shape)
    }

    fn props(&self) -> Vec<NamedAttr> {
        vec![
            NamedAttr::new("limit_indices", Attr::i64_array(self.limit.clone())),
            NamedAttr::new("start_indices", Attr::i64_array(self.start.clone())),
            NamedAttr::new("strides", Attr::i64_array(self.strides.clone())),
        ]
    }
}

/// The windows of the dot's two operands that a slice of its result (in class `root`) reads.
fn operand_windows(g: &Graph, m: &Matched, root: Id) -> Option<[Window; 2]> {
    let w = class_window(g, root, m.dot)?;
    let [dims, _, _] = dot_attrs(g, m.dot, m.operands)?;
    let dims = dims?;
    let list = |n: &str| dims.field(n).map_or(Some(Vec::new()), Attr::as_int_list);
    let (lb, lc) = (
        list("lhs_batching_dimensions")?,
        list("lhs_contracting_dimensions")?,
    );
    let (rb, rc) = (
        list("rhs_batching_dimensions")?,
        list("rhs_contracting_dimensions")?,
    );
    let shapes = [dims_of(g, m.operands[0])?, dims_of(g, m.operands[1])?];
    let free = |rank: usize, b: &[i64], c: &[i64]| -> Vec<i64> {
        (0..rank as i64)
            .filter(|d| !b.contains(d) && !c.contains(d))
            .collect()
    };
    // Per result dimension, the (operand, dimension) pairs it is: batch, lhs free, rhs free.
    let mut targets: Vec<Vec<(usize, i64)>> = (lb.iter().zip(&rb))
        .map(|(&l, &r)| vec![(0, l), (1, r)])
        .collect();
    targets.extend(
        free(shapes[0].len(), &lb, &lc)
            .into_iter()
            .map(|d| vec![(0, d)]),
    );
    targets.extend(
        free(shapes[1].len(), &rb, &rc)
            .into_iter()
            .map(|d| vec![(1, d)]),
    );
    if targets.len() != w.start.len() || lb.len() != rb.len() {
        return None;
    }
    let mut out = [Window::whole(&shapes[0]), Window::whole(&shapes[1])];
    for (i, pairs) in targets.iter().enumerate() {
        for &(side, d) in pairs {
            let d = usize::try_from(d)
                .ok()
                .filter(|&d| d < shapes[side].len())?;
            out[side].start[d] = w.start[i];
            out[side].limit[d] = w.limit[i];
            out[side].strides[d] = w.strides[i];
        }
    }
    Some(out)
}

/// The window of the `slice` nodes of `operand` in `class`, when they agree.
fn class_window(g: &Graph, class: Id, operand: Id) -> Option<Window> {
    let names = ["start_indices", "limit_indices", "strides"];
    let [start, limit, strides] = agreed_leaves(g, class, ("stablehlo.slice", &[operand]), names)?;
    let ints = |a: Option<Attr>| int_list(&a?);
    Some(Window {
        start: ints(start)?,
        limit: ints(limit)?,
        strides: ints(strides)?,
    })
}

/// The dimension numbers, precision and algorithm of the `dot_general` nodes of `operands` in
/// `class`, when they agree.
fn dot_attrs(g: &Graph, class: Id, operands: [Id; 2]) -> Option<[Option<Attr>; 3]> {
    let names = ["dot_dimension_numbers", "precision_config", "algorithm"];
    agreed_leaves(g, class, ("stablehlo.dot_general", &operands), names)
}
