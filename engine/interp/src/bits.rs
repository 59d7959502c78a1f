//! Bit patterns of elements: the encodings behind hex literals (`0x7F80`, `dense<"0x...">`) and
//! `bitcast_convert`.

use super::tensor::{wrap_int, Elem};
use egfuse_ir::floats::float_from_bits;
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
