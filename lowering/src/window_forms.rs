//! Pooling windows spelled as ops the fusion and the tile pass take, before fusion. A
//! `reduce_window` whose body is one `maximum` or `minimum` (JAX's and Flax's max pooling, a
//! cumulative max), or one `multiply`, `and`, `or` or `add` (the sums `window_sums` leaves: base
//! dilations, integer windows that are not whole prefixes), is rewritten by StableHLO's
//! definition of the op:
//!
//! - the operand is padded, edges `padding` and interior `base_dilations - 1` (the spec defines
//!   the padded input so), with the init value for an idempotent op (a maximum, a minimum,
//!   `and`, `or`: one more init changes nothing) and with the op's identity for a sum or a
//!   product: XLA leaves padding and holes out of a window, and so does the reference
//!   interpreter (`lax.reduce_window` of a product by 0.5 over `[2, 2, 2]`, one element of
//!   padding before, gives `[1, 2, 2]`), where the spec's padding with the init would give
//!   `[0.5, 2, 2]`;
//! - window position `w` (in row-major window order) gives the strided `slice` of the padded
//!   operand that starts at `w * window_dilations` and steps by `window_strides`: the element
//!   each output reads at that position of its window;
//! - the result is the init value broadcast combined with those slices, in window order, by
//!   the body's op; the init is left out when it is the op's identity (`-inf` for a float
//!   maximum, `inf` for a minimum, 0 for an add, 1 for a multiply).
//!
//! The law is exact for a maximum, a minimum, `and`, `or` and integer arithmetic (the same in
//! any order, NaN included, and the init folded in once or again is the same); a float sum or
//! product differs from the interpreter's order only by rounding, as the spec leaves the order
//! of a window's reduction to the implementation. Fusion then makes the slices and the
//! chain one elementwise kernel whose loads read the slices' strided views (the slices sit at
//! its edge), and the pad one DMA kernel; `lower --check` runs each against the ops it lowers.
//! Only top-level windows of at most [`MAX_WINDOW`] positions on static shapes are rewritten:
//! a larger one would be that many loads (a cumulative max over a long axis), and it keeps its
//! diagnostic, as do windows of other bodies and of several operands.
//!
//! Invariant: the rewritten module computes what the module did, result for result.

use crate::conv_forms::{dims_of, pad, rewrite_top_level, slice};
use crate::window_sums::{combines_its_arguments, splat};
use egfuse_ir::facts::{attr_ref, int_list, splat_value};
use egfuse_ir::{Attr, Module, NamedAttr, OpId, ValueId};

/// The most window positions a rewritten `reduce_window` may have: one load each.
pub const MAX_WINDOW: i64 = 64;

/// Rewrites every top-level `reduce_window` of `m` whose body is one op of [`COMBINES`];
/// returns how many.
pub fn expand(m: &mut Module) -> usize {
    rewrite_top_level(m, "stablehlo.reduce_window", rewrite)
}

/// The bodies rewritten: one associative and commutative op.
const COMBINES: &[&str] = &[
    "stablehlo.maximum",
    "stablehlo.minimum",
    "stablehlo.multiply",
    "stablehlo.add",
    "stablehlo.and",
    "stablehlo.or",
];

/// A pooling window's geometry and operator, each list one value per dimension.
struct Pool {
    combine: &'static str,
    window: Vec<i64>,
    strides: Vec<i64>,
    base_dilations: Vec<i64>,
    window_dilations: Vec<i64>,
    padding: Vec<(i64, i64)>,
}

impl Pool {
    /// The pooling `w` does; `None` when it is not one rewritten here.
    fn of(m: &Module, w: OpId) -> Option<Pool> {
        let o = m.op(w);
        if o.operands.len() != 2 || !combines_its_arguments(m, w) {
            return None;
        }
        let body = attr_ref(m, w, "body")?.as_str()?;
        let combine = *COMBINES.iter().find(|&&c| c == body.as_str())?;
        let (shape, out) = (dims_of(m, o.operands[0]), dims_of(m, o.results[0]));
        let rank = shape.len();
        let list = |name: &str| -> Option<Vec<i64>> {
            let v = match attr_ref(m, w, name) {
                Some(a) => int_list(&a)?,
                None => vec![1; rank],
            };
            (v.len() == rank && v.iter().all(|&k| k >= 1)).then_some(v)
        };
        let pool = Pool {
            combine,
            window: list("window_dimensions")?,
            strides: list("window_strides")?,
            base_dilations: list("base_dilations")?,
            window_dilations: list("window_dilations")?,
            padding: egfuse_ir::conv::padding(o, rank)?,
        };
        // Static, non-empty shapes (a dynamic dimension reads as negative, an absent shape as
        // none), the result's the one the window gives, and few enough positions.
        let filled = |s: &[i64]| s.len() == rank && s.iter().all(|&k| k >= 1);
        let positions = (pool.window.iter()).try_fold(1i64, |n, &k| n.checked_mul(k));
        let fits = filled(&shape) && filled(&out) && pool.out_shape(&shape) == out;
        (fits && positions.is_some_and(|n| n <= MAX_WINDOW)).then_some(pool)
    }

    /// The window positions along each dimension of an operand of `shape` (none left is 0), in
    /// i128 so that no attribute overflows it.
    fn out_shape(&self, shape: &[i64]) -> Vec<i64> {
        let wide = |v: i64| i128::from(v);
        (0..shape.len())
            .map(|d| {
                let (low, high) = self.padding[d];
                let dilated = (wide(shape[d]) - 1) * wide(self.base_dilations[d]) + 1;
                let padded = wide(low) + wide(high) + dilated;
                let span = (wide(self.window[d]) - 1) * wide(self.window_dilations[d]) + 1;
                let n = (padded - span).div_euclid(wide(self.strides[d])) + 1;
                i64::try_from(n.max(0)).unwrap_or(-1)
            })
            .collect()
    }

    /// Whether `init` is the operator's identity, so that folding it in changes nothing.
    fn identity(&self, m: &Module, init: ValueId) -> bool {
        let float = m.ty(init).elem().is_some_and(|e| e.is_float());
        let want = match self.combine {
            "stablehlo.maximum" if float => f64::NEG_INFINITY,
            "stablehlo.minimum" if float => f64::INFINITY,
            "stablehlo.add" => 0.0,
            "stablehlo.multiply" => 1.0,
            _ => return false,
        };
        splat_value(m, init, true) == Some(want)
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
fn rewrite(m: &mut Module, w: OpId) -> Option<()> {
    let p = Pool::of(m, w)?;
    let (operand, init) = (m.op(w).operands[0], m.op(w).operands[1]);
    let out_ty = m.ty(m.op(w).results[0]).clone();
    let out = out_ty.dims()?.to_vec();
    let rank = out.len();
    let low = p.padding.iter().map(|&(l, _)| l).collect();
    let high = p.padding.iter().map(|&(_, h)| h).collect();
    let interior = p.base_dilations.iter().map(|&b| b - 1).collect();
    let fill = fill(m, w, p.combine, init);
    let padded = pad(m, w, operand, fill, [low, high, interior]);
    let mut terms = Vec::new();
    if !p.identity(m, init) {
        let props = vec![NamedAttr::new(
            "broadcast_dimensions",
            Attr::i64_array(vec![]),
        )];
        let ty = out_ty.clone();
        terms.push(m.create_before(w, ("stablehlo.broadcast_in_dim", vec![init], props), ty));
    }
    // The window positions in row-major order, each the flat index's digits in the window.
    for position in 0..p.window.iter().product() {
        let mut start = vec![0; rank];
        let mut rest = position;
        for d in (0..rank).rev() {
            start[d] = rest % p.window[d] * p.window_dilations[d];
            rest /= p.window[d];
        }
        let limit = (0..rank)
            .map(|d| start[d] + (out[d] - 1) * p.strides[d] + 1)
            .collect();
        terms.push(slice(m, w, padded, [start, limit, p.strides.clone()]));
    }
    let mut acc = terms[0];
    for &t in &terms[1..] {
        acc = m.create_before(w, (p.combine, vec![acc, t], Vec::new()), out_ty.clone());
    }
    let old = m.op(w).results[0];
    m.replace_all_uses(old, acc);
    m.erase_op(w).ok()
}
