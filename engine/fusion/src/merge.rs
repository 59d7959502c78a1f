//! Egraph mode's `merge` pass, after `absorb`: a loop kernel that only one kernel reads merges
//! into it, XLA's producer-consumer fusion merger. A pattern rule builds its kind from the ops
//! its idiom names (a Gelu from `x/2 * erfc(-x c)`, a LayerNorm from its mean and variance); the
//! bias add or the residual add that feeds it is left to the `Loop` grow, which cannot take a
//! kernel already built, so it becomes an Elementwise kernel of its own whose result makes an HBM
//! round trip to the one kernel that reads it. Merged, the producer's ops are the consumer's
//! prologue: the value stays in SBUF, and one launch goes.
//!
//! Both kernels are put back in their block as plain ops and built again as one cluster of the
//! consumer's kind, by the shared region builder, in either emission.
//!
//! Invariant: a merge never duplicates work (the producer has one result, read by the consumer
//! alone) and never puts a view that only a kernel's edge may hold inside one (the producer holds
//! elementwise ops, splats, and broadcasts and reshapes that keep the layout); a consumer that
//! holds a dot or a convolution keeps its operands as they are (its lowering tiles the dot on
//! PE, which reads its operands from SBUF as they were written).

use crate::absorb::ours;
use crate::catalog::is_elementwise;
use crate::cluster::{self, Cluster, Emit};
use crate::compat::Fused;
use crate::trace::{Merged, Trace};
use egfuse_diag::Diag;
use egfuse_ir::{blocks, fused, BlockId, Module, OpId, RegionId, ValueId, ValueMap};
use rustc_hash::FxHashMap;

/// The kind of the kernels the `Loop` grow builds of elementwise ops alone.
const LOOP_KIND: &str = "Elementwise";

/// Ops that make a kernel a matmul or a convolution: such a consumer takes no prologue.
const TILED: &[&str] = &[
    "stablehlo.dot_general",
    "stablehlo.dot",
    "stablehlo.convolution",
];

/// Merges every loop kernel of the blocks egraph mode fuses into the one kernel that reads it
/// (see the module doc); drops the merged producers from `grown`, records each merge in
/// `trace`; returns how many it merged.
pub fn merge(
    m: &mut Module,
    (emit, limits): (Emit, &cluster::Limits),
    grown: &mut Vec<Fused>,
    mut trace: Option<&mut Trace>,
) -> Result<usize, Diag> {
    let mut merged = 0;
    let mut functions = fused::functions(m);
    for body in blocks::bodies(m) {
        let consumers: Vec<OpId> = m.block(body.block).ops.clone();
        for mut consumer in consumers {
            while let Some(kind) = consumer_kind(m, consumer, &functions) {
                let Some(producer) = producer(m, consumer, body.block, &functions) else {
                    break;
                };
                grown.retain(|g| g.op != producer);
                let mut ops = dissolve(m, producer, &functions)?;
                if let Some(t) = trace.as_deref_mut() {
                    let (ops, into) = (ops.clone(), kind.clone());
                    let how = "that reads its result, as its prologue";
                    t.merges.push(Merged { ops, into, how });
                }
                ops.extend(dissolve(m, consumer, &functions)?);
                let c = Cluster::new(m, ops, &kind)?;
                consumer = cluster::build(m, &c, emit, limits)?;
                merged += 1;
                if emit == Emit::Composite {
                    functions = fused::functions(m);
                }
            }
        }
    }
    Ok(merged)
}

/// The body of a kernel the region builder made: its kind and the block its ops are in.
pub fn kernel(
    m: &Module,
    op: OpId,
    functions: &FxHashMap<String, RegionId>,
) -> Option<(String, BlockId)> {
    let (kind, region) = fused::fused(m, op, functions)?;
    let inner = *m.region(region?).blocks.first()?;
    ours(m, inner).then_some((kind, inner))
}

/// The kind of `op` when it is a kernel that may take a prologue: built from a pattern rule (not
/// a loop or reduce kernel, which the grow sized already) and holding no dot or convolution.
fn consumer_kind(m: &Module, op: OpId, functions: &FxHashMap<String, RegionId>) -> Option<String> {
    let (kind, inner) = kernel(m, op, functions)?;
    let grown = kind == LOOP_KIND || kind == "Reduce";
    let tiled = (m.block(inner).ops.iter()).any(|&o| TILED.contains(&&*m.op(o).name));
    (!grown && !tiled).then_some(kind)
}

/// The first operand of `consumer` that a loop kernel in `block` computes for it alone, with
/// only ops that stay in place inside another kernel.
fn producer(
    m: &Module,
    consumer: OpId,
    block: BlockId,
    functions: &FxHashMap<String, RegionId>,
) -> Option<OpId> {
    m.op(consumer).operands.iter().find_map(|&v| {
        let p = m.defining_op(v)?;
        let o = m.op(p);
        let (kind, inner) = kernel(m, p, functions)?;
        let alone = o.results.len() == 1 && m.value(v).uses.iter().all(|u| u.op == consumer);
        let body = &m.block(inner).ops;
        let inside = body[..body.len().saturating_sub(1)]
            .iter()
            .all(|&i| stays_in_place(m, i));
        (kind == LOOP_KIND && o.parent == Some(block) && alone && inside).then_some(p)
    })
}

/// Whether `op` computes in a kernel's layout wherever the kernel holds it: elementwise math, a
/// splat, or a broadcast or reshape that keeps the layout.
fn stays_in_place(m: &Module, op: OpId) -> bool {
    let name = &*m.op(op).name;
    match name {
        "stablehlo.constant" => true,
        "stablehlo.broadcast_in_dim" | "stablehlo.reshape" => egfuse_ir::facts::keeps_layout(m, op),
        _ => is_elementwise(name) || name == "stablehlo.clamp",
    }
}

/// Puts the ops of the kernel `op` back in its block, just before it, reading its operands; its
/// results' readers read them; the kernel (and a decomposition only it calls) is erased.
/// Returns the ops, in order: an `mhlo.fusion`'s own, moved (so a trace's ids stay true), or
/// copies of a composite's decomposition.
pub fn dissolve(
    m: &mut Module,
    op: OpId,
    functions: &FxHashMap<String, RegionId>,
) -> Result<Vec<OpId>, Diag> {
    let (_, inner) = kernel(m, op, functions).expect("a kernel the region builder made");
    let body = m.block(inner).ops.clone();
    let Some((&ret, ops)) = body.split_last() else {
        return Ok(Vec::new());
    };
    let decomposition = m.block_parent_op(inner).filter(|&f| f != op);
    let args: Vec<(ValueId, ValueId)> = (m.block(inner).args.iter().copied())
        .zip(m.op(op).operands.iter().copied())
        .collect();
    let mut map = ValueMap::default();
    let placed: Vec<OpId> = match decomposition {
        Some(_) => {
            map.extend(args);
            ops.iter().map(|&o| m.clone_op(o, &mut map)).collect()
        }
        None => {
            m.detach_ops(ops);
            for (arg, x) in args {
                m.replace_uses_if(arg, x, |_, _| true);
            }
            ops.to_vec()
        }
    };
    m.insert_ops_before(op, &placed);
    let returned: Vec<ValueId> = (m.op(ret).operands.iter())
        .map(|v| *map.get(v).unwrap_or(v))
        .collect();
    for (r, v) in m.op(op).results.clone().into_iter().zip(returned) {
        m.replace_uses_if(r, v, |_, _| true);
    }
    m.erase_op(op)?;
    if let Some(f) = decomposition.filter(|&f| unreferenced(m, f, functions)) {
        m.erase_op(f)?;
    }
    Ok(placed)
}

/// Whether no composite names the function `f` as its decomposition (`functions`: the module's,
/// `f` among them).
fn unreferenced(m: &Module, f: OpId, functions: &FxHashMap<String, RegionId>) -> bool {
    let Some(&body) = m.op(f).regions.first() else {
        return false;
    };
    !(m.walk().into_iter())
        .filter(|&o| &*m.op(o).name == "stablehlo.composite")
        .any(|o| fused::fused(m, o, functions).and_then(|(_, r)| r) == Some(body))
}
