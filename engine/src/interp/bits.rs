//! Bit patterns of elements: the encodings behind hex literals (`0x7F80`, `dense<"0x...">`) and
//! `bitcast_convert`.

use super::tensor::{round_float, wrap_int, Elem, MiniFloat};
use crate::ir::FloatKind;
use num_complex::Complex64;

/// The storage width of one element in bits (a complex counts both halves).
pub fn bit_width(elem: &Elem) -> u32 {
    match elem {
        Elem::Float(k) => k.bits(),
        Elem::Int { width, .. } => *width,
        Elem::Complex(k) => 2 * k.bits(),
        Elem::Quant(q) => q.storage_width,
    }
}

/// The bytes one element takes in a `dense<"0x...">` blob (MLIR rounds sub-byte widths up).
pub fn byte_width(elem: &Elem) -> usize {
    match elem {
        Elem::Complex(k) => 2 * (k.bits() as usize).div_ceil(8),
        other => (bit_width(other) as usize).div_ceil(8),
    }
}

/// The value of a float with bit pattern `bits` in kind `k`.
pub fn float_from_bits(k: FloatKind, bits: u64) -> f64 {
    match k {
        FloatKind::F64 => f64::from_bits(bits),
        FloatKind::F32 => f32::from_bits(bits as u32) as f64,
        FloatKind::F16 => half::f16::from_bits(bits as u16).to_f64(),
        FloatKind::BF16 => half::bf16::from_bits(bits as u16).to_f64(),
        FloatKind::TF32 => f32::from_bits((bits as u32) << 13) as f64,
        other => minifloat_from_bits(other, bits),
    }
}

/// The bit pattern of `x` (already rounded to `k`) in kind `k`.
pub fn float_to_bits(k: FloatKind, x: f64) -> u64 {
    match k {
        FloatKind::F64 => x.to_bits(),
        FloatKind::F32 => (x as f32).to_bits() as u64,
        FloatKind::F16 => half::f16::from_f64(x).to_bits() as u64,
        FloatKind::BF16 => half::bf16::from_f64(x).to_bits() as u64,
        FloatKind::TF32 => ((x as f32).to_bits() >> 13) as u64,
        other => minifloat_to_bits(other, round_float(other, x)),
    }
}

/// Exponent-field width and bias of a small format.
fn layout(k: FloatKind) -> (u32, u32, i32, bool) {
    let f = MiniFloat::of(k);
    let man = (f.precision - 1) as u32;
    let signed = k != FloatKind::F8E8M0FNU;
    let exp = k.bits() - man - signed as u32;
    (exp, man, 1 - f.emin, signed)
}

fn minifloat_from_bits(k: FloatKind, bits: u64) -> f64 {
    let f = MiniFloat::of(k);
    let (exp_bits, man_bits, bias, signed) = layout(k);
    let width = k.bits();
    let bits = bits & ((1u64 << width) - 1);
    let negative = signed && bits >> (width - 1) & 1 == 1;
    let e = (bits >> man_bits) & ((1u64 << exp_bits) - 1);
    let m = bits & ((1u64 << man_bits) - 1);
    let all_e = (1u64 << exp_bits) - 1;
    let all_m = (1u64 << man_bits) - 1;
    let nan = match (f.has_inf, f.has_neg_zero, f.has_nan) {
        (true, _, _) if e == all_e => {
            return if m == 0 {
                sign(negative) * f64::INFINITY
            } else {
                f64::NAN
            }
        }
        (false, false, true) if k == FloatKind::F8E8M0FNU => e == all_e,
        (false, false, true) => negative && e == 0 && m == 0,
        (false, true, true) => e == all_e && m == all_m,
        _ => false,
    };
    if nan {
        return f64::NAN;
    }
    let magnitude = if e == 0 && man_bits > 0 {
        m as f64 * 2f64.powi(1 - bias - man_bits as i32)
    } else {
        (1.0 + m as f64 / (1u64 << man_bits) as f64) * 2f64.powi(e as i32 - bias)
    };
    sign(negative) * magnitude
}

fn sign(negative: bool) -> f64 {
    if negative {
        -1.0
    } else {
        1.0
    }
}

fn minifloat_to_bits(k: FloatKind, x: f64) -> u64 {
    // Small formats have at most 256 encodings: search for the one that decodes to `x`.
    let count = 1u64 << k.bits();
    if x.is_nan() {
        return (0..count)
            .find(|&b| minifloat_from_bits(k, b).is_nan())
            .unwrap_or(count - 1);
    }
    (0..count)
        .find(|&b| {
            let v = minifloat_from_bits(k, b);
            v == x && v.is_sign_negative() == x.is_sign_negative()
        })
        .unwrap_or(0)
}

/// Decodes one element from little-endian bytes.
pub enum Decoded {
    Float(f64),
    Int(i128),
    Complex(Complex64),
}

pub fn decode(elem: &Elem, bytes: &[u8]) -> Decoded {
    let raw = |b: &[u8]| b.iter().rev().fold(0u64, |acc, &x| acc << 8 | x as u64);
    match elem {
        Elem::Float(k) => Decoded::Float(float_from_bits(*k, raw(bytes))),
        Elem::Complex(k) => {
            let half = bytes.len() / 2;
            Decoded::Complex(Complex64::new(
                float_from_bits(*k, raw(&bytes[..half])),
                float_from_bits(*k, raw(&bytes[half..])),
            ))
        }
        Elem::Int { width: 1, .. } => Decoded::Int((bytes[0] != 0) as i128),
        other => {
            let wide = bytes
                .iter()
                .rev()
                .fold(0u128, |acc, &x| acc << 8 | x as u128);
            let (width, signed) = match other {
                Elem::Int { width, signed } => (*width, *signed),
                Elem::Quant(q) => (q.storage_width, q.storage_signed),
                _ => unreachable!(),
            };
            Decoded::Int(wrap_int(wide as i128, width, signed))
        }
    }
}
