//! A matmul kernel whose reduces span more columns than one PSUM bank holds (a DotSoftmax over
//! more than 512 keys): per tile of rows, the matmul's columns are built a bank at a time, in
//! as many passes over them as the kernel's chain of reduces needs ([`super::chunk`]'s
//! passes). Each pass recomputes the matmul's tile of each bank (its K steps into PSUM), then
//! what its reduces and outputs read; a reduce folds each bank into its row result, and the
//! row values computed from them run between the passes. A softmax is two passes, the first
//! the online softmax's running max and sum ([`super::online`]), the second the result. Rows
//! whose every column fits one bank are built once ([`super::dot`]).

use super::chunk::{parts, passes, row_values, Work};
use super::dot::{shifted, At, Plan};
use super::drain::{looped, Sizes};
use super::online::{Online, Scratch};
use super::{Builder, Physical, Tile};
use crate::layout::Class;
use crate::select::Selected;
use egfuse_diag::Diag;
use egfuse_ir::ValueId;
use egfuse_nisa::spec::Opcode;
use egfuse_nisa::{Affine, BufId, Stmt};

/// The columns of one chunk: one PSUM bank of fp32.
const BANK: u64 = 512;

impl Builder<'_> {
    /// Whether the kernel around `plan` is built a bank of columns at a time: its reduces span
    /// more columns than a bank, its columns are the matmul's one N run, it reads no value per
    /// row, writes values along the rows only, and its chain of reduces fits the passes a
    /// chunked kernel makes.
    pub(super) fn by_banks(&self, plan: &Plan) -> bool {
        let src = self.src;
        let cols = src.space.cols;
        let reduces = src.insts.iter().any(|s| s.op == Opcode::TensorReduce);
        let operands = plan.inputs.map(|i| src.inputs[i]);
        let row_input = (src.inputs.iter())
            .any(|&v| src.space.class(v) == Class::Row && !operands.contains(&v));
        reduces
            && !plan.scaled()
            && !plan.whole_rows(cols)
            && cols > BANK
            && plan.n.size == cols
            && !row_input
            && src
                .outputs
                .iter()
                .all(|&v| src.space.class(v) == Class::Full)
            && passes(src).is_some()
    }

    /// One tile of `ms` rows at `at`, its columns built a bank at a time over the passes.
    pub(super) fn dot_rows(
        &mut self,
        dot: &Selected,
        plan: &Plan,
        hbm_out: &[BufId],
        at: &At,
        ms: u64,
    ) -> Result<Vec<Stmt>, Diag> {
        let src = self.src;
        let (mut of, mut count) = passes(src).expect("a kernel built by banks");
        // An online softmax folds the max's pass into the sum's.
        let online = super::online::online(src, &of, count);
        if online.is_some() {
            of.iter_mut().for_each(|p| *p = p.saturating_sub(1));
            count -= 1;
        }
        let tile = Tile {
            start: Affine::constant(0),
            size: ms,
        };
        self.tiles.clear();
        let mut out = Vec::new();
        let fold = match online {
            Some(o) => Some((o, self.online_scratch(o)?)),
            None => None,
        };
        self.scalar_loads(&mut out, dot, plan, at, ms)?;
        for pass in 0..count {
            self.phys = Physical::Rows { cols: BANK };
            for s in row_values(src, &of, &|p| p == pass) {
                self.inst(&mut out, s, &tile)?;
            }
            if let Some(work) = Work::of(src, &of, pass, count) {
                let sweep = self.bank_sweep(dot, plan, (hbm_out, fold), at, ms, &work)?;
                out.extend(sweep);
            }
        }
        self.chunk = None;
        Ok(out)
    }

    /// The single values a tile of `ms` rows reads besides the matmul's operands, loaded before
    /// its passes over the banks.
    pub(super) fn scalar_loads(
        &mut self,
        out: &mut Vec<Stmt>,
        dot: &Selected,
        plan: &Plan,
        at: &At,
        ms: u64,
    ) -> Result<(), Diag> {
        let operands = self.dot_operands(dot);
        for (i, &v) in self.src.inputs.iter().enumerate() {
            let scalar = self.src.space.class(v) == Class::Scalar;
            if scalar && !operands.contains(&v) && self.read(v) {
                self.dot_load(out, i, v, plan, at, Sizes { ms, ns: 1 })?;
            }
        }
        Ok(())
    }

    /// One pass over the banks of columns: per bank, the matmul's tile when the pass reads
    /// it, the inputs along the columns it reads, its instructions and its stored outputs.
    pub(super) fn bank_sweep(
        &mut self,
        dot: &Selected,
        plan: &Plan,
        (hbm_out, fold): (&[BufId], Option<(Online, Scratch)>),
        at: &At,
        ms: u64,
        work: &Work,
    ) -> Result<Vec<Stmt>, Diag> {
        let src = self.src;
        let along = |v: ValueId| matches!(src.space.class(v), Class::Full | Class::Col);
        let (mut out, mut done) = (Vec::new(), 0u64);
        for (n, (trips, w)) in parts(src.space.cols, BANK.min(src.space.cols))
            .into_iter()
            .enumerate()
        {
            let counter = self.enter_chunk(n == 0, (trips, w), done);
            let step = |stride: i64| counter.map(|c| (c, stride * w as i64));
            let at_bank = At {
                rhs: shifted(&at.rhs, done as i64 * plan.n.rhs, step(plan.n.rhs)),
                out_n: shifted(&at.out_n, done as i64 * plan.n.out, step(plan.n.out)),
                ..at.clone()
            };
            let sz = Sizes { ms, ns: w };
            let tile = Tile {
                start: Affine::constant(0),
                size: ms,
            };
            let operands = self.dot_operands(dot);
            let mut body = Vec::new();
            for (i, &v) in src.inputs.iter().enumerate() {
                if along(v) && work.need.contains(&v) && !operands.contains(&v) {
                    self.dot_load(&mut body, i, v, plan, &at_bank, sz)?;
                }
            }
            for s in &work.insts {
                if let Some(f) = fold.filter(|_| n > 0) {
                    self.online_step(&mut body, f, s, &tile)?;
                }
                if s.op == Opcode::NcMatmul {
                    let acc = self.psum_tile(w);
                    self.k_steps(&mut body, dot, plan, acc, &at_bank, sz)?;
                    self.tiles.insert(dot.result, acc);
                } else {
                    self.inst(&mut body, s, &tile)?;
                }
            }
            let keys = Affine {
                base: done as i64,
                terms: counter.map_or(vec![], |c| vec![(c, w as i64)]),
            };
            self.pv_step(&mut body, n == 0, (&keys, w))?;
            for &i in &work.stored {
                let hbm = hbm_out[src.writes[i].output];
                self.dot_store(&mut body, hbm, src.outputs[i], plan, &at_bank, sz)?;
            }
            out.extend(looped(counter, trips, body));
            done += trips * w;
        }
        Ok(out)
    }
}
