//! `batch_norm_training` kernels: PyTorch exports every LayerNorm as one (its input reshaped to
//! `[1, tokens, hidden]`, the tokens as features). Each feature's statistics come from NKI's
//! own pair of instructions for them:
//!
//! ```text
//! dma_copy      x tile [128 features, N elements] into SBUF
//! bn_stats      per 512 elements (nl.tile_size.bn_stats_fmax): count, mean, variance x count
//! bn_aggr       one per tile: the mean and variance of all N
//! memset        eps on every partition, once (NeuronCore-v2's activation takes no immediate bias)
//! activation    rsqrt(var + eps) on ACT
//! tensor_scalar (x - mean) * rstd, two ALU ops in one DVE instruction
//! tensor_scalar y * scale + offset (left out when they are the splats 1 and 0)
//! dma_copy      y, the mean and the variance out
//! ```
//!
//! Features sit on the partitions, 128 a tile; a feature's elements (every dimension but the
//! feature's) lie on the free axis, read from HBM by a strided DMA.

use crate::movement::{ap, push, sbuf, with_hbm};
use crate::tensor::dims;
use crate::tensor::dtype;
use egfuse_diag::Diag;
use egfuse_ir::facts::{batch_norm_attrs, splat_value};
use egfuse_ir::{Module, OpId};
use egfuse_nisa::spec::{Alu, Arg, Func, Opcode};
use egfuse_nisa::verify::BN_STATS_FMAX;
use egfuse_nisa::{Ap, BufId, Dtype, Kernel};

/// Features per tile: one per partition.
const P: u64 = 128;

/// The shape of the normalization: `a` x `f` features x `b`, each feature's `a * b` elements
/// normalized together.
#[derive(Clone, Copy)]
struct Shape {
    a: u64,
    f: u64,
    b: u64,
}

impl Shape {
    fn n(self) -> u64 {
        self.a * self.b
    }

    /// Chunks of at most [`BN_STATS_FMAX`] elements, one `bn_stats` each.
    fn chunks(self) -> u64 {
        self.n().div_ceil(BN_STATS_FMAX)
    }
}

/// The on-chip tiles of one feature tile.
struct Tiles {
    x: BufId,
    y: BufId,
    stats: BufId,
    mv: BufId,
    rstd: BufId,
    /// Epsilon on every partition: NeuronCore-v2's activation takes no immediate bias.
    eps: BufId,
    /// The scale and offset, one per feature, when they are not splats.
    scale: Option<BufId>,
    offset: Option<BufId>,
}

/// The kernel `name` of the `batch_norm_training` `op`.
pub fn kernel(m: &Module, op: OpId, name: String) -> Result<Kernel, Diag> {
    let o = m.op(op);
    let (shape, eps) = params(m, op)?;
    let mut k = with_hbm(m, op, name, o.name.to_string())?;
    let (n, c) = (shape.n(), shape.chunks());
    let affine = [1, 2].map(|i| splat_value(m, o.operands[i], true));
    let mut per_feature = |i: usize, role| {
        let none = affine[i].is_none();
        none.then(|| scratch(&mut k, role, Dtype::F32, 1))
    };
    let (scale, offset) = (per_feature(0, "scale"), per_feature(1, "offset"));
    let t = Tiles {
        x: scratch(&mut k, "x", dtype(m, o.operands[0])?, n),
        y: scratch(&mut k, "y", dtype(m, o.results[0])?, n),
        stats: scratch(&mut k, "stats", Dtype::F32, 6 * c),
        mv: scratch(&mut k, "mean_var", Dtype::F32, 2),
        rstd: scratch(&mut k, "rstd", Dtype::F32, 1),
        eps: scratch(&mut k, "eps", Dtype::F32, 1),
        scale,
        offset,
    };
    let all = ap(t.eps, 0, vec![(1, P.min(shape.f)), (1, 1)]);
    let memset = vec![("dst", Arg::Ap(all)), ("value", Arg::Float(eps))];
    push(&mut k, o.span, Opcode::Memset, memset);
    let mut c0 = 0;
    while c0 < shape.f {
        let p = P.min(shape.f - c0);
        one_tile(&mut k, &t, (shape, affine), c0, p);
        c0 += p;
    }
    Ok(k)
}

/// The normalization's shape and epsilon, from the op's attributes and operand type.
fn params(m: &Module, op: OpId) -> Result<(Shape, f64), Diag> {
    let o = m.op(op);
    let d = dims(m, o.operands[0]);
    let attrs = batch_norm_attrs(m, op);
    let Some((f, eps)) = attrs.and_then(|(f, eps)| Some((usize::try_from(f).ok()?, eps))) else {
        return Err(Diag::new(
            "lower::no-lowering",
            o.span,
            "`stablehlo.batch_norm_training` without its feature_index and epsilon",
        )
        .with_label("both attributes are needed"));
    };
    if f >= d.len() {
        let msg = format!("feature_index {f} of a rank-{} operand", d.len());
        return Err(Diag::new("lower::no-lowering", o.span, msg).with_label("out of range"));
    }
    let shape = Shape {
        a: d[..f].iter().product(),
        f: d[f],
        b: d[f + 1..].iter().product(),
    };
    Ok((shape, eps))
}

/// The features `c0 .. c0 + p`: loaded, their statistics taken, normalized and stored.
/// `affine` holds the scale and offset when they are splats.
fn one_tile(k: &mut Kernel, t: &Tiles, (s, affine): (Shape, [Option<f64>; 2]), c0: u64, p: u64) {
    let span = k.span;
    let (n, ni) = (s.n(), s.n() as i64);
    let hbm_view = |buf| {
        let dims = vec![(s.b as i64, p), ((s.f * s.b) as i64, s.a), (1, s.b)];
        ap(buf, (c0 * s.b) as i64, dims)
    };
    let tile_view = |buf| ap(buf, 0, vec![(ni, p), (s.b as i64, s.a), (1, s.b)]);
    let load = copy(tile_view(t.x), hbm_view(BufId(0)));
    push(k, span, Opcode::DmaCopy, load);
    statistics(k, t, s, p);
    let normalize = vec![
        ("dst", Arg::Ap(row(t.y, n, n, p, 0))),
        ("data", Arg::Ap(row(t.x, n, n, p, 0))),
        ("op0", Arg::Alu(Alu::Subtract)),
        ("operand0", Arg::Ap(column(t.mv, 2, p, 0))),
        ("op1", Arg::Alu(Alu::Multiply)),
        ("operand1", Arg::Ap(column(t.rstd, 1, p, 0))),
    ];
    push(k, span, Opcode::TensorScalar, normalize);
    if affine != [Some(1.0), Some(0.0)] {
        scale_and_offset(k, t, affine, (c0, p), n);
    }
    let store = copy(hbm_view(BufId(3)), tile_view(t.y));
    push(k, span, Opcode::DmaCopy, store);
    for (out, off) in [(4, 0), (5, 1)] {
        let dst = ap(BufId(out), c0 as i64, vec![(1, p), (1, 1)]);
        push(k, span, Opcode::DmaCopy, copy(dst, column(t.mv, 2, p, off)));
    }
}

/// Each of `p` features' mean and variance (`bn_stats` per 512 elements, one `bn_aggr`) and
/// rsqrt(variance + eps).
fn statistics(k: &mut Kernel, t: &Tiles, s: Shape, p: u64) {
    let span = k.span;
    let (n, chunks) = (s.n(), s.chunks());
    let width = (6 * chunks) as i64;
    for j in 0..chunks {
        let len = BN_STATS_FMAX.min(n - j * BN_STATS_FMAX);
        let stats = ap(t.stats, 6 * j as i64, vec![(width, p), (1, 6)]);
        let data = row(t.x, n, len, p, (j * BN_STATS_FMAX) as i64);
        let args = vec![("dst", Arg::Ap(stats)), ("data", Arg::Ap(data))];
        push(k, span, Opcode::BnStats, args);
    }
    let all = ap(t.stats, 0, vec![(width, p), (1, 6 * chunks)]);
    let mv = ap(t.mv, 0, vec![(2, p), (1, 2)]);
    let aggr = vec![("dst", Arg::Ap(mv)), ("data", Arg::Ap(all))];
    push(k, span, Opcode::BnAggr, aggr);
    let rsqrt = vec![
        ("dst", Arg::Ap(column(t.rstd, 1, p, 0))),
        ("op", Arg::Func(Func::Rsqrt)),
        ("data", Arg::Ap(column(t.mv, 2, p, 1))),
        ("bias", Arg::Ap(column(t.eps, 1, p, 0))),
    ];
    push(k, span, Opcode::Activation, rsqrt);
}

/// `y * scale + offset` for the features `c0 .. c0 + p`, as one two-op `tensor_scalar`; a
/// splat is an immediate, the others load one value per feature.
fn scale_and_offset(
    k: &mut Kernel,
    t: &Tiles,
    affine: [Option<f64>; 2],
    (c0, p): (u64, u64),
    n: u64,
) {
    let span = k.span;
    let mut operand = |i: usize, tile: Option<BufId>| match affine[i] {
        Some(v) => Arg::Float(v),
        None => {
            let tile = tile.expect("a tile for each operand that is not a splat");
            let src = ap(BufId(i as u32 + 1), c0 as i64, vec![(1, p), (1, 1)]);
            push(k, span, Opcode::DmaCopy, copy(column(tile, 1, p, 0), src));
            Arg::Ap(column(tile, 1, p, 0))
        }
    };
    let (scale, offset) = (operand(0, t.scale), operand(1, t.offset));
    let args = vec![
        ("dst", Arg::Ap(row(t.y, n, n, p, 0))),
        ("data", Arg::Ap(row(t.y, n, n, p, 0))),
        ("op0", Arg::Alu(Alu::Multiply)),
        ("operand0", scale),
        ("op1", Arg::Alu(Alu::Add)),
        ("operand1", offset),
    ];
    push(k, span, Opcode::TensorScalar, args);
}

/// `len` elements, from `off`, of each of `p` partitions of a tile `width` elements wide.
fn row(buf: BufId, width: u64, len: u64, p: u64, off: i64) -> Ap {
    ap(buf, off, vec![(width as i64, p), (1, len)])
}

/// One value of each of `p` partitions of a tile `width` wide, at `off`.
fn column(buf: BufId, width: i64, p: u64, off: i64) -> Ap {
    ap(buf, off, vec![(width, p), (1, 1)])
}

fn copy(dst: Ap, src: Ap) -> Vec<(&'static str, Arg)> {
    vec![("dst", Arg::Ap(dst)), ("src", Arg::Ap(src))]
}

fn scratch(k: &mut Kernel, role: &str, dtype: Dtype, free: u64) -> BufId {
    sbuf(k, role, dtype, vec![P, free.max(1)])
}
