//! A DotMx kernel as NeuronCore-v4's MX matmul (003 §4.2-4.3): `nc_matmul_mx` reads both
//! operands as fp8 (or fp4) elements and their E8M0 scales straight from SBUF and multiplies on
//! PE, where NeuronCore-v2 multiplies each K tile by its scales on DVE first (`tile/scaled.rs`).
//! The MX matmul computes what the module's dot of the dequantized operands does, summed in
//! fp32, so a v4 target takes this form with no option, wherever the kernel fits it:
//!
//! - one `dot_general` of two scaled operands (`tile/scaled.rs` finds their factors), with no
//!   batch dimensions, each contracting one dimension of whole blocks of 32 under E8M0 scales;
//! - its result, or that result converted, the kernel's one output;
//! - both sides, every chunk, resident in SBUF at once ([`RESIDENT`]), and at most
//!   [`MAX_MATMULS`] matmul instructions.
//!
//! The contraction walks chunks of 512 (128 partitions x 4 lanes, k = 512 c + 4 p + lane: the
//! swizzle `mx_quantize` uses), a last chunk of fewer blocks on the partitions it fills, padded
//! with zero elements under scales of 1 to a multiple of 32. Each chunk's scales sit on the
//! first 4 rows of each quadrant (`egfuse_nisa::mx`). Each side is loaded once, whole; the
//! stationary side is the dot's left operand, 128 rows of it a matmul; the moving side its
//! right, 512 columns a matmul.
//!
//! ```text
//! for each side, for each chunk of the contraction:
//!   memset         the padding (a last chunk of fewer than 16 blocks)
//!   dma_copy       the elements (swizzled), their scales (a DMA per quadrant)
//! for each tile of rows and of columns:
//!   nc_matmul_mx   per chunk into PSUM, accumulating after the first
//!   tensor_copy    PSUM to SBUF in the output's type; dma_copy out
//! ```

use crate::movement::{ap, dma_copy, psum, push, sbuf, with_site_hbm};
use crate::mx_layout::{on_chip, pad, quadrants, scale_rows, swizzled, CHUNK};
use crate::site::Site;
use crate::tensor::{dims, dtype};
use crate::tile::scaled::{self, Scaled};
use egfuse_diag::Diag;
use egfuse_ir::{Module, OpId, ValueId};
use egfuse_nisa::mx::{self, BLOCK, BLOCK_PARTITIONS, BLOCK_WIDTH, QUADRANT, SCALE_ROWS};
use egfuse_nisa::spec::{Arg, Opcode};
use egfuse_nisa::{Ap, BufId, Dtype, Kernel};

/// The rows of the stationary side per tile: the PE array's columns.
const ROWS: u64 = 128;
/// The columns of the moving side per tile: one PSUM bank of fp32.
const COLUMNS: u64 = 512;
/// The most matmul instructions a kernel unrolls.
const MAX_MATMULS: u64 = 4096;
/// The most bytes of each partition both sides may hold, every chunk of each in SBUF at once
/// (a quarter of NeuronCore-v2's 192 KiB; v4 has 256): larger ones take the scaled form.
const RESIDENT: u64 = 48 * 1024;

/// One operand of the MX matmul: where its elements and scales are in HBM, along its free
/// extent (the dimensions the dot keeps, merged) and its contraction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Side {
    pub(crate) elements: usize,
    pub(crate) scales: usize,
    /// Element offset, then stride along the free extent and along the contraction.
    at: (i64, i64, i64),
    /// Scale offset, then stride along the free extent and per block of the contraction.
    scale_at: (i64, i64, i64),
    /// The free extent.
    pub(crate) size: u64,
}

/// A DotMx kernel in the MX matmul's form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct MxDot {
    stationary: Side,
    moving: Side,
    /// The contraction's length, a whole number of blocks.
    k: u64,
}

/// The MX matmul form of `site`, when it fits one (the module doc says when).
pub(crate) fn of(m: &Module, site: &Site) -> Option<MxDot> {
    if site.kind != "DotMx" || site.outputs.len() != 1 {
        return None;
    }
    let dot = site.ops.iter().copied().find(|&op| is_dot(m, op))?;
    let out = site.outputs[0];
    let converted = m
        .defining_op(out)
        .filter(|&c| &*m.op(c).name == "stablehlo.convert");
    let result = m.op(dot).results[0];
    if out != result && converted.map(|c| m.op(c).operands[0]) != Some(result) {
        return None;
    }
    let o = m.op(dot);
    let (lhs, rhs) = (o.operands[0], o.operands[1]);
    let (lb, rb, lc, rc) = crate::tile::numbers(m, dot, dims(m, lhs).len()).ok()?;
    if !lb.is_empty() || !rb.is_empty() || lc.len() != 1 || rc.len() != 1 {
        return None;
    }
    let stationary = side(m, site, lhs, lc[0])?;
    let moving = side(m, site, rhs, rc[0])?;
    let k = dims(m, lhs)[lc[0]];
    let chunks = k.div_ceil(CHUNK);
    let bytes = chunks * (stationary.size + moving.size) * (BLOCK_WIDTH + 1);
    let matmuls = stationary.size.div_ceil(ROWS) * moving.size.div_ceil(COLUMNS) * chunks;
    let fits = bytes <= RESIDENT && matmuls <= MAX_MATMULS;
    (k.is_multiple_of(BLOCK) && fits).then_some(MxDot {
        stationary,
        moving,
        k,
    })
}

/// The operand `v` of the dot, contracted along `c`, as a [`Side`].
pub(crate) fn side(m: &Module, site: &Site, v: ValueId, c: usize) -> Option<Side> {
    let Scaled {
        elements, scales, ..
    } = scaled::of(m, v, &site.inputs)?;
    let ty = |i: usize| dtype(m, site.inputs[i]).ok();
    let fp8 = ty(elements.input).is_some_and(|t| mx::element_emax(t).is_some());
    if !fp8 || ty(scales.input) != Some(Dtype::F8E8M0FNU) {
        return None;
    }
    let shape = dims(m, v);
    let k = shape[c];
    let (block_stride, block) = scaled::blocks(&scales.dims, &[c], k)?;
    let [(k_stride, k_size)] = runs(&elements.dims[c])[..] else {
        return None;
    };
    let free: Vec<usize> = (0..shape.len()).filter(|&d| d != c).collect();
    let (e_free, size) = merged(free.iter().map(|&d| runs(&elements.dims[d])))?;
    let (s_free, _) = merged(free.iter().map(|&d| runs(&scales.dims[d])))?;
    (block == BLOCK && k_size == k).then_some(Side {
        elements: elements.input,
        scales: scales.input,
        at: (elements.offset, e_free, k_stride),
        scale_at: (scales.offset, s_free, block_stride),
        size,
    })
}

/// A dimension's runs of more than one element.
fn runs(dim: &[(i64, u64)]) -> Vec<(i64, u64)> {
    dim.iter().copied().filter(|r| r.1 != 1).collect()
}

/// The free dimensions' runs as one `(stride, size)`, when each is one run and each stride is
/// the next one's times its size (row-major, as a dot's result is).
fn merged(dims: impl Iterator<Item = Vec<(i64, u64)>>) -> Option<(i64, u64)> {
    let mut out: Option<(i64, u64)> = None;
    for d in dims {
        let (stride, size) = match d[..] {
            [] => continue,
            [r] => r,
            _ => return None,
        };
        out = match out {
            None => Some((stride, size)),
            Some((s, n)) if s == stride * size as i64 => Some((stride, n * size)),
            Some(_) => return None,
        };
    }
    Some(out.unwrap_or((0, 1)))
}

/// The kernel `name` of `site` in the MX matmul form `d`.
pub(crate) fn kernel(m: &Module, site: &Site, d: &MxDot, name: String) -> Result<Kernel, Diag> {
    let mut k = with_site_hbm(m, site, name)?;
    let out = BufId(site.inputs.len() as u32);
    let chunks = d.k.div_ceil(CHUNK);
    let ty = |i: usize| dtype(m, site.inputs[i]);
    let mut resident = |s: &Side, role: &str| -> Result<Resident, Diag> {
        let types = (ty(s.elements)?, ty(s.scales)?);
        Ok(Resident::new(&mut k, role, types, s.size * chunks))
    };
    let (st, mv) = (
        resident(&d.stationary, "stationary")?,
        resident(&d.moving, "moving")?,
    );
    let (rows, cols) = (d.stationary.size, d.moving.size);
    let (rt, ct) = (rows.min(ROWS), cols.min(COLUMNS));
    let acc = psum(&mut k, "acc", vec![rt, ct]);
    let result = sbuf(&mut k, "result", dtype(m, site.outputs[0])?, vec![rt, ct]);
    for (s, r) in [(&d.stationary, &st), (&d.moving, &mv)] {
        let every = Cols {
            first: 0,
            n: s.size,
            every: 1,
        };
        for c in 0..chunks {
            let parts = blocks(d.k, c) * BLOCK_PARTITIONS;
            pad(
                &mut k,
                (r.data, Some(r.scales)),
                c * s.size,
                (parts, s.size),
            );
            load(&mut k, (s, r), (c, blocks(d.k, c)), &every, c * s.size);
        }
    }
    for r0 in (0..rows).step_by(ROWS as usize) {
        for c0 in (0..cols).step_by(COLUMNS as usize) {
            let tile = Tile {
                rows: (r0, ROWS.min(rows - r0)),
                cols: (c0, COLUMNS.min(cols - c0)),
            };
            for c in 0..chunks {
                matmul(&mut k, (&st, &mv, acc), (&tile, d), (c, blocks(d.k, c)));
            }
            store(&mut k, (acc, result), &tile, (out, cols));
        }
    }
    Ok(k)
}

/// The blocks of chunk `c` of a contraction of `k`: 16, or fewer in a last chunk.
pub(crate) fn blocks(k: u64, c: u64) -> u64 {
    ((k - c * CHUNK) / BLOCK).min(CHUNK / BLOCK)
}

/// `nc_matmul_mx` of the stationary and moving elements and scales (as [`operand`] views
/// them) into `dst`, accumulating or not.
pub(crate) fn matmul_mx(
    k: &mut Kernel,
    dst: Ap,
    (st, mv): ((Arg, Arg), (Arg, Arg)),
    accumulate: bool,
) {
    let args = vec![
        ("dst", Arg::Ap(dst)),
        ("stationary", st.0),
        ("moving", mv.0),
        ("stationary_scale", st.1),
        ("moving_scale", mv.1),
        ("accumulate", Arg::Flag(accumulate)),
    ];
    let span = k.span;
    push(k, span, Opcode::NcMatmulMx, args);
}

/// One side's elements and scales in SBUF, packed columns side by side.
pub(crate) struct Resident {
    pub(crate) data: BufId,
    pub(crate) scales: BufId,
}

impl Resident {
    /// `cols` packed columns of elements of the types `(data, scales)` and their scales, in
    /// SBUF tiles named after `role`.
    pub(crate) fn new(
        k: &mut Kernel,
        role: &str,
        (data, scales): (Dtype, Dtype),
        cols: u64,
    ) -> Resident {
        let rows = mx::scale_partitions(128);
        Resident {
            data: sbuf(k, role, data, vec![128, cols * BLOCK_WIDTH]),
            scales: sbuf(k, &format!("{role}_scales"), scales, vec![rows, cols]),
        }
    }
}

/// Which packed columns of a side's free extent a load takes: `n` from `first`, `every` apart.
pub(crate) struct Cols {
    pub(crate) first: u64,
    pub(crate) n: u64,
    pub(crate) every: u64,
}

/// One tile of the result: its first row and rows, its first column and columns.
struct Tile {
    rows: (u64, u64),
    cols: (u64, u64),
}

/// Chunk `c` (of `blocks` blocks) of tile `tile` multiplied into PSUM, accumulating after the
/// first.
fn matmul(
    k: &mut Kernel,
    (st, mv, acc): (&Resident, &Resident, BufId),
    (tile, d): (&Tile, &MxDot),
    (c, blocks): (u64, u64),
) {
    let view = |r: &Resident, extent: u64, (first, n): (u64, u64)| {
        operand(k, r, c * extent + first, (blocks, n))
    };
    let (st_data, st_scales) = view(st, d.stationary.size, tile.rows);
    let (mv_data, mv_scales) = view(mv, d.moving.size, tile.cols);
    let aw = k.buffer(acc).shape[1] as i64;
    let dst = ap(acc, 0, vec![(aw, tile.rows.1), (1, tile.cols.1)]);
    let operands = ((st_data, st_scales), (mv_data, mv_scales));
    matmul_mx(k, dst, operands, c > 0);
}

/// The `n` packed columns of `r` from `col`, a chunk of `blocks` blocks, as an MX matmul
/// operand: its elements on the padded partitions, and its scales.
pub(crate) fn operand(k: &Kernel, r: &Resident, col: u64, (blocks, n): (u64, u64)) -> (Arg, Arg) {
    let padded = (blocks * BLOCK_PARTITIONS).next_multiple_of(QUADRANT);
    let w = k.buffer(r.data).shape[1] as i64;
    let sw = k.buffer(r.scales).shape[1] as i64;
    let data = ap(
        r.data,
        (col * BLOCK_WIDTH) as i64,
        vec![(w, padded), (1, n * BLOCK_WIDTH)],
    );
    let rows = mx::scale_partitions(padded);
    let scales = ap(r.scales, col as i64, vec![(sw, rows), (1, n)]);
    (Arg::Ap(data), Arg::Ap(scales))
}

/// The columns `cols` of one side's chunk `c` (of `blocks` blocks), to the packed columns of
/// `r` from `col`: their elements swizzled onto the partitions they fill, and their scales a
/// DMA per quadrant. A short chunk's padding ([`pad`]) is the caller's, set before.
pub(crate) fn load(
    k: &mut Kernel,
    (s, r): (&Side, &Resident),
    (c, blocks): (u64, u64),
    cols: &Cols,
    col: u64,
) {
    let span = k.span;
    let (parts, n) = (blocks * BLOCK_PARTITIONS, cols.n);
    let (base, free, along) = s.at;
    let offset = base + (c * CHUNK) as i64 * along + cols.first as i64 * free;
    let step = free * cols.every as i64;
    let src = swizzled(BufId(s.elements as u32), offset, (along, step), (parts, n));
    let dst = on_chip(k, r.data, col, (parts, n));
    dma_copy(k, span, Arg::Ap(dst), Arg::Ap(src));
    let (sbase, sfree, per_block) = s.scale_at;
    for (quadrant, rows) in quadrants(parts) {
        let block = (c * CHUNK / BLOCK + quadrant * SCALE_ROWS) as i64;
        let from = sbase + block * per_block + cols.first as i64 * sfree;
        let src = ap(
            BufId(s.scales as u32),
            from,
            vec![(per_block, rows), (sfree * cols.every as i64, n)],
        );
        let dst = scale_rows(k, r.scales, (quadrant, rows), col, n);
        dma_copy(k, span, Arg::Ap(dst), Arg::Ap(src));
    }
}

/// The accumulated tile out of PSUM in the output's type, then to HBM (`cols` to a row).
fn store(k: &mut Kernel, (acc, result): (BufId, BufId), tile: &Tile, (out, cols): (BufId, u64)) {
    let span = k.span;
    let ((r0, rn), (c0, cn)) = (tile.rows, tile.cols);
    let aw = k.buffer(acc).shape[1] as i64;
    let rw = k.buffer(result).shape[1] as i64;
    let from = ap(acc, 0, vec![(aw, rn), (1, cn)]);
    let to = ap(result, 0, vec![(rw, rn), (1, cn)]);
    let copy = vec![("dst", Arg::Ap(to.clone())), ("src", Arg::Ap(from))];
    push(k, span, Opcode::TensorCopy, copy);
    let at = (r0 * cols + c0) as i64;
    let dst = ap(out, at, vec![(cols as i64, rn), (1, cn)]);
    dma_copy(k, span, Arg::Ap(dst), Arg::Ap(to));
}

/// Whether `op` is a dot.
fn is_dot(m: &Module, op: OpId) -> bool {
    matches!(&*m.op(op).name, "stablehlo.dot_general" | "stablehlo.dot")
}
