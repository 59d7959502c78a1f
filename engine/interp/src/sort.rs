//! `sort` (variadic operands, a comparator region) and `chlo.top_k`.
//!
//! `sort` is always stable (a stable sort satisfies `is_stable = false` too). The comparator is
//! user code that need not be a strict weak order, so the sort is a merge sort that never
//! relies on the order being consistent and cannot panic on one that is not.
//!
//! `top_k` orders floats as CHLO's legalization does, by `compare GT, TOTALORDER`: NaN with the
//! sign bit clear is above +inf, NaN with it set below -inf, -0 below +0; ties keep the lower
//! index first.

use super::body::Body;
use super::dispatch::Claim;
use super::layout::{axis, blank, int_attr, steps, Walk};
use super::tensor::{Data, Tensor};
use super::Interpreter;
use egfuse_ir::OpId;

pub fn eval(cx: &mut Interpreter, op: OpId, stem: &str, args: &[&Tensor]) -> Claim {
    Some(match stem {
        "sort" => sort(cx, op, args),
        "top_k" => top_k(cx, op, args[0]),
        _ => return None,
    })
}

/// The offsets of every 1-D line of `shape` along dimension `d`: `(start, step)`.
fn lines(shape: &[usize], d: usize) -> (Vec<usize>, isize) {
    let st = steps(shape);
    let mut outer = shape.to_vec();
    outer[d] = 1;
    (Walk::new(&outer, &st, 0).collect(), st[d])
}

fn sort(cx: &mut Interpreter, op: OpId, args: &[&Tensor]) -> Result<Vec<Tensor>, String> {
    let first = args.first().ok_or("sort needs operands")?;
    if args.iter().any(|t| t.shape != first.shape) {
        return Err("sort operands differ in shape".to_string());
    }
    if first.rank() == 0 {
        return Ok(args.iter().map(|t| (*t).clone()).collect());
    }
    let dim = int_attr(cx, op, "dimension", -1);
    let d = axis(
        if dim < 0 {
            dim + first.rank() as i64
        } else {
            dim
        },
        first.rank(),
    )?;
    let body = Body::new(cx, op, 0)?;
    let n = first.shape[d];
    let (starts, step) = lines(&first.shape, d);
    let mut perm = Vec::with_capacity(first.len());
    for start in starts {
        let line: Vec<usize> = (0..n)
            .map(|k| (start as isize + k as isize * step) as usize)
            .collect();
        let sorted = merge_sort(line.clone(), &mut |a, b| {
            let operands: Vec<(&Tensor, usize)> =
                args.iter().flat_map(|t| [(*t, a), (*t, b)]).collect();
            body.test(cx, &operands)
        })?;
        perm.extend(line.into_iter().zip(sorted));
    }
    perm.sort_unstable();
    Ok(args
        .iter()
        .map(|t| {
            Tensor::new(
                t.elem.clone(),
                t.shape.clone(),
                t.data.select(perm.iter().map(|p| p.1)),
            )
        })
        .collect())
}

/// A stable merge sort of `items` by the fallible `less`; an element moves before an earlier
/// one only when `less(later, earlier)` holds.
fn merge_sort(
    mut items: Vec<usize>,
    less: &mut dyn FnMut(usize, usize) -> Result<bool, String>,
) -> Result<Vec<usize>, String> {
    let n = items.len();
    let mut buf = Vec::with_capacity(n);
    let mut width = 1;
    while width < n {
        buf.clear();
        for lo in (0..n).step_by(2 * width) {
            let mid = (lo + width).min(n);
            let hi = (lo + 2 * width).min(n);
            let (mut i, mut j) = (lo, mid);
            while i < mid && j < hi {
                if less(items[j], items[i])? {
                    buf.push(items[j]);
                    j += 1;
                } else {
                    buf.push(items[i]);
                    i += 1;
                }
            }
            buf.extend_from_slice(&items[i..mid]);
            buf.extend_from_slice(&items[j..hi]);
        }
        std::mem::swap(&mut items, &mut buf);
        width *= 2;
    }
    Ok(items)
}

/// `chlo.top_k`: the `k` largest elements of each row (last dimension) and their indices.
fn top_k(cx: &Interpreter, op: OpId, t: &Tensor) -> Result<Vec<Tensor>, String> {
    let k = usize::try_from(int_attr(cx, op, "k", -1)).map_err(|_| "top_k needs k >= 0")?;
    let d = t
        .rank()
        .checked_sub(1)
        .ok_or("top_k needs a ranked operand of rank >= 1")?;
    let n = t.shape[d];
    if k > n {
        return Err(format!("k = {k} exceeds the last dimension {n}"));
    }
    let index_elem = cx.result_elem(op, 1)?;
    let mut shape = t.shape.clone();
    shape[d] = k;
    let rows = t.len().checked_div(n).unwrap_or(0);
    let mut picks = Vec::with_capacity(rows * k);
    let mut order: Vec<usize> = Vec::with_capacity(n);
    for r in 0..rows {
        order.clear();
        order.extend(0..n);
        let at = |i: usize| r * n + i;
        match &t.data {
            Data::Float(v) => order.sort_by(|&a, &b| v[at(b)].total_cmp(&v[at(a)])),
            Data::Int(v) => order.sort_by(|&a, &b| v[at(b)].cmp(&v[at(a)])),
            Data::Complex(_) => return Err("top_k of complex numbers".to_string()),
        }
        picks.extend(order[..k].iter().map(|&i| (at(i), i)));
    }
    let values = t.data.select(picks.iter().map(|p| p.0));
    let mut indices = blank(&index_elem, picks.len());
    if let Data::Int(v) = &mut indices {
        for (slot, p) in v.iter_mut().zip(&picks) {
            *slot = index_elem.wrap(p.1 as i128);
        }
    }
    Ok(vec![
        Tensor::new(t.elem.clone(), shape.clone(), values),
        Tensor::new(index_elem, shape, indices),
    ])
}
