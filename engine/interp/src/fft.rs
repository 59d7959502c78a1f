//! `fft` over the trailing `len(fft_length)` dimensions: `FFT` and `IFFT` (complex to complex,
//! `IFFT` scaled by `1 / prod(fft_length)`), `RFFT` (real to the `n / 2 + 1` non-redundant
//! outputs of the last dimension) and `IRFFT` (the inverse, reading `n / 2 + 1` inputs of the
//! last dimension and ignoring the imaginary parts of its zero and Nyquist terms).
//!
//! Transforms run in `f64` with rustfft and round to the element type once; XLA's CPU backend
//! (DUCC) transforms in the element type, so `complex<f32>` results differ by a few ulps of the
//! largest output magnitude.

use super::dispatch::Claim;
use super::opattr::enum_attr;
use super::tensor::{strides, Data, Tensor};
use super::Interpreter;
use egfuse_ir::OpId;
use num_complex::Complex64;
use rustfft::FftPlanner;

pub fn eval(cx: &mut Interpreter, op: OpId, stem: &str, args: &[&Tensor]) -> Claim {
    if stem != "fft" {
        return None;
    }
    Some(run(cx, op, args).map(|t| vec![t]))
}

fn run(cx: &Interpreter, op: OpId, args: &[&Tensor]) -> Result<Tensor, String> {
    let [a] = args else {
        return Err("fft takes one operand".to_string());
    };
    let o = cx.module.op(op);
    let kind = enum_attr(cx, op, "fft_type", "fft_type").ok_or("fft without fft_type")?;
    let lengths: Vec<usize> = o
        .attr("fft_length")
        .and_then(|l| l.as_i64_array())
        .ok_or("fft without fft_length")?
        .iter()
        .map(|&n| n as usize)
        .collect();
    let k = lengths.len();
    if k == 0 || k > a.rank() {
        return Err(format!(
            "fft_length {lengths:?} does not fit an operand of rank {}",
            a.rank()
        ));
    }
    let out = cx.result_elem(op, 0)?;
    let (data, shape) = transform_kind(kind, a, &lengths)?;
    let out_data = match &out {
        super::Elem::Complex(_) => Data::Complex(
            data.iter()
                .map(|z| Complex64::new(out.round(z.re), out.round(z.im)))
                .collect(),
        ),
        _ => Data::Float(data.iter().map(|z| out.round(z.re)).collect()),
    };
    Ok(Tensor::new(out, shape, out_data))
}

/// Runs transform `kind` over the trailing `lengths.len()` dimensions of `a`; returns the
/// complex values and the result shape.
fn transform_kind(
    kind: &str,
    a: &Tensor,
    lengths: &[usize],
) -> Result<(Vec<Complex64>, Vec<usize>), String> {
    let k = lengths.len();
    let axes: Vec<usize> = (a.rank() - k..a.rank()).collect();
    let last = a.rank() - 1;
    let mut shape = a.shape.clone();
    let mut data = complex_values(a)?;
    match kind {
        "FFT" | "IFFT" => {
            expect_lengths(&a.shape[a.rank() - k..], lengths)?;
            for &ax in &axes {
                transform(&mut data, &shape, ax, kind == "IFFT");
            }
        }
        "RFFT" => {
            expect_lengths(&a.shape[a.rank() - k..], lengths)?;
            for &ax in &axes {
                transform(&mut data, &shape, ax, false);
            }
            let keep = lengths[k - 1] / 2 + 1;
            data = resize_last(&data, &shape, keep);
            shape[last] = keep;
        }
        "IRFFT" => {
            expect_lengths(&a.shape[a.rank() - k..last], &lengths[..k - 1])?;
            let n = lengths[k - 1];
            if a.shape[last] != n / 2 + 1 {
                return Err(format!(
                    "IRFFT of length {n} needs {} inputs in the last dimension, got {}",
                    n / 2 + 1,
                    a.shape[last]
                ));
            }
            for &ax in &axes[..k - 1] {
                transform(&mut data, &shape, ax, true);
            }
            data = hermitian_extend(&data, &shape, n);
            shape[last] = n;
            transform(&mut data, &shape, last, true);
        }
        other => return Err(format!("unknown fft_type {other}")),
    }
    Ok((data, shape))
}

fn expect_lengths(dims: &[usize], lengths: &[usize]) -> Result<(), String> {
    if dims != lengths {
        return Err(format!(
            "fft_length {lengths:?} differs from the operand's trailing dimensions {dims:?}"
        ));
    }
    Ok(())
}

fn complex_values(a: &Tensor) -> Result<Vec<Complex64>, String> {
    Ok(match &a.data {
        Data::Complex(v) => v.clone(),
        Data::Float(v) => v.iter().map(|&x| Complex64::new(x, 0.0)).collect(),
        Data::Int(_) => return Err("fft needs a float or complex operand".to_string()),
    })
}

/// Transforms every line of `data` along axis `ax`; the inverse is scaled by `1 / n`.
fn transform(data: &mut [Complex64], shape: &[usize], ax: usize, inverse: bool) {
    let n = shape[ax];
    if n == 0 || data.is_empty() {
        return;
    }
    let mut planner = FftPlanner::<f64>::new();
    let fft = if inverse {
        planner.plan_fft_inverse(n)
    } else {
        planner.plan_fft_forward(n)
    };
    let stride = strides(shape)[ax];
    let scale = if inverse { 1.0 / n as f64 } else { 1.0 };
    let mut line = vec![Complex64::default(); n];
    for start in line_starts(shape, ax) {
        for (i, slot) in line.iter_mut().enumerate() {
            *slot = data[start + i * stride];
        }
        fft.process(&mut line);
        for (i, v) in line.iter().enumerate() {
            data[start + i * stride] = v * scale;
        }
    }
}

/// The flat offset of element 0 of every line along `ax`.
fn line_starts(shape: &[usize], ax: usize) -> Vec<usize> {
    let st = strides(shape);
    let dims: Vec<usize> = (0..shape.len()).filter(|&d| d != ax).collect();
    super::contract::offsets(shape, &st, &dims)
}

/// Truncates (or zero-pads) the last dimension to `keep` entries.
fn resize_last(data: &[Complex64], shape: &[usize], keep: usize) -> Vec<Complex64> {
    let n = *shape.last().unwrap_or(&1);
    data.chunks(n.max(1))
        .flat_map(|row| (0..keep).map(move |i| row.get(i).copied().unwrap_or_default()))
        .collect()
}

/// Rebuilds full spectra of length `n` from their first `n / 2 + 1` terms.
fn hermitian_extend(data: &[Complex64], shape: &[usize], n: usize) -> Vec<Complex64> {
    let half = *shape.last().unwrap_or(&1);
    data.chunks(half.max(1))
        .flat_map(|row| (0..n).map(move |i| if i < half { row[i] } else { row[n - i].conj() }))
        .collect()
}
