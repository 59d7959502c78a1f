//! Normalizations: `batch_norm_inference`, `batch_norm_training` and `batch_norm_grad` (which
//! PyTorch exports use for LayerNorm), and the Neuron `AwsNeuronRmsNorm` custom call.
//!
//! All compute per-feature sums and the normalization in `f64` and round each result to its
//! element type once. XLA's CPU backend expands batch norms into elementwise ops and reductions
//! in the element type (`BatchNormExpander`), so `f32` results differ by a few ulps, more when
//! the variance is tiny next to the squared mean.
//!
//! `AwsNeuronRmsNorm` computes `y = x / sqrt(mean(x^2 along d) + eps) * weight`, where:
//! * operands are `(x, weight, epsilon)`: `x` of rank >= 1, `weight` of rank 1 with
//!   `dim(x, d)` elements (broadcast along `d`), `epsilon` a tensor of exactly one element;
//!   with only `(x, weight)`, `epsilon` is read from a float attribute `epsilon`;
//! * the normalization dimension `d` is the integer attribute `dimension` (negative values
//!   count from the end), the last dimension when absent;
//! * the result has the type of `x`.
//!
//! An epsilon that is not a single value and a weight whose size differs from `dim(x, d)` are
//! reported with the two diagnostics of the Neuron compiler's own RmsNorm path.

use super::dispatch::Claim;
use super::opattr::float_attr;
use super::tensor::{strides, Data, Tensor};
use super::Interpreter;
use egfuse_ir::facts::batch_norm_attrs;
use egfuse_ir::OpId;

pub fn eval(cx: &mut Interpreter, op: OpId, stem: &str, args: &[&Tensor]) -> Claim {
    if !matches!(
        stem,
        "batch_norm_inference" | "batch_norm_training" | "batch_norm_grad"
    ) {
        return None;
    }
    Some(
        params(cx, op, args).and_then(|(f, eps)| match (stem, args) {
            ("batch_norm_inference", [x, scale, offset, mean, var]) => {
                inference(x, f, eps, [scale, offset, mean, var])
            }
            ("batch_norm_training", [x, scale, offset]) => training(x, f, eps, scale, offset),
            ("batch_norm_grad", [x, scale, mean, var, grad]) => {
                backward(x, f, eps, [scale, mean, var], grad)
            }
            _ => Err(format!("{stem} has the wrong number of operands")),
        }),
    )
}

/// `feature_index` and `epsilon`, checked against the operand.
fn params(cx: &Interpreter, op: OpId, args: &[&Tensor]) -> Result<(usize, f64), String> {
    let rank = args.first().ok_or("batch norm needs an operand")?.rank();
    match batch_norm_attrs(cx.module, op) {
        Some((f, eps)) if (0..rank as i128).contains(&f) => Ok((f as usize, eps)),
        Some((f, _)) => Err(format!("feature_index {f} is out of range for rank {rank}")),
        None => Err("batch norm needs feature_index and epsilon attributes".to_string()),
    }
}

/// Which feature each element of a tensor of `shape` belongs to, along dimension `f`.
fn features(shape: &[usize], f: usize) -> impl Fn(usize) -> usize {
    let (stride, size) = (strides(shape)[f], shape[f]);
    move |i| (i / stride) % size
}

fn floats<'t>(t: &'t Tensor, what: &str) -> Result<&'t [f64], String> {
    t.floats()
        .ok_or_else(|| format!("{what} must be a float tensor"))
}

fn rounded(like: &Tensor, shape: Vec<usize>, v: Vec<f64>) -> Tensor {
    let data = v.into_iter().map(|x| like.elem.round(x)).collect();
    Tensor::new(like.elem.clone(), shape, Data::Float(data))
}

/// Per-feature mean and (biased) variance of `x`.
fn moments(x: &[f64], shape: &[usize], f: usize) -> (Vec<f64>, Vec<f64>) {
    let feature = features(shape, f);
    let count = (x.len() / shape[f].max(1)).max(1) as f64;
    let mut mean = vec![0.0; shape[f]];
    for (i, &v) in x.iter().enumerate() {
        mean[feature(i)] += v / count;
    }
    let mut var = vec![0.0; shape[f]];
    for (i, &v) in x.iter().enumerate() {
        let c = v - mean[feature(i)];
        var[feature(i)] += c * c / count;
    }
    (mean, var)
}

fn normalize(x: &[f64], shape: &[usize], f: usize, eps: f64, stats: [&[f64]; 4]) -> Vec<f64> {
    let [scale, offset, mean, var] = stats;
    let feature = features(shape, f);
    x.iter()
        .enumerate()
        .map(|(i, &v)| {
            let k = feature(i);
            (v - mean[k]) / (var[k] + eps).sqrt() * scale[k] + offset[k]
        })
        .collect()
}

fn inference(x: &Tensor, f: usize, eps: f64, stats: [&&Tensor; 4]) -> Result<Vec<Tensor>, String> {
    let [s, o, m, v] = stats;
    let stats = [
        floats(s, "scale")?,
        floats(o, "offset")?,
        floats(m, "mean")?,
        floats(v, "variance")?,
    ];
    let y = normalize(floats(x, "operand")?, &x.shape, f, eps, stats);
    Ok(vec![rounded(x, x.shape.clone(), y)])
}

fn training(
    x: &Tensor,
    f: usize,
    eps: f64,
    scale: &Tensor,
    offset: &Tensor,
) -> Result<Vec<Tensor>, String> {
    let xv = floats(x, "operand")?;
    let (mean, var) = moments(xv, &x.shape, f);
    let stats = [
        floats(scale, "scale")?,
        floats(offset, "offset")?,
        &mean[..],
        &var[..],
    ];
    let y = normalize(xv, &x.shape, f, eps, stats);
    let n = vec![x.shape[f]];
    Ok(vec![
        rounded(x, x.shape.clone(), y),
        rounded(x, n.clone(), mean),
        rounded(x, n, var),
    ])
}

/// The gradients of `batch_norm_training` as the spec decomposes them.
fn backward(
    x: &Tensor,
    f: usize,
    eps: f64,
    stats: [&&Tensor; 3],
    grad: &Tensor,
) -> Result<Vec<Tensor>, String> {
    let [s, m, v] = stats;
    let (xv, gv) = (floats(x, "operand")?, floats(grad, "grad_output")?);
    let (scale, mean, var) = (
        floats(s, "scale")?,
        floats(m, "mean")?,
        floats(v, "variance")?,
    );
    let feature = features(&x.shape, f);
    let count = (xv.len() / x.shape[f].max(1)).max(1) as f64;
    let (mut sum_g, mut sum_gc) = (vec![0.0; x.shape[f]], vec![0.0; x.shape[f]]);
    for (i, (&xi, &gi)) in xv.iter().zip(gv).enumerate() {
        sum_g[feature(i)] += gi;
        sum_gc[feature(i)] += gi * (xi - mean[feature(i)]);
    }
    let grad_operand = xv
        .iter()
        .zip(gv)
        .enumerate()
        .map(|(i, (&xi, &gi))| {
            let k = feature(i);
            let c = xi - mean[k];
            let i6 = gi * count - sum_g[k] - sum_gc[k] * c / (var[k] + eps);
            scale[k] / (var[k] + eps).sqrt() / count * i6
        })
        .collect();
    let grad_scale = (0..x.shape[f])
        .map(|k| sum_gc[k] / (var[k] + eps).sqrt())
        .collect();
    let n = vec![x.shape[f]];
    Ok(vec![
        rounded(x, x.shape.clone(), grad_operand),
        rounded(x, n.clone(), grad_scale),
        rounded(x, n, sum_g),
    ])
}

/// `AwsNeuronRmsNorm` with the operand and attribute conventions of this module's doc.
pub fn rms_norm(cx: &Interpreter, op: OpId, args: &[&Tensor]) -> Result<Vec<Tensor>, String> {
    let not_scalar = || {
        format!(
            "'{}' op RmsNorm: epsilon is not a scalar. Expected a single scalar constant value for epsilon parameter.",
            cx.module.op(op).name
        )
    };
    let (x, weight, eps) = match args {
        [x, w, e] => (*x, *w, single_value(e).ok_or_else(not_scalar)?),
        [x, w] => (
            *x,
            *w,
            float_attr(cx, op, "epsilon").ok_or_else(not_scalar)?,
        ),
        _ => return Err("AwsNeuronRmsNorm takes (x, weight, epsilon)".to_string()),
    };
    let rank = x.rank() as i64;
    let d = match cx.module.op(op).attr("dimension").and_then(|a| a.as_int()) {
        None => rank - 1,
        Some(d) if d < 0 => rank + d as i64,
        Some(d) => d as i64,
    };
    if rank == 0 || !(0..rank).contains(&d) {
        return Err(format!(
            "AwsNeuronRmsNorm: dimension {d} is out of range for rank {rank}"
        ));
    }
    let d = d as usize;
    if weight.rank() != 1 || weight.shape[0] != x.shape[d] {
        return Err(format!(
            "Operation AwsNeuronRmsNorm encountered size mismatch along the specified (normalization) dimension {d}. The input has {} elements along it but the weight has shape {:?}.",
            x.shape[d], weight.shape
        ));
    }
    let (xv, wv) = (floats(x, "x")?, floats(weight, "weight")?);
    Ok(vec![rounded(
        x,
        x.shape.clone(),
        rms_rows(xv, &x.shape, d, eps, wv),
    )])
}

fn single_value(t: &Tensor) -> Option<f64> {
    match &t.data {
        Data::Float(v) if v.len() == 1 => Some(v[0]),
        _ => None,
    }
}

/// `x / sqrt(mean(x^2) + eps) * weight` along dimension `d`.
fn rms_rows(x: &[f64], shape: &[usize], d: usize, eps: f64, weight: &[f64]) -> Vec<f64> {
    let (stride, n) = (strides(shape)[d], shape[d]);
    let mut out = vec![0.0; x.len()];
    if n == 0 {
        return out;
    }
    let starts = super::contract::offsets(
        shape,
        &strides(shape),
        &(0..shape.len()).filter(|&k| k != d).collect::<Vec<_>>(),
    );
    for start in starts {
        let mean_sq = (0..n).map(|i| x[start + i * stride].powi(2)).sum::<f64>() / n as f64;
        let inv = 1.0 / (mean_sq + eps).sqrt();
        for i in 0..n {
            out[start + i * stride] = x[start + i * stride] * inv * weight[i];
        }
    }
    out
}
