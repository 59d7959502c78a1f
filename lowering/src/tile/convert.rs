//! A float convert between two instructions is neither's pass: every engine computes in fp32
//! and rounds only to its destination, so a `tensor_copy` that narrows f32 to bf16 (or widens
//! bf16 to f32) for one reader is folded into that reader, or into the one producer it copies:
//!
//! ```text
//! tensor_copy(dst=%s, src=%p)                            (a matmul's bf16 result drained)
//! tensor_scalar(dst=%t, data=%s, op0=multiply, ...)  =>  tensor_scalar(dst=%t, data=%p, ...)
//!
//! activation(dst=%e, op=exp, data=%x)                    (exp in f32, then to bf16 for PE)
//! tensor_copy(dst=%b, src=%e)                        =>  activation(dst=%b, op=exp, data=%x)
//! ```
//!
//! A bf16 to f32 copy is exact, so folding it changes nothing, and it folds into every reader
//! where several read it (an RMSNorm's input, squared and multiplied); an f32 to bf16 one rounds, and
//! folding it only rounds less: the reader takes the fp32 value the copy would have rounded, or
//! the producer rounds its fp32 result once instead of twice. Copies into or out of another
//! dtype (f16 and fp8 can overflow where f32 does not; integers truncate) stay, and so do copies
//! next to copies (`x.astype(bf16).astype(f32)` rounds on purpose). Only where nothing else
//! changes: the copied tile has no other use, both are in one statement list, and nothing
//! between them touches what the folded instruction will read or write instead.

use super::bias::{count, set, writes};
use egfuse_nisa::spec::{Arg, Kind, Opcode};
use egfuse_nisa::{Ap, Dtype, Inst, Kernel, Memory, Stmt};

/// Folds every such copy of `k`'s body into its reader or its producer.
pub(super) fn fold(k: &mut Kernel) {
    let mut uses = vec![0usize; k.buffers.len()];
    count(&k.body, &mut uses);
    let mut body = std::mem::take(&mut k.body);
    let buffers = &k.buffers;
    let info = |ap: &Ap| {
        let b = &buffers[ap.buf.0 as usize];
        (b.dtype, b.memory)
    };
    fold_in(&mut body, &uses, &info);
    k.body = body;
}

type Info<'a> = &'a dyn Fn(&Ap) -> (Dtype, Memory);

fn fold_in(stmts: &mut Vec<Stmt>, uses: &[usize], info: Info) {
    let mut i = 0;
    while i < stmts.len() {
        if let Stmt::Loop { body, .. } = &mut stmts[i] {
            fold_in(body, uses, info);
        } else if let Some(reads) = reader(stmts, i, uses, info)
            .map(|r| vec![r])
            .or_else(|| readers(stmts, i, uses, info))
        {
            let src = as_copy(&stmts[i]).expect("a copy").src.clone();
            for (j, param) in reads {
                let Stmt::Inst(r) = &mut stmts[j] else {
                    unreachable!("the reader is an instruction")
                };
                set(r, param, Arg::Ap(src.clone()));
            }
            stmts.remove(i);
            continue;
        } else if let Some(p) = producer(stmts, i, uses, info) {
            let dst = as_copy(&stmts[i]).expect("a copy").dst.clone();
            let Stmt::Inst(w) = &mut stmts[p] else {
                unreachable!("the producer is an instruction")
            };
            set(w, "dst", Arg::Ap(dst));
            stmts.remove(i);
            continue;
        }
        i += 1;
    }
}

/// A float copy's two views.
struct Copy<'a> {
    dst: &'a Ap,
    src: &'a Ap,
}

/// The copy at `s`, if it is a plain `tensor_copy` between two distinct tiles.
fn as_copy(s: &Stmt) -> Option<Copy<'_>> {
    let Stmt::Inst(c) = s else {
        return None;
    };
    let (dst, src) = (c.ap("dst")?, c.ap("src")?);
    (c.op == Opcode::TensorCopy && dst.buf != src.buf).then_some(Copy { dst, src })
}

/// Whether a copy between these dtypes only rounds (or is exact), whichever side folds it.
fn foldable(from: Dtype, to: Dtype) -> bool {
    let wide = |d| matches!(d, Dtype::F32 | Dtype::Bf16);
    wide(from) && wide(to)
}

/// The instruction that alone reads the copy at `i`'s result, and through which parameter,
/// when it can read the copy's source instead.
fn reader(stmts: &[Stmt], i: usize, uses: &[usize], info: Info) -> Option<(usize, &'static str)> {
    let c = as_copy(&stmts[i])?;
    let ((to, _), (from, mem)) = (info(c.dst), info(c.src));
    if !foldable(from, to) || uses[c.dst.buf.0 as usize] != 2 {
        return None;
    }
    let j = next_touching(stmts, i, c.dst)?;
    let Stmt::Inst(r) = &stmts[j] else {
        return None;
    };
    let param = read_param(r, c.dst)?;
    let clear =
        (stmts[i + 1..j].iter()).all(|s| matches!(s, Stmt::Inst(b) if !writes(b, c.src.buf)));
    (streamable(r, param, mem, info) && clear).then_some((j, param))
}

/// Every instruction that reads the result of the copy at `i`, and through which parameter,
/// when the copy only widens bf16 to f32 (exact: each reader computes in fp32 from the bf16
/// source the same values) and each can read the copy's source instead: every later use of the
/// copied tile is one such read of the copy's view, in the same statement list, and nothing
/// up to the last of them writes the source.
fn readers(
    stmts: &[Stmt],
    i: usize,
    uses: &[usize],
    info: Info,
) -> Option<Vec<(usize, &'static str)>> {
    let c = as_copy(&stmts[i])?;
    let ((to, _), (from, mem)) = (info(c.dst), info(c.src));
    if (from, to) != (Dtype::Bf16, Dtype::F32) {
        return None;
    }
    let mut reads = Vec::new();
    for (j, s) in stmts.iter().enumerate().skip(i + 1) {
        if reads.len() + 1 == uses[c.dst.buf.0 as usize] {
            break;
        }
        let Stmt::Inst(r) = s else {
            return None;
        };
        if writes(r, c.src.buf) {
            return None;
        }
        if !touches(r, c.dst) {
            continue;
        }
        let param = read_param(r, c.dst)?;
        let once = (r.args.iter().flatten().filter_map(Arg::as_ap)).filter(|a| a.buf == c.dst.buf);
        if once.count() != 1 || !streamable(r, param, mem, info) {
            return None;
        }
        reads.push((j, param));
    }
    (reads.len() + 1 == uses[c.dst.buf.0 as usize]).then_some(reads)
}

/// The parameter through which `r` reads exactly `view`.
fn read_param(r: &Inst, view: &Ap) -> Option<&'static str> {
    let param = (r.op.spec().params.iter())
        .filter(|p| p.kind == Kind::Src)
        .find(|p| r.ap(p.name) == Some(view))?;
    Some(param.name)
}

/// Whether `r` streams its input `param` through an engine that computes in fp32, so that it
/// may read a tile in `mem` there instead (a `tensor_tensor` reads at most one input from PSUM).
fn streamable(r: &Inst, param: &str, mem: Memory, info: Info) -> bool {
    let streams = matches!(
        r.op,
        Opcode::Activation
            | Opcode::ActivationReduce
            | Opcode::TensorScalar
            | Opcode::TensorTensor
            | Opcode::TensorReduce
    );
    let psum_pair = r.op == Opcode::TensorTensor
        && mem == Memory::Psum
        && ["data1", "data2"]
            .iter()
            .any(|n| *n != param && r.ap(n).is_some_and(|a| info(a).1 == Memory::Psum));
    streams && !psum_pair
}

/// The instruction that alone writes what the copy at `i` reads, when it can write the copy's
/// destination instead.
fn producer(stmts: &[Stmt], i: usize, uses: &[usize], info: Info) -> Option<usize> {
    let c = as_copy(&stmts[i])?;
    let ((to, to_mem), (from, _)) = (info(c.dst), info(c.src));
    if !foldable(from, to) || to_mem != Memory::Sbuf || uses[c.src.buf.0 as usize] != 2 {
        return None;
    }
    let p = (0..i).rev().find(|&p| match &stmts[p] {
        Stmt::Inst(x) => touches(x, c.src),
        Stmt::Loop { .. } => true,
    })?;
    let Stmt::Inst(w) = &stmts[p] else {
        return None;
    };
    let computes = matches!(
        w.op,
        Opcode::Activation | Opcode::ActivationReduce | Opcode::TensorScalar | Opcode::TensorTensor
    );
    let clear = (stmts[p..i].iter()).all(|s| matches!(s, Stmt::Inst(b) if !touches(b, c.dst)));
    (computes && w.ap("dst") == Some(c.src) && clear).then_some(p)
}

/// The first statement after `i` that names `view`'s buffer (a loop counts as one).
fn next_touching(stmts: &[Stmt], i: usize, view: &Ap) -> Option<usize> {
    (i + 1..stmts.len()).find(|&j| match &stmts[j] {
        Stmt::Inst(x) => touches(x, view),
        Stmt::Loop { .. } => true,
    })
}

/// Whether `x` names `view`'s buffer.
fn touches(x: &Inst, view: &Ap) -> bool {
    (x.args.iter().flatten().filter_map(Arg::as_ap)).any(|a| a.buf == view.buf)
}
