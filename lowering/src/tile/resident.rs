//! A matmul's moving operand (the rhs: a projection's weights) loaded once per N tile and kept
//! in SBUF while every M tile of rows passes under it, instead of loaded again for each M tile.
//! The N tiles become the outer loop and the M tiles the inner one:
//!
//! ```text
//! for n:                                 for m:
//!   dma_copy  the K x ns block, a          for n:
//!             slot of ns per K tile   <=     for k: dma_copy stationary, dma_copy moving,
//!   for m:                                          nc_matmul
//!     for k: dma_copy stationary,            the rest of the kernel, the store
//!            nc_matmul (moving = slot k)
//!     the rest of the kernel, the store
//! ```
//!
//! The moving operand then crosses HBM once instead of once per M tile: a 4096 x 4096
//! projection of 512 tokens reads its weights once, not four times. Each tile computes what it
//! did; only the loads move. The block is kept where more than one M tile reads it, the
//! contraction has no outer K loop, and it fits in a third of SBUF ([`MAX_BYTES`]).

use super::dot::{segments, shifted, At, Plan};
use super::drain::{looped, strided};
use super::{Builder, P};
use crate::select::Selected;
use crate::tensor::dtype;
use egfuse_diag::Diag;
use egfuse_nisa::{Affine, Ap, BufId, LoopId, Stmt};

/// The most bytes per partition a resident block takes: a third of NeuronCore-v2's SBUF,
/// leaving the rest to the tiles around it.
const MAX_BYTES: u64 = 64 * 1024;

/// One N tile's block of the moving operand: `width` columns a partition, a slot of `ns` per K
/// tile.
#[derive(Clone, Copy, Debug)]
pub(super) struct Resident {
    pub(super) block: BufId,
    pub(super) ns: u64,
    pub(super) width: u64,
}

impl Builder<'_> {
    /// Whether `plan`'s moving operand stays in SBUF across the M tiles.
    pub(super) fn keeps_moving(&self, dot: &Selected, plan: &Plan) -> Result<bool, Diag> {
        let bytes = self.moving_dtype(dot)?.bytes();
        let (k_tiles, ns) = (plan.k.size.div_ceil(P), plan.n_tile().min(plan.n.size));
        let fits = k_tiles.saturating_mul(ns).saturating_mul(bytes) <= MAX_BYTES;
        let reused = plan.m.size > P;
        let plain = plan.k_loops.is_empty() && self.flash.is_none();
        Ok(reused && fits && k_tiles > 0 && plain)
    }

    /// The type of the moving operand the matmul reads: the rhs input's, or a scaled
    /// operand's product (`scaled.rs`), which its block then holds.
    fn moving_dtype(&self, dot: &Selected) -> Result<egfuse_nisa::Dtype, Diag> {
        dtype(self.src.m, self.src.m.op(dot.root).operands[1])
    }

    /// The M and N tiles at `at`, N outside: each N tile's block of the moving operand loaded,
    /// then every M tile with its drain.
    pub(super) fn resident_tiles(
        &mut self,
        dot: &Selected,
        plan: &Plan,
        hbm_out: &[BufId],
        at: &At,
    ) -> Result<Vec<Stmt>, Diag> {
        let dt = self.moving_dtype(dot)?;
        let k_tiles = plan.k.size.div_ceil(P);
        let mut out = Vec::new();
        let mut n_done = 0;
        for (nc, ns) in segments(plan.n.size, plan.n_tile()) {
            let ncount = (nc > 1).then(|| self.counter());
            let n_at = at.along_n(plan.n, n_done, ns, ncount);
            let r = Resident {
                block: self.scratch("w", dt, k_tiles * ns),
                ns,
                width: k_tiles * ns,
            };
            let mut body = self.preload(dot, plan, r, &n_at)?;
            self.resident = Some(r);
            let mut m_done = 0;
            for (mc, ms) in segments(plan.m.size, P) {
                let mcount = (mc > 1).then(|| self.counter());
                let tile_at = n_at.along_m(plan.m, m_done, P, mcount);
                let tile = self.dot_tile(dot, plan, hbm_out, &tile_at, ms, ns);
                body.extend(looped(mcount, mc, tile?));
                m_done += mc * ms;
            }
            self.resident = None;
            out.extend(looped(ncount, nc, body));
            n_done += nc * ns;
        }
        Ok(out)
    }

    /// The loads of one N tile's block: per K tile, `ks` rows of its columns into its slot (a
    /// scaled operand's elements times their scales, `drain.rs`).
    fn preload(
        &mut self,
        dot: &Selected,
        plan: &Plan,
        r: Resident,
        at: &At,
    ) -> Result<Vec<Stmt>, Diag> {
        let mut out = Vec::new();
        let mut done = 0u64;
        for (count, ks) in segments(plan.k.size, P) {
            let counter = (count > 1).then(|| self.counter());
            let slot = Self::slot(r, done, counter, ks);
            let mut step = Vec::new();
            let k_step = (done, counter, ks);
            self.operand_tile(&mut step, dot, plan, at, 1, k_step, (r.ns, Some(slot)))?;
            out.extend(looped(counter, count, step));
            done += count * ks;
        }
        Ok(out)
    }

    /// The slot of the resident block that holds the K step of `ks` elements at `k0` (one
    /// slot further per trip of `counter`): `ks` partitions of one N tile's columns.
    pub(super) fn slot(r: Resident, k0: u64, counter: Option<LoopId>, ks: u64) -> Ap {
        let offset = shifted(
            &Affine::constant(0),
            (k0 / P * r.ns) as i64,
            counter.map(|c| (c, r.ns as i64)),
        );
        strided(r.block, offset, vec![(r.width as i64, ks), (1, r.ns)])
    }
}
