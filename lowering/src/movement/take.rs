//! `gather` kernels of the take-along-the-last-axis form: `out[r, j] = table[r, idx[r, j]]`,
//! `n` elements of each row `r` of the table, as a loss picks each token's logit (`n = 1`) or
//! `take_along_axis` reorders each row by its `argsort` (`operand_batching_dims` over every
//! dimension but the last). The index elements `(r, j)` are a grid of rows by `n`; one of its
//! axes goes on the partitions, in tiles of 128, and the other along the free dimension, in
//! chunks. Per tile and chunk:
//!
//! ```text
//! dma_copy       the indices into SBUF
//! tensor_scalar  each clamped into the row [0, V - 1], as StableHLO's gather clamps
//! iota           rows on the partitions: each row's first element, (start + p) * V, on GpSimd
//! tensor_tensor  rows on the partitions: row start + index (int32, exact)
//! dma_copy       per element of the chunk: one element per partition, indirect (`vector_offset`)
//! ```
//!
//! With the rows along the free dimension instead, each indirect DMA reads one row, so its
//! source starts at the row and the clamped indices are the offsets. The axis on the
//! partitions is the one that makes the fewer indirect DMAs.

use super::gather::{dimension_numbers, skeleton};
use super::{ap, push, sbuf, P};
use crate::tensor::dims;
use egfuse_diag::{Diag, Span};
use egfuse_ir::facts::int_list;
use egfuse_ir::{Module, OpId};
use egfuse_nisa::spec::{Alu, Arg, Opcode};
use egfuse_nisa::{Ap, BufId, Dtype, Kernel};

/// The largest table whose element offsets fp32 immediates (iota's offset) and int32 hold.
const MAX_ELEMENTS: u64 = 1 << 24;

/// The most index elements a partition holds at once.
const CHUNK: u64 = 512;

/// Whether the gather `op` takes elements along the last axis of each row: the indices'
/// batching dimensions are the table's leading ones, in order, and come before every other
/// index dimension that holds more than one element.
pub fn is_take(m: &Module, op: OpId) -> bool {
    let o = m.op(op);
    let Some((list, ivd)) = dimension_numbers(m, op) else {
        return false;
    };
    let (table, idx) = (dims(m, o.operands[0]), dims(m, o.operands[1]));
    let Some(last) = table.len().checked_sub(1) else {
        return false;
    };
    let leading: Vec<i64> = (0..last as i64).collect();
    let batching = list("start_indices_batching_dims");
    let batch_sizes: Option<Vec<u64>> = batching
        .iter()
        .map(|&d| idx.get(d as usize).copied())
        .collect();
    // The index elements run row by row: batching dimensions in order, and every other index
    // dimension of more than one element after them.
    let in_order = batching.windows(2).all(|w| w[0] < w[1]);
    let after = batching.last().map_or(-1, |&d| d);
    let row_major = (0..idx.len())
        .filter(|&d| d != ivd && !batching.contains(&(d as i64)))
        .all(|d| idx[d] == 1 || d as i64 > after);
    let sizes = o.attr("slice_sizes").and_then(int_list).unwrap_or_default();
    list("operand_batching_dims") == leading
        && in_order
        && batch_sizes.as_deref() == Some(&table[..last])
        && list("start_index_map") == [last as i64]
        && list("collapsed_slice_dims") == [last as i64]
        && list("offset_dims").is_empty()
        && sizes.iter().all(|&s| s == 1)
        && sizes.len() == table.len()
        && (ivd == idx.len() || idx[ivd] == 1)
        && row_major
}

/// The grid of index elements: `rows` rows of `n`.
#[derive(Clone, Copy)]
struct Grid {
    rows: u64,
    n: u64,
}

/// Which axis of the grid goes on the partitions.
#[derive(Clone, Copy, PartialEq)]
enum Across {
    Rows,
    Elements,
}

impl Grid {
    /// The axis on the partitions: the one with the fewer indirect DMAs, one per tile of 128
    /// and element of the other axis.
    fn across(self) -> Across {
        let tiles = |x: u64| x.div_ceil(P);
        if tiles(self.rows) * self.n <= tiles(self.n) * self.rows {
            Across::Rows
        } else {
            Across::Elements
        }
    }

    /// The sizes of the axes on the partitions and along the free dimension, and the strides
    /// of each through the index elements.
    fn axes(self, across: Across) -> [(u64, i64); 2] {
        let (rows, elements) = ((self.rows, self.n as i64), (self.n, 1));
        match across {
            Across::Rows => [rows, elements],
            Across::Elements => [elements, rows],
        }
    }
}

/// The SBUF tiles of a kernel: the loaded and the clamped indices, and with the rows on the
/// partitions, each row's first element and the offsets.
struct Tiles {
    loaded: BufId,
    clamped: BufId,
    starts: Option<(BufId, BufId)>,
    width: u64,
}

/// The kernel `name` of the gather `op`, which [`is_take`].
pub fn kernel(m: &Module, op: OpId, name: String) -> Result<Kernel, Diag> {
    let o = m.op(op);
    let ts = dims(m, o.operands[0]);
    let row = ts.last().copied().unwrap_or(0);
    let rows: u64 = ts[..ts.len() - 1].iter().product();
    if row == 0 || rows * row > MAX_ELEMENTS {
        let msg = format!(
            "a take-along gather from a table of {} elements",
            rows * row
        );
        return Err(Diag::new("lower::no-lowering", o.span, msg)
            .with_label("element offsets are computed on chip in int32 from fp32 immediates")
            .with_help("tables of at most 2^24 elements are lowered"));
    }
    let elements: u64 = dims(m, o.operands[1]).iter().product();
    let grid = Grid {
        rows,
        n: elements.checked_div(rows).unwrap_or(0),
    };
    let across = grid.across();
    let [(parts, _), (free, _)] = grid.axes(across);
    let (mut k, id) = skeleton(m, op, name)?;
    let width = CHUNK.min(free).max(1);
    let mut tiles = Tiles {
        loaded: sbuf(&mut k, "idx", id, vec![P, width]),
        clamped: sbuf(&mut k, "clamped", Dtype::I32, vec![P, width]),
        starts: None,
        width,
    };
    if across == Across::Rows {
        let first = sbuf(&mut k, "row_start", Dtype::I32, vec![P, 1]);
        tiles.starts = Some((first, sbuf(&mut k, "offset", Dtype::I32, vec![P, width])));
    }
    for p in (0..parts).step_by(P as usize) {
        for f in (0..free).step_by(width as usize) {
            let block = [(p, P.min(parts - p)), (f, width.min(free - f))];
            one_tile(&mut k, o.span, &tiles, grid.axes(across), block, row);
        }
    }
    Ok(k)
}

/// The index elements `block` (a start and a size on the partitions, then along the free
/// dimension) of the grid whose axes are `axes`, from a table whose rows hold `row` elements.
fn one_tile(
    k: &mut Kernel,
    span: Span,
    tiles: &Tiles,
    axes: [(u64, i64); 2],
    block: [(u64, u64); 2],
    row: u64,
) {
    let [(_, ps), (_, fs)] = axes;
    let [(p0, psize), (f0, fsize)] = block;
    let w = tiles.width as i64;
    let at = |buf: BufId| Arg::Ap(ap(buf, 0, vec![(w, psize), (1, fsize)]));
    let first = p0 as i64 * ps + f0 as i64 * fs;
    let indices = ap(BufId(1), first, vec![(ps, psize), (fs, fsize)]);
    push(
        k,
        span,
        Opcode::DmaCopy,
        vec![("dst", at(tiles.loaded)), ("src", Arg::Ap(indices))],
    );
    let clamp = vec![
        ("dst", at(tiles.clamped)),
        ("data", at(tiles.loaded)),
        ("op0", Arg::Alu(Alu::Maximum)),
        ("operand0", Arg::Float(0.0)),
        ("op1", Arg::Alu(Alu::Minimum)),
        ("operand1", Arg::Float((row - 1) as f64)),
    ];
    push(k, span, Opcode::TensorScalar, clamp);
    let offsets = match tiles.starts {
        Some((starts, offset)) => {
            row_offsets(k, span, (tiles, starts, offset), p0, (psize, fsize), row);
            offset
        }
        None => tiles.clamped,
    };
    for f in 0..fsize {
        // With the rows along the free dimension, this DMA reads the one row `f0 + f`.
        let source = match tiles.starts {
            Some(_) => 0,
            None => (f0 + f) * row,
        };
        let column = ap(offsets, f as i64, vec![(w, psize), (1, 1)]);
        let dst = ap(BufId(2), first + f as i64 * fs, vec![(ps, psize), (1, 1)]);
        indirect(k, span, dst, (source, psize), column);
    }
}

/// One element per partition into `dst`, from the table at `source` plus each partition's
/// offset in `offsets`.
fn indirect(k: &mut Kernel, span: Span, dst: Ap, (source, size): (u64, u64), offsets: Ap) {
    let src = ap(BufId(0), source as i64, vec![(1, size), (1, 1)]);
    let moved = vec![
        ("dst", Arg::Ap(dst)),
        ("src", Arg::Ap(src)),
        ("vector_offset", Arg::Ap(offsets)),
    ];
    push(k, span, Opcode::DmaCopy, moved);
}

/// With the rows on the partitions, the offsets of a tile of `shape` from row `p0`: each
/// row's first element `(p0 + p) * row` by an iota, plus the clamped indices.
fn row_offsets(
    k: &mut Kernel,
    span: Span,
    (tiles, starts, offset): (&Tiles, BufId, BufId),
    p0: u64,
    (psize, fsize): (u64, u64),
    row: u64,
) {
    let iota = vec![
        ("dst", Arg::Ap(ap(starts, 0, vec![(1, psize), (1, 1)]))),
        ("offset", Arg::Float((p0 * row) as f64)),
        ("channel_multiplier", Arg::Float(row as f64)),
    ];
    push(k, span, Opcode::Iota, iota);
    let w = tiles.width as i64;
    let tile = |buf: BufId| Arg::Ap(ap(buf, 0, vec![(w, psize), (1, fsize)]));
    let add = vec![
        ("dst", tile(offset)),
        (
            "data1",
            Arg::Ap(ap(starts, 0, vec![(1, psize), (0, fsize)])),
        ),
        ("data2", tile(tiles.clamped)),
        ("op", Arg::Alu(Alu::Add)),
    ];
    push(k, span, Opcode::TensorTensor, add);
}
