//! A kernel's edges: the views between its HBM tensors and the values it computes on, peeled
//! off into the access patterns of its loads and stores.
//!
//! The `Loop` grow takes a transpose, a reshape that regroups dimensions, a slice or a broadcast
//! along some rows and not others only at a kernel's edge (`edge` in rules/elementwise.rules): in a
//! chain of views that reads an input, or in the chain that writes a result. Inside the kernel
//! such a view has no place in the rows-and-columns space, but at the edge it is only where the
//! elements are in HBM: a DMA reads them through a strided access pattern as well as in order.
//!
//! Where the elements are is a [`Dims`]: for each dimension of a value, the `(stride, size)`
//! runs of HBM elements it walks, outermost first. An input starts row-major; a transpose
//! permutes the dimensions; a reshape flattens the runs and regroups them by the new sizes,
//! splitting a run where a size divides it (no regrouping exists when none does); a broadcast
//! gives the dimensions it adds a stride of 0; a slice moves the first element to its start and
//! multiplies a dimension's stride by its step. A result's chain (transposes and reshapes only,
//! which write each element once) is walked back from the row-major result to the value
//! computed.
//!
//! Invariant: a peeled value's [`Dims`] name, element for element in row-major order, the HBM
//! element that holds it; the peeled ops leave the kernel's scope, and the tile pass reads and
//! writes those values through the patterns instead.

use crate::movement::dims;
use egfuse_diag::Diag;
use egfuse_ir::facts::{int_list, keeps_layout};
use egfuse_ir::{Module, OpId, ValueId};
use rustc_hash::FxHashSet;

/// For each dimension of a value, the runs of HBM elements it walks, outermost first.
pub type Dims = Vec<Vec<(i64, u64)>>;

/// A value the kernel computes on that a chain of views of an input gives.
#[derive(Clone, Debug)]
pub struct Read {
    pub value: ValueId,
    /// The input whose HBM tensor holds its elements.
    pub input: usize,
    /// Its first element in that tensor (a slice starts past the first).
    pub offset: i64,
    pub dims: Dims,
}

/// The edges of one kernel.
#[derive(Clone, Debug, Default)]
pub struct Edges {
    /// The views peeled off, no longer in the kernel's scope.
    pub peeled: FxHashSet<OpId>,
    pub reads: Vec<Read>,
    /// For each output, the value the kernel computes for it and, when a chain of views writes
    /// it, where that value's elements go in the output's HBM tensor.
    pub writes: Vec<(ValueId, Option<Dims>)>,
}

impl Edges {
    /// Whether nothing was peeled: the kernel reads and writes its tensors in order.
    pub fn is_empty(&self) -> bool {
        self.peeled.is_empty()
    }
}

/// The edges of the kernel of `ops` (program order) with arguments `inputs` and results
/// `outputs`: the chains of views that read an input or write a result and move elements
/// across the layout somewhere along the way.
pub fn peel(
    m: &Module,
    ops: &[OpId],
    inputs: &[ValueId],
    outputs: &[ValueId],
) -> Result<Edges, Diag> {
    let inside: FxHashSet<OpId> = ops.iter().copied().collect();
    let mut edges = Edges::default();
    for &o in outputs {
        let (v, chain) = written_chain(m, &inside, outputs, o);
        if !chain.iter().any(|&op| !keeps_layout(m, op)) {
            edges.writes.push((o, None));
            continue;
        }
        let mut dims = row_major(m, o);
        for &op in &chain {
            dims = back(m, op, dims).ok_or_else(|| unregrouped(m, op))?;
        }
        edges.peeled.extend(chain);
        edges.writes.push((v, Some(dims)));
    }
    read_chains(m, &inside, inputs, &mut edges)?;
    Ok(edges)
}

/// The chain of transposes and reshapes that writes output `o`, from `o` down (each value of
/// it read by the next op alone, `o` by the return alone), and the value at its bottom.
fn written_chain(
    m: &Module,
    inside: &FxHashSet<OpId>,
    outputs: &[ValueId],
    mut o: ValueId,
) -> (ValueId, Vec<OpId>) {
    let mut chain = Vec::new();
    while let Some(op) = m.defining_op(o).filter(|op| inside.contains(op)) {
        let name = &*m.op(op).name;
        let permutes = matches!(name, "stablehlo.transpose" | "stablehlo.reshape");
        let returned = outputs.iter().filter(|&&x| x == o).count();
        let one_reader = m.value(o).uses.len() == 1 && returned == usize::from(chain.is_empty());
        if !permutes || !one_reader {
            break;
        }
        chain.push(op);
        o = m.op(op).operands[0];
    }
    (o, chain)
}

/// Peels the chains of views that read an input and move elements somewhere along the way:
/// every view reached from an input through views alone once such a move is on its path, and
/// the views before the move that nothing else reads. A value of such a chain that an op the
/// kernel keeps (or a result) reads is a [`Read`].
fn read_chains(
    m: &Module,
    inside: &FxHashSet<OpId>,
    inputs: &[ValueId],
    edges: &mut Edges,
) -> Result<(), Diag> {
    // Each input's views, walked forward: the place of each value, and whether it moved on
    // the way.
    let mut todo: Vec<(Read, bool)> = (inputs.iter().enumerate())
        .map(|(i, &a)| {
            (
                Read {
                    value: a,
                    input: i,
                    offset: 0,
                    dims: row_major(m, a),
                },
                false,
            )
        })
        .collect();
    let mut moving: Vec<(OpId, Read)> = Vec::new();
    let mut before: Vec<OpId> = Vec::new();
    while let Some((at, moved)) = todo.pop() {
        for u in &m.value(at.value).uses {
            let op = u.op;
            if !inside.contains(&op) || edges.peeled.contains(&op) || !is_view(m, op) {
                continue;
            }
            let mut offset = at.offset;
            let Some(dims) = forward(m, op, at.dims.clone(), &mut offset) else {
                if moved || !keeps_layout(m, op) {
                    return Err(unregrouped(m, op));
                }
                continue;
            };
            let moves = moved || !keeps_layout(m, op);
            let value = m.op(op).results[0];
            let next = Read {
                value,
                input: at.input,
                offset,
                dims,
            };
            match moves {
                true => moving.push((op, next.clone())),
                false => before.push(op),
            }
            todo.push((next, moves));
        }
    }
    let peeled_now: FxHashSet<OpId> = moving.iter().map(|(op, _)| *op).collect();
    for (op, read) in moving {
        let kept_reader = (m.value(read.value).uses.iter()).any(|u| !peeled_now.contains(&u.op));
        if kept_reader {
            edges.reads.push(read);
        }
        edges.peeled.insert(op);
    }
    // A view before the move stays when something kept reads it; the rest go, latest first.
    before.sort_by_key(|op| std::cmp::Reverse(m.op_position(*op)));
    for op in before {
        let r = m.op(op).results[0];
        if (m.value(r).uses.iter()).all(|u| edges.peeled.contains(&u.op)) {
            edges.peeled.insert(op);
        }
    }
    edges
        .reads
        .sort_by_key(|r| m.defining_op(r.value).map(|o| m.op_position(o)));
    Ok(())
}

/// Whether `op` only views its operand: a broadcast, a reshape, a transpose or a slice.
fn is_view(m: &Module, op: OpId) -> bool {
    let o = m.op(op);
    let name = &*o.name;
    o.operands.len() == 1
        && o.results.len() == 1
        && matches!(
            name,
            "stablehlo.broadcast_in_dim"
                | "stablehlo.reshape"
                | "stablehlo.transpose"
                | "stablehlo.slice"
        )
}

/// The row-major runs of `v`'s dimensions.
pub(crate) fn row_major(m: &Module, v: ValueId) -> Dims {
    let d = dims(m, v);
    (0..d.len())
        .map(|k| vec![(d[k + 1..].iter().product::<u64>() as i64, d[k])])
        .collect()
}

/// The runs of `op`'s result, given those of its operand; a slice moves `offset` to its
/// first element.
fn forward(m: &Module, op: OpId, x: Dims, offset: &mut i64) -> Option<Dims> {
    let o = m.op(op);
    let to = dims(m, o.results[0]);
    match &*o.name {
        "stablehlo.slice" => {
            let start = o.attr("start_indices").and_then(int_list)?;
            let step = o.attr("strides").and_then(int_list)?;
            let mut out = Dims::with_capacity(x.len());
            for (k, runs) in x.into_iter().enumerate() {
                let (s, t, n) = (*start.get(k)?, *step.get(k)?, *to.get(k)?);
                match runs.as_slice() {
                    // A whole dimension, however it runs.
                    _ if s == 0 && t == 1 && runs.iter().map(|r| r.1).product::<u64>() == n => {
                        out.push(runs)
                    }
                    [(stride, _)] => {
                        *offset += s * stride;
                        out.push(vec![(stride * t, n)]);
                    }
                    [] if n <= 1 => out.push(Vec::new()),
                    _ => return None,
                }
            }
            Some(out)
        }
        "stablehlo.transpose" => {
            let perm = o.attr("permutation").and_then(int_list)?;
            perm.iter().map(|&p| x.get(p as usize).cloned()).collect()
        }
        "stablehlo.reshape" => regroup(x.into_iter().flatten().collect(), &to),
        "stablehlo.broadcast_in_dim" => {
            let bd = o.attr("broadcast_dimensions").and_then(int_list)?;
            let from = dims(m, o.operands[0]);
            let mut out: Dims = to.iter().map(|&n| vec![(0, n)]).collect();
            for (i, &j) in bd.iter().enumerate() {
                let j = usize::try_from(j).ok().filter(|&j| j < to.len())?;
                if from.get(i) == Some(&to[j]) {
                    out[j] = x.get(i)?.clone();
                }
            }
            Some(out)
        }
        _ => None,
    }
}

/// The runs of `op`'s operand, given those of its result (a transpose or a reshape).
fn back(m: &Module, op: OpId, y: Dims) -> Option<Dims> {
    let o = m.op(op);
    let from = dims(m, o.operands[0]);
    match &*o.name {
        "stablehlo.transpose" => {
            let perm = o.attr("permutation").and_then(int_list)?;
            let mut x: Dims = vec![Vec::new(); from.len()];
            for (k, &p) in perm.iter().enumerate() {
                *x.get_mut(p as usize)? = y.get(k)?.clone();
            }
            Some(x)
        }
        "stablehlo.reshape" => regroup(y.into_iter().flatten().collect(), &from),
        _ => None,
    }
}

/// The runs `runs` (outermost first) grouped into dimensions of sizes `to`, from the innermost:
/// each dimension takes whole runs while its size divides, and the inner part of a run its
/// remaining size divides.
pub(crate) fn regroup(runs: Vec<(i64, u64)>, to: &[u64]) -> Option<Dims> {
    if to.contains(&0) || runs.iter().any(|r| r.1 == 0) {
        return None;
    }
    let mut stack: Vec<(i64, u64)> = runs.into_iter().filter(|r| r.1 != 1).collect();
    let mut out: Dims = vec![Vec::new(); to.len()];
    for k in (0..to.len()).rev() {
        let mut need = to[k];
        let mut dim = Vec::new();
        while need > 1 {
            let (s, n) = stack.pop()?;
            if n <= need && need.is_multiple_of(n) {
                dim.push((s, n));
                need /= n;
            } else if n > need && n.is_multiple_of(need) {
                dim.push((s, need));
                stack.push((s * need as i64, n / need));
                need = 1;
            } else {
                return None;
            }
        }
        dim.reverse();
        out[k] = dim;
    }
    stack.is_empty().then_some(out)
}

fn unregrouped(m: &Module, op: OpId) -> Diag {
    Diag::new(
        "lower::layout",
        m.op(op).span,
        "a view at the kernel's edge that no access pattern follows",
    )
    .with_label("its elements are not runs of equal strides in the HBM tensor")
}

#[cfg(test)]
mod tests {
    use super::regroup;

    #[test]
    fn regrouping_splits_runs_where_sizes_divide_them() {
        // [17, 32] row-major, viewed as [17, 4, 8].
        let got = regroup(vec![(32, 17), (1, 32)], &[17, 4, 8]);
        assert_eq!(got, Some(vec![vec![(32, 17)], vec![(8, 4)], vec![(1, 8)]]));
        // [1, 17, 4, 8] transposed to [1, 4, 17, 8], back to [4, 136]: no run covers 136.
        let t = vec![(544, 1), (8, 4), (32, 17), (1, 8)];
        assert_eq!(
            regroup(t.clone(), &[4, 136]),
            Some(vec![vec![(8, 4)], vec![(32, 17), (1, 8)]])
        );
        // Sizes that do not divide a run have no grouping.
        assert_eq!(regroup(vec![(3, 2), (1, 3)], &[3, 2]), None);
        assert_eq!(regroup(t, &[4, 17, 8, 2]), None);
    }
}
