//! An activation whose result only a free-axis sum reads is one `activation_reduce`: ACT sums
//! each partition's row as it writes it, and the `tensor_reduce` on DVE goes. The tokens-on-
//! partitions RmsNorm squares and sums its rows so (nkilib's rmsnorm_tkg, 003 §1), and a
//! softmax with its queries on the partitions takes `exp(x - max)` and its sum so.
//!
//! ```text
//! activation(dst=%t, op=square, data=%x)                     activation_reduce(dst=%t, op=square,
//! tensor_reduce(dst=%r, op=add, data=%t, axis=[1])    =>       data=%x, reduce_op=add, reduce_res=%r)
//! ```
//!
//! Only where nothing changes: the pair is in one statement list, the sum reads the
//! activation's whole two-dimensional result, and nothing between them touches the activation's
//! result or the sum's destination. The activation still writes its result, so what reads it
//! after the sum (a softmax's divide, an attention's `P V`) reads it as before.

use egfuse_nisa::spec::{Alu, Arg, Opcode};
use egfuse_nisa::{Ap, BufId, Inst, Kernel, Stmt};

/// Merges every such pair of `k`'s body.
pub(super) fn merge(k: &mut Kernel) {
    merge_in(&mut k.body);
}

fn merge_in(stmts: &mut Vec<Stmt>) {
    let mut i = 0;
    while i < stmts.len() {
        if let Stmt::Loop { body, .. } = &mut stmts[i] {
            merge_in(body);
        } else if let Some(j) = partner(stmts, i) {
            let Stmt::Inst(sum) = stmts.remove(j) else {
                unreachable!("the partner is an instruction")
            };
            let Stmt::Inst(act) = &mut stmts[i] else {
                unreachable!("the activation is an instruction")
            };
            *act = fused(act, &sum);
        }
        i += 1;
    }
}

/// The index of the sum that the activation at `i` can take in.
fn partner(stmts: &[Stmt], i: usize) -> Option<usize> {
    let Stmt::Inst(act) = &stmts[i] else {
        return None;
    };
    let dst = act.ap("dst")?;
    if act.op != Opcode::Activation || act.arg("reduce_res").is_some() || dst.dims.len() != 2 {
        return None;
    }
    // The first statement after the activation that touches its result must be the sum.
    let j = (i + 1..stmts.len()).find(|&j| match &stmts[j] {
        Stmt::Inst(x) => touches(x, dst.buf),
        Stmt::Loop { .. } => true,
    })?;
    let Stmt::Inst(sum) = &stmts[j] else {
        return None;
    };
    let out = sum.ap("dst")?.buf;
    let between = &stmts[i + 1..j];
    let clear = between
        .iter()
        .all(|s| matches!(s, Stmt::Inst(x) if !touches(x, out)));
    (is_row_sum(sum, dst) && out != dst.buf && clear).then_some(j)
}

/// Whether `r` sums every row of `dst` along its free axis.
fn is_row_sum(r: &Inst, dst: &Ap) -> bool {
    r.op == Opcode::TensorReduce
        && matches!(r.arg("op"), Some(Arg::Alu(Alu::Add)))
        && matches!(r.arg("axis"), Some(Arg::Axes(a)) if a == &[1])
        && r.arg("negate").is_none()
        && r.ap("data") == Some(dst)
}

/// Whether `i` reads or writes buffer `b`.
fn touches(i: &Inst, b: BufId) -> bool {
    i.args
        .iter()
        .flatten()
        .filter_map(Arg::as_ap)
        .any(|a| a.buf == b)
}

/// The activation `act` that also sums its rows into the sum `sum`'s destination.
fn fused(act: &Inst, sum: &Inst) -> Inst {
    let mut out = Inst {
        op: Opcode::ActivationReduce,
        args: vec![None; Opcode::ActivationReduce.spec().params.len()],
        engine: act.engine,
        loc: act.loc.clone(),
        span: act.span,
    };
    let mut set = |name: &str, a: Option<Arg>| {
        if let Some(k) = Opcode::ActivationReduce.param(name) {
            out.args[k] = a;
        }
    };
    for name in ["dst", "op", "data", "bias", "scale"] {
        set(name, act.arg(name).cloned());
    }
    set("reduce_op", Some(Arg::Alu(Alu::Add)));
    set("reduce_res", sum.arg("dst").cloned());
    out
}
