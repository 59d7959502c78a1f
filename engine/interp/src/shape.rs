//! Static data-movement ops: `reshape`, `transpose`, `broadcast_in_dim`, `broadcast` (MHLO),
//! `concatenate`, `slice`, `reverse` and `iota`. Each computes its result shape from its
//! operands and attributes and moves elements by strided walks, never per-element allocation.

use super::dispatch::Claim;
use super::layout::{
    axis, gathered, int_attr, int_list, required_ints, static_result_shape, steps, Walk,
};
use super::tensor::{Data, Elem, Tensor};
use super::Interpreter;
use egfuse_ir::OpId;
use num_complex::Complex64;

pub fn eval(cx: &mut Interpreter, op: OpId, stem: &str, args: &[&Tensor]) -> Claim {
    Some(
        match stem {
            "reshape" => reshape(cx, op, args[0]),
            "transpose" => {
                required_ints(cx, op, "permutation").and_then(|p| transpose(args[0], &p))
            }
            "broadcast_in_dim" => broadcast_in_dim(cx, op, args[0]),
            "broadcast" => {
                required_ints(cx, op, "broadcast_sizes").and_then(|s| broadcast(args[0], &s))
            }
            "concatenate" => concatenate(args, int_attr(cx, op, "dimension", 0)),
            "slice" => slice_op(cx, op, args[0]),
            "reverse" => required_ints(cx, op, "dimensions").and_then(|d| reverse(args[0], &d)),
            "iota" => {
                let shape = static_result_shape(cx, op, 0).ok_or("iota needs a static result type");
                let elem = cx.result_elem(op, 0);
                match (shape, elem) {
                    (Ok(shape), Ok(elem)) => {
                        iota(&elem, shape, int_attr(cx, op, "iota_dimension", 0))
                    }
                    (Err(e), _) => Err(e.to_string()),
                    (_, Err(e)) => Err(e),
                }
            }
            _ => return None,
        }
        .map(|t| vec![t]),
    )
}

/// `reshape`: the result type gives the shape; one `?` in it is inferred from the element count.
fn reshape(cx: &Interpreter, op: OpId, t: &Tensor) -> Result<Tensor, String> {
    let dims = cx
        .result_type(op, 0)
        .and_then(|ty| ty.dims.clone())
        .ok_or("reshape needs a ranked result type")?;
    let known: usize = dims
        .iter()
        .filter(|&&d| d >= 0)
        .map(|&d| d as usize)
        .product();
    let unknown = dims.iter().filter(|&&d| d < 0).count();
    let shape: Vec<usize> = match unknown {
        0 => dims.iter().map(|&d| d as usize).collect(),
        1 if known > 0 => dims
            .iter()
            .map(|&d| if d < 0 { t.len() / known } else { d as usize })
            .collect(),
        _ => return Err("reshape to a type with several dynamic dimensions".to_string()),
    };
    reshape_to(t, shape)
}

/// `t` with a new shape of the same element count.
pub fn reshape_to(t: &Tensor, shape: Vec<usize>) -> Result<Tensor, String> {
    if shape.iter().product::<usize>() != t.len() {
        return Err(format!(
            "cannot reshape {:?} ({} elements) to {:?}",
            t.shape,
            t.len(),
            shape
        ));
    }
    Ok(t.reshaped(shape))
}

/// `transpose`: result dimension `i` is operand dimension `perm[i]`.
pub fn transpose(t: &Tensor, perm: &[i64]) -> Result<Tensor, String> {
    if perm.len() != t.rank() {
        return Err(format!(
            "permutation of length {} for rank {}",
            perm.len(),
            t.rank()
        ));
    }
    let src = steps(&t.shape);
    let mut shape = Vec::with_capacity(perm.len());
    let mut st = Vec::with_capacity(perm.len());
    for &p in perm {
        let p = axis(p, t.rank())?;
        shape.push(t.shape[p]);
        st.push(src[p]);
    }
    Ok(gathered(t, shape.clone(), Walk::new(&shape, &st, 0)))
}

fn broadcast_in_dim(cx: &Interpreter, op: OpId, t: &Tensor) -> Result<Tensor, String> {
    let dims = required_ints(cx, op, "broadcast_dimensions")?;
    let ty = cx
        .result_type(op, 0)
        .and_then(|ty| ty.dims.clone())
        .ok_or("broadcast_in_dim needs a ranked result type")?;
    let mut shape: Vec<usize> = ty.iter().map(|&d| d.max(0) as usize).collect();
    for (i, &d) in dims.iter().enumerate() {
        let d = axis(d, shape.len())?;
        if ty[d] < 0 {
            shape[d] = *t.shape.get(i).ok_or("too many broadcast dimensions")?;
        }
    }
    broadcast_to(t, &dims, shape)
}

/// Broadcasts `t` into `shape`, operand dimension `i` becoming result dimension `dims[i]`; an
/// operand dimension of size 1 repeats.
pub fn broadcast_to(t: &Tensor, dims: &[i64], shape: Vec<usize>) -> Result<Tensor, String> {
    if dims.len() != t.rank() {
        return Err(format!(
            "{} broadcast dimensions for rank {}",
            dims.len(),
            t.rank()
        ));
    }
    let src = steps(&t.shape);
    let mut st = vec![0isize; shape.len()];
    for (i, &d) in dims.iter().enumerate() {
        let d = axis(d, shape.len())?;
        match t.shape[i] {
            n if n == shape[d] => st[d] = src[i],
            1 => {}
            n => {
                return Err(format!(
                    "operand dimension {i} of size {n} cannot broadcast to size {}",
                    shape[d]
                ))
            }
        }
    }
    Ok(gathered(t, shape.clone(), Walk::new(&shape, &st, 0)))
}

/// MHLO `broadcast`: new leading dimensions of the given sizes.
fn broadcast(t: &Tensor, sizes: &[i64]) -> Result<Tensor, String> {
    let mut shape: Vec<usize> = sizes
        .iter()
        .map(|&s| usize::try_from(s).map_err(|_| format!("negative broadcast size {s}")))
        .collect::<Result<_, _>>()?;
    shape.extend_from_slice(&t.shape);
    let dims: Vec<i64> = (sizes.len()..shape.len()).map(|d| d as i64).collect();
    broadcast_to(t, &dims, shape)
}

/// `concatenate` along `dim`: contiguous chunks of each operand, one outer index at a time.
fn concatenate(args: &[&Tensor], dim: i64) -> Result<Tensor, String> {
    let first = args.first().ok_or("concatenate needs operands")?;
    let d = axis(dim, first.rank())?;
    let mut shape = first.shape.clone();
    shape[d] = 0;
    for a in args {
        if a.rank() != shape.len()
            || (0..shape.len()).any(|i| i != d && a.shape[i] != first.shape[i])
        {
            return Err(format!(
                "cannot concatenate shapes {:?} and {:?} along {d}",
                first.shape, a.shape
            ));
        }
        shape[d] += a.shape[d];
    }
    let outer: usize = shape[..d].iter().product();
    let inner: usize = shape[d + 1..].iter().product();
    let chunks: Vec<usize> = args.iter().map(|a| a.shape[d] * inner).collect();
    let offsets = (0..outer).flat_map(|o| {
        chunks
            .iter()
            .enumerate()
            .flat_map(move |(k, &c)| (0..c).map(move |j| (k, o * c + j)))
    });
    let mut data = first.elem.empty_data(shape.iter().product());
    for (k, j) in offsets {
        data.push_from(&args[k].data, j);
    }
    Ok(Tensor::new(first.elem.clone(), shape, data))
}

fn slice_op(cx: &Interpreter, op: OpId, t: &Tensor) -> Result<Tensor, String> {
    let start = required_ints(cx, op, "start_indices")?;
    let limit = required_ints(cx, op, "limit_indices")?;
    let stride = int_list(cx, op, "strides")?.unwrap_or_else(|| vec![1; t.rank()]);
    slice(t, &start, &limit, &stride)
}

/// `slice`: elements `start[d], start[d] + stride[d], ...` below `limit[d]` in each dimension.
pub fn slice(t: &Tensor, start: &[i64], limit: &[i64], stride: &[i64]) -> Result<Tensor, String> {
    let r = t.rank();
    if start.len() != r || limit.len() != r || stride.len() != r {
        return Err(format!("slice bounds do not match rank {r}"));
    }
    let src = steps(&t.shape);
    let (mut shape, mut st, mut base) = (Vec::with_capacity(r), Vec::with_capacity(r), 0isize);
    for d in 0..r {
        let (s, l, k) = (start[d], limit[d], stride[d]);
        if s < 0 || l < s || l > t.shape[d] as i64 || k <= 0 {
            return Err(format!(
                "slice {s}:{l}:{k} is invalid for dimension {d} of size {}",
                t.shape[d]
            ));
        }
        shape.push(((l - s + k - 1) / k) as usize);
        st.push(src[d] * k as isize);
        base += src[d] * s as isize;
    }
    Ok(gathered(t, shape.clone(), Walk::new(&shape, &st, base)))
}

/// `reverse` along each of `dims`.
fn reverse(t: &Tensor, dims: &[i64]) -> Result<Tensor, String> {
    let mut st = steps(&t.shape);
    let mut base = 0isize;
    for &d in dims {
        let d = axis(d, t.rank())?;
        if t.shape[d] > 0 && st[d] > 0 {
            base += st[d] * (t.shape[d] as isize - 1);
            st[d] = -st[d];
        }
    }
    Ok(gathered(t, t.shape.clone(), Walk::new(&t.shape, &st, base)))
}

/// `iota`: each element is its index along `dim`, in the element type `elem`.
pub fn iota(elem: &Elem, shape: Vec<usize>, dim: i64) -> Result<Tensor, String> {
    let d = axis(dim, shape.len())?;
    let inner: usize = shape[d + 1..].iter().product();
    let n: usize = shape.iter().product();
    let at = |i: usize| (i / inner.max(1)) % shape[d].max(1);
    let data = match elem {
        Elem::Float(_) => Data::Float((0..n).map(|i| elem.round(at(i) as f64)).collect()),
        Elem::Int { .. } => Data::Int((0..n).map(|i| elem.wrap(at(i) as i128)).collect()),
        Elem::Complex(_) => Data::Complex(
            (0..n)
                .map(|i| Complex64::new(elem.round(at(i) as f64), 0.0))
                .collect(),
        ),
        Elem::Quant(_) => return Err("iota of a quantized type".to_string()),
    };
    Ok(Tensor::new(elem.clone(), shape, data))
}
