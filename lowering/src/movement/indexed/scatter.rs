//! `scatter` kernels: the result is the operand with every update window written into it
//! (`stablehlo.return` of the update), added to it (an `add` body: an embedding gradient, a
//! one-hot loss gradient) or folded into it by `maximum`, `minimum` or `multiply`
//! (`x.at[i].max(u)`, a segment max). The result starts as a copy of the operand; then the
//! update's rows move tile by tile (`tiles.rs`): a replace writes them with `oob_skip`, an
//! unfit window's offset pushed past the end; an add writes them with `dst_rmw_op=add`, an
//! unfit window's row zeroed by a predicated copy and sent to offset 0. The DMA's
//! read-modify-write only adds, so a fold reads before it writes (`fold.rs`).
//!
//! A row is the update's last dimension when it is a window along the operand's last one and
//! the rows are written or added, else one element. Colliding indices accumulate, each add
//! rounded to the result's type, in the update's row order; a replace keeps the last row
//! written; a fold combines them in an order of its own (the spec leaves it to the
//! implementation). Adding a skipped window's zeros to an element holding -0.0 leaves +0.0.

use super::tiles::Tiles;
use super::{geometry, refusal, rows, Access, Numbers, SCATTER_NAMES};
use crate::movement::{ap, push};
use crate::tensor::{dims, dtype};
use egfuse_diag::Diag;
use egfuse_ir::{Attr, Module, OpId};
use egfuse_nisa::spec::{Alu, Arg, Opcode};
use egfuse_nisa::{BufId, Kernel};

/// How an update element combines with the result's.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Combine {
    Replace,
    Add,
    /// Read, combined by an associative and commutative operator, written back; `unique`
    /// when the op promises no two updates share an index (`unique_indices`).
    Fold {
        op: Alu,
        unique: bool,
    },
}

/// The kernel `name` of the scatter `op`, when its body writes or adds the update.
pub fn kernel(m: &Module, op: OpId, name: String) -> Result<Kernel, Diag> {
    let o = m.op(op);
    let refuse = |why: &str| refusal(m, op, why);
    if o.operands.len() != 3 {
        return Err(refuse("a scatter of several operands at once"));
    }
    let combine = combine(m, op).ok_or_else(|| {
        refuse("the body is neither the update (a replace) nor `add`, `maximum`, `minimum` or `multiply` of the two")
    })?;
    let (x, is, u) = (o.operands[0], o.operands[1], o.operands[2]);
    let g = Numbers::read(m, op, "scatter_dimension_numbers", SCATTER_NAMES)
        .and_then(|n| geometry(n, dims(m, x), &dims(m, is), dims(m, u)))
        .ok_or_else(|| refuse("dimension numbers this lowering cannot read"))?;
    let (row, enumerated) = rows(m, op, &g, Access::Scatter(combine))?;
    let mut k = crate::movement::with_hbm(m, op, name, o.name.to_string())?;
    let elements: u64 = g.x.iter().product();
    let whole = |b: BufId| Arg::Ap(ap(b, 0, vec![(1, elements)]));
    if elements > 0 {
        push(
            &mut k,
            o.span,
            Opcode::DmaCopy,
            vec![("dst", whole(BufId(3))), ("src", whole(BufId(0)))],
        );
    }
    if elements == 0 || g.u.contains(&0) {
        return Ok(k);
    }
    let elem = dtype(m, u)?;
    let t = Tiles::new(&mut k, &g, (row, elem, Access::Scatter(combine)), o.span);
    t.emit(&mut k, &enumerated);
    Ok(k)
}

/// How the body of the scatter `op` combines: it returns the update (its second argument),
/// or one associative and commutative op of its two arguments.
fn combine(m: &Module, op: OpId) -> Option<Combine> {
    let o = m.op(op);
    let &region = o.regions.first()?;
    let &block = m.region(region).blocks.first()?;
    let (args, ops) = (&m.block(block).args, &m.block(block).ops);
    if args.len() != 2 {
        return None;
    }
    let ret = m.op(*ops.last()?);
    if ops.len() == 1 {
        return (ret.operands[..] == [args[1]]).then_some(Combine::Replace);
    }
    let body = m.op(ops[0]);
    let both = body.operands[..] == [args[0], args[1]] || body.operands[..] == [args[1], args[0]];
    if ops.len() != 2 || ret.operands[..] != [body.results[0]] || !both {
        return None;
    }
    let unique = matches!(o.attr("unique_indices"), Some(Attr::Bool(true)));
    let fold = |op| Some(Combine::Fold { op, unique });
    match &*body.name {
        "stablehlo.add" => Some(Combine::Add),
        "stablehlo.maximum" => fold(Alu::Maximum),
        "stablehlo.minimum" => fold(Alu::Minimum),
        "stablehlo.multiply" => fold(Alu::Multiply),
        _ => None,
    }
}
