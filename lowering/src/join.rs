//! Kernels a lowering pass makes one after fusion, where only the device makes the join worth
//! it: the `norm-mx` pass (an RMSNorm and its MX quantize) and the `gate-up` pass. Each
//! finds runs of kernels, each read alone by the next, and names the kind their union takes;
//! this module tries every join on a copy of the module and keeps those whose joined kernel
//! lowers and costs at most what the run's kernels cost, by the estimates of the kernels the
//! kernel passes build (003 §4.1: "where the cost model prefers it"). So a run of kernels that
//! lowers never becomes one that does not, nor one the cost model calls slower.
//!
//! Invariant: a join is kept only where the joined kernel lowers and its estimate is at most
//! the sum of its parts'; the others are left as fusion made them.

use crate::pass::Config;
use crate::site::{bodies, site, site_span, Site};
use egfuse_cost::Cost;
use egfuse_diag::Diag;
use egfuse_fusion::cluster::{self, Cluster, Emit};
use egfuse_fusion::merge::{dissolve, kernel};
use egfuse_ir::fused::functions;
use egfuse_ir::{Module, OpId, RegionId};
use rustc_hash::FxHashMap;

/// A kernel's estimate as the kernel passes build it, or `None` where it does not lower. The
/// pipeline gives it, the one module that reaches both the passes that join and the kernel
/// passes.
pub(crate) type Estimate<'a> = &'a dyn Fn(&Module, &Site) -> Option<Cost>;

/// The runs of kernels of `m` that `run` finds, one ending at each op it is given (each run's
/// kernels in order, the last emitted where the joined kernel goes), each made one kernel of
/// `kind` where that kernel lowers and its `estimate` is at most the sum of the run's
/// kernels'; returns how many.
pub(crate) fn join(
    m: &mut Module,
    kind: &str,
    run: impl Fn(&Module, OpId, &FxHashMap<String, RegionId>) -> Option<Vec<OpId>>,
    estimate: Estimate,
) -> Result<usize, Diag> {
    let funcs = functions(m);
    let runs: Vec<Vec<OpId>> = (bodies(m).into_iter())
        .flat_map(|b| m.block(b).ops.clone())
        .filter_map(|op| run(m, op, &funcs))
        .collect();
    if runs.is_empty() {
        return Ok(0);
    }
    let mut trial = m.clone();
    let mut trial_funcs = funcs.clone();
    let mut kept = Vec::new();
    for run in &runs {
        let parts: Cost = (run.iter())
            .map(|&k| estimate(m, &site(m, k, &funcs)).unwrap_or(Cost::INFINITY))
            .sum();
        let op = joined(&mut trial, run, kind, &mut trial_funcs)?;
        let whole = estimate(&trial, &site(&trial, op, &trial_funcs));
        if whole.is_some_and(|w| w <= parts) {
            kept.push(run);
        }
    }
    if kept.len() == runs.len() {
        *m = trial;
    } else {
        let mut funcs = funcs;
        for run in &kept {
            joined(m, run, kind, &mut funcs)?;
        }
    }
    Ok(kept.len())
}

/// The diagnostic refusing the joined kernel `site`: `msg`, labelled `label`.
pub(crate) fn refused(m: &Module, site: &Site, msg: &str, label: &str) -> Vec<Diag> {
    let d = Diag::new("lower::no-lowering", site_span(m, site), msg.to_string());
    vec![d.with_label(label.to_string())]
}

/// Refuses the joined kernel `site` where the run `cfg` does not quantize on the device: its
/// quantize is `quantize_mx`'s, which follows NKI's scale rule.
pub(crate) fn on_device(m: &Module, site: &Site, cfg: &Config) -> Result<(), Vec<Diag>> {
    if cfg.quantizes_on_device() {
        return Ok(());
    }
    let msg = format!("an {} kernel under the module's scale rule", site.kind);
    let label = "its quantize is `quantize_mx`'s: lower it with `--mx-scale nki` on a target with the MX ops (`--target neuroncore-v4`)";
    Err(refused(m, site, &msg, label))
}

/// The kernel of `kind` each op of `op`'s operands is, where it has one result that `op` alone
/// reads: the producers a run may join.
pub(crate) fn producers(
    m: &Module,
    op: OpId,
    kind: &str,
    funcs: &FxHashMap<String, RegionId>,
) -> Vec<OpId> {
    let alone = |p: OpId| {
        let [r] = m.op(p).results[..] else {
            return false;
        };
        let uses = &m.value(r).uses;
        !uses.is_empty() && uses.iter().all(|u| u.op == op)
    };
    let mut found: Vec<OpId> = (m.op(op).operands.iter())
        .filter_map(|&v| m.defining_op(v))
        .filter(|&p| kind_of(m, p, funcs).as_deref() == Some(kind) && alone(p))
        .collect();
    found.sort_unstable();
    found.dedup();
    found
}

/// The kind of the kernel `op`, if it is one.
pub(crate) fn kind_of(m: &Module, op: OpId, funcs: &FxHashMap<String, RegionId>) -> Option<String> {
    kernel(m, op, funcs).map(|(k, _)| k)
}

/// The kernels `run`, the last emitted where the joined one goes, made one kernel of `kind`
/// of `m`; `funcs`, the module's functions, kept true (a composite's decomposition is one).
fn joined(
    m: &mut Module,
    run: &[OpId],
    kind: &str,
    funcs: &mut FxHashMap<String, RegionId>,
) -> Result<OpId, Diag> {
    let last = run[run.len() - 1];
    let emit = match &*m.op(last).name {
        "stablehlo.composite" => Emit::Composite,
        _ => Emit::Fusion,
    };
    let composite = emit == Emit::Composite;
    let mut ops = Vec::new();
    for &k in run {
        ops.extend(dissolve(m, k, funcs)?);
        if composite {
            *funcs = functions(m);
        }
    }
    let c = Cluster::new(m, ops, kind)?;
    let op = cluster::build(m, &c, emit, &cluster::Limits::default())?;
    if composite {
        *funcs = functions(m);
    }
    Ok(op)
}
