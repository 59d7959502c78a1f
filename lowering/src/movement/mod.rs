//! Data-movement kernels. An op left on its own that only moves elements (a reshape, transpose,
//! slice, concatenate, reverse, broadcast or pad) needs no compute engine: it is DMAs from its inputs
//! in HBM to its result in HBM, each with the access pattern the op's attributes give. A
//! runtime would alias a reshape or a broadcast instead of copying; one DMA is what the kernel
//! costs here. An `iota` (`iota.rs`) is one GpSimd instruction per tile and such a DMA; an
//! embedding lookup (`gather.rs`) is an indirect DMA, and so are a take-along-the-last-axis
//! gather (`take.rs`), one element a row, a `dynamic_slice` or `dynamic_update_slice`
//! (`dynamic.rs`), one row of the block a partition, and a `scatter` or a gather of any other
//! form (`indexed/`), its rows written, added, folded or read by offsets computed on chip. A
//! fused kernel of views only (`views.rs`) is such DMAs too.

mod dynamic;
mod gather;
mod indexed;
mod iota;
mod take;
pub mod views;

use crate::site::{site_span, Site};
use crate::tensor::{dims, dtype, loc_text, strides};
use egfuse_diag::{Diag, Span};
use egfuse_ir::facts::int_list;
use egfuse_ir::{Module, OpId, ValueId};
use egfuse_nisa::spec::{Alu, Arg, Opcode};
use egfuse_nisa::{Affine, Ap, BufId, Buffer, Dtype, Inst, Kernel, Memory, Role, Stmt};

/// The ops this lowers.
pub const OPS: &[&str] = &[
    "stablehlo.reshape",
    "stablehlo.transpose",
    "stablehlo.slice",
    "stablehlo.concatenate",
    "stablehlo.reverse",
    "stablehlo.broadcast_in_dim",
    "stablehlo.pad",
    "stablehlo.iota",
    "stablehlo.gather",
    "stablehlo.dynamic_slice",
    "stablehlo.dynamic_update_slice",
    "stablehlo.scatter",
];

/// Rows, indices or elements per tile of the indirect movements: one per partition.
const P: u64 = 128;

/// The most tiles of rows a `dynamic_slice`, `dynamic_update_slice` or `scatter` unrolls.
const MAX_TILES: u64 = 4096;

/// An access pattern's `[stride, size]` pairs.
type Pairs = Vec<(i64, u64)>;

/// One copy: the result's view and the input's, element for element, and which input.
struct Copy {
    input: usize,
    dst: (Affine, Pairs),
    src: (Affine, Pairs),
}

/// The kernel `name` of the movement op `op`.
pub fn kernel(m: &Module, op: OpId, name: String) -> Result<Kernel, Diag> {
    let o = m.op(op);
    match &*o.name {
        "stablehlo.iota" => return iota::kernel(m, op, name),
        "stablehlo.gather" if gather::unindexed(m, op).is_none() => {
            return gather::kernel(m, op, name)
        }
        "stablehlo.scatter" => return indexed::scatter(m, op, name),
        "stablehlo.dynamic_slice" | "stablehlo.dynamic_update_slice" => {
            return dynamic::kernel(m, op, name)
        }
        _ => {}
    }
    let copies = copies(m, op)?;
    let mut buffers = Vec::new();
    for (i, &v) in o.operands.iter().enumerate() {
        buffers.push(hbm(m, format!("in{i}"), v, Role::Input)?);
    }
    let out = BufId(buffers.len() as u32);
    buffers.push(hbm(m, "out0".into(), o.results[0], Role::Output)?);
    let loc = o.loc.as_ref().map(|l| loc_text(m, l));
    let body = copies
        .into_iter()
        .filter(|c| c.dst.1.iter().all(|d| d.1 > 0))
        .map(|c| {
            let (dst, src) = compact(c.dst.1, c.src.1);
            let ap = |buf, offset, dims| Ap {
                buf,
                offset,
                dims,
                span: Span::NONE,
            };
            let mut args = vec![None; Opcode::DmaCopy.spec().params.len()];
            args[0] = Some(Arg::Ap(ap(out, c.dst.0, dst)));
            args[1] = Some(Arg::Ap(ap(BufId(c.input as u32), c.src.0, src)));
            Stmt::Inst(Inst {
                op: Opcode::DmaCopy,
                args,
                engine: None,
                loc: loc.clone(),
                span: o.span,
            })
        })
        .collect();
    Ok(Kernel {
        name,
        kind: o.name.to_string(),
        loc,
        buffers,
        loops: Vec::new(),
        body,
        span: o.span,
    })
}

pub(crate) fn hbm(m: &Module, name: String, v: ValueId, role: Role) -> Result<Buffer, Diag> {
    Ok(Buffer {
        name,
        memory: Memory::Hbm,
        dtype: dtype(m, v)?,
        shape: vec![elements(&dims(m, v)).max(1)],
        role,
        offset: None,
        span: Span::NONE,
    })
}

fn elements(shape: &[u64]) -> u64 {
    shape.iter().product()
}

/// The whole of a tensor of `shape`, row-major.
fn whole(shape: &[u64]) -> (Affine, Pairs) {
    let st = strides(shape);
    (
        Affine::constant(0),
        st.into_iter().zip(shape.iter().copied()).collect(),
    )
}

/// The copies `op` is: for each element of its result (or of each input, for a concatenate),
/// where it comes from.
fn copies(m: &Module, op: OpId) -> Result<Vec<Copy>, Diag> {
    let o = m.op(op);
    let out = dims(m, o.results[0]);
    let x = dims(m, o.operands[0]);
    let (xs, os) = (strides(&x), strides(&out));
    // Each list as long as `len`, every entry below `bound` where it names dimensions: the
    // IR's verifier checks these, and a module built otherwise still gets a diagnostic.
    let ints = |name: &str, len: usize, bound: Option<usize>| {
        o.attr(name)
            .and_then(int_list)
            .filter(|v| v.len() == len)
            .filter(|v| bound.is_none_or(|b| v.iter().all(|&d| d >= 0 && (d as usize) < b)))
            .ok_or_else(|| missing(m, op, name))
    };
    let from = |offset: i64, st: Vec<i64>| Copy {
        input: 0,
        dst: whole(&out),
        src: (
            Affine::constant(offset),
            st.into_iter().zip(out.clone()).collect(),
        ),
    };
    Ok(match &*o.name {
        "stablehlo.gather" => {
            let src = gather::unindexed(m, op).ok_or_else(|| missing(m, op, "slice_sizes"))?;
            vec![from(0, src.into_iter().map(|p| p.0).collect())]
        }
        "stablehlo.reshape" => vec![Copy {
            input: 0,
            dst: whole(&[elements(&out)]),
            src: whole(&[elements(&x)]),
        }],
        "stablehlo.transpose" => {
            let perm = ints("permutation", out.len(), Some(x.len()))?;
            let st = perm.iter().map(|&p| xs[p as usize]).collect();
            vec![from(0, st)]
        }
        "stablehlo.slice" => {
            let start = ints("start_indices", x.len(), None)?;
            let step = ints("strides", x.len(), None)?;
            let offset = start.iter().zip(&xs).map(|(s, x)| s * x).sum();
            let st = step.iter().zip(&xs).map(|(s, x)| s * x).collect();
            vec![from(offset, st)]
        }
        "stablehlo.reverse" => {
            let rev = o
                .attr("dimensions")
                .and_then(int_list)
                .filter(|v| v.iter().all(|&d| d >= 0 && (d as usize) < x.len()))
                .ok_or_else(|| missing(m, op, "dimensions"))?;
            let mut offset = 0;
            let mut st = xs.clone();
            for &d in &rev {
                let d = d as usize;
                offset += (x[d] as i64 - 1) * xs[d];
                st[d] = -xs[d];
            }
            vec![from(offset, st)]
        }
        "stablehlo.broadcast_in_dim" => {
            let bd = ints("broadcast_dimensions", x.len(), Some(out.len()))?;
            let mut st = vec![0i64; out.len()];
            for (i, &d) in bd.iter().enumerate() {
                if x[i] != 1 {
                    st[d as usize] = xs[i];
                }
            }
            vec![from(0, st)]
        }
        "stablehlo.pad" => {
            let lo = ints("edge_padding_low", x.len(), None)?;
            let interior = ints("interior_padding", x.len(), None)?;
            padded(&x, &out, &lo, &interior)
        }
        "stablehlo.concatenate" => {
            let c = o
                .attr("dimension")
                .and_then(|a| a.as_int())
                .filter(|&c| c >= 0 && (c as usize) < out.len())
                .ok_or_else(|| missing(m, op, "dimension"))? as usize;
            let ranks = o.operands.iter().all(|&v| dims(m, v).len() == out.len());
            if !ranks {
                return Err(missing(m, op, "operands of the result's rank"));
            }
            concatenated(m, op, c, &os)
        }
        _ => return Err(missing(m, op, "a movement")),
    })
}

/// A pad of `x` into `out`: the padding value (input 1, one element) broadcast over the whole
/// result by zero strides, then the operand's elements that land inside the result at
/// `low + i * (interior + 1)` along each dimension (a negative `low` or `high` crops).
fn padded(x: &[u64], out: &[u64], lo: &[i64], interior: &[i64]) -> Vec<Copy> {
    let (xs, os) = (strides(x), strides(out));
    let fill = Copy {
        input: 1,
        dst: whole(out),
        src: (Affine::constant(0), out.iter().map(|&n| (0, n)).collect()),
    };
    let (mut dst_at, mut src_at) = (0i64, 0i64);
    let (mut dst, mut src) = (Vec::new(), Vec::new());
    for d in 0..x.len() {
        let step = interior[d].max(0) + 1;
        // The first element of the operand at or after the result's start, and how many land
        // before its end.
        let first = if lo[d] < 0 {
            (-lo[d] + step - 1) / step
        } else {
            0
        };
        let at = lo[d] + first * step;
        let room = (out[d] as i64 - at).max(0);
        let count = ((room + step - 1) / step).min(x[d] as i64 - first).max(0) as u64;
        dst_at += at * os[d];
        src_at += first * xs[d];
        dst.push((step * os[d], count));
        src.push((xs[d], count));
    }
    let body = Copy {
        input: 0,
        dst: (Affine::constant(dst_at), dst),
        src: (Affine::constant(src_at), src),
    };
    vec![fill, body]
}

/// A concatenate along `c` of a result with strides `os`: one copy per operand, at its offset.
fn concatenated(m: &Module, op: OpId, c: usize, os: &[i64]) -> Vec<Copy> {
    let mut at = 0i64;
    let mut out = Vec::new();
    for (i, &v) in m.op(op).operands.iter().enumerate() {
        let shape = dims(m, v);
        out.push(Copy {
            input: i,
            dst: (
                Affine::constant(at * os[c]),
                os.iter().copied().zip(shape.clone()).collect(),
            ),
            src: whole(&shape),
        });
        at += shape.get(c).copied().unwrap_or(0) as i64;
    }
    out
}

fn missing(m: &Module, op: OpId, what: &str) -> Diag {
    let o = m.op(op);
    Diag::new(
        "lower::layout",
        o.span,
        format!("`{}` without a well-formed `{what}`", o.name),
    )
    .with_label("the DMA's access pattern comes from it")
}

/// Both views with unit pairs dropped and pairs merged where each view steps evenly across
/// them, so a contiguous copy is one pair.
fn compact(dst: Pairs, src: Pairs) -> (Pairs, Pairs) {
    let (mut d, mut s): (Pairs, Pairs) = (Vec::new(), Vec::new());
    for (a, b) in dst.into_iter().zip(src).filter(|(a, _)| a.1 != 1) {
        let n = a.1 as i64;
        match (d.last_mut(), s.last_mut()) {
            (Some(pd), Some(ps)) if pd.0 == a.0 * n && ps.0 == b.0 * n => {
                *pd = (a.0, pd.1 * a.1);
                *ps = (b.0, ps.1 * a.1);
            }
            _ => {
                d.push(a);
                s.push(b);
            }
        }
    }
    if d.is_empty() {
        d.push((1, 1));
        s.push((1, 1));
    }
    (d, s)
}

/// The view of `buf` at the constant element `offset` with `dims`.
pub(crate) fn ap(buf: BufId, offset: i64, dims: Pairs) -> Ap {
    Ap {
        buf,
        offset: Affine::constant(offset),
        dims,
        span: Span::NONE,
    }
}

/// The kernel `name` of kind `kind` for the op `op`, with an HBM input per operand (`in0`, ...)
/// and an HBM output per result (`out0`, ...), in that order, and no instructions yet.
pub(crate) fn with_hbm(m: &Module, op: OpId, name: String, kind: String) -> Result<Kernel, Diag> {
    let o = m.op(op);
    let mut k = Kernel {
        name,
        kind,
        loc: o.loc.as_ref().map(|l| loc_text(m, l)),
        buffers: Vec::new(),
        loops: Vec::new(),
        body: Vec::new(),
        span: o.span,
    };
    for (i, &v) in o.operands.iter().enumerate() {
        k.buffers.push(hbm(m, format!("in{i}"), v, Role::Input)?);
    }
    for (i, &v) in o.results.iter().enumerate() {
        k.buffers.push(hbm(m, format!("out{i}"), v, Role::Output)?);
    }
    Ok(k)
}

/// The kernel `name` of the fused `site`, of its kind and at its place, with an HBM input per
/// site input (`in0`, ...) and an HBM output per output (`out0`, ...), in that order, and no
/// instructions yet.
pub(crate) fn with_site_hbm(m: &Module, site: &Site, name: String) -> Result<Kernel, Diag> {
    let o = m.op(site.op);
    let mut k = Kernel {
        name,
        kind: site.kind.clone(),
        loc: o.loc.as_ref().map(|l| loc_text(m, l)),
        buffers: Vec::new(),
        loops: Vec::new(),
        body: Vec::new(),
        span: site_span(m, site),
    };
    for (i, &v) in site.inputs.iter().enumerate() {
        k.buffers.push(hbm(m, format!("in{i}"), v, Role::Input)?);
    }
    for (i, &v) in site.outputs.iter().enumerate() {
        k.buffers.push(hbm(m, format!("out{i}"), v, Role::Output)?);
    }
    Ok(k)
}

/// A scratch SBUF tile of `shape` (partitions first) named after its id and `role`, placed
/// later.
pub(crate) fn sbuf(k: &mut Kernel, role: &str, dtype: Dtype, shape: Vec<u64>) -> BufId {
    scratch(k, (Memory::Sbuf, "t"), role, dtype, shape)
}

/// A scratch PSUM tile of fp32, as [`sbuf`] makes one in SBUF.
pub(crate) fn psum(k: &mut Kernel, role: &str, shape: Vec<u64>) -> BufId {
    scratch(k, (Memory::Psum, "p"), role, Dtype::F32, shape)
}

fn scratch(
    k: &mut Kernel,
    (memory, prefix): (Memory, &str),
    role: &str,
    dtype: Dtype,
    shape: Vec<u64>,
) -> BufId {
    let id = BufId(k.buffers.len() as u32);
    k.buffers.push(Buffer {
        name: format!("{prefix}{}_{role}", id.0),
        memory,
        dtype,
        shape,
        role: Role::Scratch,
        offset: None,
        span: Span::NONE,
    });
    id
}

/// Appends a `dma_copy` of `src` to `dst`.
pub(crate) fn dma_copy(k: &mut Kernel, span: Span, dst: Arg, src: Arg) {
    push(k, span, Opcode::DmaCopy, vec![("dst", dst), ("src", src)]);
}

/// Appends `dst = data1 op data2`, elementwise.
pub(crate) fn tensor_tensor(k: &mut Kernel, span: Span, dst: Arg, (a, b): (Arg, Arg), op: Alu) {
    let args = vec![
        ("dst", dst),
        ("data1", a),
        ("data2", b),
        ("op", Arg::Alu(op)),
    ];
    push(k, span, Opcode::TensorTensor, args);
}

/// Appends the instruction `op` with its keyword arguments, attributed to `span` and the
/// kernel's location.
pub(crate) fn push(k: &mut Kernel, span: Span, op: Opcode, given: Vec<(&str, Arg)>) {
    let mut args = vec![None; op.spec().params.len()];
    for (key, a) in given {
        if let Some(n) = op.param(key) {
            args[n] = Some(a);
        }
    }
    k.body.push(Stmt::Inst(Inst {
        op,
        args,
        engine: None,
        loc: k.loc.clone(),
        span,
    }));
}
