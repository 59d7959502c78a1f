//! `iota` kernels: the result is each element's index along one dimension. GpSimd's `iota`
//! writes indices into SBUF (`offset + channel_multiplier · partition + free index`) and a DMA
//! broadcasts them over the other dimensions into HBM, by zero strides in its source pattern.
//! Indices along the last dimension lie along one partition's free axis; along any other, 128
//! of them at a time lie on the partitions.

use super::{ap, hbm, push};
use crate::tensor::dims;
use crate::tensor::{dtype, loc_text};
use egfuse_diag::{Diag, Span};
use egfuse_ir::{Module, OpId};
use egfuse_nisa::spec::{Arg, Opcode};
use egfuse_nisa::{Ap, BufId, Buffer, Kernel, Memory, Role};

/// The partitions one `iota` fills.
const P: u64 = 128;

/// The kernel `name` of the iota `op`.
pub fn kernel(m: &Module, op: OpId, name: String) -> Result<Kernel, Diag> {
    let o = m.op(op);
    let v = o.results[0];
    let shape = dims(m, v);
    let d = o
        .attr("iota_dimension")
        .and_then(|a| a.as_int())
        .map_or(0, |d| d as usize)
        .min(shape.len().saturating_sub(1));
    let size = |r: &[u64]| r.iter().product::<u64>();
    let (a, n, b) = match shape.get(d) {
        Some(&n) => (size(&shape[..d]), n, size(&shape[d + 1..])),
        None => (1, 1, 1),
    };
    let mut k = Kernel {
        name,
        kind: o.name.to_string(),
        loc: o.loc.as_ref().map(|l| loc_text(m, l)),
        buffers: vec![hbm(m, "out0".into(), v, Role::Output)?],
        loops: Vec::new(),
        body: Vec::new(),
        span: o.span,
    };
    if a * n * b == 0 {
        return Ok(k);
    }
    let dt = dtype(m, v)?;
    let out = BufId(0);
    let tile = |k: &mut Kernel, shape: Vec<u64>| {
        let id = BufId(k.buffers.len() as u32);
        k.buffers.push(Buffer {
            name: format!("t{}", id.0),
            memory: Memory::Sbuf,
            dtype: dt,
            shape,
            role: Role::Scratch,
            offset: None,
            span: Span::NONE,
        });
        id
    };
    if b == 1 {
        // Indices 0..n along one partition, repeated for each of the `a` outer positions.
        let t = tile(&mut k, vec![1, n]);
        let ni = n as i64;
        let gen = ap(t, 0, vec![(ni, 1), (1, n)]);
        iota(&mut k, o.span, gen, 0.0, 0.0);
        let src = ap(t, 0, vec![(ni, 1), (0, a), (1, n)]);
        let dst = ap(out, 0, vec![(ni, a), (1, n)]);
        dma(&mut k, o.span, dst, src);
        return Ok(k);
    }
    let mut start = 0u64;
    while start < n {
        let ts = P.min(n - start);
        let t = tile(&mut k, vec![P, 1]);
        let gen = ap(t, 0, vec![(1, ts), (1, 1)]);
        iota(&mut k, o.span, gen, start as f64, 1.0);
        let (bi, nb) = (b as i64, (n * b) as i64);
        let src = ap(t, 0, vec![(1, ts), (0, a), (0, b)]);
        let dst = ap(out, start as i64 * bi, vec![(bi, ts), (nb, a), (1, b)]);
        dma(&mut k, o.span, dst, src);
        start += ts;
    }
    Ok(k)
}

fn iota(k: &mut Kernel, span: Span, dst: Ap, offset: f64, channel_multiplier: f64) {
    let args = vec![
        ("dst", Arg::Ap(dst)),
        ("offset", Arg::Float(offset)),
        ("channel_multiplier", Arg::Float(channel_multiplier)),
    ];
    push(k, span, Opcode::Iota, args);
}

fn dma(k: &mut Kernel, span: Span, dst: Ap, src: Ap) {
    let args = vec![("dst", Arg::Ap(dst)), ("src", Arg::Ap(src))];
    push(k, span, Opcode::DmaCopy, args);
}
