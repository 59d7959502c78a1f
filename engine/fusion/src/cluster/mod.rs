//! Clusters: the shared region builder that turns a set of matched ops into one fused op, to the
//! contract of the seed's `hilo::FusionCluster` (seeds/000, "FusionCluster — the shared region
//! builder").
//!
//! A [`Cluster`] is an ordered, deduplicated set of ops in one block plus a kind tag such as
//! `MulRedSqrt`. Constructing it runs the boundary analysis (live-ins and live-outs); [`build`]
//! then materializes it as an `mhlo.fusion` whose body holds the moved ops ([`Emit::Fusion`]) or
//! as a `stablehlo.composite` whose decomposition holds clones ([`Emit::Composite`]).
//! [`penguin`] prints the Penguin form of every fused op in a module.
//!
//! Invariant: a cluster's ops are in program order (their order in their block), whatever order
//! the caller gave them in, so the body built from them respects dominance.
//!
//! Invariant: live-ins and live-outs follow the seed's order: the cluster is scanned from its last
//! op to its first; within an op, operands (then the operands of ops nested in its regions) and
//! results are taken in order; a value is recorded at its first sighting. For the seed's
//! `{multiply, reduce, sqrt}` that gives live-ins `[init, x]` and the live-out `[sqrt]`. The
//! fusion's operands, its body's arguments, its results and its terminator's operands all follow
//! these two lists, so the terminator returns the live-outs in exactly their order.

mod build;
mod composite;
mod legalize;
mod penguin;
mod schedule;

pub use build::{build, Emit, Limits};
pub(crate) use composite::PREFIX as DECOMPOSITION_PREFIX;
pub use penguin::penguin;

use egfuse_diag::{Diag, Span};
use egfuse_ir::{BlockId, Module, OpId, OpSet, Use, ValueId};
use rustc_hash::FxHashSet;

/// A matched set of ops and its boundary, ready to be built into one op.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cluster {
    ops: Vec<OpId>,
    kind: String,
    live_ins: Vec<ValueId>,
    /// For each live-in, the first use of it inside the cluster (where `updateInputs` reads the
    /// value the cluster sees today, after earlier builds rewired it).
    live_in_sites: Vec<Use>,
    live_outs: Vec<ValueId>,
}

impl Cluster {
    /// Dedups `ops`, puts them in program order and computes the boundary (the seed's ctor and
    /// `populateLiveInLiveOuts`). The ops must share one block, and none may be a terminator or
    /// an isolated op (a function or module); `kind` must be an identifier.
    pub fn new(
        m: &Module,
        ops: impl IntoIterator<Item = OpId>,
        kind: &str,
    ) -> Result<Cluster, Diag> {
        let mut ops: Vec<OpId> = ops.into_iter().collect();
        let span = ops.first().map_or(Span::NONE, |&o| m.op(o).span);
        check_kind(kind, span)?;
        let block = common_block(m, &ops)?;
        m.sort_in_block(&mut ops);
        ops.dedup();
        for &o in &ops {
            check_movable(m, o)?;
        }
        let (live_ins, live_in_sites) = live_ins(m, &ops, block);
        let live_outs = live_outs(m, &ops, block);
        Ok(Cluster {
            ops,
            kind: kind.to_string(),
            live_ins,
            live_in_sites,
            live_outs,
        })
    }

    /// The clustered ops, in program order.
    pub fn ops(&self) -> &[OpId] {
        &self.ops
    }

    /// The kind tag (`MulRedSqrt`), stamped as `FusionKind` or the composite's name.
    pub fn kind(&self) -> &str {
        &self.kind
    }

    /// Values defined outside the cluster and used inside it: the future operands.
    pub fn live_ins(&self) -> &[ValueId] {
        &self.live_ins
    }

    /// Values defined inside the cluster and used outside it: the future results.
    pub fn live_outs(&self) -> &[ValueId] {
        &self.live_outs
    }

    pub(crate) fn live_in_sites(&self) -> &[Use] {
        &self.live_in_sites
    }

    /// The op of the cluster that comes last in its block: where the fused op is inserted.
    pub fn anchor(&self) -> OpId {
        self.ops[self.ops.len() - 1]
    }
}

fn check_kind(kind: &str, span: Span) -> Result<(), Diag> {
    let mut chars = kind.chars();
    let ok = chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_');
    if ok {
        return Ok(());
    }
    Err(Diag::new(
        "cluster::kind",
        span,
        format!("the cluster kind `{kind}` is not an identifier"),
    )
    .with_label("the cluster starts here")
    .with_help("a kind names a fusion, e.g. `MulRedSqrt`: letters, digits and `_`"))
}

/// The block every op of the cluster sits in; the ops must all be attached to it.
pub(crate) fn common_block(m: &Module, ops: &[OpId]) -> Result<BlockId, Diag> {
    let Some(&first) = ops.first() else {
        return Err(Diag::new(
            "cluster::empty",
            Span::NONE,
            "a cluster needs at least one op",
        ));
    };
    let help = "a cluster's ops must sit in one block, outside any earlier fusion";
    if let Some(&gone) = ops.iter().find(|&&o| !m.is_attached(o)) {
        let op = m.op(gone);
        let message = format!(
            "`{}` is no longer in the module (an earlier build erased it)",
            op.name
        );
        return Err(Diag::new("cluster::block", op.span, message)
            .with_label("this op")
            .with_help(help));
    }
    let block = m.op(first).parent;
    let Some(&other) = ops.iter().find(|&&o| m.op(o).parent != block) else {
        return block.ok_or_else(|| Diag::new("cluster::block", Span::NONE, "a detached cluster"));
    };
    let fused = |o: OpId| {
        m.parent_op(o)
            .is_some_and(|p| &*m.op(p).name == "mhlo.fusion")
    };
    let at = if fused(first) { first } else { other };
    let message = if fused(at) {
        format!("`{}` is already inside an `mhlo.fusion`", m.op(at).name)
    } else {
        let (a, b) = (&m.op(first).name, &m.op(other).name);
        format!("`{a}` and `{b}` are not in one block")
    };
    Err(Diag::new("cluster::block", m.op(at).span, message)
        .with_label("this op")
        .with_help(help))
}

fn check_movable(m: &Module, o: OpId) -> Result<(), Diag> {
    let op = m.op(o);
    let traits = op.def.map(|d| d.traits).unwrap_or_default();
    if traits.terminator || traits.isolated {
        let what = if traits.terminator {
            "a terminator"
        } else {
            "an isolated op"
        };
        return Err(Diag::new(
            "cluster::op",
            op.span,
            format!("`{}` is {what} and cannot be fused", op.name),
        )
        .with_label("this op"));
    }
    Ok(())
}

/// Membership in the cluster: `op` is a clustered op or nested in one.
pub(crate) struct Members<'m> {
    m: &'m Module,
    block: BlockId,
    set: OpSet,
}

impl<'m> Members<'m> {
    pub(crate) fn new(m: &'m Module, ops: &[OpId], block: BlockId) -> Members<'m> {
        Members {
            m,
            block,
            set: OpSet::new(ops),
        }
    }

    pub(crate) fn contains(&self, op: OpId) -> bool {
        self.m
            .ancestor_in_block(op, self.block)
            .is_some_and(|a| self.set.contains(a))
    }

    /// True when `v` is defined by a clustered op, inside one, or is an argument of a block
    /// nested in one.
    pub(crate) fn defines(&self, v: ValueId) -> bool {
        self.m.value_owner(v).is_some_and(|o| self.contains(o))
    }
}

/// Every op of `op`'s subtree (itself first, then nested ops in pre-order).
pub(crate) fn subtree(m: &Module, op: OpId) -> Vec<OpId> {
    let mut out = vec![op];
    let mut i = 0;
    while i < out.len() {
        let o = out[i];
        for &r in &m.op(o).regions {
            for &b in &m.region(r).blocks {
                out.extend(m.block(b).ops.iter().copied());
            }
        }
        i += 1;
    }
    out
}

/// The seed's `populateLiveIns` over the cluster in reverse, extended to operands of nested ops
/// (values a region captures from outside the cluster are live-ins too).
fn live_ins(m: &Module, ops: &[OpId], block: BlockId) -> (Vec<ValueId>, Vec<Use>) {
    let members = Members::new(m, ops, block);
    let mut seen = FxHashSet::default();
    let (mut values, mut sites) = (Vec::new(), Vec::new());
    for &op in ops.iter().rev() {
        for o in subtree(m, op) {
            for (i, &v) in m.op(o).operands.iter().enumerate() {
                if !members.defines(v) && seen.insert(v) {
                    values.push(v);
                    sites.push(Use {
                        op: o,
                        operand: i as u32,
                    });
                }
            }
        }
    }
    (values, sites)
}

/// The seed's `populateLiveOuts` over the cluster in reverse: a result with a user outside.
fn live_outs(m: &Module, ops: &[OpId], block: BlockId) -> Vec<ValueId> {
    let members = Members::new(m, ops, block);
    let mut out = Vec::new();
    for &op in ops.iter().rev() {
        for &r in &m.op(op).results {
            if m.value(r).uses.iter().any(|u| !members.contains(u.op)) {
                out.push(r);
            }
        }
    }
    out
}
