//! Uniform quantized element types (`!quant.uniform<i8:f32, 0.5:-3>`) and the StableHLO
//! quantize / dequantize arithmetic the interpreter runs them with.
//!
//! An op on quantized tensors runs as the spec's `dequantize_op_quantize`: operands are
//! dequantized to the expressed type, the float op runs, the result is quantized to the result
//! type.

use super::tensor::{Data, Elem, Tensor};
use egfuse_ir::floats::round_float;
use egfuse_ir::FloatKind;
use std::borrow::Cow;

/// The parameters of a per-tensor uniform quantized type.
#[derive(Clone, Debug, PartialEq)]
pub struct QuantType {
    /// The type as written after `!`, for messages.
    pub text: Box<str>,
    pub storage_width: u32,
    pub storage_signed: bool,
    pub storage_min: i128,
    pub storage_max: i128,
    pub expressed: FloatKind,
    pub scale: f64,
    pub zero_point: i128,
}

impl QuantType {
    /// Parses the text of a `quant.uniform<...>` type (per-tensor only).
    pub fn parse(text: &str) -> Result<QuantType, String> {
        let unsupported = || format!("element type !{text} is not supported by the interpreter");
        let body = text
            .strip_prefix("quant.uniform<")
            .and_then(|b| b.strip_suffix('>'))
            .ok_or_else(unsupported)?;
        let (types, params) = body.split_once(',').ok_or_else(unsupported)?;
        let mut parts = types.split(':').map(str::trim);
        let storage = parts.next().ok_or_else(unsupported)?;
        let expressed = parts.next().ok_or_else(unsupported)?;
        if parts.next().is_some() || params.contains('{') {
            return Err(format!(
                "per-axis quantized type !{text} is not supported by the interpreter"
            ));
        }
        let (storage, range) = match storage.split_once('<') {
            Some((s, r)) => (s, Some(r.trim_end_matches('>'))),
            None => (storage, None),
        };
        let (signed, digits) = match storage.strip_prefix('u') {
            Some(rest) => (false, rest.trim_start_matches('i')),
            None => (true, storage.trim_start_matches('i')),
        };
        let width: u32 = digits.parse().map_err(|_| unsupported())?;
        let (lo, hi) = if signed {
            (-(1i128 << (width - 1)), (1i128 << (width - 1)) - 1)
        } else {
            (0, (1i128 << width) - 1)
        };
        let (storage_min, storage_max) = match range {
            Some(r) => {
                let (a, b) = r.split_once(':').ok_or_else(unsupported)?;
                (
                    a.trim().parse().map_err(|_| unsupported())?,
                    b.trim().parse().map_err(|_| unsupported())?,
                )
            }
            None => (lo, hi),
        };
        let (scale, zero_point) = match params.trim().split_once(':') {
            Some((s, z)) => (s, z.trim().parse().map_err(|_| unsupported())?),
            None => (params.trim(), 0),
        };
        Ok(QuantType {
            text: text.into(),
            storage_width: width,
            storage_signed: signed,
            storage_min,
            storage_max,
            expressed: FloatKind::from_name(expressed).ok_or_else(unsupported)?,
            scale: scale.trim().parse().map_err(|_| unsupported())?,
            zero_point,
        })
    }

    /// `clamp(round_nearest_even(x / scale) + zero_point)` computed in the expressed type.
    /// NaN gives storage 0, as in the StableHLO reference interpreter: its clamp propagates
    /// the NaN and its float-to-integer conversion maps NaN to 0.
    pub fn quantize(&self, x: f64) -> i128 {
        let k = self.expressed;
        let scaled = round_float(k, x / round_float(k, self.scale));
        let shifted = round_float(k, scaled.round_ties_even() + self.zero_point as f64);
        if shifted.is_nan() {
            return 0;
        }
        (shifted.clamp(self.storage_min as f64, self.storage_max as f64)) as i128
    }

    /// `(q - zero_point) * scale` computed in the expressed type.
    pub fn dequantize(&self, q: i128) -> f64 {
        let k = self.expressed;
        round_float(
            k,
            round_float(k, (q - self.zero_point) as f64) * round_float(k, self.scale),
        )
    }
}

/// Dequantizes a quantized tensor to its expressed float type; other tensors pass through,
/// borrowed (a `convert` of a 7B model's weight matrix copied it whole before reading it).
pub fn dequantize(t: &Tensor) -> Cow<'_, Tensor> {
    let Elem::Quant(q) = &t.elem else {
        return Cow::Borrowed(t);
    };
    let Data::Int(v) = &t.data else {
        unreachable!("quantized tensors store integers")
    };
    let data = v.iter().map(|&x| q.dequantize(x)).collect();
    Cow::Owned(Tensor::new(
        Elem::Float(q.expressed),
        t.shape.clone(),
        Data::Float(data),
    ))
}

/// Quantizes a float tensor to `elem` when it is a quantized kind; other kinds pass through.
pub fn quantize(t: Tensor, elem: &Elem) -> Result<Tensor, String> {
    let Elem::Quant(q) = elem else { return Ok(t) };
    let v = match &t.data {
        Data::Float(v) => v.iter().map(|&x| q.quantize(x)).collect(),
        Data::Int(v) => v.iter().map(|&x| q.quantize(x as f64)).collect(),
        Data::Complex(_) => return Err("cannot quantize a complex tensor".to_string()),
    };
    Ok(Tensor::new(elem.clone(), t.shape, Data::Int(v)))
}

/// Re-quantizes a quantized tensor to another quantized type (`uniform_quantize` on a
/// quantized operand).
pub fn requantize(t: &Tensor, elem: &Elem) -> Result<Tensor, String> {
    quantize(dequantize(t).into_owned(), elem)
}
