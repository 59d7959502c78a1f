//! What the ops compute, element by element: the ALU operators, the activation functions and the
//! rounding of results to a buffer's dtype. NKI states that engines compute in fp32 and round
//! to the destination's dtype; so does every function here. Integer operands with an integer
//! destination compute exactly instead, as GpSimd's int32 datapath does. Activation functions
//! are their math: the scalar engine's piecewise-polynomial approximations are documented
//! (docs/lowering.md), not emulated. `maximum`, `minimum` and `relu` propagate NaN, as NKI
//! documents its maximum (numpy's) and as StableHLO's ops do.

use crate::spec::{Alu, Func};
use crate::Dtype;
use egfuse_ir::floats::round_float;

/// `a op b` in fp32, or exactly in integers when `int` says all of them are integers.
pub fn alu(op: Alu, a: f64, b: f64, int: bool) -> f64 {
    if int || op.bitwise() {
        return alu_int(op, a as i64, b as i64) as f64;
    }
    let (x, y) = (a as f32, b as f32);
    let r = match op {
        Alu::Add => x + y,
        Alu::Subtract => x - y,
        Alu::Multiply => x * y,
        Alu::Divide => x / y,
        Alu::Maximum => nan_or(x, y, f32::max),
        Alu::Minimum => nan_or(x, y, f32::min),
        Alu::Power => x.powf(y),
        Alu::Equal => bool_f(x == y),
        Alu::NotEqual => bool_f(x != y),
        Alu::Greater => bool_f(x > y),
        Alu::GreaterEqual => bool_f(x >= y),
        Alu::Less => bool_f(x < y),
        Alu::LessEqual => bool_f(x <= y),
        Alu::BitwiseAnd | Alu::BitwiseOr | Alu::BitwiseXor | Alu::LeftShift | Alu::RightShift => {
            unreachable!("handled above")
        }
    };
    r as f64
}

/// `f(x, y)`, or NaN when either operand is NaN: IEEE 754-2019's `maximum` and `minimum`, where
/// Rust's `f32::max` and `f32::min` (754-2008's maxNum) would return the other operand and so
/// hide a NaN, the one a kernel computes and the one memory it never wrote reads as.
fn nan_or(x: f32, y: f32, f: fn(f32, f32) -> f32) -> f32 {
    if x.is_nan() || y.is_nan() {
        f32::NAN
    } else {
        f(x, y)
    }
}

fn bool_f(b: bool) -> f32 {
    if b {
        1.0
    } else {
        0.0
    }
}

fn alu_int(op: Alu, a: i64, b: i64) -> i64 {
    match op {
        Alu::Add => a.wrapping_add(b),
        Alu::Subtract => a.wrapping_sub(b),
        Alu::Multiply => a.wrapping_mul(b),
        // Division by zero gives -1 (all bits set), as XLA and the reference interpreter do.
        Alu::Divide if b == 0 => -1,
        Alu::Divide => a.wrapping_div(b),
        Alu::Maximum => a.max(b),
        Alu::Minimum => a.min(b),
        Alu::Power => u32::try_from(b).map_or(0, |e| a.wrapping_pow(e)),
        Alu::Equal => (a == b) as i64,
        Alu::NotEqual => (a != b) as i64,
        Alu::Greater => (a > b) as i64,
        Alu::GreaterEqual => (a >= b) as i64,
        Alu::Less => (a < b) as i64,
        Alu::LessEqual => (a <= b) as i64,
        Alu::BitwiseAnd => a & b,
        Alu::BitwiseOr => a | b,
        Alu::BitwiseXor => a ^ b,
        // Without the data's type, a shift is at 32 bits, signed.
        Alu::LeftShift | Alu::RightShift => shift(op, a as f64, b as f64, Dtype::I32) as i64,
    }
}

/// `a << b` or `a >> b` on the integer datapath at `dtype`'s width. `left_shift` drops the bits
/// shifted out; `right_shift` is arithmetic on a signed type and logical on an unsigned one
/// (numpy's, which NKI's operators follow). A count at or past the width, or a negative one
/// (read unsigned, as StableHLO reads it), shifts every bit out: 0, or -1 for a negative `a`
/// shifted right arithmetically. A float `dtype` computes as i32.
pub fn shift(op: Alu, a: f64, b: f64, dtype: Dtype) -> f64 {
    let dtype = if dtype.is_int() { dtype } else { Dtype::I32 };
    let width = 8 * dtype.bytes() as i64;
    let signed = matches!(dtype, Dtype::I32 | Dtype::I16 | Dtype::I8);
    let mask = (1u64 << width) - 1;
    let (a, b) = (a as i64, b as i64);
    let all_out = !(0..width).contains(&b);
    let r = match op {
        Alu::LeftShift if all_out => 0,
        Alu::LeftShift => {
            let bits = ((a as u64) << b) & mask;
            let negative = signed && bits >> (width - 1) == 1;
            if negative {
                bits as i64 - (1i64 << width)
            } else {
                bits as i64
            }
        }
        Alu::RightShift if signed => a >> if all_out { width - 1 } else { b },
        Alu::RightShift if all_out => 0,
        Alu::RightShift => (((a as u64) & mask) >> b) as i64,
        _ => alu_int(op, a, b),
    };
    r as f64
}

/// The identity of a reduce's operator: where a fold over no elements starts.
pub fn identity(op: Alu) -> f64 {
    match op {
        Alu::Multiply => 1.0,
        Alu::Maximum => f64::NEG_INFINITY,
        Alu::Minimum => f64::INFINITY,
        Alu::BitwiseAnd => -1.0,
        _ => 0.0,
    }
}

/// `f(x)` in fp32.
pub fn func(f: Func, x: f32) -> f32 {
    match f {
        Func::Copy => x,
        Func::Square => x * x,
        Func::Sqrt => x.sqrt(),
        Func::Rsqrt => 1.0 / x.sqrt(),
        Func::Reciprocal => 1.0 / x,
        Func::Exp => x.exp(),
        Func::Log => x.ln(),
        Func::Tanh => x.tanh(),
        Func::Sigmoid => sigmoid(x),
        Func::Silu => x * sigmoid(x),
        Func::Gelu => 0.5 * x * (1.0 + libm::erff(x / std::f32::consts::SQRT_2)),
        Func::GeluApprxTanh => {
            let c = (2.0 / std::f32::consts::PI).sqrt();
            0.5 * x * (1.0 + (c * (x + 0.044715 * x * x * x)).tanh())
        }
        Func::GeluApprxSigmoid => x * sigmoid(1.702 * x),
        Func::Relu => nan_or(x, 0.0, f32::max),
        Func::Abs => x.abs(),
        Func::Sign => {
            if x > 0.0 {
                1.0
            } else if x < 0.0 {
                -1.0
            } else {
                x
            }
        }
        Func::Erf => libm::erff(x),
        Func::Softplus => x.exp().ln_1p(),
        Func::Sin => x.sin(),
        Func::Cos => x.cos(),
    }
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// The integer `x` modulo the width of the integer `dtype`, as its two's complement bits read it:
/// what integer arithmetic on an engine leaves in a lane of that width (`u32::MAX + 1` is 0, not
/// `u32::MAX`). Any other dtype leaves `x` as it is.
pub fn wrap(dtype: Dtype, x: f64) -> f64 {
    wrap_int(dtype, x as i64).map_or(x, |v| v as f64)
}

/// `v` modulo the width of the integer `dtype`; `None` for any other dtype.
fn wrap_int(dtype: Dtype, v: i64) -> Option<i64> {
    Some(match dtype {
        Dtype::I32 => v as i32 as i64,
        Dtype::U32 => v as u32 as i64,
        Dtype::I16 => v as i16 as i64,
        Dtype::U16 => v as u16 as i64,
        Dtype::I8 => v as i8 as i64,
        Dtype::U8 => v as u8 as i64,
        _ => return None,
    })
}

/// `a op b` on the integer datapath of a lane of `dtype`, wrapped at its width before the
/// result becomes an `f64`: a product of two 32-bit values needs 64 bits, more than an `f64`
/// holds exactly, so wrapping after the conversion would lose its low bits.
pub fn alu_wrapped(op: Alu, a: f64, b: f64, dtype: Dtype) -> f64 {
    let v = alu_int(op, a as i64, b as i64);
    wrap_int(dtype, v).map_or(v as f64, |w| w as f64)
}

/// `x` stored in a buffer of `dtype`: floats round to nearest even; integers truncate toward
/// zero and saturate at the type's range (NaN stores as 0).
#[inline]
pub fn store(dtype: Dtype, x: f64) -> f64 {
    let Some(kind) = dtype.float_kind() else {
        let (lo, hi) = int_range(dtype);
        return if x.is_nan() {
            0.0
        } else {
            x.trunc().clamp(lo, hi)
        };
    };
    round_float(kind, x)
}

fn int_range(d: Dtype) -> (f64, f64) {
    match d {
        Dtype::I32 => (i32::MIN as f64, i32::MAX as f64),
        Dtype::U32 => (0.0, u32::MAX as f64),
        Dtype::I16 => (i16::MIN as f64, i16::MAX as f64),
        Dtype::U16 => (0.0, u16::MAX as f64),
        Dtype::I8 => (i8::MIN as f64, i8::MAX as f64),
        _ => (0.0, u8::MAX as f64),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integer_arithmetic_wraps_at_the_lanes_width_where_a_conversion_saturates() {
        assert_eq!(wrap(Dtype::U32, u32::MAX as f64 + 6.0), 5.0);
        assert_eq!(wrap(Dtype::I32, i32::MAX as f64 + 1.0), i32::MIN as f64);
        assert_eq!(wrap(Dtype::U8, -1.0), 255.0);
        assert_eq!(store(Dtype::U32, u32::MAX as f64 + 6.0), u32::MAX as f64);
        assert_eq!(wrap(Dtype::F32, 1e10), 1e10);
        // A 32-bit product's low word, exact though the product needs 64 bits (Philox's).
        let (x, k) = (4_294_967_281u64, 3_528_531_795u64);
        let low = (x * k % (1 << 32)) as f64;
        assert_eq!(
            alu_wrapped(Alu::Multiply, x as f64, k as f64, Dtype::U32),
            low
        );
    }

    #[test]
    fn fp32_math_rounds_where_f64_would_not() {
        // 1 + 2^-30 is 1 in fp32: the engines add in fp32, whatever the buffers hold.
        assert_eq!(alu(Alu::Add, 1.0, 2f64.powi(-30), false), 1.0);
        assert_eq!(alu(Alu::Add, 7.0, 8.0, true), 15.0);
        assert_eq!(alu(Alu::BitwiseXor, 6.0, 3.0, false), 5.0);
    }

    #[test]
    fn shifts_compute_at_their_types_width() {
        let (l, r) = (Alu::LeftShift, Alu::RightShift);
        // Bits shifted out of 32 are gone; the sign bit set makes an i32 negative.
        assert_eq!(shift(l, 3.0, 31.0, Dtype::U32), 2147483648.0);
        assert_eq!(shift(l, 3.0, 31.0, Dtype::I32), -2147483648.0);
        assert_eq!(shift(l, 1.0, 32.0, Dtype::U32), 0.0);
        assert_eq!(shift(l, 1.0, -1.0, Dtype::I32), 0.0);
        // Right: arithmetic on signed types, logical on unsigned ones.
        assert_eq!(shift(r, -8.0, 1.0, Dtype::I32), -4.0);
        assert_eq!(shift(r, -8.0, 40.0, Dtype::I32), -1.0);
        assert_eq!(shift(r, -8.0, -1.0, Dtype::I32), -1.0);
        assert_eq!(shift(r, 8.0, -1.0, Dtype::I32), 0.0);
        assert_eq!(shift(r, 4294967288.0, 1.0, Dtype::U32), 2147483644.0);
        assert_eq!(shift(r, 4294967288.0, 32.0, Dtype::U32), 0.0);
        assert_eq!(shift(l, 255.0, 4.0, Dtype::U8), 240.0);
    }

    #[test]
    fn stores_round_to_the_destination() {
        assert_eq!(store(Dtype::Bf16, 1.0 + 2f64.powi(-9)), 1.0);
        assert_eq!(store(Dtype::I8, 300.7), 127.0);
        assert_eq!(store(Dtype::U8, -3.0), 0.0);
        assert_eq!(store(Dtype::I32, -2.9), -2.0);
    }

    /// The MX formats round on store as `ml_dtypes` 0.7 converts an f32: to nearest, ties to
    /// even; E4M3FN's overflow past 464 is a NaN (it has no infinity) and E2M1's saturates at 6;
    /// E8M0 holds powers of two only, its smallest 2^-127.
    #[test]
    fn stores_round_to_the_mx_formats_as_ml_dtypes_does() {
        let cases = [
            (
                Dtype::F8E4M3FN,
                [1.0625, 1.1875, 0.3, 449.0],
                [1.0, 1.25, 0.3125, 448.0],
            ),
            (
                Dtype::F8E8M0FNU,
                [3.0, 5.0, 0.3, 2.5],
                [4.0, 4.0, 0.25, 2.0],
            ),
            (
                Dtype::F4E2M1FN,
                [5.0, 449.0, 0.3, 2.5],
                [4.0, 6.0, 0.5, 2.0],
            ),
        ];
        for (dtype, xs, want) in cases {
            for (x, w) in xs.into_iter().zip(want) {
                assert_eq!(store(dtype, x), w, "{dtype:?} of {x}");
            }
        }
        assert!(store(Dtype::F8E4M3FN, 470.0).is_nan());
        assert_eq!(store(Dtype::F8E8M0FNU, 1e-40), 2f64.powi(-127));
    }

    #[test]
    fn functions_are_their_math() {
        assert_eq!(func(Func::Rsqrt, 4.0), 0.5);
        assert!((func(Func::Silu, 1.0) - 0.731_058_6).abs() < 1e-6);
        assert!((func(Func::Gelu, 1.0) - 0.841_344_7).abs() < 1e-6);
        assert_eq!(func(Func::Sign, -0.0).to_bits(), (-0.0f32).to_bits());
    }

    #[test]
    fn maximum_minimum_and_relu_propagate_nan() {
        // A NaN against a number is NaN, in either position, as StableHLO's maximum gives.
        assert!(alu(Alu::Maximum, f64::NAN, 0.0, false).is_nan());
        assert!(alu(Alu::Maximum, 0.0, f64::NAN, false).is_nan());
        assert!(alu(Alu::Minimum, f64::NAN, 1.0, false).is_nan());
        assert!(func(Func::Relu, f32::NAN).is_nan());
        assert_eq!(alu(Alu::Maximum, -3.0, 2.0, false), 2.0);
        assert_eq!(alu(Alu::Minimum, -3.0, 2.0, false), -3.0);
        assert_eq!(func(Func::Relu, -1.5), 0.0);
    }
}
