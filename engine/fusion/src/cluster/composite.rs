//! The StableHLO emitter: the seed's `stableHLOCodeGen` (seeds/000 "MHLO fusion vs StableHLO
//! composite").
//!
//! The clustered ops are cloned (not moved) into a new `func.func private @genComposite<N>`
//! marked `noDelete`, whose signature is the composite's operand and result types and whose body
//! ends in `func.return`. The `stablehlo.composite "neuron.<Kind>"` that calls it takes the
//! cluster's place; the kind is namespaced because MLIR rejects un-namespaced composite names
//! (StableHLO spec, composite (C1)). Outside uses of the live-outs then read the composite's
//! results and the original ops, now unused, are erased.
//!
//! Invariant: `N` is the smallest number whose `genComposite<N>` names no symbol of the module,
//! so successive builds on one module number their decompositions 0, 1, 2, ... deterministically.

use super::build::types;
use super::Cluster;
use egfuse_diag::Diag;
use egfuse_ir::{
    Attr, BlockId, Location, Module, NamedAttr, OpId, OpSpec, Type, ValueId, ValueMap,
};
use rustc_hash::FxHashSet;

/// The prefix of generated decomposition names (the seed's "genComposite").
pub(crate) const PREFIX: &str = "genComposite";

/// Builds the decomposition and the composite, rewires the live-outs and erases the originals.
pub(crate) fn composite(
    m: &mut Module,
    cluster: &Cluster,
    block: BlockId,
    operands: &[ValueId],
    loc: Option<Location>,
) -> Result<OpId, Diag> {
    let symbol = decomposition(m, cluster, block, operands, loc.clone());
    let mut spec = OpSpec::new("stablehlo.composite");
    spec.operands = operands.to_vec();
    spec.result_types = types(m, cluster.live_outs());
    spec.props = vec![
        NamedAttr::new("decomposition", Attr::SymbolRef(vec![symbol.into()])),
        NamedAttr::new("name", Attr::string(&format!("neuron.{}", cluster.kind()))),
    ];
    spec.loc = loc;
    let composite = m.create_op(spec);
    m.insert_op_before(cluster.anchor(), composite);
    let members: FxHashSet<OpId> = cluster.ops().iter().copied().collect();
    let results = m.op(composite).results.clone();
    for (&v, &r) in cluster.live_outs().iter().zip(&results) {
        m.replace_uses_if(v, r, |m, u| {
            m.ancestor_in_block(u.op, block)
                .is_none_or(|a| !members.contains(&a))
        });
    }
    super::build::name_results(m, composite, cluster.live_outs());
    m.detach_ops(cluster.ops());
    for &op in cluster.ops().iter().rev() {
        m.erase_op(op)?;
    }
    Ok(composite)
}

/// Creates `func.func private @genComposite<N>` holding clones of the cluster and appends it to
/// the module that holds the cluster; returns its name.
fn decomposition(
    m: &mut Module,
    cluster: &Cluster,
    block: BlockId,
    operands: &[ValueId],
    loc: Option<Location>,
) -> String {
    let name = free_symbol(m);
    let body = m.new_block();
    let mut map = ValueMap::default();
    for (&v, &live_in) in operands.iter().zip(cluster.live_ins()) {
        let ty = m.ty(v).clone();
        let arg = m.add_block_arg(body, ty, None);
        map.insert(v, arg);
        map.insert(live_in, arg);
    }
    for &op in cluster.ops() {
        let copy = m.clone_op(op, &mut map);
        m.append_op(body, copy);
    }
    let mut ret = OpSpec::new("func.return");
    ret.operands = (cluster.live_outs().iter())
        .map(|v| *map.get(v).unwrap_or(v))
        .collect();
    ret.loc = loc.clone();
    let ret = m.create_op(ret);
    m.append_op(body, ret);
    let signature = Type::Function(types(m, operands), types(m, cluster.live_outs()));
    let mut spec = OpSpec::new("func.func");
    spec.props = vec![
        NamedAttr::new("function_type", Attr::Type(signature)),
        NamedAttr::new("sym_name", Attr::string(&name)),
        NamedAttr::new("sym_visibility", Attr::string("private")),
    ];
    spec.attrs = vec![NamedAttr::new("noDelete", Attr::Unit)];
    spec.regions = vec![m.new_region(vec![body])];
    spec.loc = loc;
    let func = m.create_op(spec);
    let table = symbol_table(m, block);
    m.append_op(table, func);
    name
}

/// The body of the innermost `builtin.module` around `block`, or the file's top-level block.
fn symbol_table(m: &Module, block: BlockId) -> BlockId {
    let mut cur = m.block_parent_op(block);
    while let Some(op) = cur {
        if &*m.op(op).name == "builtin.module" {
            if let Some(&b) = (m.op(op).regions.first()).and_then(|&r| m.region(r).blocks.first()) {
                return b;
            }
        }
        cur = m.parent_op(op);
    }
    m.top
}

/// `genComposite<N>` for the smallest `N` no symbol of the module uses.
fn free_symbol(m: &Module) -> String {
    let taken: FxHashSet<String> = (m.walk().into_iter())
        .filter_map(|o| m.op(o).attr("sym_name").and_then(Attr::as_str))
        .collect();
    (0..)
        .map(|n| format!("{PREFIX}{n}"))
        .find(|s| !taken.contains(s))
        .unwrap_or_else(|| PREFIX.to_string())
}
