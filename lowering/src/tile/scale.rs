//! A positive scale that only row maxima and activations read is theirs: ACT computes
//! `f(data * scale + bias)`, and a maximum (or minimum) commutes with a positive factor, so a
//! scaled matmul's scores `s * c` (attention's `1/sqrt(d)`) need not cross DVE as a whole tile;
//! so does a division by a power of two, which is the multiplication by its reciprocal exactly.
//! The maximum reads the unscaled scores and scales its one value per row; the activation reads
//! them with `scale = c`:
//!
//! ```text
//! tensor_scalar(dst=%s, data=%p, op0=multiply, operand0=0.125)
//! tensor_reduce(dst=%m, op=maximum, data=%s, axis=[1])
//! activation(dst=%e, op=exp, data=%s, bias=%neg)
//!     =>
//! tensor_reduce(dst=%m, op=maximum, data=%p, axis=[1])
//! tensor_scalar(dst=%m, data=%m, op0=multiply, operand0=0.125)
//! activation(dst=%e, op=exp, data=%p, scale=0.125, bias=%neg)
//! ```
//!
//! Exact: rounding is monotonic, so `max(fl(c * x)) = fl(c * max(x))` for `c > 0`, and the
//! activation rounds `x * c` to fp32 as the tensor_scalar did (where the scaled scores were
//! narrower than fp32, it only rounds less). Only where nothing else changes: every use of the
//! scaled tile is in the same statement list after it, by such readers through the very view
//! written, and nothing between writes what they will read instead.

use super::bias::{count, set, writes};
use egfuse_nisa::spec::{Alu, Arg, Opcode};
use egfuse_nisa::{Ap, Inst, Kernel, Stmt};

/// Folds every such scale of `k`'s body into its readers.
pub(super) fn fold(k: &mut Kernel) {
    let mut uses = vec![0usize; k.buffers.len()];
    count(&k.body, &mut uses);
    let mut body = std::mem::take(&mut k.body);
    let buffers = &k.buffers;
    let float = |ap: &Ap| !buffers[ap.buf.0 as usize].dtype.is_int();
    fold_in(&mut body, &uses, &float);
    k.body = body;
}

fn fold_in(stmts: &mut Vec<Stmt>, uses: &[usize], float: &dyn Fn(&Ap) -> bool) {
    let mut i = 0;
    while i < stmts.len() {
        if let Stmt::Loop { body, .. } = &mut stmts[i] {
            fold_in(body, uses, float);
        } else if let Some((c, readers)) = readers(stmts, i, uses, float) {
            let Stmt::Inst(scale) = stmts.remove(i) else {
                unreachable!("the scale is an instruction")
            };
            let x = scale.ap("data").cloned().expect("a tensor_scalar's data");
            // The readers moved up by one; each maximum gains its own scale after it.
            let mut added = 0;
            for j in readers {
                let at = j - 1 + added;
                let Stmt::Inst(r) = &mut stmts[at] else {
                    unreachable!("a reader is an instruction")
                };
                set(r, "data", Arg::Ap(x.clone()));
                if r.op != Opcode::TensorReduce {
                    set(r, "scale", Arg::Float(c));
                } else {
                    let m = r.ap("dst").cloned().expect("a reduce's dst");
                    stmts.insert(at + 1, Stmt::Inst(scaled(&scale, m, c)));
                    added += 1;
                }
            }
            continue;
        }
        i += 1;
    }
}

/// For a positive scale at `i`, its factor and the statements that read it, when every use of
/// its result is one of them.
fn readers(
    stmts: &[Stmt],
    i: usize,
    uses: &[usize],
    float: &dyn Fn(&Ap) -> bool,
) -> Option<(f64, Vec<usize>)> {
    let Stmt::Inst(t) = &stmts[i] else {
        return None;
    };
    let c = match t.arg("operand0") {
        Some(Arg::Float(c)) if c.is_finite() && *c > 0.0 => *c,
        _ => return None,
    };
    let c = match t.arg("op0") {
        Some(Arg::Alu(Alu::Multiply)) => c,
        // x / 2^k is x * 2^-k exactly: the same real, rounded once (attention's `/ sqrt(64)`).
        Some(Arg::Alu(Alu::Divide)) if is_power_of_two(c) => 1.0 / c,
        _ => return None,
    };
    let plain = t.arg("op1").is_none() && !matches!(t.arg("reverse0"), Some(Arg::Flag(true)));
    let (dst, x) = (t.ap("dst")?, t.ap("data")?);
    let fits = float(dst) && float(x) && dst.buf != x.buf;
    if t.op != Opcode::TensorScalar || !plain || !fits {
        return None;
    }
    let mut found = Vec::new();
    for (j, s) in stmts.iter().enumerate().skip(i + 1) {
        if found.len() + 1 == uses[dst.buf.0 as usize] {
            break;
        }
        let Stmt::Inst(r) = s else {
            return None;
        };
        if writes(r, x.buf) {
            return None;
        }
        let named = (r.args.iter().flatten().filter_map(Arg::as_ap)).filter(|a| a.buf == dst.buf);
        match named.count() {
            0 => continue,
            1 if takes(r, dst) => found.push(j),
            _ => return None,
        }
    }
    let all = found.len() + 1 == uses[dst.buf.0 as usize];
    (all && !found.is_empty()).then_some((c, found))
}

/// Whether `c` is a power of two whose reciprocal fp32 holds as a normal number.
fn is_power_of_two(c: f64) -> bool {
    let mantissa = c.to_bits() & ((1u64 << 52) - 1);
    let exponent = c.log2().round();
    mantissa == 0 && (-126.0..=126.0).contains(&exponent)
}

/// Whether `r` reads `view` as an activation with no scale of its own, or as a row maximum or
/// minimum, and nowhere else.
fn takes(r: &Inst, view: &Ap) -> bool {
    let data = r.ap("data") == Some(view);
    let fold = matches!(r.arg("op"), Some(Arg::Alu(Alu::Maximum | Alu::Minimum)));
    match r.op {
        Opcode::Activation | Opcode::ActivationReduce => data && r.arg("scale").is_none(),
        Opcode::TensorReduce => data && fold,
        _ => false,
    }
}

/// `m *= c` in place, where the scale `t` came from.
fn scaled(t: &Inst, m: Ap, c: f64) -> Inst {
    let op = Opcode::TensorScalar;
    let mut i = Inst {
        op,
        args: vec![None; op.spec().params.len()],
        engine: None,
        loc: t.loc.clone(),
        span: t.span,
    };
    set(&mut i, "dst", Arg::Ap(m.clone()));
    set(&mut i, "data", Arg::Ap(m));
    set(&mut i, "op0", Arg::Alu(Alu::Multiply));
    set(&mut i, "operand0", Arg::Float(c));
    i
}
