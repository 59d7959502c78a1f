//! Dominance repair: the seed's `recursivelyMoveDependentOps` (seeds/000 "dominance repair").
//!
//! The fused op takes the place of the cluster's last op. Ops that sat between cluster ops and
//! read a cluster value (directly, through a nested op, or through another such op) would then
//! come before the fused op that now defines that value; they move to just after it, keeping
//! their relative order. The seed finds them by iterating over uses until a fixed point and
//! aborts after a cap; here the set is computed in one forward scan of the block before anything
//! changes, so a cluster that cannot be repaired is reported while the module is still intact:
//! a dependent op that also feeds the cluster makes the cluster non-convex, and more dependent
//! ops than [`Limits::max_moves`] hits the cap, both as a [`Diag`] naming the op.

use super::{subtree, Cluster, Limits};
use egfuse_diag::Diag;
use egfuse_ir::{BlockId, Module, OpId, OpSet};

/// The ops to move after the fused op, in block order, or why the cluster cannot be repaired.
pub(crate) fn plan(
    m: &Module,
    cluster: &Cluster,
    block: BlockId,
    limits: &Limits,
) -> Result<Vec<OpId>, Diag> {
    let ops = &m.block(block).ops;
    let first = m.op_position(cluster.ops()[0]).unwrap_or(0);
    let last = m.op_position(cluster.anchor()).unwrap_or(first);
    let members = OpSet::new(cluster.ops());
    let mut tainted = members.clone();
    let mut moves = Vec::new();
    for &o in &ops[first..last] {
        if members.contains(o) || reads_from(m, o, block, &tainted).is_none() {
            continue;
        }
        if moves.len() == limits.max_moves {
            return Err(cap_reached(m, o, limits.max_moves));
        }
        moves.push(o);
        tainted.insert(o);
    }
    let moved = OpSet::new(&moves);
    for &c in cluster.ops() {
        if let Some(feeder) = reads_from(m, c, block, &moved) {
            return Err(not_convex(m, feeder, c));
        }
    }
    Ok(moves)
}

/// Moves the planned ops to just after `fused`, in order.
pub(crate) fn apply(m: &mut Module, fused: OpId, moves: &[OpId]) {
    let mut after = fused;
    for &o in moves {
        m.move_op_after(o, after);
        after = o;
    }
}

/// The op of `from` (an op of `block`) whose value `op` or an op nested in it reads, if any.
fn reads_from(m: &Module, op: OpId, block: BlockId, from: &OpSet) -> Option<OpId> {
    // Most ops have no regions: no subtree to collect.
    if m.op(op).regions.is_empty() {
        return operand_from(m, op, block, from);
    }
    (subtree(m, op).into_iter()).find_map(|o| operand_from(m, o, block, from))
}

/// The op of `from` (an op of `block`) whose value `op` itself reads, if any.
fn operand_from(m: &Module, op: OpId, block: BlockId, from: &OpSet) -> Option<OpId> {
    m.op(op).operands.iter().find_map(|&v| {
        let owner = m.value_owner(v)?;
        m.ancestor_in_block(owner, block)
            .filter(|&a| from.contains(a))
    })
}

fn cap_reached(m: &Module, op: OpId, limit: usize) -> Diag {
    let o = m.op(op);
    Diag::new(
        "cluster::schedule",
        o.span,
        format!(
            "maximum iterations reached while moving dependent ops: `{}` would be move {} of at most {limit}",
            o.name,
            limit + 1
        ),
    )
    .with_label("this op reads the cluster and sits before its last op")
    .with_help("raise `Limits::max_moves`, or end the cluster before the ops that read it")
}

fn not_convex(m: &Module, feeder: OpId, member: OpId) -> Diag {
    let (f, c) = (m.op(feeder), m.op(member));
    Diag::new(
        "cluster::convex",
        f.span,
        format!(
            "the cluster is not convex: `{}` reads a cluster value and feeds the clustered `{}`",
            f.name, c.name
        ),
    )
    .with_label("this op would have to come both before and after the fused op")
    .with_help("add this op to the cluster, or leave out the clustered ops that depend on it")
}
