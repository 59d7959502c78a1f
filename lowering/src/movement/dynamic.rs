//! `dynamic_slice` and `dynamic_update_slice` kernels: a block of the operand at start indices
//! known only at run time (a KV cache read, or written, at the current position). Each start
//! index is clamped into `[0, dim - size]`, as StableHLO clamps them, and the block's rows (runs
//! along the last dimension) move by indirect DMA, one row a partition:
//!
//! ```text
//! dma_copy       each start index onto every partition (a zero-stride read)
//! tensor_scalar  clamped into [0, dim - size], then times the dimension's stride (int32)
//! tensor_tensor  the block's first element: the sum over the dimensions
//! iota           per tile of rows, each row's offset within the block, on GpSimd
//! tensor_tensor  plus the block's first element: each row's offset in the operand
//! dma_copy       the rows, indirect
//! ```
//!
//! A slice gathers the rows from the operand (`vector_offset` on the source); an update first
//! copies the operand to the result whole, then scatters the update's rows into it
//! (`dst_vector_offset` on the destination).

use super::{ap, push, MAX_TILES, P};
use crate::tensor::dtype;
use crate::tensor::{dims, strides};
use egfuse_diag::{Diag, Span};
use egfuse_ir::facts::int_list;
use egfuse_ir::{Module, OpId};
use egfuse_nisa::spec::{Alu, Arg, Opcode};
use egfuse_nisa::{BufId, Dtype, Kernel};

/// The largest operand whose element offsets fp32 immediates (iota's) and int32 hold.
const MAX_ELEMENTS: u64 = 1 << 24;

/// Which way the block's rows move.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Way {
    /// `dynamic_slice`: from the operand's rows at the offsets into the result.
    Gather,
    /// `dynamic_update_slice`: from the update into the result's rows at the offsets.
    Scatter,
}

/// The kernel `name` of the `dynamic_slice` or `dynamic_update_slice` `op`.
pub fn kernel(m: &Module, op: OpId, name: String) -> Result<Kernel, Diag> {
    let o = m.op(op);
    let x = dims(m, o.operands[0]);
    let (way, sizes, starts) = match &*o.name {
        "stablehlo.dynamic_update_slice" => (Way::Scatter, dims(m, o.operands[1]), 2),
        _ => {
            let sizes = (o.attr("slice_sizes").and_then(int_list)).unwrap_or_default();
            (
                Way::Gather,
                sizes.iter().map(|&s| s.max(0) as u64).collect(),
                1,
            )
        }
    };
    let why = if x.is_empty() || sizes.len() != x.len() || o.operands.len() != x.len() + starts {
        Some("a block of a rank-0 operand, or sizes or start indices not one per dimension")
    } else if x.iter().product::<u64>() > MAX_ELEMENTS || sizes.iter().zip(&x).any(|(s, d)| s > d) {
        Some("offsets are computed on chip in int32 from fp32 immediates: operands of at most 2^24 elements, sizes within the operand")
    } else if tiles(&sizes) > MAX_TILES {
        Some("more than 4096 tiles of rows")
    } else {
        None
    };
    if let Some(why) = why {
        return Err(Diag::new(
            "lower::no-lowering",
            o.span,
            format!("`{}` has no lowering in this form", o.name),
        )
        .with_label(why));
    }
    let mut k = super::with_hbm(m, op, name, o.name.to_string())?;
    for &s in &o.operands[starts..] {
        if !dtype(m, s)?.is_int() {
            return Err(Diag::new(
                "lower::dtype",
                o.span,
                "a start index that is not an integer",
            )
            .with_label("indirect DMA offsets are integers"));
        }
    }
    let out = BufId(o.operands.len() as u32);
    if way == Way::Scatter {
        let whole = |b: BufId| Arg::Ap(ap(b, 0, vec![(1, x.iter().product())]));
        let copy = vec![("dst", whole(out)), ("src", whole(BufId(0)))];
        push(&mut k, o.span, Opcode::DmaCopy, copy);
    }
    if sizes.contains(&0) {
        // An empty block: nothing more moves.
        return Ok(k);
    }
    let base = first_element(m, op, &mut k, &x, (&sizes, starts))?;
    rows(&mut k, o.span, base, &x, &sizes, (way, out));
    Ok(k)
}

/// The tiles of rows a block of `sizes` moves in: 128 rows of the second-to-last dimension at
/// most, for every index of the dimensions before it.
fn tiles(sizes: &[u64]) -> u64 {
    let r = sizes.len();
    if r < 2 {
        return 1;
    }
    sizes[..r - 2].iter().product::<u64>() * sizes[r - 2].div_ceil(P).max(1)
}

/// The block's first element in the operand, on every partition of an int32 tile: the sum
/// over the dimensions of the clamped start index times the dimension's stride.
fn first_element(
    m: &Module,
    op: OpId,
    k: &mut Kernel,
    x: &[u64],
    (sizes, starts): (&[u64], usize),
) -> Result<BufId, Diag> {
    let o = m.op(op);
    let st = strides(x);
    let tile = |k: &mut Kernel, role: &str, d: Dtype| super::sbuf(k, role, d, vec![P, 1]);
    let col = |b: BufId| Arg::Ap(ap(b, 0, vec![(1, P), (1, 1)]));
    let base = tile(k, "first", Dtype::I32);
    let part = tile(k, "part", Dtype::I32);
    for (d, &s) in o.operands[starts..].iter().enumerate() {
        let loaded = tile(k, "start", dtype(m, s)?);
        let every = ap(BufId((starts + d) as u32), 0, vec![(0, P), (1, 1)]);
        push(
            k,
            o.span,
            Opcode::DmaCopy,
            vec![("dst", col(loaded)), ("src", Arg::Ap(every))],
        );
        let dst = if d == 0 { base } else { part };
        let clamp = vec![
            ("dst", col(dst)),
            ("data", col(loaded)),
            ("op0", Arg::Alu(Alu::Maximum)),
            ("operand0", Arg::Float(0.0)),
            ("op1", Arg::Alu(Alu::Minimum)),
            ("operand1", Arg::Float((x[d] - sizes[d]) as f64)),
        ];
        push(k, o.span, Opcode::TensorScalar, clamp);
        let scale = vec![
            ("dst", col(dst)),
            ("data", col(dst)),
            ("op0", Arg::Alu(Alu::Multiply)),
            ("operand0", Arg::Float(st[d] as f64)),
        ];
        push(k, o.span, Opcode::TensorScalar, scale);
        if d > 0 {
            let add = vec![
                ("dst", col(base)),
                ("data1", col(base)),
                ("data2", col(part)),
                ("op", Arg::Alu(Alu::Add)),
            ];
            push(k, o.span, Opcode::TensorTensor, add);
        }
    }
    Ok(base)
}

/// The block's rows moved, a tile of at most 128 rows at a time, from the operand (`in0`) to the
/// result `out` (a gather) or from the update (`in1`) into `out` (a scatter): each row's offset
/// is its place in the block (`iota`) plus `base`.
fn rows(
    k: &mut Kernel,
    span: Span,
    base: BufId,
    x: &[u64],
    sizes: &[u64],
    (way, out): (Way, BufId),
) {
    let r = sizes.len();
    let st = strides(x);
    let run = sizes[r - 1];
    let (outer, inner, inner_stride) = match r {
        1 => (Vec::new(), 1, 0),
        _ => (sizes[..r - 2].to_vec(), sizes[r - 2], st[r - 2]),
    };
    let first = super::sbuf(k, "row", Dtype::I32, vec![P, 1]);
    let offset = super::sbuf(k, "offset", Dtype::I32, vec![P, 1]);
    let (mut written, count): (u64, u64) = (0, outer.iter().product());
    for o in 0..count {
        // The outer dimensions' index of this group of rows, and its offset in the operand.
        let mut rest = o;
        let mut at = 0i64;
        for (d, &n) in outer.iter().enumerate().rev() {
            at += (rest % n) as i64 * st[d];
            rest /= n;
        }
        let mut start = 0;
        while start < inner.max(1) {
            let size = P.min(inner - start).max(1);
            let col = |b: BufId| Arg::Ap(ap(b, 0, vec![(1, size), (1, 1)]));
            let iota = vec![
                ("dst", col(first)),
                (
                    "offset",
                    Arg::Float((at + start as i64 * inner_stride) as f64),
                ),
                ("channel_multiplier", Arg::Float(inner_stride as f64)),
            ];
            push(k, span, Opcode::Iota, iota);
            let add = vec![
                ("dst", col(offset)),
                ("data1", col(first)),
                ("data2", col(base)),
                ("op", Arg::Alu(Alu::Add)),
            ];
            push(k, span, Opcode::TensorTensor, add);
            let block = |b: BufId| {
                Arg::Ap(ap(
                    b,
                    (written * run) as i64,
                    vec![(run as i64, size), (1, run)],
                ))
            };
            let rows = |b: BufId| Arg::Ap(ap(b, 0, vec![(1, size), (1, run)]));
            let moved = match way {
                Way::Gather => vec![
                    ("dst", block(out)),
                    ("src", rows(BufId(0))),
                    ("vector_offset", col(offset)),
                ],
                Way::Scatter => vec![
                    ("dst", rows(out)),
                    ("src", block(BufId(1))),
                    ("dst_vector_offset", col(offset)),
                ],
            };
            push(k, span, Opcode::DmaCopy, moved);
            written += size;
            start += size;
        }
    }
}
