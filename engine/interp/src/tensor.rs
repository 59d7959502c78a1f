//! Runtime tensors of the reference interpreter: an element kind, a shape and row-major data.
//!
//! Floats of every width are held as `f64` and rounded to their element type after every
//! operation, so an `f32` add is the correctly rounded `f32` sum (double rounding through `f64`
//! is exact for `+ - * / sqrt` because 53 >= 2 * 24 + 2). Integers are held as `i128` and wrapped
//! to their width; `i1` is a boolean holding 0 or 1. Quantized tensors hold their storage
//! integers and carry the quantization parameters in their element kind.

use super::quant::QuantType;
use egfuse_ir::floats::round_float;
use egfuse_ir::{ElemType, FloatKind, Signedness, TensorType};
use num_complex::Complex64;
use std::rc::Rc;

/// The element type of a runtime tensor.
#[derive(Clone, Debug, PartialEq)]
pub enum Elem {
    Float(FloatKind),
    /// `width` bits; `signed` is false for `ui*` and for `i1`.
    Int {
        width: u32,
        signed: bool,
    },
    Complex(FloatKind),
    Quant(Rc<QuantType>),
}

/// Row-major element storage.
#[derive(Clone, Debug, PartialEq)]
pub enum Data {
    Float(Vec<f64>),
    Int(Vec<i128>),
    Complex(Vec<Complex64>),
}

/// A tensor value: element kind, static shape, data in row-major order.
#[derive(Clone, Debug, PartialEq)]
pub struct Tensor {
    pub elem: Elem,
    pub shape: Vec<usize>,
    pub data: Data,
}

pub const BOOL: Elem = Elem::Int {
    width: 1,
    signed: false,
};
pub const I64: Elem = Elem::Int {
    width: 64,
    signed: true,
};

impl Elem {
    /// The runtime kind of an IR element type, or a reason it has none.
    pub fn from_type(ty: &ElemType) -> Result<Elem, String> {
        Ok(match ty {
            ElemType::Float(k) => Elem::Float(*k),
            ElemType::Int { sign, width } => Elem::Int {
                width: *width,
                signed: *sign != Signedness::Unsigned && *width != 1,
            },
            ElemType::Index => I64,
            ElemType::Complex(inner) => match &**inner {
                ElemType::Float(k) => Elem::Complex(*k),
                other => return Err(format!("complex<{other}> is not a supported element type")),
            },
            ElemType::Dialect(text) => Elem::Quant(Rc::new(QuantType::parse(text)?)),
        })
    }

    pub fn is_bool(&self) -> bool {
        *self == BOOL
    }

    pub fn is_float(&self) -> bool {
        matches!(self, Elem::Float(_))
    }

    /// Rounds `x` to this float kind (identity for non-floats).
    #[inline]
    pub fn round(&self, x: f64) -> f64 {
        match self {
            Elem::Float(k) | Elem::Complex(k) => round_float(*k, x),
            _ => x,
        }
    }

    /// Wraps `v` to this integer kind's range, two's complement (identity for non-ints).
    pub fn wrap(&self, v: i128) -> i128 {
        match self {
            Elem::Int { width, signed } => wrap_int(v, *width, *signed),
            Elem::Quant(q) => wrap_int(v, q.storage_width, q.storage_signed),
            _ => v,
        }
    }

    /// The empty data vector of the storage this kind uses.
    pub fn empty_data(&self, capacity: usize) -> Data {
        match self {
            Elem::Float(_) => Data::Float(Vec::with_capacity(capacity)),
            Elem::Int { .. } | Elem::Quant(_) => Data::Int(Vec::with_capacity(capacity)),
            Elem::Complex(_) => Data::Complex(Vec::with_capacity(capacity)),
        }
    }

    /// The MLIR spelling (`f32`, `ui8`, `i1`, `complex<f32>`), for messages.
    pub fn name(&self) -> String {
        match self {
            Elem::Float(k) => k.name().to_string(),
            Elem::Int { width: 1, .. } => "i1".to_string(),
            Elem::Int { width, signed } => format!("{}i{width}", if *signed { "" } else { "u" }),
            Elem::Complex(k) => format!("complex<{}>", k.name()),
            Elem::Quant(q) => q.text.to_string(),
        }
    }
}

/// Two's-complement wrap of `v` to `width` bits.
pub fn wrap_int(v: i128, width: u32, signed: bool) -> i128 {
    if width >= 128 {
        return v;
    }
    let mask = (1i128 << width) - 1;
    let low = v & mask;
    if signed && width > 0 && low >> (width - 1) & 1 == 1 {
        low - (1i128 << width)
    } else {
        low
    }
}

impl Data {
    pub fn len(&self) -> usize {
        match self {
            Data::Float(v) => v.len(),
            Data::Int(v) => v.len(),
            Data::Complex(v) => v.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Gathers the elements at `indices` into new storage of the same kind.
    pub fn select(&self, indices: impl Iterator<Item = usize>) -> Data {
        match self {
            Data::Float(v) => Data::Float(super::pool::collect(indices.map(|i| v[i]))),
            Data::Int(v) => Data::Int(indices.map(|i| v[i]).collect()),
            Data::Complex(v) => Data::Complex(indices.map(|i| v[i]).collect()),
        }
    }

    /// Appends element `i` of `other` (of the same kind) to `self`.
    pub fn push_from(&mut self, other: &Data, i: usize) {
        match (self, other) {
            (Data::Float(a), Data::Float(b)) => a.push(b[i]),
            (Data::Int(a), Data::Int(b)) => a.push(b[i]),
            (Data::Complex(a), Data::Complex(b)) => a.push(b[i]),
            _ => unreachable!("push_from between storages of different kinds"),
        }
    }

    /// Overwrites element `i` of `self` with element `j` of `other` (of the same kind).
    pub fn set_from(&mut self, i: usize, other: &Data, j: usize) {
        match (self, other) {
            (Data::Float(a), Data::Float(b)) => a[i] = b[j],
            (Data::Int(a), Data::Int(b)) => a[i] = b[j],
            (Data::Complex(a), Data::Complex(b)) => a[i] = b[j],
            _ => unreachable!("set_from between storages of different kinds"),
        }
    }
}

impl Tensor {
    pub fn new(elem: Elem, shape: Vec<usize>, data: Data) -> Tensor {
        debug_assert_eq!(shape.iter().product::<usize>(), data.len());
        Tensor { elem, shape, data }
    }

    /// A rank-0 tensor.
    pub fn scalar(elem: Elem, data: Data) -> Tensor {
        Tensor::new(elem, Vec::new(), data)
    }

    pub fn bool_scalar(b: bool) -> Tensor {
        Tensor::scalar(BOOL, Data::Int(vec![b as i128]))
    }

    pub fn len(&self) -> usize {
        self.data.len()
    }

    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    pub fn rank(&self) -> usize {
        self.shape.len()
    }

    pub fn floats(&self) -> Option<&[f64]> {
        match &self.data {
            Data::Float(v) => Some(v),
            _ => None,
        }
    }

    pub fn ints(&self) -> Option<&[i128]> {
        match &self.data {
            Data::Int(v) => Some(v),
            _ => None,
        }
    }

    /// The elements as integers, for index operands (`dynamic_slice` starts, shapes).
    pub fn as_indices(&self) -> Result<Vec<i64>, String> {
        match &self.data {
            Data::Int(v) => Ok(v
                .iter()
                .map(|&x| x.clamp(i64::MIN as i128, i64::MAX as i128) as i64)
                .collect()),
            _ => Err(format!(
                "expected an integer tensor, got {}",
                self.elem.name()
            )),
        }
    }

    /// Returns a copy with a new shape of the same element count.
    pub fn reshaped(&self, shape: Vec<usize>) -> Tensor {
        Tensor::new(self.elem.clone(), shape, self.data.clone())
    }

    /// Checks that this tensor fits the static parts of `ty`.
    pub fn fits(&self, ty: &TensorType) -> bool {
        let Some(dims) = &ty.dims else { return true };
        dims.len() == self.shape.len()
            && dims
                .iter()
                .zip(&self.shape)
                .all(|(&d, &s)| d < 0 || d as usize == s)
    }
}

/// Row-major strides of `shape`.
pub fn strides(shape: &[usize]) -> Vec<usize> {
    let mut s = vec![1; shape.len()];
    for i in (0..shape.len().saturating_sub(1)).rev() {
        s[i] = s[i + 1] * shape[i + 1];
    }
    s
}

/// Advances a row-major multi-index over `shape`; returns false after the last index.
pub fn next_index(index: &mut [usize], shape: &[usize]) -> bool {
    for d in (0..shape.len()).rev() {
        index[d] += 1;
        if index[d] < shape[d] {
            return true;
        }
        index[d] = 0;
    }
    false
}
