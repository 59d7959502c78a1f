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
//! quadruple is merged only when the merged body has a plan within the builder's bounds
//! (tried on a copy of the module, `crate::join`).

pub(crate) mod kernel;
pub(crate) mod plan;

pub use plan::KIND;

use crate::join::{join, kind_of, on_device, producers, refused, Estimate};
use crate::kernel::{placed, Built, Stop};
use crate::pass::{Config, Pass};
use crate::schedule::Tiles;
use crate::site::Site;
use crate::trace::Trace;
use egfuse_diag::Diag;
use egfuse_ir::{Module, OpId, RegionId};
use rustc_hash::FxHashMap;

/// Merges every gate/up quadruple of `m` whose merged body has a plan that fits, where the
/// merged kernel is estimated no slower than the four; returns how many (`crate::join`).
pub(crate) fn merge(m: &mut Module, estimate: Estimate) -> Result<usize, Diag> {
    join(m, KIND, quadruple, estimate)
}

/// The kernels `[gate, up, epilogue, quantize]` that the MxQuantize kernel `q` ends, when
/// each of the other three has one result, which the next alone reads; or `[gate, up, q]`
/// where fusion's `merge` made the epilogue `q`'s prologue.
fn quadruple(m: &Module, q: OpId, funcs: &FxHashMap<String, RegionId>) -> Option<Vec<OpId>> {
    (kind_of(m, q, funcs)? == "MxQuantize").then_some(())?;
    let (e, dots) = match producers(m, q, "DotMx", funcs)[..] {
        [g, u] => (None, vec![g, u]),
        _ => {
            let &[e] = &producers(m, q, "Elementwise", funcs)[..] else {
                return None;
            };
            (Some(e), producers(m, e, "DotMx", funcs))
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

/// The MxGateUp kernel `site`, whose quantize follows NKI's rule: refused under the module's
/// rule, and where its body has no plan.
pub(crate) fn lower(
    m: &Module,
    site: &Site,
    name: String,
    cfg: &Config,
    trace: &mut Trace,
) -> Result<Built, Vec<Diag>> {
    on_device(m, site, cfg)?;
    let Some(plan) = plan::of(m, site) else {
        let msg = "an MxGateUp kernel whose body the form does not lay out";
        let label = "the `gate-up` pass merges only bodies it has a plan for";
        return Err(refused(m, site, msg, label));
    };
    let k = trace.time(Pass::Tile, || kernel::kernel(m, site, &plan, name));
    let placed = placed(k.map_err(|d| vec![d])?, cfg, trace).map_err(Stop::diags)?;
    Ok(Built {
        nki_scale: Some(plan.quantize),
        ..placed.with(Tiles::GateUp)
    })
}
