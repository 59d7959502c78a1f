//! `chlo.top_k`: the `k` largest elements of each row (the last dimension) and their indices,
//! largest first and, among equal values, the lower index first, as XLA's TopK orders them
//! (MoE routing's top-2 of the router's softmax). Per tile of 128 rows, each row on the free
//! axis in fp32, `k` rounds of exact selection on DVE:
//!
//! ```text
//! dma_copy                128 rows into SBUF; iota: each element's index along its row
//! per round j < k:
//!   tensor_reduce         max along the row: value j
//!   tensor_scalar         not equal to it (1 or 0), times N: 0 where it is, N elsewhere
//!   tensor_tensor         plus the index tile
//!   tensor_reduce         min along the row: index j, the lowest index holding the max
//!   tensor_scalar         the element at index j (index == j)
//!   tensor_copy_predicated  its value to -inf and its index to 2N: taken
//! tensor_copy             the indices into int32
//! dma_copy                values and indices out
//! ```
//!
//! Every step is exact: a max and a min pick values, and indices below 2^24 are exact in fp32.
//! A taken element's index of 2N keeps it out of later rounds even where the remaining values
//! are -inf as it is. NaNs are not ordered as XLA's total order orders them.

use crate::movement::{ap, dma_copy, push, sbuf, tensor_tensor, with_hbm};
use crate::tensor::{dims, dtype};
use egfuse_diag::{Diag, Span};
use egfuse_ir::{Attr, Module, OpId};
use egfuse_nisa::spec::{Alu, Arg, Opcode};
use egfuse_nisa::{BufId, Dtype, Kernel};

/// Rows per tile: one per partition.
const P: u64 = 128;

/// The longest row: five fp32 tiles of it fit a partition's 192 KiB of SBUF.
const MAX_ROW: u64 = 8192;

/// The most tiles a kernel unrolls, and the most rounds each runs.
const MAX_TILES: u64 = 4096;
const MAX_K: u64 = 64;

/// Whether `op` is the op this lowers.
pub fn is_top_k(m: &Module, op: OpId) -> bool {
    &*m.op(op).name == "chlo.top_k"
}

/// The on-chip tiles: the rows being taken from, their indices, a scratch tile, the -inf and
/// 2N fills, and the values and indices taken.
struct Tiles {
    rows: BufId,
    index: BufId,
    scratch: BufId,
    neg: BufId,
    gone: BufId,
    values: BufId,
    taken: BufId,
    taken_int: BufId,
}

/// The kernel `name` of the `chlo.top_k` `op`.
pub fn kernel(m: &Module, op: OpId, name: String) -> Result<Kernel, Diag> {
    let o = m.op(op);
    let x = dims(m, o.operands[0]);
    let k = o.attr("k").and_then(Attr::as_int).unwrap_or(-1);
    let n = x.last().copied().unwrap_or(0);
    let rows: u64 = x.iter().rev().skip(1).product();
    let elem = dtype(m, o.operands[0])?;
    let why = if x.is_empty() || k < 0 || k as u64 > n || o.results.len() != 2 {
        Some("a top_k of a rank-0 operand, or k not in [0, the row's length]")
    } else if elem.is_int() {
        Some("integer operands: the rounds compare in fp32")
    } else if n > MAX_ROW || k as u64 > MAX_K || rows.div_ceil(P) > MAX_TILES {
        Some("rows of at most 8192 elements, k at most 64, at most 4096 tiles of 128 rows")
    } else {
        None
    };
    if let Some(why) = why {
        let msg = "`chlo.top_k` has no lowering in this form";
        return Err(Diag::new("lower::no-lowering", o.span, msg).with_label(why));
    }
    let mut kern = with_hbm(m, op, name, "chlo.top_k".to_string())?;
    let k = k as u64;
    if rows == 0 || k == 0 {
        return Ok(kern);
    }
    let wide = |kern: &mut Kernel, role: &str, dt: Dtype| sbuf(kern, role, dt, vec![P, n]);
    let narrow = |kern: &mut Kernel, role: &str, dt: Dtype| sbuf(kern, role, dt, vec![P, k]);
    let t = Tiles {
        rows: wide(&mut kern, "rows", Dtype::F32),
        index: wide(&mut kern, "index", Dtype::F32),
        scratch: wide(&mut kern, "scratch", Dtype::F32),
        neg: wide(&mut kern, "neg", Dtype::F32),
        gone: wide(&mut kern, "gone", Dtype::F32),
        values: narrow(&mut kern, "values", Dtype::F32),
        taken: narrow(&mut kern, "taken", Dtype::F32),
        taken_int: narrow(&mut kern, "taken_i32", Dtype::I32),
    };
    let mut start = 0;
    while start < rows {
        let size = P.min(rows - start);
        tile(&mut kern, o.span, &t, (start, size), (n, k));
        start += size;
    }
    Ok(kern)
}

/// The `size` rows from `start`, each of `n` elements: their top `k`.
fn tile(kern: &mut Kernel, span: Span, t: &Tiles, (start, size): (u64, u64), (n, k): (u64, u64)) {
    let wide = |b: BufId| Arg::Ap(ap(b, 0, vec![(n as i64, size), (1, n)]));
    let narrow = |b: BufId| Arg::Ap(ap(b, 0, vec![(k as i64, size), (1, k)]));
    let hbm = |b: u32, len: u64| {
        Arg::Ap(ap(
            BufId(b),
            (start * len) as i64,
            vec![(len as i64, size), (1, len)],
        ))
    };
    dma_copy(kern, span, wide(t.rows), hbm(0, n));
    let iota = vec![
        ("dst", wide(t.index)),
        ("offset", Arg::Float(0.0)),
        ("channel_multiplier", Arg::Float(0.0)),
    ];
    push(kern, span, Opcode::Iota, iota);
    for (fill, value) in [(t.neg, f64::NEG_INFINITY), (t.gone, 2.0 * n as f64)] {
        push(
            kern,
            span,
            Opcode::Memset,
            vec![("dst", wide(fill)), ("value", Arg::Float(value))],
        );
    }
    for j in 0..k {
        round(kern, span, t, (size, n, k), j);
    }
    push(
        kern,
        span,
        Opcode::TensorCopy,
        vec![("dst", narrow(t.taken_int)), ("src", narrow(t.taken))],
    );
    dma_copy(kern, span, hbm(1, k), narrow(t.values));
    dma_copy(kern, span, hbm(2, k), narrow(t.taken_int));
}

/// Round `j`: the largest value left in each row, the lowest index holding it, and that
/// element taken out of later rounds.
fn round(kern: &mut Kernel, span: Span, t: &Tiles, (size, n, k): (u64, u64, u64), j: u64) {
    let wide = |b: BufId| Arg::Ap(ap(b, 0, vec![(n as i64, size), (1, n)]));
    let column = |b: BufId| Arg::Ap(ap(b, j as i64, vec![(k as i64, size), (1, 1)]));
    let reduce = |dst: BufId, op: Alu, data: BufId| {
        vec![
            ("dst", column(dst)),
            ("op", Arg::Alu(op)),
            ("data", wide(data)),
            ("axis", Arg::Axes(vec![1])),
        ]
    };
    push(
        kern,
        span,
        Opcode::TensorReduce,
        reduce(t.values, Alu::Maximum, t.rows),
    );
    let not_max = vec![
        ("dst", wide(t.scratch)),
        ("data", wide(t.rows)),
        ("op0", Arg::Alu(Alu::NotEqual)),
        ("operand0", column(t.values)),
        ("op1", Arg::Alu(Alu::Multiply)),
        ("operand1", Arg::Float(n as f64)),
    ];
    push(kern, span, Opcode::TensorScalar, not_max);
    let scratch = || wide(t.scratch);
    tensor_tensor(kern, span, scratch(), (scratch(), wide(t.index)), Alu::Add);
    push(
        kern,
        span,
        Opcode::TensorReduce,
        reduce(t.taken, Alu::Minimum, t.scratch),
    );
    let hit = vec![
        ("dst", wide(t.scratch)),
        ("data", wide(t.index)),
        ("op0", Arg::Alu(Alu::Equal)),
        ("operand0", column(t.taken)),
    ];
    push(kern, span, Opcode::TensorScalar, hit);
    for (dst, fill) in [(t.rows, t.neg), (t.index, t.gone)] {
        let take = vec![
            ("dst", wide(dst)),
            ("src", wide(fill)),
            ("predicate", wide(t.scratch)),
        ];
        push(kern, span, Opcode::TensorCopyPredicated, take);
    }
}
