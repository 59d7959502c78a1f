//! An MxQuantize kernel as NeuronCore-v4's one `quantize_mx` instruction per tile, when the user
//! asks for NKI's scale rule (`--mx-scale nki`) on a target that has it (003 §4.1).
//!
//! `quantize_mx` computes NKI's shared scale, `2^(floor(log2(amax)) - (emax - 1))`: not the
//! module's own rule (JAX rounds the scale up, OCP's sample floors it one lower), and no input
//! makes the instruction compute another (a block scaled by a power of two quantizes to the
//! same elements). So this form departs from the module by the user's choice: `--check` judges
//! it against NKI's rule applied to the values the module divides (`crate::mx_rule`) and
//! counts the blocks whose scale differs from the module's. The default, the module's rule,
//! lowers by the select rules, exactly.
//!
//! The kernel reads the values it quantizes as a flat run of 32-element blocks, 16 blocks to a
//! chunk of 512 elements laid out as nkilib's swizzle: partition `p` takes elements `4p..4p+4` of
//! each chunk, so a block is 8 partitions x 4 elements (`egfuse_nisa::mx`). A tile holds up to
//! [`CHUNKS`] chunks side by side on the free axis; a last chunk of fewer than 16 blocks takes
//! the partitions it fills, padded with zeros to a multiple of 32.
//!
//! ```text
//! dma_copy      chunks of x, swizzled (and a memset of the padding)
//! quantize_mx   the elements and one scale per block, on DVE
//! dma_copy      the elements out, swizzled back; the scales out, a DMA per quadrant
//! ```

use crate::movement::{ap, dma_copy, push, sbuf, with_site_hbm};
use crate::mx_layout::{on_chip, pad, store_scales, swizzled, CHUNK};
use crate::mx_rule::{Quantize, Quantized};
use crate::site::{site_span, Site};
use crate::tensor::{dims, dtype};
use egfuse_diag::Diag;
use egfuse_ir::facts::only_reshapes;
use egfuse_ir::{Module, OpId, ValueId};
use egfuse_nisa::mx::{self, BLOCK, BLOCK_PARTITIONS, BLOCK_WIDTH, QUADRANT};
use egfuse_nisa::spec::{Arg, Opcode};
use egfuse_nisa::{BufId, Dtype, Kernel};

/// The most chunks one tile holds: 2048 elements on each partition.
const CHUNKS: u64 = 512;
/// The most tiles a kernel unrolls.
const MAX_TILES: u64 = 4096;

/// The `quantize_mx` form of `site`, when it is an MxQuantize kernel that only quantizes one
/// bf16 or f16 input along its last dimension into fp8 elements and E8M0 (or `ui8`) scales.
pub(crate) fn of(m: &Module, site: &Site) -> Option<Quantize> {
    if site.kind != "MxQuantize" {
        return None;
    }
    let (qz, divided) = quantized(m, site)?;
    let input = site.inputs.iter().position(|&v| v == divided)?;
    let bf16 = matches!(dtype(m, divided).ok(), Some(Dtype::Bf16 | Dtype::F16));
    bf16.then_some(Quantize {
        of: Quantized::Input(input),
        ..qz
    })
}

/// The MX quantize `site` computes as its two outputs, along the last dimension into fp8
/// elements and E8M0 (or `ui8`) scales, and the value it divides, through reshapes and
/// widening converts; the quantize reads that value as computed ([`Quantized::Computed`]).
pub(crate) fn quantized(m: &Module, site: &Site) -> Option<(Quantize, ValueId)> {
    if site.outputs.len() != 2 {
        return None;
    }
    let ty = |v: ValueId| dtype(m, v).ok();
    let fp8 = |v: ValueId| matches!(ty(v), Some(Dtype::F8E4M3FN | Dtype::F8E5M2));
    let elements = site.outputs.iter().position(|&v| fp8(v))?;
    let scales = 1 - elements;
    let (q, s) = (site.outputs[elements], site.outputs[scales]);
    let (shape, count) = (dims(m, q), |v| dims(m, v).iter().product::<u64>());
    let scale_type = ty(s).filter(|&t| mx::is_scale(t))?;
    if shape.last() != Some(&BLOCK) || count(s) * BLOCK != count(q) {
        return None;
    }
    let divided = site.ops.iter().find_map(|&op| {
        let o = m.op(op);
        if &*o.name != "stablehlo.divide" || dims(m, o.results[0]) != shape {
            return None;
        }
        let rank = shape.len();
        let blocks = |r: OpId| reduces_last(m, r, rank);
        let max_of_abs = site
            .ops
            .iter()
            .any(|&r| blocks(r) && abs_of(m, r, o.operands[0]));
        max_of_abs.then_some(o.operands[0])
    })?;
    let source = through_reshapes(m, divided);
    let qz = Quantize {
        of: Quantized::Computed(source),
        elements,
        scales,
        element_type: ty(q)?,
        scale_type,
        blocks: count(q) / BLOCK,
    };
    Some((qz, source))
}

/// Whether `op` is a `maximum` reduce over the last of `rank` dimensions.
fn reduces_last(m: &Module, op: OpId, rank: usize) -> bool {
    let o = m.op(op);
    let along = o.attr("dimensions").and_then(egfuse_ir::facts::int_list);
    let body_max = (o.regions.first().map(|&r| m.region(r).blocks.clone()))
        .and_then(|b| b.first().copied())
        .is_some_and(|b| {
            m.block(b)
                .ops
                .iter()
                .any(|&x| &*m.op(x).name == "stablehlo.maximum")
        });
    &*o.name == "stablehlo.reduce" && along == Some(vec![rank as i64 - 1]) && body_max
}

/// Whether the reduce `op` folds `abs(x)`, through reshapes and widening converts of either
/// (PyTorch takes the maximum of the bf16 input's magnitudes and divides its f32 widening).
fn abs_of(m: &Module, op: OpId, x: ValueId) -> bool {
    let folded = m.op(op).operands.first().and_then(|&v| m.defining_op(v));
    let same = |a: ValueId| through_reshapes(m, a) == through_reshapes(m, x);
    folded.is_some_and(|a| &*m.op(a).name == "stablehlo.abs" && same(m.op(a).operands[0]))
}

/// The value `v` holds, through reshapes and converts that widen a bf16 or f16 to f32 (exact:
/// PyTorch divides a bf16 input by an f32 scale in f32, which rounds as the bf16 division does
/// when the scale is a power of two).
fn through_reshapes(m: &Module, mut v: ValueId) -> ValueId {
    let widens = |op: OpId| {
        let o = m.op(op);
        let (from, to) = (dtype(m, o.operands[0]).ok(), dtype(m, o.results[0]).ok());
        &*o.name == "stablehlo.convert"
            && matches!(from, Some(Dtype::Bf16 | Dtype::F16))
            && to == Some(Dtype::F32)
    };
    while let Some(op) = m
        .defining_op(v)
        .filter(|&op| only_reshapes(m, op) || widens(op))
    {
        v = m.op(op).operands[0];
    }
    v
}

/// The kernel `name` of `site` in the `quantize_mx` form `qz`.
pub(crate) fn kernel(m: &Module, site: &Site, qz: &Quantize, name: String) -> Result<Kernel, Diag> {
    let span = site_span(m, site);
    let chunks = qz.blocks.div_ceil(CHUNK / BLOCK);
    if chunks.div_ceil(CHUNKS) + 1 > MAX_TILES {
        let msg = format!("an MxQuantize of {chunks} chunks of 512 elements");
        let label = format!("at most {MAX_TILES} tiles are unrolled");
        return Err(Diag::new("lower::no-lowering", span, msg).with_label(label));
    }
    let Quantized::Input(input) = qz.of else {
        let msg = "an MxQuantize of a value it computes";
        let label = "`quantize_mx` alone reads its input from HBM";
        return Err(Diag::new("lower::no-lowering", span, msg).with_label(label));
    };
    let mut k = with_site_hbm(m, site, name)?;
    let out = site.inputs.len();
    let hbm = Hbm {
        x: BufId(input as u32),
        q: BufId((out + qz.elements) as u32),
        s: BufId((out + qz.scales) as u32),
    };
    let free = chunks.min(CHUNKS);
    let t = Tiles {
        x: sbuf(
            &mut k,
            "x",
            dtype(m, site.inputs[input])?,
            vec![128, free * BLOCK_WIDTH],
        ),
        q: sbuf(&mut k, "q", qz.element_type, vec![128, free * BLOCK_WIDTH]),
        s: sbuf(
            &mut k,
            "scales",
            qz.scale_type,
            vec![mx::scale_partitions(128), free],
        ),
    };
    let (full, rest) = (qz.blocks / (CHUNK / BLOCK), qz.blocks % (CHUNK / BLOCK));
    let mut c = 0;
    while c < full {
        let n = CHUNKS.min(full - c);
        tile(&mut k, (&hbm, &t), c, (n, 128));
        c += n;
    }
    if rest > 0 {
        tile(&mut k, (&hbm, &t), full, (1, rest * BLOCK_PARTITIONS));
    }
    Ok(k)
}

/// The kernel's HBM tensors: the input quantized and the two outputs.
struct Hbm {
    x: BufId,
    q: BufId,
    s: BufId,
}

/// The on-chip tiles, one of each, reused by every tile.
struct Tiles {
    x: BufId,
    q: BufId,
    s: BufId,
}

/// The chunks `first..first + n`, each on `parts` partitions (128, or fewer for a last chunk of
/// fewer than 16 blocks): loaded swizzled, quantized, stored.
fn tile(k: &mut Kernel, (hbm, t): (&Hbm, &Tiles), first: u64, (n, parts): (u64, u64)) {
    let span = k.span;
    let padded = parts.next_multiple_of(QUADRANT);
    let chunks = |buf| swizzled(buf, (first * CHUNK) as i64, (1, CHUNK as i64), (parts, n));
    pad(k, (t.x, None), 0, (parts, n));
    let loaded = on_chip(k, t.x, 0, (parts, n));
    dma_copy(k, span, Arg::Ap(loaded), Arg::Ap(chunks(hbm.x)));
    let swidth = k.buffer(t.s).shape[1] as i64;
    let scales = ap(t.s, 0, vec![(swidth, mx::scale_partitions(padded)), (1, n)]);
    let quantize = vec![
        ("dst", Arg::Ap(on_chip(k, t.q, 0, (padded, n)))),
        ("src", Arg::Ap(on_chip(k, t.x, 0, (padded, n)))),
        ("dst_scale", Arg::Ap(scales)),
    ];
    push(k, span, Opcode::QuantizeMx, quantize);
    let stored = on_chip(k, t.q, 0, (parts, n));
    dma_copy(k, span, Arg::Ap(chunks(hbm.q)), Arg::Ap(stored));
    // Block `g` of chunk `c` is the flat block `16 c + g`.
    let per_chunk = (CHUNK / BLOCK) as i64;
    store_scales(
        k,
        t.s,
        (hbm.s, first as i64 * per_chunk, per_chunk),
        (parts, n),
    );
}
