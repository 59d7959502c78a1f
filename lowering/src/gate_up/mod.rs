//! The `gate-up` pass: on a target with NeuronCore-v4's MX ops, under NKI's scale rule
//! (`--mx-scale nki`), the two MX matmuls of an MoE expert's gate and up projections, their
//! epilogue and the MX quantize of its product for the down projection become one MxGateUp
//! kernel (003 §4.2, nkilib's `gate_up_projection_mx`): the matmuls' results and the product
//! stay on chip, and the product is quantized by `quantize_mx` as the matmuls leave it.
//!
//! Fusion leaves four kernels: two DotMx that read the same quantized input, an Elementwise
//! kernel that alone reads both their results, and an MxQuantize that alone reads its result;
//! or three, where fusion's `merge` made the epilogue the quantize's prologue (a decode step's
//! 32 columns, whose regrouping into one block keeps the layout).
//! The merge is the lowering's, not fusion's: it is worth making only where the device
//! quantizes by its own rule, which the module's is not (`crate::mx_quantize`), and only where
//! the builder can lay the epilogue out ([`plan::of`]); elsewhere the four kernels stay.
//!
//! Invariant: the merged kernel computes what the four did, its quantize by NKI's rule; a
//! quadruple is merged only when the merged body has a plan within the builder's bounds.

pub(crate) mod kernel;
pub(crate) mod plan;

pub use plan::KIND;

use crate::kernel::{placed, Built, Stop};
use crate::pass::{Config, Pass};
use crate::schedule::Tiles;
use crate::site::{bodies, site, site_span, Site};
use crate::trace::Trace;
use egfuse_diag::Diag;
use egfuse_fusion::cluster::{self, Cluster, Emit};
use egfuse_fusion::merge::{dissolve, kernel};
use egfuse_ir::fused::functions;
use egfuse_ir::{Module, OpId, RegionId};
use egfuse_nisa::spec::Opcode;
use rustc_hash::FxHashMap;

/// Whether a run merges: under NKI's scale rule, on a target with `quantize_mx`.
pub(crate) fn applies(cfg: &Config) -> bool {
    let since = Opcode::QuantizeMx.spec().since;
    cfg.mx_scale == crate::mx_rule::ScaleRule::Nki && cfg.target.generation() >= since
}

/// Merges every gate/up quadruple of `m` whose merged body has a plan that fits; returns how
/// many. The merges are tried on a copy first, so any other quadruple is left as it was.
pub(crate) fn merge(m: &mut Module) -> Result<usize, Diag> {
    let funcs = functions(m);
    let candidates: Vec<Vec<OpId>> = (bodies(m).into_iter())
        .flat_map(|b| m.block(b).ops.clone())
        .filter_map(|op| quadruple(m, op, &funcs))
        .collect();
    if candidates.is_empty() {
        return Ok(0);
    }
    let mut trial = m.clone();
    let mut trial_funcs = funcs.clone();
    let mut planned = Vec::new();
    for q in &candidates {
        let op = merged(&mut trial, q, &mut trial_funcs)?;
        let s = site(&trial, op, &trial_funcs);
        if plan::of(&trial, &s).is_some_and(|g| kernel::fits(&g)) {
            planned.push(q.clone());
        }
    }
    if planned.len() == candidates.len() {
        *m = trial;
    } else {
        let mut funcs = funcs;
        for q in &planned {
            merged(m, q, &mut funcs)?;
        }
    }
    Ok(planned.len())
}

/// The kernels `[gate, up, epilogue, quantize]` that the MxQuantize kernel `q` ends, when
/// each of the other three has one result, which the next alone reads; or `[gate, up, q]`
/// where fusion's `merge` made the epilogue `q`'s prologue.
fn quadruple(m: &Module, q: OpId, funcs: &FxHashMap<String, RegionId>) -> Option<Vec<OpId>> {
    let kind = |op: OpId| kernel(m, op, funcs).map(|(k, _)| k);
    let alone = |op: OpId, reader: OpId| {
        let [r] = m.op(op).results[..] else {
            return false;
        };
        let uses = &m.value(r).uses;
        !uses.is_empty() && uses.iter().all(|u| u.op == reader)
    };
    let producers = |op: OpId, of: &str| -> Vec<OpId> {
        let mut found: Vec<OpId> = (m.op(op).operands.iter())
            .filter_map(|&v| m.defining_op(v))
            .filter(|&p| kind(p).as_deref() == Some(of) && alone(p, op))
            .collect();
        found.sort_unstable();
        found.dedup();
        found
    };
    (kind(q)? == "MxQuantize").then_some(())?;
    let (e, dots) = match producers(q, "DotMx")[..] {
        [g, u] => (None, vec![g, u]),
        _ => {
            let &[e] = &producers(q, "Elementwise")[..] else {
                return None;
            };
            (Some(e), producers(e, "DotMx"))
        }
    };
    let [g, u] = dots[..] else {
        return None;
    };
    Some(
        [Some(g), Some(u), e, Some(q)]
            .into_iter()
            .flatten()
            .collect(),
    )
}

/// The kernels `q`, the quantize last, made one MxGateUp kernel of `m`, emitted as the
/// quantize was; `funcs`, the module's functions, kept true (a composite's decomposition is
/// one).
fn merged(
    m: &mut Module,
    q: &[OpId],
    funcs: &mut FxHashMap<String, RegionId>,
) -> Result<OpId, Diag> {
    let quantize = q[q.len() - 1];
    let emit = match &*m.op(quantize).name {
        "stablehlo.composite" => Emit::Composite,
        _ => Emit::Fusion,
    };
    let composite = emit == Emit::Composite;
    let mut ops = Vec::new();
    for &k in q {
        ops.extend(dissolve(m, k, funcs)?);
        if composite {
            *funcs = functions(m);
        }
    }
    let c = Cluster::new(m, ops, KIND)?;
    let op = cluster::build(m, &c, emit, &cluster::Limits::default())?;
    if composite {
        *funcs = functions(m);
    }
    Ok(op)
}

/// The MxGateUp kernel `site`, whose quantize follows NKI's rule: refused under the module's
/// rule, and where its body has no plan.
pub(crate) fn lower(
    m: &Module,
    site: &Site,
    name: String,
    cfg: &Config,
    trace: &mut Trace,
) -> Result<Built, Vec<Diag>> {
    let refused = |msg: &str, label: &str| {
        let d = Diag::new("lower::no-lowering", site_span(m, site), msg.to_string());
        Err(vec![d.with_label(label.to_string())])
    };
    if !applies(cfg) {
        let label = "its quantize is `quantize_mx`'s: lower it with `--mx-scale nki` on a target with the MX ops (`--target neuroncore-v4`)";
        return refused("an MxGateUp kernel under the module's scale rule", label);
    }
    let Some(plan) = plan::of(m, site) else {
        let label = "the `gate-up` pass merges only bodies it has a plan for";
        return refused(
            "an MxGateUp kernel whose body the form does not lay out",
            label,
        );
    };
    let k = trace.time(Pass::Tile, || kernel::kernel(m, site, &plan, name));
    let placed = placed(k.map_err(|d| vec![d])?, cfg, trace).map_err(Stop::diags)?;
    Ok(Built {
        nki_scale: Some(plan.quantize),
        ..placed.with(Tiles::GateUp)
    })
}
