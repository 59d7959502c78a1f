//! The online softmax of a matmul kernel built a bank at a time ([`super::dot_rows`]): the
//! max's pass and the pass of the sum of `exp(x - max)` are one, as attention_tkg runs it. Each
//! bank after the first folds its max into the running max, and the running sum, taken against
//! the previous max, is rescaled by `exp(previous - max)` before the bank's own sum is added:
//!
//! ```text
//! tensor_copy    the running max, kept as the previous one
//! tensor_reduce  the bank's max, folded into the running max (tensor_tensor maximum)
//! ...            the bank's exp(x - max) against the new running max
//! activation     exp(max * -1 + previous): the correction, one instruction (scale -1,
//!                the previous max as the bias)
//! tensor_tensor  the running sum times the correction
//! tensor_reduce  the bank's sum, folded into the running sum
//! ```
//!
//! Exact in real arithmetic, `sum(exp(x - m)) * exp(m - m')` being `sum(exp(x - m'))`; a
//! softmax makes two passes over the banks instead of three. Only the exact spelling qualifies:
//! the sum reads `exp(y - max)` (through a convert at most), and nothing else reads the max
//! before the sum is complete (no row value computed from it, no result stored in the sum's
//! pass).

use super::chunk::row_values;
use super::{inst, Builder, Source, Tile};
use crate::layout::Class;
use crate::select::{LArg, Selected};
use egfuse_diag::Diag;
use egfuse_ir::ValueId;
use egfuse_nisa::spec::{Alu, Arg, Func, Opcode};
use egfuse_nisa::{BufId, Memory, Stmt};

/// The two reduces an online softmax folds into one pass, by instruction index.
#[derive(Clone, Copy, Debug)]
pub(super) struct Online {
    pub(super) max: usize,
    pub(super) sum: usize,
}

/// The running max kept as the previous one, and the correction, per tile of rows.
#[derive(Clone, Copy, Debug)]
pub(super) struct Scratch {
    pub(super) prev: BufId,
    pub(super) corr: BufId,
}

/// The online softmax of `src`, whose instructions run in passes `of` (of `count`): the max in
/// the first pass, the sum of `exp(y - max)` in the second, the rest in the third, no row value
/// computed between the first two.
pub(super) fn online(src: &Source, of: &[usize], count: usize) -> Option<Online> {
    let reduces: Vec<usize> = (0..src.insts.len())
        .filter(|&i| src.insts[i].op == Opcode::TensorReduce)
        .collect();
    let [max, sum] = reduces.as_slice() else {
        return None;
    };
    let alu = |i: usize| super::reduce::operator(&src.insts[i]);
    let shaped = count == 3 && (of[*max], of[*sum]) == (0, 1);
    let alus = alu(*max) == Alu::Maximum && alu(*sum) == Alu::Add;
    // Nothing reads the running max but the sum: no row value between the passes, and no
    // result of the second pass stored (it would be taken against a max still growing).
    let base = |v: ValueId| src.scope.base(src.m, v);
    let pass_of = |v: ValueId| (src.insts.iter().zip(of)).find(|(s, _)| s.result == base(v));
    let stored_second = (src.outputs.iter()).any(|&v| pass_of(v).is_some_and(|(_, &p)| p == 1));
    let nothing_between = row_values(src, of, &|p| p == 1).is_empty() && !stored_second;
    let chain = exp_of_difference(src, *sum) == Some(src.insts[*max].result);
    (shaped && alus && nothing_between && chain).then_some(Online {
        max: *max,
        sum: *sum,
    })
}

/// For the reduce at `i` over `exp(y - r)` (through a convert at most), the row value `r`.
fn exp_of_difference(src: &Source, i: usize) -> Option<ValueId> {
    let base = |v: ValueId| src.scope.base(src.m, v);
    let producer = |v: ValueId| src.insts.iter().find(|s| s.result == base(v));
    let arg = |s: &Selected, name: &str| match s.args.get(s.op.param(name)?)? {
        Some(LArg::Value(v)) => Some(*v),
        _ => None,
    };
    let plain = |s: &Selected, names: &[&str]| {
        names.iter().all(|n| {
            s.op.param(n)
                .is_none_or(|k| s.args.get(k).is_none_or(Option::is_none))
        })
    };
    let mut e = producer(arg(&src.insts[i], "data")?)?;
    if e.op == Opcode::TensorCopy {
        e = producer(arg(e, "src")?)?;
    }
    let exp = matches!(
        e.args.get(e.op.param("op")?),
        Some(Some(LArg::Func(Func::Exp)))
    );
    if e.op != Opcode::Activation || !exp || !plain(e, &["bias", "scale"]) || !e.then.is_empty() {
        return None;
    }
    let z = producer(arg(e, "data")?)?;
    let subtract = matches!(
        z.args.get(z.op.param("op")?),
        Some(Some(LArg::Alu(Alu::Subtract)))
    );
    let y = base(arg(z, "data1")?);
    let r = base(arg(z, "data2")?);
    let classes = (src.space.class(y), src.space.class(r)) == (Class::Full, Class::Row);
    (z.op == Opcode::TensorTensor && subtract && classes && z.then.is_empty()).then_some(r)
}

impl Builder<'_> {
    /// The scratch rows of one tile of an online softmax.
    pub(super) fn online_scratch(&mut self, o: Online) -> Result<Scratch, Diag> {
        let d = crate::tensor::dtype(self.src.m, self.src.insts[o.max].result)?;
        Ok(Scratch {
            prev: self.scratch("prev", d, 1),
            corr: self.scratch("corr", d, 1),
        })
    }

    /// What a bank after the first runs before instruction `at` of an online softmax: the
    /// running max kept before the max folds, the running sum rescaled before the sum folds.
    pub(super) fn online_step(
        &mut self,
        out: &mut Vec<Stmt>,
        (o, s): (Online, Scratch),
        at: &Selected,
        tile: &Tile,
    ) -> Result<(), Diag> {
        let (is_max, is_sum) = (
            at.result == self.src.insts[o.max].result,
            at.result == self.src.insts[o.sum].result,
        );
        if !is_max && !is_sum {
            return Ok(());
        }
        let span = self.src.m.op(at.root).span;
        let loc = super::source::loc_of(self.src.m, at);
        let max = self.tile_of(self.src.insts[o.max].result, Memory::Sbuf)?;
        let sum = self.tile_of(self.src.insts[o.sum].result, Memory::Sbuf)?;
        let physical = self.src.physical;
        let row = |b| Arg::Ap(physical.view(b, Class::Row, Class::Row, tile));
        let mut push = |op, args: &[(&str, Arg)]| {
            out.push(Stmt::Inst(inst(op, args, loc.clone()).at(span)));
        };
        if is_max {
            push(
                Opcode::TensorCopy,
                &[("dst", row(s.prev)), ("src", row(max))],
            );
            return Ok(());
        }
        // exp(previous - max) as one activation: exp(max * -1 + previous).
        let exp = [
            ("dst", row(s.corr)),
            ("op", Arg::Func(Func::Exp)),
            ("data", row(max)),
            ("bias", row(s.prev)),
            ("scale", Arg::Float(-1.0)),
        ];
        push(Opcode::Activation, &exp);
        let rescale = [
            ("dst", row(sum)),
            ("data1", row(sum)),
            ("data2", row(s.corr)),
            ("op", Arg::Alu(Alu::Multiply)),
        ];
        push(Opcode::TensorTensor, &rescale);
        Ok(())
    }
}
