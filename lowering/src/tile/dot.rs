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
use super::scaled::Factor;
use super::{Builder, Physical, Tile, P};
use crate::edge::Dims;
use crate::select::{LArg, Selected};
use crate::tensor::strides;
use egfuse_diag::{Diag, Span};
use egfuse_ir::{Module, OpId, ValueId};
use egfuse_nisa::spec::Opcode;
use egfuse_nisa::{Affine, BufId, Dtype, LoopId, Memory, Role, Stmt};

/// The moving free size of one `nc_matmul`: one PSUM bank of fp32.
const N_TILE: u64 = 512;

/// One dimension of the contraction: its size and its element stride in the lhs, the rhs and
/// the result (0 where it does not occur), and in each side's scales where an operand is
/// scaled ([`Scale`]; along K, the stride per block).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Dim {
    pub(super) size: u64,
    pub(super) lhs: i64,
    pub(super) rhs: i64,
    pub(super) out: i64,
    pub(super) scale: [i64; 2],
}

impl Dim {
    const UNIT: Dim = Dim {
        size: 1,
        lhs: 0,
        rhs: 0,
        out: 0,
        scale: [0; 2],
    };
}

/// Where a matmul operand's elements are in HBM: the kernel input that holds them, the first
/// of them, and the runs each dimension walks ([`Dims`]). An operand the kernel reads in order (or
/// through reshapes, which keep row-major order) is its input's elements row-major; one that
/// views at the kernel's edge give (a slice, a transpose) is read through their pattern.
#[derive(Clone, Debug)]
pub(super) struct Operand {
    pub(super) input: usize,
    pub(super) offset: i64,
    pub(super) dims: Dims,
    /// The scales the kernel multiplies these elements by before the matmul reads them.
    pub(super) scale: Option<Factor>,
}

/// Where one side's scales are: the kernel input, its first element, and the elements of the
/// operand's contracted dimension that share one scale.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Scale {
    pub(super) input: usize,
    pub(super) offset: i64,
    pub(super) block: u64,
}

/// The contraction as loops around tiled runs.
#[derive(Clone, Debug)]
pub(super) struct Plan {
    /// The kernel inputs the two operands are read from, and their first elements.
    pub(super) inputs: [usize; 2],
    pub(super) offsets: [i64; 2],
    /// Each a loop: the batch, then the M and N dimensions outside the tiled runs.
    pub(super) loops: Vec<Dim>,
    pub(super) m: Dim,
    pub(super) n: Dim,
    /// The contracted dimensions outside the tiled run, each a loop of accumulation.
    pub(super) k_loops: Vec<Dim>,
    pub(super) k: Dim,
    /// Each side's scales, where the kernel computes that operand as elements times scales.
    pub(super) scales: [Option<Scale>; 2],
}

/// Where a tile starts in each operand, and in the result along the batch and M (`out_m`) and
/// along N (`out_n`): a weight along N is read at `out_n` alone.
#[derive(Clone, Debug)]
pub(super) struct At {
    pub(super) lhs: Affine,
    pub(super) rhs: Affine,
    pub(super) out_m: Affine,
    pub(super) out_n: Affine,
    /// Where the tile starts in each side's scales (0 for a side without).
    pub(super) scale: [Affine; 2],
}

impl At {
    pub(super) fn out(&self) -> Affine {
        self.out_m.plus(&self.out_n)
    }

    /// The tile `first` rows along the plan's M dimension `m`, and `per` further each trip of
    /// `counter`: the lhs and the result move.
    pub(super) fn along_m(&self, m: Dim, first: u64, per: u64, counter: Option<LoopId>) -> At {
        let moved = |a: &Affine, stride| moved(a, stride, first, per, counter);
        At {
            lhs: moved(&self.lhs, m.lhs),
            out_m: moved(&self.out_m, m.out),
            scale: [moved(&self.scale[0], m.scale[0]), self.scale[1].clone()],
            ..self.clone()
        }
    }

    /// The tile `first` columns along the plan's N dimension `n`, and `per` further each trip
    /// of `counter`: the rhs and the result move.
    pub(super) fn along_n(&self, n: Dim, first: u64, per: u64, counter: Option<LoopId>) -> At {
        let moved = |a: &Affine, stride| moved(a, stride, first, per, counter);
        At {
            rhs: moved(&self.rhs, n.rhs),
            out_n: moved(&self.out_n, n.out),
            scale: [self.scale[0].clone(), moved(&self.scale[1], n.scale[1])],
            ..self.clone()
        }
    }
}

/// `a` moved `first` elements of `stride`, and `per` more each trip of `counter`.
fn moved(a: &Affine, stride: i64, first: u64, per: u64, counter: Option<LoopId>) -> Affine {
    shifted(
        a,
        first as i64 * stride,
        counter.map(|c| (c, stride * per as i64)),
    )
}

impl Plan {
    /// The plan of `op`, a `dot_general`, a `dot` or a `convolution`, reading its operands
    /// where `operands` says.
    pub(super) fn of(m: &Module, op: OpId, operands: &[Operand; 2]) -> Result<Plan, Diag> {
        let o = m.op(op);
        if &*o.name == "stablehlo.convolution" {
            return super::conv::plan(m, op, operands);
        }
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
        let numbers = numbers(m, op, ls.len())?;
        let od: Dims = (strides(&os).into_iter().zip(&os))
            .map(|(s, &n)| vec![(s, n)])
            .collect();
        if operands[0].dims.len() != ls.len() || operands[1].dims.len() != rs.len() {
            return Err(untiled(o.span));
        }
        Plan::contraction(&numbers, operands, &od, o.span)
    }

    /// The plan of a contraction with dimension numbers `(lb, rb, lc, rc)` of two operands
    /// whose dimensions walk the runs `operands` gives, into a result whose dimensions (the
    /// batch, the lhs's free ones, the rhs's) walk `od`.
    pub(super) fn contraction(
        (lb, rb, lc, rc): &Numbers,
        operands: &[Operand; 2],
        od: &Dims,
        span: Span,
    ) -> Result<Plan, Diag> {
        let (ld, rd) = (&operands[0].dims, &operands[1].dims);
        let untiled = || untiled(span);
        let within = |list: &[usize], rank: usize| list.iter().all(|&d| d < rank);
        let listed = [
            (lb, ld.len()),
            (lc, ld.len()),
            (rb, rd.len()),
            (rc, rd.len()),
        ];
        if !listed.iter().all(|&(list, rank)| within(list, rank)) {
            return Err(untiled());
        }
        let scaled = operands
            .each_ref()
            .map(|o| o.scale.as_ref().map(|f| &f.dims));
        if scaled
            .iter()
            .flatten()
            .zip(operands)
            .any(|(d, o)| d.len() != o.dims.len())
        {
            return Err(untiled());
        }
        // Each group of dimensions as pieces whose runs every side walks alike. A side is
        // `[lhs, rhs, out, lhs scales, rhs scales]`; its stride is 0 where it lacks the
        // dimension.
        let pieces = |sides: [Option<&[(i64, u64)]>; 5]| {
            let lists: Vec<&[(i64, u64)]> = sides.iter().flatten().copied().collect();
            let refined = super::runs::refine(&lists).ok_or_else(untiled)?;
            let mut at = [None; 5];
            let mut k = 0;
            for (slot, side) in at.iter_mut().zip(&sides) {
                if side.is_some() {
                    *slot = Some(k);
                    k += 1;
                }
            }
            let of = move |st: &[i64], side: usize| at[side].map_or(0, |k| st[k]);
            Ok::<_, Diag>(refined.into_iter().map(move |(size, st)| Dim {
                size,
                lhs: of(&st, 0),
                rhs: of(&st, 1),
                out: of(&st, 2),
                scale: [of(&st, 3), of(&st, 4)],
            }))
        };
        let lscale = |d: usize| scaled[0].map(|s| &s[d][..]);
        let rscale = |d: usize| scaled[1].map(|s| &s[d][..]);
        let mut batch = Vec::new();
        for (i, (&l, &r)) in lb.iter().zip(rb).enumerate() {
            let sides = [
                Some(&ld[l][..]),
                Some(&rd[r][..]),
                Some(&od[i][..]),
                lscale(l),
                rscale(r),
            ];
            batch.extend(pieces(sides)?);
        }
        let free = |rank: usize, b: &[usize], c: &[usize]| -> Vec<usize> {
            (0..rank)
                .filter(|d| !b.contains(d) && !c.contains(d))
                .collect()
        };
        let (lf, rf) = (free(ld.len(), lb, lc), free(rd.len(), rb, rc));
        if od.len() != lb.len() + lf.len() + rf.len() {
            return Err(untiled());
        }
        let mut ms = Vec::new();
        for (j, &d) in lf.iter().enumerate() {
            let sides = [
                Some(&ld[d][..]),
                None,
                Some(&od[lb.len() + j][..]),
                lscale(d),
                None,
            ];
            ms.extend(pieces(sides)?);
        }
        let mut ns = Vec::new();
        for (j, &d) in rf.iter().enumerate() {
            let out = &od[lb.len() + lf.len() + j][..];
            ns.extend(pieces([
                None,
                Some(&rd[d][..]),
                Some(out),
                None,
                rscale(d),
            ])?);
        }
        let mut ks = Vec::new();
        for (&l, &r) in lc.iter().zip(rc) {
            ks.extend(pieces([
                Some(&ld[l][..]),
                Some(&rd[r][..]),
                None,
                None,
                None,
            ])?);
        }
        ks.sort_by_key(|d| std::cmp::Reverse(d.lhs));
        let (mut m_loops, m_run) = split(merged(ms));
        let (n_loops, n_run) = split(merged(ns));
        let (k_loops, mut k_run) = split(merged(ks));
        let scales = scales(operands, [lc, rc], (&k_loops, &mut k_run), span)?;
        let mut loops = merged(batch);
        loops.append(&mut m_loops);
        loops.extend(n_loops);
        Ok(Plan {
            inputs: operands.clone().map(|o| o.input),
            offsets: operands.clone().map(|o| o.offset),
            loops,
            m: m_run,
            n: n_run,
            k_loops,
            k: k_run,
            scales,
        })
    }

    /// Whether some operand is scaled.
    pub(super) fn scaled(&self) -> bool {
        self.scales.iter().any(Option::is_some)
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

/// Each side's scales, where its operand is scaled: one per block of its one contracted
/// dimension, which is all of the K run (`k`, whose scale strides per block this sets) with no
/// K loops around it.
fn scales(
    operands: &[Operand; 2],
    contracted: [&[usize]; 2],
    (k_loops, k): (&[Dim], &mut Dim),
    span: Span,
) -> Result<[Option<Scale>; 2], Diag> {
    let mut out = [None; 2];
    for (side, (o, c)) in operands.iter().zip(contracted).enumerate() {
        let Some(f) = &o.scale else { continue };
        let (stride, block) = super::scaled::blocks(&f.dims, c, k.size)
            .filter(|_| k_loops.is_empty())
            .ok_or_else(|| super::scaled::unblocked(span))?;
        k.scale[side] = stride;
        out[side] = Some(Scale {
            input: f.input,
            offset: f.offset,
            block,
        });
    }
    Ok(out)
}

/// The batching and contracting dimensions of each side: `(lb, rb, lc, rc)`.
pub(super) type Numbers = (Vec<usize>, Vec<usize>, Vec<usize>, Vec<usize>);

pub(crate) fn numbers(m: &Module, op: OpId, lhs_rank: usize) -> Result<Numbers, Diag> {
    let o = m.op(op);
    if &*o.name == "stablehlo.dot" {
        return Ok((vec![], vec![], vec![lhs_rank.saturating_sub(1)], vec![0]));
    }
    let attr = o.attr("dot_dimension_numbers");
    let list = |name: &str| -> Vec<usize> {
        attr.and_then(|a| a.field(name))
            .and_then(egfuse_ir::facts::int_list)
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
            Some(p)
                if [p.lhs, p.rhs, p.out, p.scale[0], p.scale[1]]
                    == [d.lhs, d.rhs, d.out, d.scale[0], d.scale[1]].map(|s| s * n) =>
            {
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
        let span = self.src.m.op(dot.root).span;
        if reduces && self.src.space.strided.is_some() {
            // The matmul's columns (N) are its result's trailing dimensions; a reduce over
            // others is not over N, whatever their sizes.
            let msg =
                "a reduce over dimensions of a matmul's result that are not its trailing ones";
            return Err(Diag::new("lower::layout", span, msg)
                .with_label("a reduce after a matmul reduces the matmul's columns (N) only"));
        }
        if reduces && !plan.whole_rows(self.src.space.cols) && !self.by_banks(plan) {
            let msg = format!(
                "a reduce over {} columns of a matmul's result",
                self.src.space.cols
            );
            return Err(
                Diag::new("lower::layout", span, msg)
                    .with_label("a reduce after a matmul reads its rows a PSUM bank (512 fp32) at a time")
                    .with_help("rows are built a bank at a time when the matmul's columns are one run, the kernel reads no value per row and writes values along the rows only"),
            );
        }
        let zero = At {
            lhs: Affine::constant(plan.offsets[0]),
            rhs: Affine::constant(plan.offsets[1]),
            out_m: Affine::constant(0),
            out_n: Affine::constant(0),
            scale: plan
                .scales
                .map(|s| Affine::constant(s.map_or(0, |s| s.offset))),
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
            scale: [0, 1].map(|i| shifted(&at.scale[i], 0, Some((counter, d.scale[i])))),
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
        // Rows built a bank at a time take all of N in one tile.
        let banks = self.by_banks(plan);
        if !banks && self.keeps_moving(dot, plan)? {
            return self.resident_tiles(dot, plan, hbm_out, at);
        }
        let mut out = Vec::new();
        let mut m_done = 0;
        let n_segments = match banks {
            true => vec![(1, plan.n.size)],
            false => segments(plan.n.size, plan.n_tile()),
        };
        for (mc, ms) in segments(plan.m.size, P) {
            let mut n_done = 0;
            for &(nc, ns) in &n_segments {
                let (mcount, ncount) = (
                    (mc > 1).then(|| self.counter()),
                    (nc > 1).then(|| self.counter()),
                );
                let tile_at =
                    (at.along_m(plan.m, m_done, P, mcount)).along_n(plan.n, n_done, ns, ncount);
                let mut body = match banks {
                    true => self.dot_rows(dot, plan, hbm_out, &tile_at, ms)?,
                    false => self.dot_tile(dot, plan, hbm_out, &tile_at, ms, ns)?,
                };
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
    pub(super) fn dot_tile(
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
        let prologue = self.prologue(dot);
        let drain = |s: &&Selected| s.op != Opcode::NcMatmul && !prologue.contains(&s.result);
        for s in self.src.insts.iter().filter(drain) {
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

    pub(super) fn psum_tile(&mut self, ns: u64) -> BufId {
        let name = format!("p{}", self.k.buffers.len());
        self.buffer(name, Memory::Psum, Dtype::F32, vec![P, ns], Role::Scratch)
    }

    /// Where the matmul's two operands are in HBM ([`Operand`]): a kernel input, through
    /// reshapes inside the kernel, a view at its edge, or elements times their scales
    /// ([`super::scaled`]).
    pub(super) fn operands(&self, dot: &Selected) -> Result<[Operand; 2], Diag> {
        let m = self.src.m;
        let span = m.op(dot.root).span;
        let args = &m.op(dot.root).operands;
        let one = |k: usize| -> Result<Operand, Diag> {
            let v = *args.get(k).ok_or_else(|| computed(span))?;
            let base = self.src.scope.unreshaped(m, v);
            if let Some(input) = self.src.inputs.iter().position(|&x| x == base) {
                let shape: Vec<u64> = (m.ty(v).dims().unwrap_or(&[]).iter())
                    .map(|&d| d.max(0) as u64)
                    .collect();
                let dims = (strides(&shape).into_iter().zip(shape))
                    .map(|(s, n)| vec![(s, n)])
                    .collect();
                return Ok(Operand {
                    input,
                    offset: 0,
                    dims,
                    scale: None,
                });
            }
            if let Some(s) = super::scaled::of(m, v, self.src.inputs) {
                return Ok(Operand {
                    input: s.elements.input,
                    offset: s.elements.offset,
                    dims: s.elements.dims,
                    scale: Some(s.scales),
                });
            }
            let read = (self.src.reads.iter().find(|r| r.value == base && base == v))
                .ok_or_else(|| computed(span))?;
            Ok(Operand {
                input: read.input,
                offset: read.offset,
                dims: read.dims.clone(),
                scale: None,
            })
        };
        Ok([one(0)?, one(1)?])
    }

    /// The kernel inputs the matmul reads: its operands, through reshapes (a reshape keeps
    /// row-major order, so the operand's strides address the input), or a scaled operand's
    /// elements and scales.
    pub(super) fn dot_operands(&self, dot: &Selected) -> Vec<ValueId> {
        let (m, inputs) = (self.src.m, self.src.inputs);
        let mut out = Vec::new();
        for a in dot.args.iter().flatten() {
            let LArg::Value(x) = a else { continue };
            match super::scaled::of(m, *x, inputs) {
                Some(s) => out.extend([s.elements.input, s.scales.input].map(|i| inputs[i])),
                None => out.push(self.src.scope.unreshaped(m, *x)),
            }
        }
        out
    }

    /// The values a scaled operand's prologue computes (`drain.rs` multiplies them into the
    /// operand tile), which the rest of the kernel does not compute again.
    pub(super) fn prologue(&self, dot: &Selected) -> Vec<ValueId> {
        let (m, inputs) = (self.src.m, self.src.inputs);
        (m.op(dot.root).operands.iter())
            .filter_map(|&v| super::scaled::of(m, v, inputs))
            .flat_map(|s| s.values)
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

/// The diagnostic for operand runs a matmul cannot walk.
fn untiled(span: Span) -> Diag {
    Diag::new(
        "lower::layout",
        span,
        "a matmul operand whose views regroup its dimensions into runs the matmul cannot walk",
    )
    .with_label("each dimension of a matmul walks its operands' and result's runs together")
}

/// The diagnostic for a matmul operand the kernel computes.
fn computed(span: egfuse_diag::Span) -> Diag {
    Diag::new(
        "lower::layout",
        span,
        "this matmul's operands are computed inside its kernel",
    )
    .with_label("a matmul reads its operands from HBM")
    .with_help("the kernel's producers of a matmul operand are not lowered yet")
}
