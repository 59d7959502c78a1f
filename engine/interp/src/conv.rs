//! `convolution` and `dynamic_conv` (padding as a third operand): window strides, padding,
//! lhs (base) and rhs (window) dilation, window reversal, feature and batch groups, any
//! dimension layout. Quantized operands run as `dequantize → float convolution → quantize`
//! (the spec's `dequantize_op_quantize`); float sums accumulate as XLA's CPU backend does (in
//! `f32` for `f32` and narrower results, see [`super::contract`] and [`super::dot`]).
//!
//! The operands are first transposed to `[batch, feature, spatial...]` and
//! `[output feature, input feature, spatial...]`, the result is computed as
//! `[batch, feature, spatial...]` and transposed to the requested output layout.

use super::contract::{apply, lift, permute, Kernel, Lifted, Ring};
use super::dispatch::Claim;
use super::literal::tensor_of;
use super::tensor::{strides, Tensor};
use super::Interpreter;
use egfuse_ir::conv::{ConvDims, ConvWindow};
use egfuse_ir::{FloatKind, OpId};

pub fn eval(cx: &mut Interpreter, op: OpId, stem: &str, args: &[&Tensor]) -> Claim {
    if stem != "convolution" && stem != "dynamic_conv" {
        return None;
    }
    Some(run(cx, op, stem, args).map(|t| vec![t]))
}

fn run(cx: &Interpreter, op: OpId, stem: &str, args: &[&Tensor]) -> Result<Tensor, String> {
    let (lhs, rhs) = match args {
        [l, r] if stem == "convolution" => (*l, *r),
        [l, r, _] if stem == "dynamic_conv" => (*l, *r),
        _ => return Err(format!("{stem} has the wrong number of operands")),
    };
    let layout = ConvDims::of(cx.module.op(op))?;
    let n = layout.lhs_spatial.len();
    if lhs.rank() != n + 2 || rhs.rank() != n + 2 {
        return Err(format!(
            "dimension numbers describe rank {} but the operands have ranks {} and {}",
            n + 2,
            lhs.rank(),
            rhs.rank()
        ));
    }
    let padding = match args.get(2) {
        Some(p) => lift_padding(p.as_indices()?, n)?,
        None => padding_attr(cx, op, n)?,
    };
    let window = Window {
        padding,
        w: ConvWindow::of(cx.module.op(op), n)?,
    };
    let out = cx.result_elem(op, 0)?;
    let lhs_perm = layout.lhs_perm();
    let rhs_perm = layout.rhs_perm();
    let lhs_shape: Vec<usize> = lhs_perm.iter().map(|&p| lhs.shape[p]).collect();
    let rhs_shape: Vec<usize> = rhs_perm.iter().map(|&p| rhs.shape[p]).collect();
    let plan = Plan::new(&lhs_shape, &rhs_shape, &window, group_counts(cx, op)?)?;
    let lhs_lifted = permute_lifted(lift(lhs, &out)?, &lhs.shape, &lhs_perm);
    let rhs_lifted = permute_lifted(lift(rhs, &out)?, &rhs.shape, &rhs_perm);
    let normal = apply(
        &plan,
        &lhs_lifted,
        &rhs_lifted,
        &out,
        plan.out_shape.clone(),
    )?;
    Ok(to_output(&layout, normal))
}

fn permute_lifted(l: Lifted, shape: &[usize], perm: &[usize]) -> Lifted {
    match l {
        Lifted::Float(v) => Lifted::Float(permute(&v, shape, perm)),
        Lifted::Int(v) => Lifted::Int(permute(&v, shape, perm)),
        Lifted::Complex(v) => Lifted::Complex(permute(&v, shape, perm)),
    }
}

fn group_counts(cx: &Interpreter, op: OpId) -> Result<(usize, usize), String> {
    let o = cx.module.op(op);
    let get = |name: &str| -> Result<usize, String> {
        match o.attr(name).and_then(|a| a.as_int()) {
            None => Ok(1),
            Some(v) if v >= 1 => Ok(v as usize),
            Some(v) => Err(format!("{name} must be positive, got {v}")),
        }
    };
    Ok((get("feature_group_count")?, get("batch_group_count")?))
}

/// Transposes a `[batch, feature, spatial...]` result into the output layout of `dims`.
fn to_output(dims: &ConvDims, t: Tensor) -> Tensor {
    let rank = t.rank();
    let mut inverse = vec![0; rank];
    inverse[dims.out_batch] = 0;
    inverse[dims.out_feature] = 1;
    for (i, &d) in dims.out_spatial.iter().enumerate() {
        inverse[d] = i + 2;
    }
    let shape: Vec<usize> = inverse.iter().map(|&p| t.shape[p]).collect();
    let data = t
        .data
        .select(super::contract::offsets(&t.shape, &strides(&t.shape), &inverse).into_iter());
    Tensor::new(t.elem, shape, data)
}

fn padding_attr(cx: &Interpreter, op: OpId, n: usize) -> Result<Vec<(i64, i64)>, String> {
    match cx.module.op(op).attr("padding") {
        None => Ok(vec![(0, 0); n]),
        Some(a) => lift_padding(tensor_of(a, None)?.as_indices()?, n),
    }
}

fn lift_padding(flat: Vec<i64>, n: usize) -> Result<Vec<(i64, i64)>, String> {
    if flat.len() != 2 * n {
        return Err(format!(
            "padding has {} values, expected {} (low, high) pairs",
            flat.len(),
            n
        ));
    }
    Ok(flat.chunks(2).map(|c| (c[0], c[1])).collect())
}

/// The window attributes and the padding, one entry per spatial dimension.
struct Window {
    padding: Vec<(i64, i64)>,
    w: ConvWindow,
}

/// The convolution over normalized layouts: `lhs [N, C, S...]`, `rhs [O, I, K...]`, result
/// `[N / batch_groups, O, S'...]`. `taps[d][p]` lists, for output position `p` along spatial
/// dimension `d`, the `(input index, kernel index)` pairs that meet there.
struct Plan {
    out_shape: Vec<usize>,
    lhs_strides: Vec<usize>,
    rhs_strides: Vec<usize>,
    kernel_in: usize,
    feature_groups: usize,
    batch_groups: usize,
    taps: Vec<Vec<Vec<(usize, usize)>>>,
}

impl Plan {
    fn new(
        lhs: &[usize],
        rhs: &[usize],
        w: &Window,
        (feature_groups, batch_groups): (usize, usize),
    ) -> Result<Plan, String> {
        let (batch, features, outputs, kernel_in) = (lhs[0], lhs[1], rhs[0], rhs[1]);
        if features % feature_groups != 0 || features / feature_groups != kernel_in {
            return Err(format!(
                "{features} input features in {feature_groups} groups do not match the kernel's {kernel_in} input features"
            ));
        }
        if batch % batch_groups != 0 || outputs % batch_groups != 0 || outputs % feature_groups != 0
        {
            return Err(format!(
                "batch {batch} and output features {outputs} must divide into {batch_groups} batch groups and {feature_groups} feature groups"
            ));
        }
        let mut out_shape = vec![batch / batch_groups, outputs];
        let mut taps = Vec::new();
        for d in 0..lhs.len() - 2 {
            let t = spatial_taps(lhs[d + 2], rhs[d + 2], w, d);
            out_shape.push(t.len());
            taps.push(t);
        }
        Ok(Plan {
            out_shape,
            lhs_strides: strides(lhs),
            rhs_strides: strides(rhs),
            kernel_in,
            feature_groups,
            batch_groups,
            taps,
        })
    }
}

/// The taps of one spatial dimension: output size from the padded, dilated input and the
/// dilated kernel; an input index only where the padded position is a real element.
fn spatial_taps(input: usize, kernel: usize, w: &Window, d: usize) -> Vec<Vec<(usize, usize)>> {
    let (lo, hi) = w.padding[d];
    let (stride, ld, rd) = (w.w.strides[d], w.w.lhs_dilation[d], w.w.rhs_dilation[d]);
    let dilated_in = if input == 0 {
        0
    } else {
        (input as i64 - 1) * ld + 1
    };
    let padded = dilated_in + lo + hi;
    let dilated_k = if kernel == 0 {
        0
    } else {
        (kernel as i64 - 1) * rd + 1
    };
    let count = if padded < dilated_k {
        0
    } else {
        (padded - dilated_k) / stride + 1
    };
    (0..count)
        .map(|p| {
            (0..kernel as i64)
                .filter_map(|k| {
                    let pos = p * stride + k * rd - lo;
                    let x = pos / ld;
                    let real = pos >= 0 && pos % ld == 0 && x < input as i64;
                    let kk = if w.w.reversal[d] {
                        kernel as i64 - 1 - k
                    } else {
                        k
                    };
                    real.then_some((x as usize, kk as usize))
                })
                .collect()
        })
        .collect()
}

impl Kernel for Plan {
    fn run<T: Ring>(&self, lhs: &[T], rhs: &[T], step: Option<FloatKind>) -> Vec<T> {
        let (ls, rs) = (&self.lhs_strides, &self.rhs_strides);
        let (batch_out, outputs) = (self.out_shape[0], self.out_shape[1]);
        let per_feature_group = outputs / self.feature_groups;
        let per_batch_group = outputs / self.batch_groups;
        let spatial = &self.out_shape[2..];
        let mut out = Vec::with_capacity(self.out_shape.iter().product());
        if spatial.contains(&0) {
            return out;
        }
        for n in 0..batch_out {
            for o in 0..outputs {
                let g = o / per_feature_group;
                let n_in = (o / per_batch_group) * batch_out + n;
                let lbase = n_in * ls[0] + g * self.kernel_in * ls[1];
                let rbase = o * rs[0];
                let mut pos = vec![0usize; spatial.len()];
                loop {
                    let taps = self.window(lbase, rbase, &pos);
                    out.push(self.dot(lhs, rhs, &taps, step));
                    if !super::tensor::next_index(&mut pos, spatial) {
                        break;
                    }
                }
            }
        }
        out
    }
}

impl Plan {
    /// The `(lhs, rhs)` offsets of input feature 0 for every kernel position that meets a real
    /// input element at output position `pos`, kernel positions in row-major order.
    fn window(&self, lbase: usize, rbase: usize, pos: &[usize]) -> Vec<(usize, usize)> {
        let (ls, rs) = (&self.lhs_strides, &self.rhs_strides);
        let mut pairs = vec![(lbase, rbase)];
        for (d, &p) in pos.iter().enumerate() {
            let taps = &self.taps[d][p];
            pairs = pairs
                .iter()
                .flat_map(|&(l, r)| {
                    taps.iter()
                        .map(move |&(x, k)| (l + x * ls[d + 2], r + k * rs[d + 2]))
                })
                .collect();
        }
        pairs
    }

    /// The sum over kernel positions (outer) and input features (inner), the order of XLA's
    /// CPU convolution (an im2col matrix product with the feature dimension innermost).
    fn dot<T: Ring>(
        &self,
        lhs: &[T],
        rhs: &[T],
        taps: &[(usize, usize)],
        step: Option<FloatKind>,
    ) -> T {
        let (lf, rf) = (self.lhs_strides[1], self.rhs_strides[1]);
        let mut acc = T::default();
        for &(l, r) in taps {
            for i in 0..self.kernel_in {
                acc = acc.mul_add(lhs[l + i * lf], rhs[r + i * rf], step);
            }
        }
        acc
    }
}
