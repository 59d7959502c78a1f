//! Convolutions the tile pass does not take, spelled as ones it does, before lowering. The tile
//! pass reads a convolution's input in place through strided windows (`tile/conv.rs`), so it
//! takes no padding, no input dilation, no window reversal and one feature group. StableHLO
//! defines each of those by a plainer op, and the module is rewritten by those laws:
//!
//! - padding and input (base) dilation are the `pad` of the input with zeros, edges `padding`
//!   and interior `lhs_dilation - 1` on its spatial dimensions, before a convolution with
//!   neither (the spec defines the padded lhs so);
//! - window reversal is the `reverse` of the kernel along its reversed spatial dimensions;
//! - `feature_group_count = G` is `G` convolutions, group `g` reading the `g`th slice of the
//!   input's features and of the kernel's output features, their results concatenated along
//!   the output feature dimension.
//!
//! Each law is exact: every output element sums the same products. The pad, reverse, slices and
//! concatenate lower as DMAs (`movement`), the convolutions as matmuls, and `lower --check`
//! runs each kernel against the op it lowers. Only top-level convolutions are rewritten; one
//! inside a fused body, and one with batch groups, keeps its diagnostic.
//!
//! Invariant: the rewritten module computes what the module did, result for result.

use egfuse_ir::conv::{self, ConvDims, ConvWindow};
use egfuse_ir::{Attr, DenseBody, DenseElem, ElemType, Module, NamedAttr, OpId, Type, ValueId};

/// Rewrites every top-level convolution of `m` that pads, dilates its input, reverses its
/// window or groups its features; returns how many.
pub fn expand(m: &mut Module) -> usize {
    rewrite_top_level(m, "stablehlo.convolution", rewrite)
}

/// Runs `rewrite` over every top-level op of `m` called `name`; returns how many it rewrote.
pub(crate) fn rewrite_top_level(
    m: &mut Module,
    name: &str,
    rewrite: fn(&mut Module, OpId) -> Option<()>,
) -> usize {
    let ops: Vec<OpId> = (m.walk().into_iter())
        .filter(|&o| &*m.op(o).name == name && top_level(m, o))
        .collect();
    ops.into_iter().filter(|&o| rewrite(m, o).is_some()).count()
}

/// Whether `op` sits in a function body, not inside a fusion or another op's region.
fn top_level(m: &Module, op: OpId) -> bool {
    m.parent_op(op)
        .is_some_and(|p| &*m.op(p).name == "func.func")
}

/// What a convolution asks for beyond the plain form.
struct Extras {
    dims: ConvDims,
    padding: Vec<(i64, i64)>,
    window: ConvWindow,
    groups: i64,
}

impl Extras {
    /// The extras of `c`; `None` when it has none, or some that are not rewritten here.
    fn of(m: &Module, c: OpId) -> Option<Extras> {
        let o = m.op(c);
        let dims = ConvDims::of(o).ok()?;
        let n = dims.lhs_spatial.len();
        let window = ConvWindow::of(o, n).ok()?;
        let padding = conv::padding(o, n)?;
        let count = |name: &str| o.attr(name).and_then(Attr::as_int).map_or(1, |k| k as i64);
        let groups = count("feature_group_count");
        let plain = padding.iter().all(|&p| p == (0, 0))
            && window.lhs_dilation.iter().all(|&d| d == 1)
            && !window.reversal.contains(&true)
            && groups == 1;
        let shapes = [o.operands[0], o.operands[1], o.results[0]].map(|v| dims_of(m, v));
        // Static shapes of the rank the dimension numbers name, or the tile pass's diagnostic.
        let ranked = (shapes.iter()).all(|s| s.len() == n + 2 && s.iter().all(|&k| k >= 0));
        let divides =
            |shape: &[i64], d: usize| shape.get(d).is_some_and(|&k| groups > 0 && k % groups == 0);
        let fits = divides(&shapes[0], dims.lhs_feature) && divides(&shapes[1], dims.rhs_out);
        (!plain && ranked && count("batch_group_count") == 1 && fits).then_some(Extras {
            dims,
            padding,
            window,
            groups,
        })
    }
}

/// Rewrites `c` by the laws above; `None` when it is left as it is.
fn rewrite(m: &mut Module, c: OpId) -> Option<()> {
    let x = Extras::of(m, c)?;
    let (lhs, rhs) = (m.op(c).operands[0], m.op(c).operands[1]);
    let lhs = padded(m, c, lhs, &x);
    let rhs = reversed(m, c, rhs, &x);
    let mut props = m.op(c).props.clone();
    props.retain(|a| {
        !matches!(
            &*a.name,
            "padding" | "lhs_dilation" | "window_reversal" | "feature_group_count"
        )
    });
    props.push(NamedAttr::new("feature_group_count", Attr::i64(1)));
    let out_ty = m.ty(m.op(c).results[0]).clone();
    let result = if x.groups == 1 {
        m.create_before(c, ("stablehlo.convolution", vec![lhs, rhs], props), out_ty)
    } else {
        let mut parts = Vec::new();
        for g in 0..x.groups {
            let xg = group(m, c, lhs, x.dims.lhs_feature, (g, x.groups));
            let wg = group(m, c, rhs, x.dims.rhs_out, (g, x.groups));
            let mut shape = out_ty.dims()?.to_vec();
            shape[x.dims.out_feature] /= x.groups;
            let ty = Type::tensor(shape, out_ty.elem()?.clone());
            let conv = ("stablehlo.convolution", vec![xg, wg], props.clone());
            parts.push(m.create_before(c, conv, ty));
        }
        let along = NamedAttr::new("dimension", Attr::i64(x.dims.out_feature as i64));
        m.create_before(c, ("stablehlo.concatenate", parts, vec![along]), out_ty)
    };
    let old = m.op(c).results[0];
    m.replace_all_uses(old, result);
    m.erase_op(c).ok()
}

/// `lhs` padded with zeros by the convolution's padding and input dilation (itself when
/// neither applies).
fn padded(m: &mut Module, c: OpId, lhs: ValueId, x: &Extras) -> ValueId {
    let rank = dims_of(m, lhs).len();
    let (mut low, mut high, mut interior) = (vec![0; rank], vec![0; rank], vec![0; rank]);
    for (k, &d) in x.dims.lhs_spatial.iter().enumerate() {
        (low[d], high[d]) = x.padding[k];
        interior[d] = x.window.lhs_dilation[k] - 1;
    }
    if low.iter().chain(&high).chain(&interior).all(|&p| p == 0) {
        return lhs;
    }
    let elem = m.ty(lhs).elem().cloned().expect("a tensor operand");
    let zero = zero(m, c, &elem);
    pad(m, c, lhs, zero, [low, high, interior])
}

/// `v` padded with the scalar `value` by `[low, high, interior]` per dimension, before `c`.
pub(crate) fn pad(
    m: &mut Module,
    c: OpId,
    v: ValueId,
    value: ValueId,
    [low, high, interior]: [Vec<i64>; 3],
) -> ValueId {
    let shape: Vec<i64> = (dims_of(m, v).iter().enumerate())
        .map(|(d, &k)| low[d] + high[d] + k + (k - 1).max(0) * interior[d])
        .collect();
    let elem = m.ty(v).elem().cloned().expect("a tensor operand");
    let props = vec![
        NamedAttr::new("edge_padding_low", Attr::i64_array(low)),
        NamedAttr::new("edge_padding_high", Attr::i64_array(high)),
        NamedAttr::new("interior_padding", Attr::i64_array(interior)),
    ];
    let ty = Type::tensor(shape, elem);
    m.create_before(c, ("stablehlo.pad", vec![v, value], props), ty)
}

/// `rhs` reversed along the spatial dimensions the window reverses (itself when none is).
fn reversed(m: &mut Module, c: OpId, rhs: ValueId, x: &Extras) -> ValueId {
    let along: Vec<i64> = (x.dims.rhs_spatial.iter().zip(&x.window.reversal))
        .filter(|(_, &r)| r)
        .map(|(&d, _)| d as i64)
        .collect();
    if along.is_empty() {
        return rhs;
    }
    let props = vec![NamedAttr::new("dimensions", Attr::i64_array(along))];
    let ty = m.ty(rhs).clone();
    m.create_before(c, ("stablehlo.reverse", vec![rhs], props), ty)
}

/// Group `g` of `groups` of `v` along dimension `d`: its `g`th slice of equal parts.
fn group(m: &mut Module, c: OpId, v: ValueId, d: usize, (g, groups): (i64, i64)) -> ValueId {
    let shape = dims_of(m, v);
    let part = shape[d] / groups;
    let mut start = vec![0; shape.len()];
    let mut limit = shape.clone();
    (start[d], limit[d]) = (g * part, (g + 1) * part);
    let strides = vec![1; shape.len()];
    slice(m, c, v, [start, limit, strides])
}

/// The `slice` of `v` by `[start, limit, strides]` per dimension, before `c`.
pub(crate) fn slice(
    m: &mut Module,
    c: OpId,
    v: ValueId,
    [start, limit, strides]: [Vec<i64>; 3],
) -> ValueId {
    let out: Vec<i64> = (0..start.len())
        .map(|d| (limit[d] - start[d] + strides[d] - 1) / strides[d])
        .collect();
    let props = vec![
        NamedAttr::new("start_indices", Attr::i64_array(start)),
        NamedAttr::new("limit_indices", Attr::i64_array(limit)),
        NamedAttr::new("strides", Attr::i64_array(strides)),
    ];
    let ty = Type::tensor(out, m.ty(v).elem().cloned().expect("a tensor operand"));
    m.create_before(c, ("stablehlo.slice", vec![v], props), ty)
}

/// A scalar zero of `elem` (`false` for a boolean), before `c`.
pub(crate) fn zero(m: &mut Module, c: OpId, elem: &ElemType) -> ValueId {
    let text = match elem {
        e if e.is_bool() => "false",
        ElemType::Float(_) => "0.0",
        _ => "0",
    };
    constant(m, c, Type::tensor(Vec::new(), elem.clone()), text)
}

/// A constant of type `ty` before `c`, every element the literal `text`.
pub(crate) fn constant(m: &mut Module, c: OpId, ty: Type, text: &str) -> ValueId {
    let value = Attr::Dense {
        body: DenseBody::Elems(DenseElem::Scalar(text.into())),
        ty: ty.clone(),
    };
    let props = vec![NamedAttr::new("value", value)];
    m.create_before(c, ("stablehlo.constant", Vec::new(), props), ty)
}

/// The static shape of `v` (empty when it has none).
pub(crate) fn dims_of(m: &Module, v: ValueId) -> Vec<i64> {
    m.ty(v).dims().map(<[i64]>::to_vec).unwrap_or_default()
}
