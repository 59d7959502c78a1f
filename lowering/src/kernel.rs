//! The kernel passes over one kernel: `expand` peels the views at its edge, `select` picks
//! each op's instructions by the select rules and lays out the kernel's space, then `tile`
//! builds the nisa program, `place` gives its buffers SBUF and PSUM offsets and `route` its
//! instructions engines, the kernel verified after each of these three. Ops that only move
//! elements, `batch_norm_training` and the `AwsNeuronRmsNorm` call are built by code instead
//! of by `expand` and `select`; a kernel of views only is DMAs. `forms` builds a second form
//! of some kernels beside this one, to keep the cheaper.
//!
//! A tile the schedule or the rules do not state is the largest that fits: a kernel over the
//! SBUF or PSUM budget ([`Stop::OverBudget`]) is tiled again, smaller, until it fits or no
//! smaller tile is left.

use crate::dump;
use crate::edge::{self, Edges, Reads, Write};
use crate::float64;
use crate::int64::{self, Int64};
use crate::layout::{space, Space};
use crate::lowered::Rival;
use crate::mx_rule::Quantize;
use crate::pass::{Config, Pass};
use crate::place::{place, Usage};
use crate::route::route;
use crate::schedule::{Override, Setting, Tiles};
use crate::select::{select, LArg, Scope, Selected};
use crate::site::{site_span, Site};
use crate::tensor::loc_text;
use crate::tile::{build, chunkable, Physical, Source};
use crate::trace::Trace;
use egfuse_diag::{Diag, Span};
use egfuse_ir::{Module, OpId, ValueId};
use egfuse_nisa::spec::Opcode;
use egfuse_nisa::{verify, Budget, Kernel};

/// A kernel lowered: its program, SBUF and PSUM use, tiles, and what its inputs are bound to.
pub(crate) struct Built {
    pub kernel: Kernel,
    pub usage: Usage,
    pub tiles: Tiles,
    /// For each input the kernel declares, in order, its position among the kernel's inputs
    /// (those no instruction reads are dropped).
    pub bound: Vec<usize>,
    /// The form built beside this one and passed over.
    pub rival: Option<Rival>,
    /// The `quantize_mx` form, which follows NKI's scale rule rather than the module's.
    pub nki_scale: Option<crate::mx_rule::Quantize>,
}

impl Built {
    /// The same, tiled as `tiles` says.
    pub(crate) fn with(self, tiles: Tiles) -> Built {
        Built { tiles, ..self }
    }
}

/// Why a kernel pass stopped a kernel.
pub(crate) enum Stop {
    /// The kernel needs more SBUF or PSUM than the target has: a smaller tile may fit.
    OverBudget(Vec<Diag>),
    /// Anything else: final.
    Refused(Vec<Diag>),
}

impl Stop {
    pub(crate) fn diags(self) -> Vec<Diag> {
        match self {
            Stop::OverBudget(d) | Stop::Refused(d) => d,
        }
    }
}

/// The kernel `site` of `m` in its one form (`forms` builds the others beside it).
pub(crate) fn lower_site(
    m: &Module,
    site: &Site,
    name: String,
    cfg: &Config,
    trace: &mut Trace,
) -> Result<Built, Vec<Diag>> {
    lower_quantizing(m, site, None, name, cfg, trace)
}

/// The kernel `site` of `m`; with `quantizing`, as the kernel of its ops that compute the one
/// value its MX quantize reads (an MxRmsNorm kernel, the `norm-mx` pass's), which the tile
/// quantizes (`crate::tile::quantize`) in place of storing it.
pub(crate) fn lower_quantizing(
    m: &Module,
    site: &Site,
    quantizing: Option<(&Site, &Quantize)>,
    name: String,
    cfg: &Config,
    trace: &mut Trace,
) -> Result<Built, Vec<Diag>> {
    if site.outputs.is_empty() {
        return Err(vec![no_results(m, site.op)]);
    }
    wide_policies(m, site, (cfg.int64, cfg.float64))?;
    let alone = site.ops == [site.op];
    if alone && by_code(m, site.op) {
        return coded(m, site, name, cfg, trace);
    }
    let nki = cfg.mx_scale == crate::mx_rule::ScaleRule::Nki;
    if let Some(qz) = nki.then(|| crate::mx_quantize::of(m, site)).flatten() {
        let k = trace.time(Pass::Tile, || {
            crate::mx_quantize::kernel(m, site, &qz, name)
        });
        let placed = placed(k.map_err(|d| vec![d])?, cfg, trace).map_err(Stop::diags)?;
        let tiles = Tiles::Rows {
            tile: crate::tile::P,
        };
        return Ok(Built {
            nki_scale: Some(qz),
            ..placed.with(tiles)
        });
    }
    // An Attention kernel's ops but its `P V` matmul lay out as a DotSoftmax's; the tile pass
    // builds the matmul of their result with them (`crate::tile::attention`).
    let pv = crate::tile::pv(m, &site.ops, &site.inputs, &site.outputs);
    let front = pv.as_ref().map(|pv| Site {
        ops: pv.front.clone(),
        outputs: vec![pv.p],
        ..site.clone()
    });
    let front = front.or_else(|| quantizing.map(|(f, _)| f.clone()));
    let laid = front.as_ref().unwrap_or(site);
    let edges = expand(m, laid, (alone, Reads::Moving), &name, trace)?;
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
        let k = trace.time(Pass::Tile, || {
            crate::movement::views::kernel(m, &views, name)
        });
        let placed = placed(k.map_err(|d| vec![d])?, cfg, trace).map_err(Stop::diags)?;
        return Ok(placed.with(Tiles::Dma));
    }
    let x = match trace.time(Pass::Select, || selected(m, laid, edges, cfg)) {
        // A space with no place for what a broadcast of an input reads: those broadcasts are
        // loaded instead, whole, by zero strides.
        Err(d) if !alone && d.iter().any(|d| d.code == "lower::layout") => {
            let edges = expand(m, laid, (alone, Reads::Broadcasts), &name, trace)?;
            trace
                .time(Pass::Select, || selected(m, laid, edges, cfg))
                .map_err(|_| d)?
        }
        x => x?,
    };
    if trace.prints(Pass::Select) {
        let names = trace.names(m);
        trace.print(Pass::Select, || {
            dump::selected(&names, &name, &site.kind, &x.space, &x.insts)
        });
    }
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
        quantize: quantizing.map(|(_, q)| q),
    };
    let stated = sized(&mut src, cfg)?;
    fitted(src, cfg, stated, trace)
}

/// An op without results: nothing a kernel computes.
fn no_results(m: &Module, op: OpId) -> Diag {
    let o = m.op(op);
    let msg = format!("`{}` has no lowering", o.name);
    Diag::new("lower::no-lowering", o.span, msg)
        .with_label("an op without results: nothing a kernel computes")
}

/// The expand pass: the views at the edge of the kernel `site` peeled off (none for an op
/// `alone`).
fn expand(
    m: &Module,
    site: &Site,
    (alone, reads): (bool, Reads),
    name: &str,
    trace: &mut Trace,
) -> Result<Edges, Vec<Diag>> {
    let io = (&site.inputs[..], &site.outputs[..]);
    let edges = trace.time(Pass::Expand, || match alone {
        true => Ok(Edges::default()),
        false => edge::peel(m, &site.ops, io, reads).map_err(|d| vec![d]),
    })?;
    trace.print(Pass::Expand, || {
        dump::expanded(name, &site.kind, site.ops.len(), &edges)
    });
    Ok(edges)
}

/// Sets `src`'s layout and its size: the `--schedule` override that names it, else the
/// rules' tile, else the largest; whether a size was stated (then it must fit, never halved).
fn sized(src: &mut Source, cfg: &Config) -> Result<bool, Vec<Diag>> {
    let asked = asked(cfg, &src.name, &src.kind);
    let tile = match asked.map(|o| o.set) {
        Some(Setting::Tile(n)) => Some(n),
        _ => cfg.rules.layout(&src.kind).and_then(|l| l.tile),
    };
    src.physical = Physical::of(src, cfg.rules, tile);
    if let Some(o) = asked {
        src.physical = scheduled(src, o)?;
    }
    Ok(tile.is_some() || asked.is_some())
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

/// The select pass over `site`, whose edges `expand` peeled: its instructions by the select
/// rules, then the layout of its space.
fn selected(m: &Module, site: &Site, edges: Edges, cfg: &Config) -> Result<Expanded, Vec<Diag>> {
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
    let matmul_operands = matmul_operands(m, &scope, &site.inputs, &insts)?;
    if !matmul_operands.is_empty() && !matmul_edges(m, &edges, &site.inputs, &insts) {
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
    let space = space(m, &scope, (&values, &edges), &insts).map_err(|mut d| {
        // A value the fusion made has no text of its own: the diagnostic points at the kernel.
        if d.span == Span::NONE {
            d.span = site_span(m, site);
        }
        vec![d]
    })?;
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

/// The kernel's 64-bit integers and floats under their policies (`crate::int64`,
/// `crate::float64`).
fn wide_policies(
    m: &Module,
    site: &Site,
    (ints, floats): (Int64, float64::Float64),
) -> Result<(), Vec<Diag>> {
    let ops = site.ops.iter();
    let values: Vec<ValueId> = ops.flat_map(|&o| m.op(o).results.iter().copied()).collect();
    let span = site_span(m, site);
    let mut wide = int64::check(m, ints, span, &site.sources, &values);
    wide.extend(float64::check(m, floats, span, &site.sources, &values));
    if wide.is_empty() {
        Ok(())
    } else {
        Err(wide)
    }
}

/// Whether `op` on its own expands by code, not by the select rules: ops that only move
/// elements, `batch_norm_training`, the `AwsNeuronRmsNorm` custom call, `chlo.top_k` and an
/// argmax or argmin `reduce`.
fn by_code(m: &Module, op: OpId) -> bool {
    crate::movement::OPS.contains(&&*m.op(op).name) || Coded::of(m, op) != Coded::Movement
}

/// Which code expands an op of [`by_code`].
#[derive(Clone, Copy, PartialEq, Eq)]
enum Coded {
    BatchNorm,
    RmsNorm,
    TopK,
    ArgReduce(crate::arg_reduce::Which),
    Sort(crate::sort::Order),
    Movement,
}

impl Coded {
    fn of(m: &Module, op: OpId) -> Coded {
        if &*m.op(op).name == "stablehlo.batch_norm_training" {
            Coded::BatchNorm
        } else if crate::rms_norm_call::is_call(m, op) {
            Coded::RmsNorm
        } else if crate::top_k::is_top_k(m, op) {
            Coded::TopK
        } else if let Some(w) = crate::arg_reduce::of(m, op) {
            Coded::ArgReduce(w)
        } else if let Some(order) = crate::sort::of(m, op) {
            Coded::Sort(order)
        } else {
            Coded::Movement
        }
    }
}

/// The kernel of an op that expands by code, placed and routed: DMAs for an op that only moves
/// elements, NKI's statistics instructions for a batch norm.
fn coded(
    m: &Module,
    site: &Site,
    name: String,
    cfg: &Config,
    trace: &mut Trace,
) -> Result<Built, Vec<Diag>> {
    let coded = Coded::of(m, site.op);
    let why = match coded {
        Coded::BatchNorm => "one tile of 128 features at a time",
        Coded::RmsNorm | Coded::TopK | Coded::ArgReduce(_) | Coded::Sort(_) => {
            "one tile of 128 rows at a time"
        }
        Coded::Movement => "DMAs only",
    };
    if let Some(o) = asked(cfg, &name, &site.kind) {
        return Err(vec![unscheduled(o, site_span(m, site), why)]);
    }
    let k = trace.time(Pass::Tile, || match coded {
        Coded::BatchNorm => crate::batch_norm::kernel(m, site.op, name),
        Coded::RmsNorm => crate::rms_norm_call::kernel(m, site.op, name),
        Coded::TopK => crate::top_k::kernel(m, site.op, name),
        Coded::ArgReduce(w) => crate::arg_reduce::kernel(m, site.op, w, name),
        Coded::Sort(order) => crate::sort::kernel(m, site.op, order, name),
        Coded::Movement => crate::movement::kernel(m, site.op, name),
    });
    let placed = placed(k.map_err(|d| vec![d])?, cfg, trace).map_err(Stop::diags)?;
    let rows = Tiles::Rows {
        tile: crate::tile::P,
    };
    let dma = coded == Coded::Movement;
    Ok(placed.with(if dma { Tiles::Dma } else { rows }))
}

/// The fewest columns a chunk of a `rows` kernel holds.
const MIN_CHUNK: u64 = 256;

/// The last `--schedule` override naming the kernel `name` of kind `kind`.
pub(crate) fn asked<'c>(cfg: &Config<'c>, name: &str, kind: &str) -> Option<&'c Override> {
    cfg.schedule.iter().rev().find(|o| o.names(name, kind))
}

/// `src` tiled, placed and routed. A tile the schedule or the rules state must fit; without
/// one, the largest tile that fits wins, halving from 512 rows.
fn fitted(
    mut src: Source,
    cfg: &Config,
    stated: bool,
    trace: &mut Trace,
) -> Result<Built, Vec<Diag>> {
    let matmul = src.insts.iter().any(|s| s.op == Opcode::NcMatmul);
    loop {
        let tiles = match src.physical {
            _ if matmul => Tiles::Matmul,
            Physical::Rows { cols } if cols < src.space.cols => Tiles::Chunks { cols },
            Physical::Rows { .. } => Tiles::Rows {
                tile: src.space.tile,
            },
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
        let mark = trace.mark();
        match (tiled(&src, cfg, trace), next) {
            (Err(Stop::OverBudget(_)), Some(next)) if !stated => {
                trace.rewind(&mark);
                src.physical = next
            }
            (out, _) => return out.map(|p| p.with(tiles)).map_err(Stop::diags),
        }
    }
}

/// The values a kernel's one matmul reads, with the reshapes between them and its operands;
/// a second matmul in one kernel is a diagnostic.
fn matmul_operands(
    m: &Module,
    scope: &Scope,
    inputs: &[ValueId],
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
                if let Some(s) = crate::tile::scaled::of(m, v, inputs) {
                    out.extend(s.values);
                    continue;
                }
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
/// or a scaled operand's factors (each read by its own access pattern), and results written
/// whole.
fn matmul_edges(m: &Module, edges: &Edges, inputs: &[ValueId], insts: &[Selected]) -> bool {
    let dots = (insts.iter()).filter(|s| s.op == Opcode::NcMatmul);
    let mut operands: Vec<ValueId> = dots.flat_map(|s| m.op(s.root).operands.clone()).collect();
    let scaled = (operands.iter()).filter_map(|&v| crate::tile::scaled::of(m, v, inputs));
    let factors: Vec<ValueId> = scaled.flat_map(|s| s.values).collect();
    operands.extend(factors);
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
        Physical::Columns { c1, tile, order } if tile > 1 => Some(Physical::Columns {
            c1,
            tile: tile / 2,
            order,
        }),
        _ => None,
    }
}

/// Tile, place and route `src` with its layout, verifying after each pass.
fn tiled(src: &Source, cfg: &Config, trace: &mut Trace) -> Result<Built, Stop> {
    let k = trace.time(Pass::Tile, || build(src, cfg.target));
    placed(k.map_err(|d| Stop::Refused(vec![d]))?, cfg, trace)
}

/// Place and route the tiled kernel `k`, verifying it first and after each pass, and
/// printing it after each that `--print-after` names. The inputs no instruction reads are
/// dropped first (`egfuse_nisa::prune`).
pub(crate) fn placed(mut k: Kernel, cfg: &Config, trace: &mut Trace) -> Result<Built, Stop> {
    let bound = egfuse_nisa::prune::unread_inputs(&mut k);
    let built = |kernel, usage| Built {
        kernel,
        usage,
        tiles: Tiles::Dma,
        bound,
        rival: None,
        nki_scale: None,
    };
    let budget = Budget::of(cfg.target);
    checked(&k, &budget, Pass::Tile, trace)?;
    if cfg.after == Some(Pass::Tile) {
        return Ok(built(k, Usage::default()));
    }
    let usage = trace.time(Pass::Place, || place(&mut k, &budget));
    let usage = usage.map_err(|d| Stop::OverBudget(vec![d]))?;
    checked(&k, &budget, Pass::Place, trace)?;
    if cfg.after == Some(Pass::Place) {
        return Ok(built(k, usage));
    }
    let routed = trace.time(Pass::Route, || route(&mut k, &cfg.rules.routes));
    routed.map_err(|d| Stop::Refused(vec![d]))?;
    checked(&k, &budget, Pass::Route, trace)?;
    Ok(built(k, usage))
}

/// The kernel verifies after `pass` (and is printed, when asked), or the verifier's findings,
/// each saying which pass and pointing at the kernel's op; over budget when one of them is
/// that a buffer does not fit.
fn checked(k: &Kernel, budget: &Budget, pass: Pass, trace: &mut Trace) -> Result<(), Stop> {
    trace.print(pass, || dump::kernel(k));
    let diags = verify::kernel(k, budget);
    if diags.is_empty() {
        return Ok(());
    }
    let said = |mut d: Diag| {
        // A built kernel's instructions have no text of their own: a finding points at the op
        // the kernel lowers.
        if d.span == Span::NONE {
            d.span = k.span;
        }
        let (name, kind) = (&k.name, &k.kind);
        d.message = format!(
            "after `{}`, kernel @{name} ({kind}): {}",
            pass.name(),
            d.message
        );
        d
    };
    let diags = diags.into_iter().map(said).collect();
    match verify::over_budget(k, budget) {
        true => Err(Stop::OverBudget(diags)),
        false => Err(Stop::Refused(diags)),
    }
}
