//! Scaled matmul operands: a matmul operand that its kernel computes as elements times a scale
//! per block of them, each read from HBM in its own type (an MX operand: fp8 or fp4 elements,
//! E8M0 scales, one per 32 elements along K; seed 003 §4.2).
//!
//! The kernel computes the operand as `x * y`, optionally regrouped, where each factor is a
//! chain of converts and views (broadcasts, reshapes, transposes, slices) of a kernel input.
//! Each factor's elements are then at HBM places the views give ([`crate::edge::forward`]):
//! the elements' in order (or through their views), the scale's with a stride of 0 along each
//! block. The matmul loads a tile of each per K step and multiplies them on DVE into the
//! operand tile it reads (`drain.rs`), so the product is never written to HBM.
//!
//! Invariant: a [`Scaled`]'s two [`Factor`]s name, element for element of the operand in
//! row-major order, the HBM elements whose product (in the operand's type) is that element.

use super::P;
use crate::edge::{forward, is_view, row_major, Dims};
use egfuse_diag::{Diag, Span};
use egfuse_ir::{Module, OpId, ValueId};

/// One factor of a scaled operand: where its elements are in HBM, over the operand's shape.
#[derive(Clone, Debug)]
pub(crate) struct Factor {
    /// The kernel input (its position) whose HBM tensor holds them.
    pub(crate) input: usize,
    pub(crate) offset: i64,
    pub(crate) dims: Dims,
}

/// A matmul operand computed as the product of two factors.
#[derive(Clone, Debug)]
pub(crate) struct Scaled {
    /// The factor read without repeats (the elements), then the other (the scales).
    pub(crate) elements: Factor,
    pub(crate) scales: Factor,
    /// The values the kernel computes between the inputs and the operand, the operand and the
    /// two inputs included: the matmul's prologue, which no other instruction reads.
    pub(crate) values: Vec<ValueId>,
}

/// How many ops a factor's chain may have: the converts and views of one spelling.
const CHAIN: usize = 16;

/// `v`, a matmul operand of a kernel whose arguments are `inputs`, as a product of two factors,
/// if the kernel computes it so.
pub(crate) fn of(m: &Module, v: ValueId, inputs: &[ValueId]) -> Option<Scaled> {
    let mut values = vec![v];
    let mut above = Vec::new();
    let mut at = v;
    while let Some(op) = m
        .defining_op(at)
        .filter(|&o| &*m.op(o).name == "stablehlo.reshape")
    {
        above.push(op);
        at = m.op(op).operands[0];
        values.push(at);
    }
    let op = m.defining_op(at)?;
    let o = m.op(op);
    if &*o.name != "stablehlo.multiply" || o.operands.len() != 2 {
        return None;
    }
    let mut factors = Vec::with_capacity(2);
    for &x in &o.operands {
        let (input, chain) = chain(m, x, inputs)?;
        values.push(inputs[input]);
        values.extend(chain.iter().map(|&c| m.op(c).results[0]));
        let mut offset = 0;
        let mut dims = row_major(m, inputs[input]);
        for &c in chain.iter().chain(above.iter().rev()) {
            if is_view(m, c) {
                dims = forward(m, c, dims, &mut offset)?;
            }
        }
        factors.push(Factor {
            input,
            offset,
            dims,
        });
    }
    let repeats = |f: &Factor| f.dims.iter().flatten().any(|r| r.0 == 0 && r.1 > 1);
    let (b, a) = (factors.pop()?, factors.pop()?);
    let (elements, scales) = match (repeats(&a), repeats(&b)) {
        (false, true) => (a, b),
        (true, false) => (b, a),
        _ => return None,
    };
    Some(Scaled {
        elements,
        scales,
        values,
    })
}

/// The input `x` is a chain of converts and views of, and that chain's ops from the input up.
pub(crate) fn chain(m: &Module, mut x: ValueId, inputs: &[ValueId]) -> Option<(usize, Vec<OpId>)> {
    let mut ops = Vec::new();
    while ops.len() <= CHAIN {
        if let Some(i) = inputs.iter().position(|&a| a == x) {
            ops.reverse();
            return Some((i, ops));
        }
        let op = m.defining_op(x)?;
        let o = m.op(op);
        if !(is_view(m, op) || &*o.name == "stablehlo.convert") || o.operands.len() != 1 {
            return None;
        }
        ops.push(op);
        x = o.operands[0];
    }
    None
}

/// The diagnostic for a scaled operand whose scales the matmul cannot read a K tile at a time.
pub(super) fn unblocked(span: Span) -> Diag {
    Diag::new(
        "lower::layout",
        span,
        "a matmul operand whose scales are not one per block of its contracted dimension",
    )
    .with_label("a scaled operand has one contracted dimension, in one run, its scales one per block of 1 to 128 elements that divides 128")
}

/// The scales' stride per block along the contracted dimension `c` (a list of one) of a
/// scaled operand whose scales walk `dims`, and the block, when the contraction of `k`
/// elements reads one scale per block of a size that divides 128.
pub(crate) fn blocks(dims: &Dims, c: &[usize], k: u64) -> Option<(i64, u64)> {
    let [c] = c else { return None };
    let runs: Vec<(i64, u64)> = dims.get(*c)?.iter().copied().filter(|r| r.1 != 1).collect();
    let (stride, count, block) = match runs.as_slice() {
        [(0, block)] => (0, 1, *block),
        [(stride, count), (0, block)] if *stride != 0 => (*stride, *count, *block),
        _ => return None,
    };
    (count * block == k && P.is_multiple_of(block)).then_some((stride, block))
}
