//! The instructions of the form: the constants once, then per batch the loads of `Q^T` and
//! `K^T`, the scores, their max and `exp` and sum, `V`, `P V`, and the normalized store.

use super::shape::{Operand, Shape};
use super::{Tiles, P};
use crate::movement::{ap, push};
use egfuse_diag::Span;
use egfuse_nisa::spec::{Alu, Arg, Func, Opcode};
use egfuse_nisa::{Affine, Ap, BufId, Kernel, LoopId, Stmt};

/// Instructions appended to a statement list, attributed to the kernel's op.
pub(super) struct Emit<'k> {
    pub(super) k: &'k mut Kernel,
    pub(super) span: Span,
}

impl Emit<'_> {
    fn push(&mut self, op: Opcode, args: Vec<(&str, Arg)>) {
        push(self.k, self.span, op, args);
    }

    fn memset(&mut self, dst: Arg, value: f64) {
        self.push(
            Opcode::Memset,
            vec![("dst", dst), ("value", Arg::Float(value))],
        );
    }

    /// The tiles every batch reads as they are set once: the ones column of the sums and, for
    /// a partial last block, the mask rows and zeros past the keys in `K^T` and `V` (so the
    /// padding's scores are finite before the mask and its `P V` terms are `0 x 0`).
    pub(super) fn constants(&mut self, s: &Shape, t: &Tiles) {
        self.memset(rows(t.ones, 1, P), 1.0);
        let Some((mask, ones)) = t.mask else {
            return;
        };
        let dt = s.d_tiles().len() as u64;
        self.memset(rows(t.k, dt * s.blocks() * P, P), 0.0);
        self.memset(rows(t.v, s.blocks() * s.dv, P), 0.0);
        self.memset(rows(mask, P, 1), 0.0);
        let past = Arg::Ap(ap(
            mask,
            s.rem() as i64,
            vec![(P as i64, 1), (1, P - s.rem())],
        ));
        self.memset(past, f64::NEG_INFINITY);
        self.memset(rows(ones, s.rows, 1), 1.0);
    }

    fn counter(&mut self) -> LoopId {
        let id = LoopId(self.k.loops.len() as u32);
        self.k.loops.push(format!("r{}", id.0));
        id
    }

    /// Runs `f` with the kernel's body empty, and returns what it appended.
    fn collect(&mut self, f: impl FnOnce(&mut Self)) -> Vec<Stmt> {
        let outer = std::mem::take(&mut self.k.body);
        f(self);
        std::mem::replace(&mut self.k.body, outer)
    }

    /// The loops over the batch dimensions from `at.len()`, each batch's attention inside.
    pub(super) fn batches(
        &mut self,
        s: &Shape,
        t: &Tiles,
        out: BufId,
        at: &mut Vec<LoopId>,
    ) -> Vec<Stmt> {
        let depth = at.len();
        if depth == s.batch.len() {
            return self.collect(|e| e.batch(s, t, out, at));
        }
        let counter = self.counter();
        at.push(counter);
        let body = self.batches(s, t, out, at);
        at.pop();
        vec![Stmt::Loop {
            counter,
            count: s.batch[depth],
            body,
            span: Span::NONE,
        }]
    }
}

/// `sum_i counter_i * strides_i`: an operand's offset at the batch the loops `at` are at.
fn offset(at: &[LoopId], strides: &[i64]) -> Affine {
    Affine {
        base: 0,
        terms: at
            .iter()
            .zip(strides)
            .map(|(&l, &x)| (l, x))
            .filter(|(_, x)| *x != 0)
            .collect(),
    }
}

/// An access pattern of `buf` from `offset`, as an argument.
fn view(buf: BufId, offset: Affine, dims: Vec<(i64, u64)>) -> Arg {
    Arg::Ap(Ap {
        buf,
        offset,
        dims,
        span: Span::NONE,
    })
}

impl Emit<'_> {
    /// One batch's attention, at the batch the loops `at` are at.
    fn batch(&mut self, s: &Shape, t: &Tiles, out: BufId, at: &[LoopId]) {
        self.loads(s, t, at);
        self.scores(s, t);
        self.max(s, t);
        self.exp_sum(s, t);
        self.values(s, t, at);
        self.pv(s, t);
        self.store(s, t, out, at);
    }

    /// `Q^T` and `K^T`, a tile of 128 of `d` on the partitions, the tiles side by side.
    fn loads(&mut self, s: &Shape, t: &Tiles, at: &[LoopId]) {
        let (q, k, r) = (&s.q, &s.k, s.rows);
        let input = |o: &Operand| BufId(o.input as u32);
        let (dt, kw) = (s.d_tiles().len() as u64, s.blocks() * P);
        for (n, (d0, dn)) in s.d_tiles().into_iter().enumerate() {
            let n = n as u64;
            let from = |o: &Operand| {
                offset(at, &o.batch).plus(&Affine::constant(o.contracted * d0 as i64))
            };
            let q_t = view(input(q), from(q), vec![(q.contracted, dn), (q.free, r)]);
            let q_dst = Arg::Ap(ap(t.q, (n * r) as i64, vec![((dt * r) as i64, dn), (1, r)]));
            self.push(Opcode::DmaCopy, vec![("dst", q_dst), ("src", q_t)]);
            let k_t = view(
                input(k),
                from(k),
                vec![(k.contracted, dn), (k.free, s.keys)],
            );
            let k_dst = vec![((dt * kw) as i64, dn), (1, s.keys)];
            let k_dst = Arg::Ap(ap(t.k, (n * kw) as i64, k_dst));
            self.push(Opcode::DmaCopy, vec![("dst", k_dst), ("src", k_t)]);
        }
    }

    /// The max of each row: over the blocks on DVE, over the partitions after a transpose,
    /// then along 128 columns and transposed back, subtracted from every block's scores.
    fn max(&mut self, s: &Shape, t: &Tiles) {
        let (r, nb) = (s.rows, s.blocks());
        self.push(
            Opcode::TensorReduce,
            reduce(rows(t.part, r, P), blocks(t.x, r, nb), Alu::Maximum),
        );
        let transpose = vec![("dst", rows(t.part_t, P, r)), ("data", rows(t.part, r, P))];
        self.push(Opcode::NcTranspose, transpose);
        self.push(
            Opcode::TensorReduce,
            reduce(rows(t.max, 1, r), rows(t.part_t, P, r), Alu::Maximum),
        );
        let spread = Arg::Ap(ap(t.max, 0, vec![(1, r), (0, P)]));
        self.push(
            Opcode::TensorCopy,
            vec![("dst", rows(t.wide, P, r)), ("src", spread)],
        );
        let transpose = vec![("dst", rows(t.max_t, r, P)), ("data", rows(t.wide, P, r))];
        self.push(Opcode::NcTranspose, transpose);
        let w = (r * nb) as i64;
        let by_block = |b| Arg::Ap(ap(b, 0, vec![(w, P), (r as i64, nb), (1, r)]));
        let max_t = Arg::Ap(ap(t.max_t, 0, vec![(r as i64, P), (0, nb), (1, r)]));
        let minus = vec![
            ("dst", by_block(t.x)),
            ("data1", by_block(t.x)),
            ("data2", max_t),
            ("op", Arg::Alu(Alu::Subtract)),
        ];
        self.push(Opcode::TensorTensor, minus);
    }

    /// `exp(s - max)`, its sum per row (over the blocks, then over the partitions by a matmul
    /// with a ones column), and `P` in the dtype the `P V` matmul reads.
    fn exp_sum(&mut self, s: &Shape, t: &Tiles) {
        let (r, nb) = (s.rows, s.blocks());
        let w = r * nb;
        let exp = vec![
            ("dst", rows(t.e, w, P)),
            ("op", Arg::Func(Func::Exp)),
            ("data", rows(t.x, w, P)),
        ];
        self.push(Opcode::Activation, exp);
        self.push(
            Opcode::TensorReduce,
            reduce(rows(t.sums, r, P), blocks(t.e, r, nb), Alu::Add),
        );
        let sum = vec![
            ("dst", rows(t.sum, 1, r)),
            ("stationary", rows(t.sums, r, P)),
            ("moving", rows(t.ones, 1, P)),
            ("accumulate", Arg::Flag(false)),
        ];
        self.push(Opcode::NcMatmul, sum);
        if t.p != t.e {
            self.push(
                Opcode::TensorCopy,
                vec![("dst", rows(t.p, w, P)), ("src", rows(t.e, w, P))],
            );
        }
    }

    /// `P V` times the reciprocal of the sum, stored to the result.
    fn store(&mut self, s: &Shape, t: &Tiles, out: BufId, at: &[LoopId]) {
        let (r, dv) = (s.rows, s.dv);
        let recip = vec![("dst", rows(t.rcp, 1, r)), ("data", rows(t.sum, 1, r))];
        self.push(Opcode::Reciprocal, recip);
        let scaled = vec![
            ("dst", rows(t.res, dv, r)),
            ("data", rows(t.pv, dv, r)),
            ("op0", Arg::Alu(Alu::Multiply)),
            ("operand0", rows(t.rcp, 1, r)),
        ];
        self.push(Opcode::TensorScalar, scaled);
        let (ob, orow, ocol) = &s.out;
        let dst = view(out, offset(at, ob), vec![(*orow, r), (*ocol, dv)]);
        self.push(
            Opcode::DmaCopy,
            vec![("dst", dst), ("src", rows(t.res, dv, r))],
        );
    }

    /// `S^T` block by block of 128 keys into PSUM, then scaled into SBUF.
    fn scores(&mut self, s: &Shape, t: &Tiles) {
        let (r, nb) = (s.rows, s.blocks());
        let (w, kw, dt) = (r * nb, nb * P, s.d_tiles().len() as u64);
        let j = self.counter();
        let step = |x: i64, base: u64| Affine {
            base: base as i64,
            terms: vec![(j, x)],
        };
        // Per block, the scores accumulate over the tiles of `d`.
        let body = self.collect(|e| {
            for (n, (_, dn)) in s.d_tiles().into_iter().enumerate() {
                let n = n as u64;
                let mm = vec![
                    (
                        "dst",
                        view(t.scores, step(r as i64, 0), vec![(w as i64, P), (1, r)]),
                    ),
                    (
                        "stationary",
                        view(
                            t.k,
                            step(P as i64, n * kw),
                            vec![((dt * kw) as i64, dn), (1, P)],
                        ),
                    ),
                    (
                        "moving",
                        view(
                            t.q,
                            Affine::constant((n * r) as i64),
                            vec![((dt * r) as i64, dn), (1, r)],
                        ),
                    ),
                    ("accumulate", Arg::Flag(n > 0)),
                ];
                e.push(Opcode::NcMatmul, mm);
            }
        });
        self.k.body.push(Stmt::Loop {
            counter: j,
            count: nb,
            body,
            span: Span::NONE,
        });
        if let Some((mask, ones)) = t.mask {
            // The padding's scores (`0`, from the zeros past the keys in `K^T`) plus -inf.
            let last = ((nb - 1) * r) as i64;
            let mm = vec![
                (
                    "dst",
                    Arg::Ap(ap(t.scores, last, vec![(w as i64, P), (1, r)])),
                ),
                ("stationary", rows(mask, P, 1)),
                ("moving", rows(ones, r, 1)),
                ("accumulate", Arg::Flag(true)),
            ];
            self.push(Opcode::NcMatmul, mm);
        }
        self.scaled(s, t);
    }

    /// The scores into SBUF, scaled as the kernel scales them (each divide or multiply by a
    /// splat in turn), or copied.
    fn scaled(&mut self, s: &Shape, t: &Tiles) {
        let w = s.rows * s.blocks();
        let all = |b| rows(b, w, P);
        if s.scale.is_empty() {
            let copy = vec![("dst", all(t.x)), ("src", all(t.scores))];
            self.push(Opcode::TensorCopy, copy);
        }
        let mut src = all(t.scores);
        for &(op, c) in &s.scale {
            let args = vec![
                ("dst", all(t.x)),
                ("data", src),
                ("op0", Arg::Alu(op)),
                ("operand0", Arg::Float(c)),
            ];
            self.push(Opcode::TensorScalar, args);
            src = all(t.x);
        }
    }

    /// V's rows, 128 keys a block on the partitions: the whole blocks in one DMA, a partial
    /// last block in another (its padding stays the zeros [`Emit::constants`] set).
    fn values(&mut self, s: &Shape, t: &Tiles, at: &[LoopId]) {
        let (v, dv, nb, full) = (&s.v, s.dv, s.blocks(), s.keys / P);
        let input = BufId(v.input as u32);
        let width = (nb * dv) as i64;
        if full > 0 {
            let src = vec![
                (v.contracted, P),
                (v.contracted * P as i64, full),
                (v.free, dv),
            ];
            let src = view(input, offset(at, &v.batch), src);
            let dst = Arg::Ap(ap(t.v, 0, vec![(width, P), (dv as i64, full), (1, dv)]));
            self.push(Opcode::DmaCopy, vec![("dst", dst), ("src", src)]);
        }
        if s.rem() > 0 {
            let from = Affine::constant(v.contracted * (full * P) as i64);
            let src = view(
                input,
                offset(at, &v.batch).plus(&from),
                vec![(v.contracted, s.rem()), (v.free, dv)],
            );
            let dst = Arg::Ap(ap(t.v, (full * dv) as i64, vec![(width, s.rem()), (1, dv)]));
            self.push(Opcode::DmaCopy, vec![("dst", dst), ("src", src)]);
        }
    }

    /// `P V`: per 128 keys, the block of `exp(S - max)^T` stationary and V's rows moving,
    /// accumulated in PSUM (the first block starts the sum).
    fn pv(&mut self, s: &Shape, t: &Tiles) {
        let (r, dv, nb) = (s.rows, s.dv, s.blocks());
        let w = r * nb;
        let mm = |p: Affine, v: Affine, acc| {
            vec![
                ("dst", rows(t.pv, dv, r)),
                ("stationary", view(t.p, p, vec![(w as i64, P), (1, r)])),
                ("moving", view(t.v, v, vec![((nb * dv) as i64, P), (1, dv)])),
                ("accumulate", Arg::Flag(acc)),
            ]
        };
        self.push(
            Opcode::NcMatmul,
            mm(Affine::constant(0), Affine::constant(0), false),
        );
        if nb > 1 {
            let j = self.counter();
            let step = |x: i64| Affine {
                base: x,
                terms: vec![(j, x)],
            };
            let body = self.collect(|e| {
                e.push(Opcode::NcMatmul, mm(step(r as i64), step(dv as i64), true));
            });
            self.k.body.push(Stmt::Loop {
                counter: j,
                count: nb - 1,
                body,
                span: Span::NONE,
            });
        }
    }
}

/// The first `p` partitions of `b`, `n` elements each.
fn rows(b: BufId, n: u64, p: u64) -> Arg {
    Arg::Ap(ap(b, 0, vec![(n as i64, p), (1, n)]))
}

/// `b`'s `[128, rows x blocks]` viewed as `[128][rows][blocks]`: a reduce over the last axis
/// folds the blocks.
fn blocks(b: BufId, r: u64, nb: u64) -> Arg {
    Arg::Ap(ap(b, 0, vec![((r * nb) as i64, P), (1, r), (r as i64, nb)]))
}

/// A `tensor_reduce` over the last axis of `data`'s view (the blocks, or the 128 partitions
/// once transposed).
fn reduce(dst: Arg, data: Arg, op: Alu) -> Vec<(&'static str, Arg)> {
    let last = data.as_ap().map_or(1, |a| a.dims.len() - 1) as u32;
    vec![
        ("dst", dst),
        ("op", Arg::Alu(op)),
        ("data", data),
        ("axis", Arg::Axes(vec![last])),
    ]
}
