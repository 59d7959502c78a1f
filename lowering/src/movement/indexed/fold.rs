//! A scatter whose body folds by `maximum`, `minimum` or `multiply`. The DMA's
//! read-modify-write only adds, so each tile of update elements reads before it writes:
//!
//! ```text
//! dma_copy                the result's elements at the tile's offsets (gathered)
//! tensor_scalar, ..._tensor   the offsets of windows that do not fit pushed past the end
//! dma_copy                the tile's updates, one per partition
//!   unless `unique_indices`, the updates that land on one element folded together first:
//! tensor_copy             each partition's offset across the free axis, as fp32 (keys)
//! nc_transpose            the keys transposed: every row's offset on every partition
//! tensor_scalar           equal to the partition's own offset: the rows that share its element
//! dma_copy                every row's update on every partition (a broadcast read)
//! tensor_copy | memset    the fold's start: the row's own update (max, min) or 1 (multiply)
//! tensor_copy_predicated  the updates of the rows that share the element
//! tensor_reduce           folded along the free axis, one value per row
//!   then
//! tensor_tensor           the gathered element and the folded updates combined
//! dma_copy                written back at the offsets, unfit windows skipped (`oob_skip`)
//! ```
//!
//! Only a tile whose rows run along a scatter dimension can hold two that share an element.
//! Rows that share an element write the same value, so the order of their writes does not
//! matter, and a later tile gathers what an earlier one wrote. The offsets, pushed past the
//! end, stay below 2^24 and compare exactly in fp32.

use super::tiles::{column, tensor, Rows, Tiles};
use super::UpdateDim;
use crate::movement::{ap, psum, push, sbuf, P};
use egfuse_nisa::spec::{Alu, Arg, Opcode};
use egfuse_nisa::{BufId, Dtype, Kernel};

/// The scratch tiles of a folding scatter.
pub(super) struct Fold {
    op: Alu,
    /// The result's elements at the tile's offsets, then combined with the updates.
    gathered: BufId,
    /// The tile's updates, one per partition, then folded with those that share the element.
    mine: BufId,
    /// Without `unique_indices`: the tiles that find the rows sharing an element.
    shared: Option<Shared>,
}

/// `[P, P]` tiles: row `i` against every row `j` of the tile.
struct Shared {
    keys: BufId,
    across: BufId,
    same: BufId,
    theirs: BufId,
    folded: BufId,
}

impl Fold {
    pub(super) fn new(k: &mut Kernel, elem: Dtype, op: Alu, unique: bool) -> Fold {
        let square = |k: &mut Kernel, role: &str, dtype| sbuf(k, role, dtype, vec![P, P]);
        Fold {
            op,
            gathered: sbuf(k, "gathered", elem, vec![P, 1]),
            mine: sbuf(k, "mine", elem, vec![P, 1]),
            shared: (!unique).then(|| Shared {
                keys: square(k, "keys", Dtype::F32),
                across: psum(k, "across", vec![P, P]),
                same: square(k, "same", Dtype::F32),
                theirs: square(k, "theirs", elem),
                folded: square(k, "folded", elem),
            }),
        }
    }

    /// One tile of update elements, its offsets already in `t.offset`: gathered, folded with
    /// the updates, written back.
    pub(super) fn tile(&self, k: &mut Kernel, t: &Tiles, r: &Rows) {
        let (size, span) = (r.size, t.span);
        let at = || Arg::Ap(ap(BufId(3), 0, vec![(1, size), (1, 1)]));
        let gather = vec![
            ("dst", column(self.gathered, size)),
            ("src", at()),
            ("vector_offset", column(t.offset, size)),
        ];
        push(k, span, Opcode::DmaCopy, gather);
        t.push_unfit_past_the_end(k, size);
        let (ubase, per_row) = r.windowed(&t.g.u);
        let load = vec![
            ("dst", column(self.mine, size)),
            (
                "src",
                Arg::Ap(ap(BufId(2), ubase, vec![(per_row, size), (1, 1)])),
            ),
        ];
        push(k, span, Opcode::DmaCopy, load);
        // A tile's rows along a window dimension land on distinct elements.
        let window =
            r.pd.is_none_or(|d| matches!(t.g.update_dims[d], UpdateDim::Window(_)));
        if let Some(s) = self.shared.as_ref().filter(|_| !window) {
            let every = Arg::Ap(ap(BufId(2), ubase, vec![(0, size), (per_row, size)]));
            self.fold_shared(k, (t, s), size, every);
        }
        let combined = tensor([self.gathered, self.gathered, self.mine], self.op, size);
        push(k, span, Opcode::TensorTensor, combined);
        let mut write = vec![
            ("dst", at()),
            ("src", column(self.gathered, size)),
            ("dst_vector_offset", column(t.offset, size)),
        ];
        if t.checked() {
            write.push(("oob_skip", Arg::Flag(true)));
        }
        push(k, span, Opcode::DmaCopy, write);
    }

    /// `mine` folded with the updates of the tile's other rows at the same offset; `every`
    /// reads every row's update onto each partition.
    fn fold_shared(&self, k: &mut Kernel, (t, s): (&Tiles, &Shared), size: u64, every: Arg) {
        let span = t.span;
        let square = |b: BufId| Arg::Ap(ap(b, 0, vec![(P as i64, size), (1, size)]));
        let spread = |b: BufId| Arg::Ap(ap(b, 0, vec![(1, size), (0, size)]));
        let keys = vec![("dst", square(s.keys)), ("src", spread(t.offset))];
        push(k, span, Opcode::TensorCopy, keys);
        let transpose = vec![("dst", square(s.across)), ("data", square(s.keys))];
        push(k, span, Opcode::NcTranspose, transpose);
        let own = Arg::Ap(ap(s.keys, 0, vec![(P as i64, size), (1, 1)]));
        let same = vec![
            ("dst", square(s.same)),
            ("data", square(s.across)),
            ("op0", Arg::Alu(Alu::Equal)),
            ("operand0", own),
        ];
        push(k, span, Opcode::TensorScalar, same);
        let theirs = vec![("dst", square(s.theirs)), ("src", every)];
        push(k, span, Opcode::DmaCopy, theirs);
        if self.op == Alu::Multiply {
            let one = vec![("dst", square(s.folded)), ("value", Arg::Float(1.0))];
            push(k, span, Opcode::Memset, one);
        } else {
            let start = vec![("dst", square(s.folded)), ("src", spread(self.mine))];
            push(k, span, Opcode::TensorCopy, start);
        }
        let pick = vec![
            ("dst", square(s.folded)),
            ("src", square(s.theirs)),
            ("predicate", square(s.same)),
        ];
        push(k, span, Opcode::TensorCopyPredicated, pick);
        let fold = vec![
            ("dst", column(self.mine, size)),
            ("op", Arg::Alu(self.op)),
            ("data", square(s.folded)),
            ("axis", Arg::Axes(vec![1])),
        ];
        push(k, span, Opcode::TensorReduce, fold);
    }
}
