//! Scalar kernels of the elementwise ops, by op name: float, complex and integer versions.
//! Floats are computed in `f64`; the caller rounds to the element type.

use num_complex::Complex64;

/// The float function of a unary op (StableHLO and the CHLO trigonometric family).
pub fn unary_float(stem: &str) -> Option<fn(f64) -> f64> {
    Some(match stem {
        "abs" => f64::abs,
        "negate" => |x: f64| -x,
        "sqrt" => f64::sqrt,
        "rsqrt" => |x: f64| 1.0 / x.sqrt(),
        "cbrt" => f64::cbrt,
        "exponential" => f64::exp,
        "exponential_minus_one" => f64::exp_m1,
        "log" => f64::ln,
        "log_plus_one" => f64::ln_1p,
        "logistic" => |x: f64| 1.0 / (1.0 + (-x).exp()),
        "sine" | "sin" => f64::sin,
        "cosine" | "cos" => f64::cos,
        "tan" => f64::tan,
        "tanh" => f64::tanh,
        "floor" => f64::floor,
        "ceil" => f64::ceil,
        "round_nearest_afz" => f64::round,
        "round_nearest_even" => f64::round_ties_even,
        "sign" => |x: f64| {
            if x.is_nan() || x == 0.0 {
                x
            } else {
                x.signum()
            }
        },
        "not" => return None,
        "acos" => f64::acos,
        "acosh" => f64::acosh,
        "asin" => f64::asin,
        "asinh" => f64::asinh,
        "atan" => f64::atan,
        "atanh" => f64::atanh,
        "cosh" => f64::cosh,
        "sinh" => f64::sinh,
        "square" => |x: f64| x * x,
        "erf" => libm::erf,
        "erfc" => libm::erfc,
        "lgamma" => |x: f64| libm::lgamma_r(x).0,
        "erf_inv" => erf_inv,
        "digamma" => digamma,
        "bessel_i1e" => pxfm::f_i1e,
        _ => return None,
    })
}

/// The inverse error function: NaN outside [-1, 1] (statrs gives infinities there).
fn erf_inv(x: f64) -> f64 {
    if x.abs() > 1.0 {
        return f64::NAN;
    }
    statrs::function::erf::erf_inv(x)
}

/// Digamma with the poles XLA gives: NaN at zero and the negative integers.
fn digamma(x: f64) -> f64 {
    if x <= 0.0 && x == x.floor() {
        return f64::NAN;
    }
    statrs::function::gamma::digamma(x)
}

/// The complex function of a unary op.
pub fn unary_complex(stem: &str) -> Option<fn(Complex64) -> Complex64> {
    Some(match stem {
        "negate" => |z: Complex64| -z,
        "sqrt" => Complex64::sqrt,
        "rsqrt" => |z: Complex64| 1.0 / z.sqrt(),
        "cbrt" => Complex64::cbrt,
        "exponential" => Complex64::exp,
        "exponential_minus_one" => |z: Complex64| z.exp() - 1.0,
        "log" => Complex64::ln,
        "log_plus_one" => |z: Complex64| (z + 1.0).ln(),
        "logistic" => |z: Complex64| 1.0 / (1.0 + (-z).exp()),
        "sine" | "sin" => Complex64::sin,
        "cosine" | "cos" => Complex64::cos,
        "tan" => Complex64::tan,
        "tanh" => Complex64::tanh,
        "sign" => |z: Complex64| if z.norm() == 0.0 { z } else { z / z.norm() },
        "acos" => Complex64::acos,
        "acosh" => Complex64::acosh,
        "asin" => Complex64::asin,
        "asinh" => Complex64::asinh,
        "atan" => Complex64::atan,
        "atanh" => Complex64::atanh,
        "cosh" => Complex64::cosh,
        "sinh" => Complex64::sinh,
        "conj" => |z: Complex64| z.conj(),
        _ => return None,
    })
}

/// The integer function of a unary op on `width`-bit values (the caller wraps the result).
pub fn unary_int(stem: &str, width: u32) -> Option<Box<dyn Fn(i128) -> i128>> {
    let mask = if width >= 128 {
        -1
    } else {
        (1i128 << width) - 1
    };
    Some(match stem {
        "abs" => Box::new(|x: i128| x.abs()),
        "negate" => Box::new(|x: i128| -x),
        "sign" => Box::new(|x: i128| x.signum()),
        "not" if width == 1 => Box::new(|x: i128| 1 - x),
        "not" => Box::new(|x: i128| !x),
        "popcnt" => Box::new(move |x: i128| (x & mask).count_ones() as i128),
        "count_leading_zeros" => {
            Box::new(move |x: i128| ((x & mask).leading_zeros() - (128 - width)) as i128)
        }
        _ => return None,
    })
}

/// The float function of a binary op.
pub fn binary_float(stem: &str) -> Option<fn(f64, f64) -> f64> {
    Some(match stem {
        "add" => |a, b| a + b,
        "subtract" => |a, b| a - b,
        "multiply" => |a, b| a * b,
        "divide" => |a, b| a / b,
        "remainder" => |a: f64, b: f64| a % b,
        "power" => f64::powf,
        "atan2" => f64::atan2,
        "maximum" | "max" => |a: f64, b: f64| {
            if a.is_nan() || b.is_nan() {
                f64::NAN
            } else if a == b {
                if a.is_sign_negative() {
                    b
                } else {
                    a
                }
            } else {
                a.max(b)
            }
        },
        "minimum" | "min" => |a: f64, b: f64| {
            if a.is_nan() || b.is_nan() {
                f64::NAN
            } else if a == b {
                if a.is_sign_negative() {
                    a
                } else {
                    b
                }
            } else {
                a.min(b)
            }
        },
        "next_after" => libm::nextafter,
        _ => return None,
    })
}

/// The complex function of a binary op.
pub fn binary_complex(stem: &str) -> Option<fn(Complex64, Complex64) -> Complex64> {
    Some(match stem {
        "add" => |a, b| a + b,
        "subtract" => |a, b| a - b,
        "multiply" => |a, b| a * b,
        "divide" => |a, b| a / b,
        "power" => |a: Complex64, b: Complex64| a.powc(b),
        "atan2" => |y: Complex64, x: Complex64| {
            let i = Complex64::i();
            -i * ((x + i * y) / (x * x + y * y).sqrt()).ln()
        },
        _ => return None,
    })
}

/// The integer function of a binary op on `width`-bit values (the caller wraps the result).
pub fn binary_int(stem: &str, width: u32, signed: bool) -> Option<Box<dyn Fn(i128, i128) -> i128>> {
    let min = if signed {
        -(1i128 << (width - 1).min(126))
    } else {
        0
    };
    let mask = if width >= 128 {
        -1
    } else {
        (1i128 << width) - 1
    };
    Some(match stem {
        "add" if width == 1 => Box::new(|a, b| a | b),
        "multiply" if width == 1 => Box::new(|a, b| a & b),
        "add" => Box::new(|a, b| a + b),
        "subtract" => Box::new(|a, b| a - b),
        "multiply" => Box::new(|a: i128, b: i128| a.wrapping_mul(b)),
        "divide" => Box::new(move |a: i128, b: i128| match b {
            0 => -1,
            -1 if signed && a == min => min,
            _ => a / b,
        }),
        "remainder" => Box::new(move |a: i128, b: i128| match b {
            0 => a,
            -1 if signed && a == min => 0,
            _ => a % b,
        }),
        "maximum" | "max" => Box::new(|a: i128, b: i128| a.max(b)),
        "minimum" | "min" => Box::new(|a: i128, b: i128| a.min(b)),
        "and" => Box::new(|a, b| a & b),
        "or" => Box::new(|a, b| a | b),
        "xor" => Box::new(|a, b| a ^ b),
        "shift_left" => Box::new(move |a: i128, b: i128| {
            let s = b & mask;
            if s < 0 || s >= width as i128 {
                0
            } else {
                a << s
            }
        }),
        "shift_right_logical" => Box::new(move |a: i128, b: i128| {
            let s = b & mask;
            if s < 0 || s >= width as i128 {
                0
            } else {
                (a & mask) >> s
            }
        }),
        "shift_right_arithmetic" => Box::new(move |a: i128, b: i128| {
            let s = b & mask;
            if s < 0 || s >= width as i128 {
                if a < 0 {
                    -1
                } else {
                    0
                }
            } else {
                a >> s
            }
        }),
        "power" => Box::new(int_power),
        _ => return None,
    })
}

/// Integer power by squaring; negative exponents give 0 except for bases 1 and -1.
fn int_power(base: i128, exp: i128) -> i128 {
    if exp < 0 {
        return match base {
            1 => 1,
            -1 => {
                if exp % 2 == 0 {
                    1
                } else {
                    -1
                }
            }
            _ => 0,
        };
    }
    let (mut result, mut b, mut e) = (1i128, base, exp);
    while e > 0 {
        if e & 1 == 1 {
            result = result.wrapping_mul(b);
        }
        b = b.wrapping_mul(b);
        e >>= 1;
    }
    result
}
