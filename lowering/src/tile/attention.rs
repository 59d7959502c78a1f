//! The Attention kernel in attention_tkg's flash form: a DotSoftmax's scores and the matmul of
//! its probabilities `P` with `V`, in one kernel whose `P` never leaves the core. Per tile of
//! query rows, the keys are taken a PSUM bank at a time, as the online softmax takes them
//! ([`super::online`]): the bank's scores, its running max and sum, and `exp(s - max)`; then
//! the bank's `P V`, added into a running output that the bank's correction rescales first:
//!
//! ```text
//! nc_transpose   per 128 keys of the bank: exp(s - max) onto the keys' partitions (PSUM)
//! tensor_copy    into SBUF, in the dtype the matmul reads P in
//! dma_copy       the 128 keys' rows of V
//! nc_matmul      P^T as stationary, V as moving: the bank's P V, accumulated in PSUM
//! tensor_tensor  the running output times the correction exp(previous max - max)
//! tensor_tensor  plus the bank's P V
//! ```
//!
//! After the last bank the running output is divided by the running sum and stored. Exact in
//! real arithmetic: `sum_k (e_k / s) v_k = (sum_k e_k v_k) / s`, and the rescaling is the online
//! softmax's; in floating point it rounds otherwise than the ops as written, which `--check`
//! tells from a miscompile by verify's rounding-aware rule.
//!
//! Only the exact shape qualifies: the kernel's result is a `dot_general` of the probabilities
//! (a DotSoftmax's divide, converted at most) and of an input through views; its batch and
//! query dimensions are the scores' rows, and it contracts the keys.

use super::chunk::{passes, row_values, Work};
use super::dot::{segments, shifted, At, Dim, Plan};
use super::drain::{looped, strided};
use super::online::{online, Online};
use super::pv::{paired, pv_plan, Pv};
use super::{inst, Builder, Physical, Tile, P};
use crate::layout::Class;
use crate::select::{LArg, Selected};
use egfuse_diag::{Diag, Span};
use egfuse_ir::ValueId;
use egfuse_nisa::spec::{Alu, Arg, Opcode};
use egfuse_nisa::{Affine, BufId, Dtype, Memory, Role, Stmt};

/// The columns of one bank: one PSUM bank of fp32.
const BANK: u64 = 512;

/// The softmax the flash form takes apart: each instruction's pass (the online softmax's max
/// and sum folded into the first), the unnormalized probabilities `e` and the row value `r`
/// the divide normalizes them by.
struct Softmax {
    online: Online,
    of: Vec<usize>,
    e: ValueId,
    r: ValueId,
}

/// What the `P V` step of each bank reads and writes, for one tile of query rows.
#[derive(Clone, Debug)]
pub(super) struct Flash {
    plan: Plan,
    at: At,
    e: ValueId,
    /// The dtype the matmul reads `P` in.
    dtype: Dtype,
    /// The running output, `[rows, dv]` in fp32, and the bank's correction.
    out: BufId,
    corr: BufId,
    ms: u64,
    loc: Option<String>,
    span: Span,
}

impl Builder<'_> {
    /// The whole Attention kernel around the scores' matmul `dot` (planned by `plan`).
    pub(super) fn attention(
        &mut self,
        dot: &Selected,
        plan: &Plan,
        pv: &Pv,
        hbm_out: &[BufId],
    ) -> Result<Vec<Stmt>, Diag> {
        let m = self.src.m;
        let span = m.op(pv.dot).span;
        let sm = softmax(self.src).ok_or_else(|| unflashed(span, NOT_ONLINE))?;
        let pv_plan = pv_plan(m, pv, span)?;
        let cols = self.src.space.cols;
        let (loops, pairs) =
            paired(plan, &pv_plan, cols).ok_or_else(|| unflashed(span, NOT_ROWS))?;
        let plan = &Plan {
            loops,
            ..plan.clone()
        };
        let zero = |o: i64| At {
            lhs: Affine::constant(o),
            rhs: Affine::constant(0),
            out_m: Affine::constant(0),
            out_n: Affine::constant(0),
            scale: [Affine::constant(0), Affine::constant(0)],
        };
        let at = At {
            rhs: Affine::constant(plan.offsets[1]),
            ..zero(plan.offsets[0])
        };
        let at_pv = At {
            rhs: Affine::constant(pv.v.offset),
            ..zero(0)
        };
        let ctx = Ctx {
            dot,
            plan,
            pv,
            pv_plan: &pv_plan,
            pairs: &pairs,
            sm: &sm,
            hbm_out,
        };
        self.attention_loops(&ctx, 0, (&at, &at_pv))
    }

    /// The loop over the scores' `plan.loops[depth]` and its pair in the `P V` plan, or the
    /// tiles of query rows inside the last.
    fn attention_loops(
        &mut self,
        c: &Ctx,
        depth: usize,
        (at, at_pv): (&At, &At),
    ) -> Result<Vec<Stmt>, Diag> {
        let (Some(d), Some(e)) = (c.plan.loops.get(depth), c.pairs.get(depth)) else {
            return self.attention_tiles(c, (at, at_pv));
        };
        let counter = self.counter();
        let step = |stride: i64| Some((counter, stride));
        let inner = At {
            lhs: shifted(&at.lhs, 0, step(d.lhs)),
            rhs: shifted(&at.rhs, 0, step(d.rhs)),
            out_m: shifted(&at.out_m, 0, step(d.out)),
            ..at.clone()
        };
        let inner_pv = At {
            rhs: shifted(&at_pv.rhs, 0, step(e.rhs)),
            out_m: shifted(&at_pv.out_m, 0, step(e.out)),
            ..at_pv.clone()
        };
        let body = self.attention_loops(c, depth + 1, (&inner, &inner_pv))?;
        Ok(looped(Some(counter), d.size, body))
    }

    /// The tiles of up to 128 query rows at `at`, each in the flash form.
    fn attention_tiles(&mut self, c: &Ctx, (at, at_pv): (&At, &At)) -> Result<Vec<Stmt>, Diag> {
        let (mut out, mut done) = (Vec::new(), 0u64);
        for (count, ms) in segments(c.plan.m.size, P) {
            let counter = (count > 1).then(|| self.counter());
            let step = |stride: i64| counter.map(|k| (k, stride * P as i64));
            let m0 = done as i64;
            let (mm, pm) = (c.plan.m, c.pv_plan.m);
            let tile = At {
                lhs: shifted(&at.lhs, m0 * mm.lhs, step(mm.lhs)),
                out_m: shifted(&at.out_m, m0 * mm.out, step(mm.out)),
                ..at.clone()
            };
            let tile_pv = At {
                out_m: shifted(&at_pv.out_m, m0 * pm.out, step(pm.out)),
                ..at_pv.clone()
            };
            let body = self.flash_tile(c, (&tile, &tile_pv), ms)?;
            out.extend(looped(counter, count, body));
            done += count * ms;
        }
        Ok(out)
    }

    /// One tile of `ms` query rows: the online softmax's pass over the banks of keys with each
    /// bank's `P V`, then the running output divided by the running sum, stored.
    fn flash_tile(&mut self, c: &Ctx, (at, at_pv): (&At, &At), ms: u64) -> Result<Vec<Stmt>, Diag> {
        let src = self.src;
        let m = src.m;
        self.tiles.clear();
        let mut out = Vec::new();
        self.scalar_loads(&mut out, c.dot, c.plan, at, ms)?;
        let o = c.sm.online;
        let scratch = self.online_scratch(o)?;
        let dv = c.pv_plan.n.size;
        let running = self.scratch("o", Dtype::F32, dv);
        let tile = Tile {
            start: Affine::constant(0),
            size: ms,
        };
        self.phys = Physical::Rows {
            cols: BANK.min(src.space.cols),
        };
        for s in row_values(src, &c.sm.of, &|p| p == 0) {
            self.inst(&mut out, s, &tile)?;
        }
        let work = Work::of(src, &c.sm.of, 0, 2).expect("the online pass reduces");
        self.flash = Some(Flash {
            plan: c.pv_plan.clone(),
            at: at_pv.clone(),
            e: c.sm.e,
            dtype: crate::tensor::dtype(m, c.pv.p)?,
            out: running,
            corr: scratch.corr,
            ms,
            loc: m
                .op(c.pv.dot)
                .loc
                .as_ref()
                .map(|l| crate::tensor::loc_text(m, l)),
            span: m.op(c.pv.dot).span,
        });
        let sweep = self.bank_sweep(
            c.dot,
            c.plan,
            (c.hbm_out, Some((o, scratch))),
            at,
            ms,
            &work,
        );
        self.flash = None;
        self.chunk = None;
        out.extend(sweep?);
        for s in row_values(src, &c.sm.of, &|p| p >= 1) {
            self.inst(&mut out, s, &tile)?;
        }
        self.normalized(&mut out, c, (running, at_pv), ms)?;
        Ok(out)
    }

    /// The running output divided by the softmax's row sum, stored to the result.
    fn normalized(
        &mut self,
        out: &mut Vec<Stmt>,
        c: &Ctx,
        (running, at_pv): (BufId, &At),
        ms: u64,
    ) -> Result<(), Diag> {
        let m = self.src.m;
        let dv = c.pv_plan.n.size;
        let (r, _) = self.source(c.sm.r)?;
        let result = m.op(c.pv.dot).results[0];
        let res = self.scratch("res", crate::tensor::dtype(m, result)?, dv);
        let loc = m
            .op(c.pv.dot)
            .loc
            .as_ref()
            .map(|l| crate::tensor::loc_text(m, l));
        let rows = |b| ap(b, 0, &[(dv as i64, ms), (1, dv)]);
        let divide = [
            ("dst", rows(res)),
            ("data1", rows(running)),
            ("data2", ap(r, 0, &[(1, ms), (0, dv)])),
            ("op", Arg::Alu(Alu::Divide)),
        ];
        out.push(Stmt::Inst(
            inst(Opcode::TensorTensor, &divide, loc.clone()).at(m.op(c.pv.dot).span),
        ));
        let (pm, pn) = (c.pv_plan.m.out, c.pv_plan.n.out);
        let dst = strided(c.hbm_out[0], at_pv.out(), vec![(pm, ms), (pn, dv)]);
        let store = [("dst", Arg::Ap(dst)), ("src", rows(res))];
        out.push(Stmt::Inst(inst(Opcode::DmaCopy, &store, loc)));
        Ok(())
    }

    /// The `P V` of one bank of `w` keys from key `keys`, added into the running output (the
    /// first bank's is the running output). V's own columns go a PSUM bank at a time.
    pub(super) fn pv_step(
        &mut self,
        body: &mut Vec<Stmt>,
        first: bool,
        (keys, w): (&Affine, u64),
    ) -> Result<(), Diag> {
        let Some(f) = self.flash.clone() else {
            return Ok(());
        };
        let (ms, dv) = (f.ms, f.plan.n.size);
        let (e, _) = self.source(f.e)?;
        let p = match self.k.buffer(e).dtype == f.dtype {
            true => e,
            false => {
                let t = self.scratch("pe", f.dtype, w);
                let all = |b| ap(b, 0, &[(w as i64, ms), (1, w)]);
                let copy = [("dst", all(t)), ("src", all(e))];
                body.push(Stmt::Inst(
                    inst(Opcode::TensorCopy, &copy, f.loc.clone()).at(f.span),
                ));
                t
            }
        };
        let columns = pieces(dv, BANK);
        let accs: Vec<BufId> = columns.iter().map(|&(_, nw)| self.psum_tile(nw)).collect();
        let tiles = Blocks {
            tp: self.buffer(
                format!("p{}_tp", self.k.buffers.len()),
                Memory::Psum,
                Dtype::F32,
                vec![P, P],
                Role::Scratch,
            ),
            pt: self.scratch("pt", f.dtype, P),
            v: self.scratch("v", self.k.buffer(self.hbm_in[f.plan.inputs[1]]).dtype, dv),
        };
        for (c0, kb) in pieces(w, P) {
            let block = (c0 as i64, kb);
            self.pv_block(body, &f, (p, w, keys), block, (&tiles, &columns, &accs));
        }
        let rows = |b, n0: u64, nw: u64| ap(b, n0 as i64, &[(dv as i64, ms), (1, nw)]);
        let mut push = |op, args: &[(&str, Arg)]| {
            body.push(Stmt::Inst(inst(op, args, f.loc.clone()).at(f.span)));
        };
        // `dst = dst op data2` on DVE.
        let in_place = |dst: Arg, data2, op| {
            let args = [
                ("dst", dst.clone()),
                ("data1", dst),
                ("data2", data2),
                ("op", Arg::Alu(op)),
            ];
            (Opcode::TensorTensor, args)
        };
        if !first {
            let corr = ap(f.corr, 0, &[(1, ms), (0, dv)]);
            let (op, args) = in_place(rows(f.out, 0, dv), corr, Alu::Multiply);
            push(op, &args);
        }
        for (&(n0, nw), &acc) in columns.iter().zip(&accs) {
            let (out, bank) = (rows(f.out, n0, nw), ap(acc, 0, &[(nw as i64, ms), (1, nw)]));
            match first {
                true => push(Opcode::TensorCopy, &[("dst", out), ("src", bank)]),
                false => {
                    let (op, args) = in_place(out, bank, Alu::Add);
                    push(op, &args);
                }
            }
        }
        Ok(())
    }

    /// The `P V` of one block of `kb` keys from column `c0` of the bank's `p` (`w` columns, from
    /// key `keys`): P's block onto the keys' partitions by a PE transpose, V's rows of those
    /// keys in, and a matmul into each PSUM bank of V's columns (`pieces`, `accs`).
    fn pv_block(
        &mut self,
        body: &mut Vec<Stmt>,
        f: &Flash,
        (p, w, keys): (BufId, u64, &Affine),
        (c0, kb): (i64, u64),
        (t, pieces, accs): (&Blocks, &[(u64, u64)], &[BufId]),
    ) {
        let (ms, dv, k, n) = (f.ms, f.plan.n.size, f.plan.k, f.plan.n);
        let mut push = |op, args: &[(&str, Arg)]| {
            body.push(Stmt::Inst(inst(op, args, f.loc.clone()).at(f.span)));
        };
        let keys_t = |b| ap(b, 0, &[(P as i64, kb), (1, ms)]);
        let block = ap(p, c0, &[(w as i64, ms), (1, kb)]);
        push(
            Opcode::NcTranspose,
            &[("dst", keys_t(t.tp)), ("data", block)],
        );
        push(
            Opcode::TensorCopy,
            &[("dst", keys_t(t.pt)), ("src", keys_t(t.tp))],
        );
        let at = keys
            .plus(&Affine::constant(c0))
            .scaled(k.rhs)
            .plus(&f.at.rhs);
        let v = strided(
            self.hbm_in[f.plan.inputs[1]],
            at,
            vec![(k.rhs, kb), (n.rhs, dv)],
        );
        let v_rows = ap(t.v, 0, &[(dv as i64, kb), (1, dv)]);
        push(Opcode::DmaCopy, &[("dst", v_rows), ("src", Arg::Ap(v))]);
        for (&(n0, nw), &acc) in pieces.iter().zip(accs) {
            let mm = [
                ("dst", ap(acc, 0, &[(nw as i64, ms), (1, nw)])),
                ("stationary", keys_t(t.pt)),
                ("moving", ap(t.v, n0 as i64, &[(dv as i64, kb), (1, nw)])),
                ("accumulate", Arg::Flag(c0 > 0)),
            ];
            push(Opcode::NcMatmul, &mm);
        }
    }
}

/// The buffers of a bank's blocks of keys: P's block transposed in PSUM, then in SBUF, and V's
/// rows of the block.
struct Blocks {
    tp: BufId,
    pt: BufId,
    v: BufId,
}

/// What the tiles of one Attention kernel share.
struct Ctx<'c> {
    dot: &'c Selected,
    plan: &'c Plan,
    pv: &'c Pv,
    pv_plan: &'c Plan,
    /// Per loop of `plan`, the same loop in `pv_plan`.
    pairs: &'c [Dim],
    sm: &'c Softmax,
    hbm_out: &'c [BufId],
}

/// `size` in pieces of `per` (the last the rest), each as its start and its size.
fn pieces(size: u64, per: u64) -> Vec<(u64, u64)> {
    (0..size.div_ceil(per))
        .map(|k| (k * per, per.min(size - k * per)))
        .collect()
}

/// The softmax of `src` in the shape the flash form takes: an online softmax (its max and sum
/// in one pass), then only the divide of `exp(s - max)` by a row value and a convert of it,
/// which is what the `P V` matmul reads.
fn softmax(src: &super::Source) -> Option<Softmax> {
    let (of, count) = passes(src)?;
    let o = online(src, &of, count)?;
    let of: Vec<usize> = of.iter().map(|p| p.saturating_sub(1)).collect();
    let base = |v: ValueId| src.scope.base(src.m, v);
    let last: Vec<&Selected> = (src.insts.iter().zip(&of))
        .filter(|(s, p)| **p == 1 && src.space.class(s.result) == Class::Full)
        .map(|(s, _)| s)
        .collect();
    let (div, convert) = match last.as_slice() {
        [d] => (*d, None),
        [d, c] => (*d, Some(*c)),
        _ => return None,
    };
    let arg = |s: &Selected, name: &str| match s.args.get(s.op.param(name)?)? {
        Some(LArg::Value(v)) => Some(base(*v)),
        _ => None,
    };
    let divides = matches!(
        div.args.get(div.op.param("op")?),
        Some(Some(LArg::Alu(Alu::Divide)))
    );
    let (e, r) = (arg(div, "data1")?, arg(div, "data2")?);
    let converted = convert.is_none_or(|c| {
        c.op == Opcode::TensorCopy && arg(c, "src") == Some(div.result) && c.then.is_empty()
    });
    let read = convert.map_or(div.result, |c| c.result);
    let classes = (src.space.class(e), src.space.class(r)) == (Class::Full, Class::Row);
    let shaped = div.op == Opcode::TensorTensor && divides && div.then.is_empty() && classes;
    let outputs = src.outputs.iter().map(|&v| base(v)).eq([read]);
    (shaped && converted && outputs).then_some(Softmax {
        online: o,
        of,
        e,
        r,
    })
}

/// An access pattern of `buf` from element `offset`, as an argument.
fn ap(buf: BufId, offset: i64, dims: &[(i64, u64)]) -> Arg {
    Arg::Ap(strided(buf, Affine::constant(offset), dims.to_vec()))
}

/// Why the flash form does not take a softmax.
const NOT_ONLINE: &str =
    "its softmax is not one the online form takes (a max, the sum of exp(x - max), a divide)";
/// Why the flash form does not take a `P V` matmul.
const NOT_ROWS: &str =
    "its batch and query dimensions are not the scores' rows, or it contracts other than the keys";

/// The diagnostic for an Attention kernel the flash form does not take.
fn unflashed(span: Span, why: &str) -> Diag {
    Diag::new(
        "lower::layout",
        span,
        "an attention's P V matmul that the flash form cannot build",
    )
    .with_label(why.to_string())
    .with_help(
        "the flash form reads P as the softmax of the scores' rows, a PSUM bank of keys at a time",
    )
}
