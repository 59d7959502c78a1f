//! `updateInputs`: the inter-fusion operand legalization of the seed's codeGen (step 4b,
//! seeds/000 "GOTCHA — the FusionOp's operands are not the raw live-ins").
//!
//! A cluster analysed before earlier clusters were built may name, as a live-in, a value that no
//! longer dominates it: one now inside an earlier `mhlo.fusion` body, or one of the original ops
//! an earlier composite build cloned and erased. Each such live-in is replaced by the earlier
//! op's external result, so the new op's operands are values its position can see.

use super::Cluster;
use egfuse_diag::Diag;
use egfuse_ir::{BlockId, Module, OpId, ValueId};

/// The fused op's operands: the cluster's live-ins, each legalized.
pub(crate) fn update_inputs(
    m: &Module,
    cluster: &Cluster,
    block: BlockId,
) -> Result<Vec<ValueId>, Diag> {
    let anchor = cluster.anchor();
    let mut out = Vec::with_capacity(cluster.live_ins().len());
    for (&live_in, site) in cluster.live_ins().iter().zip(cluster.live_in_sites()) {
        let mut v = live_in;
        if m.value_owner(v).is_some_and(|o| !m.is_attached(o)) {
            // An earlier composite erased the definition after rewiring every outside use of it
            // to the composite's result, the use in this cluster included: read that use.
            v = m.op(site.op).operands[site.operand as usize];
        }
        if let Some(fusion) = enclosing_fusion(m, v, anchor) {
            v = fusion_result(m, fusion, v)?;
        }
        if !m.value_block(v).is_some_and(|b| visible_from(m, b, block)) {
            let user = m.op(site.op);
            let message = format!(
                "operand #{} of `{}` is a live-in that is not visible from the cluster's block",
                site.operand, user.name
            );
            return Err(Diag::new("cluster::live_in", user.span, message)
                .with_label("this use")
                .with_help("the cluster was analysed before the IR changed; analyse it again"));
        }
        out.push(v);
    }
    Ok(out)
}

/// The innermost `mhlo.fusion` around the definition of `v` that does not also hold `anchor`.
fn enclosing_fusion(m: &Module, v: ValueId, anchor: OpId) -> Option<OpId> {
    let block = m.value_block(v)?;
    let mut cur = m.block_parent_op(block);
    while let Some(op) = cur {
        if &*m.op(op).name == "mhlo.fusion" && !m.is_ancestor(op, anchor) {
            return Some(op);
        }
        cur = m.parent_op(op);
    }
    None
}

/// The result of `fusion` that carries `v` out: the one its `mhlo.return` returns `v` at (the
/// seed's `getOperationReturnOp`).
fn fusion_result(m: &Module, fusion: OpId, v: ValueId) -> Result<ValueId, Diag> {
    let op = m.op(fusion);
    let ret = (op.regions.first())
        .and_then(|&r| m.region(r).blocks.first())
        .and_then(|&b| m.block(b).ops.last().copied());
    let index = ret.and_then(|r| m.op(r).operands.iter().position(|&x| x == v));
    match index {
        Some(i) if i < op.results.len() => Ok(op.results[i]),
        _ => Err(Diag::new(
            "cluster::live_in",
            op.span,
            "a live-in of the cluster is defined inside this earlier `mhlo.fusion`, which does not return it",
        )
        .with_label("the earlier fusion")
        .with_help("a value used outside a fusion must be one of its live-outs; analyse the cluster again")),
    }
}

/// True when values of block `def` can be seen from ops of block `user` (same block or an
/// enclosing one).
fn visible_from(m: &Module, def: BlockId, user: BlockId) -> bool {
    let mut cur = Some(user);
    while let Some(b) = cur {
        if b == def {
            return true;
        }
        cur = m.block_parent_op(b).and_then(|p| m.op(p).parent);
    }
    false
}
