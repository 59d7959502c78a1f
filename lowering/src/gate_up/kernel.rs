//! The MxGateUp kernel (003 §4.2-4.4): both MX matmuls, their epilogue and the MX quantize of
//! its result in one program, the matmuls' results and the product never leaving the core.
//!
//! The columns go on the partitions and the tokens along the free axis, as nkilib's
//! `gate_up_projection_mx` lays out `out_psum[TILE_I, I_4, TILE_T]`: column `512 c + 4 p + x` of
//! chunk `c` is lane `x` of partition `p`, so the product is already in the x4 layout the
//! quantize reads along the columns. Lane `x` of each matmul is one `nc_matmul_mx` whose
//! stationary side is the weights' columns `4 p + x`, loaded so by their DMA; its PSUM tile
//! holds the four lanes one after another, and the step that writes the product writes it
//! interleaved, lane within token (the reordering eviction of lowering-anchors §3.5).
//!
//! ```text
//! memset           the padding of a short last chunk of the contraction (on GpSimd)
//! dma_copy         x, every chunk of the contraction, swizzled (the moving side, resident)
//! for each chunk of 512 columns:
//!   dma_copy       each matmul's weights for its columns, lane by lane; each bias
//!   for each tile of up to 128 tokens:
//!     nc_matmul_mx   per matmul, lane and chunk of the contraction, into PSUM
//!     the epilogue   tensor_tensor (a bias), tensor_scalar (clamps), activation (SiLU), ...
//!     quantize_mx    the product's elements and scales; dma_copy both out
//! ```

use super::plan::{GateUp, Step};
use crate::movement::{ap, dma_copy, psum, push, sbuf, tensor_tensor, with_site_hbm};
use crate::mx_layout::{on_chip, pad, store_scales, swizzled, CHUNK};
use crate::mx_matmul::{blocks, load, matmul_mx, operand, Cols, Resident, Side};
use crate::site::{site_span, Site};
use crate::tensor::dtype;
use egfuse_diag::Diag;
use egfuse_ir::Module;
use egfuse_nisa::mx::{self, BLOCK, BLOCK_PARTITIONS, BLOCK_WIDTH, QUADRANT};
use egfuse_nisa::spec::{Arg, Opcode};
use egfuse_nisa::{Ap, BufId, Kernel};

/// The tokens per tile: four lanes of them fill one PSUM bank of fp32.
const TOKENS: u64 = 128;
/// The most matmul instructions a kernel unrolls.
const MAX_MATMULS: u64 = 4096;
/// The most bytes of each partition the resident input, and the weights of one chunk of
/// columns, may hold.
const RESIDENT: u64 = 48 * 1024;

/// The matmul instructions the plan `g` unrolls, and the bytes of each partition its resident
/// input or the weights of one chunk of columns take, the larger.
fn size(g: &GateUp) -> (u64, u64) {
    let (tokens, width) = (g.x.size, g.weights[0].size);
    let chunks = (g.k.div_ceil(CHUNK), width.div_ceil(CHUNK));
    let count = chunks.0 * chunks.1 * tokens.div_ceil(TOKENS) * 2 * BLOCK_WIDTH;
    let per_column = chunks.0 * (BLOCK_WIDTH + 1);
    (count, per_column * tokens.max(2 * CHUNK))
}

/// Whether the kernel of the plan `g` is within the bounds [`kernel`] keeps, so that the
/// `gate-up` pass merges only what will lower.
pub(crate) fn fits(g: &GateUp) -> bool {
    let (count, resident) = size(g);
    count <= MAX_MATMULS && resident <= RESIDENT
}

/// The kernel `name` of `site` as the plan `g` lays it out.
pub(crate) fn kernel(m: &Module, site: &Site, g: &GateUp, name: String) -> Result<Kernel, Diag> {
    let span = site_span(m, site);
    let (tokens, width) = (g.x.size, g.weights[0].size);
    let chunks = (g.k.div_ceil(CHUNK), width.div_ceil(CHUNK));
    if !fits(g) {
        let msg = format!("an MxGateUp kernel of {} matmuls", size(g).0);
        let label = format!(
            "at most {MAX_MATMULS} matmuls, and {RESIDENT} bytes of each partition for the input or a chunk's weights"
        );
        return Err(Diag::new("lower::no-lowering", span, msg).with_label(label));
    }
    let mut k = with_site_hbm(m, site, name)?;
    let t = tiles(m, site, g, &mut k, chunks.0)?;
    prologue(&mut k, g, &t);
    for c in 0..chunks.1 {
        let parts = (width - c * CHUNK).min(CHUNK) / BLOCK_WIDTH;
        weights(&mut k, (g, &t), c, parts);
        for t0 in (0..tokens).step_by(TOKENS as usize) {
            let at = Tile {
                chunk: c,
                parts,
                first: t0,
                n: TOKENS.min(tokens - t0),
            };
            matmuls(&mut k, (g, &t), &at);
            epilogue(&mut k, (g, &t), &at);
            quantize(&mut k, (g, &t), &at, site.inputs.len());
        }
    }
    Ok(k)
}

/// The packed columns of each lane of a chunk of the weights in SBUF: the partitions of the
/// widest chunk of columns, the first. Lane `x` of chunk `kc` of the contraction starts at
/// column `(4 kc + x)` times this, so a chunk's four lanes are one run, padded at once.
fn lanes_of(g: &GateUp) -> u64 {
    g.weights[0].size.min(CHUNK) / BLOCK_WIDTH
}

/// The input, every chunk of the contraction, resident; the padding of a short last chunk, for
/// the input and, once for every chunk of columns (the first is the widest), the weights.
fn prologue(k: &mut Kernel, g: &GateUp, t: &Tiles) {
    let tokens = g.x.size;
    let every = Cols {
        first: 0,
        n: tokens,
        every: 1,
    };
    let lanes = BLOCK_WIDTH * lanes_of(g);
    for c in 0..g.k.div_ceil(CHUNK) {
        let (b, col) = (blocks(g.k, c), c * tokens);
        let parts = b * BLOCK_PARTITIONS;
        pad(k, (t.x.data, Some(t.x.scales)), col, (parts, tokens));
        load(k, (&g.x, &t.x), (c, b), &every, col);
        for w in &t.weights {
            pad(k, (w.data, Some(w.scales)), c * lanes, (parts, lanes));
        }
    }
}

/// The kernel's on-chip tiles.
struct Tiles {
    x: Resident,
    weights: [Resident; 2],
    biases: Vec<BufId>,
    /// Each slot's tile: the matmuls' PSUM accumulators, then SBUF for the steps kept.
    slots: Vec<Option<BufId>>,
    q: BufId,
    scales: BufId,
}

/// One tile of the work: chunk `chunk` of the columns, on `parts` partitions, and the tokens
/// `first..first + n`.
struct Tile {
    chunk: u64,
    parts: u64,
    first: u64,
    n: u64,
}

/// The kernel's tiles for the plan `g`, the contraction `kc` chunks: the input resident, each
/// matmul's weights for one chunk of columns, a bias's four lanes per partition, a PSUM bank
/// per matmul, a tile per step kept, and the quantize's elements and scales.
fn tiles(m: &Module, site: &Site, g: &GateUp, k: &mut Kernel, kc: u64) -> Result<Tiles, Diag> {
    let ty = |i: usize| dtype(m, site.inputs[i]);
    let resident = |k: &mut Kernel, s: &Side, cols: u64, role: &str| -> Result<_, Diag> {
        Ok(Resident::new(
            k,
            role,
            (ty(s.elements)?, ty(s.scales)?),
            cols,
        ))
    };
    let x = resident(k, &g.x, kc * g.x.size, "x")?;
    let weights = [
        resident(k, &g.weights[0], kc * BLOCK_WIDTH * lanes_of(g), "w0")?,
        resident(k, &g.weights[1], kc * BLOCK_WIDTH * lanes_of(g), "w1")?,
    ];
    let biases = (g.biases.iter().enumerate())
        .map(|(n, b)| {
            Ok(sbuf(
                k,
                &format!("bias{n}"),
                ty(b.input)?,
                vec![128, BLOCK_WIDTH],
            ))
        })
        .collect::<Result<_, Diag>>()?;
    let free = BLOCK_WIDTH * TOKENS.min(g.x.size);
    let acc = [
        psum(k, "gate", vec![128, free]),
        psum(k, "up", vec![128, free]),
    ];
    let mut slots = vec![Some(acc[0]), Some(acc[1])];
    for (n, s) in g.steps.iter().enumerate() {
        let role = format!("s{}", n + 2);
        slots.push(
            s.as_ref()
                .map(|_| sbuf(k, &role, g.types[n + 2], vec![128, free])),
        );
    }
    let q = sbuf(k, "q", g.quantize.element_type, vec![128, free]);
    let rows = mx::scale_partitions(128);
    let scales = sbuf(
        k,
        "scales",
        g.quantize.scale_type,
        vec![rows, free / BLOCK_WIDTH],
    );
    Ok(Tiles {
        x,
        weights,
        biases,
        slots,
        q,
        scales,
    })
}

/// Chunk `c` of each matmul's columns, on `parts` partitions: lane `x` of every chunk of the
/// contraction takes the columns `512 c + 4 p + x`; and each bias for those columns, lane
/// within partition.
fn weights(k: &mut Kernel, (g, t): (&GateUp, &Tiles), c: u64, parts: u64) {
    for (w, r) in g.weights.iter().zip(&t.weights) {
        for kc in 0..g.k.div_ceil(CHUNK) {
            for lane in 0..BLOCK_WIDTH {
                let cols = Cols {
                    first: c * CHUNK + lane,
                    n: parts,
                    every: BLOCK_WIDTH,
                };
                let col = (kc * BLOCK_WIDTH + lane) * lanes_of(g);
                load(k, (w, r), (kc, blocks(g.k, kc)), &cols, col);
            }
        }
    }
    let span = k.span;
    for (b, &tile) in g.biases.iter().zip(&t.biases) {
        let s = b.stride;
        let from = b.offset + (c * CHUNK) as i64 * s;
        let src = ap(
            BufId(b.input as u32),
            from,
            vec![(4 * s, parts), (s, BLOCK_WIDTH)],
        );
        let w = k.buffer(tile).shape[1] as i64;
        let dst = ap(tile, 0, vec![(w, parts), (1, BLOCK_WIDTH)]);
        dma_copy(k, span, Arg::Ap(dst), Arg::Ap(src));
    }
}

/// Each matmul's lanes of the tile into its PSUM tile, lane after lane, accumulating over the
/// contraction.
fn matmuls(k: &mut Kernel, (g, t): (&GateUp, &Tiles), at: &Tile) {
    let accumulators = t.slots[..2].iter().flatten();
    for (r, &acc) in t.weights.iter().zip(accumulators) {
        for lane in 0..BLOCK_WIDTH {
            for kc in 0..g.k.div_ceil(CHUNK) {
                let b = blocks(g.k, kc);
                let col = (kc * BLOCK_WIDTH + lane) * lanes_of(g);
                let st = operand(k, r, col, (b, at.parts));
                let mv = operand(k, &t.x, kc * g.x.size + at.first, (b, at.n));
                let aw = k.buffer(acc).shape[1] as i64;
                let dst = ap(acc, (lane * at.n) as i64, vec![(aw, at.parts), (1, at.n)]);
                matmul_mx(k, dst, (st, mv), kc > 0);
            }
        }
    }
}

/// The epilogue's steps on the tile, lane after lane along the free axis; the step that writes
/// the quantized slot writes it lane within token, after zeros on the partitions a short chunk
/// leaves to its last quadrant.
fn epilogue(k: &mut Kernel, (g, t): (&GateUp, &Tiles), at: &Tile) {
    if let Some(h) = t.slots[g.last] {
        pad(k, (h, None), 0, (at.parts, at.n));
    }
    for (n, step) in g.steps.iter().enumerate() {
        let (Some(step), Some(out)) = (step, t.slots[n + 2]) else {
            continue;
        };
        let dst = match n + 2 == g.last {
            true => interleaved(k, out, at),
            false => lanes(k, out, at),
        };
        instruction(k, (t, at), step, Arg::Ap(dst));
    }
}

/// The one instruction of `step`, writing `dst`.
fn instruction(k: &mut Kernel, (t, at): (&Tiles, &Tile), step: &Step, dst: Arg) {
    let span = k.span;
    let slot = |k: &Kernel, s: usize| Arg::Ap(lanes(k, t.slots[s].expect("a slot kept"), at));
    match step {
        Step::Scalar { src, ops } => {
            let mut args = vec![("dst", dst), ("data", slot(k, *src))];
            let keys = [
                ["op0", "operand0", "reverse0"],
                ["op1", "operand1", "reverse1"],
            ];
            for (&(op, imm, reverse), [o, x, r]) in ops.iter().zip(keys) {
                args.extend([
                    (o, Arg::Alu(op)),
                    (x, Arg::Float(imm)),
                    (r, Arg::Flag(reverse)),
                ]);
            }
            push(k, span, Opcode::TensorScalar, args);
        }
        Step::Bias {
            src,
            bias,
            op,
            reverse,
        } => {
            let w = k.buffer(t.biases[*bias]).shape[1] as i64;
            let dims = vec![(w, at.parts), (1, BLOCK_WIDTH), (0, at.n)];
            let (x, b) = (slot(k, *src), Arg::Ap(ap(t.biases[*bias], 0, dims)));
            let pair = if *reverse { (b, x) } else { (x, b) };
            tensor_tensor(k, span, dst, pair, *op);
        }
        Step::Tensor { a, b, op } => {
            let pair = (slot(k, *a), slot(k, *b));
            tensor_tensor(k, span, dst, pair, *op);
        }
        Step::Act { src, func } => {
            let args = vec![
                ("dst", dst),
                ("op", Arg::Func(*func)),
                ("data", slot(k, *src)),
            ];
            push(k, span, Opcode::Activation, args);
        }
        Step::Copy { src } => {
            let args = vec![("dst", dst), ("src", slot(k, *src))];
            push(k, span, Opcode::TensorCopy, args);
        }
    }
}

/// The tile's view of `buf`, lane after lane: `[parts, lane, token]`.
fn lanes(k: &Kernel, buf: BufId, at: &Tile) -> Ap {
    let w = k.buffer(buf).shape[1] as i64;
    ap(
        buf,
        0,
        vec![(w, at.parts), (at.n as i64, BLOCK_WIDTH), (1, at.n)],
    )
}

/// The tile's view of `buf` in the same order as [`lanes`], written lane within token: the x4
/// layout the quantize reads.
fn interleaved(k: &Kernel, buf: BufId, at: &Tile) -> Ap {
    let w = k.buffer(buf).shape[1] as i64;
    let dims = vec![(w, at.parts), (1, BLOCK_WIDTH), (BLOCK_WIDTH as i64, at.n)];
    ap(buf, 0, dims)
}

/// The product quantized, its elements stored back in the columns' order and its scales a DMA
/// per quadrant (block `16 c + g` of each token's row is scale row `g` of the chunk).
fn quantize(k: &mut Kernel, (g, t): (&GateUp, &Tiles), at: &Tile, outputs_from: usize) {
    let span = k.span;
    let h = t.slots[g.last].expect("the quantized slot");
    let padded = at.parts.next_multiple_of(QUADRANT);
    let sw = k.buffer(t.scales).shape[1] as i64;
    let scales = ap(
        t.scales,
        0,
        vec![(sw, mx::scale_partitions(padded)), (1, at.n)],
    );
    let args = vec![
        ("dst", Arg::Ap(on_chip(k, t.q, 0, (padded, at.n)))),
        ("src", Arg::Ap(on_chip(k, h, 0, (padded, at.n)))),
        ("dst_scale", Arg::Ap(scales)),
    ];
    push(k, span, Opcode::QuantizeMx, args);
    let width = g.weights[0].size;
    let out = |n: usize| BufId((outputs_from + n) as u32);
    let first = (at.first * width + at.chunk * CHUNK) as i64;
    let dst = swizzled(
        out(g.quantize.elements),
        first,
        (1, width as i64),
        (at.parts, at.n),
    );
    let src = on_chip(k, t.q, 0, (at.parts, at.n));
    dma_copy(k, span, Arg::Ap(dst), Arg::Ap(src));
    let row = (width / BLOCK) as i64;
    let first = at.first as i64 * row + (at.chunk * CHUNK / BLOCK) as i64;
    let to = (out(g.quantize.scales), first, row);
    store_scales(k, t.scales, to, (at.parts, at.n));
}
