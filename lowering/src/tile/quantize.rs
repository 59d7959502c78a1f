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
use crate::movement::ap;
use crate::mx_layout::{on_chip, scale_stores, swizzled, CHUNK};
use crate::mx_rule::{Quantize, Quantized};
use egfuse_diag::Diag;
use egfuse_ir::ValueId;
use egfuse_nisa::mx::{self, BLOCK, BLOCK_WIDTH};
use egfuse_nisa::spec::{Arg, Opcode};
use egfuse_nisa::{Ap, BufId, Memory, Role, Stmt};

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
        let packed = |k, b| on_chip(k, b, 0, (P, n));
        let swidth = (per * chunks) as i64;
        let dst_scale = ap(scales, 0, vec![(swidth, mx::scale_partitions(P)), (1, n)]);
        let args = [
            ("dst", Arg::Ap(packed(&self.k, q))),
            ("src", Arg::Ap(packed(&self.k, buf))),
            ("dst_scale", Arg::Ap(dst_scale)),
        ];
        out.push(Stmt::Inst(inst(Opcode::QuantizeMx, &args, None)));
        let width = (c1 * P) as i64;
        let mut elements = swizzled(hbm[qz.elements], 0, (1, CHUNK as i64), (P, n));
        elements.offset = tile.start.scaled(width);
        out.push(dma(elements, packed(&self.k, q)));
        // Row `r`'s chunk `c` is packed column `r H/512 + c`, its first block `16` further on.
        let first = tile.start.scaled(width / BLOCK as i64);
        let to = (hbm[qz.scales], first, (CHUNK / BLOCK) as i64);
        let stores = scale_stores(&self.k, scales, to, (P, n));
        out.extend(stores.into_iter().map(|(dst, src)| dma(dst, src)));
        Ok(())
    }
}

/// A `dma_copy` of `src` to `dst`.
fn dma(dst: Ap, src: Ap) -> Stmt {
    let args = [("dst", Arg::Ap(dst)), ("src", Arg::Ap(src))];
    Stmt::Inst(inst(Opcode::DmaCopy, &args, None))
}
