//! The `norm-mx` pass: on a target with NeuronCore-v4's MX ops, under NKI's scale rule
//! (`--mx-scale nki`), an RMSNorm and the MX quantize of its result become one MxRmsNorm
//! kernel (003 §4.1, nkilib's `rmsnorm_mx_quantize_tkg`): the normalized rows never leave the
//! core, and `quantize_mx` reads them where the norm wrote them.
//!
//! Fusion leaves an RmsNorm kernel, then, where the norm's result is f32, an Elementwise kernel
//! that narrows it to bf16, then an MxQuantize kernel, each read alone by the next. The joined
//! kernel lowers as an RmsNorm does, in the `columns` layout (003 §1.1: the hidden axis on the
//! partitions, the square, the per-partition sum, the ones-matmul on PE, the `rsqrt`
//! activation), whatever spelling of RMSNorm the select rules lower; only its columns are
//! swizzled, lanes `4 p .. 4 p + 4` of each chunk of 512 on partition `p`, which is the x4
//! layout `quantize_mx` reads ([`crate::tile::Order::Swizzled`]). The tile quantizes its rows in
//! place of storing them (`crate::tile::quantize`).
//!
//! The join is the lowering's, as the `gate-up` pass's is: only `quantize_mx`, which follows
//! NKI's scale rule, makes it worth making. It is kept only where the joined kernel lowers (a
//! hidden size that is a multiple of 512, no views at the kernel's edge) and is estimated no
//! slower than the three (`crate::join`).
//!
//! Invariant: the joined kernel computes what the RmsNorm, the narrowing and the quantize did,
//! its quantize by NKI's rule; a run is joined only where the joined kernel lowers.

use crate::join::{join, kind_of, on_device, producers, refused, Estimate};
use crate::kernel::{lower_quantizing, Built};
use crate::mx_quantize::quantized;
use crate::mx_rule::Quantize;
use crate::pass::Config;
use crate::site::Site;
use crate::tensor::dtype;
use crate::trace::Trace;
use egfuse_diag::Diag;
use egfuse_ir::{Module, OpId, RegionId};
use egfuse_nisa::Dtype;
use rustc_hash::{FxHashMap, FxHashSet};

/// The kind of the joined kernel.
pub const KIND: &str = "MxRmsNorm";

/// Joins every RMSNorm and its quantize where the joined kernel lowers and is estimated no
/// slower than the three; returns how many.
pub(crate) fn merge(m: &mut Module, estimate: Estimate) -> Result<usize, Diag> {
    join(m, KIND, run, estimate)
}

/// The kernels `[norm, narrowing, quantize]` that the MxQuantize kernel `q` ends, or
/// `[norm, quantize]` where the norm's result is what the quantize reads.
fn run(m: &Module, q: OpId, funcs: &FxHashMap<String, RegionId>) -> Option<Vec<OpId>> {
    (kind_of(m, q, funcs)? == "MxQuantize").then_some(())?;
    if let [r] = producers(m, q, "RmsNorm", funcs)[..] {
        return Some(vec![r, q]);
    }
    let [e] = producers(m, q, "Elementwise", funcs)[..] else {
        return None;
    };
    let [r] = producers(m, e, "RmsNorm", funcs)[..] else {
        return None;
    };
    Some(vec![r, e, q])
}

/// For an MxRmsNorm kernel `site`, the kernel of the ops that compute the bf16 (or f16) value
/// its quantize reads, that value its one output, and the quantize; none where the quantize
/// reads an input.
pub(crate) fn front(m: &Module, site: &Site) -> Option<(Site, Quantize)> {
    if site.kind != KIND {
        return None;
    }
    let (qz, source) = quantized(m, site)?;
    if !matches!(dtype(m, source).ok(), Some(Dtype::Bf16 | Dtype::F16)) {
        return None;
    }
    let inside: FxHashSet<OpId> = site.ops.iter().copied().collect();
    let mut needed = FxHashSet::default();
    let mut stack = vec![source];
    while let Some(v) = stack.pop() {
        let Some(op) = m.defining_op(v).filter(|o| inside.contains(o)) else {
            continue;
        };
        if needed.insert(op) {
            stack.extend(m.op(op).operands.iter().copied());
        }
    }
    if needed.is_empty() {
        return None;
    }
    let ops = (site.ops.iter().copied())
        .filter(|o| needed.contains(o))
        .collect();
    let front = Site {
        ops,
        outputs: vec![source],
        ..site.clone()
    };
    Some((front, qz))
}

/// The MxRmsNorm kernel `site`, whose quantize follows NKI's rule: refused under the module's
/// rule, and where its quantize does not read a bf16 value the kernel computes.
pub(crate) fn lower(
    m: &Module,
    site: &Site,
    name: String,
    cfg: &Config,
    trace: &mut Trace,
) -> Result<Built, Vec<Diag>> {
    on_device(m, site, cfg)?;
    let Some((front, qz)) = front(m, site) else {
        let msg = "an MxRmsNorm kernel without an MX quantize of its norm";
        let label = "`quantize_mx` reads a bf16 or f16 value the kernel computes, in blocks of 32 along its last dimension";
        return Err(refused(m, site, msg, label));
    };
    let built = lower_quantizing(m, site, Some((&front, &qz)), name, cfg, trace)?;
    Ok(Built {
        nki_scale: Some(qz),
        ..built
    })
}
