//! The build sequence shared by both emitters: the seed's `FusionCluster::codeGen` (seeds/000
//! "codeGen — MHLO build sequence", steps 4a-4k) and, through [`super::composite`], its
//! `stableHLOCodeGen` twin.
//!
//! Every check runs before the module changes, so an error leaves it as it was. The fused op is
//! inserted just before the cluster's last op (the seed's anchor): every live-in is read by some
//! clustered op, so it is defined before the last one, and the operands dominate the fused op;
//! users of cluster values that sat between cluster ops are moved after it by
//! [`super::schedule`].

use super::{common_block, composite, legalize, schedule, Cluster, Members};
use egfuse_diag::Diag;
use egfuse_ir::{Attr, BlockId, Location, Module, NamedAttr, OpId, OpSpec, ValueId};

/// Which op a cluster becomes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Emit {
    /// `mhlo.fusion { <moved ops>; mhlo.return }` with `FusionKind = "<Kind>"` (MHLO path).
    Fusion,
    /// `stablehlo.composite "neuron.<Kind>"` with a cloned `@genComposite<N>` decomposition.
    Composite,
}

/// Bounds on the work of one build.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// How many dependent ops dominance repair may move (the seed's iteration cap).
    pub max_moves: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits { max_moves: 10_000 }
    }
}

/// Builds `cluster` into one op of kind `emit` and returns it. The module verifies afterwards if
/// it verified before; on error nothing has changed.
pub fn build(m: &mut Module, cluster: &Cluster, emit: Emit, limits: &Limits) -> Result<OpId, Diag> {
    let block = common_block(m, cluster.ops())?;
    check_live_outs(m, cluster, block)?;
    let operands = legalize::update_inputs(m, cluster, block)?;
    let moves = schedule::plan(m, cluster, block, limits)?;
    let loc = fused_loc(m, cluster.ops());
    let fused = match emit {
        Emit::Fusion => fusion(m, cluster, &operands, loc),
        Emit::Composite => composite::composite(m, cluster, block, &operands, loc)?,
    };
    schedule::apply(m, fused, &moves);
    Ok(fused)
}

/// Every cluster value used outside the cluster must be a live-out; a cluster analysed before
/// the IR changed could otherwise leave a use of a value that moved out of reach.
fn check_live_outs(m: &Module, cluster: &Cluster, block: BlockId) -> Result<(), Diag> {
    let members = Members::new(m, cluster.ops(), block);
    for &op in cluster.ops() {
        for &r in &m.op(op).results {
            let escapes = m.value(r).uses.iter().any(|u| !members.contains(u.op));
            if escapes && !cluster.live_outs().contains(&r) {
                let o = m.op(op);
                let message = format!(
                    "a result of `{}` is used outside the cluster but is not one of its live-outs",
                    o.name
                );
                return Err(Diag::new("cluster::live_out", o.span, message)
                    .with_label("this op")
                    .with_help(
                        "the cluster was analysed before the IR changed; analyse it again",
                    ));
            }
        }
    }
    Ok(())
}

/// Step 4a: the locations of the clustered ops, last op first, fused (`FusedLoc::get`: unknown
/// locations dropped, nested fused locations flattened, duplicates removed, a single location
/// kept as is). `None` when no op has a location.
///
/// A fused location that names aliases becomes an alias itself ([`Module::new_loc_alias`]).
pub(crate) fn fused_loc(m: &mut Module, ops: &[OpId]) -> Option<Location> {
    let loc = fuse_locs(m, ops)?;
    let Location::Fused { locs, .. } = &loc else {
        return Some(loc);
    };
    if !locs.iter().any(Location::names_alias) {
        return Some(loc);
    }
    Some(m.new_loc_alias(loc))
}

fn fuse_locs(m: &Module, ops: &[OpId]) -> Option<Location> {
    let mut locs: Vec<Location> = Vec::new();
    for &o in ops.iter().rev() {
        if let Some(l) = &m.op(o).loc {
            push_loc(m, l, &mut locs);
        }
    }
    match locs.len() {
        0 => None,
        1 => locs.pop(),
        _ => Some(Location::Fused {
            metadata: None,
            locs,
        }),
    }
}

fn push_loc(m: &Module, l: &Location, out: &mut Vec<Location>) {
    match resolve(m, l) {
        Location::Unknown => {}
        Location::Fused {
            metadata: None,
            locs,
        } => {
            for inner in locs {
                push_loc(m, inner, out);
            }
        }
        _ if out.contains(l) => {}
        _ => out.push(l.clone()),
    }
}

/// What an alias stands for (aliases of aliases followed).
fn resolve<'m>(m: &'m Module, l: &'m Location) -> &'m Location {
    let mut cur = l;
    for _ in 0..m.loc_aliases.len() + 1 {
        match cur {
            Location::Alias(i) => match m.loc_aliases.get(*i as usize) {
                Some(a) => cur = &a.loc,
                None => return cur,
            },
            _ => return cur,
        }
    }
    cur
}

/// Steps 4c-4i: the `mhlo.fusion` with the moved ops, its block arguments, the two rewirings and
/// the `mhlo.return` of the live-outs.
fn fusion(m: &mut Module, cluster: &Cluster, operands: &[ValueId], loc: Option<Location>) -> OpId {
    let body = m.new_block();
    let args: Vec<ValueId> = (operands.iter())
        .map(|&v| {
            let ty = m.ty(v).clone();
            m.add_block_arg(body, ty, None)
        })
        .collect();
    let region = m.new_region(vec![body]);
    let mut spec = OpSpec::new("mhlo.fusion");
    spec.operands = operands.to_vec();
    spec.result_types = types(m, cluster.live_outs());
    spec.attrs = vec![NamedAttr::new("FusionKind", Attr::string(cluster.kind()))];
    spec.regions = vec![region];
    spec.loc = loc.clone();
    let fusion = m.create_op(spec);
    m.insert_op_before(cluster.anchor(), fusion);
    m.detach_ops(cluster.ops());
    for &op in cluster.ops() {
        m.append_op(body, op);
    }
    // 4f: uses inside the body read the block arguments.
    let outside = m.op(fusion).parent;
    let inside = move |m: &Module, op: OpId| match m.op(op).parent {
        Some(b) if b == body => true,
        b if b == outside => false,
        _ => m.is_ancestor(fusion, op),
    };
    for (i, &arg) in args.iter().enumerate() {
        let (live_in, operand) = (cluster.live_ins()[i], operands[i]);
        m.replace_uses_if(live_in, arg, |m, u| inside(m, u.op));
        // Usually the same value, whose inside uses are rewired already: a second scan of a
        // shared value's uses would find none.
        if operand != live_in {
            m.replace_uses_if(operand, arg, |m, u| inside(m, u.op));
        }
    }
    // 4g: the terminator returns the live-outs.
    let mut ret = OpSpec::new("mhlo.return");
    ret.operands = cluster.live_outs().to_vec();
    ret.loc = loc;
    let ret = m.create_op(ret);
    m.append_op(body, ret);
    // 4i: uses outside the body read the fusion's results.
    let results = m.op(fusion).results.clone();
    for (&v, &r) in cluster.live_outs().iter().zip(&results) {
        m.replace_uses_if(v, r, |m, u| u.op != fusion && !inside(m, u.op));
    }
    name_results(m, fusion, cluster.live_outs());
    fusion
}

/// Gives the fused op's results the names of the live-outs they carry, so the code around the
/// fused op prints as before.
pub(crate) fn name_results(m: &mut Module, fused: OpId, live_outs: &[ValueId]) {
    let results = m.op(fused).results.clone();
    for (&v, &r) in live_outs.iter().zip(&results) {
        m.value_mut(r).name = m.value(v).name.clone();
    }
}

pub(crate) fn types(m: &Module, values: &[ValueId]) -> Vec<egfuse_ir::Type> {
    values.iter().map(|&v| m.ty(v).clone()).collect()
}
