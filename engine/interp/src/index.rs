//! `gather`, `dynamic_gather` and `scatter` with their full dimension numbers: offset / window
//! dimensions, collapsed / inserted dimensions, batching dimensions on both sides,
//! `index_vector_dim` (equal to the indices' rank when the index vectors are implicit scalars).
//!
//! Gather clamps each start index so the slice fits, as the spec says. Scatter skips an update
//! window whose start puts any part of it out of bounds, as XLA does (the spec leaves the
//! order and out-of-bounds handling to the implementation); `indices_are_sorted` and
//! `unique_indices` are hints and are ignored.

use super::body::Body;
use super::dispatch::Claim;
use super::layout::{axis, blank, field_int, field_ints, shape_operand, steps, Walk};
use super::tensor::{next_index, Tensor};
use super::Interpreter;
use egfuse_ir::{Attr, OpId};

pub fn eval(cx: &mut Interpreter, op: OpId, stem: &str, args: &[&Tensor]) -> Claim {
    Some(match stem {
        "gather" => super::layout::required_ints(cx, op, "slice_sizes")
            .and_then(|s| gather(cx, op, args, &to_sizes(&s)?)),
        "dynamic_gather" => args
            .get(2)
            .ok_or_else(|| "dynamic_gather takes three operands".to_string())
            .and_then(|t| shape_operand(t))
            .and_then(|s| gather(cx, op, args, &s)),
        "scatter" => scatter(cx, op, args),
        _ => return None,
    })
}

fn to_sizes(v: &[i64]) -> Result<Vec<usize>, String> {
    v.iter()
        .map(|&s| usize::try_from(s).map_err(|_| format!("negative slice size {s}")))
        .collect()
}

fn numbers<'a>(cx: &Interpreter<'a>, op: OpId, name: &str) -> Result<&'a Attr, String> {
    cx.module
        .op(op)
        .attr(name)
        .ok_or_else(|| format!("missing `{name}`"))
}

/// The index vectors of an indices tensor: one per index of its batch dimensions (all but
/// `index_vector_dim`), read as signed integers.
struct Indices {
    values: Vec<i64>,
    batch_shape: Vec<usize>,
    /// Offsets of each batch dimension and of the vector dimension in `values`.
    batch_steps: Vec<isize>,
    vector_step: isize,
    vector_len: usize,
    /// The index of each indices dimension among the batch dimensions (`None` for the vector).
    batch_pos: Vec<Option<usize>>,
}

impl Indices {
    fn new(t: &Tensor, index_vector_dim: i64) -> Result<Indices, String> {
        let ivd = usize::try_from(index_vector_dim)
            .ok()
            .filter(|&d| d <= t.rank())
            .ok_or_else(|| format!("index_vector_dim {index_vector_dim} is out of range"))?;
        let st = steps(&t.shape);
        let mut out = Indices {
            values: t.as_indices()?,
            batch_shape: Vec::new(),
            batch_steps: Vec::new(),
            vector_step: 0,
            vector_len: 1,
            batch_pos: Vec::new(),
        };
        for (d, (&n, &step)) in t.shape.iter().zip(&st).enumerate() {
            if d == ivd {
                out.vector_step = step;
                out.vector_len = n;
                out.batch_pos.push(None);
            } else {
                out.batch_pos.push(Some(out.batch_shape.len()));
                out.batch_shape.push(n);
                out.batch_steps.push(step);
            }
        }
        Ok(out)
    }

    /// Element `k` of the index vector at batch index `b`.
    fn at(&self, b: &[usize], k: usize) -> i64 {
        let base: isize = b
            .iter()
            .zip(&self.batch_steps)
            .map(|(&i, &s)| i as isize * s)
            .sum();
        self.values[(base + k as isize * self.vector_step) as usize]
    }

    /// The position among the batch dimensions of indices dimension `d`.
    fn batch_dim(&self, d: i64) -> Result<usize, String> {
        usize::try_from(d)
            .ok()
            .and_then(|d| self.batch_pos.get(d).copied().flatten())
            .ok_or_else(|| format!("indices batching dimension {d} is invalid"))
    }
}

/// The operand dimensions that carry window (offset) elements: all but the collapsed (or
/// inserted) and batching ones, ascending.
fn window_dims(rank: usize, dropped: &[i64], batching: &[i64]) -> Vec<usize> {
    (0..rank)
        .filter(|&d| !dropped.contains(&(d as i64)) && !batching.contains(&(d as i64)))
        .collect()
}

/// Where each batch index of the indices starts in the operand: the start dimensions from the
/// index vector, the batching dimensions from the batch index itself.
struct Starts {
    map: Vec<usize>,
    /// `(operand dimension, batch position)` pairs.
    batching: Vec<(usize, usize)>,
}

impl Starts {
    fn new(
        idx: &Indices,
        rank: usize,
        map: &[i64],
        operand_batching: &[i64],
        indices_batching: &[i64],
    ) -> Result<Starts, String> {
        if map.len() != idx.vector_len {
            return Err(format!(
                "{} start dimensions for index vectors of length {}",
                map.len(),
                idx.vector_len
            ));
        }
        let map = map
            .iter()
            .map(|&d| axis(d, rank))
            .collect::<Result<_, _>>()?;
        let batching = operand_batching
            .iter()
            .zip(indices_batching)
            .map(|(&o, &i)| Ok((axis(o, rank)?, idx.batch_dim(i)?)))
            .collect::<Result<_, String>>()?;
        Ok(Starts { map, batching })
    }

    /// The full start index (unclamped) for batch index `b`.
    fn full(&self, idx: &Indices, b: &[usize], rank: usize) -> Vec<i64> {
        let mut start = vec![0i64; rank];
        for (k, &d) in self.map.iter().enumerate() {
            start[d] = idx.at(b, k);
        }
        for &(d, p) in &self.batching {
            start[d] = b[p] as i64;
        }
        start
    }
}

fn gather(
    cx: &Interpreter,
    op: OpId,
    args: &[&Tensor],
    sizes: &[usize],
) -> Result<Vec<Tensor>, String> {
    let (operand, indices) = (args[0], args[1]);
    let dn = numbers(cx, op, "dimension_numbers")?;
    let offset_dims = field_ints(dn, "offset_dims")?;
    let collapsed = field_ints(dn, "collapsed_slice_dims")?;
    let op_batching = field_ints(dn, "operand_batching_dims")?;
    let idx = Indices::new(indices, field_int(dn, "index_vector_dim", 0))?;
    let starts = Starts::new(
        &idx,
        operand.rank(),
        &field_ints(dn, "start_index_map")?,
        &op_batching,
        &field_ints(dn, "start_indices_batching_dims")?,
    )?;
    if sizes.len() != operand.rank() || (0..sizes.len()).any(|d| sizes[d] > operand.shape[d]) {
        return Err(format!(
            "slice sizes {sizes:?} do not fit operand {:?}",
            operand.shape
        ));
    }
    let wdims = window_dims(operand.rank(), &collapsed, &op_batching);
    if wdims.len() != offset_dims.len() {
        return Err("offset dimensions do not match the operand's window dimensions".to_string());
    }
    let rank = offset_dims.len() + idx.batch_shape.len();
    let mut shape = vec![0usize; rank];
    let mut is_offset = vec![false; rank];
    for (k, &d) in offset_dims.iter().enumerate() {
        let d = axis(d, rank)?;
        shape[d] = sizes[wdims[k]];
        is_offset[d] = true;
    }
    let batch_out: Vec<usize> = (0..rank).filter(|&d| !is_offset[d]).collect();
    for (k, &d) in batch_out.iter().enumerate() {
        shape[d] = idx.batch_shape[k];
    }
    let (ost, sst) = (steps(&shape), steps(&operand.shape));
    let offset_out: Vec<usize> = (0..rank).filter(|&d| is_offset[d]).collect();
    let win_shape: Vec<usize> = offset_out.iter().map(|&d| shape[d]).collect();
    let win_dst: Vec<isize> = offset_out.iter().map(|&d| ost[d]).collect();
    let win_src: Vec<isize> = wdims.iter().map(|&d| sst[d]).collect();
    let mut out = Tensor::new(
        operand.elem.clone(),
        shape.clone(),
        blank(&operand.elem, shape.iter().product()),
    );
    let mut b = vec![0usize; idx.batch_shape.len()];
    let batches: usize = idx.batch_shape.iter().product();
    for _ in 0..if out.is_empty() { 0 } else { batches } {
        let start = starts.full(&idx, &b, operand.rank());
        let src: isize = (0..operand.rank())
            .map(|d| start[d].clamp(0, (operand.shape[d] - sizes[d]) as i64) as isize * sst[d])
            .sum();
        let dst: isize = batch_out
            .iter()
            .zip(&b)
            .map(|(&d, &i)| i as isize * ost[d])
            .sum();
        let from = Walk::new(&win_shape, &win_src, src);
        for (o, i) in Walk::new(&win_shape, &win_dst, dst).zip(from) {
            out.data.set_from(o, &operand.data, i);
        }
        next_index(&mut b, &idx.batch_shape);
    }
    Ok(vec![out])
}

fn scatter(cx: &mut Interpreter, op: OpId, args: &[&Tensor]) -> Result<Vec<Tensor>, String> {
    let n = args.len() / 2;
    if args.len() != 2 * n + 1 || n == 0 {
        return Err("scatter takes N inputs, the indices and N updates".to_string());
    }
    let (inputs, indices, updates) = (&args[..n], args[n], &args[n + 1..]);
    let dn = numbers(cx, op, "scatter_dimension_numbers")?;
    let window_of_update = field_ints(dn, "update_window_dims")?;
    let in_batching = field_ints(dn, "input_batching_dims")?;
    let idx = Indices::new(indices, field_int(dn, "index_vector_dim", 0))?;
    let rank = inputs[0].rank();
    let starts = Starts::new(
        &idx,
        rank,
        &field_ints(dn, "scatter_dims_to_operand_dims")?,
        &in_batching,
        &field_ints(dn, "scatter_indices_batching_dims")?,
    )?;
    let wdims = window_dims(rank, &field_ints(dn, "inserted_window_dims")?, &in_batching);
    let ushape = &updates[0].shape;
    let is_window: Vec<bool> = (0..ushape.len())
        .map(|d| window_of_update.contains(&(d as i64)))
        .collect();
    if wdims.len() != window_of_update.len() {
        return Err("update window dimensions do not match the input's".to_string());
    }
    let (ust, ist) = (steps(ushape), steps(&inputs[0].shape));
    let pick =
        |w: bool| -> Vec<usize> { (0..ushape.len()).filter(|&d| is_window[d] == w).collect() };
    let (scatter_dims, window_dims_u) = (pick(false), pick(true));
    let win_shape: Vec<usize> = window_dims_u.iter().map(|&d| ushape[d]).collect();
    let win_src: Vec<isize> = window_dims_u.iter().map(|&d| ust[d]).collect();
    let win_dst: Vec<isize> = wdims.iter().map(|&d| ist[d]).collect();
    let scatter_shape: Vec<usize> = scatter_dims.iter().map(|&d| ushape[d]).collect();
    if scatter_shape != idx.batch_shape {
        return Err(format!(
            "update scatter dimensions {scatter_shape:?} differ from the indices' {:?}",
            idx.batch_shape
        ));
    }
    let mut window_size = vec![1usize; rank];
    for (k, &d) in wdims.iter().enumerate() {
        window_size[d] = win_shape[k];
    }
    let mut results: Vec<Tensor> = inputs.iter().map(|t| (*t).clone()).collect();
    let body = Body::new(cx, op, 0)?;
    let mut b = vec![0usize; scatter_shape.len()];
    for _ in 0..scatter_shape.iter().product::<usize>() {
        let start = starts.full(&idx, &b, rank);
        let fits = (0..rank)
            .all(|d| start[d] >= 0 && start[d] as usize + window_size[d] <= inputs[0].shape[d]);
        if fits {
            let dst: isize = (0..rank).map(|d| start[d] as isize * ist[d]).sum();
            let src: isize = scatter_dims
                .iter()
                .zip(&b)
                .map(|(&d, &i)| i as isize * ust[d])
                .sum();
            let from = Walk::new(&win_shape, &win_src, src);
            for (ri, ui) in Walk::new(&win_shape, &win_dst, dst).zip(from) {
                body.fold(cx, &mut results, ri, updates, ui)?;
            }
        }
        next_index(&mut b, &scatter_shape);
    }
    Ok(results)
}
