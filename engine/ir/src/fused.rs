//! What a fused module holds, read from the module alone: which ops are fusions (an
//! `mhlo.fusion` or a `stablehlo.composite`), their kinds and bodies, and how much of the module
//! is inside them, so that `egfuse fuse --stats`, `egfuse coverage`, the cost model's bill and the
//! Penguin printer read fusions the same way.
//!
//! An op counts when it computes something: every op in a function body (nested regions
//! included) except `func.func` itself, terminators and the fusion wrappers. A fused op is one
//! inside an `mhlo.fusion` with a `FusionKind`, or in the `@genComposite<N>` decomposition of a
//! `stablehlo.composite "neuron.<Kind>"`; each such wrapper is one fusion of its kind.

use crate::{Attr, Module, OpId, RegionId};
use rustc_hash::FxHashMap;
use std::collections::BTreeMap;

/// Ops in total, ops inside fusions, and fusions by kind.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Census {
    pub ops: usize,
    pub fused_ops: usize,
    pub fusions: BTreeMap<String, usize>,
}

impl Census {
    /// The fused share of the ops, in percent (0 for a module without ops).
    pub fn percent(&self) -> f64 {
        if self.ops == 0 {
            0.0
        } else {
            100.0 * self.fused_ops as f64 / self.ops as f64
        }
    }

    /// Fusions of every kind.
    pub fn total_fusions(&self) -> usize {
        self.fusions.values().sum()
    }
}

impl std::fmt::Display for Census {
    /// `N ops, M inside K fusions (P% fused)`, the summary line of `fuse --stats`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}, {} inside {} ({:.1}% fused)",
            egfuse_diag::plural(self.ops, "op"),
            self.fused_ops,
            egfuse_diag::plural(self.total_fusions(), "fusion"),
            self.percent()
        )
    }
}

/// Counts the ops of `m`.
pub fn census(m: &Module) -> Census {
    let mut c = Census::default();
    let decompositions = generated_decompositions(m);
    for op in m.walk() {
        let o = m.op(op);
        if &*o.name == "func.func" || is_terminator(m, op) {
            continue;
        }
        if let Some(kind) = fusion_kind(m, op) {
            *c.fusions.entry(kind).or_default() += 1;
            continue;
        }
        if inside_wrapper(m, op, &decompositions) {
            c.fused_ops += 1;
        }
        c.ops += 1;
    }
    c
}

fn is_terminator(m: &Module, op: OpId) -> bool {
    m.op(op).def.is_some_and(|d| d.traits.terminator)
}

/// The kind of a fusion wrapper: an `mhlo.fusion`'s `FusionKind`, or a generated composite's
/// name without its `neuron.` namespace.
fn fusion_kind(m: &Module, op: OpId) -> Option<String> {
    let o = m.op(op);
    match &*o.name {
        "mhlo.fusion" => o.attr("FusionKind")?.as_str(),
        "stablehlo.composite" if decomposition(m, op).is_some() => {
            let name = o.attr("name")?.as_str()?;
            Some(name.strip_prefix("neuron.").unwrap_or(&name).to_string())
        }
        _ => None,
    }
}

/// The `@genComposite<N>` a composite calls, when it is one egfuse generated.
fn decomposition(m: &Module, op: OpId) -> Option<String> {
    let callee = match m.op(op).attr("decomposition")? {
        Attr::SymbolRef(path) => path.first()?.to_string(),
        _ => return None,
    };
    callee.starts_with("genComposite").then_some(callee)
}

/// The names of the decompositions that generated composites call.
fn generated_decompositions(m: &Module) -> Vec<String> {
    let mut out: Vec<String> = m
        .walk()
        .into_iter()
        .filter(|&op| &*m.op(op).name == "stablehlo.composite")
        .filter_map(|op| decomposition(m, op))
        .collect();
    out.sort();
    out.dedup();
    out
}

/// Whether `op` is inside an `mhlo.fusion` with a kind or a generated decomposition.
fn inside_wrapper(m: &Module, op: OpId, decompositions: &[String]) -> bool {
    let mut cur = m.op(op).parent.and_then(|b| m.block_parent_op(b));
    while let Some(p) = cur {
        let o = m.op(p);
        if &*o.name == "mhlo.fusion" && o.attr("FusionKind").is_some() {
            return true;
        }
        if &*o.name == "func.func" {
            let name = o.attr("sym_name").and_then(|a| a.as_str());
            return name.is_some_and(|n| decompositions.binary_search(&n).is_ok());
        }
        cur = o.parent.and_then(|b| m.block_parent_op(b));
    }
    false
}

/// Function name to its body region.
pub fn functions(m: &Module) -> FxHashMap<String, RegionId> {
    (m.walk().into_iter())
        .filter(|&o| &*m.op(o).name == "func.func")
        .filter_map(|o| {
            let op = m.op(o);
            Some((op.attr("sym_name")?.as_str()?, *op.regions.first()?))
        })
        .collect()
}

/// The kind of a fused op and the region that holds its ops.
pub fn fused(
    m: &Module,
    id: OpId,
    functions: &FxHashMap<String, RegionId>,
) -> Option<(String, Option<RegionId>)> {
    let op = m.op(id);
    match &*op.name {
        "mhlo.fusion" => Some((
            op.attr("FusionKind")?.as_str()?,
            op.regions.first().copied(),
        )),
        "stablehlo.composite" => {
            let kind = op
                .attr("name")?
                .as_str()?
                .strip_prefix("neuron.")?
                .to_string();
            let body = match op.attr("decomposition") {
                Some(Attr::SymbolRef(parts)) => {
                    functions.get(&*crate::parse::unquote(&parts[0])).copied()
                }
                _ => None,
            };
            Some((kind, body))
        }
        _ => None,
    }
}
