//! A subtract of one value per row that only an activation reads is the activation's bias: ACT
//! computes `f(data * scale + bias)` with a bias per partition, so `exp(x - max)` (a softmax's
//! numerator) needs the row's `-max`, one value a partition, instead of `x - max` over the
//! whole tile on DVE:
//!
//! ```text
//! tensor_tensor(dst=%z, data1=%x, data2=%m.ap([[1, 128], [0, n]]), op=subtract)
//! activation(dst=%e, op=exp, data=%z)
//!     =>
//! tensor_scalar(dst=%neg, data=%m.ap([[1, 128], [0, 1]]), op0=multiply, operand0=-1.0)
//! activation(dst=%e, op=exp, data=%x, bias=%neg)
//! ```
//!
//! Exact in real arithmetic, and `x + (-m)` is `x - m` in floating point; the activation reads
//! the sum in fp32 where the subtract rounded it to its destination's dtype first, which
//! only rounds less. Only where nothing else changes: the subtract's result has no reader but
//! the activation, which is the next statement to touch it and has no bias or scale of its own.

use super::P;
use egfuse_diag::Span;
use egfuse_nisa::spec::{Alu, Arg, Opcode};
use egfuse_nisa::{Affine, Ap, BufId, Buffer, Dtype, Inst, Kernel, Memory, Role, Stmt};

/// Folds every such subtract of `k`'s body into its activation.
pub(super) fn fold(k: &mut Kernel) {
    let mut uses = vec![0usize; k.buffers.len()];
    count(&k.body, &mut uses);
    let mut body = std::mem::take(&mut k.body);
    fold_in(&mut body, &uses, &mut k.buffers);
    k.body = body;
}

/// How many arguments name each buffer, over `stmts`.
pub(super) fn count(stmts: &[Stmt], uses: &mut [usize]) {
    for s in stmts {
        match s {
            Stmt::Inst(i) => {
                for a in i.args.iter().flatten().filter_map(Arg::as_ap) {
                    uses[a.buf.0 as usize] += 1;
                }
            }
            Stmt::Loop { body, .. } => count(body, uses),
        }
    }
}

fn fold_in(stmts: &mut [Stmt], uses: &[usize], buffers: &mut Vec<Buffer>) {
    for i in 0..stmts.len() {
        if let Stmt::Loop { body, .. } = &mut stmts[i] {
            fold_in(body, uses, buffers);
            continue;
        }
        let Some((j, row)) = partner(stmts, i, uses) else {
            continue;
        };
        let neg = BufId(buffers.len() as u32);
        let parts = row.dims[0].1;
        buffers.push(Buffer {
            name: format!("t{}_neg", neg.0),
            memory: Memory::Sbuf,
            dtype: Dtype::F32,
            shape: vec![P, 1],
            role: Role::Scratch,
            offset: None,
            span: Span::NONE,
        });
        let one = |buf, offset, stride| Ap {
            buf,
            offset,
            dims: vec![(stride, parts), (1, 1)],
            span: Span::NONE,
        };
        let Stmt::Inst(sub) = &stmts[i] else {
            unreachable!("the subtract is an instruction")
        };
        let x = sub.ap("data1").cloned().expect("a subtract's data1");
        let src = one(row.buf, row.offset.clone(), row.dims[0].0);
        let negate = negated(sub, one(neg, Affine::constant(0), 1), src);
        let Stmt::Inst(act) = &mut stmts[j] else {
            unreachable!("the activation is an instruction")
        };
        set(act, "data", Arg::Ap(x));
        set(act, "bias", Arg::Ap(one(neg, Affine::constant(0), 1)));
        stmts[i] = Stmt::Inst(negate);
    }
}

/// For the subtract at `i`, the activation that takes it in and the row value it subtracts.
fn partner(stmts: &[Stmt], i: usize, uses: &[usize]) -> Option<(usize, Ap)> {
    let Stmt::Inst(sub) = &stmts[i] else {
        return None;
    };
    let subtract = matches!(sub.arg("op"), Some(Arg::Alu(Alu::Subtract)));
    let (dst, row) = (sub.ap("dst")?, sub.ap("data2")?);
    let per_row = row.dims.len() == 2 && row.dims[1].0 == 0 && row.dims[0].1 == dst.dims[0].1;
    let x = sub.ap("data1")?;
    if sub.op != Opcode::TensorTensor || !subtract || !per_row || x.buf == dst.buf {
        return None;
    }
    // Written here and read once, by the activation.
    if uses[dst.buf.0 as usize] != 2 {
        return None;
    }
    let j = (i + 1..stmts.len()).find(|&j| match &stmts[j] {
        Stmt::Inst(a) => a
            .args
            .iter()
            .flatten()
            .filter_map(Arg::as_ap)
            .any(|a| a.buf == dst.buf),
        Stmt::Loop { .. } => true,
    })?;
    let Stmt::Inst(act) = &stmts[j] else {
        return None;
    };
    let plain = act.arg("bias").is_none() && act.arg("scale").is_none();
    let reads = act.ap("data") == Some(dst);
    // Nothing between them writes what the activation will read instead.
    let kept = (stmts[i + 1..j].iter()).all(|s| matches!(s, Stmt::Inst(b) if !writes(b, x.buf)));
    (act.op == Opcode::Activation && plain && reads && kept).then(|| (j, row.clone()))
}

/// `-row` into `dst`, where the subtract `sub` came from.
fn negated(sub: &Inst, dst: Ap, row: Ap) -> Inst {
    let op = Opcode::TensorScalar;
    let mut args = vec![None; op.spec().params.len()];
    for (name, a) in [
        ("dst", Arg::Ap(dst)),
        ("data", Arg::Ap(row)),
        ("op0", Arg::Alu(Alu::Multiply)),
        ("operand0", Arg::Float(-1.0)),
    ] {
        if let Some(k) = op.param(name) {
            args[k] = Some(a);
        }
    }
    Inst {
        op,
        args,
        engine: None,
        loc: sub.loc.clone(),
        span: sub.span,
    }
}

/// Whether `i` writes buffer `b`.
pub(super) fn writes(i: &Inst, b: BufId) -> bool {
    i.ap("dst").is_some_and(|d| d.buf == b) || i.ap("reduce_res").is_some_and(|d| d.buf == b)
}

pub(super) fn set(i: &mut Inst, name: &str, a: Arg) {
    if let Some(k) = i.op.param(name) {
        i.args[k] = Some(a);
    }
}
