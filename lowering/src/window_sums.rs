//! Sliding-window sums spelled as ops the fusion and the tile pass take, before fusion: a
//! `reduce_window` whose body is one `add`, whose init is zero and whose window runs along one
//! axis with stride 1 and no dilation. A cumulative sum is one (JAX's `cumsum`, the positions
//! OPT, BLOOM and RoBERTa compute from an attention mask).
//!
//! - **Floats: a matmul with a band of ones**, on PE. Output `j` along the axis is the sum of
//!   inputs `i` with `0 <= i - j + low <= size - 1` (`low` the padding before the axis), so it is
//!   the product of the operand, contracted along the axis, with the `[n, out]` matrix that is 1
//!   there and 0 elsewhere. The band is built from two iotas and compares, all from constants,
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
use crate::window_forms::combines_its_arguments;
use egfuse_ir::facts::{attr_ref, int_list, splat_value};
use egfuse_ir::{Attr, DenseBody, DenseElem, ElemType, Module, NamedAttr, OpId, Type, ValueId};

/// The most elements a band matrix may hold: a larger window sum keeps its diagnostic.
pub const MAX_BAND: i64 = 1 << 20;

/// Rewrites every top-level `reduce_window` of `m` that sums along one axis; returns how many.
pub fn expand(m: &mut Module) -> usize {
    rewrite_top_level(m, "stablehlo.reduce_window", rewrite)
}

/// A sum's window along its one axis: its size, its padding before and after, and the
/// operand's and the result's lengths there.
struct Window {
    axis: usize,
    size: i64,
    low: i64,
    high: i64,
    n: i64,
    out: i64,
}

impl Window {
    /// The window `w` sums over; `None` when it is not one rewritten here.
    fn of(m: &Module, w: OpId) -> Option<Window> {
        let o = m.op(w);
        let sums = o.operands.len() == 2
            && combines_its_arguments(m, w)
            && attr_ref(m, w, "body")?.as_str()?.as_str() == "stablehlo.add"
            && splat_value(m, o.operands[1], true) == Some(0.0);
        let (shape, result) = (dims_of(m, o.operands[0]), dims_of(m, o.results[0]));
        let rank = shape.len();
        let static_shapes = |s: &[i64]| s.len() == rank && s.iter().all(|&k| k >= 1);
        if !sums || !static_shapes(&shape) || !static_shapes(&result) {
            return None;
        }
        let list = |name: &str| match attr_ref(m, w, name) {
            Some(a) => int_list(&a).filter(|v| v.len() == rank),
            None => Some(vec![1; rank]),
        };
        let window = list("window_dimensions")?;
        let plain = ["window_strides", "base_dilations", "window_dilations"]
            .iter()
            .all(|name| list(name).is_some_and(|v| v.iter().all(|&k| k == 1)));
        let padding = egfuse_ir::conv::padding(o, rank)?;
        let moving: Vec<usize> = (0..rank)
            .filter(|&d| window[d] != 1 || padding[d] != (0, 0))
            .collect();
        let &[axis] = &moving[..] else {
            return None;
        };
        let (low, high) = padding[axis];
        let win = Window {
            axis,
            size: window[axis],
            low,
            high,
            n: shape[axis],
            out: result[axis],
        };
        let fits = plain && low >= 0 && high >= 0 && win.size >= 1;
        (fits && win.out == win.n + low + high - win.size + 1).then_some(win)
    }

    /// Whether each output is the sum of every input up to its own position.
    fn is_prefix(&self) -> bool {
        self.size >= self.n && self.low == self.size - 1 && self.high == 0
    }
}

/// Rewrites `w` by the laws above; `None` when it is left as it is.
fn rewrite(m: &mut Module, w: OpId) -> Option<()> {
    let win = Window::of(m, w)?;
    let x = m.op(w).operands[0];
    if from_constants(m, x) {
        // `fold` computes it whole at compile time (a mask PyTorch builds from an arange).
        return None;
    }
    let sum = if m.ty(x).elem()?.is_float() {
        band_matmul(m, w, &win, x)?
    } else if win.is_prefix() {
        log_step(m, w, &win, x)
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
fn band_matmul(m: &mut Module, w: OpId, win: &Window, x: ValueId) -> Option<ValueId> {
    if win.n.checked_mul(win.out)? > MAX_BAND {
        return None;
    }
    let elem = m.ty(x).elem()?.clone();
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
        return Some(dot);
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
    let ty = m.ty(m.op(w).results[0]).clone();
    Some(m.create_before(w, ("stablehlo.transpose", vec![dot], props), ty))
}

/// The `[n, out]` matrix of `elem` that is 1 where `0 <= i - j + low <= size - 1`.
fn band(m: &mut Module, w: OpId, win: &Window, elem: &ElemType) -> ValueId {
    let shape = vec![win.n, win.out];
    let int = Type::tensor(shape.clone(), ElemType::I32);
    let iota = |m: &mut Module, d: i64| {
        let props = vec![NamedAttr::new("iota_dimension", Attr::i64(d))];
        m.create_before(w, ("stablehlo.iota", Vec::new(), props), int.clone())
    };
    let (rows, cols) = (iota(m, 0), iota(m, 1));
    let diff = m.create_before(
        w,
        ("stablehlo.subtract", vec![rows, cols], Vec::new()),
        int.clone(),
    );
    let bool_ty = Type::tensor(shape.clone(), ElemType::I1);
    let compare = |m: &mut Module, direction: &str, bound: i64| {
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
            ("stablehlo.compare", vec![diff, value], props),
            bool_ty.clone(),
        )
    };
    let above = compare(m, "GE", -win.low);
    let below = compare(m, "LE", win.size - 1 - win.low);
    let inside = m.create_before(
        w,
        ("stablehlo.and", vec![above, below], Vec::new()),
        bool_ty,
    );
    let ty = Type::tensor(shape, elem.clone());
    m.create_before(w, ("stablehlo.convert", vec![inside], Vec::new()), ty)
}

/// The inclusive prefix sum of the integers `x` along the axis: `ceil(log2 n)` adds of `x`
/// shifted by a power of two, zeros shifted in (the window's zero init is the pad value).
fn log_step(m: &mut Module, w: OpId, win: &Window, x: ValueId) -> ValueId {
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

/// A constant of type `ty`, every element `value`.
fn splat(m: &mut Module, w: OpId, ty: &Type, value: i64) -> ValueId {
    let attr = Attr::Dense {
        body: DenseBody::Elems(DenseElem::Scalar(value.to_string().into())),
        ty: ty.clone(),
    };
    let props = vec![NamedAttr::new("value", attr)];
    m.create_before(w, ("stablehlo.constant", Vec::new(), props), ty.clone())
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
