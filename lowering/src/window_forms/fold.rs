//! A `reduce_window` of any other elementwise body, of one operand or several, as that body
//! applied once per window position. The accumulators start as the init values broadcast to
//! the result's shape; window position `p`, in row-major window order, makes them the body of
//! the accumulators and of each operand's read at `p`, where `p` reads an element of the
//! operand, and leaves them where it reads padding or a hole (a `select` by a constant mask).
//! That is the reference interpreter's order: init first, then the window's elements in
//! row-major order, padding and holes left out, as XLA leaves them out. The law is exact
//! whatever the body, ties in a comparison included (JAX's `_select_and_gather_add` picks the
//! tangent of a window's maximum by `GE`, of its minimum by `LE`: the first of equal values).

use super::{apply, body, broadcast, inside, padded, Window};
use crate::conv_forms::dims_of;
use egfuse_ir::{Module, OpId, ValueId};

/// Rewrites `w` by the law above; `None`, with nothing created, when it is left as it is.
pub(super) fn rewrite(m: &mut Module, w: OpId) -> Option<()> {
    let o = m.op(w).clone();
    let n = o.results.len();
    if n == 0 || o.operands.len() != 2 * n || !body::applies(m, w, 0, 2 * n) {
        return None;
    }
    let (inputs, inits) = o.operands.split_at(n);
    let window = Window::of(m, w, inputs[0], o.results[0])?;
    let out = dims_of(m, o.results[0]);
    let shape = dims_of(m, inputs[0]);
    let same = |vs: &[ValueId], dims: &[i64]| vs.iter().all(|&v| dims_of(m, v) == dims);
    if !same(inputs, &shape) || !same(&o.results, &out) {
        return None;
    }
    let accs = folded(m, w, &window, (inputs, inits), &out)?;
    for (&r, acc) in o.results.iter().zip(accs) {
        m.replace_all_uses(r, acc);
    }
    m.erase_op(w).ok()
}

/// The body of `w` (region 0, checked by [`body::applies`]) folded over the windows of
/// `window` on `inputs` from `inits`, one accumulator per input, of shape `out`.
pub(super) fn folded(
    m: &mut Module,
    w: OpId,
    window: &Window,
    (inputs, inits): (&[ValueId], &[ValueId]),
    out: &[i64],
) -> Option<Vec<ValueId>> {
    let shape = dims_of(m, inputs[0]);
    let holes = window.has_holes();
    let padded: Vec<ValueId> = (inputs.iter()).map(|&v| padded(m, w, window, v)).collect();
    let valid = match holes {
        true => inside(m, w, window, &shape, out),
        false => Vec::new(),
    };
    let mut accs: Vec<ValueId> = (inits.iter())
        .map(|&i| broadcast(m, w, i, out.to_vec()))
        .collect();
    for p in 0..window.positions() {
        let reads: Vec<ValueId> = (padded.iter())
            .map(|&v| window.read(m, w, v, out, p))
            .collect();
        let args: Vec<ValueId> = accs.iter().copied().chain(reads).collect();
        let next = body::apply(m, w, 0, &args, out)?;
        accs = match holes {
            true => (accs.iter().zip(next))
                .map(|(&acc, new)| {
                    let ty = m.ty(acc).clone();
                    apply(
                        m,
                        w,
                        "stablehlo.select",
                        vec![valid[p as usize], new, acc],
                        ty,
                    )
                })
                .collect(),
            false => next,
        };
    }
    Some(accs)
}
