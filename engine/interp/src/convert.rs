//! Bit-level conversions: `bitcast_convert` (little-endian when widths differ) and
//! `reduce_precision` (rounding to a float format with fewer exponent and mantissa bits).

use super::bits::bit_width;
use super::tensor::{wrap_int, Data, Elem, Tensor};
use super::Interpreter;
use egfuse_ir::floats::{float_from_bits, float_to_bits};
use egfuse_ir::floats::{round_minifloat, MiniFloat};
use egfuse_ir::OpId;

/// Reinterprets the bits of each element; a wider element splits into a trailing dimension of
/// narrower ones (least significant first), and the reverse.
pub fn bitcast(a: &Tensor, out: &Elem, out_shape: &[usize]) -> Result<Vec<Tensor>, String> {
    let (wi, wo) = (bit_width(&a.elem), bit_width(out));
    let words: Vec<u128> = (0..a.len()).map(|i| to_bits(a, i)).collect();
    let (shape, pieces): (Vec<usize>, Vec<u128>) = if wi == wo {
        (a.shape.clone(), words)
    } else if wi > wo {
        let ratio = (wi / wo) as usize;
        let mask = (1u128 << wo) - 1;
        let mut shape = a.shape.clone();
        shape.push(ratio);
        (
            shape,
            words
                .iter()
                .flat_map(|w| (0..ratio).map(move |k| w >> (k as u32 * wo) & mask))
                .collect(),
        )
    } else {
        let ratio = (wo / wi) as usize;
        let mut shape = a.shape.clone();
        if shape.pop() != Some(ratio) {
            return Err(format!(
                "bitcast from {wi} to {wo} bits needs a last dimension of {ratio}"
            ));
        }
        let joined = words
            .chunks(ratio)
            .map(|c| {
                c.iter()
                    .enumerate()
                    .fold(0u128, |acc, (k, &w)| acc | w << (k as u32 * wi))
            })
            .collect();
        (shape, joined)
    };
    if !out_shape.is_empty() && shape != out_shape {
        return Err(format!(
            "bitcast result shape {shape:?} differs from the type's {out_shape:?}"
        ));
    }
    let mut data = out.empty_data(pieces.len());
    for w in pieces {
        match (&mut data, out) {
            (Data::Float(v), Elem::Float(k)) => v.push(float_from_bits(*k, w as u64)),
            (Data::Int(v), Elem::Int { width, signed }) => {
                v.push(wrap_int(w as i128, *width, *signed))
            }
            (Data::Int(v), Elem::Quant(q)) => {
                v.push(wrap_int(w as i128, q.storage_width, q.storage_signed))
            }
            (Data::Complex(v), Elem::Complex(k)) => {
                let half = k.bits();
                let mask = (1u128 << half) - 1;
                v.push(num_complex::Complex64::new(
                    float_from_bits(*k, (w & mask) as u64),
                    float_from_bits(*k, (w >> half & mask) as u64),
                ))
            }
            _ => return Err(format!("cannot bitcast to {}", out.name())),
        }
    }
    Ok(vec![Tensor::new(out.clone(), shape, data)])
}

fn to_bits(a: &Tensor, i: usize) -> u128 {
    let width = bit_width(&a.elem);
    let mask = if width >= 128 {
        u128::MAX
    } else {
        (1u128 << width) - 1
    };
    match (&a.data, &a.elem) {
        (Data::Float(v), Elem::Float(k)) => float_to_bits(*k, v[i]) as u128,
        (Data::Int(v), _) => v[i] as u128 & mask,
        (Data::Complex(v), Elem::Complex(k)) => {
            float_to_bits(*k, v[i].re) as u128 | (float_to_bits(*k, v[i].im) as u128) << k.bits()
        }
        _ => 0,
    }
}

/// A tie of `x` at no mantissa bits (`|x| = 1.5 * 2^k`, in the normal range) as XLA rounds
/// it: its bit trick takes the exponent's last bit for the mantissa's, so the tie goes up when
/// the biased exponent of `x` is odd, which for every float type's odd bias is when `k` is
/// even (`reduce_precision` of 1.5 is 2, of 3 is 2, of 6 is 8, as `lax.reduce_precision` gives
/// on XLA's CPU client). `None` for any other `x`.
fn exponent_parity_tie(x: f64, emin: i32, emax: i32) -> Option<f64> {
    let k = x.abs().log2().floor() as i32;
    if !x.is_finite() || x.abs() != 1.5 * 2f64.powi(k) || k < emin {
        return None;
    }
    let up = k.rem_euclid(2) == 0;
    let r = 2f64.powi(if up { k + 1 } else { k });
    Some(
        if r > 2f64.powi(emax) {
            f64::INFINITY
        } else {
            r
        }
        .copysign(x),
    )
}

/// `reduce_precision`: rounds each element to a float with `exponent_bits` and
/// `mantissa_bits`, keeping the element type.
pub fn reduce_precision(cx: &Interpreter, op: OpId, a: &Tensor) -> Result<Vec<Tensor>, String> {
    let o = cx.module.op(op);
    let get = |name: &str| {
        o.attr(name)
            .and_then(|x| x.as_int())
            .ok_or(format!("missing {name}"))
    };
    let (e, m) = (get("exponent_bits")? as i32, get("mantissa_bits")? as i32);
    if e < 1 || m < 0 {
        return Err("reduce_precision needs exponent_bits >= 1 and mantissa_bits >= 0".to_string());
    }
    let bias = (1i64 << (e - 1)) - 1;
    let emax = bias as i32;
    let format = MiniFloat {
        precision: m + 1,
        emin: 1 - bias as i32,
        max: (2.0 - 2f64.powi(-m)) * 2f64.powi(emax),
        has_inf: true,
        has_nan: true,
        has_neg_zero: true,
    };
    let v = a.floats().ok_or("reduce_precision needs a float operand")?;
    let data = v
        .iter()
        .map(|&x| {
            let tie = (m == 0)
                .then(|| exponent_parity_tie(x, format.emin, emax))
                .flatten();
            a.elem
                .round(tie.unwrap_or_else(|| round_minifloat(format, x)))
        })
        .collect();
    Ok(vec![Tensor::new(
        a.elem.clone(),
        a.shape.clone(),
        Data::Float(data),
    )])
}
