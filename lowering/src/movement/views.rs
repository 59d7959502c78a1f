//! A fused kernel that only moves elements: every output a chain of views of an input (a
//! transpose and the reshapes around it, as the `Loop` grow leaves between two matmuls), or a
//! concatenate of such chains. It computes nothing, so it is no tile loop: one HBM-to-HBM DMA
//! per output (per piece of a concatenate), its source pattern
//! the input's chain walked forward and its destination the output's walked back
//! ([`crate::edge`]), both over the same elements in the same order.

use super::{compact, hbm, Pairs};
use crate::edge::{row_major, Dims, Edges};
use egfuse_diag::{Diag, Span};
use egfuse_ir::{Module, ValueId};
use egfuse_nisa::spec::{Arg, Opcode};
use egfuse_nisa::{Affine, Ap, BufId, Inst, Kernel, Role, Stmt};

/// What the kernel is: its arguments, its results, and the views between them.
pub struct Views<'a> {
    pub inputs: &'a [ValueId],
    pub outputs: &'a [ValueId],
    pub edges: &'a Edges,
    pub kind: String,
    pub loc: Option<String>,
    pub span: Span,
}

/// Whether every output of the kernel is an input or a value a chain of views of one gives,
/// each written once (a broadcast repeats only what a kernel computes, [`crate::edge`]).
pub fn only_moves(m: &Module, v: &Views) -> bool {
    !v.edges.is_empty()
        && (v.edges.writes.iter()).all(|w| w.repeats.is_empty() && source(m, v, w.value).is_some())
}

/// The kernel `name` of `v`, one DMA per output.
pub fn kernel(m: &Module, v: &Views, name: String) -> Result<Kernel, Diag> {
    let mut buffers = Vec::new();
    for (i, &x) in v.inputs.iter().enumerate() {
        buffers.push(hbm(m, format!("in{i}"), x, Role::Input)?);
    }
    for (j, &o) in v.outputs.iter().enumerate() {
        buffers.push(hbm(m, format!("out{j}"), o, Role::Output)?);
    }
    let mut k = Kernel {
        name,
        kind: v.kind.clone(),
        loc: v.loc.clone(),
        buffers,
        loops: Vec::new(),
        body: Vec::new(),
        span: v.span,
    };
    for w in &v.edges.writes {
        let (o, out) = (
            v.outputs[w.output],
            BufId((v.inputs.len() + w.output) as u32),
        );
        let (input, start, read) = source(m, v, w.value).expect("an output the views give");
        let dst = flat(w.dims.clone().unwrap_or_else(|| row_major(m, o)));
        let Some((dst, src)) = aligned(dst, flat(read)) else {
            let msg = "a kernel of views whose two patterns split its elements differently";
            return Err(Diag::new("lower::layout", v.span, msg)
                .with_label("no one DMA reads and writes them in the same order"));
        };
        let (dst, src) = compact(dst, src);
        if dst.iter().any(|d| d.1 == 0) {
            continue;
        }
        let ap = |buf, offset, dims| Ap {
            buf,
            offset: Affine::constant(offset),
            dims,
            span: Span::NONE,
        };
        let mut args = vec![None; Opcode::DmaCopy.spec().params.len()];
        args[0] = Some(Arg::Ap(ap(out, w.offset, dst)));
        args[1] = Some(Arg::Ap(ap(BufId(input as u32), start, src)));
        k.body.push(Stmt::Inst(Inst {
            op: Opcode::DmaCopy,
            args,
            engine: None,
            loc: v.loc.clone(),
            span: v.span,
        }));
    }
    Ok(k)
}

/// The input holding `x`'s elements, its first and where the others are: `x` is the input
/// itself, or a value its views give.
fn source(m: &Module, v: &Views, x: ValueId) -> Option<(usize, i64, Dims)> {
    if let Some(r) = v.edges.reads.iter().find(|r| r.value == x) {
        return Some((r.input, r.offset, r.dims.clone()));
    }
    let i = v.inputs.iter().position(|&a| a == x)?;
    Some((i, 0, row_major(m, x)))
}

fn flat(d: Dims) -> Pairs {
    d.into_iter().flatten().filter(|r| r.1 != 1).collect()
}

/// Two run lists over the same elements in the same order, split where either splits, so that
/// their pairs match size for size; none when a run of one is not a multiple of the other's.
fn aligned(mut a: Pairs, mut b: Pairs) -> Option<(Pairs, Pairs)> {
    let (mut da, mut db) = (Vec::new(), Vec::new());
    while let (Some(&(sa, na)), Some(&(sb, nb))) = (a.last(), b.last()) {
        a.pop();
        b.pop();
        let n = na.min(nb);
        if !na.is_multiple_of(n) || !nb.is_multiple_of(n) {
            return None;
        }
        if na > n {
            a.push((sa * n as i64, na / n));
        }
        if nb > n {
            b.push((sb * n as i64, nb / n));
        }
        da.push((sa, n));
        db.push((sb, n));
    }
    da.reverse();
    db.reverse();
    (a.is_empty() && b.is_empty()).then_some((da, db))
}
