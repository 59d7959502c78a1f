//! The idioms a program chains, each from the value the last one left: the ops one at a time
//! (elementwise chains, broadcasts, converts, reductions, transposes, reshapes, dot_generals)
//! and the forms models export (softmax, RMSNorm, LayerNorm, a SiLU-gated MLP, attention),
//! spelled as PyTorch/XLA or JAX write them (`tests/fixtures/sweep/`). An idiom whose shapes
//! would pass the caps declines (`None`) and the next one is tried.

use super::dots::{attention, batched_dot, gated_mlp, regrouped_dot};
use super::emit::{Combine, DotDims, Gen};
use super::{elements, fit, Elem, Val, DIMS, MAX_DOT_WORK, MAX_ELEMENTS};

/// The first value: an argument of a random shape of rank 1 to 5, or of a model's activations
/// (`[B, S, E]`, PyTorch's heads `[B, H, S, D]`, JAX's `[B, S, H, D]`).
pub fn start(g: &mut Gen) -> Val {
    let b = &mut g.bytes;
    let dims = match b.below(4) {
        0 => {
            let rank = 1 + b.below(5);
            (0..rank).map(|_| b.pick(&DIMS)).collect()
        }
        1 => vec![
            b.pick(&[1, 2, 3]),
            b.pick(&[1, 5, 77, 128, 200]),
            b.pick(&[32, 64, 128, 256, 384]),
        ],
        2 => vec![
            b.pick(&[1, 2, 3]),
            b.pick(&[1, 2, 4]),
            b.pick(&[3, 5, 77, 128]),
            b.pick(&[8, 16, 64]),
        ],
        _ => vec![
            b.pick(&[1, 2, 3]),
            b.pick(&[3, 5, 77, 128]),
            b.pick(&[1, 2, 4]),
            b.pick(&[8, 16, 64]),
        ],
    };
    let elem = if b.chance(20) { Elem::Bf16 } else { Elem::F32 };
    g.input(&fit(dims, MAX_ELEMENTS), elem)
}

/// One idiom applied to `x`: a kind chosen by the bytes, or the next that applies.
pub fn stage(g: &mut Gen, x: Val) -> Val {
    type Idiom = fn(&mut Gen, &Val) -> Option<Val>;
    const IDIOMS: [Idiom; 14] = [
        unary,
        binary,
        convert,
        reduce,
        softmax,
        rms_norm,
        layer_norm,
        transpose,
        reshape,
        dot,
        batched_dot,
        regrouped_dot,
        gated_mlp,
        attention,
    ];
    let first = g.bytes.below(IDIOMS.len());
    (0..IDIOMS.len())
        .find_map(|i| IDIOMS[(first + i) % IDIOMS.len()](g, &x))
        .expect("the elementwise idioms apply to every value")
}

/// An elementwise chain whose values stay finite on any input: a unary op, or one kept in its
/// domain (`log(x*x + 1)`, `rsqrt(x*x + eps)`, `exp(tanh x)`), ReLU or SiLU.
fn unary(g: &mut Gen, x: &Val) -> Option<Val> {
    let d = &x.dims;
    Some(match g.bytes.below(9) {
        0 => g.unary("tanh", x),
        1 => g.unary("logistic", x),
        2 => g.unary("negate", x),
        3 => {
            let t = g.unary("tanh", x);
            g.unary("exponential", &t)
        }
        4..=6 => {
            let sq = g.binary("multiply", x, x);
            let small = epsilon(g);
            let eps = g.splat(small, d, x.elem);
            let pos = g.binary("add", &sq, &eps);
            let op = ["log", "sqrt", "rsqrt"][g.bytes.below(3)];
            let y = g.unary(op, &pos);
            if op == "sqrt" && g.bytes.chance(32) {
                return Some(g.binary("divide", x, &y));
            }
            y
        }
        7 => {
            let zero = g.splat(0.0, d, x.elem);
            g.binary("maximum", x, &zero)
        }
        _ => {
            let s = g.unary("logistic", x);
            g.binary("multiply", x, &s)
        }
    })
}

/// An epsilon or one: what keeps a root's or a log's operand away from zero.
fn epsilon(g: &mut Gen) -> f64 {
    if g.bytes.chance(32) {
        1.0
    } else {
        1e-5
    }
}

/// `x` combined with a new argument of its shape, or with one of some of its dims broadcast
/// to it (a bias, a per-row scale).
fn binary(g: &mut Gen, x: &Val) -> Option<Val> {
    let op = g.bytes.pick(&["add", "subtract", "multiply", "maximum"]);
    let y = if g.bytes.chance(24) {
        g.input(&x.dims, x.elem)
    } else {
        let kept: Vec<usize> = (0..x.rank()).filter(|_| g.bytes.chance(32)).collect();
        let dims: Vec<i64> = kept.iter().map(|&i| x.dims[i]).collect();
        let small = g.input(&dims, x.elem);
        g.broadcast(&small, &kept, &x.dims)
    };
    Some(g.binary(op, x, &y))
}

/// `x` converted to the other float type, or one time in four to its own (as Flax's
/// `.astype` of a value already of that type exports).
fn convert(g: &mut Gen, x: &Val) -> Option<Val> {
    let to = match x.elem {
        _ if g.bytes.chance(16) => x.elem,
        Elem::F32 => Elem::Bf16,
        Elem::Bf16 => Elem::F32,
    };
    Some(g.convert_op(x, to))
}

/// Some dims of `x` (any, at least one) reduced by add or max; the result, or it broadcast back
/// and combined with `x` (a centring, a scale).
fn reduce(g: &mut Gen, x: &Val) -> Option<Val> {
    let mut over: Vec<usize> = (0..x.rank()).filter(|_| g.bytes.chance(24)).collect();
    if over.is_empty() {
        over.push(g.bytes.below(x.rank()));
    }
    let combine = g.bytes.pick(&[Combine::Add, Combine::Max]);
    let r = g.reduce(x, &over, combine);
    if r.rank() > 0 && g.bytes.chance(32) {
        return Some(r);
    }
    let jax = g.bytes.chance(32);
    let back = spread(g, &r, &x.dims, &over, jax);
    let op = g.bytes.pick(&["subtract", "multiply", "add"]);
    Some(g.binary(op, x, &back))
}

/// `r`, `full` reduced over `over`, broadcast back to `full`: directly as PyTorch writes it,
/// or through the kept-dims shape (`[.., 1]`) as JAX does.
fn spread(g: &mut Gen, r: &Val, full: &[i64], over: &[usize], jax: bool) -> Val {
    let kept: Vec<usize> = (0..full.len()).filter(|i| !over.contains(i)).collect();
    if !jax {
        return g.broadcast(r, &kept, full);
    }
    let ones: Vec<i64> = (full.iter().enumerate())
        .map(|(i, &d)| if over.contains(&i) { 1 } else { d })
        .collect();
    let k = g.broadcast(r, &kept, &ones);
    let all: Vec<usize> = (0..full.len()).collect();
    g.broadcast(&k, &all, full)
}

/// The dim a normalization reduces: the last, or any.
pub fn norm_dim(g: &mut Gen, x: &Val) -> usize {
    if g.bytes.chance(40) {
        x.rank() - 1
    } else {
        g.bytes.below(x.rank())
    }
}

/// Softmax over one dim: max, subtract, exp, sum, divide.
fn softmax(g: &mut Gen, x: &Val) -> Option<Val> {
    let d = norm_dim(g, x);
    Some(softmax_over(g, x, d))
}

pub fn softmax_over(g: &mut Gen, x: &Val, d: usize) -> Val {
    let jax = g.bytes.chance(32);
    let m = g.reduce(x, &[d], Combine::Max);
    let mb = spread(g, &m, &x.dims, &[d], jax);
    let s = g.binary("subtract", x, &mb);
    let e = g.unary("exponential", &s);
    // JAX sums a bf16 softmax's exponentials in f32.
    let wide = if jax {
        g.convert(&e, Elem::F32)
    } else {
        e.clone()
    };
    let z = g.reduce(&wide, &[d], Combine::Add);
    let z = g.convert(&z, e.elem);
    let zb = spread(g, &z, &x.dims, &[d], jax);
    g.binary("divide", &e, &zb)
}

/// The mean of `x` over `d` in its kept-dims shape (`[.., 1]`): a sum divided by the count.
fn mean_keep(g: &mut Gen, x: &Val, d: usize) -> Val {
    let s = g.reduce(x, &[d], Combine::Add);
    let kept: Vec<usize> = (0..x.rank()).filter(|&i| i != d).collect();
    let mut ones = x.dims.clone();
    ones[d] = 1;
    let k = g.broadcast(&s, &kept, &ones);
    let n = g.splat(x.dims[d] as f64, &ones, x.elem);
    g.binary("divide", &k, &n)
}

/// `r` (kept-dims shape) plus epsilon, its rsqrt broadcast to `full`.
fn rsqrt_full(g: &mut Gen, r: &Val, full: &[i64]) -> Val {
    let eps = g.splat(1e-6, &r.dims, r.elem);
    let a = g.binary("add", r, &eps);
    let s = g.unary("rsqrt", &a);
    let all: Vec<usize> = (0..full.len()).collect();
    g.broadcast(&s, &all, full)
}

/// A weight over dim `d` of `x`, broadcast to it, multiplied in (and a bias added).
fn affine(g: &mut Gen, x: &Val, d: usize, bias: bool) -> Val {
    let w = g.input(&[x.dims[d]], x.elem);
    let wb = g.broadcast(&w, &[d], &x.dims);
    let y = g.binary("multiply", x, &wb);
    if !bias {
        return y;
    }
    let b = g.input(&[x.dims[d]], x.elem);
    let bb = g.broadcast(&b, &[d], &x.dims);
    g.binary("add", &y, &bb)
}

/// RMSNorm over one dim, in f32 between converts when `x` is bf16 (as JAX computes it).
fn rms_norm(g: &mut Gen, x: &Val) -> Option<Val> {
    let d = norm_dim(g, x);
    // Upcast or not; an f32 value sometimes converted to f32 all the same.
    let xf = match g.bytes.below(3) {
        0 => x.clone(),
        1 => g.convert(x, Elem::F32),
        _ => g.convert_op(x, Elem::F32),
    };
    let sq = g.binary("multiply", &xf, &xf);
    let ms = mean_keep(g, &sq, d);
    let r = rsqrt_full(g, &ms, &x.dims);
    let y = g.binary("multiply", &xf, &r);
    let y = g.convert(&y, x.elem);
    Some(affine(g, &y, d, false))
}

/// LayerNorm over one dim: centre, variance, rsqrt, weight and bias.
fn layer_norm(g: &mut Gen, x: &Val) -> Option<Val> {
    let d = norm_dim(g, x);
    let mean = mean_keep(g, x, d);
    let all: Vec<usize> = (0..x.rank()).collect();
    let mb = g.broadcast(&mean, &all, &x.dims);
    let c = g.binary("subtract", x, &mb);
    let sq = g.binary("multiply", &c, &c);
    let var = mean_keep(g, &sq, d);
    let r = rsqrt_full(g, &var, &x.dims);
    let y = g.binary("multiply", &c, &r);
    let bias = g.bytes.chance(48);
    Some(affine(g, &y, d, bias))
}

/// `x` with its dims permuted (not in order).
fn transpose(g: &mut Gen, x: &Val) -> Option<Val> {
    if x.rank() < 2 {
        return None;
    }
    let mut perm = g.bytes.permutation(x.rank());
    if perm.iter().enumerate().all(|(i, &p)| i == p) {
        perm.swap(0, x.rank() - 1);
    }
    Some(g.transpose(x, &perm))
}

/// `x` reshaped: a unit dim inserted or dropped, two neighbours merged, or one split in two.
fn reshape(g: &mut Gen, x: &Val) -> Option<Val> {
    let mut dims = x.dims.clone();
    let r = x.rank();
    match g.bytes.below(4) {
        0 if r < 5 => dims.insert(g.bytes.below(r + 1), 1),
        1 if r > 1 && dims.contains(&1) => {
            let at = dims.iter().position(|&d| d == 1)?;
            dims.remove(at);
        }
        2 if r > 1 => {
            let at = g.bytes.below(r - 1);
            let merged = dims[at] * dims.remove(at + 1);
            dims[at] = merged;
        }
        _ if r < 5 => {
            let at = g.bytes.below(r);
            let f = factor(g, dims[at])?;
            dims[at] /= f;
            dims.insert(at, f);
        }
        _ => return None,
    }
    Some(g.reshape(x, &dims))
}

/// A factor of `n` other than 1 and `n`, if it has one.
fn factor(g: &mut Gen, n: i64) -> Option<i64> {
    let fs: Vec<i64> = (2..n).filter(|f| n % f == 0).take(8).collect();
    (!fs.is_empty()).then(|| g.bytes.pick(&fs))
}

/// A size for a new free dim of a dot whose other operand has `x` elements: at most what the
/// caps leave.
pub fn free_size(g: &mut Gen, x: i64, out_others: i64) -> Option<i64> {
    let n = g.bytes.pick(&[1, 3, 5, 32, 64, 77, 128, 200, 256, 384]);
    let n = (n..=n)
        .chain(DIMS.iter().rev().copied())
        .find(|&m| m <= n && x * m <= MAX_DOT_WORK && out_others * m <= MAX_ELEMENTS)?;
    Some(n)
}

/// `x` times a new weight: `x` on either side, contracting any of its dims with the weight's
/// first or last.
pub fn dot(g: &mut Gen, x: &Val) -> Option<Val> {
    let c = norm_dim(g, x);
    let k = x.dims[c];
    let n = free_size(g, elements(&x.dims), elements(&x.dims) / k)?;
    let k_first = g.bytes.chance(40);
    let w_dims = if k_first { vec![k, n] } else { vec![n, k] };
    let w = g.input(&w_dims, x.elem);
    let wc = if k_first { 0 } else { 1 };
    let d = |lc, rc| DotDims {
        lhs_batch: vec![],
        rhs_batch: vec![],
        lhs_contract: vec![lc],
        rhs_contract: vec![rc],
    };
    Some(if g.bytes.chance(44) {
        g.dot(x, &w, &d(c, wc))
    } else {
        g.dot(&w, x, &d(wc, c))
    })
}
