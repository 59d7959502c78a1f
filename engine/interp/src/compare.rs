//! Comparing two runs output by output, with tolerances that depend on the element type:
//! what `egfuse verify` prints and decides on.
//!
//! An element agrees when `|a - b| <= atol + rtol * max(|b|, scale)`, when both are NaN, or
//! when both are the same infinity; `scale` is the root mean square of the expected tensor's
//! finite values. Integers and booleans must be equal. The tolerances allow the rounding
//! differences that algebraic rewrites and fusion introduce (a few units in the last place of
//! the type after a short chain of ops), and nothing more.
//!
//! Why the scale: a rounding difference upstream of a sum (one ulp in a logistic feeding a
//! matmul over a thousand terms) reaches every output in absolute terms of the sum's size, so
//! an output that cancels to near zero shows a large relative error although both runs are
//! equally right. Measured on SwiGLU (`1/(1+exp(-x))` rewritten to `logistic(x)`, then a
//! 1376-term dot): 3e-2 absolute error on outputs whose RMS is about 1e4.

use super::tensor::{Data, Elem, Tensor};
use egfuse_ir::FloatKind;

/// Absolute and relative tolerance for one element kind.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tolerance {
    pub atol: f64,
    pub rtol: f64,
}

impl Tolerance {
    pub fn for_elem(elem: &Elem) -> Tolerance {
        let k = match elem {
            Elem::Float(k) | Elem::Complex(k) => *k,
            _ => {
                return Tolerance {
                    atol: 0.0,
                    rtol: 0.0,
                }
            }
        };
        let (atol, rtol) = match k {
            FloatKind::F64 => (1e-12, 1e-10),
            FloatKind::F32 | FloatKind::TF32 => (1e-6, 1e-5),
            FloatKind::F16 => (1e-3, 4e-3),
            FloatKind::BF16 => (1e-2, 2e-2),
            _ => (6e-2, 1.25e-1),
        };
        Tolerance { atol, rtol }
    }
}

/// How two tensors differ.
#[derive(Clone, Debug, PartialEq)]
pub struct Difference {
    pub max_abs: f64,
    pub max_rel: f64,
    /// Elements outside the tolerance.
    pub mismatches: usize,
    pub elements: usize,
    pub tolerance: Tolerance,
    /// The root mean square of the expected finite values (see the module doc).
    pub scale: f64,
    /// The flat index of the first element outside the tolerance.
    pub first_mismatch: Option<usize>,
    /// Set when the tensors cannot be compared element by element.
    pub structural: Option<String>,
}

impl Difference {
    pub fn agrees(&self) -> bool {
        self.structural.is_none() && self.mismatches == 0
    }
}

/// Compares `actual` against `expected` with the tolerance of the expected element type.
pub fn compare(actual: &Tensor, expected: &Tensor) -> Difference {
    compare_with(actual, expected, Tolerance::for_elem(&expected.elem))
}

/// Compares `actual` against `expected` with `tolerance`.
pub fn compare_with(actual: &Tensor, expected: &Tensor, tolerance: Tolerance) -> Difference {
    let scale = rms(&expected.data);
    let mut d = Difference {
        max_abs: 0.0,
        max_rel: 0.0,
        mismatches: 0,
        elements: expected.len(),
        tolerance,
        scale,
        first_mismatch: None,
        structural: None,
    };
    if actual.elem != expected.elem || actual.shape != expected.shape {
        d.structural = Some(format!(
            "{}{:?} vs {}{:?}",
            actual.elem.name(),
            actual.shape,
            expected.elem.name(),
            expected.shape
        ));
        return d;
    }
    let mut visit = |i: usize, a: f64, b: f64| {
        if a == b || (a.is_nan() && b.is_nan()) {
            return;
        }
        let abs = (a - b).abs();
        let rel = if b != 0.0 { abs / b.abs() } else { abs };
        if abs.is_nan() || abs > tolerance.atol + tolerance.rtol * b.abs().max(scale) {
            d.mismatches += 1;
            d.first_mismatch.get_or_insert(i);
        }
        d.max_abs = d
            .max_abs
            .max(if abs.is_nan() { f64::INFINITY } else { abs });
        d.max_rel = d
            .max_rel
            .max(if rel.is_nan() { f64::INFINITY } else { rel });
    };
    match (&actual.data, &expected.data) {
        (Data::Float(x), Data::Float(y)) => {
            for (i, (&a, &b)) in x.iter().zip(y).enumerate() {
                visit(i, a, b);
            }
        }
        (Data::Complex(x), Data::Complex(y)) => {
            for (i, (a, b)) in x.iter().zip(y).enumerate() {
                visit(i, a.re, b.re);
                visit(i, a.im, b.im);
            }
        }
        (Data::Int(x), Data::Int(y)) => {
            for (i, (&a, &b)) in x.iter().zip(y).enumerate() {
                visit(i, a as f64, b as f64);
            }
        }
        _ => d.structural = Some("storage kinds differ".to_string()),
    }
    d
}

/// The root mean square of the finite values (complex parts count as two values).
pub fn rms(data: &Data) -> f64 {
    let (mut sum, mut n) = (0.0f64, 0usize);
    let mut add = |x: f64| {
        if x.is_finite() {
            sum += x * x;
            n += 1;
        }
    };
    match data {
        Data::Float(v) => v.iter().for_each(|&x| add(x)),
        Data::Complex(v) => v.iter().for_each(|z| {
            add(z.re);
            add(z.im)
        }),
        Data::Int(_) => {}
    }
    if n == 0 {
        0.0
    } else {
        (sum / n as f64).sqrt()
    }
}
