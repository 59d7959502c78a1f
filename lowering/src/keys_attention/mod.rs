//! An Attention kernel with the keys on the partitions, attention_tkg's decode form: the form a
//! decode step wants, whose few query rows per batch (4 per KV group in a GQA step) would fill
//! 4 of 128 partitions in the flash form ([`crate::tile`]'s), leaving DVE's lanes idle. Here the
//! scores are computed transposed, `S^T = K Q^T` (a stationary block of 128 keys of `K^T`, `Q^T`
//! moving), so the keys fill the partitions and the rows sit side by side on the free axis,
//! block after block of 128 keys:
//!
//! ```text
//! nc_matmul        per 128 keys: S^T block [128 keys, R] into one PSUM tile [128, blocks x R]
//! tensor_scalar    the scale (a divide or multiply by a splat), or a copy, into SBUF
//! tensor_reduce    the max over the blocks: [128, R]
//! nc_transpose     to [R, 128]; tensor_reduce the max over the partitions: [R, 1]
//! tensor_copy      the max along 128 columns; nc_transpose back: every partition has it
//! tensor_tensor    S^T - max; activation exp
//! tensor_reduce    the sum over the blocks, then nc_matmul by a ones column: the sum, [R, 1]
//! nc_matmul        per 128 keys: exp(S - max)^T block as stationary, V's rows moving: P V
//! reciprocal       of the sum; tensor_scalar: P V times it, stored
//! ```
//!
//! Exact in real arithmetic as the flash form is: `sum_k (e_k / s) v_k = (sum_k e_k v_k) / s`,
//! and the transposes move values without arithmetic. The kernel computes in fp32 where the ops
//! round to a narrower type between steps, which `--check` tells from a miscompile by verify's
//! rounding-aware rule. The lowering builds both forms and keeps the cheaper by the kernel
//! estimate.
//!
//! Only one shape qualifies: the scores a `dot_general` of two kernel inputs (through reshapes)
//! with one row and one key dimension, then only a scale by splats and converts, a max and a
//! sum over the keys, `exp(s - max) / sum`, a convert, and the `P V` matmul contracting the
//! keys; at most 128 rows, `d` at most 512 (tiles of 128, each block's scores accumulated over
//! them), `dv` at most 512, and rows x blocks within one PSUM bank (512). Keys that are not a
//! multiple of 128 leave a partial last block: its padding reads zeros in `K^T` and `V`, and a
//! matmul of a row of `-inf` past the keys by a row of ones adds `-inf` to the padding's scores
//! (a product of `-inf` and `1` only, never of `0` and `inf`), so their `exp` is 0 in the sum
//! and in `P V`.

mod emit;
mod shape;

pub(crate) use shape::{of, Shape};

use crate::movement::{hbm, psum, sbuf};
use crate::site::Site;
use egfuse_diag::Diag;
use egfuse_ir::Module;
use egfuse_nisa::{BufId, Dtype, Kernel, Role};

/// Partitions: keys per block.
const P: u64 = 128;
/// fp32 elements in one PSUM bank per partition.
const BANK: u64 = 512;
/// The widest head this form contracts: 4 tiles of 128 (Gemma's 256 among them).
const MAX_D: u64 = 512;

/// The kernel `name` of `site` in this form.
pub(crate) fn kernel(m: &Module, site: &Site, s: &Shape, name: String) -> Result<Kernel, Diag> {
    let o = m.op(site.op);
    let mut k = Kernel {
        name,
        kind: site.kind.clone(),
        loc: o.loc.as_ref().map(|l| crate::tensor::loc_text(m, l)),
        buffers: Vec::new(),
        loops: Vec::new(),
        body: Vec::new(),
        span: crate::site::site_span(m, site),
    };
    for (i, &v) in site.inputs.iter().enumerate() {
        k.buffers.push(hbm(m, format!("in{i}"), v, Role::Input)?);
    }
    let out = BufId(k.buffers.len() as u32);
    k.buffers
        .push(hbm(m, "out0".into(), site.outputs[0], Role::Output)?);
    let types = [s.q.input, s.k.input, s.v.input].map(|i| k.buffers[i].dtype);
    let out_type = k.buffers[out.0 as usize].dtype;
    let t = Tiles::new(&mut k, s, types, out_type);
    let mut e = emit::Emit {
        k: &mut k,
        span: o.span,
    };
    e.constants(s, &t);
    let body = e.batches(s, &t, out, &mut Vec::new());
    k.body.extend(body);
    Ok(k)
}

/// The kernel's SBUF and PSUM tiles, shared by every batch.
struct Tiles {
    q: BufId,
    k: BufId,
    scores: BufId,
    x: BufId,
    part: BufId,
    part_t: BufId,
    max: BufId,
    wide: BufId,
    max_t: BufId,
    e: BufId,
    /// What the `P V` matmul reads P from: `e` itself when that is its dtype.
    p: BufId,
    sums: BufId,
    ones: BufId,
    sum: BufId,
    v: BufId,
    pv: BufId,
    rcp: BufId,
    res: BufId,
    /// For a partial last block: a row of 0 for its keys and -inf past them, and a row of
    /// ones as wide as the rows, whose product masks the padding's scores.
    mask: Option<(BufId, BufId)>,
}

impl Tiles {
    /// The tiles, made in the order they are named (the kernel's buffer ids follow it).
    fn new(k: &mut Kernel, s: &Shape, [q, kd, v]: [Dtype; 3], out: Dtype) -> Tiles {
        let (r, w, f) = (s.rows, s.rows * s.blocks(), Dtype::F32);
        let dt = s.d_tiles().len() as u64;
        let q = sbuf(k, "qt", q, vec![P, dt * r]);
        let kt = sbuf(k, "kt", kd, vec![P, dt * s.blocks() * P]);
        let scores = psum(k, "st", vec![P, w]);
        let x = sbuf(k, "x", f, vec![P, w]);
        let part = sbuf(k, "part", f, vec![P, r]);
        let part_t = psum(k, "part_t", vec![r, P]);
        let max = sbuf(k, "max", f, vec![r, 1]);
        let wide = sbuf(k, "wide", f, vec![r, P]);
        let max_t = psum(k, "max_t", vec![P, r]);
        let e = sbuf(k, "e", f, vec![P, w]);
        let p = match s.p == f {
            true => e,
            false => sbuf(k, "p", s.p, vec![P, w]),
        };
        Tiles {
            q,
            k: kt,
            scores,
            x,
            part,
            part_t,
            max,
            wide,
            max_t,
            e,
            p,
            sums: sbuf(k, "sums", f, vec![P, r]),
            ones: sbuf(k, "ones", f, vec![P, 1]),
            sum: psum(k, "sum", vec![r, 1]),
            v: sbuf(k, "v", v, vec![P, s.blocks() * s.dv]),
            pv: psum(k, "pv", vec![r, s.dv]),
            rcp: sbuf(k, "rcp", f, vec![r, 1]),
            res: sbuf(k, "res", out, vec![r, s.dv]),
            mask: (s.rem() > 0).then(|| {
                (
                    sbuf(k, "mask", f, vec![1, P]),
                    sbuf(k, "ones_row", f, vec![1, r]),
                )
            }),
        }
    }
}
