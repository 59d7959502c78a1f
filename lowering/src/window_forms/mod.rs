//! Windowed ops spelled as ops the fusion and the tile pass take, before fusion, each by
//! StableHLO's definition of the op over the window's positions:
//!
//! - [`combine`]: a `reduce_window` whose body is one associative op (max and min pooling, a
//!   product, the sums `window_sums` leaves) is the chain of that op over strided slices;
//! - [`fold`]: a `reduce_window` of any other elementwise body, of one operand or several
//!   (JAX's `_select_and_gather_add`, the forward-mode derivative of max pooling, reduces
//!   (value, tangent) pairs), is the body applied once per window position, in window order;
//! - [`select_scatter`]: `select_and_scatter` (the gradient of max pooling in every training
//!   step of a CNN) is the select body folded over the positions, which gives each window's
//!   chosen position, and the scatter body applied per position where the window chose it;
//! - [`reduce`]: a `reduce` no kernel lowering takes is one that does (an init folded in after
//!   the reduce) or, over few elements, the window that spans its reduced dimensions;
//! - [`sort_axis`]: a `sort` along a dimension that is not the last is one along the last
//!   between transposes.
//!
//! Window position `p` (in row-major window order) reads the strided `slice` of the padded
//! operand that starts at `p`'s offset in the window and steps by `window_strides`: the
//! element every output reads at that position of its window. Bodies are recreated op for op
//! on tensors of the output's shape ([`body`]), which is exact: each of their ops is
//! elementwise. Only top-level ops of at most [`MAX_WINDOW`] positions on static shapes are
//! rewritten; others keep their diagnostic.
//!
//! Invariant: the rewritten module computes what the module did, result for result.

mod body;
mod combine;
mod fold;
mod reduce;
mod select_scatter;
mod sort_axis;

use crate::conv_forms::{constant, dims_of, rewrite_top_level, slice, zero};
use egfuse_ir::facts::{attr_ref, int_list, splat_value};
use egfuse_ir::floats::{float_to_bits, is_literal};
use egfuse_ir::{Attr, ElemType, Module, NamedAttr, OpId, Type, ValueId};

/// The most window positions a rewritten op may have: one load (and, for a body, one copy of
/// it) each.
pub const MAX_WINDOW: i64 = 64;

/// Rewrites every top-level `reduce_window`, `select_and_scatter`, `reduce` and `sort` of `m`
/// this module spells; returns how many.
pub fn expand(m: &mut Module) -> usize {
    let windows = rewrite_top_level(m, "stablehlo.reduce_window", |m, w| {
        combine::rewrite(m, w).or_else(|| fold::rewrite(m, w))
    });
    let scatters = rewrite_top_level(m, "stablehlo.select_and_scatter", select_scatter::rewrite);
    let reduces = rewrite_top_level(m, "stablehlo.reduce", reduce::rewrite);
    windows + scatters + reduces + rewrite_top_level(m, "stablehlo.sort", sort_axis::rewrite)
}

/// The bodies of one associative and commutative op: a window of one is a chain of it, a
/// reduce of one from its identity a `tensor_reduce`.
const COMBINES: &[&str] = &[
    "stablehlo.maximum",
    "stablehlo.minimum",
    "stablehlo.multiply",
    "stablehlo.add",
    "stablehlo.and",
    "stablehlo.or",
];

/// The identity of `combine` on `elem` as a literal's text (an extreme's bits for a float),
/// and as the value a rule's literal names (see `egfuse_ir::floats::is_literal`).
fn identity(combine: &str, elem: &ElemType) -> Option<(String, f64)> {
    let value = match combine {
        "stablehlo.add" | "stablehlo.or" => 0.0,
        "stablehlo.multiply" => 1.0,
        "stablehlo.and" if elem.is_bool() => 1.0,
        "stablehlo.and" => -1.0,
        "stablehlo.maximum" => f64::NEG_INFINITY,
        "stablehlo.minimum" => f64::INFINITY,
        _ => return None,
    };
    let text = match elem {
        e if e.is_bool() => ["false", "true"][value as usize].to_string(),
        ElemType::Float(k) if value.is_infinite() => {
            format!(
                "0x{:0w$X}",
                float_to_bits(*k, value),
                w = k.bits() as usize / 4
            )
        }
        ElemType::Float(_) => format!("{value:.1}"),
        &ElemType::Int { sign, width } if value.is_infinite() => {
            let unsigned = sign == egfuse_ir::Signedness::Unsigned;
            let extreme: i128 = match (unsigned, value < 0.0) {
                (true, true) => 0,
                (true, false) => (1 << width) - 1,
                (false, true) => -(1 << (width - 1)),
                (false, false) => (1 << (width - 1)) - 1,
            };
            extreme.to_string()
        }
        ElemType::Int { .. } => format!("{value}"),
        _ => return None,
    };
    Some((text, value))
}

/// Whether `init` is a splat of `combine`'s identity, so that folding it in changes nothing.
fn is_identity(m: &Module, combine: &str, init: ValueId) -> bool {
    let elem = m.ty(init).elem();
    let unit = elem.and_then(|e| identity(combine, e));
    match (unit, splat_value(m, init, true)) {
        (Some((_, value)), Some(given)) => is_literal(value, given, elem),
        _ => false,
    }
}

/// A window's geometry over an operand of static shape, each list one value per dimension.
struct Window {
    window: Vec<i64>,
    strides: Vec<i64>,
    base_dilations: Vec<i64>,
    window_dilations: Vec<i64>,
    padding: Vec<(i64, i64)>,
}

impl Window {
    /// The geometry of `w` over `operand`, whose windows give `out`; `None` when a shape is
    /// not static and filled, the attributes do not fit the rank, or there are more than
    /// [`MAX_WINDOW`] positions.
    fn of(m: &Module, w: OpId, operand: ValueId, out: ValueId) -> Option<Window> {
        let (shape, out) = (dims_of(m, operand), dims_of(m, out));
        let rank = shape.len();
        let list = |name: &str| -> Option<Vec<i64>> {
            let v = match attr_ref(m, w, name) {
                Some(a) => int_list(&a)?,
                None => vec![1; rank],
            };
            (v.len() == rank && v.iter().all(|&k| k >= 1)).then_some(v)
        };
        let window = Window {
            window: list("window_dimensions")?,
            strides: list("window_strides")?,
            base_dilations: list("base_dilations")?,
            window_dilations: list("window_dilations")?,
            padding: egfuse_ir::conv::padding(m.op(w), rank)?,
        };
        let filled = |s: &[i64]| s.len() == rank && s.iter().all(|&k| k >= 1);
        let positions = (window.window.iter()).try_fold(1i64, |n, &k| n.checked_mul(k));
        let fits = filled(&shape) && filled(&out) && window.out_shape(&shape) == out;
        (fits && positions.is_some_and(|n| n <= MAX_WINDOW)).then_some(window)
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

    /// How many positions a window has.
    fn positions(&self) -> i64 {
        self.window.iter().product()
    }

    /// The `[low, high, interior]` padding that makes the operand the spec's padded input.
    fn pads(&self) -> [Vec<i64>; 3] {
        let low = self.padding.iter().map(|&(l, _)| l).collect();
        let high = self.padding.iter().map(|&(_, h)| h).collect();
        let interior = self.base_dilations.iter().map(|&b| b - 1).collect();
        [low, high, interior]
    }

    /// Whether the padded input holds elements no window may read: padding or holes.
    fn has_holes(&self) -> bool {
        let [low, high, interior] = self.pads();
        low.iter().chain(&high).chain(&interior).any(|&k| k != 0)
    }

    /// The offset of window position `position` (row-major in the window) in the padded
    /// input, per dimension.
    fn start(&self, position: i64) -> Vec<i64> {
        let rank = self.window.len();
        let mut start = vec![0; rank];
        let mut rest = position;
        for d in (0..rank).rev() {
            start[d] = rest % self.window[d] * self.window_dilations[d];
            rest /= self.window[d];
        }
        start
    }

    /// The strided slice of the padded input `padded` that window position `position` reads,
    /// one element per window of `out`.
    fn read(
        &self,
        m: &mut Module,
        w: OpId,
        padded: ValueId,
        out: &[i64],
        position: i64,
    ) -> ValueId {
        let start = self.start(position);
        let limit = (0..out.len())
            .map(|d| start[d] + (out[d] - 1) * self.strides[d] + 1)
            .collect();
        slice(m, w, padded, [start, limit, self.strides.clone()])
    }
}

/// `v` broadcast to `dims` (a scalar to every element).
fn broadcast(m: &mut Module, w: OpId, v: ValueId, dims: Vec<i64>) -> ValueId {
    let elem = m.ty(v).elem().cloned().expect("a tensor operand");
    let props = vec![NamedAttr::new(
        "broadcast_dimensions",
        Attr::i64_array(vec![]),
    )];
    let ty = Type::tensor(dims, elem);
    m.create_before(w, ("stablehlo.broadcast_in_dim", vec![v], props), ty)
}

/// The op `name` of `operands` with one result of type `ty`, before `w`.
fn apply(m: &mut Module, w: OpId, name: &str, operands: Vec<ValueId>, ty: Type) -> ValueId {
    m.create_before(w, (name, operands, Vec::new()), ty)
}

/// The spec's padded input: `v` padded as `window` pads it (with zeros, which no window
/// reads), or `v` itself when it has no padding and no holes.
fn padded(m: &mut Module, w: OpId, window: &Window, v: ValueId) -> ValueId {
    if !window.has_holes() {
        return v;
    }
    let elem = m.ty(v).elem().cloned().expect("a tensor operand");
    let fill = zero(m, w, &elem);
    crate::conv_forms::pad(m, w, v, fill, window.pads())
}

/// Whether each window position of `window` over an operand of `shape` reads an element of
/// the operand (not padding, not a hole), one boolean per window of `out`, before `w`.
fn inside(m: &mut Module, w: OpId, window: &Window, shape: &[i64], out: &[i64]) -> Vec<ValueId> {
    let ones = constant(m, w, Type::tensor(shape.to_vec(), ElemType::I1), "true");
    let none = zero(m, w, &ElemType::I1);
    let padded = crate::conv_forms::pad(m, w, ones, none, window.pads());
    (0..window.positions())
        .map(|p| window.read(m, w, padded, out, p))
        .collect()
}
