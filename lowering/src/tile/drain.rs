//! The inside of one matmul tile: its K steps into PSUM, the loads of the values the rest of
//! its kernel reads, and the stores of its results (a result still in PSUM is copied to SBUF
//! first: the DMA queues read SBUF).

use super::dot::{At, Plan};
use super::{inst, Builder, P};
use crate::layout::Class;
use crate::select::Selected;
use crate::tensor::dtype;
use egfuse_diag::{Diag, Span};
use egfuse_ir::ValueId;
use egfuse_nisa::spec::{Arg, Opcode};
use egfuse_nisa::{Affine, Ap, BufId, LoopId, Memory, Role, Stmt};

/// One tile's sizes: `ms` rows on the result's partitions, `ns` columns on its free axis.
#[derive(Clone, Copy, Debug)]
pub(super) struct Sizes {
    pub(super) ms: u64,
    pub(super) ns: u64,
}

impl Builder<'_> {
    /// The K steps of one tile into `acc`. Without outer K loops the first K tile writes and
    /// the rest accumulate; with them (or with nothing to contract), `acc` is zeroed first and
    /// every step accumulates.
    pub(super) fn k_steps(
        &mut self,
        out: &mut Vec<Stmt>,
        dot: &Selected,
        plan: &Plan,
        acc: BufId,
        at: &At,
        sz: Sizes,
    ) -> Result<(), Diag> {
        let k = plan.k;
        // An empty contraction sums nothing: the tile is the memset's zeros.
        if !plan.k_loops.is_empty() || k.size == 0 {
            let zero = inst(
                Opcode::Memset,
                &[
                    ("dst", Arg::Ap(tile_ap(acc, sz))),
                    ("value", Arg::Float(0.0)),
                ],
                None,
            );
            out.push(Stmt::Inst(zero));
            let body = self.k_loops(dot, plan, acc, at, sz, 0)?;
            out.extend(body);
            return Ok(());
        }
        let mut done = 0u64;
        for (count, ks) in super::dot::segments(k.size, P) {
            let mut count = count;
            if done == 0 {
                let first = self.k_step(dot, plan, acc, at, done, None, ks, sz, false)?;
                out.extend(first);
                done += ks;
                count -= 1;
            }
            if count == 0 {
                continue;
            }
            let counter = (count > 1).then(|| self.counter());
            let body = self.k_step(dot, plan, acc, at, done, counter, ks, sz, true)?;
            out.extend(looped(counter, count, body));
            done += count * ks;
        }
        Ok(())
    }

    /// The outer K loops from `depth` in, every step accumulating.
    fn k_loops(
        &mut self,
        dot: &Selected,
        plan: &Plan,
        acc: BufId,
        at: &At,
        sz: Sizes,
        depth: usize,
    ) -> Result<Vec<Stmt>, Diag> {
        let Some(d) = plan.k_loops.get(depth) else {
            let mut out = Vec::new();
            let mut done = 0u64;
            for (count, ks) in super::dot::segments(plan.k.size, P) {
                let counter = (count > 1).then(|| self.counter());
                let body = self.k_step(dot, plan, acc, at, done, counter, ks, sz, true)?;
                out.extend(looped(counter, count, body));
                done += count * ks;
            }
            return Ok(out);
        };
        let counter = self.counter();
        let inner = At {
            lhs: super::dot::shifted(&at.lhs, 0, Some((counter, d.lhs))),
            rhs: super::dot::shifted(&at.rhs, 0, Some((counter, d.rhs))),
            ..at.clone()
        };
        let body = self.k_loops(dot, plan, acc, &inner, sz, depth + 1)?;
        Ok(looped(Some(counter), d.size, body))
    }

    /// One K step of `ks` contracted elements starting at `k0` (and `ks` further per trip of
    /// `counter`): both operand tiles in by DMA (a scaled operand's elements and scales, then
    /// their product), then the matmul.
    #[allow(clippy::too_many_arguments)]
    fn k_step(
        &mut self,
        dot: &Selected,
        plan: &Plan,
        acc: BufId,
        at: &At,
        k0: u64,
        counter: Option<LoopId>,
        ks: u64,
        sz: Sizes,
        accumulate: bool,
    ) -> Result<Vec<Stmt>, Diag> {
        let loc = super::source::loc_of(self.src.m, dot);
        let span = self.src.m.op(dot.root).span;
        let mut step = Vec::new();
        let steps = (k0, counter, ks);
        let st_ap = self.operand_tile(&mut step, dot, plan, at, 0, steps, (sz.ms, None))?;
        // A resident moving operand is already in its block (`resident.rs`).
        let mv_ap = match self.resident {
            Some(r) => Self::slot(r, k0, counter, ks),
            None => self.operand_tile(&mut step, dot, plan, at, 1, steps, (sz.ns, None))?,
        };
        let mm = inst(
            Opcode::NcMatmul,
            &[
                ("dst", Arg::Ap(tile_ap(acc, sz))),
                ("stationary", Arg::Ap(st_ap)),
                ("moving", Arg::Ap(mv_ap)),
                ("accumulate", Arg::Flag(accumulate)),
            ],
            loc,
        )
        .at(span);
        step.push(Stmt::Inst(mm));
        Ok(step)
    }

    /// The `[ks, free]` tile of operand `side` (0 the stationary lhs, 1 the moving rhs) for the
    /// K step `(k0, counter, ks)`, loaded by the statements pushed to `out`: by one DMA, or,
    /// for a scaled operand, its elements and their scales by two and their product on DVE,
    /// in the operand's type. It is `into` when given (a resident block's slot), else a new
    /// scratch tile.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn operand_tile(
        &mut self,
        out: &mut Vec<Stmt>,
        dot: &Selected,
        plan: &Plan,
        at: &At,
        side: usize,
        (k0, counter, ks): (u64, Option<LoopId>, u64),
        (free, into): (u64, Option<Ap>),
    ) -> Result<Ap, Diag> {
        let m = self.src.m;
        let (k, input) = (plan.k, plan.inputs[side]);
        let (k_stride, f_stride, start) = match side {
            0 => (k.lhs, plan.m.lhs, &at.lhs),
            _ => (k.rhs, plan.n.rhs, &at.rhs),
        };
        let step = |stride: i64| counter.map(|c| (c, stride * ks as i64));
        let from = super::dot::shifted(start, k0 as i64 * k_stride, step(k_stride));
        let hbm = strided(
            self.hbm_in[input],
            from,
            vec![(k_stride, ks), (f_stride, free)],
        );
        let role = ["st", "mv"][side];
        let operand = m.op(dot.root).operands[side];
        let tile = |b: &mut Self, role: &str, dtype| {
            let t = b.scratch(role, dtype, free);
            strided(t, Affine::constant(0), vec![(free as i64, ks), (1, free)])
        };
        let loc = super::source::loc_of(m, dot);
        let dma = |dst: &Ap, src: Ap| {
            let args = [("dst", Arg::Ap(dst.clone())), ("src", Arg::Ap(src))];
            Stmt::Inst(inst(Opcode::DmaCopy, &args, loc.clone()))
        };
        let Some(scale) = plan.scales[side] else {
            let t = match into {
                Some(t) => t,
                None => tile(self, role, dtype(m, self.src.inputs[input])?),
            };
            out.push(dma(&t, hbm));
            return Ok(t);
        };
        let elements = tile(self, "qe", dtype(m, self.src.inputs[input])?);
        let scales = tile(self, "qs", dtype(m, self.src.inputs[scale.input])?);
        let product = match into {
            Some(t) => t,
            None => tile(self, role, dtype(m, operand)?),
        };
        // One scale per block of the K tile, the same on each of the block's partitions.
        let (per, blocks) = (k.scale[side], (ks / scale.block) as i64);
        let f_scale = [plan.m.scale[0], plan.n.scale[1]][side];
        let first = (k0 / scale.block) as i64 * per;
        let from = super::dot::shifted(&at.scale[side], first, counter.map(|c| (c, per * blocks)));
        let dims = vec![(per, blocks as u64), (0, scale.block), (f_scale, free)];
        let each = strided(self.hbm_in[scale.input], from, dims);
        out.push(dma(&elements, hbm));
        out.push(dma(&scales, each));
        let multiply = [
            ("dst", Arg::Ap(product.clone())),
            ("data1", Arg::Ap(elements)),
            ("data2", Arg::Ap(scales)),
            ("op", Arg::Alu(egfuse_nisa::spec::Alu::Multiply)),
        ];
        let span = m.op(dot.root).span;
        out.push(Stmt::Inst(
            inst(Opcode::TensorTensor, &multiply, loc).at(span),
        ));
        Ok(product)
    }

    /// A `[128, free]` SBUF buffer of `dtype`, named for its role.
    pub(super) fn scratch(&mut self, role: &str, dtype: egfuse_nisa::Dtype, free: u64) -> BufId {
        let name = format!("t{}_{role}", self.k.buffers.len());
        self.buffer(name, Memory::Sbuf, dtype, vec![P, free], Role::Scratch)
    }

    /// Input `i` (value `v`) into SBUF for one tile, by its class: the tile's elements, a
    /// weight along N read from the first row, a value per row read from the first column, or
    /// a single value.
    pub(super) fn dot_load(
        &mut self,
        out: &mut Vec<Stmt>,
        i: usize,
        v: ValueId,
        plan: &Plan,
        at: &At,
        sz: Sizes,
    ) -> Result<(), Diag> {
        let c = self.src.space.class(v);
        let whole = self.whole_result(v);
        let (offset, dims) = match c {
            Class::Full if whole => (at.out(), vec![(plan.m.out, sz.ms), (plan.n.out, sz.ns)]),
            Class::Col => (at.out_n.clone(), vec![(0, P), (plan.n.out, sz.ns)]),
            Class::Row if whole => (at.out_m.clone(), vec![(plan.m.out, sz.ms), (0, 1)]),
            Class::Scalar => (Affine::constant(0), vec![(0, P), (1, 1)]),
            _ => return Err(self.unshaped(v)),
        };
        let t = self.tile_of(v, Memory::Sbuf)?;
        let tile = super::Tile {
            start: Affine::constant(0),
            size: sz.ms,
        };
        let dst = self.phys.view(t, c, c, &tile);
        let src = strided(self.hbm_in[i], offset, dims);
        out.push(Stmt::Inst(inst(
            Opcode::DmaCopy,
            &[("dst", Arg::Ap(dst)), ("src", Arg::Ap(src))],
            super::source::loc_of_arg(self.src.m, v),
        )));
        Ok(())
    }

    /// Output `v` of one tile into `hbm`, through an SBUF copy when it is still in PSUM.
    pub(super) fn dot_store(
        &mut self,
        out: &mut Vec<Stmt>,
        hbm: BufId,
        v: ValueId,
        plan: &Plan,
        at: &At,
        sz: Sizes,
    ) -> Result<(), Diag> {
        if self.src.space.class(v) != Class::Full || !self.whole_result(v) {
            return Err(self.unshaped(v));
        }
        let tile = super::Tile {
            start: Affine::constant(0),
            size: sz.ms,
        };
        let (mut buf, of) = self.source(v)?;
        if self.k.buffer(buf).memory == Memory::Psum {
            let copy = self.scratch("out", dtype(self.src.m, v)?, sz.ns);
            let dst = self.phys.view(copy, Class::Full, Class::Full, &tile);
            let src = self.phys.view(buf, of, Class::Full, &tile);
            out.push(Stmt::Inst(inst(
                Opcode::TensorCopy,
                &[("dst", Arg::Ap(dst)), ("src", Arg::Ap(src))],
                None,
            )));
            buf = copy;
        }
        let src = self.phys.view(buf, of, Class::Full, &tile);
        let dst = strided(
            hbm,
            at.out(),
            vec![(plan.m.out, sz.ms), (plan.n.out, sz.ns)],
        );
        out.push(Stmt::Inst(inst(
            Opcode::DmaCopy,
            &[("dst", Arg::Ap(dst)), ("src", Arg::Ap(src))],
            None,
        )));
        Ok(())
    }

    /// Whether `v` has as many elements as the matmul's result (so the result's strides
    /// address it: a reshape keeps row-major order).
    fn whole_result(&self, v: ValueId) -> bool {
        let count = |x: ValueId| self.src.m.ty(x).as_tensor().and_then(|t| t.num_elements());
        self.dot_result().is_some_and(|d| count(v) == count(d))
    }

    fn unshaped(&self, v: ValueId) -> Diag {
        // An op a pass made has no place of its own: the kernel's is the one to point at.
        let span = (self.src.m.defining_op(v))
            .map(|o| self.src.m.op(o).span)
            .filter(|s| !s.is_none())
            .unwrap_or(self.src.span);
        Diag::new(
            "lower::layout",
            span,
            "a value of a matmul kernel that is neither the matmul's shape nor a weight along N",
        )
        .with_label("matmul kernels read and write tiles of the matmul's result")
    }
}

/// `body` in a loop of `count` trips on `counter`, or as it is when there is no counter.
pub(super) fn looped(counter: Option<LoopId>, count: u64, body: Vec<Stmt>) -> Vec<Stmt> {
    match counter {
        Some(counter) => vec![Stmt::Loop {
            counter,
            count,
            body,
            span: Span::NONE,
        }],
        None => body,
    }
}

/// The view of a `[ms, ns]` tile of a `[128, ns]` buffer.
fn tile_ap(buf: BufId, sz: Sizes) -> Ap {
    strided(
        buf,
        Affine::constant(0),
        vec![(sz.ns as i64, sz.ms), (1, sz.ns)],
    )
}

pub(super) fn strided(buf: BufId, offset: Affine, dims: Vec<(i64, u64)>) -> Ap {
    Ap {
        buf,
        offset,
        dims,
        span: Span::NONE,
    }
}
