//! Index arithmetic shared by the data-movement ops: strided walks over row-major storage,
//! blank storage to scatter into, and the integer-list attributes in every spelling the corpus
//! uses (`array<i64: ...>`, `[0, 1]` inside struct attributes, `dense<...> : tensor<Nxi64>`).

use super::literal::tensor_of;
use super::tensor::{strides, Data, Elem, Tensor};
use super::Interpreter;
use egfuse_ir::{Attr, OpId};

/// The source offsets of a row-major walk over `shape`, where one step along dimension `d`
/// moves the source offset by `steps[d]` (zero to repeat, negative to reverse).
pub struct Walk {
    shape: Vec<usize>,
    steps: Vec<isize>,
    index: Vec<usize>,
    offset: isize,
    remaining: usize,
}

impl Walk {
    pub fn new(shape: &[usize], steps: &[isize], base: isize) -> Walk {
        debug_assert_eq!(shape.len(), steps.len());
        Walk {
            shape: shape.to_vec(),
            steps: steps.to_vec(),
            index: vec![0; shape.len()],
            offset: base,
            remaining: shape.iter().product(),
        }
    }
}

impl Iterator for Walk {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        if self.remaining == 0 {
            return None;
        }
        self.remaining -= 1;
        let current = self.offset as usize;
        for d in (0..self.shape.len()).rev() {
            self.index[d] += 1;
            self.offset += self.steps[d];
            if self.index[d] < self.shape[d] {
                break;
            }
            self.offset -= self.steps[d] * self.shape[d] as isize;
            self.index[d] = 0;
        }
        Some(current)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.remaining, Some(self.remaining))
    }
}

/// Row-major strides of `shape` as signed steps.
pub fn steps(shape: &[usize]) -> Vec<isize> {
    strides(shape).into_iter().map(|s| s as isize).collect()
}

/// A tensor of `shape` whose elements are `t`'s at the offsets `walk` yields.
pub fn gathered(t: &Tensor, shape: Vec<usize>, walk: impl Iterator<Item = usize>) -> Tensor {
    Tensor::new(t.elem.clone(), shape, t.data.select(walk))
}

/// `n` zeros of the storage `elem` uses, to be overwritten.
pub fn blank(elem: &Elem, n: usize) -> Data {
    match elem.empty_data(0) {
        Data::Float(_) => Data::Float(vec![0.0; n]),
        Data::Int(_) => Data::Int(vec![0; n]),
        Data::Complex(_) => Data::Complex(vec![Default::default(); n]),
    }
}

/// A tensor of `shape` with every element equal to the first element of `value`.
pub fn filled(value: &Tensor, shape: Vec<usize>) -> Result<Tensor, String> {
    if value.is_empty() {
        return Err("the fill value has no elements".to_string());
    }
    let n = shape.iter().product();
    Ok(gathered(value, shape, std::iter::repeat_n(0, n)))
}

/// The integers of attribute `name` of `op`, however they are spelled; `None` when absent.
pub fn int_list(cx: &Interpreter, op: OpId, name: &str) -> Result<Option<Vec<i64>>, String> {
    match cx.module.op(op).attr(name) {
        None => Ok(None),
        Some(a) => ints_of(a)
            .map(Some)
            .ok_or_else(|| format!("attribute `{name}` is not a list of integers")),
    }
}

/// The integers of attribute `name` of `op`, which must be present.
pub fn required_ints(cx: &Interpreter, op: OpId, name: &str) -> Result<Vec<i64>, String> {
    int_list(cx, op, name)?.ok_or_else(|| format!("missing attribute `{name}`"))
}

/// The integer list of an attribute value: dense arrays, plain arrays and dense elements.
pub fn ints_of(a: &Attr) -> Option<Vec<i64>> {
    if let Some(v) = a.as_i64_array() {
        return Some(v.to_vec());
    }
    if let Some(v) = a.as_int_list() {
        return Some(v);
    }
    match a {
        Attr::Dense { .. } => tensor_of(a, None).ok()?.as_indices().ok(),
        _ => None,
    }
}

/// A list field of a struct attribute (`#stablehlo.gather<offset_dims = [0]>`), empty when absent.
pub fn field_ints(a: &Attr, name: &str) -> Result<Vec<i64>, String> {
    match a.field(name) {
        None => Ok(Vec::new()),
        Some(f) => ints_of(f).ok_or_else(|| format!("field `{name}` is not a list of integers")),
    }
}

/// An integer field of a struct attribute, `default` when absent.
pub fn field_int(a: &Attr, name: &str, default: i64) -> i64 {
    a.field(name)
        .and_then(Attr::as_int)
        .map_or(default, |v| v as i64)
}

/// An integer attribute of `op`, `default` when absent.
pub fn int_attr(cx: &Interpreter, op: OpId, name: &str, default: i64) -> i64 {
    cx.module
        .op(op)
        .attr(name)
        .and_then(Attr::as_int)
        .map_or(default, |v| v as i64)
}

/// Checks that `dim` names an axis of a rank-`rank` tensor and converts it.
pub fn axis(dim: i64, rank: usize) -> Result<usize, String> {
    usize::try_from(dim)
        .ok()
        .filter(|&d| d < rank)
        .ok_or_else(|| format!("dimension {dim} is out of range for rank {rank}"))
}

/// The sizes a shape operand (`tensor<Nxi32>`) holds, each checked to be non-negative.
pub fn shape_operand(t: &Tensor) -> Result<Vec<usize>, String> {
    t.as_indices()?
        .into_iter()
        .map(|d| usize::try_from(d).map_err(|_| format!("negative dimension size {d}")))
        .collect()
}

/// The shape of `op`'s result `i` when it is fully static.
pub fn static_result_shape(cx: &Interpreter, op: OpId, i: usize) -> Option<Vec<usize>> {
    let dims = cx.result_type(op, i)?.dims.as_ref()?;
    dims.iter().map(|&d| usize::try_from(d).ok()).collect()
}
