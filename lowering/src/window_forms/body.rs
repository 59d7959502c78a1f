//! A windowed op's body applied to whole tensors: each op of the body, which reads and writes
//! 0-d tensors, recreated on tensors of one shape. The law is exact because every op it takes
//! is elementwise (StableHLO's spec: the op on tensors is the op on each element), and a
//! constant of the body is broadcast.

use super::broadcast;
use egfuse_fusion::catalog::is_elementwise;
use egfuse_ir::edit::ValueMap;
use egfuse_ir::{Module, OpId, OpSpec, Type, ValueId};

/// The body (block 0 of region `region`) of `w` as ops before `w`, its block arguments bound
/// to `args`, every value of the shape `dims`; returns the values it returns. `None`, with
/// nothing created, when the body holds an op that is not elementwise or a 0-d constant,
/// reads a value from outside, or takes other than `args.len()` arguments.
pub(super) fn apply(
    m: &mut Module,
    w: OpId,
    region: usize,
    args: &[ValueId],
    dims: &[i64],
) -> Option<Vec<ValueId>> {
    let ops = checked(m, w, region, args.len())?;
    let block = m.region(m.op(w).regions[region]).blocks[0];
    let mut map: ValueMap = (m.block(block).args.iter().copied())
        .zip(args.iter().copied())
        .collect();
    for op in ops {
        let o = m.op(op).clone();
        let operands: Vec<ValueId> = o.operands.iter().map(|v| map[v]).collect();
        if &*o.name == "stablehlo.return" {
            return Some(operands);
        }
        let ty = m.ty(o.results[0]).clone();
        let constant = &*o.name == "stablehlo.constant";
        let mut spec = OpSpec::new(&o.name);
        spec.operands = operands;
        spec.props = o.props;
        spec.attrs = o.attrs;
        spec.result_types = match constant {
            true => vec![ty],
            false => vec![Type::tensor(dims.to_vec(), ty.elem()?.clone())],
        };
        spec.loc = m.op(w).loc.clone();
        spec.span = m.op(w).span;
        let made = m.create_op(spec);
        m.insert_op_before(w, made);
        let mut value = m.op(made).results[0];
        if constant {
            value = broadcast(m, w, value, dims.to_vec());
        }
        map.insert(o.results[0], value);
    }
    None
}

/// Whether [`apply`] takes region `region` of `w` with `arity` arguments.
pub(super) fn applies(m: &Module, w: OpId, region: usize, arity: usize) -> bool {
    checked(m, w, region, arity).is_some()
}

/// The ops of the body, checked as [`apply`] needs them (so that it creates nothing when it
/// fails): 0-d elementwise ops and constants reading only the block's arguments and each
/// other, ending in a `stablehlo.return`.
fn checked(m: &Module, w: OpId, region: usize, arity: usize) -> Option<Vec<OpId>> {
    let region = *m.op(w).regions.get(region)?;
    let block = *m.region(region).blocks.first()?;
    let b = m.block(block);
    if b.args.len() != arity {
        return None;
    }
    let mut known: Vec<ValueId> = b.args.clone();
    let scalar = |v: &ValueId| m.ty(*v).dims().is_some_and(<[i64]>::is_empty);
    for (k, &op) in b.ops.iter().enumerate() {
        let o = m.op(op);
        let last = k + 1 == b.ops.len();
        let reads_known = o.operands.iter().all(|v| known.contains(v) && scalar(v));
        let fits = match &*o.name {
            "stablehlo.return" => last,
            "stablehlo.constant" => !last && o.results.iter().all(scalar),
            name => !last && is_elementwise(name) && o.results.len() == 1 && scalar(&o.results[0]),
        };
        if !(fits && reads_known && o.regions.is_empty()) {
            return None;
        }
        known.extend(o.results.iter().copied());
    }
    let ends = (b.ops.last()).is_some_and(|&o| &*m.op(o).name == "stablehlo.return");
    ends.then(|| b.ops.clone())
}
