//! The `AwsNeuronRmsNorm` custom call (seed 000's whole-op RMSNorm path): `x / sqrt(mean(x^2
//! along d) + eps) * weight`, operands `(x, weight, epsilon)` or `(x, weight)` with an
//! `epsilon` attribute, `d` the `dimension` attribute (the last when absent; negative counts
//! from the end). It lowers to an RmsNorm kernel in the tokens-on-partitions form of nkilib's
//! `mlp_cte_norm` (lowering-anchors §3.7): three ACT instructions and the weight on DVE.
//!
//! ```text
//! dma_copy           weight to every partition, epsilon to every partition (once)
//! dma_copy           128 rows of x, each row's H elements on the free axis
//! activation_reduce  square, summed along the row into one value per partition
//! activation         rsqrt(sum * 1/H + eps)
//! activation         copy of x scaled by that rsqrt (one per partition)
//! tensor_tensor      times the weight
//! dma_copy           the rows out
//! ```
//!
//! The two problems the Neuron compiler reports on this path are diagnostics here, in its
//! words: an epsilon that is not one value, and a weight whose size is not `dim(x, d)`.

use crate::movement::{ap, push, sbuf, with_hbm};
use crate::tensor::dims;
use crate::tensor::dtype;
use egfuse_diag::Diag;
use egfuse_ir::{Attr, Module, OpId};
use egfuse_nisa::spec::{Alu, Arg, Func, Opcode};
use egfuse_nisa::{BufId, Dtype, Kernel};

/// Rows per tile: one per partition.
const P: u64 = 128;

/// The most tiles a kernel unrolls.
const MAX_TILES: u64 = 4096;

/// The custom call's target.
pub const TARGET: &str = "AwsNeuronRmsNorm";

/// Whether `op` is the custom call this lowers.
pub fn is_call(m: &Module, op: OpId) -> bool {
    let o = m.op(op);
    &*o.name == "stablehlo.custom_call"
        && o.attr("call_target_name").and_then(Attr::as_str).as_deref() == Some(TARGET)
}

/// One tile of rows: where its first element is, how many rows, and the strides between rows
/// and between a row's elements.
struct Rows {
    offset: i64,
    count: u64,
    row_stride: i64,
    elem_stride: i64,
}

/// The on-chip tiles.
struct Tiles {
    x: BufId,
    y: BufId,
    sums: BufId,
    rstd: BufId,
    weight: BufId,
    eps: BufId,
}

/// The kernel `name` of the custom call `op`, of kind RmsNorm.
pub fn kernel(m: &Module, op: OpId, name: String) -> Result<Kernel, Diag> {
    let o = m.op(op);
    let shape = dims(m, o.operands[0]);
    let d = dimension(m, op, shape.len())?;
    let h = shape[d];
    let wd = o.operands.get(1).map(|&w| dims(m, w)).unwrap_or_default();
    if wd != [h] {
        let msg = format!(
            "Operation AwsNeuronRmsNorm encountered size mismatch along the specified (normalization) dimension {d}. The input has {h} elements along it but the weight has shape {wd:?}."
        );
        return Err(Diag::new("lower::rms-norm", o.span, msg).with_label("this custom call"));
    }
    let eps = epsilon(m, op)?;
    let tiles = rows(&shape, d);
    if tiles.len() as u64 > MAX_TILES || h == 0 {
        let msg = format!("an RmsNorm of {} tiles of rows", tiles.len());
        return Err(Diag::new("lower::no-lowering", o.span, msg)
            .with_label(format!("at most {MAX_TILES} tiles are unrolled")));
    }
    let mut k = with_hbm(m, op, name, "RmsNorm".into())?;
    let out = BufId(o.operands.len() as u32);
    let t = Tiles {
        x: scratch(&mut k, "x", dtype(m, o.operands[0])?, h),
        y: scratch(&mut k, "y", dtype(m, o.results[0])?, h),
        sums: scratch(&mut k, "sum_squares", Dtype::F32, 1),
        rstd: scratch(&mut k, "rstd", Dtype::F32, 1),
        weight: scratch(&mut k, "weight", dtype(m, o.operands[1])?, h),
        eps: scratch(&mut k, "eps", Dtype::F32, 1),
    };
    broadcasts(&mut k, &t, eps, h);
    for r in tiles {
        one_tile(&mut k, &t, &r, (h, out));
    }
    Ok(k)
}

/// The weight and epsilon on every partition, loaded once.
fn broadcasts(k: &mut Kernel, t: &Tiles, eps: Epsilon, h: u64) {
    let span = k.span;
    let weight = ap(BufId(1), 0, vec![(0, P), (1, h)]);
    let copy = |dst, src| vec![("dst", Arg::Ap(dst)), ("src", Arg::Ap(src))];
    let load = copy(ap(t.weight, 0, vec![(h as i64, P), (1, h)]), weight);
    push(k, span, Opcode::DmaCopy, load);
    let all_eps = ap(t.eps, 0, vec![(1, P), (1, 1)]);
    match eps {
        Epsilon::Operand => {
            let src = ap(BufId(2), 0, vec![(0, P), (1, 1)]);
            push(k, span, Opcode::DmaCopy, copy(all_eps, src));
        }
        Epsilon::Value(e) => {
            let set = vec![("dst", Arg::Ap(all_eps)), ("value", Arg::Float(e))];
            push(k, span, Opcode::Memset, set);
        }
    }
}

/// The tiles of rows of a tensor of `shape` normalized along `d`: rows of contiguous elements
/// when `d` is the last dimension, else, for each position of the dimensions before `d`, the
/// positions after it in runs of 128, each row's elements strided.
fn rows(shape: &[u64], d: usize) -> Vec<Rows> {
    let h = shape[d];
    let outer: u64 = shape[..d].iter().product();
    let inner: u64 = shape[d + 1..].iter().product();
    let mut out = Vec::new();
    if inner == 1 {
        let mut r = 0;
        while r < outer {
            let count = P.min(outer - r);
            let (offset, row_stride, elem_stride) = ((r * h) as i64, h as i64, 1);
            out.push(Rows {
                offset,
                count,
                row_stride,
                elem_stride,
            });
            r += count;
        }
        return out;
    }
    for a in 0..outer {
        let mut b = 0;
        while b < inner {
            let count = P.min(inner - b);
            let offset = (a * h * inner + b) as i64;
            out.push(Rows {
                offset,
                count,
                row_stride: 1,
                elem_stride: inner as i64,
            });
            b += count;
        }
    }
    out
}

/// One tile of rows: loaded, normalized, weighted and stored into `out`.
fn one_tile(k: &mut Kernel, t: &Tiles, r: &Rows, (h, out): (u64, BufId)) {
    let span = k.span;
    let (p, hi) = (r.count, h as i64);
    let hbm_rows = |buf| ap(buf, r.offset, vec![(r.row_stride, p), (r.elem_stride, h)]);
    let row = |buf| Arg::Ap(ap(buf, 0, vec![(hi, p), (1, h)]));
    let column = |buf| Arg::Ap(ap(buf, 0, vec![(1, p), (1, 1)]));
    let load = vec![("dst", row(t.x)), ("src", Arg::Ap(hbm_rows(BufId(0))))];
    push(k, span, Opcode::DmaCopy, load);
    let squares = vec![
        ("dst", row(t.y)),
        ("op", Arg::Func(Func::Square)),
        ("data", row(t.x)),
        ("reduce_op", Arg::Alu(Alu::Add)),
        ("reduce_res", column(t.sums)),
    ];
    push(k, span, Opcode::ActivationReduce, squares);
    let rsqrt = vec![
        ("dst", column(t.rstd)),
        ("op", Arg::Func(Func::Rsqrt)),
        ("data", column(t.sums)),
        ("bias", column(t.eps)),
        ("scale", Arg::Float(1.0 / h as f64)),
    ];
    push(k, span, Opcode::Activation, rsqrt);
    let scaled = vec![
        ("dst", row(t.y)),
        ("op", Arg::Func(Func::Copy)),
        ("data", row(t.x)),
        ("scale", column(t.rstd)),
    ];
    push(k, span, Opcode::Activation, scaled);
    let weighted = vec![
        ("dst", row(t.y)),
        ("data1", row(t.y)),
        ("data2", row(t.weight)),
        ("op", Arg::Alu(Alu::Multiply)),
    ];
    push(k, span, Opcode::TensorTensor, weighted);
    let store = vec![("dst", Arg::Ap(hbm_rows(out))), ("src", row(t.y))];
    push(k, span, Opcode::DmaCopy, store);
}

/// Where epsilon comes from.
enum Epsilon {
    /// The third operand, one value.
    Operand,
    /// The `epsilon` attribute.
    Value(f64),
}

fn epsilon(m: &Module, op: OpId) -> Result<Epsilon, Diag> {
    let o = m.op(op);
    let one = |v| dims(m, v).iter().product::<u64>() == 1;
    let attr = match o.attr("epsilon") {
        Some(Attr::Float { text, .. }) => text.parse::<f64>().ok(),
        _ => None,
    };
    match (o.operands.get(2), attr) {
        (Some(&e), _) if one(e) => Ok(Epsilon::Operand),
        (None, Some(e)) => Ok(Epsilon::Value(e)),
        _ => Err(Diag::new(
            "lower::rms-norm",
            o.span,
            "'stablehlo.custom_call' op RmsNorm: epsilon is not a scalar. Expected a single scalar constant value for epsilon parameter.",
        )
        .with_label("this custom call")),
    }
}

/// The normalized dimension: the `dimension` attribute, negative from the end, the last when
/// absent.
fn dimension(m: &Module, op: OpId, rank: usize) -> Result<usize, Diag> {
    let o = m.op(op);
    let d = match o.attr("dimension").and_then(Attr::as_int) {
        None => rank as i128 - 1,
        Some(d) if d < 0 => rank as i128 + d,
        Some(d) => d,
    };
    match usize::try_from(d) {
        Ok(d) if d < rank => Ok(d),
        _ => {
            let msg = format!("AwsNeuronRmsNorm: dimension {d} is out of range for rank {rank}");
            Err(Diag::new("lower::rms-norm", o.span, msg).with_label("this custom call"))
        }
    }
}

fn scratch(k: &mut Kernel, role: &str, dtype: Dtype, free: u64) -> BufId {
    sbuf(k, role, dtype, vec![P, free.max(1)])
}
