//! The x4 layout the MX instructions read and write (`egfuse_nisa::mx`), as `mx_quantize` and
//! `mx_matmul` build it: a chunk of 512 elements along the blocks on 128 partitions x 4 lanes
//! (nkilib's swizzle: lane `x` of partition `p` holds element `4 p + x`), a short last chunk
//! padded with zeros to a whole quadrant, and the scales on each quadrant's first rows.

use crate::movement::{ap, push};
use egfuse_nisa::mx::{BLOCK_PARTITIONS, BLOCK_WIDTH, QUADRANT, SCALE_ROWS};
use egfuse_nisa::spec::{Arg, Opcode};
use egfuse_nisa::{Affine, Ap, BufId, Kernel};

/// The elements of one chunk: 128 partitions of one x4-packed element.
pub(crate) const CHUNK: u64 = 128 * BLOCK_WIDTH;

/// `n` packed columns of the on-chip tile `buf` from column `col`, on `parts` partitions; the
/// tile's free dimensions are one run (a `columns` tile `[P, rows, c1]` too).
pub(crate) fn on_chip(k: &Kernel, buf: BufId, col: u64, (parts, n): (u64, u64)) -> Ap {
    let width = k.buffer(buf).shape[1..].iter().product::<u64>() as i64;
    let dims = vec![(width, parts), (BLOCK_WIDTH as i64, n), (1, BLOCK_WIDTH)];
    ap(buf, (col * BLOCK_WIDTH) as i64, dims)
}

/// A chunk in HBM from `offset`: element `4 p + x` of the chunk `along` elements apart, its
/// packed columns `free` apart.
pub(crate) fn swizzled(
    buf: BufId,
    offset: i64,
    (along, free): (i64, i64),
    (parts, n): (u64, u64),
) -> Ap {
    let dims = vec![
        (BLOCK_WIDTH as i64 * along, parts),
        (free, n),
        (along, BLOCK_WIDTH),
    ];
    ap(buf, offset, dims)
}

/// Zeros on the partitions a chunk of `parts` does not fill, up to a whole quadrant, on `n`
/// packed columns from `col`; with `scales`, their rows of that quadrant set to 1. A view
/// starts at a quadrant's first partition (NKI's rule), so the quadrant is set whole, before
/// the chunk's own partitions are loaded over it.
pub(crate) fn pad(
    k: &mut Kernel,
    (data, scales): (BufId, Option<BufId>),
    col: u64,
    (parts, n): (u64, u64),
) {
    let padded = parts.next_multiple_of(QUADRANT);
    if padded == parts {
        return;
    }
    let span = k.span;
    let from = parts / QUADRANT * QUADRANT;
    let width = k.buffer(data).shape[1] as i64;
    let at = from as i64 * width + (col * BLOCK_WIDTH) as i64;
    let zeros = ap(data, at, vec![(width, padded - from), (1, n * BLOCK_WIDTH)]);
    let set = |dst: Ap, value: f64| vec![("dst", Arg::Ap(dst)), ("value", Arg::Float(value))];
    push(k, span, Opcode::Memset, set(zeros, 0.0));
    if let Some(scales) = scales {
        let width = k.buffer(scales).shape[1] as i64;
        let ones = ap(
            scales,
            from as i64 * width + col as i64,
            vec![(width, SCALE_ROWS), (1, n)],
        );
        push(k, span, Opcode::Memset, set(ones, 1.0));
    }
}

/// The quadrants of a chunk of `parts` partitions: each one's index and how many scale rows it
/// fills (4, fewer in a last quadrant of fewer blocks).
pub(crate) fn quadrants(parts: u64) -> impl Iterator<Item = (u64, u64)> {
    let groups = parts / BLOCK_PARTITIONS;
    (0..groups.div_ceil(SCALE_ROWS)).map(move |q| (q, SCALE_ROWS.min(groups - q * SCALE_ROWS)))
}

/// A quadrant's `rows` scale rows of the on-chip scale tile `buf`, `n` columns from `col`.
pub(crate) fn scale_rows(
    k: &Kernel,
    buf: BufId,
    (quadrant, rows): (u64, u64),
    col: u64,
    n: u64,
) -> Ap {
    let width = k.buffer(buf).shape[1] as i64;
    ap(
        buf,
        (quadrant * QUADRANT) as i64 * width + col as i64,
        vec![(width, rows), (1, n)],
    )
}

/// The scales of the on-chip tile `buf`, of a chunk on `parts` partitions and `n` packed
/// columns, to HBM: a DMA per quadrant, whose scale rows are the chunk's blocks `4 q..4 q + 4`.
/// `to` is the HBM buffer, where the chunk's first block of the first column goes, and the
/// stride from one column to the next.
pub(crate) fn store_scales(
    k: &mut Kernel,
    buf: BufId,
    to: (BufId, i64, i64),
    (parts, n): (u64, u64),
) {
    let (out, first, stride) = to;
    let span = k.span;
    let stores = scale_stores(k, buf, (out, Affine::constant(first), stride), (parts, n));
    for (dst, src) in stores {
        let args = vec![("dst", Arg::Ap(dst)), ("src", Arg::Ap(src))];
        push(k, span, Opcode::DmaCopy, args);
    }
}

/// The `(dst, src)` views of [`store_scales`]'s DMAs, the first block's place `first` affine in
/// the loops around them (a tile pass's tile).
pub(crate) fn scale_stores(
    k: &Kernel,
    buf: BufId,
    (out, first, stride): (BufId, Affine, i64),
    (parts, n): (u64, u64),
) -> Vec<(Ap, Ap)> {
    (quadrants(parts).map(|(quadrant, rows)| {
        let src = scale_rows(k, buf, (quadrant, rows), 0, n);
        let mut dst = ap(out, 0, vec![(1, rows), (stride, n)]);
        dst.offset = first.plus(&Affine::constant((quadrant * SCALE_ROWS) as i64));
        (dst, src)
    }))
    .collect()
}
