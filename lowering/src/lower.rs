//! The lowering pipeline. Every top-level op of every function is one kernel: a fused op with
//! its body, or an op left unfused on its own (constants, calls and returns aside). Each kernel
//! goes through the named passes, verified after each:
//!
//! ```text
//! expand (edge views peeled, select rules, then the layout of its space) ─► tile ─► place ─► route
//! ```
//!
//! A kernel that cannot be lowered is a diagnostic at its op; the others still lower, so one
//! run reports every op the rules do not cover.

use crate::edge::{self, Edges, Write};
use crate::fold::{fold, FoldLimits, Folded};
use crate::int64::{self, Int64};
use crate::layout::{space, Space};
use crate::place::{place, Usage};
use crate::route::route;
use crate::rules::{Layout, Rules};
use crate::schedule::{Override, Setting, Tiles};
use crate::select::{select, LArg, Scope, Selected};
use crate::split::{Split, SplitLimits};
use crate::tile::{build, chunkable, loc_text, Physical, Source};
use egfuse_cost::Target;
use egfuse_diag::Diag;
use egfuse_ir::blocks;
use egfuse_ir::fused::{functions, fused};
use egfuse_ir::{BlockId, Module, OpId, RegionId, ValueId};
use egfuse_nisa::spec::{Alu, Opcode};
use egfuse_nisa::{verify, Budget, Kernel};
use rustc_hash::FxHashMap;

/// The passes, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Pass {
    Tile,
    Place,
    Route,
}

/// Every pass with its name on the command line.
pub const PASSES: &[(Pass, &str)] = &[
    (Pass::Tile, "tile"),
    (Pass::Place, "place"),
    (Pass::Route, "route"),
];

/// What a lowering run needs.
#[derive(Clone, Copy, Debug)]
pub struct Config<'a> {
    pub rules: &'a Rules,
    /// The core: its SBUF and PSUM budget, and its instruction costs, which choose between
    /// sequences that compute the same values.
    pub target: &'a Target,
    /// Stop after this pass (the last, when `None`).
    pub after: Option<Pass>,
    /// Tile sizes asked for by kernel name or kind (`--schedule`), before the rules' own.
    pub schedule: &'a [Override],
    /// What becomes of 64-bit integers (`--int64`).
    pub int64: Int64,
}

/// One lowered kernel and where it came from.
#[derive(Clone, Debug)]
pub struct Lowered {
    pub kernel: Kernel,
    pub usage: Usage,
    /// The tiles it was lowered with: its schedule record.
    pub tiles: Tiles,
    /// The op it lowers (a fusion or an op on its own).
    pub op: OpId,
    /// The ops its instructions compute, in program order.
    pub ops: Vec<OpId>,
    pub inputs: Vec<ValueId>,
    /// The value outside the kernel each input stands for (a fusion's operands).
    pub sources: Vec<ValueId>,
    pub outputs: Vec<ValueId>,
}

/// Every kernel of a module: those that lowered, and a diagnostic for each that did not.
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    pub kernels: Vec<Lowered>,
    /// Every kernel's name and kind, lowered or not, in order.
    pub named: Vec<(String, String)>,
    /// How many kernels could not be lowered, and every diagnostic saying why.
    pub failed: usize,
    pub errors: Vec<Diag>,
    /// The values known at compile time and the ops folded away (`crate::fold`).
    pub folded: Folded,
}

/// A kernel's source: its op, kind, ops, inputs and outputs.
#[derive(Clone)]
struct Site {
    op: OpId,
    kind: String,
    ops: Vec<OpId>,
    inputs: Vec<ValueId>,
    /// The value outside the kernel each input stands for.
    sources: Vec<ValueId>,
    outputs: Vec<ValueId>,
}

/// Lowers every kernel of `m`.
pub fn lower(m: &Module, cfg: &Config) -> Outcome {
    let blocks = bodies(m);
    let mut out = Outcome {
        folded: fold(m, &blocks, &FoldLimits::default()),
        ..Outcome::default()
    };
    let funcs = functions(m);
    let sites = sites(m, &blocks, &funcs);
    let bodies = (sites.iter()).filter_map(|s| Some((s.op, body(m, s.op, &funcs)?.1)));
    let split = Split::of(m, bodies, SplitLimits::default());
    let kernels = sites.into_iter().filter(|s| !out.folded.op(s.op));
    for (n, site) in kernels.enumerate() {
        let name = format!("k{n}");
        out.named.push((name.clone(), site.kind.clone()));
        // A split body lowers from the split module; the check still runs the ops as written.
        let lowered = match split.module(site.op) {
            None => kernel(m, &site, name, cfg),
            Some(Ok(w)) => kernel(w, &self::site(w, site.op, &funcs), name, cfg),
            Some(Err(d)) => Err(vec![d.clone()]),
        };
        match lowered {
            Ok((kernel, usage, tiles)) => out.kernels.push(Lowered {
                kernel,
                usage,
                tiles,
                op: site.op,
                ops: site.ops,
                inputs: site.inputs,
                sources: site.sources,
                outputs: site.outputs,
            }),
            Err(d) => {
                out.failed += 1;
                out.errors.extend(d);
            }
        }
    }
    out
}

/// The blocks of every function body, composite decompositions aside, with the blocks of the
/// control flow in them at any depth ([`blocks::bodies`]): a `while`'s ops are kernels like a
/// function body's, and the control-flow op itself is reported (a loop is the sequencer's, not
/// a kernel).
fn bodies(m: &Module) -> Vec<BlockId> {
    (blocks::bodies(m).into_iter())
        .filter(|b| !is_decomposition(m, b.func))
        .map(|b| b.block)
        .collect()
}

/// The kernels of `blocks` in program order.
fn sites(m: &Module, blocks: &[BlockId], funcs: &FxHashMap<String, RegionId>) -> Vec<Site> {
    let ops = blocks.iter().flat_map(|&b| m.block(b).ops.iter().copied());
    ops.filter(|&op| is_kernel(m, op, funcs))
        .map(|op| site(m, op, funcs))
        .collect()
}

/// Whether `op` is a kernel: not a constant, a return, or a call. A composite that is not a
/// fused kind is a call to its decomposition, whose body lowers as a function's does.
fn is_kernel(m: &Module, op: OpId, funcs: &FxHashMap<String, RegionId>) -> bool {
    match &*m.op(op).name {
        "func.return" | "stablehlo.constant" | "func.call" | "stablehlo.return" => false,
        "stablehlo.composite" => fused(m, op, funcs).is_some(),
        _ => true,
    }
}

/// The kernel of `op`: a fused op's body, or the op on its own.
fn site(m: &Module, op: OpId, funcs: &FxHashMap<String, RegionId>) -> Site {
    let o = m.op(op);
    let Some((kind, b)) = body(m, op, funcs) else {
        return Site {
            op,
            kind: o.name.to_string(),
            ops: vec![op],
            inputs: o.operands.clone(),
            sources: o.operands.clone(),
            outputs: o.results.clone(),
        };
    };
    let ops = &m.block(b).ops;
    let (term, inner) = ops.split_last().expect("a body ends with its terminator");
    Site {
        op,
        kind,
        ops: inner.to_vec(),
        inputs: m.block(b).args.clone(),
        sources: o.operands.clone(),
        outputs: m.op(*term).operands.clone(),
    }
}

/// The kind and the body's block of `op`, when it is a fused op that has a body.
fn body(m: &Module, op: OpId, funcs: &FxHashMap<String, RegionId>) -> Option<(String, BlockId)> {
    let (kind, body) = fused(m, op, funcs)?;
    Some((kind, *m.region(body?).blocks.first()?))
}

/// Where a kernel's diagnostics point: its op, or for a fusion made in this run (which has no
/// source text) the first op of its body that has.
fn site_span(m: &Module, site: &Site) -> egfuse_diag::Span {
    std::iter::once(site.op)
        .chain(site.ops.iter().copied())
        .map(|o| m.op(o).span)
        .find(|s| *s != egfuse_diag::Span::NONE)
        .unwrap_or(egfuse_diag::Span::NONE)
}

/// A `@genComposite<N>` decomposition: its ops are a composite's body, lowered with it.
fn is_decomposition(m: &Module, f: OpId) -> bool {
    m.op(f)
        .attr("sym_name")
        .and_then(|a| a.as_str())
        .is_some_and(|n| n.starts_with("genComposite"))
}

fn kernel(
    m: &Module,
    site: &Site,
    name: String,
    cfg: &Config,
) -> Result<(Kernel, Usage, Tiles), Vec<Diag>> {
    if site.outputs.is_empty() {
        let o = m.op(site.op);
        let msg = format!("`{}` has no lowering", o.name);
        return Err(vec![Diag::new("lower::no-lowering", o.span, msg)
            .with_label("an op without results: nothing a kernel computes")]);
    }
    int64_policy(m, site, cfg.int64)?;
    let alone = site.ops == [site.op];
    if alone && by_code(m, site.op) {
        return coded(m, site, name, cfg);
    }
    // An Attention kernel's ops but its `P V` matmul lay out as a DotSoftmax's; the tile pass
    // builds the matmul of their result with them (`crate::tile::attention`).
    let pv = crate::tile::pv(m, &site.ops, &site.inputs, &site.outputs);
    let front = pv.as_ref().map(|pv| Site {
        ops: pv.front.clone(),
        outputs: vec![pv.p],
        ..site.clone()
    });
    let laid = front.as_ref().unwrap_or(site);
    let edges = match alone {
        true => Edges::default(),
        false => edge::peel(m, &laid.ops, &laid.inputs, &laid.outputs).map_err(|d| vec![d])?,
    };
    let (loc, span) = (
        m.op(site.op).loc.as_ref().map(|l| loc_text(m, l)),
        site_span(m, site),
    );
    let views = crate::movement::views::Views {
        inputs: &site.inputs,
        outputs: &site.outputs,
        edges: &edges,
        kind: site.kind.clone(),
        loc: loc.clone(),
        span,
    };
    if crate::movement::views::only_moves(m, &views) {
        let k = crate::movement::views::kernel(m, &views, name).map_err(|d| vec![d])?;
        let (k, usage) = placed(k, cfg)?;
        return Ok((k, usage, Tiles::Dma));
    }
    let x = expand(m, laid, edges, cfg)?;
    let mut src = Source {
        m,
        scope: &x.scope,
        name,
        kind: site.kind.clone(),
        loc,
        span,
        inputs: &site.inputs,
        reads: &x.edges.reads,
        results: &site.outputs,
        outputs: &x.outputs,
        writes: &x.writes,
        insts: &x.insts,
        space: &x.space,
        physical: Physical::Rows { cols: 1 },
        pv: pv.as_ref(),
    };
    let asked = asked(cfg, &src.name, &site.kind);
    let tile = match asked.map(|o| o.set) {
        Some(Setting::Tile(n)) => Some(n),
        _ => cfg.rules.layout(&site.kind).and_then(|l| l.tile),
    };
    src.physical = physical(&site.kind, &x.space, &x.insts, cfg.rules, tile);
    if let Some(o) = asked {
        src.physical = scheduled(&src, o)?;
    }
    fitted(src, cfg, tile.is_some() || asked.is_some())
}

/// A kernel expanded: its edges peeled, its instructions selected, its space laid out.
struct Expanded {
    edges: Edges,
    scope: Scope,
    /// The values the kernel computes for its results (below the chains of views that write
    /// them), and where each goes.
    outputs: Vec<ValueId>,
    writes: Vec<Write>,
    insts: Vec<Selected>,
    space: Space,
}

/// The expand pass over `site`, whose edges are `edges`.
fn expand(m: &Module, site: &Site, edges: Edges, cfg: &Config) -> Result<Expanded, Vec<Diag>> {
    let kept = || (site.ops.iter().copied()).filter(|o| !edges.peeled.contains(o));
    let scope = Scope {
        inside: kept().collect(),
        outer: (site.inputs.iter().copied())
            .zip(site.sources.iter().copied())
            .collect(),
    };
    let writes: Vec<Write> = match edges.is_empty() {
        true => (site.outputs.iter().enumerate())
            .map(|(j, &o)| Write::whole(o, j))
            .collect(),
        false => edges.writes.clone(),
    };
    let outputs: Vec<ValueId> = writes.iter().map(|w| w.value).collect();
    let insts = select(m, &scope, &site.ops, &outputs, cfg.rules)?;
    let matmul_operands = matmul_operands(m, &scope, &insts)?;
    if !matmul_operands.is_empty() && !matmul_edges(m, &edges, &insts) {
        let msg = "a matmul kernel with views at its edge that its matmul does not read";
        return Err(vec![Diag::new(
            "lower::no-lowering",
            site_span(m, site),
            msg,
        )
        .with_label(
            "a matmul reads its operands through views at the edge, in order otherwise",
        )]);
    }
    // An input that only peeled views read is loaded through them (`edges.reads`), unless a
    // chain of views writes it as it is.
    let read = |a: &ValueId| {
        let kept = |o: &OpId| site.ops.contains(o) && !edges.peeled.contains(o);
        (m.value(*a).uses.iter()).any(|u| kept(&u.op)) || outputs.contains(a)
    };
    let mut values: Vec<ValueId> = site.inputs.iter().copied().filter(read).collect();
    values.extend(edges.reads.iter().map(|r| r.value));
    values.extend(kept().flat_map(|o| m.op(o).results.iter().copied()));
    // A matmul's operands are tiled by its own plan, not placed in the space of its result.
    values.retain(|v| !matmul_operands.contains(v));
    let space = space(m, &scope, (&values, &edges), &insts).map_err(|d| vec![d])?;
    Ok(Expanded {
        edges,
        scope,
        outputs,
        writes,
        insts,
        space,
    })
}

/// The layout of `src` with the size override `o` sets, or why `o` sets none for it.
fn scheduled(src: &Source, o: &Override) -> Result<Physical, Vec<Diag>> {
    let matmul = src.insts.iter().any(|s| s.op == Opcode::NcMatmul);
    let why = match (o.set, src.physical) {
        _ if matmul => "a matmul's tiles are the PE's maxima (M 128, N 512, K 128)",
        (Setting::Tile(_), Physical::Columns { .. }) => return Ok(src.physical),
        (Setting::Tile(_), Physical::Rows { .. }) => {
            "its layout is `rows` (128 rows a tile; a chunk of columns is `chunk=N`)"
        }
        (Setting::Chunk(_), Physical::Columns { .. }) => {
            "its layout is `columns` (the columns on the partitions; its rows are `tile=N`)"
        }
        (Setting::Chunk(_), Physical::Rows { .. }) if !chunkable(src) => {
            "it cannot be chunked (a value along the columns alone, a row value that reads the columns, more than 4 passes, or strided rows)"
        }
        (Setting::Chunk(n), Physical::Rows { cols }) => {
            return Ok(Physical::Rows { cols: n.min(cols) })
        }
    };
    Err(vec![unscheduled(o, src.span, why)])
}

/// The kernel's 64-bit integers under `policy` (`crate::int64`).
fn int64_policy(m: &Module, site: &Site, policy: Int64) -> Result<(), Vec<Diag>> {
    let ops = site.ops.iter();
    let values: Vec<ValueId> = ops.flat_map(|&o| m.op(o).results.iter().copied()).collect();
    let wide = int64::check(m, policy, site_span(m, site), &site.sources, &values);
    if wide.is_empty() {
        Ok(())
    } else {
        Err(wide)
    }
}

/// Whether `op` on its own expands by code, not by the select rules: ops that only move
/// elements, `batch_norm_training` and the `AwsNeuronRmsNorm` custom call.
fn by_code(m: &Module, op: OpId) -> bool {
    let name = &*m.op(op).name;
    crate::movement::OPS.contains(&name)
        || name == "stablehlo.batch_norm_training"
        || crate::rms_norm_call::is_call(m, op)
}

/// The kernel of an op that expands by code, placed and routed: DMAs for an op that only moves
/// elements, NKI's statistics instructions for a batch norm.
fn coded(
    m: &Module,
    site: &Site,
    name: String,
    cfg: &Config,
) -> Result<(Kernel, Usage, Tiles), Vec<Diag>> {
    let bn = &*m.op(site.op).name == "stablehlo.batch_norm_training";
    let rms = crate::rms_norm_call::is_call(m, site.op);
    let why = match (bn, rms) {
        (true, _) => "one tile of 128 features at a time",
        (_, true) => "one tile of 128 rows at a time",
        _ => "DMAs only",
    };
    if let Some(o) = asked(cfg, &name, &site.kind) {
        return Err(vec![unscheduled(o, site_span(m, site), why)]);
    }
    let k = match (bn, rms) {
        (true, _) => crate::batch_norm::kernel(m, site.op, name),
        (_, true) => crate::rms_norm_call::kernel(m, site.op, name),
        _ => crate::movement::kernel(m, site.op, name),
    };
    let (k, usage) = placed(k.map_err(|d| vec![d])?, cfg)?;
    Ok((k, usage, if bn || rms { Tiles::Rows } else { Tiles::Dma }))
}

/// The fewest columns a chunk of a `rows` kernel holds.
const MIN_CHUNK: u64 = 256;

/// The last `--schedule` override naming the kernel `name` of kind `kind`.
fn asked<'c>(cfg: &Config<'c>, name: &str, kind: &str) -> Option<&'c Override> {
    cfg.schedule.iter().rev().find(|o| o.names(name, kind))
}

/// `src` tiled, placed and routed. A tile the schedule or the rules state must fit; without
/// one, the largest tile that fits wins, halving from 512 rows.
fn fitted(
    mut src: Source,
    cfg: &Config,
    stated: bool,
) -> Result<(Kernel, Usage, Tiles), Vec<Diag>> {
    let matmul = src.insts.iter().any(|s| s.op == Opcode::NcMatmul);
    loop {
        let tiles = match src.physical {
            _ if matmul => Tiles::Matmul,
            Physical::Rows { cols } if cols < src.space.cols => Tiles::Chunks { cols },
            Physical::Rows { .. } => Tiles::Rows,
            Physical::Columns { tile, .. } => Tiles::Columns { tile },
        };
        let next = match src.physical {
            // Rows too wide for SBUF are built in column chunks, halving from the whole row.
            Physical::Rows { cols } if !matmul && cols >= MIN_CHUNK * 2 && chunkable(&src) => {
                Some(Physical::Rows {
                    cols: cols.div_ceil(2),
                })
            }
            p => smaller(p),
        };
        match (tiled(&src, cfg), next) {
            (Err(d), Some(next))
                if !stated
                    && d.iter()
                        .any(|d| matches!(d.code, "lower::budget" | "nisa::budget")) =>
            {
                src.physical = next
            }
            (out, _) => return out.map(|(k, u)| (k, u, tiles)),
        }
    }
}

/// The values a kernel's one matmul reads, with the reshapes between them and its operands;
/// a second matmul in one kernel is a diagnostic.
fn matmul_operands(
    m: &Module,
    scope: &Scope,
    insts: &[Selected],
) -> Result<Vec<ValueId>, Vec<Diag>> {
    let dots: Vec<&Selected> = insts.iter().filter(|s| s.op == Opcode::NcMatmul).collect();
    if let [_, second, ..] = dots.as_slice() {
        let msg = "a kernel with two matmuls".to_string();
        return Err(vec![Diag::new(
            "lower::no-lowering",
            m.op(second.root).span,
            msg,
        )
        .with_label("the second matmul of this kernel")
        .with_help(
            "the flash form of attention (both dots in one kernel) is not lowered yet",
        )]);
    }
    let mut out = Vec::new();
    for s in dots {
        for a in s.args.iter().flatten() {
            if let LArg::Value(mut v) = a.clone() {
                out.push(v);
                while scope.unreshaped(m, v) != v {
                    v = m.op(m.defining_op(v).expect("a reshape")).operands[0];
                    out.push(v);
                }
            }
        }
    }
    Ok(out)
}

/// Whether a matmul kernel's edges are ones it lowers: views that give the matmul's operands
/// (read by its own access pattern), and results written whole.
fn matmul_edges(m: &Module, edges: &Edges, insts: &[Selected]) -> bool {
    let dots = (insts.iter()).filter(|s| s.op == Opcode::NcMatmul);
    let operands: Vec<ValueId> = dots.flat_map(|s| m.op(s.root).operands.clone()).collect();
    let written_whole = (edges.writes.iter()).all(|w| w.dims.is_none() && w.offset == 0);
    written_whole && edges.reads.iter().all(|r| operands.contains(&r.value))
}

/// A `--schedule` that names a kernel with no such size to set.
fn unscheduled(o: &Override, span: egfuse_diag::Span, why: &str) -> Diag {
    let msg = format!(
        "--schedule {}:{}: this kernel has no such size to set",
        o.kernels, o.set
    );
    Diag::new("lower::schedule", span, msg).with_label(why.to_string())
}

/// The same layout with half as many rows per tile, if there is a smaller one.
fn smaller(p: Physical) -> Option<Physical> {
    match p {
        Physical::Columns { c1, tile } if tile > 1 => {
            Some(Physical::Columns { c1, tile: tile / 2 })
        }
        _ => None,
    }
}

/// Tile, place and route `src` with its layout, verifying after each pass.
fn tiled(src: &Source, cfg: &Config) -> Result<(Kernel, Usage), Vec<Diag>> {
    placed(build(src, cfg.target).map_err(|d| vec![d])?, cfg)
}

/// Place and route the tiled kernel `k`, verifying it first and after each pass.
fn placed(mut k: Kernel, cfg: &Config) -> Result<(Kernel, Usage), Vec<Diag>> {
    let budget = Budget::of(cfg.target);
    checked(&k, &budget, "tile")?;
    if cfg.after == Some(Pass::Tile) {
        return Ok((k, Usage::default()));
    }
    let usage = place(&mut k, &budget).map_err(|d| vec![d])?;
    checked(&k, &budget, "place")?;
    if cfg.after == Some(Pass::Place) {
        return Ok((k, usage));
    }
    route(&mut k, &cfg.rules.routes).map_err(|d| vec![d])?;
    checked(&k, &budget, "route")?;
    Ok((k, usage))
}

/// The kernel verifies after `pass`, or the verifier's findings, each saying which pass.
fn checked(k: &Kernel, budget: &Budget, pass: &str) -> Result<(), Vec<Diag>> {
    let diags = verify::kernel(k, budget);
    if diags.is_empty() {
        return Ok(());
    }
    Err(diags
        .into_iter()
        .map(|mut d| {
            d.message = format!(
                "after `{pass}`, kernel @{} ({}): {}",
                k.name, k.kind, d.message
            );
            d
        })
        .collect())
}

/// The kind's layout where its space allows it, else rows; `stated` rows a tile of `columns`.
fn physical(
    kind: &str,
    space: &Space,
    insts: &[Selected],
    rules: &Rules,
    stated: Option<u64>,
) -> Physical {
    let sums_only = insts
        .iter()
        .filter(|s| s.op == Opcode::TensorReduce)
        .all(|s| s.args.get(1) == Some(&Some(LArg::Alu(Alu::Add))));
    match rules.layout(kind) {
        Some(l)
            if l.layout == Layout::Columns
                && space.strided.is_none()
                && !space.has_edges()
                && space.cols.is_multiple_of(128)
                && space.cols > 0
                && sums_only =>
        {
            Physical::Columns {
                c1: space.cols / 128,
                tile: stated.unwrap_or(512),
            }
        }
        _ => Physical::Rows {
            cols: space.cols.max(1),
        },
    }
}
