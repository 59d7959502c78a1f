//! The end of an MxRmsNorm kernel's tile (003 §4.1, nkilib's `rmsnorm_mx_quantize_tkg`): the
//! normalized rows, which the `columns` layout holds swizzled ([`Order::Swizzled`]), are
//! quantized where they lie by one `quantize_mx` and never stored. Partition `p` holds lanes
//! `4 p .. 4 p + 4` of each chunk of 512 columns, row after row, so each row's chunk is one
//! packed column of the x4 layout: a block of 32 columns is 8 partitions x 4 lanes.
//!
//! ```text
//! quantize_mx   the tile's rows x H/512 packed columns: fp8 elements, a scale per block
//! dma_copy      the elements to HBM, swizzled back
//! dma_copy      the scales to HBM, one DMA per quadrant (its scale rows are blocks 4q..4q+4)
//! ```

use super::{inst, Builder, Order, Physical, Tile, P};
use crate::mx_layout::{quadrants, scale_rows, swizzled, CHUNK};
use crate::mx_rule::{Quantize, Quantized};
use egfuse_diag::Diag;
use egfuse_ir::ValueId;
use egfuse_nisa::mx::{self, BLOCK, BLOCK_WIDTH, SCALE_ROWS};
use egfuse_nisa::spec::{Arg, Opcode};
use egfuse_nisa::{Affine, Ap, BufId, Memory, Role, Stmt};

impl Builder<'_> {
    /// The tile's rows of `v`, the value `qz` quantizes, quantized into the HBM tensors `hbm`
    /// of its elements and scales.
    pub(super) fn quantize(
        &mut self,
        out: &mut Vec<Stmt>,
        (hbm, qz): (&[BufId], &Quantize),
        v: ValueId,
        tile: &Tile,
    ) -> Result<(), Diag> {
        let layout = self.phys;
        let Physical::Columns {
            c1,
            tile: per,
            order: Order::Swizzled,
        } = layout
        else {
            let msg = "an MxRmsNorm kernel whose columns are not swizzled on the partitions";
            let label = "`quantize_mx` reads 512 columns as 128 partitions x 4 lanes, which the `columns` layout gives only with a hidden size that is a multiple of 512, no views at the kernel's edge and sums for its reduces";
            return Err(Diag::new("lower::no-lowering", self.src.span, msg).with_label(label));
        };
        debug_assert_eq!(qz.of, Quantized::Computed(v));
        let (buf, _) = self.source(v)?;
        let chunks = c1 / BLOCK_WIDTH;
        let n = tile.size * chunks;
        let q = self.scratch("q", qz.element_type, per * c1);
        let name = format!("t{}_scales", self.k.buffers.len());
        let shape = vec![mx::scale_partitions(P), per * chunks];
        let scales = self.buffer(name, Memory::Sbuf, qz.scale_type, shape, Role::Scratch);
        let packed = |b: BufId| packed(b, per * c1, n);
        let args = [
            ("dst", Arg::Ap(packed(q))),
            ("src", Arg::Ap(packed(buf))),
            (
                "dst_scale",
                Arg::Ap(at(
                    scales,
                    0,
                    vec![((per * chunks) as i64, mx::scale_partitions(P)), (1, n)],
                )),
            ),
        ];
        out.push(Stmt::Inst(inst(Opcode::QuantizeMx, &args, None)));
        let width = (c1 * P) as i64;
        let mut elements = swizzled(hbm[qz.elements], 0, (1, CHUNK as i64), (P, n));
        elements.offset = tile.start.scaled(width);
        out.push(dma(elements, packed(q)));
        let row = width / BLOCK as i64;
        let per_chunk = (CHUNK / BLOCK) as i64;
        for (quadrant, rows) in quadrants(P) {
            let src = scale_rows(&self.k, scales, (quadrant, rows), 0, n);
            let mut dst = at(hbm[qz.scales], 0, vec![(1, rows), (per_chunk, n)]);
            let first = (quadrant * SCALE_ROWS) as i64;
            dst.offset = tile.start.scaled(row).plus(&Affine::constant(first));
            out.push(dma(dst, src));
        }
        Ok(())
    }
}

/// The first `n` packed columns of the tile `buf`, `width` elements on each partition.
fn packed(buf: BufId, width: u64, n: u64) -> Ap {
    let lanes = BLOCK_WIDTH as i64;
    at(
        buf,
        0,
        vec![(width as i64, P), (lanes, n), (1, BLOCK_WIDTH)],
    )
}

fn at(buf: BufId, offset: i64, dims: Vec<(i64, u64)>) -> Ap {
    crate::movement::ap(buf, offset, dims)
}

/// A `dma_copy` of `src` to `dst`.
fn dma(dst: Ap, src: Ap) -> Stmt {
    let args = [("dst", Arg::Ap(dst)), ("src", Arg::Ap(src))];
    Stmt::Inst(inst(Opcode::DmaCopy, &args, None))
}
