//! A convolution as a matmul plan: each output element is the sum, over the kernel's window
//! positions and the input features, of input times kernel, so the convolution is the
//! contraction of an lhs `[batch, output positions..., window positions..., features]` with
//! the kernel `[window positions..., input features, output features]`.
//!
//! That lhs is no copy: it is the input read with strides. Along spatial dimension `d`, an
//! output position steps the input by the window stride, a window position by the kernel's
//! dilation, each times the input's stride along `d`; where the runs meet (a patch embedding
//! whose stride is its window), [`super::dot::Plan`] merges them as it merges any dot's. The
//! result's dimensions walk the convolution result's own layout, so NHWC and NCHW alike are
//! written in place.
//!
//! Padding, input (base) dilation, window reversal and feature or batch groups read elements
//! no strided lhs holds. Before lowering, a top-level convolution's are spelled with pads,
//! reverses, slices and concatenates (`crate::conv_forms`); batch groups, and any of them in a
//! fused body, are a diagnostic here.

use super::dot::{Operand, Plan};
use crate::edge::Dims;
use crate::tensor::strides;
use egfuse_diag::Diag;
use egfuse_ir::conv::{pads_nothing, ConvDims, ConvWindow};
use egfuse_ir::{Module, OpId};

/// The plan of the convolution `op`, whose operands are read where `operands` says.
pub(super) fn plan(m: &Module, op: OpId, operands: &[Operand; 2]) -> Result<Plan, Diag> {
    let o = m.op(op);
    let refuse = |why: String| {
        Diag::new("lower::unsupported", o.span, why)
            .with_label("a convolution lowers as a matmul of the input's windows")
    };
    let dims = ConvDims::of(o).map_err(&refuse)?;
    let n = dims.lhs_spatial.len();
    let window = ConvWindow::of(o, n).map_err(&refuse)?;
    let groups = |name: &str| o.attr(name).and_then(|a| a.as_int()).unwrap_or(1);
    let unsupported = [
        (!pads_nothing(o), "padding"),
        (
            window.lhs_dilation.iter().any(|&d| d != 1),
            "input dilation",
        ),
        (window.reversal.iter().any(|&r| r), "window reversal"),
        (groups("feature_group_count") != 1, "feature groups"),
        (groups("batch_group_count") != 1, "batch groups"),
    ];
    if let Some((_, what)) = unsupported.iter().find(|(has, _)| *has) {
        return Err(refuse(format!(
            "a convolution with {what} is not lowered yet"
        )));
    }
    let shape = |v| -> Vec<u64> {
        (m.ty(v).dims().unwrap_or(&[]).iter())
            .map(|&d| d.max(0) as u64)
            .collect()
    };
    let (xs, ks, os) = (
        shape(o.operands[0]),
        shape(o.operands[1]),
        shape(o.results[0]),
    );
    let one_run = |d: &Dims, k: usize| match d.get(k).map(Vec::as_slice) {
        Some(&[run]) => Some(run),
        Some(&[]) => Some((0, 1)),
        _ => None,
    };
    let ranks = xs.len() == n + 2 && ks.len() == n + 2 && os.len() == n + 2;
    let views =
        || refuse("a convolution reading an operand through views that regroup it".to_string());
    if !ranks || operands[0].dims.len() != xs.len() || operands[1].dims.len() != ks.len() {
        return Err(views());
    }
    let (xd, kd) = (&operands[0].dims, &operands[1].dims);
    // The lhs: batch, output positions, window positions, features.
    let mut lhs: Dims = vec![xd[dims.lhs_batch].clone()];
    let mut taps: Dims = Vec::new();
    for d in 0..n {
        let (stride, _) = one_run(xd, dims.lhs_spatial[d]).ok_or_else(views)?;
        let out = os[dims.out_spatial[d]];
        let kernel = ks[dims.rhs_spatial[d]];
        let last = |n: u64, step: i64| (n.max(1) as i64 - 1) * step;
        if last(out, window.strides[d]) + last(kernel, window.rhs_dilation[d])
            >= xs[dims.lhs_spatial[d]] as i64
        {
            return Err(refuse(format!(
                "a convolution whose result's spatial dimension {d} reads past its input"
            )));
        }
        lhs.push(vec![(stride * window.strides[d], out)]);
        taps.push(vec![(stride * window.rhs_dilation[d], kernel)]);
    }
    lhs.extend(taps);
    lhs.push(xd[dims.lhs_feature].clone());
    // The rhs: window positions, input features, output features.
    let mut rhs: Dims = (dims.rhs_spatial.iter()).map(|&d| kd[d].clone()).collect();
    rhs.push(kd[dims.rhs_in].clone());
    rhs.push(kd[dims.rhs_out].clone());
    // The result: batch, output positions (the lhs's free dimensions), output features.
    let ostrides = strides(&os);
    let run = |d: usize| vec![(ostrides[d], os[d])];
    let mut od: Dims = vec![run(dims.out_batch)];
    od.extend(dims.out_spatial.iter().map(|&d| run(d)));
    od.push(run(dims.out_feature));
    let numbers = (
        vec![],
        vec![],
        (n + 1..=2 * n + 1).collect(),
        (0..=n).collect(),
    );
    let virtual_operands = [
        Operand {
            dims: lhs,
            ..operands[0].clone()
        },
        Operand {
            dims: rhs,
            ..operands[1].clone()
        },
    ];
    Plan::contraction(&numbers, &virtual_operands, &od, o.span)
}
