//! Matmul kernels: a `dot_general` (or `dot`) as tiled `nc_matmul`s into PSUM, drained by the
//! rest of its kernel (DotLogistic's silu, DotSoftmax's softmax) or by a copy out.
//!
//! The contraction's dimensions are grouped as batch, M (the lhs's own), N (the rhs's own) and
//! K (contracted). In each group, dimensions that are adjacent in memory merge; the innermost
//! run of M and of N is tiled (M by 128 onto the result's partitions, N by 512 onto one PSUM
//! bank of fp32), and the rest of M and N, and the batch, are loops around the tiles. K is
//! tiled by 128 onto the partitions both operands share, and accumulated in PSUM: the first
//! K tile writes, the others accumulate (003 §1.1 row 4; `nc_matmul`'s accumulation group).
//! Operands come from HBM by DMA with strided access patterns, one tile per K step.

use super::drain::Sizes;
use super::{Builder, Physical, Tile, P};
use crate::movement::strides;
use crate::nisa::spec::Opcode;
use crate::nisa::{Affine, BufId, Dtype, LoopId, Memory, Role, Stmt};
use crate::select::{LArg, Selected};
use egfuse_diag::{Diag, Span};
use egfuse_ir::{Module, OpId, ValueId};

/// The moving free size of one `nc_matmul`: one PSUM bank of fp32.
const N_TILE: u64 = 512;

/// One dimension of the contraction: its size and its element stride in the lhs, the rhs and
/// the result (0 where it does not occur).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Dim {
    pub(super) size: u64,
    pub(super) lhs: i64,
    pub(super) rhs: i64,
    pub(super) out: i64,
}

impl Dim {
    const UNIT: Dim = Dim {
        size: 1,
        lhs: 0,
        rhs: 0,
        out: 0,
    };
}

/// The contraction as loops around tiled runs.
#[derive(Clone, Debug)]
pub(super) struct Plan {
    /// Each a loop: the batch, then the M and N dimensions outside the tiled runs.
    loops: Vec<Dim>,
    pub(super) m: Dim,
    pub(super) n: Dim,
    /// The contracted dimensions outside the tiled run, each a loop of accumulation.
    pub(super) k_loops: Vec<Dim>,
    pub(super) k: Dim,
}

/// Where a tile starts in each operand, and in the result along the batch and M (`out_m`) and
/// along N (`out_n`): a weight along N is read at `out_n` alone.
#[derive(Clone, Debug)]
pub(super) struct At {
    pub(super) lhs: Affine,
    pub(super) rhs: Affine,
    pub(super) out_m: Affine,
    pub(super) out_n: Affine,
}

impl At {
    pub(super) fn out(&self) -> Affine {
        let mut out = self.out_m.clone();
        out.base += self.out_n.base;
        out.terms.extend(self.out_n.terms.iter().copied());
        out
    }
}

impl Plan {
    /// The plan of `op`, a `dot_general` or a `dot`.
    pub(super) fn of(m: &Module, op: OpId) -> Result<Plan, Diag> {
        let o = m.op(op);
        let shape = |v: ValueId| -> Vec<u64> {
            m.ty(v)
                .dims()
                .map_or(Vec::new(), |d| d.iter().map(|&x| x.max(0) as u64).collect())
        };
        let (ls, rs, os) = (
            shape(o.operands[0]),
            shape(o.operands[1]),
            shape(o.results[0]),
        );
        let (lb, rb, lc, rc) = numbers(m, op, ls.len())?;
        let (lst, rst, ost) = (strides(&ls), strides(&rs), strides(&os));
        let mut batch = Vec::new();
        for (i, (&l, &r)) in lb.iter().zip(&rb).enumerate() {
            batch.push(Dim {
                size: ls[l],
                lhs: lst[l],
                rhs: rst[r],
                out: ost[i],
            });
        }
        let free = |rank: usize, b: &[usize], c: &[usize]| -> Vec<usize> {
            (0..rank)
                .filter(|d| !b.contains(d) && !c.contains(d))
                .collect()
        };
        let (lf, rf) = (free(ls.len(), &lb, &lc), free(rs.len(), &rb, &rc));
        let ms: Vec<Dim> = lf
            .iter()
            .enumerate()
            .map(|(j, &d)| Dim {
                size: ls[d],
                lhs: lst[d],
                rhs: 0,
                out: ost[lb.len() + j],
            })
            .collect();
        let ns: Vec<Dim> = rf
            .iter()
            .enumerate()
            .map(|(j, &d)| Dim {
                size: rs[d],
                lhs: 0,
                rhs: rst[d],
                out: ost[lb.len() + lf.len() + j],
            })
            .collect();
        let mut ks: Vec<Dim> = lc
            .iter()
            .zip(&rc)
            .map(|(&l, &r)| Dim {
                size: ls[l],
                lhs: lst[l],
                rhs: rst[r],
                out: 0,
            })
            .collect();
        ks.sort_by_key(|d| std::cmp::Reverse(d.lhs));
        let (mut m_loops, m_run) = split(merged(ms));
        let (n_loops, n_run) = split(merged(ns));
        let (k_loops, k_run) = split(merged(ks));
        let mut loops = merged(batch);
        loops.append(&mut m_loops);
        loops.extend(n_loops);
        Ok(Plan {
            loops,
            m: m_run,
            n: n_run,
            k_loops,
            k: k_run,
        })
    }

    /// The columns of one tile: the N run, or a bank of it.
    pub(super) fn n_tile(&self) -> u64 {
        self.n.size.min(N_TILE)
    }

    /// Whether every N dimension is in the tiled run and fits one tile, so a reduce over N sees
    /// whole rows.
    pub(super) fn whole_rows(&self, n_total: u64) -> bool {
        self.n.size == n_total && self.n.size <= N_TILE
    }
}

/// The batching and contracting dimensions of each side: `(lb, rb, lc, rc)`.
type Numbers = (Vec<usize>, Vec<usize>, Vec<usize>, Vec<usize>);

fn numbers(m: &Module, op: OpId, lhs_rank: usize) -> Result<Numbers, Diag> {
    let o = m.op(op);
    if &*o.name == "stablehlo.dot" {
        return Ok((vec![], vec![], vec![lhs_rank.saturating_sub(1)], vec![0]));
    }
    let attr = o.attr("dot_dimension_numbers");
    let list = |name: &str| -> Vec<usize> {
        attr.and_then(|a| a.field(name))
            .and_then(|a| a.as_int_list())
            .map_or(Vec::new(), |v| {
                v.iter().map(|&x| x.max(0) as usize).collect()
            })
    };
    let n = (
        list("lhs_batching_dimensions"),
        list("rhs_batching_dimensions"),
        list("lhs_contracting_dimensions"),
        list("rhs_contracting_dimensions"),
    );
    if attr.is_none() || n.0.len() != n.1.len() || n.2.len() != n.3.len() {
        return Err(Diag::new(
            "lower::layout",
            o.span,
            "this dot_general's dimension numbers do not pair up",
        )
        .with_label("each side lists as many batching and contracting dimensions"));
    }
    Ok(n)
}

/// `dims` without unit dimensions, adjacent ones merged where every stride agrees.
fn merged(dims: Vec<Dim>) -> Vec<Dim> {
    let mut out: Vec<Dim> = Vec::new();
    for d in dims.into_iter().filter(|d| d.size != 1) {
        let n = d.size as i64;
        match out.last_mut() {
            Some(p) if p.lhs == d.lhs * n && p.rhs == d.rhs * n && p.out == d.out * n => {
                *p = Dim {
                    size: p.size * d.size,
                    ..d
                }
            }
            _ => out.push(d),
        }
    }
    out
}

/// The outer dimensions and the innermost run (a unit run when there is none).
fn split(mut dims: Vec<Dim>) -> (Vec<Dim>, Dim) {
    let run = dims.pop().unwrap_or(Dim::UNIT);
    (dims, run)
}

/// `a` moved by `base` elements and, in a loop, by `step` per trip of `counter`.
pub(super) fn shifted(a: &Affine, base: i64, step: Option<(LoopId, i64)>) -> Affine {
    a.plus(&Affine {
        base,
        terms: step.into_iter().collect(),
    })
}

/// The tiles of `size` by `per`: (how many, elements each), the full ones then the rest.
pub(super) fn segments(size: u64, per: u64) -> Vec<(u64, u64)> {
    let mut out = Vec::new();
    if size / per > 0 {
        out.push((size / per, per));
    }
    if !size.is_multiple_of(per) {
        out.push((1, size % per));
    }
    out
}

impl Builder<'_> {
    /// The whole kernel around its one matmul `dot`, as the statements of its body.
    pub(super) fn dot(
        &mut self,
        dot: &Selected,
        plan: &Plan,
        hbm_out: &[BufId],
    ) -> Result<Vec<Stmt>, Diag> {
        let reduces = self.src.insts.iter().any(|s| s.op == Opcode::TensorReduce);
        if reduces && !plan.whole_rows(self.src.space.cols) {
            let msg = format!(
                "a reduce over {} columns of a matmul's result",
                self.src.space.cols
            );
            return Err(
                Diag::new("lower::layout", self.src.m.op(dot.root).span, msg)
                    .with_label(
                        "a reduce after a matmul needs each row in one PSUM bank (512 fp32)",
                    )
                    .with_help("the online (flash) form that tiles the row is not lowered yet"),
            );
        }
        let zero = At {
            lhs: Affine::constant(0),
            rhs: Affine::constant(0),
            out_m: Affine::constant(0),
            out_n: Affine::constant(0),
        };
        self.dot_loops(dot, plan, hbm_out, 0, &zero)
    }

    /// The loop over `plan.loops[depth]`, or the tiles inside the last.
    fn dot_loops(
        &mut self,
        dot: &Selected,
        plan: &Plan,
        hbm_out: &[BufId],
        depth: usize,
        at: &At,
    ) -> Result<Vec<Stmt>, Diag> {
        let Some(d) = plan.loops.get(depth) else {
            return self.dot_tiles(dot, plan, hbm_out, at);
        };
        let counter = self.counter();
        let is_n = d.rhs != 0 && d.lhs == 0;
        let inner = At {
            lhs: shifted(&at.lhs, 0, Some((counter, d.lhs))),
            rhs: shifted(&at.rhs, 0, Some((counter, d.rhs))),
            out_m: shifted(&at.out_m, 0, (!is_n).then_some((counter, d.out))),
            out_n: shifted(&at.out_n, 0, is_n.then_some((counter, d.out))),
        };
        let body = self.dot_loops(dot, plan, hbm_out, depth + 1, &inner)?;
        Ok(vec![Stmt::Loop {
            counter,
            count: d.size,
            body,
            span: Span::NONE,
        }])
    }

    pub(super) fn counter(&mut self) -> LoopId {
        let counter = LoopId(self.k.loops.len() as u32);
        self.k.loops.push(format!("r{}", counter.0));
        counter
    }

    /// The M and N tiles at `at`, each a matmul tile with its drain.
    fn dot_tiles(
        &mut self,
        dot: &Selected,
        plan: &Plan,
        hbm_out: &[BufId],
        at: &At,
    ) -> Result<Vec<Stmt>, Diag> {
        let mut out = Vec::new();
        let mut m_done = 0;
        for (mc, ms) in segments(plan.m.size, P) {
            let mut n_done = 0;
            for (nc, ns) in segments(plan.n.size, plan.n_tile()) {
                let (mcount, ncount) = (
                    (mc > 1).then(|| self.counter()),
                    (nc > 1).then(|| self.counter()),
                );
                let m_step = |c: Option<LoopId>, stride: i64| c.map(|c| (c, stride * P as i64));
                let n_step = |c: Option<LoopId>, stride: i64| c.map(|c| (c, stride * ns as i64));
                let (m0, n0) = (m_done as i64, n_done as i64);
                let tile_at = At {
                    lhs: shifted(&at.lhs, m0 * plan.m.lhs, m_step(mcount, plan.m.lhs)),
                    rhs: shifted(&at.rhs, n0 * plan.n.rhs, n_step(ncount, plan.n.rhs)),
                    out_m: shifted(&at.out_m, m0 * plan.m.out, m_step(mcount, plan.m.out)),
                    out_n: shifted(&at.out_n, n0 * plan.n.out, n_step(ncount, plan.n.out)),
                };
                let mut body = self.dot_tile(dot, plan, hbm_out, &tile_at, ms, ns)?;
                for (count, c) in [(nc, ncount), (mc, mcount)] {
                    if let Some(counter) = c {
                        body = vec![Stmt::Loop {
                            counter,
                            count,
                            body,
                            span: Span::NONE,
                        }];
                    }
                }
                out.extend(body);
                n_done += nc * ns;
            }
            m_done += mc * ms;
        }
        Ok(out)
    }

    /// One `[ms, ns]` tile: its K steps into PSUM, then the rest of the kernel on it, then its
    /// results out.
    fn dot_tile(
        &mut self,
        dot: &Selected,
        plan: &Plan,
        hbm_out: &[BufId],
        at: &At,
        ms: u64,
        ns: u64,
    ) -> Result<Vec<Stmt>, Diag> {
        let sz = Sizes { ms, ns };
        self.phys = Physical::Rows { cols: ns };
        self.tiles.clear();
        let mut out = Vec::new();
        let acc = self.psum_tile(ns);
        self.k_steps(&mut out, dot, plan, acc, at, sz)?;
        self.tiles.insert(dot.result, acc);
        let tile = Tile {
            start: Affine::constant(0),
            size: ms,
        };
        let operands = self.dot_operands(dot);
        for (i, &v) in self.src.inputs.iter().enumerate() {
            if !operands.contains(&v) && self.read(v) {
                self.dot_load(&mut out, i, v, plan, at, sz)?;
            }
        }
        for s in self.src.insts.iter().filter(|s| s.op != Opcode::NcMatmul) {
            self.inst(&mut out, s, &tile)?;
        }
        for (i, &v) in self.src.outputs.iter().enumerate() {
            self.dot_store(
                &mut out,
                hbm_out[self.src.writes[i].output],
                v,
                plan,
                at,
                sz,
            )?;
        }
        Ok(out)
    }

    fn psum_tile(&mut self, ns: u64) -> BufId {
        let name = format!("p{}", self.k.buffers.len());
        self.buffer(name, Memory::Psum, Dtype::F32, vec![P, ns], Role::Scratch)
    }

    /// The kernel inputs the matmul reads: its operands, through reshapes (a reshape keeps
    /// row-major order, so the operand's strides address the input).
    pub(super) fn dot_operands(&self, dot: &Selected) -> Vec<ValueId> {
        dot.args
            .iter()
            .flatten()
            .filter_map(|a| match a {
                LArg::Value(x) => Some(self.src.scope.unreshaped(self.src.m, *x)),
                _ => None,
            })
            .collect()
    }
}

impl Builder<'_> {
    /// The value the kernel's matmul computes.
    pub(super) fn dot_result(&self) -> Option<ValueId> {
        (self.src.insts.iter())
            .find(|s| s.op == Opcode::NcMatmul)
            .map(|s| s.result)
    }
}
