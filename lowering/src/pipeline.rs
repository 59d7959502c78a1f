//! The lowering pipeline: one driver runs named passes in order, as fusion's pass manager does,
//! and is the one library entry from an exported module to a nisa program. The command line,
//! the benchmarks and the tests all call [`lower`].
//!
//! ```text
//! module passes:            refine ─► complex-forms ─► round-forms ─► math-forms ─► rng-forms
//!                           ─► bit-forms ─► window-forms ─► fuse ─► conv-forms ─► sink ─► mx-scales
//!                           ─► norm-mx ─► gate-up ─► fold ─► split
//! kernel passes, per kernel: expand ─► select ─► tile ─► place ─► route
//! program pass:              device
//! ```
//!
//! `refine` gives a polymorphic export's symbolic dimensions the sizes `--dim` names;
//! `rng-forms` spells `rng_bit_generator` as its algorithm's rounds;
//! `complex-forms` spells complex tensors as the real tensors of their parts; `math-forms`
//! spells `tan`, `cbrt` and `atan2` with the functions ACT has;
//! `window-forms` spells window sums (`reduce_window`) as a band matmul or log-step adds
//! (`window_sums`), then max and min pooling and the other windows of one associative op as
//! slices of the padded input and their maximum (or product, ...), so that fusion makes them one
//! kernel, windows of other bodies and `select_and_scatter` as their bodies per window
//! position; `fuse` fuses a module that comes
//! without fusions (egraph mode, the defaults); `conv-forms`
//! spells padded, dilated and grouped convolutions with plain ones; `mx-scales` makes an MX
//! quantize that gives its exponents as floats and the kernel that stores them one kernel
//! (`crate::mx_scales`); `norm-mx` makes an RMSNorm
//! and the MX quantize of its result one kernel where the device quantizes by NKI's rule
//! (`crate::norm_mx`); `gate-up` makes an MoE
//! expert's MX gate and up matmuls, their epilogue and the quantize of its product one kernel
//! where the device quantizes by NKI's rule (`--mx-scale nki`, `crate::gate_up`); `fold` finds the ops known
//! at compile time, which need no kernel; `split` moves each concatenate a kernel computes on
//! down to its pieces. Then every kernel (`site`) goes through the kernel passes
//! (`kernel`), verified after each from `tile` on. Once every kernel has lowered, `device`
//! builds the program that runs them, its HBM tensors placed (`crate::device`).
//!
//! Invariant: a kernel that cannot be lowered is a diagnostic at its op; the others still
//! lower, so one run reports every op the rules do not cover. The module passes that change
//! the module (window-forms, fuse, conv-forms) leave it verifying.

use crate::dump;
use crate::fold::{fold, FoldLimits, Folded};
use crate::kernel;
pub use crate::lowered::Lowered;
pub use crate::pass::{Config, Pass, PASSES};
use crate::site::{self, site, Site};
use crate::split::{Split, SplitLimits};
use crate::trace::Trace;
use egfuse_diag::Diag;
use egfuse_fusion::egraph::{self, parallel};
use egfuse_fusion::fuse as fusion;
use egfuse_ir::fused::{census, functions};
use egfuse_ir::pass::{PassError, PipelineConfig};
use egfuse_ir::{Module, OpId, RegionId};
use rustc_hash::FxHashMap;
use std::time::Duration;

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
    /// The device program that runs the kernels, once every kernel has lowered.
    pub device: Option<crate::device::Built>,
    /// The ops that are no kernel because their results are their operands' bytes: optimization
    /// barriers and bitcasts, in program order.
    pub aliased: Vec<OpId>,
    /// The module or program after each pass of [`Config::print_after`], in pass order, each
    /// headed as MLIR heads a dump (`// -----// IR Dump After tile //----- //`).
    pub printed: String,
    /// Each pass's wall time, a kernel pass's summed over the kernels, in pass order.
    pub times: Vec<(Pass, Duration)>,
    /// The module as given, when `complex-forms` changed the types its functions take and
    /// return: the device program is judged against its function (`check::program`).
    pub original: Option<Module>,
}

/// Lowers `m`: the module passes change it in place (a caller checking the kernels against
/// their ops reads the module they were lowered from); the kernel passes lower each kernel.
/// `Err` only when the `fuse` pass fails.
pub fn lower(m: &mut Module, cfg: &Config) -> Result<Outcome, Vec<Diag>> {
    let mut trace = Trace::new(cfg.print_after);
    let mut original = None;
    module_pass(&mut trace, Pass::Refine, m, |m| {
        crate::refine::refine(m, cfg.dims).map(|_| ())
    })?;
    module_pass(&mut trace, Pass::ComplexForms, m, |m| {
        let before = crate::complex_forms::holds_complex(m).then(|| m.clone());
        if crate::complex_forms::expand(m) > 0 {
            original = before;
        }
        Ok(())
    })?;
    module_pass(&mut trace, Pass::RoundForms, m, |m| {
        crate::round_forms::expand(m, cfg.float64);
        crate::remainder_forms::expand(m, cfg.float64);
        crate::precision_forms::expand(m);
        Ok(())
    })?;
    module_pass(&mut trace, Pass::MathForms, m, |m| {
        crate::math_forms::expand(m, cfg.float64);
        Ok(())
    })?;
    module_pass(&mut trace, Pass::RngForms, m, |m| {
        crate::rng_forms::expand(m);
        Ok(())
    })?;
    module_pass(&mut trace, Pass::BitForms, m, |m| {
        crate::bit_forms::expand(m);
        Ok(())
    })?;
    module_pass(&mut trace, Pass::WindowForms, m, |m| {
        crate::window_sums::expand(m);
        crate::window_forms::expand(m);
        Ok(())
    })?;
    module_pass(&mut trace, Pass::Fuse, m, |m| fused_if_unfused(m, cfg))?;
    module_pass(&mut trace, Pass::ConvForms, m, |m| {
        crate::conv_forms::expand(m);
        Ok(())
    })?;
    module_pass(&mut trace, Pass::Sink, m, |m| {
        crate::sink::expand(m);
        Ok(())
    })?;
    let estimate = |m: &Module, s: &Site| estimate(m, s, cfg);
    module_pass(&mut trace, Pass::MxScales, m, |m| {
        if cfg.quantizes_on_device() {
            crate::mx_scales::merge(m, &estimate).map_err(|d| vec![d])?;
        }
        Ok(())
    })?;
    module_pass(&mut trace, Pass::NormMx, m, |m| {
        if cfg.quantizes_on_device() {
            crate::norm_mx::merge(m, &estimate).map_err(|d| vec![d])?;
        }
        Ok(())
    })?;
    module_pass(&mut trace, Pass::GateUp, m, |m| {
        if cfg.quantizes_on_device() {
            crate::gate_up::merge(m, &estimate).map_err(|d| vec![d])?;
        }
        Ok(())
    })?;
    let m = &*m;
    let blocks = site::bodies(m);
    let funcs = functions(m);
    let folded = trace.time(Pass::Fold, || fold(m, &blocks, &FoldLimits::default()));
    trace.print(Pass::Fold, || dump::folded(m, &folded));
    let sites = site::sites(m, &blocks, &funcs);
    let bodies = (sites.iter()).filter_map(|s| Some((s.op, site::body(m, s.op, &funcs)?.1)));
    let split = trace.time(Pass::Split, || Split::of(m, bodies, SplitLimits::default()));
    trace.print(Pass::Split, || dump::split(&split));
    let mut out = Outcome {
        folded,
        original,
        aliased: site::aliasing(m, &blocks),
        ..Outcome::default()
    };
    let kernels: Vec<Site> = (sites.into_iter())
        .filter(|s| !out.folded.op(s.op))
        .collect();
    let lowered = lower_kernels(m, &kernels, &split, &funcs, cfg, &mut trace);
    for (n, (s, lowered)) in kernels.into_iter().zip(lowered).enumerate() {
        out.named.push((format!("k{n}"), s.kind.clone()));
        match lowered {
            Ok(mut built) => {
                built.kernel.span = site::site_span(m, &s);
                out.kernels.push(Lowered {
                    kernel: built.kernel,
                    usage: built.usage,
                    tiles: built.tiles,
                    bound: built.bound,
                    rival: built.rival,
                    nki_scale: built.nki_scale,
                    op: s.op,
                    ops: s.ops,
                    inputs: s.inputs,
                    sources: s.sources,
                    outputs: s.outputs,
                })
            }
            Err(d) => {
                out.failed += 1;
                out.errors.extend(d);
            }
        }
    }
    if out.failed == 0 {
        let built = trace.time(Pass::Device, || {
            crate::device::build(m, &out.kernels, &out.folded, &funcs)
        });
        match built {
            Ok(b) => {
                trace.print(Pass::Device, || dump::device(&b.device));
                out.device = Some(b);
            }
            Err(d) => out.errors.push(d),
        }
    }
    (out.printed, out.times) = trace.finish();
    Ok(out)
}

/// Each kernel lowered (the `n`th named `k{n}`), in order. Kernels lower independently, so
/// without `--print-after` of a kernel pass (whose text must come in kernel order) they lower on
/// every core, each timed on its own; their passes' times add up.
fn lower_kernels(
    m: &Module,
    kernels: &[Site],
    split: &Split,
    funcs: &FxHashMap<String, RegionId>,
    cfg: &Config,
    trace: &mut Trace,
) -> Vec<Result<kernel::Built, Vec<Diag>>> {
    // A split body lowers from the split module; the check still runs the ops as written.
    let one = |n: usize, trace: &mut Trace| {
        let (s, name) = (&kernels[n], format!("k{n}"));
        match split.module(s.op) {
            None => crate::forms::lower(m, s, name, cfg, trace),
            Some(Ok(w)) => crate::forms::lower(w, &site(w, s.op, funcs), name, cfg, trace),
            Some(Err(d)) => Err(vec![d.clone()]),
        }
    };
    if !cfg.print_after.is_empty() {
        return (0..kernels.len()).map(|n| one(n, trace)).collect();
    }
    let indices: Vec<usize> = (0..kernels.len()).collect();
    let lowered = parallel::map(parallel::default_threads(), &indices, |&n| {
        let mut own = Trace::new(&[]);
        let built = one(n, &mut own);
        (built, own.finish().1)
    });
    (lowered.into_iter())
        .map(|(built, times)| {
            trace.add_times(&times);
            built
        })
        .collect()
}

/// The estimate of the kernel `site` of `m` as the kernel passes build it, or `None` where it
/// does not lower: what the passes that join kernels weigh a join by.
fn estimate(m: &Module, site: &Site, cfg: &Config) -> Option<egfuse_cost::Cost> {
    let mut trace = Trace::new(&[]);
    let built = crate::forms::lower(m, site, String::new(), cfg, &mut trace).ok()?;
    Some(
        egfuse_nisa::cost::kernel(cfg.target, &built.kernel)
            .bound()
            .1,
    )
}

/// The `fuse` pass: a module without fusions is fused with the defaults (egraph mode); a
/// fused one is left as it is.
fn fused_if_unfused(m: &mut Module, cfg: &Config) -> Result<(), Vec<Diag>> {
    if census(m).total_fusions() > 0 {
        return Ok(());
    }
    let mode = fusion::Mode::Egraph(egraph::Config::default());
    let pipeline = PipelineConfig::default();
    fusion::fuse(m, &mode, cfg.fusion, cfg.target, None, &pipeline).map_err(|e| e.diags())?;
    Ok(())
}

/// Runs the module pass `pass` over `m`, timed, verified after it in debug builds (as the
/// fusion pipeline's `verify_each`: a module that does not verify is a bug in the pass, said
/// as one), and printed when asked.
fn module_pass(
    trace: &mut Trace,
    pass: Pass,
    m: &mut Module,
    run: impl FnOnce(&mut Module) -> Result<(), Vec<Diag>>,
) -> Result<(), Vec<Diag>> {
    trace.time(pass, || run(m))?;
    if cfg!(debug_assertions) {
        let problems = egfuse_ir::verify::verify(m);
        if !problems.is_empty() {
            let name = pass.name();
            return Err(PassError::Unverified {
                pass: name,
                problems,
            }
            .diags());
        }
    }
    trace.print(pass, || dump::module(m));
    Ok(())
}
