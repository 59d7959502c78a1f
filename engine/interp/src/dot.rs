//! `dot` and `dot_general`: contractions over batching and contracting dimensions. The result
//! dimensions are the batch dimensions, then the free dimensions of `lhs`, then those of
//! `rhs`, each in operand order. `precision_config` and `algorithm` are ignored: the
//! interpreter always computes at full precision.
//!
//! Numerics: for results of `f32` or a narrower float type the sum accumulates in `f32` in the
//! order of the contracted indices (row-major over the contracting dimensions as listed), each
//! product and partial sum rounded to `f32`, and the total rounded to the result type; `f64`
//! results accumulate in `f64`, integers wrap. This is what XLA's CPU backend does (it upcasts
//! `bf16` and `f16` to `f32` around the dot), up to summation order: XLA's blocked kernels may
//! add the same products in another order. For `K` contracted elements, any two `f32`
//! summation orders differ by at most `2 * (K - 1) * 2^-24 * sum_k |lhs_k * rhs_k|` before the
//! final rounding, so results can differ by that amount plus one ulp of the result type. For
//! `bf16` results and `K < 2^7` without cancellation that is at most one `bf16` ulp (`2^-8`
//! relative); for `f32` results it is a few ulps when the products cancel.
//!
//! An exactly rounded sum (accumulating in `f64` and rounding once) was the first design; it
//! fails the test suite's 3-ulp checks where products cancel (a 3-term `f32` convolution whose
//! terms are near 25 and whose result is near 2.5 lands 6 ulps from XLA's value), because the
//! expected values carry XLA's `f32` rounding errors.

use super::contract::{apply, lift, offsets, Kernel, Ring};
use super::dispatch::Claim;
use super::tensor::{strides, Data, Elem, Tensor};
use super::Interpreter;
use egfuse_gemm::Gemm;
use egfuse_ir::{FloatKind, OpId};
use std::borrow::Cow;

pub fn eval(cx: &mut Interpreter, op: OpId, stem: &str, args: &[&Tensor]) -> Claim {
    let dims = match stem {
        "dot" => dot_dims(args),
        "dot_general" => general_dims(cx, op),
        _ => return None,
    };
    Some(dims.and_then(|d| {
        let [lhs, rhs] = args else {
            return Err(format!("{stem} takes two operands"));
        };
        let out = cx.result_elem(op, 0)?;
        dot_general(lhs, rhs, &d, &out).map(|t| vec![t])
    }))
}

/// The dimension numbers of a `dot_general`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DotDims {
    pub lhs_batch: Vec<usize>,
    pub rhs_batch: Vec<usize>,
    pub lhs_contract: Vec<usize>,
    pub rhs_contract: Vec<usize>,
}

/// `dot` contracts the last dimension of `lhs` with the first of `rhs` (ranks 1 or 2).
fn dot_dims(args: &[&Tensor]) -> Result<DotDims, String> {
    let [lhs, _] = args else {
        return Err("dot takes two operands".to_string());
    };
    if lhs.rank() == 0 {
        return Err("dot needs operands of rank 1 or 2".to_string());
    }
    Ok(DotDims {
        lhs_contract: vec![lhs.rank() - 1],
        rhs_contract: vec![0],
        ..DotDims::default()
    })
}

fn general_dims(cx: &Interpreter, op: OpId) -> Result<DotDims, String> {
    let attr = cx
        .module
        .op(op)
        .attr("dot_dimension_numbers")
        .ok_or("dot_general without dot_dimension_numbers")?;
    let list = |name: &str| -> Result<Vec<usize>, String> {
        match attr.field(name) {
            None => Ok(Vec::new()),
            Some(a) => a
                .as_int_list()
                .map(|v| v.into_iter().map(|x| x as usize).collect())
                .ok_or_else(|| format!("{name} must be a list of integers")),
        }
    };
    Ok(DotDims {
        lhs_batch: list("lhs_batching_dimensions")?,
        rhs_batch: list("rhs_batching_dimensions")?,
        lhs_contract: list("lhs_contracting_dimensions")?,
        rhs_contract: list("rhs_contracting_dimensions")?,
    })
}

/// The contraction itself, on any element kinds that lift to the result's domain.
pub fn dot_general(lhs: &Tensor, rhs: &Tensor, d: &DotDims, out: &Elem) -> Result<Tensor, String> {
    let plan = Plan::new(lhs, rhs, d)?;
    if let Some(t) = plan.gemm(lhs, rhs, out) {
        return Ok(t);
    }
    let shape = plan.shape.clone();
    apply(&plan, &lift(lhs, out)?, &lift(rhs, out)?, out, shape)
}

/// Precomputed offsets: for each output element, a base offset in each operand, and the
/// offsets the contracted indices add to it.
struct Plan {
    shape: Vec<usize>,
    lhs_base: Vec<usize>,
    rhs_base: Vec<usize>,
    lhs_free: Vec<usize>,
    rhs_free: Vec<usize>,
    lhs_contract: Vec<usize>,
    rhs_contract: Vec<usize>,
}

impl Plan {
    fn new(lhs: &Tensor, rhs: &Tensor, d: &DotDims) -> Result<Plan, String> {
        check_dims(lhs, rhs, d)?;
        let free = |t: &Tensor, batch: &[usize], contract: &[usize]| -> Vec<usize> {
            (0..t.rank())
                .filter(|x| !batch.contains(x) && !contract.contains(x))
                .collect()
        };
        let lf = free(lhs, &d.lhs_batch, &d.lhs_contract);
        let rf = free(rhs, &d.rhs_batch, &d.rhs_contract);
        let (ls, rs) = (strides(&lhs.shape), strides(&rhs.shape));
        let mut shape: Vec<usize> = d.lhs_batch.iter().map(|&x| lhs.shape[x]).collect();
        shape.extend(lf.iter().map(|&x| lhs.shape[x]));
        shape.extend(rf.iter().map(|&x| rhs.shape[x]));
        Ok(Plan {
            shape,
            lhs_base: offsets(&lhs.shape, &ls, &d.lhs_batch),
            rhs_base: offsets(&rhs.shape, &rs, &d.rhs_batch),
            lhs_free: offsets(&lhs.shape, &ls, &lf),
            rhs_free: offsets(&rhs.shape, &rs, &rf),
            lhs_contract: offsets(&lhs.shape, &ls, &d.lhs_contract),
            rhs_contract: offsets(&rhs.shape, &rs, &d.rhs_contract),
        })
    }
}

impl Plan {
    /// The fast path for float operands and results (see [`egfuse_gemm`]): packs the operands
    /// as `[batch][m][k]` and `[batch][k][n]` and multiplies, in `f64` for `f64` results and
    /// in `f32` for narrower ones; `None` when the types need the generic kernel (integer,
    /// complex or quantized operands, or `f64` operands of a narrower result).
    fn gemm(&self, lhs: &Tensor, rhs: &Tensor, out: &Elem) -> Option<Tensor> {
        let (Elem::Float(kind), Data::Float(a), Data::Float(b)) = (out, &lhs.data, &rhs.data)
        else {
            return None;
        };
        let g = Gemm {
            batch: self.lhs_base.len(),
            m: self.lhs_free.len(),
            k: self.lhs_contract.len(),
            n: self.rhs_free.len(),
        };
        let wide = *kind == FloatKind::F64;
        if !wide && (narrow(lhs).is_none() || narrow(rhs).is_none()) {
            return None;
        }
        let (a, b) = (self.pack(a, Side::Lhs), self.pack(b, Side::Rhs));
        let values: Vec<f64> = if wide {
            g.run(&a, &b)
        } else {
            let product: Vec<f32> = g.run(&a, &b);
            super::pool::collect(product.into_iter().map(f64::from))
        };
        let values = values.into_iter().map(|x| out.round(x)).collect();
        Some(Tensor::new(
            out.clone(),
            self.shape.clone(),
            Data::Float(values),
        ))
    }

    /// One operand's values as `[batch][m][k]` (lhs) or `[batch][k][n]` (rhs): the operand
    /// itself where it is laid out so (a matmul's weights, its activations), else a copy.
    fn pack<'v>(&self, v: &'v [f64], side: Side) -> Cow<'v, [f64]> {
        let (base, outer, inner) = match side {
            Side::Lhs => (&self.lhs_base, &self.lhs_free, &self.lhs_contract),
            Side::Rhs => (&self.rhs_base, &self.rhs_contract, &self.rhs_free),
        };
        let (o, i) = (outer.len(), inner.len());
        let in_order = (inner.iter().enumerate()).all(|(x, &at)| at == x)
            && (outer.iter().enumerate()).all(|(x, &at)| at == x * i)
            && (base.iter().enumerate()).all(|(x, &at)| at == x * o * i);
        if in_order && v.len() == base.len() * o * i {
            return Cow::Borrowed(v);
        }
        let mut packed = Vec::with_capacity(base.len() * o * i);
        for &b in base {
            for &at in outer {
                packed.extend(inner.iter().map(|&x| v[b + at + x]));
            }
        }
        Cow::Owned(packed)
    }
}

/// Which operand [`Plan::pack`] lays out.
#[derive(Clone, Copy)]
enum Side {
    Lhs,
    Rhs,
}

/// The values of a float tensor no wider than `f32` (all exact in `f32`).
fn narrow(t: &Tensor) -> Option<&[f64]> {
    match (&t.elem, &t.data) {
        (Elem::Float(k), Data::Float(v)) if *k != FloatKind::F64 => Some(v),
        _ => None,
    }
}

impl Kernel for Plan {
    fn run<T: Ring>(&self, lhs: &[T], rhs: &[T], step: Option<FloatKind>) -> Vec<T> {
        let mut out = Vec::with_capacity(self.shape.iter().product());
        for (&lb, &rb) in self.lhs_base.iter().zip(&self.rhs_base) {
            for &lf in &self.lhs_free {
                for &rf in &self.rhs_free {
                    let (l0, r0) = (lb + lf, rb + rf);
                    let sum = self
                        .lhs_contract
                        .iter()
                        .zip(&self.rhs_contract)
                        .fold(T::default(), |acc, (&lc, &rc)| {
                            acc.mul_add(lhs[l0 + lc], rhs[r0 + rc], step)
                        });
                    out.push(sum);
                }
            }
        }
        out
    }
}

fn check_dims(lhs: &Tensor, rhs: &Tensor, d: &DotDims) -> Result<(), String> {
    if d.lhs_batch.len() != d.rhs_batch.len() || d.lhs_contract.len() != d.rhs_contract.len() {
        return Err(
            "lhs and rhs list different numbers of batching or contracting dimensions".to_string(),
        );
    }
    let pairs = d
        .lhs_batch
        .iter()
        .zip(&d.rhs_batch)
        .chain(d.lhs_contract.iter().zip(&d.rhs_contract));
    for (&l, &r) in pairs {
        let (Some(a), Some(b)) = (lhs.shape.get(l), rhs.shape.get(r)) else {
            return Err(format!(
                "dimension pair ({l}, {r}) is out of range for operand shapes {:?} and {:?}",
                lhs.shape, rhs.shape
            ));
        };
        if a != b {
            return Err(format!(
                "lhs dimension {l} has size {a} but rhs dimension {r} has size {b}"
            ));
        }
    }
    Ok(())
}
