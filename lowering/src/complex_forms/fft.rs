//! `fft` spelled as a DFT per transformed dimension, each a `dot_general` with constant
//! matrices of cosines and sines (PE's matmul), on the parts of the complex values. With
//! `C[j, k] = cos(2 pi j k / n)` and `S[j, k] = sin(2 pi j k / n)` along a dimension of length
//! `n`, the forward transform of `x + iy` is `(xC + yS) + i(yC - xS)` and the inverse
//! `(xC - yS) + i(xS + yC)`, scaled by `1 / n`:
//!
//! - `FFT` and `IFFT` transform each of the trailing `len(fft_length)` dimensions in turn
//!   (the DFT is separable);
//! - `RFFT` transforms the last dimension of a real operand into its `n / 2 + 1` non-redundant
//!   terms (`x(C) + i x(-S)`), then the others as `FFT` does;
//! - `IRFFT` inverts the others as `IFFT` does, then the last: `x[j] = sum_k w_k (X_k cos -
//!   Y_k sin)(2 pi k j / n) / n`, `w_k` 2 for the terms that stand for their conjugates too
//!   and 1 for the first (and, for an even `n`, the middle), whose imaginary parts it ignores
//!   as XLA does.
//!
//! A DFT by matmul rounds `O(n)` products per term where an FFT rounds `O(log n)`: lengths up
//! to [`MAX_LENGTH`] are spelled, the matrices being constants of the module.

use super::Parts;
use egfuse_ir::facts::int_list;
use egfuse_ir::{Attr, DenseBody, DenseElem, ElemType, FloatKind, Module, NamedAttr, OpId};
use egfuse_ir::{TensorType, Type, ValueId};
use std::f64::consts::TAU;

/// The longest transformed dimension spelled.
pub(super) const MAX_LENGTH: i64 = 2048;

/// The transform's kind (`FFT`, `IFFT`, `RFFT`, `IRFFT`) and lengths, when every length is
/// spelled here and the result has a dimension for each.
pub(super) fn transform(m: &Module, op: OpId) -> Option<(String, Vec<i64>)> {
    let o = m.op(op);
    let kind = match o.attr("fft_type")? {
        Attr::Enum { value, .. } => value.to_string(),
        _ => return None,
    };
    let lengths = int_list(o.attr("fft_length")?)?;
    let rank = m.ty(*o.results.first()?).dims()?.len();
    let fits = !lengths.is_empty()
        && lengths.len() <= rank
        && lengths.iter().all(|&n| (1..=MAX_LENGTH).contains(&n));
    fits.then_some((kind, lengths))
}

/// The parts `(x, y)` of a complex value, or a real one's `(x, None)`.
type Split = (ValueId, Option<ValueId>);

impl Parts<'_> {
    /// The `fft` `op`'s result: a pair, or for `IRFFT` a real tensor.
    pub(super) fn fft(&mut self, op: OpId) -> Option<ValueId> {
        let (kind, lengths) = transform(self.m, op)?;
        let x = self.m.op(op).operands[0];
        let rank = self.m.ty(self.m.op(op).results[0]).dims()?.len();
        let axes: Vec<usize> = (rank.checked_sub(lengths.len())?..rank).collect();
        let last = rank - 1;
        let parts = |b: &mut Self, z| (b.part(z, 0), Some(b.part(z, 1)));
        let n = lengths[lengths.len() - 1];
        let mut z: Split = match &*kind {
            "RFFT" => self.dft((x, None), last, (n, n / 2 + 1), Way::Forward),
            _ => parts(self, x),
        };
        let (others, way) = match &*kind {
            "FFT" => (&axes[..], Way::Forward),
            "RFFT" => (&axes[..axes.len() - 1], Way::Forward),
            "IFFT" => (&axes[..], Way::Inverse),
            _ => (&axes[..axes.len() - 1], Way::Inverse),
        };
        for (&axis, &n) in others.iter().zip(&lengths) {
            z = self.dft(z, axis, (n, n), way);
        }
        if kind == "IRFFT" {
            z = self.dft(z, last, (n, n), Way::ToReal);
        }
        let (re, im) = z;
        Some(match im {
            Some(im) => self.pack(re, im),
            None => re,
        })
    }

    /// The DFT of `z` along `axis`, of transform length `n`, giving `cols` terms.
    fn dft(&mut self, (x, y): Split, axis: usize, (n, cols): (i64, i64), way: Way) -> Split {
        let rows = self.m.ty(x).dims().map_or(0, |d| d[axis]);
        // Entry (r, c) takes input term r to output term c.
        let entry = |r: i64, c: i64, trig: fn(f64) -> f64| {
            way.weight(r, n) * way.scale(n) * trig(angle(r, c, n))
        };
        let (c, s) = (
            self.matrix(x, (rows, cols), |r, c| entry(r, c, f64::cos)),
            self.matrix(x, (rows, cols), |r, c| entry(r, c, f64::sin)),
        );
        let xc = self.along(x, axis, c);
        let xs = self.along(x, axis, s);
        let Some(y) = y else {
            let minus = self.unary("stablehlo.negate", xs);
            return (xc, Some(minus));
        };
        let (yc, ys) = (self.along(y, axis, c), self.along(y, axis, s));
        match way {
            Way::Forward => {
                let re = self.same("stablehlo.add", xc, ys);
                (re, Some(self.same("stablehlo.subtract", yc, xs)))
            }
            Way::Inverse => {
                let re = self.same("stablehlo.subtract", xc, ys);
                (re, Some(self.same("stablehlo.add", xs, yc)))
            }
            Way::ToReal => (self.same("stablehlo.subtract", xc, ys), None),
        }
    }

    /// The constant `[rows, cols]` matrix of `x`'s element type whose entries are `f(j, k)`.
    fn matrix(
        &mut self,
        x: ValueId,
        (rows, cols): (i64, i64),
        f: impl Fn(i64, i64) -> f64,
    ) -> ValueId {
        let elem = self
            .m
            .ty(x)
            .elem()
            .cloned()
            .unwrap_or(ElemType::Float(FloatKind::F32));
        let wide = elem == ElemType::Float(FloatKind::F64);
        let literal = |v: f64| match wide {
            true => format!("0x{:016X}", v.to_bits()),
            false => format!("0x{:08X}", (v as f32).to_bits()),
        };
        let body = (0..rows)
            .map(|j| {
                DenseElem::List(
                    (0..cols)
                        .map(|k| DenseElem::Scalar(literal(f(j, k)).into()))
                        .collect(),
                )
            })
            .collect();
        let ty = Type::Tensor(TensorType::ranked(vec![rows, cols], elem));
        self.literal(DenseBody::Elems(DenseElem::List(body)), ty)
    }

    /// `x` contracted along `axis` with the matrix `w`, the new dimension put in its place.
    fn along(&mut self, x: ValueId, axis: usize, w: ValueId) -> ValueId {
        let (Some(shape), Some(out)) = (self.m.ty(x).dims(), self.m.ty(w).dims()) else {
            return x;
        };
        let (shape, out, elem) = (shape.to_vec(), out[1], self.m.ty(x).elem().cloned());
        let rank = shape.len();
        let mut dims: Vec<i64> = (0..rank).filter(|&d| d != axis).map(|d| shape[d]).collect();
        dims.push(out);
        let ints = crate::window_sums::ints;
        let numbers = Attr::Struct {
            name: "stablehlo.dot".into(),
            fields: vec![
                NamedAttr::new("lhs_contracting_dimensions", ints(&[axis as i64])),
                NamedAttr::new("rhs_contracting_dimensions", ints(&[0])),
            ],
        };
        let elem = elem.unwrap_or(ElemType::Float(FloatKind::F32));
        let ty = Type::Tensor(TensorType::ranked(dims.clone(), elem.clone()));
        let props = vec![NamedAttr::new("dot_dimension_numbers", numbers)];
        let dot = self.make("stablehlo.dot_general", vec![x, w], props, ty);
        if axis == rank - 1 {
            return dot;
        }
        let mut back: Vec<i64> = (0..rank as i64 - 1).collect();
        back.insert(axis, rank as i64 - 1);
        let mut shape = shape;
        shape[axis] = out;
        let ty = Type::Tensor(TensorType::ranked(shape, elem));
        let props = vec![NamedAttr::new("permutation", Attr::i64_array(back))];
        self.make("stablehlo.transpose", vec![dot], props, ty)
    }
}

/// Which transform a DFT computes.
#[derive(Clone, Copy, PartialEq)]
enum Way {
    Forward,
    Inverse,
    /// The inverse of the non-redundant terms of a real signal, to that signal.
    ToReal,
}

impl Way {
    fn scale(self, n: i64) -> f64 {
        match self {
            Way::Forward => 1.0,
            _ => 1.0 / n as f64,
        }
    }

    /// The weight of input term `k`: for `ToReal`, 2 for a term that stands for its conjugate
    /// too, else 1.
    fn weight(self, k: i64, n: i64) -> f64 {
        let own = k == 0 || 2 * k == n;
        match self {
            Way::ToReal if !own => 2.0,
            _ => 1.0,
        }
    }
}

/// `2 pi j k / n`, reduced modulo `n` first so that large products keep their digits.
fn angle(j: i64, k: i64, n: i64) -> f64 {
    TAU * ((j * k) % n) as f64 / n as f64
}
