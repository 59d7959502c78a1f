//! The idioms around dot_generals that need more than one dot or more than a plain weight:
//! batch dims in any position of either operand, batch dims regrouped by a reshape as PyTorch
//! merges batch and heads, a SiLU-gated MLP, and attention (scores, scale, softmax, the
//! probabilities' matmul) in PyTorch's and JAX's spellings.

use super::emit::{DotDims, Gen};
use super::idioms::{free_size, softmax_over};
use super::{elements, Val, MAX_DOT_WORK, MAX_ELEMENTS};

/// Some dims of `x` as batch dims against a new operand holding them (same sizes) at random
/// positions beside its contracting dim and one free dim; or `x` against itself, contracting
/// one dim, as scores are.
pub fn batched_dot(g: &mut Gen, x: &Val) -> Option<Val> {
    let r = x.rank();
    if r < 2 {
        return None;
    }
    let c = super::idioms::norm_dim(g, x);
    let batch: Vec<usize> = (0..r).filter(|&i| i != c && g.bytes.chance(32)).collect();
    let free: i64 = (0..r)
        .filter(|i| *i != c && !batch.contains(i))
        .map(|i| x.dims[i])
        .product();
    if g.bytes.chance(16) {
        let work = elements(&x.dims) * free;
        let out = elements(&x.dims) / x.dims[c] * free;
        if work > MAX_DOT_WORK || out > MAX_ELEMENTS {
            return None;
        }
        let d = DotDims {
            lhs_batch: batch.clone(),
            rhs_batch: batch,
            lhs_contract: vec![c],
            rhs_contract: vec![c],
        };
        return Some(g.dot(x, x, &d));
    }
    let n = free_size(g, elements(&x.dims), elements(&x.dims) / x.dims[c])?;
    let nb = batch.len();
    let place = g.bytes.permutation(nb + 2);
    let mut w_dims = vec![0; nb + 2];
    for (j, &b) in batch.iter().enumerate() {
        w_dims[place[j]] = x.dims[b];
    }
    w_dims[place[nb]] = x.dims[c];
    w_dims[place[nb + 1]] = n;
    let w = g.input(&w_dims, x.elem);
    let d = DotDims {
        lhs_batch: batch,
        rhs_batch: place[..nb].to_vec(),
        lhs_contract: vec![c],
        rhs_contract: vec![place[nb]],
    };
    Some(g.dot(x, &w, &d))
}

/// `x`'s two leading dims merged into one batch dim by a reshape, a batched matmul over it
/// (the new operand's contracting dim first or last), and the batch split back: PyTorch's
/// `bmm` of `[B, H, S, D]` at batch > 1.
pub fn regrouped_dot(g: &mut Gen, x: &Val) -> Option<Val> {
    let r = x.rank();
    if r < 3 {
        return None;
    }
    let (b, h, k) = (x.dims[0], x.dims[1], x.dims[r - 1]);
    let mut merged = vec![b * h];
    merged.extend_from_slice(&x.dims[2..]);
    let n = free_size(g, elements(&x.dims), elements(&x.dims) / k)?;
    let xm = g.reshape(x, &merged);
    let k_first = g.bytes.chance(32);
    let inner = if k_first { [k, n] } else { [n, k] };
    let w = if g.bytes.chance(32) {
        let w4 = g.input(&[b, h, inner[0], inner[1]], x.elem);
        g.reshape(&w4, &[b * h, inner[0], inner[1]])
    } else {
        g.input(&[b * h, inner[0], inner[1]], x.elem)
    };
    let d = DotDims {
        lhs_batch: vec![0],
        rhs_batch: vec![0],
        lhs_contract: vec![r - 2],
        rhs_contract: vec![if k_first { 1 } else { 2 }],
    };
    let y = g.dot(&xm, &w, &d);
    let mut split = vec![b, h];
    split.extend_from_slice(&y.dims[1..]);
    Some(g.reshape(&y, &split))
}

/// `x`'s last dim through a SiLU-gated MLP: `(silu(x Wg) * (x Wu)) Wd`.
pub fn gated_mlp(g: &mut Gen, x: &Val) -> Option<Val> {
    let r = x.rank();
    let e = x.dims[r - 1];
    let rows = elements(&x.dims) / e;
    let f = free_size(g, elements(&x.dims), rows)?;
    if rows * f * e > MAX_DOT_WORK {
        return None;
    }
    let matmul = |g: &mut Gen, a: &Val, w: &Val| {
        let d = DotDims {
            lhs_batch: vec![],
            rhs_batch: vec![],
            lhs_contract: vec![a.rank() - 1],
            rhs_contract: vec![0],
        };
        g.dot(a, w, &d)
    };
    let wg = g.input(&[e, f], x.elem);
    let wu = g.input(&[e, f], x.elem);
    let wd = g.input(&[f, e], x.elem);
    let gate = matmul(g, x, &wg);
    let up = matmul(g, x, &wu);
    let s = g.unary("logistic", &gate);
    let silu = g.binary("multiply", &gate, &s);
    let h = g.binary("multiply", &silu, &up);
    Some(matmul(g, &h, &wd))
}

/// Attention with `x` as the queries and new keys and values of its shape: PyTorch's form on
/// `[B, H, S, D]` (batch and heads merged by reshapes, the keys transposed), JAX's on
/// `[B, S, H, D]` (batch dims 0 and 2), or a plain batched form on `[N, S, D]`.
pub fn attention(g: &mut Gen, x: &Val) -> Option<Val> {
    let r = x.rank();
    if !(3..=4).contains(&r) {
        return None;
    }
    let jax = r == 4 && g.bytes.chance(32);
    // The sequence: dim 1 of `[N, S, D]` and of JAX's `[B, S, H, D]`, dim 2 of PyTorch's.
    let s = if r == 4 && !jax { x.dims[2] } else { x.dims[1] };
    let rows = elements(&x.dims) / x.dims[r - 1];
    if rows * s > MAX_ELEMENTS || rows * s * x.dims[r - 1] > MAX_DOT_WORK {
        return None;
    }
    let k = g.input(&x.dims, x.elem);
    let v = if g.bytes.chance(48) {
        g.input(&x.dims, x.elem)
    } else {
        k.clone()
    };
    Some(match (r, jax) {
        (3, _) => plain_attention(g, x, &k, &v),
        (_, true) => jax_attention(g, x, &k, &v),
        _ => torch_attention(g, x, &k, &v),
    })
}

/// Scores scaled by `1/sqrt(d)`, by a multiply or a divide, then their softmax over the last
/// dim.
fn scaled_softmax(g: &mut Gen, scores: &Val, d: i64) -> Val {
    let root = (d as f64).sqrt();
    let scaled = if g.bytes.chance(32) {
        let c = g.splat(1.0 / root, &scores.dims, scores.elem);
        g.binary("multiply", scores, &c)
    } else {
        let c = g.splat(root, &scores.dims, scores.elem);
        g.binary("divide", scores, &c)
    };
    softmax_over(g, &scaled, scores.rank() - 1)
}

fn batch0(lc: usize, rc: usize) -> DotDims {
    DotDims {
        lhs_batch: vec![0],
        rhs_batch: vec![0],
        lhs_contract: vec![lc],
        rhs_contract: vec![rc],
    }
}

/// `[N, S, D]`: `q kᵀ` contracting both last dims, then `p v`.
fn plain_attention(g: &mut Gen, q: &Val, k: &Val, v: &Val) -> Val {
    let scores = g.dot(q, k, &batch0(2, 2));
    let p = scaled_softmax(g, &scores, q.dims[2]);
    g.dot(&p, v, &batch0(2, 1))
}

/// PyTorch's eager attention at batch > 1: `[B, H, S, D]` merged to `[B*H, S, D]`.
fn torch_attention(g: &mut Gen, q: &Val, k: &Val, v: &Val) -> Val {
    let [b, h, s, d] = [q.dims[0], q.dims[1], q.dims[2], q.dims[3]];
    let q3 = g.reshape(q, &[b * h, s, d]);
    let kt = g.transpose(k, &[0, 1, 3, 2]);
    let kt3 = g.reshape(&kt, &[b * h, d, s]);
    let scores = g.dot(&q3, &kt3, &batch0(2, 1));
    let scores4 = g.reshape(&scores, &[b, h, s, s]);
    let p = scaled_softmax(g, &scores4, d);
    let p3 = g.reshape(&p, &[b * h, s, s]);
    let v3 = g.reshape(v, &[b * h, s, d]);
    let o = g.dot(&p3, &v3, &batch0(2, 1));
    g.reshape(&o, &[b, h, s, d])
}

/// JAX's attention on `[B, S, H, D]`: batch dims 0 and 2, the output transposed back.
fn jax_attention(g: &mut Gen, q: &Val, k: &Val, v: &Val) -> Val {
    let scores = g.dot(
        q,
        k,
        &DotDims {
            lhs_batch: vec![0, 2],
            rhs_batch: vec![0, 2],
            lhs_contract: vec![3],
            rhs_contract: vec![3],
        },
    );
    let p = scaled_softmax(g, &scores, q.dims[3]);
    let o = g.dot(
        &p,
        v,
        &DotDims {
            lhs_batch: vec![0, 1],
            rhs_batch: vec![0, 2],
            lhs_contract: vec![3],
            rhs_contract: vec![1],
        },
    );
    g.transpose(&o, &[0, 2, 1, 3])
}
