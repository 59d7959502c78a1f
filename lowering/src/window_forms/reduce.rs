//! A `reduce` that no kernel lowering takes as it stands, spelled as one that does:
//!
//! - one associative op of [`COMBINES`] from an init that is not the op's identity (a sum from
//!   3) is that op of the reduce from the identity and the init broadcast: the spec's reduce
//!   folds the init in once, anywhere in its order, so the law is exact for integers, a
//!   maximum, a minimum, `and` and `or`, and a float sum or product differs only by rounding
//!   (the interpreter adds the init to the sum of the elements, as this does);
//! - any other elementwise body (an argmax along a dimension that is not the last, a reduce of
//!   several operands whose results do not form an argmax) over at most [`MAX_WINDOW`]
//!   elements per result is the window that spans the reduced dimensions, folded as
//!   [`super::fold`] folds a window, in the interpreter's order (the init, then the reduced
//!   elements in row-major order), and reshaped to the result.
//!
//! Left as they are: a single op from its identity (the `select` rules' `tensor_reduce`) and an
//! argmax or argmin along the last dimension (`arg_reduce`).

use super::{body, broadcast, fold, identity, is_identity, Window, COMBINES, MAX_WINDOW};
use crate::conv_forms::{constant, dims_of};
use crate::window_sums::combines_its_arguments;
use egfuse_ir::facts::{attr_ref, int_list, splat_value};
use egfuse_ir::{Module, NamedAttr, OpId, Type};

/// Rewrites `r` by the laws above; `None`, with nothing created, when it is left as it is.
pub(super) fn rewrite(m: &mut Module, r: OpId) -> Option<()> {
    match single(m, r) {
        Some(combine) => peel(m, r, combine),
        None => unrolled(m, r),
    }
}

/// The op of a reduce of one operand whose body is one op of [`COMBINES`] on its arguments.
fn single(m: &Module, r: OpId) -> Option<&'static str> {
    let o = m.op(r);
    if o.operands.len() != 2 || !combines_its_arguments(m, r, 0) {
        return None;
    }
    let body = attr_ref(m, r, "body")?.as_str()?;
    COMBINES.iter().copied().find(|&c| c == body.as_str())
}

/// `combine(reduce from the identity, init)`, when the init is a splat constant that is not
/// the identity already.
fn peel(m: &mut Module, r: OpId, combine: &str) -> Option<()> {
    let o = m.op(r).clone();
    let init = o.operands[1];
    let elem = m.ty(init).elem()?.clone();
    let (text, _) = identity(combine, &elem)?;
    if splat_value(m, init, true).is_none() || is_identity(m, combine, init) {
        return None;
    }
    let unit = constant(m, r, Type::tensor(Vec::new(), elem), &text);
    m.set_operand(r, 1, unit);
    let out = o.results[0];
    let dims = dims_of(m, out);
    let folded_in = broadcast(m, r, init, dims);
    let ty = m.ty(out).clone();
    let mut spec = egfuse_ir::OpSpec::new(combine);
    spec.operands = vec![out, folded_in];
    spec.result_types = vec![ty];
    spec.loc = o.loc.clone();
    spec.span = o.span;
    let after = m.create_op(spec);
    m.insert_op_after(r, after);
    // The broadcast was made before the reduce; the combine reads the reduce, after it.
    let combined = m.op(after).results[0];
    m.replace_uses_if(out, combined, |_, user| user.op != after);
    Some(())
}

/// The window fold over the reduced dimensions (see the module's doc).
fn unrolled(m: &mut Module, r: OpId) -> Option<()> {
    let o = m.op(r).clone();
    let n = o.results.len();
    if n == 0 || o.operands.len() != 2 * n || !body::applies(m, r, 0, 2 * n) {
        return None;
    }
    let along_last = |m: &Module| {
        let rank = dims_of(m, o.operands[0]).len() as i64;
        attr_ref(m, r, "dimensions").and_then(|a| int_list(&a)) == Some(vec![rank - 1])
    };
    if n == 2 && crate::arg_reduce::of(m, r).is_some() && along_last(m) {
        return None;
    }
    let (inputs, inits) = o.operands.split_at(n);
    let shape = dims_of(m, inputs[0]);
    let dims = int_list(&*attr_ref(m, r, "dimensions")?)?;
    let filled = shape.iter().all(|&k| k >= 1);
    let same = inputs.iter().all(|&v| dims_of(m, v) == shape);
    let window: Vec<i64> = (0..shape.len() as i64)
        .map(|d| {
            if dims.contains(&d) {
                shape[d as usize]
            } else {
                1
            }
        })
        .collect();
    let count = window.iter().product::<i64>();
    if !filled || !same || count > MAX_WINDOW {
        return None;
    }
    let out: Vec<i64> = (0..shape.len() as i64)
        .map(|d| {
            if dims.contains(&d) {
                1
            } else {
                shape[d as usize]
            }
        })
        .collect();
    let rank = shape.len();
    let w = Window {
        window,
        strides: vec![1; rank],
        base_dilations: vec![1; rank],
        window_dilations: vec![1; rank],
        padding: vec![(0, 0); rank],
    };
    let accs = fold::folded(m, r, &w, (inputs, inits), &out)?;
    for (&result, acc) in o.results.iter().zip(accs) {
        let ty: Type = m.ty(result).clone();
        let props: Vec<NamedAttr> = Vec::new();
        let reshaped = m.create_before(r, ("stablehlo.reshape", vec![acc], props), ty);
        m.replace_all_uses(result, reshaped);
    }
    m.erase_op(r).ok()
}
