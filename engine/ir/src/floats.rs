//! Float formats: the value of each [`FloatKind`]'s bit patterns, the bit pattern of a value,
//! and rounding to the nearest value of a kind. The parser's hex literals, the fusion matcher's
//! splat constants and the interpreter all read floats through these.

use crate::{ElemType, FloatKind};

/// Whether a splat constant holding `value`, of element type `elem`, is a rule's literal
/// `literal`: equal, or equal once both are rounded to the constant's float type (a rule's
/// `0.044715` names the f32 constant printed `0.044714998` and the bf16 one `0.0446777`).
/// An infinite literal names an integer type's extreme, its saturated value: `-inf` the lowest
/// (a maximum's identity, as `-inf` is a float maximum's), `inf` the highest.
pub fn is_literal(literal: f64, value: f64, elem: Option<&ElemType>) -> bool {
    literal == value
        || match elem {
            Some(ElemType::Float(k)) => round_float(*k, literal) == round_float(*k, value),
            Some(&ElemType::Int { sign, width }) if literal.is_infinite() && width > 1 => {
                let unsigned = sign == crate::Signedness::Unsigned;
                let (low, high) = match unsigned {
                    true => (0.0, 2f64.powi(width as i32) - 1.0),
                    false => (
                        -(2f64.powi(width as i32 - 1)),
                        2f64.powi(width as i32 - 1) - 1.0,
                    ),
                };
                value == if literal < 0.0 { low } else { high }
            }
            _ => false,
        }
}

/// The value of a float literal of kind `k`: decimal, `inf`/`nan` words, `true`/`false`, or a
/// hex bit pattern, rounded to the kind.
pub fn float_literal(s: &str, k: FloatKind) -> Result<f64, String> {
    if let Some(hex) = s.strip_prefix("0x") {
        let bits = u64::from_str_radix(hex, 16).map_err(|_| format!("bad hex float `{s}`"))?;
        return Ok(float_from_bits(k, bits));
    }
    let v: f64 = match s {
        "true" => 1.0,
        "false" => 0.0,
        _ => s.parse().map_err(|_| format!("bad float literal `{s}`"))?,
    };
    Ok(round_float(k, v))
}

/// Rounds `x` to the nearest value of float kind `k` (ties to even), with the kind's overflow
/// behaviour: infinity where the kind has one, NaN where it does not. Inlined across crates:
/// the interpreter calls it once per element, and inlined the kind's test leaves its loops.
#[inline]
pub fn round_float(k: FloatKind, x: f64) -> f64 {
    match k {
        FloatKind::F64 => x,
        FloatKind::F32 => x as f32 as f64,
        FloatKind::F16 => half::f16::from_f32(to_f32_odd(x)).to_f64(),
        FloatKind::BF16 => half::bf16::from_f32(to_f32_odd(x)).to_f64(),
        FloatKind::F8E8M0FNU => round_e8m0(x),
        other => round_minifloat(MiniFloat::of(other), x),
    }
}

/// `x` as an E8M0 scale (OCP MX's `2^(e - 127)`, no sign, no zero), as `ml_dtypes` (and so
/// XLA) converts: the nearest power of two with ties rounding up (3 becomes 4, 0.75 becomes
/// 1); a positive value below 2^-127 is 2^-127; zero, a negative, an infinity, a NaN or a value
/// rounding past 2^127 is the NaN (0xFF).
#[inline]
fn round_e8m0(x: f64) -> f64 {
    if x.is_nan() || x <= 0.0 || x.is_infinite() {
        return f64::NAN;
    }
    // The f64's own exponent and its significand's first bit (set: at least 1.5): exact, where
    // a logarithm rounds. f64 subnormals are far below 2^-127.
    let bits = x.to_bits();
    let e = ((bits >> 52) & 0x7ff) as i32 - 1023;
    let up = (bits >> 51) & 1;
    match (e + up as i32).max(-127) {
        e if e > 127 => f64::NAN,
        e => 2f64.powi(e),
    }
}

/// `x` rounded to `f32` to odd: toward zero, with the last bit set when that is inexact. Rounded
/// on to a format at least two bits narrower (`f16`, `bf16`), this gives the correctly rounded
/// result, where rounding to nearest twice may not. `half`'s own `from_f64` reads only the top
/// 20 bits of an `f64`'s significand: `f32` `1 + 2^-8 + 2^-23` became `bf16` 1, not 1.0078125.
#[inline]
fn to_f32_odd(x: f64) -> f32 {
    let r = x as f32;
    if f64::from(r) == x || x.is_nan() {
        return r;
    }
    let toward_zero = if f64::from(r).abs() > x.abs() {
        f32::from_bits(r.to_bits() - 1)
    } else {
        r
    };
    f32::from_bits(toward_zero.to_bits() | 1)
}

/// The parameters of a small binary float format.
#[derive(Clone, Copy, Debug)]
pub struct MiniFloat {
    /// Significand bits including the implicit one.
    pub precision: i32,
    /// The exponent of the smallest normal number.
    pub emin: i32,
    /// The largest finite value.
    pub max: f64,
    pub has_inf: bool,
    pub has_nan: bool,
    pub has_neg_zero: bool,
}

impl MiniFloat {
    pub fn of(k: FloatKind) -> MiniFloat {
        let f = |precision, emin, max: f64, has_inf, has_nan, has_neg_zero| MiniFloat {
            precision,
            emin,
            max,
            has_inf,
            has_nan,
            has_neg_zero,
        };
        match k {
            FloatKind::TF32 => f(11, -126, f32::MAX as f64, true, true, true),
            FloatKind::F8E5M2 => f(3, -14, 57344.0, true, true, true),
            FloatKind::F8E5M2FNUZ => f(3, -15, 57344.0, false, true, false),
            FloatKind::F8E4M3 => f(4, -6, 240.0, true, true, true),
            FloatKind::F8E4M3FN => f(4, -6, 448.0, false, true, true),
            FloatKind::F8E4M3FNUZ => f(4, -7, 240.0, false, true, false),
            FloatKind::F8E4M3B11FNUZ => f(4, -10, 30.0, false, true, false),
            FloatKind::F8E3M4 => f(5, -2, 15.5, true, true, true),
            FloatKind::F6E2M3FN => f(4, 0, 7.5, false, false, true),
            FloatKind::F6E3M2FN => f(3, -2, 28.0, false, false, true),
            FloatKind::F4E2M1FN => f(2, 0, 6.0, false, false, true),
            FloatKind::F8E8M0FNU => f(1, -127, 2f64.powi(127), false, true, false),
            FloatKind::F16 => f(11, -14, 65504.0, true, true, true),
            FloatKind::BF16 => f(8, -126, 3.3895313892515355e38, true, true, true),
            FloatKind::F32 => f(24, -126, f32::MAX as f64, true, true, true),
            FloatKind::F64 => f(53, -1022, f64::MAX, true, true, true),
        }
    }
}

/// Round-to-nearest-even into a small format; overflow goes to infinity or NaN (or saturates
/// for formats with neither).
pub fn round_minifloat(f: MiniFloat, x: f64) -> f64 {
    if x.is_nan() {
        return if f.has_nan { f64::NAN } else { f.max };
    }
    if x.is_infinite() {
        return match (f.has_inf, f.has_nan) {
            (true, _) => x,
            (false, true) => f64::NAN,
            (false, false) => f.max.copysign(x),
        };
    }
    if x == 0.0 {
        return if f.has_neg_zero { x } else { 0.0 };
    }
    let exp = x.abs().log2().floor() as i32;
    let quantum = 2f64.powi(exp.max(f.emin) - (f.precision - 1));
    let r = (x / quantum).round_ties_even() * quantum;
    if r.abs() > f.max {
        return match (f.has_inf, f.has_nan) {
            (true, _) => f64::INFINITY.copysign(x),
            (false, true) => f64::NAN,
            (false, false) => f.max.copysign(x),
        };
    }
    if r == 0.0 && !f.has_neg_zero {
        return 0.0;
    }
    r
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
        FloatKind::F16 => half::f16::from_f32(to_f32_odd(x)).to_bits() as u64,
        FloatKind::BF16 => half::bf16::from_f32(to_f32_odd(x)).to_bits() as u64,
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
    // With no significand bits (E8M0) there are no subnormals: encoding 0 is 2^emin itself.
    let bias = if man == 0 { -f.emin } else { 1 - f.emin };
    (exp, man, bias, signed)
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

#[cfg(test)]
mod tests {
    use super::{
        float_from_bits, float_to_bits, is_literal, round_float, round_minifloat, MiniFloat,
    };
    use crate::{ElemType, FloatKind, Signedness};

    /// `f16` and `bf16` as formats of the generic rounding, the reference here.
    fn format(k: FloatKind) -> MiniFloat {
        let (precision, emin, max) = match k {
            FloatKind::F16 => (11, -14, 65504.0),
            _ => (8, -126, f64::from(half::bf16::MAX)),
        };
        MiniFloat {
            precision,
            emin,
            max,
            has_inf: true,
            has_nan: true,
            has_neg_zero: true,
        }
    }

    /// E8M0 as `ml_dtypes` 0.7 converts an f32 (each pair read from it): ties up, no zero, no
    /// sign, the smallest scale for tiny values, the NaN past 2^127.
    #[test]
    fn e8m0_rounds_as_ml_dtypes_does() {
        let min = 2f64.powi(-127);
        let cases = [
            (3.0, 4.0),
            (2.5, 2.0),
            (5.0, 4.0),
            (6.0, 8.0),
            (12.0, 16.0),
            (0.75, 1.0),
            (0.3, 0.25),
            (2f64.powi(-128), min),
            (0.75 * min, min),
            (1.5 * min, 2f64.powi(-126)),
            (2f64.powi(127), 2f64.powi(127)),
        ];
        for (x, want) in cases {
            assert_eq!(round_float(FloatKind::F8E8M0FNU, x), want, "{x}");
        }
        for x in [
            0.0,
            -0.0,
            -1.0,
            1.5 * 2f64.powi(127),
            f64::INFINITY,
            f64::NAN,
        ] {
            assert!(round_float(FloatKind::F8E8M0FNU, x).is_nan(), "{x}");
        }
    }

    /// E8M0's encodings as `ml_dtypes` reads them: `2^(e - 127)`, 0xFF the NaN.
    #[test]
    fn e8m0_bits_are_the_biased_exponent() {
        let k = FloatKind::F8E8M0FNU;
        for (bits, value) in [(0, 2f64.powi(-127)), (119, 2f64.powi(-8)), (127, 1.0)] {
            assert_eq!(float_from_bits(k, bits), value, "{bits}");
            assert_eq!(float_to_bits(k, value), bits, "{value}");
        }
        assert_eq!(float_from_bits(k, 254), 2f64.powi(127));
        assert!(float_from_bits(k, 255).is_nan());
    }

    #[test]
    fn half_floats_round_once_to_nearest_even() {
        let above_a_tie = f64::from(1.0f32 + 2f32.powi(-8) + 2f32.powi(-23));
        assert_eq!(round_float(FloatKind::BF16, above_a_tie), 1.0078125);
        assert_eq!(round_float(FloatKind::BF16, 1.0 + 2f64.powi(-8)), 1.0);
        let mut state = 0x2545_f491_4f6c_dd1du64;
        for i in 0..200_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            // Values near ties, of f32 and of f64 precision, over the formats' ranges.
            let x = match i % 3 {
                0 => f64::from(f32::from_bits((state >> 32) as u32)),
                1 => f64::from_bits(state),
                _ => {
                    let tie = f32::from_bits(((state >> 32) as u32 & 0xffff_0000) | 0x8000);
                    f64::from(tie) * (1.0 + ((state & 0xff) as f64 - 128.0) * 2f64.powi(-45))
                }
            };
            if !x.is_finite() {
                continue;
            }
            for k in [FloatKind::BF16, FloatKind::F16] {
                let got = round_float(k, x);
                let want = round_minifloat(format(k), x);
                assert!(
                    got == want || got.is_nan() && want.is_nan(),
                    "{k:?} of {x:e}: {got:e}, want {want:e}"
                );
            }
        }
    }

    /// A rule's infinite literal names an integer type's extreme and nothing else; a finite one
    /// only its own value; floats compare once rounded to the constant's kind.
    #[test]
    fn infinities_name_the_extremes_of_integer_types() {
        let int = |sign, width| Some(ElemType::Int { sign, width });
        let i32_ = int(Signedness::Signless, 32);
        let u8_ = int(Signedness::Unsigned, 8);
        let cases = [
            (f64::NEG_INFINITY, -2147483648.0, &i32_, true),
            (f64::INFINITY, 2147483647.0, &i32_, true),
            (f64::NEG_INFINITY, -2147483647.0, &i32_, false),
            (f64::NEG_INFINITY, 0.0, &u8_, true),
            (f64::INFINITY, 255.0, &u8_, true),
            (f64::INFINITY, 127.0, &u8_, false),
            (1e10, 2147483647.0, &i32_, false),
            (
                f64::NEG_INFINITY,
                -1.0,
                &int(Signedness::Signless, 1),
                false,
            ),
            (
                f64::NEG_INFINITY,
                f64::from(f32::MIN),
                &Some(ElemType::F32),
                false,
            ),
            (0.044715, 0.044714998, &Some(ElemType::F32), true),
        ];
        for (literal, value, elem, want) in cases {
            let got = is_literal(literal, value, elem.as_ref());
            assert_eq!(got, want, "{literal} as {value} of {elem:?}");
        }
    }
}
