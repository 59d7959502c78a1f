//! A divide by a value per row is one `reciprocal` of the row values and one `tensor_scalar`
//! multiply that reads the reciprocal per partition, where the target's instruction costs make
//! that faster: 003 §3.3's "the final divide is one reciprocal + multiply", which is how
//! attention_tkg finalizes its running output (`_fa_finalize_and_store`, lowering-anchors §3.6).
//!
//! ```text
//! tensor_tensor(dst=%o, data1=%x, data2=%s.ap([[1, 128], [0, 512]]), op=divide)
//!     =>
//! reciprocal(dst=%r, data=%s.ap([[1, 128], [1, 1]]))
//! tensor_scalar(dst=%o, data=%x, op0=multiply, operand0=%r)
//! ```
//!
//! NKI's costs decide (docs/lowering.md, "The estimate"): a `tensor_tensor` makes two passes
//! over its free size unless an input is in PSUM (then one), a `tensor_scalar` one, and the
//! reciprocal of one value per row costs about an instruction's overhead. So a softmax's
//! `e / sum` over a wide row in SBUF splits, and a divide that reads PSUM, or a narrow row, stays.
//! `x * (1 / s)` rounds twice where `x / s` rounds once, which `--check` tells from a miscompile
//! by verify's rounding-aware rule. Only float divides split (an integer's reciprocal is 0).

use super::{inst, P};
use egfuse_cost::Target;
use egfuse_nisa::cost::instruction;
use egfuse_nisa::spec::{Alu, Arg, Opcode};
use egfuse_nisa::{Affine, Ap, BufId, Buffer, Dtype, Inst, Kernel, Memory, Role, Stmt};

/// Splits every divide of `k`'s body by a value per row that the target runs faster as a
/// reciprocal and a multiply.
pub(super) fn split(k: &mut Kernel, target: &Target) {
    let mut body = std::mem::take(&mut k.body);
    split_in(k, &mut body, target);
    k.body = body;
}

fn split_in(k: &mut Kernel, stmts: &mut Vec<Stmt>, target: &Target) {
    let mut i = 0;
    while i < stmts.len() {
        match &mut stmts[i] {
            Stmt::Loop { body, .. } => split_in(k, body, target),
            Stmt::Inst(d) => {
                if let Some([r, m]) = faster(k, d, target) {
                    stmts.splice(i..=i, [Stmt::Inst(r), Stmt::Inst(m)]);
                    i += 1;
                }
            }
        }
        i += 1;
    }
}

/// The reciprocal and the multiply that replace the divide `d`, when it divides floats by a
/// value per row and the pair costs less on the target; the reciprocal's tile is added to `k`
/// only then.
fn faster(k: &mut Kernel, d: &Inst, target: &Target) -> Option<[Inst; 2]> {
    let divides = matches!(d.arg("op"), Some(Arg::Alu(Alu::Divide)));
    let (dst, x, s) = (d.ap("dst")?, d.ap("data1")?, d.ap("data2")?);
    let float = |a: &Ap| !k.buffers[a.buf.0 as usize].dtype.is_int();
    let (&(stride, rows), free) = s.dims.split_first()?;
    let per_row = free.iter().all(|&(t, _)| t == 0);
    if d.op != Opcode::TensorTensor || !divides || !per_row || ![dst, x, s].into_iter().all(float) {
        return None;
    }
    let tile = BufId(k.buffers.len() as u32);
    k.buffers.push(Buffer {
        name: format!("t{}_rcp", k.buffers.len()),
        memory: Memory::Sbuf,
        dtype: Dtype::F32,
        shape: vec![P, 1],
        role: Role::Scratch,
        offset: None,
        span: d.span,
    });
    let one = |buf, offset, stride| Ap {
        buf,
        offset,
        dims: vec![(stride, rows), (1, 1)],
        span: s.span,
    };
    let r = Arg::Ap(one(tile, Affine::constant(0), 1));
    let row = Arg::Ap(one(s.buf, s.offset.clone(), stride));
    let at = |op, args: &[(&str, Arg)]| inst(op, args, d.loc.clone()).at(d.span);
    let reciprocal = at(Opcode::Reciprocal, &[("dst", r.clone()), ("data", row)]);
    let multiply = at(
        Opcode::TensorScalar,
        &[
            ("dst", Arg::Ap(dst.clone())),
            ("data", Arg::Ap(x.clone())),
            ("op0", Arg::Alu(Alu::Multiply)),
            ("operand0", r),
        ],
    );
    let cost = |i: &Inst| instruction(target, k, i).1;
    if cost(&reciprocal) + cost(&multiply) < cost(d) {
        return Some([reciprocal, multiply]);
    }
    k.buffers.pop();
    None
}
