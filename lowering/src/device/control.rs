//! `while`, `case` and `if` as the sequencer's control flow, with their values in place.
//!
//! A `while` is a `loop` whose trip runs the condition's kernels, `exit unless` the scalar
//! they compute, then the body's kernels; its carried values are one tensor each, the loop's
//! results after it. A `case` is a `switch` on its index, an `if` a switch of its false and
//! true branches (a predicate is 0 or 1); each arm writes the op's result tensors.
//!
//! In place: a yielded value that a kernel of the body (or arm) writes, and that nothing after
//! that kernel reads under its old tensor, is written by that kernel straight into the carried
//! (or result) tensor. What remains is copied at the end of the trip, as one parallel copy:
//! each copy runs before any other overwrites what it reads, and only values that move in a
//! cycle (a loop that swaps two carried values) go through a tensor aside.

use super::Builder;
use egfuse_diag::Diag;
use egfuse_ir::{Module, OpId, ValueId};
use egfuse_nisa::device::{map_tensors, touched, Origin, Step, TensorId};

impl Builder<'_> {
    pub(super) fn while_loop(
        &mut self,
        op: OpId,
        out: &mut Vec<Step>,
        depth: usize,
    ) -> Result<(), Diag> {
        let m = self.m;
        let o = m.op(op);
        let &[cond, body] = &o.regions[..] else {
            return Err(
                Diag::new("lower::device", o.span, "a while without two regions")
                    .with_label("this loop"),
            );
        };
        let body = super::body_of(m, body, o.span)?;
        let carried = self.carried(op, body, out)?;
        let mut steps = Vec::new();
        let cond = super::body_of(m, cond, o.span)?;
        self.bind(m.block(cond).args.clone(), &carried);
        let pred = self.block(cond, &mut steps, depth + 1)?;
        let Some(&unless) = pred.first() else {
            return Err(
                Diag::new("lower::device", o.span, "a while condition yields nothing")
                    .with_label("this loop"),
            );
        };
        steps.push(Step::Exit {
            unless,
            span: o.span,
        });
        self.bind(m.block(body).args.clone(), &carried);
        let (from, fresh) = (steps.len(), self.tensors.len());
        let yielded = self.block(body, &mut steps, depth + 1)?;
        self.yields(&mut steps, from, fresh, &carried, &yielded, o.span);
        out.push(Step::Loop {
            body: steps,
            span: o.span,
        });
        self.bind(o.results.to_vec(), &carried);
        Ok(())
    }

    /// The tensors that carry the loop `op`'s values, after any copies into them on `out`.
    /// A value the body yields unchanged is never written, so its first tensor carries it,
    /// whatever holds it; an init value nothing reads after the loop carries itself; any
    /// other is copied into a tensor of its own.
    fn carried(
        &mut self,
        op: OpId,
        body: egfuse_ir::BlockId,
        out: &mut Vec<Step>,
    ) -> Result<Vec<TensorId>, Diag> {
        let m = self.m;
        let o = m.op(op);
        let args = &m.block(body).args;
        let yields = m.block(body).ops.last().map(|&t| &m.op(t).operands);
        let unchanged = |i: usize| yields.is_some_and(|y| y.get(i) == args.get(i));
        let init: Vec<TensorId> = (o.operands.iter())
            .map(|&v| self.value(v))
            .collect::<Result<_, _>>()?;
        let mut carried: Vec<Option<TensorId>> = (0..init.len())
            .map(|i| unchanged(i).then_some(init[i]))
            .collect();
        for (i, &v) in o.operands.iter().enumerate() {
            if carried[i].is_some() {
                continue;
            }
            let t = init[i];
            let reuse = self.tensors[t.0 as usize].origin == Origin::Temp
                && !self.shared.contains(&t)
                && !carried.contains(&Some(t))
                && last_read_by(m, v, op);
            carried[i] = Some(if reuse {
                t
            } else {
                let c = self.temp(v)?;
                out.push(Step::Copy {
                    src: t,
                    dst: c,
                    span: o.span,
                });
                c
            });
        }
        Ok(carried.into_iter().flatten().collect())
    }

    pub(super) fn switch(
        &mut self,
        op: OpId,
        out: &mut Vec<Step>,
        depth: usize,
    ) -> Result<(), Diag> {
        let m = self.m;
        let o = m.op(op);
        let on = self.value(o.operands[0])?;
        let mut regions = o.regions.clone();
        if o.name.ends_with(".if") {
            regions.reverse();
        }
        let results: Vec<TensorId> = (o.results.iter())
            .map(|&r| self.temp(r))
            .collect::<Result<_, _>>()?;
        let mut arms = Vec::new();
        for r in regions {
            let mut steps = Vec::new();
            let fresh = self.tensors.len();
            let block = super::body_of(m, r, o.span)?;
            let yielded = self.block(block, &mut steps, depth + 1)?;
            self.yields(&mut steps, 0, fresh, &results, &yielded, o.span);
            arms.push(steps);
        }
        out.push(Step::Switch {
            on,
            arms,
            span: o.span,
        });
        self.bind(o.results.to_vec(), &results);
        Ok(())
    }

    fn bind(&mut self, values: Vec<ValueId>, tensors: &[TensorId]) {
        for (v, &t) in values.into_iter().zip(tensors) {
            self.at.insert(v, t);
        }
    }

    /// Ends `steps` (whose own steps begin at `from`, the tensors they made at `fresh`) so
    /// that each of `into` holds the value `yielded` in its place: written in place where it
    /// can be, else copied ([`Builder::parallel_copy`]).
    fn yields(
        &mut self,
        steps: &mut Vec<Step>,
        from: usize,
        fresh: usize,
        into: &[TensorId],
        yielded: &[TensorId],
        span: egfuse_diag::Span,
    ) {
        let mut moves = Vec::new();
        for (i, (&dst, &src)) in into.iter().zip(yielded).enumerate() {
            if src == dst {
                continue;
            }
            match self.in_place(steps, from, fresh, i, into, yielded) {
                Some(p) => rename(&mut steps[p..], src, dst),
                None => moves.push((src, dst)),
            }
        }
        let copies = self.parallel_copy(moves, span);
        steps.extend(copies);
    }

    /// The copies that move every `(src, dst)` pair at once: a copy runs only once no other
    /// still reads its destination, and where the rest read each other's destinations in a
    /// cycle, one source is first copied aside.
    fn parallel_copy(
        &mut self,
        mut moves: Vec<(TensorId, TensorId)>,
        span: egfuse_diag::Span,
    ) -> Vec<Step> {
        let mut out = Vec::new();
        while !moves.is_empty() {
            let free = (0..moves.len()).find(|&k| moves.iter().all(|&(s, _)| s != moves[k].1));
            if let Some(k) = free {
                let (src, dst) = moves.remove(k);
                out.push(Step::Copy { src, dst, span });
                continue;
            }
            let src = moves[0].0;
            let held = self.tensors[src.0 as usize].clone();
            let aside = TensorId(self.tensors.len() as u32);
            self.tensors.push(egfuse_nisa::device::Tensor {
                origin: Origin::Temp,
                offset: None,
                ..held
            });
            out.push(Step::Copy {
                src,
                dst: aside,
                span,
            });
            for m in &mut moves {
                if m.0 == src {
                    m.0 = aside;
                }
            }
        }
        out
    }

    /// Where the `i`th yielded tensor can be written straight into `into[i]`: the position of
    /// the step (among `steps[from..]`) that writes it, when the tensor is its own (made by
    /// these steps, holding no other value, yielded once), `into[i]` is yielded nowhere else,
    /// and no step from that one on touches `into[i]`.
    fn in_place(
        &self,
        steps: &[Step],
        from: usize,
        fresh: usize,
        i: usize,
        into: &[TensorId],
        yielded: &[TensorId],
    ) -> Option<usize> {
        let (dst, src) = (into[i], yielded[i]);
        let own = src.0 as usize >= fresh
            && self.tensors[src.0 as usize].origin == Origin::Temp
            && !self.shared.contains(&src)
            && yielded.iter().filter(|&&t| t == src).count() == 1
            && !(yielded.iter().enumerate()).any(|(k, &t)| k != i && t == dst);
        if !own {
            return None;
        }
        let p = (from..steps.len())
            .find(|&p| matches!(&steps[p], Step::Call { results, .. } if results.contains(&src)))?;
        (!steps[p..].iter().any(|s| touches(s, dst))).then_some(p)
    }
}

/// Whether `v`'s last reader is `op`: every other op that reads it comes before `op` in its
/// block, and `op` reads it once.
fn last_read_by(m: &Module, v: ValueId, op: OpId) -> bool {
    let uses = &m.value(v).uses;
    let parent = m.op(op).parent;
    uses.iter().filter(|u| u.op == op).count() == 1
        && uses
            .iter()
            .all(|u| u.op == op || (m.op(u.op).parent == parent && m.is_before_in_block(u.op, op)))
}

/// Whether `s`, or a step inside it, touches `t`.
fn touches(s: &Step, t: TensorId) -> bool {
    touched(s).contains(&t)
        || match s {
            Step::Loop { body, .. } => body.iter().any(|s| touches(s, t)),
            Step::Switch { arms, .. } => arms.iter().flatten().any(|s| touches(s, t)),
            _ => false,
        }
}

/// `from` replaced by `to` in every step of `steps`, at any depth.
fn rename(steps: &mut [Step], from: TensorId, to: TensorId) {
    map_tensors(steps, &mut |t| {
        if *t == from {
            *t = to;
        }
    });
}
