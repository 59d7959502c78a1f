//! Sliding-window sums spelled as ops the fusion and the tile pass take, before fusion: a
//! `reduce_window` whose body is one `add` and whose init is zero: a cumulative sum (JAX's
//! `cumsum`, the positions OPT, BLOOM and RoBERTa compute from an attention mask), average
//! pooling's window sums (any window, stride, dilation and non-negative padding, on any number of
//! axes; no base dilation).
//!
//! - **Floats: a matmul with a band of ones per axis**, on PE. Output `j` along an axis is the
//!   sum of inputs `i` with `t = i - j * stride + low` a tap, `0 <= t <= (size - 1) * dilation`
//!   and a multiple of the dilation (`low` the padding before the axis), so it is the product of
//!   the operand, contracted along the axis, with the `[n, out]` matrix that is 1 there and 0
//!   elsewhere; a window over several axes is one such product per axis in turn (a box sum is
//!   separable). The band is built from two iotas and compares, all from constants,
//!   so `fold` makes it a constant tensor; a transpose puts the axis back where it was. The
//!   products by 1 and 0 are exact and the PE adds in fp32, so the sums differ from the
//!   window's own order only by rounding, never by more than the window's own sequence of
//!   roundings in the operand's type.
//! - **Integers: log-step adds** (Hillis and Steele's scan), on GpSimd: `y += y` shifted by 1, 2,
//!   4, ... along the axis (a slice and a pad with zeros), `ceil(log2 n)` adds. Integer adds wrap
//!   and are associative, so every order gives the same bits; PE has no integer matmul. Only
//!   a whole prefix (`size >= n`, padding `size - 1` before and none after) is rewritten so.
//!
//! Invariant: the rewritten module computes what the module did, result for result (floats up
//! to the rounding of a sum's order).

use crate::conv_forms::{dims_of, pad, rewrite_top_level, slice};
use egfuse_ir::facts::{attr_ref, int_list, splat_value};
use egfuse_ir::{Attr, ElemType, Module, NamedAttr, OpId, Type, ValueId};

/// The most elements a band matrix may hold: a larger window sum keeps its diagnostic.
pub const MAX_BAND: i64 = 1 << 20;

/// Rewrites every top-level `reduce_window` of `m` that sums along one axis; returns how many.
pub fn expand(m: &mut Module) -> usize {
    rewrite_top_level(m, "stablehlo.reduce_window", rewrite)
}

/// A sum's window along one axis: its size, stride and dilation, its padding before and after,
/// and the operand's and the result's lengths there.
struct Axis {
    axis: usize,
    size: i64,
    stride: i64,
    dilation: i64,
    low: i64,
    high: i64,
    n: i64,
    out: i64,
}

impl Axis {
    /// Whether each output is the sum of every input up to its own position.
    fn is_prefix(&self) -> bool {
        self.size >= self.n && self.low == self.size - 1 && self.high == 0 && self.stride == 1
    }
}

/// The axes a window sum moves along, those whose window, padding or stride is not 1 or 0;
/// `None` when `w` is not a sum rewritten here.
fn axes(m: &Module, w: OpId) -> Option<Vec<Axis>> {
    let o = m.op(w);
    let sums = o.operands.len() == 2
        && combines_its_arguments(m, w, 0)
        && attr_ref(m, w, "body")?.as_str()?.as_str() == "stablehlo.add"
        && splat_value(m, o.operands[1], true) == Some(0.0);
    let (shape, result) = (dims_of(m, o.operands[0]), dims_of(m, o.results[0]));
    let rank = shape.len();
    let static_shapes = |s: &[i64]| s.len() == rank && s.iter().all(|&k| k >= 1);
    if !sums || !static_shapes(&shape) || !static_shapes(&result) {
        return None;
    }
    let list = |name: &str| match attr_ref(m, w, name) {
        Some(a) => int_list(&a).filter(|v| v.len() == rank && v.iter().all(|&k| k >= 1)),
        None => Some(vec![1; rank]),
    };
    let (window, strides, dilations) = (
        list("window_dimensions")?,
        list("window_strides")?,
        list("window_dilations")?,
    );
    if list("base_dilations")?.iter().any(|&k| k != 1) {
        return None;
    }
    let padding = egfuse_ir::conv::padding(o, rank)?;
    let mut out = Vec::new();
    for d in 0..rank {
        let a = Axis {
            axis: d,
            size: window[d],
            stride: strides[d],
            dilation: dilations[d],
            low: padding[d].0,
            high: padding[d].1,
            n: shape[d],
            out: result[d],
        };
        let span = (a.size - 1) * a.dilation + 1;
        let fits = a.low >= 0 && a.high >= 0 && a.n + a.low + a.high >= span;
        if !fits || a.out != (a.n + a.low + a.high - span) / a.stride + 1 {
            return None;
        }
        if a.size != 1 || (a.low, a.high) != (0, 0) || a.stride != 1 {
            out.push(a);
        }
    }
    (!out.is_empty()).then_some(out)
}

/// Rewrites `w` by the laws above; `None` when it is left as it is.
fn rewrite(m: &mut Module, w: OpId) -> Option<()> {
    let axes = axes(m, w)?;
    let x = m.op(w).operands[0];
    if from_constants(m, x) {
        // `fold` computes it whole at compile time (a mask PyTorch builds from an arange).
        return None;
    }
    let sum = if m.ty(x).elem()?.is_float() {
        if axes
            .iter()
            .any(|a| a.n.checked_mul(a.out).is_none_or(|b| b > MAX_BAND))
        {
            return None;
        }
        // One band per axis in turn: a box sum is separable.
        axes.iter().fold(x, |y, a| band_matmul(m, w, a, y))
    } else if let [a] = &axes[..] {
        if !a.is_prefix() {
            return None;
        }
        log_step(m, w, a, x)
    } else {
        return None;
    };
    let old = m.op(w).results[0];
    m.replace_all_uses(old, sum);
    m.erase_op(w).ok()
}

/// Whether `v` is computed from constants alone, by ops without regions: a value `fold` knows.
/// Past [`MAX_BAND`] ops it says no, and the window is rewritten.
fn from_constants(m: &Module, v: ValueId) -> bool {
    let mut seen = rustc_hash::FxHashSet::default();
    let mut stack = vec![v];
    while let Some(v) = stack.pop() {
        let Some(op) = m.defining_op(v) else {
            return false;
        };
        if !seen.insert(op) {
            continue;
        }
        let o = m.op(op);
        if !o.regions.is_empty() || seen.len() as i64 > MAX_BAND {
            return false;
        }
        stack.extend(o.operands.iter().copied());
    }
    true
}

/// `x` contracted along the window's axis with its band of ones, the axis put back in place.
fn band_matmul(m: &mut Module, w: OpId, win: &Axis, x: ValueId) -> ValueId {
    let elem = m.ty(x).elem().expect("a float tensor").clone();
    let band = band(m, w, win, &elem);
    let shape = dims_of(m, x);
    let rank = shape.len();
    let mut dims: Vec<i64> = (0..rank)
        .filter(|&d| d != win.axis)
        .map(|d| shape[d])
        .collect();
    dims.push(win.out);
    let numbers = Attr::Struct {
        name: "stablehlo.dot".into(),
        fields: vec![
            NamedAttr::new("lhs_contracting_dimensions", ints(&[win.axis as i64])),
            NamedAttr::new("rhs_contracting_dimensions", ints(&[0])),
        ],
    };
    let props = vec![NamedAttr::new("dot_dimension_numbers", numbers)];
    let ty = Type::tensor(dims, elem.clone());
    let dot = m.create_before(w, ("stablehlo.dot_general", vec![x, band], props), ty);
    if win.axis == rank - 1 {
        return dot;
    }
    // The dot's dimensions are the others in order, then the window's: move it back.
    let permutation: Vec<i64> = (0..rank as i64)
        .map(|d| match d.cmp(&(win.axis as i64)) {
            std::cmp::Ordering::Less => d,
            std::cmp::Ordering::Equal => rank as i64 - 1,
            std::cmp::Ordering::Greater => d - 1,
        })
        .collect();
    let props = vec![NamedAttr::new("permutation", Attr::i64_array(permutation))];
    let mut out = shape;
    out[win.axis] = win.out;
    let ty = Type::tensor(out, elem);
    m.create_before(w, ("stablehlo.transpose", vec![dot], props), ty)
}

/// The `[n, out]` matrix of `elem` that is 1 where `t = i - j * stride + low` is a tap of the
/// window: `0 <= t <= (size - 1) * dilation` and `t` a multiple of the dilation.
fn band(m: &mut Module, w: OpId, win: &Axis, elem: &ElemType) -> ValueId {
    let shape = vec![win.n, win.out];
    let int = Type::tensor(shape.clone(), ElemType::I32);
    let iota = |m: &mut Module, d: i64| {
        let props = vec![NamedAttr::new("iota_dimension", Attr::i64(d))];
        m.create_before(w, ("stablehlo.iota", Vec::new(), props), int.clone())
    };
    let (rows, mut cols) = (iota(m, 0), iota(m, 1));
    let binary = |m: &mut Module, name: &str, a: ValueId, b: ValueId, ty: &Type| {
        m.create_before(w, (name, vec![a, b], Vec::new()), ty.clone())
    };
    if win.stride != 1 {
        let stride = splat(m, w, &int, win.stride);
        cols = binary(m, "stablehlo.multiply", cols, stride, &int);
    }
    let low = splat(m, w, &int, win.low);
    let shifted = binary(m, "stablehlo.add", rows, low, &int);
    let t = binary(m, "stablehlo.subtract", shifted, cols, &int);
    let bool_ty = Type::tensor(shape.clone(), ElemType::I1);
    let compare = |m: &mut Module, direction: &str, a: ValueId, bound: i64| {
        let value = splat(m, w, &int, bound);
        let props = vec![
            NamedAttr::new(
                "comparison_direction",
                enum_attr("comparison_direction", direction),
            ),
            NamedAttr::new("compare_type", enum_attr("comparison_type", "SIGNED")),
        ];
        m.create_before(
            w,
            ("stablehlo.compare", vec![a, value], props),
            bool_ty.clone(),
        )
    };
    let above = compare(m, "GE", t, 0);
    let below = compare(m, "LE", t, (win.size - 1) * win.dilation);
    let mut inside = binary(m, "stablehlo.and", above, below, &bool_ty);
    if win.dilation != 1 {
        let dilation = splat(m, w, &int, win.dilation);
        let step = binary(m, "stablehlo.remainder", t, dilation, &int);
        let tap = compare(m, "EQ", step, 0);
        inside = binary(m, "stablehlo.and", inside, tap, &bool_ty);
    }
    let ty = Type::tensor(shape, elem.clone());
    m.create_before(w, ("stablehlo.convert", vec![inside], Vec::new()), ty)
}

/// The inclusive prefix sum of the integers `x` along the axis: `ceil(log2 n)` adds of `x`
/// shifted by a power of two, zeros shifted in (the window's zero init is the pad value).
fn log_step(m: &mut Module, w: OpId, win: &Axis, x: ValueId) -> ValueId {
    let zero = m.op(w).operands[1];
    let shape = dims_of(m, x);
    let (rank, ty) = (shape.len(), m.ty(x).clone());
    let (mut y, mut step) = (x, 1);
    while step < win.n {
        let mut limit = shape.clone();
        limit[win.axis] = win.n - step;
        let kept = slice(m, w, y, [vec![0; rank], limit, vec![1; rank]]);
        let mut low = vec![0; rank];
        low[win.axis] = step;
        let shifted = pad(m, w, kept, zero, [low, vec![0; rank], vec![0; rank]]);
        y = m.create_before(
            w,
            ("stablehlo.add", vec![y, shifted], Vec::new()),
            ty.clone(),
        );
        step *= 2;
    }
    y
}

/// Whether the first op of region `region` of `w` combines the region's two block arguments,
/// each once.
pub(crate) fn combines_its_arguments(m: &Module, w: OpId, region: usize) -> bool {
    let Some(&region) = m.op(w).regions.get(region) else {
        return false;
    };
    let Some(&block) = m.region(region).blocks.first() else {
        return false;
    };
    let (args, ops) = (&m.block(block).args, &m.block(block).ops);
    let Some(&first) = ops.first() else {
        return false;
    };
    let operands = &m.op(first).operands;
    args.len() == 2
        && operands.len() == 2
        && operands[0] != operands[1]
        && operands.iter().all(|v| args.contains(v))
}

/// A constant of type `ty`, every element `value` (an integer literal, which a float type
/// reads as its value).
pub(crate) fn splat(m: &mut Module, w: OpId, ty: &Type, value: i64) -> ValueId {
    crate::conv_forms::constant(m, w, ty.clone(), &value.to_string())
}

fn enum_attr(kind: &str, value: &str) -> Attr {
    Attr::Enum {
        dialect: "stablehlo".into(),
        kind: kind.into(),
        value: value.into(),
    }
}

pub(crate) fn ints(v: &[i64]) -> Attr {
    let items = v.iter().map(|&value| Attr::Int {
        value: i128::from(value),
        ty: None,
    });
    Attr::Array(items.collect())
}
