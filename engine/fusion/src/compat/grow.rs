//! The general Elementwise fusion: clusters grown from each eligible op over its producers.
//!
//! The seed names `fuseElementwiseOps` but not its algorithm. egfuse grows producer-first: the
//! walk visits ops last to first; an eligible op not yet claimed roots a cluster, and a
//! producer joins when it is eligible, sits in the same block, and every use of its results is
//! inside the cluster. Only its root is read outside it, so it is always convex (no path
//! leaves it and comes back), and the region builder never has to reorder.
//!
//! Three clauses widen it (egraph mode's `Loop` rules use them; the seed's rule uses none). The
//! ops of `close` (a reduce) root the rule's clusters, and never join one as a producer: such a
//! cluster is XLA's input fusion. An op of `edge` that moves elements across the layout joins
//! only at the cluster's edge ([`Edges`]), where the lowering reads or writes it as a DMA's
//! access pattern. An op of `copy` (a broadcast, a splat) joins even when read
//! outside the cluster: [`take_copies`] gives the cluster its own copy as it is built, so the
//! cluster stays convex and the original keeps serving its other readers. A cluster of copies
//! only is never built, and a cluster never broadcasts one value along two different sets of
//! dimensions (a kernel reads each input in one layout).
//!
//! Traced (coverage), every op of the rule's class is an anchor: it roots a cluster (a match),
//! or is rejected because an earlier rule claimed it, it joined (or was copied into) a later
//! op's cluster, a predicate does not hold, or the cluster it roots stays below `min_ops`.

use super::preds::{pred_holds, InControlFlow, Scope};
use crate::trace::{pred_text, GrowOutcome, Trace};
use egfuse_dsl::ast::{FusionRule, Grow, OpName};
use egfuse_ir::{Module, OpId, ValueMap};
use rustc_hash::{FxHashMap, FxHashSet};

/// One grown cluster: its members in program order, and those it owns (the rest joined as
/// copies; [`take_copies`] decides at build time which really are).
pub struct Grown {
    pub ops: Vec<OpId>,
    pub owned: Vec<OpId>,
}

/// The ops earlier clusters took: owned (moved into them) or copied (each reader may copy it
/// again, but it roots no cluster and joins none as its own).
#[derive(Clone, Default)]
pub struct Claims {
    pub owned: FxHashSet<OpId>,
    pub copied: FxHashSet<OpId>,
}

impl Claims {
    /// Records a cluster's ops.
    pub fn take(&mut self, found: &Grown) {
        self.owned.extend(found.owned.iter().copied());
        let copies = found.ops.iter().filter(|op| !found.owned.contains(op));
        self.copied.extend(copies);
    }

    /// Whether an op of `found` that it owns is taken already.
    pub fn overlaps(&self, found: &Grown) -> bool {
        found.owned.iter().any(|&op| self.contains(op))
    }

    /// Whether `op` is taken, owned or copied.
    fn contains(&self, op: OpId) -> bool {
        self.owned.contains(&op) || self.copied.contains(&op)
    }
}

impl Grown {
    /// A cluster that owns all its ops (a pattern's match).
    pub fn owning(ops: Vec<OpId>) -> Grown {
        Grown {
            owned: ops.clone(),
            ops,
        }
    }
}

/// The clusters of a `grow` rule over the ops of `walk`, skipping `claimed` ops, with `top_level`
/// holding in the blocks of `scope`; each op of the class is counted in `trace` when given (with
/// the rule it counts for).
pub fn clusters(
    m: &Module,
    (g, scope): (&Grow, Scope),
    walk: &[OpId],
    claimed: &Claims,
    mut trace: Option<(&mut Trace, &FusionRule)>,
) -> Vec<Grown> {
    let min = g.limit("min_ops").unwrap_or(2).max(1) as usize;
    let max = g.limit("max_ops").map_or(usize::MAX, |n| n.max(1) as usize);
    let position: FxHashMap<OpId, usize> =
        walk.iter().enumerate().map(|(i, &op)| (op, i)).collect();
    let mut taken = claimed.clone();
    let mut out = Vec::new();
    for &root in walk.iter().rev() {
        if let Some((t, rule)) = trace.as_mut() {
            if let Some(why) = rejection(m, (g, scope), root, claimed, &taken) {
                t.reject(rule, root, why);
                continue;
            }
        }
        if taken.contains(root) || !roots(m, (g, scope), root) {
            continue;
        }
        let mut refused = trace.as_ref().map(|_| Vec::new());
        let grown = grow_from(m, (g, scope), root, (&taken, max), refused.as_mut());
        let why = verdict(m, g, &grown, min);
        if let Some((t, rule)) = trace.as_mut() {
            match &why {
                Some(why) => t.reject(rule, root, why.clone()),
                None => t.rooted(rule, root, grown.members.len()),
            }
            for (op, why) in refused.into_iter().flatten() {
                t.grow(rule, op, GrowOutcome::Refused { root, why });
            }
        }
        if why.is_none() {
            let Growth {
                mut members,
                inside,
                ..
            } = grown;
            members.sort_by_key(|op| position[op]);
            let owned: Vec<OpId> = (members.iter().copied())
                .filter(|op| inside.contains(op))
                .collect();
            let found = Grown {
                ops: members,
                owned,
            };
            taken.take(&found);
            out.push(found);
        }
    }
    out.reverse();
    out
}

/// A cluster as grown from its root, before the rule's verdict.
struct Growth {
    members: Vec<OpId>,
    /// Members whose results only members read (the root's are the cluster's own); the
    /// others joined as copies.
    inside: FxHashSet<OpId>,
}

/// Grows the cluster of `root` over its producers, breadth first, up to `max` ops: a producer
/// joins as its own when every reader of it is inside, or as a copy when the rule copies it,
/// and an `edge` op that moves elements across the layout only where [`Edges`] allows. Each
/// producer of the rule's class that stays out goes into `refused`, when given, with why.
fn grow_from(
    m: &Module,
    (g, scope): (&Grow, Scope),
    root: OpId,
    (taken, max): (&Claims, usize),
    mut refused: Option<&mut Vec<(OpId, &'static str)>>,
) -> Growth {
    let mut members = vec![root];
    let mut all: FxHashSet<OpId> = [root].into_iter().collect();
    let mut inside: FxHashSet<OpId> = [root].into_iter().collect();
    let mut edges = Edges::default();
    edges.side.insert(root, edges.side_of(m, g, root, &[]));
    let mut k = 0;
    while k < members.len() && members.len() < max {
        let operands = m.op(members[k]).operands.clone();
        k += 1;
        for v in operands {
            let Some(p) = m.defining_op(v) else { continue };
            let near = !all.contains(&p)
                && m.op(p).parent == m.op(root).parent
                && eligible(m, (g, scope), p);
            if !near {
                continue;
            }
            let cluster = (members.as_slice(), &all, &inside);
            let (side, own) = match admission((m, g, p), cluster, (taken, max), &edges) {
                Ok(joined) => joined,
                Err(why) => {
                    if let Some(r) = refused.as_mut() {
                        r.push((p, why));
                    }
                    continue;
                }
            };
            if own {
                inside.insert(p);
            }
            edges.side.insert(p, side);
            members.push(p);
            all.insert(p);
        }
    }
    Growth { members, inside }
}

/// The side the producer `p` joins the cluster of `members` (`all` as a set, `inside` those it
/// owns) on, and whether it joins as its own (every reader of it inside) rather than as a
/// copy; or why it stays out.
fn admission(
    (m, g, p): (&Module, &Grow, OpId),
    (members, all, inside): (&[OpId], &FxHashSet<OpId>, &FxHashSet<OpId>),
    (taken, max): (&Claims, usize),
    edges: &Edges,
) -> Result<(Side, bool), &'static str> {
    if taken.owned.contains(&p) {
        return Err("a cluster built before took it");
    } else if members.len() >= max {
        return Err("the cluster has max_ops ops");
    } else if !one_layout(m, members, p) {
        return Err("the cluster reads its operand broadcast along other dimensions");
    }
    let own = all_uses_inside(m, p, inside) && !taken.copied.contains(&p);
    if !own && !names(&g.copy, m, p) {
        return Err("an op outside the cluster reads it, and the rule does not copy it");
    }
    edges.admit(m, g, p, all).map(|side| (side, own))
}

/// Where a member sits against the cluster's edge.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    /// In the chain of views that writes the root's result: every reader of it is such a view.
    Out,
    /// In a chain of views that reads an input: it reads nothing the cluster computes.
    In,
    /// Between the edges, computed on the kernel's layout.
    Within,
}

/// The sides of a cluster's members. An `edge` op that does not keep the layout (a transpose,
/// a reshape that regroups dimensions, a slice, a broadcast along some rows' dimensions and not
/// others) is an access pattern of the kernel's store or of a load, so it joins only in the chain of
/// views (ops of `edge` or `copy`) that writes the root (and then writes each element of its
/// result from one element of its operand: not a slice) or in one that reads an input; below it only
/// views join. The kernel's ops in between all compute on one layout.
#[derive(Default)]
struct Edges {
    side: FxHashMap<OpId, Side>,
}

impl Edges {
    /// The side of `op` given the sides of its readers in the cluster (none for the root).
    fn side_of(&self, m: &Module, g: &Grow, op: OpId, readers: &[Side]) -> Side {
        let view = names(&g.edge, m, op) || names(&g.copy, m, op);
        if readers.contains(&Side::In) {
            return Side::In;
        }
        let moves = names(&g.edge, m, op) && !egfuse_ir::facts::keeps_layout(m, op);
        match (view, readers.iter().all(|&s| s == Side::Out)) {
            (true, true) if !moves || stores_through(m, op) => Side::Out,
            (true, _) if moves => Side::In,
            _ => Side::Within,
        }
    }

    /// The side `p` joins on, if it may join the cluster whose members are `all`.
    fn admit(
        &self,
        m: &Module,
        g: &Grow,
        p: OpId,
        all: &FxHashSet<OpId>,
    ) -> Result<Side, &'static str> {
        let readers = (m.op(p).results.iter())
            .flat_map(|&r| m.value(r).uses.iter())
            .filter_map(|u| self.side.get(&u.op).copied());
        let view = names(&g.edge, m, p) || names(&g.copy, m, p);
        if !view {
            // An op that computes joins between the edges, never below an input's chain.
            return match { readers }.all(|s| s != Side::In) {
                true => Ok(Side::Within),
                false => Err("a view that moves elements across the layout reads it, and only views join below one, as the pattern of an input's load"),
            };
        }
        let readers: Vec<Side> = readers.collect();
        let side = self.side_of(m, g, p, &readers);
        // An input's chain reads nothing the cluster computes.
        let computed = |v: &egfuse_ir::ValueId| {
            (m.defining_op(*v)).is_some_and(|q| all.contains(&q) && self.side[&q] != Side::In)
        };
        match side != Side::In || !m.op(p).operands.iter().any(computed) {
            true => Ok(side),
            false => Err("it moves elements across the layout, which a kernel does only at its edge, and it reads what the cluster computes"),
        }
    }
}

/// Whether a store can write `op`'s result from its operand: each element of the result is
/// one element of the operand, and each element of the operand is written (a transpose, a
/// reshape, or a broadcast, which writes them several times; not a slice).
fn stores_through(m: &Module, op: OpId) -> bool {
    let o = m.op(op);
    let count = |v: egfuse_ir::ValueId| m.ty(v).dims().map(|d| d.iter().product::<i64>());
    let broadcast = &*o.name == "stablehlo.broadcast_in_dim";
    let once = o.operands.len() == 1 && count(o.operands[0]) == count(o.results[0]);
    o.results.len() == 1 && (broadcast || once)
}

/// Why a grown cluster is not built, if it is not: below `min_ops` (constants, no kernels of
/// their own, do not count), or nothing but copies.
fn verdict(m: &Module, g: &Grow, grown: &Growth, min: usize) -> Option<String> {
    let size = (grown.members.iter())
        .filter(|&&op| &*m.op(op).name != "stablehlo.constant")
        .count();
    if size < min {
        Some(format!("fewer than min_ops = {min} ops"))
    } else if grown.members.len() > grown.inside.len()
        && grown.members.iter().all(|&op| names(&g.copy, m, op))
    {
        Some("only ops the rule copies".to_string())
    } else {
        None
    }
}

/// Why an op of the rule's class does not root a cluster, before growing; `None` for ops
/// outside the class (not anchors) and for ops that root one.
fn rejection(
    m: &Module,
    (g, scope): (&Grow, Scope),
    op: OpId,
    claimed: &Claims,
    taken: &Claims,
) -> Option<String> {
    if !anchors(m, g, op) {
        return None;
    }
    if claimed.contains(op) {
        return Some("claimed by an earlier rule".to_string());
    }
    if taken.owned.contains(&op) {
        return Some("joined a later op's cluster".to_string());
    }
    if taken.copied.contains(&op) {
        return Some("copied into a later op's cluster".to_string());
    }
    failed_pred(m, (g, scope), op).map(|k| pred_text(&g.preds[k]))
}

/// Whether `op` may join a cluster as a producer.
fn eligible(m: &Module, (g, scope): (&Grow, Scope), op: OpId) -> bool {
    in_class(m, g, op) && failed_pred(m, (g, scope), op).is_none()
}

/// Whether `op` may root a cluster: it is an anchor and the rule's predicates hold on it. A
/// root slice reads an input's chain: its cluster is views only, one DMA.
fn roots(m: &Module, (g, scope): (&Grow, Scope), op: OpId) -> bool {
    anchors(m, g, op) && failed_pred(m, (g, scope), op).is_none()
}

/// Whether the rule takes `op` at a kernel's edge (in egraph mode's blocks): it names it in
/// `edge` and its predicates hold on it.
pub fn edges(m: &Module, g: &Grow, op: OpId) -> bool {
    names(&g.edge, m, op) && failed_pred(m, (g, Scope::ControlFlow), op).is_none()
}

/// Whether `op` is of the ops that root the rule's clusters: those of `close` with one result
/// when the rule has a `close`, else the class.
fn anchors(m: &Module, g: &Grow, op: OpId) -> bool {
    match g.close.is_empty() {
        true => in_class(m, g, op),
        false => names(&g.close, m, op) && m.op(op).results.len() == 1,
    }
}

/// Whether the rule copies `op` (in egraph mode's blocks): it names it in `copy` and its
/// predicates hold on it.
pub fn copies(m: &Module, g: &Grow, op: OpId) -> bool {
    names(&g.copy, m, op) && failed_pred(m, (g, Scope::ControlFlow), op).is_none()
}

/// Whether `op` is of the rule's op class and not excepted.
fn in_class(m: &Module, g: &Grow, op: OpId) -> bool {
    let o = m.op(op);
    let elementwise = o.def.is_some_and(|d| d.traits.elementwise) && o.results.len() == 1;
    let listed = g.class.ops.iter().any(|n| n.name == *o.name);
    let in_class = listed || (elementwise && g.class.elementwise.is_some());
    in_class && !names(&g.except, m, op) && !names(&g.close, m, op) && !o.results.is_empty()
}

/// Whether `p` reads nothing that a member broadcasts along other dimensions: a kernel reads
/// each of its inputs in one layout (one value per row, per column or per element).
fn one_layout(m: &Module, members: &[OpId], p: OpId) -> bool {
    let broadcast = |op: OpId| {
        let o = m.op(op);
        (&*o.name == "stablehlo.broadcast_in_dim")
            .then(|| (o.operands[0], o.attr("broadcast_dimensions")))
    };
    let Some((x, dims)) = broadcast(p) else {
        return true;
    };
    (members.iter().filter_map(|&q| broadcast(q))).all(|(y, d)| y != x || d == dims)
}

/// Whether `op` is one of `ops`.
fn names(ops: &[OpName], m: &Module, op: OpId) -> bool {
    ops.iter().any(|n| n.name == *m.op(op).name)
}

/// The index of the first of the rule's predicates that does not hold on `op`.
fn failed_pred(m: &Module, (g, scope): (&Grow, Scope), op: OpId) -> Option<usize> {
    let mut values = FxHashMap::default();
    values.insert(g.var.name.clone(), m.op(op).results[0]);
    let caps = FxHashMap::default();
    g.preds.iter().position(|p| match scope {
        Scope::FunctionBodies => !pred_holds(m, p, &values, &caps),
        Scope::ControlFlow => !pred_holds(&InControlFlow(m), p, &values, &caps),
    })
}

fn all_uses_inside(m: &Module, op: OpId, inside: &FxHashSet<OpId>) -> bool {
    m.op(op)
        .results
        .iter()
        .all(|&r| m.value(r).uses.iter().all(|u| inside.contains(&u.op)))
}

/// Gives a grown cluster its own copy of each member that something outside it still reads
/// (a `copy` op joined so), and returns the members with the copies in place of those
/// originals. A member is moved into the cluster when it is the root (the last op) or every
/// reader of it is a moved member; the others are cloned just before their first reader in the
/// cluster (so the cluster spans no more of the block than its own ops do), and the moved
/// members read the clones. Copies are exact, so the module computes what it did.
pub fn take_copies(m: &mut Module, ops: &[OpId]) -> Vec<OpId> {
    let mut moved: FxHashSet<OpId> = FxHashSet::default();
    let mut cloned = Vec::new();
    for (i, &op) in ops.iter().enumerate().rev() {
        let readers_moved = (m.op(op).results.iter())
            .all(|&r| m.value(r).uses.iter().all(|u| moved.contains(&u.op)));
        if i + 1 == ops.len() || readers_moved {
            moved.insert(op);
        } else {
            cloned.push(op);
        }
    }
    let mut out: Vec<OpId> = ops
        .iter()
        .copied()
        .filter(|op| moved.contains(op))
        .collect();
    // Latest first: a copy's readers in the cluster (moved members, later copies) exist when it
    // is placed, and the copies it reads are made after it and rewired to.
    let mut ours: FxHashSet<OpId> = moved;
    for &op in &cloned {
        let results = m.op(op).results.clone();
        let first = (results.iter())
            .flat_map(|&r| m.value(r).uses.iter().map(|u| u.op))
            .filter(|o| ours.contains(o))
            .min_by_key(|&o| m.op_position(o));
        let Some(first) = first else { continue };
        let copy = m.clone_op(op, &mut ValueMap::default());
        m.insert_op_before(first, copy);
        for (&r, &c) in results.iter().zip(&m.op(copy).results.clone()) {
            m.replace_uses_if(r, c, |_, u| ours.contains(&u.op));
        }
        ours.insert(copy);
        out.push(copy);
    }
    out
}
