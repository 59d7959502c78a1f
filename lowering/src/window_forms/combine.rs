//! A `reduce_window` whose body is one `maximum` or `minimum` (JAX's and Flax's max pooling, a
//! cumulative max), or one `multiply`, `and`, `or` or `add` (the sums `window_sums` leaves: base
//! dilations, integer windows that are not whole prefixes), as the chain of that op:
//!
//! - the operand is padded, edges `padding` and interior `base_dilations - 1` (the spec defines
//!   the padded input so), with the init value for an idempotent op (a maximum, a minimum,
//!   `and`, `or`: one more init changes nothing) and with the op's identity for a sum or a
//!   product: XLA leaves padding and holes out of a window, and so does the reference
//!   interpreter (`lax.reduce_window` of a product by 0.5 over `[2, 2, 2]`, one element of
//!   padding before, gives `[1, 2, 2]`), where the spec's padding with the init would give
//!   `[0.5, 2, 2]`;
//! - each window position reads its strided `slice` of the padded operand (see the parent
//!   module);
//! - the result is the init value broadcast combined with those slices, in window order, by
//!   the body's op; the init is left out when it is the op's identity (`-inf` for a float
//!   maximum and the lowest integer for an integer one, `inf` and the highest for a minimum, 0
//!   for an add and an `or`, 1 for a multiply, all ones for an `and`).
//!
//! The law is exact for a maximum, a minimum, `and`, `or` and integer arithmetic (the same in
//! any order, NaN included, and the init folded in once or again is the same); a float sum or
//! product differs from the interpreter's order only by rounding, as the spec leaves the order
//! of a window's reduction to the implementation. Fusion then makes the slices and the
//! chain one elementwise kernel whose loads read the slices' strided views (the slices sit at
//! its edge), and the pad one DMA kernel; `lower --check` runs each against the ops it lowers.

use super::{broadcast, is_identity, Window, COMBINES};
use crate::conv_forms::pad;
use crate::window_sums::{combines_its_arguments, splat};
use egfuse_ir::facts::attr_ref;
use egfuse_ir::{Module, OpId, ValueId};

/// A pooling window and its operator.
struct Pool {
    combine: &'static str,
    window: Window,
}

impl Pool {
    /// The pooling `w` does; `None` when it is not one rewritten here.
    fn of(m: &Module, w: OpId) -> Option<Pool> {
        let o = m.op(w);
        if o.operands.len() != 2 || !combines_its_arguments(m, w, 0) {
            return None;
        }
        let body = attr_ref(m, w, "body")?.as_str()?;
        let combine = *COMBINES.iter().find(|&&c| c == body.as_str())?;
        let window = Window::of(m, w, o.operands[0], o.results[0])?;
        Some(Pool { combine, window })
    }
}

/// The value `w` pads its operand with (see the module's doc): `init` for an idempotent
/// `combine`, else its identity, a constant of `init`'s type.
fn fill(m: &mut Module, w: OpId, combine: &str, init: ValueId) -> ValueId {
    let identity = match combine {
        "stablehlo.add" => 0,
        "stablehlo.multiply" => 1,
        _ => return init,
    };
    let ty = m.ty(init).clone();
    splat(m, w, &ty, identity)
}

/// Rewrites `w` by the law above; `None` when it is left as it is.
pub(super) fn rewrite(m: &mut Module, w: OpId) -> Option<()> {
    let p = Pool::of(m, w)?;
    let (operand, init) = (m.op(w).operands[0], m.op(w).operands[1]);
    let old = m.op(w).results[0];
    let (out_ty, out) = (m.ty(old).clone(), m.ty(old).dims()?.to_vec());
    let fill = fill(m, w, p.combine, init);
    let padded = pad(m, w, operand, fill, p.window.pads());
    let mut terms = Vec::new();
    if !is_identity(m, p.combine, init) {
        terms.push(broadcast(m, w, init, out.clone()));
    }
    for position in 0..p.window.positions() {
        terms.push(p.window.read(m, w, padded, &out, position));
    }
    let mut acc = terms[0];
    for &t in &terms[1..] {
        acc = m.create_before(w, (p.combine, vec![acc, t], Vec::new()), out_ty.clone());
    }
    m.replace_all_uses(old, acc);
    m.erase_op(w).ok()
}
