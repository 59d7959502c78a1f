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
//! multiplies a dimension's stride by its step. A result's chain (transposes, reshapes and
//! concatenates, which write each element once) is walked back from the row-major result to
//! the values computed; below a concatenate each operand is a [`Write`] of its own range of
//! the output.
//!
//! Invariant: a peeled value's [`Dims`] name, element for element in row-major order, the HBM
//! element that holds it; the peeled ops leave the kernel's scope, and the tile pass reads and
//! writes those values through the patterns instead.

use crate::tensor::dims;
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

/// A value the kernel computes and where it goes: all of one output, or (below a
/// concatenate) a piece of it.
#[derive(Clone, Debug)]
pub struct Write {
    pub value: ValueId,
    /// The output whose HBM tensor it goes to.
    pub output: usize,
    /// Its first element in that tensor (a concatenate's later pieces start past the first).
    pub offset: i64,
    /// Where its elements go, when a chain of views writes it; none when it is the output
    /// itself, in order.
    pub dims: Option<Dims>,
    /// The runs a broadcast in that chain repeats it along: it is written once per element
    /// of them, each time shifted by their strides.
    pub repeats: Vec<(i64, u64)>,
}

impl Write {
    /// All of output `output`, the value itself.
    pub fn whole(value: ValueId, output: usize) -> Write {
        Write {
            value,
            output,
            offset: 0,
            dims: None,
            repeats: Vec::new(),
        }
    }
}

/// The edges of one kernel.
#[derive(Clone, Debug, Default)]
pub struct Edges {
    /// The views peeled off, no longer in the kernel's scope.
    pub peeled: FxHashSet<OpId>,
    pub reads: Vec<Read>,
    /// What the kernel computes for each output, in output order: one write per output, or
    /// one per piece where a concatenate joins several.
    pub writes: Vec<Write>,
}

impl Edges {
    /// Whether nothing was peeled: the kernel reads and writes its tensors in order.
    pub fn is_empty(&self) -> bool {
        self.peeled.is_empty()
    }
}

/// Which chains of views that read an input the loads take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reads {
    /// Those that move elements across the layout somewhere along the way.
    Moving,
    /// Those and every chain with a broadcast, each loaded whole by zero strides: for a
    /// kernel whose space has no place for what a broadcast reads (an MoE's gates `[t, e]`
    /// broadcast along `d` in a space of `[t, e, d]` summed over `e`).
    Broadcasts,
}

/// The edges of the kernel of `ops` (program order) with arguments `inputs` and results
/// `outputs`: the chains of views that read an input or write a result and move elements
/// across the layout somewhere along the way, and the chains `reads` asks for.
pub fn peel(
    m: &Module,
    ops: &[OpId],
    (inputs, outputs): (&[ValueId], &[ValueId]),
    reads: Reads,
) -> Result<Edges, Diag> {
    let inside: FxHashSet<OpId> = ops.iter().copied().collect();
    let mut edges = Edges::default();
    for (j, &o) in outputs.iter().enumerate() {
        let (pieces, chain) = written(m, &inside, outputs, o)?;
        if !chain.iter().any(|&op| !keeps_layout(m, op)) {
            edges.writes.push(Write::whole(o, j));
            continue;
        }
        edges.peeled.extend(chain);
        let writes = (pieces.into_iter()).map(|p| Write {
            value: p.value,
            output: j,
            offset: p.offset,
            dims: Some(p.dims),
            repeats: p.repeats,
        });
        edges.writes.extend(writes);
    }
    read_chains(m, &inside, inputs, reads, &mut edges)?;
    Ok(edges)
}

/// A value at the bottom of the chain of views that writes an output: where its elements go.
struct Piece {
    value: ValueId,
    offset: i64,
    dims: Dims,
    repeats: Vec<(i64, u64)>,
}

/// The values written to output `o`, each with its place in `o`'s tensor, and the chain of
/// views above them: walked down from `o` through the transposes, reshapes, broadcasts and
/// concatenates whose results only the walk reads (`o` by the return alone).
fn written(
    m: &Module,
    inside: &FxHashSet<OpId>,
    outputs: &[ValueId],
    o: ValueId,
) -> Result<(Vec<Piece>, Vec<OpId>), Diag> {
    let (mut pieces, mut chain) = (Vec::new(), Vec::new());
    let top = Piece {
        value: o,
        offset: 0,
        dims: row_major(m, o),
        repeats: Vec::new(),
    };
    let mut todo = vec![top];
    while let Some(p) = todo.pop() {
        let v = p.value;
        let returned = outputs.iter().filter(|&&x| x == v).count();
        let one_reader = m.value(v).uses.len() == 1 && returned == usize::from(v == o);
        let op = m
            .defining_op(v)
            .filter(|op| inside.contains(op) && one_reader);
        let name = op.map(|op| &*m.op(op).name);
        match (op, name) {
            (Some(op), Some("stablehlo.transpose" | "stablehlo.reshape")) => {
                let dims = back(m, op, p.dims.clone()).ok_or_else(|| unregrouped(m, op))?;
                let value = m.op(op).operands[0];
                todo.push(Piece { value, dims, ..p });
            }
            (Some(op), Some("stablehlo.broadcast_in_dim")) if computed(m, inside, op) => {
                todo.push(repeated(m, op, p).ok_or_else(|| unregrouped(m, op))?);
            }
            (Some(op), Some("stablehlo.concatenate")) => {
                let parts = pieces_of(m, op, p).ok_or_else(|| unregrouped(m, op))?;
                todo.extend(parts.into_iter().rev());
            }
            _ => {
                pieces.push(p);
                continue;
            }
        }
        chain.extend(op);
    }
    Ok((pieces, chain))
}

/// Whether `op` views a value the kernel computes, not only an input's elements (which a load
/// through the views reads, broadcast and all, in one pattern).
fn computed(m: &Module, inside: &FxHashSet<OpId>, op: OpId) -> bool {
    let mut todo = vec![op];
    let mut seen = FxHashSet::default();
    while let Some(o) = todo.pop() {
        for &x in &m.op(o).operands {
            match m.defining_op(x).filter(|d| inside.contains(d)) {
                Some(d) if !is_view(m, d) && &*m.op(d).name != "stablehlo.concatenate" => {
                    return true
                }
                Some(d) if seen.insert(d) => todo.push(d),
                _ => {}
            }
        }
    }
    false
}

/// The operand of the broadcast `op`, given its result's place `p`: the dimensions it keeps
/// keep their runs, and those it adds or widens from one element are repeats.
fn repeated(m: &Module, op: OpId, p: Piece) -> Option<Piece> {
    let o = m.op(op);
    let bd = o.attr("broadcast_dimensions").and_then(int_list)?;
    let (from, to) = (dims(m, o.operands[0]), dims(m, o.results[0]));
    let mut dims: Dims = vec![Vec::new(); from.len()];
    let mut kept = vec![false; to.len()];
    for (i, &j) in bd.iter().enumerate() {
        let j = usize::try_from(j).ok().filter(|&j| j < to.len())?;
        if *from.get(i)? == to[j] {
            dims[i] = p.dims.get(j)?.clone();
            kept[j] = true;
        }
    }
    let mut repeats = p.repeats;
    for (j, runs) in p.dims.iter().enumerate() {
        if !kept[j] {
            repeats.extend(runs.iter().copied().filter(|r| r.1 != 1));
        }
    }
    Some(Piece {
        value: o.operands[0],
        offset: p.offset,
        dims,
        repeats,
    })
}

/// The operands of the concatenate `op`, each with its place, given its result's place `p`;
/// an operand of no elements is no piece.
fn pieces_of(m: &Module, op: OpId, p: Piece) -> Option<Vec<Piece>> {
    let d = usize::try_from(m.op(op).attr("dimension")?.as_int()?).ok()?;
    let mut out = Vec::new();
    let mut at = 0;
    for &x in &m.op(op).operands {
        let n = *dims(m, x).get(d)?;
        let mut runs = p.dims.clone();
        let start = match p.dims.get(d)?.as_slice() {
            [(stride, _)] => {
                runs[d] = vec![(*stride, n)];
                p.offset + at as i64 * stride
            }
            [] => p.offset,
            _ => return None,
        };
        if n > 0 && dims(m, x).iter().all(|&k| k > 0) {
            out.push(Piece {
                value: x,
                offset: start,
                dims: runs,
                repeats: p.repeats.clone(),
            });
        }
        at += n;
    }
    Some(out)
}

/// Peels the chains of views that read an input and move elements somewhere along the way:
/// every view reached from an input through views alone once such a move is on its path, and
/// the views before the move that nothing else reads. A value of such a chain that an op the
/// kernel keeps (or a result) reads is a [`Read`].
fn read_chains(
    m: &Module,
    inside: &FxHashSet<OpId>,
    inputs: &[ValueId],
    reads: Reads,
    edges: &mut Edges,
) -> Result<(), Diag> {
    let broadcast =
        |op: OpId| reads == Reads::Broadcasts && &*m.op(op).name == "stablehlo.broadcast_in_dim";
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
            let moves = moved || !keeps_layout(m, op) || broadcast(op);
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
pub(crate) fn is_view(m: &Module, op: OpId) -> bool {
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
pub(crate) fn forward(m: &Module, op: OpId, x: Dims, offset: &mut i64) -> Option<Dims> {
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
/// remaining size divides. Adjacent runs that walk memory as one (the outer's stride the
/// inner's stride times its size) are one run first, so that a dimension may take part of it.
pub(crate) fn regroup(runs: Vec<(i64, u64)>, to: &[u64]) -> Option<Dims> {
    if to.contains(&0) || runs.iter().any(|r| r.1 == 0) {
        return None;
    }
    let mut stack: Vec<(i64, u64)> = Vec::new();
    for (s, n) in runs.into_iter().filter(|r| r.1 != 1) {
        match stack.last_mut() {
            Some(outer) if outer.0 == s * n as i64 => *outer = (s, outer.1 * n),
            _ => stack.push((s, n)),
        }
    }
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
        // [3, 3, 20] row-major, one run of 180, viewed as [3, 5, 3, 4]: the 20 alone divides by
        // neither 3 nor 5.
        let flat = vec![(60, 3), (20, 3), (1, 20)];
        let got = regroup(flat, &[3, 5, 3, 4]);
        assert_eq!(
            got,
            Some(vec![
                vec![(60, 3)],
                vec![(12, 5)],
                vec![(4, 3)],
                vec![(1, 4)]
            ])
        );
        // Runs that walk memory as one regroup as one: [2, 3] row-major viewed as [3, 2].
        let got = regroup(vec![(3, 2), (1, 3)], &[3, 2]);
        assert_eq!(got, Some(vec![vec![(2, 3)], vec![(1, 2)]]));
        // Sizes that do not divide a run have no grouping: rows of 3 at a stride of 4.
        assert_eq!(regroup(vec![(4, 2), (1, 3)], &[3, 2]), None);
        assert_eq!(regroup(t, &[4, 17, 8, 2]), None);
    }
}
