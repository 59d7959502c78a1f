//! The arithmetic domain of the contraction ops (`dot_general`, `convolution`): both operands
//! are lifted to the domain of the result type (`f64` for float and quantized results,
//! wrapping `i128` for integers, `Complex64` for complex), a kernel runs once over that domain,
//! and the result is rounded to its element type at the end.
//!
//! Accumulation follows XLA's CPU backend: results of `f32` or a narrower float type (which XLA
//! upcasts to `f32`) accumulate in `f32`, rounding every product and partial sum, in the order
//! of the contracted indices; `f64` results accumulate in `f64`. See [`super::dot`] for why
//! and for the bound on the difference from an exactly rounded sum.

use super::quant;
use super::tensor::{Data, Elem, Tensor};
use egfuse_ir::floats::round_float;
use egfuse_ir::FloatKind;
use num_complex::Complex64;
use std::num::Wrapping;
use std::ops::{Add, Mul};

/// A number a contraction kernel can multiply and accumulate.
pub trait Ring: Copy + Default + Add<Output = Self> + Mul<Output = Self> {
    /// Rounds an intermediate product or sum to the accumulator format `step` (no-op for
    /// integers and for `None`).
    fn round_step(self, step: Option<FloatKind>) -> Self;

    /// `acc + a * b` with the product and the sum each rounded to `step`.
    fn mul_add(self, a: Self, b: Self, step: Option<FloatKind>) -> Self {
        (self + (a * b).round_step(step)).round_step(step)
    }
}

impl Ring for f64 {
    fn round_step(self, step: Option<FloatKind>) -> f64 {
        step.map_or(self, |k| round_float(k, self))
    }
}

impl Ring for Wrapping<i128> {
    fn round_step(self, _: Option<FloatKind>) -> Self {
        self
    }
}

impl Ring for Complex64 {
    fn round_step(self, step: Option<FloatKind>) -> Complex64 {
        match step {
            Some(k) => Complex64::new(round_float(k, self.re), round_float(k, self.im)),
            None => self,
        }
    }
}

/// The format XLA's CPU backend accumulates a contraction with result element `out` in:
/// `f32` for `f32` and every narrower float (which XLA upcasts to `f32`), none (exact `f64`)
/// for `f64` and integers. Quantized results use their expressed type's accumulator.
pub fn accumulator(out: &Elem) -> Option<FloatKind> {
    let kind = match out {
        Elem::Float(k) | Elem::Complex(k) => *k,
        Elem::Quant(q) => q.expressed,
        Elem::Int { .. } => return None,
    };
    (kind != FloatKind::F64).then_some(FloatKind::F32)
}

/// Operand values in the result's arithmetic domain.
pub enum Lifted {
    Float(Vec<f64>),
    Int(Vec<Wrapping<i128>>),
    Complex(Vec<Complex64>),
}

/// A computation over two operands of one domain, generic over the domain.
pub trait Kernel {
    /// Computes the result; every product and partial sum is rounded to `step`.
    fn run<T: Ring>(&self, lhs: &[T], rhs: &[T], step: Option<FloatKind>) -> Vec<T>;
}

/// Lifts `t` (dequantized first when quantized) into the domain of `out`.
pub fn lift(t: &Tensor, out: &Elem) -> Result<Lifted, String> {
    let t = quant::dequantize(t);
    let bad = || {
        format!(
            "cannot compute a {} result from {} operands",
            out.name(),
            t.elem.name()
        )
    };
    Ok(match (out, &t.data) {
        (Elem::Float(_) | Elem::Quant(_), Data::Float(v)) => Lifted::Float(v.clone()),
        (Elem::Float(_) | Elem::Quant(_), Data::Int(v)) => {
            Lifted::Float(v.iter().map(|&x| x as f64).collect())
        }
        (Elem::Int { .. }, Data::Int(v)) => Lifted::Int(v.iter().map(|&x| Wrapping(x)).collect()),
        (Elem::Complex(_), Data::Complex(v)) => Lifted::Complex(v.clone()),
        (Elem::Complex(_), Data::Float(v)) => {
            Lifted::Complex(v.iter().map(|&x| Complex64::new(x, 0.0)).collect())
        }
        _ => return Err(bad()),
    })
}

/// Runs `kernel` on two lifted operands and rounds its values to a tensor of `out`.
pub fn apply<K: Kernel>(
    kernel: &K,
    lhs: &Lifted,
    rhs: &Lifted,
    out: &Elem,
    shape: Vec<usize>,
) -> Result<Tensor, String> {
    let step = accumulator(out);
    let data = match (lhs, rhs) {
        (Lifted::Float(a), Lifted::Float(b)) => Data::Float(kernel.run(a, b, step)),
        (Lifted::Int(a), Lifted::Int(b)) => {
            Data::Int(kernel.run(a, b, step).into_iter().map(|w| w.0).collect())
        }
        (Lifted::Complex(a), Lifted::Complex(b)) => Data::Complex(kernel.run(a, b, step)),
        _ => return Err("operands of a contraction differ in kind".to_string()),
    };
    round_to(data, out, shape)
}

/// Rounds exact values to `out`: floats to the element type (to the expressed type, then
/// quantized, for quantized results), integers wrapped (`i1` is true when nonzero).
pub fn round_to(data: Data, out: &Elem, shape: Vec<usize>) -> Result<Tensor, String> {
    match (data, out) {
        (Data::Float(v), Elem::Quant(q)) => {
            let float = Elem::Float(q.expressed);
            let v = v.into_iter().map(|x| float.round(x)).collect();
            quant::quantize(Tensor::new(float, shape, Data::Float(v)), out)
        }
        (Data::Float(v), _) => Ok(Tensor::new(
            out.clone(),
            shape,
            Data::Float(v.into_iter().map(|x| out.round(x)).collect()),
        )),
        (Data::Int(v), _) if out.is_bool() => Ok(Tensor::new(
            out.clone(),
            shape,
            Data::Int(v.into_iter().map(|x| (x != 0) as i128).collect()),
        )),
        (Data::Int(v), _) => Ok(Tensor::new(
            out.clone(),
            shape,
            Data::Int(v.into_iter().map(|x| out.wrap(x)).collect()),
        )),
        (Data::Complex(v), _) => Ok(Tensor::new(
            out.clone(),
            shape,
            Data::Complex(
                v.into_iter()
                    .map(|z| Complex64::new(out.round(z.re), out.round(z.im)))
                    .collect(),
            ),
        )),
    }
}

/// The flat offsets of every index over `dims` of a tensor with `strides`, in row-major order
/// of `dims` as listed (one offset, 0, when `dims` is empty).
pub fn offsets(shape: &[usize], strides: &[usize], dims: &[usize]) -> Vec<usize> {
    let mut out = vec![0usize];
    for &d in dims {
        out = out
            .iter()
            .flat_map(|&base| (0..shape[d]).map(move |i| base + i * strides[d]))
            .collect();
    }
    out
}

/// Reorders the axes of row-major `data` of `shape` so that axis `i` of the result is axis
/// `perm[i]` of the input.
pub fn permute<T: Copy>(data: &[T], shape: &[usize], perm: &[usize]) -> Vec<T> {
    let strides = super::tensor::strides(shape);
    offsets(shape, &strides, perm)
        .into_iter()
        .map(|o| data[o])
        .collect()
}
