//! Broadcasts sunk below the elementwise ops whose values a kernel has no place for, by the law
//! `broadcast(f(a, b)) = f(broadcast(a), broadcast(b))`, which is exact: every element is the
//! same op on the same operands.
//!
//! The tile pass holds every value of a kernel with a reduce in one rows-and-columns space
//! (`layout`): a value varies along all of the reduce's kept dimensions or none, and all of
//! its reduced ones or none. An MoE's gates normalise the top-2 weights `[t, j]` and broadcast
//! them along the experts `e` of a space `[t, j, e]` summed over `j`: they vary along one kept
//! dimension of two, which has no place. Sunk below the broadcast, the division runs in the
//! whole space, on its operands broadcast, which the loads read by zero strides
//! (`edge::Reads::Broadcasts`).
//!
//! Only such values are rewritten: an elementwise op of a fused body whose operands, each of
//! its shape, are the body's arguments or constants (or broadcasts of arguments), read only by
//! broadcasts into the input shape of one of the body's reduces, along a set of its dimensions
//! that no class of the layout holds. Everything else (a row's `rsqrt` that a whole tile
//! reads) stays computed once.
//!
//! Invariant: the rewritten body computes what the body did, result for result.

use crate::tensor::dims;
use egfuse_fusion::catalog::is_elementwise;
use egfuse_ir::facts::int_list;
use egfuse_ir::fused::{functions, fused};
use egfuse_ir::{Attr, BlockId, Module, NamedAttr, OpId, Type, ValueId};

/// The most ops one body has sunk: each rewrite removes a broadcast of a computed value.
const MAX_PER_BODY: usize = 64;

/// Sinks the broadcasts of every fused body of `m` that needs it, an `mhlo.fusion`'s region or
/// a composite's decomposition; returns how many ops it rewrote.
pub fn expand(m: &mut Module) -> usize {
    let funcs = functions(m);
    let mut bodies: Vec<BlockId> = (m.walk().into_iter())
        .filter_map(|o| {
            let r = fused(m, o, &funcs)?.1?;
            m.region(r).blocks.first().copied()
        })
        .collect();
    // A decomposition is one function, however many composites name it.
    bodies.sort_unstable();
    bodies.dedup();
    let mut rewritten = 0;
    for b in bodies {
        for _ in 0..MAX_PER_BODY {
            let Some(e) = unplaced(m, b) else { break };
            sink(m, e);
            rewritten += 1;
        }
    }
    rewritten
}

/// An elementwise op of block `b` whose value no class of the layout holds, and which this
/// pass can sink.
fn unplaced(m: &Module, b: BlockId) -> Option<OpId> {
    let block = m.block(b);
    let spaces: Vec<(Vec<u64>, Vec<usize>)> = (block.ops.iter())
        .filter(|&&o| &*m.op(o).name == "stablehlo.reduce")
        .filter_map(|&o| {
            let reduced = m.op(o).attr("dimensions").and_then(int_list)?;
            let reduced = reduced.iter().map(|&d| d.max(0) as usize).collect();
            Some((dims(m, m.op(o).operands[0]), reduced))
        })
        .collect();
    let leaf = |v: ValueId| match m.defining_op(v) {
        None => true,
        Some(d) => {
            let d = m.op(d);
            &*d.name == "stablehlo.constant"
                || (&*d.name == "stablehlo.broadcast_in_dim"
                    && m.defining_op(d.operands[0]).is_none())
        }
    };
    block.ops.iter().copied().find(|&e| {
        let o = m.op(e);
        let [r] = o.results[..] else { return false };
        let uses = &m.value(r).uses;
        // A clamp's bounds may be scalars: every operand must have the value's shape.
        is_elementwise(&o.name)
            && !uses.is_empty()
            && o.operands
                .iter()
                .all(|&x| leaf(x) && dims(m, x) == dims(m, r))
            && uses
                .iter()
                .all(|u| &*m.op(u.op).name == "stablehlo.broadcast_in_dim")
            && uses.iter().any(|u| partial(m, r, u.op, &spaces))
    })
}

/// Whether the broadcast `op` of `v` lays `v` along a set of a reduce's input dimensions that
/// is none of: nothing, the kept ones, the reduced ones, all.
fn partial(m: &Module, v: ValueId, op: OpId, spaces: &[(Vec<u64>, Vec<usize>)]) -> bool {
    let out = dims(m, m.op(op).results[0]);
    let Some(bd) = m.op(op).attr("broadcast_dimensions").and_then(int_list) else {
        return false;
    };
    let from = dims(m, v);
    let mapped: Vec<usize> = (bd.iter().zip(&from))
        .filter(|(_, &n)| n != 1)
        .map(|(&d, _)| d.max(0) as usize)
        .collect();
    spaces
        .iter()
        .filter(|(shape, _)| *shape == out)
        .any(|(shape, reduced)| {
            let varies = |d: &usize| shape[*d] != 1;
            let kept: Vec<usize> = (0..shape.len())
                .filter(|d| !reduced.contains(d))
                .filter(varies)
                .collect();
            let red: Vec<usize> = reduced.iter().copied().filter(varies).collect();
            let has = |set: &[usize]| set.iter().all(|d| mapped.contains(d));
            let only = |set: &[usize]| mapped.iter().all(|d| set.contains(d));
            let class =
                mapped.is_empty() || (has(&kept) && only(&kept)) || (has(&red) && only(&red));
            !(class || (has(&kept) && has(&red)))
        })
}

/// Rewrites each broadcast of `e`'s value as `e` of its operands broadcast, then drops `e`.
fn sink(m: &mut Module, e: OpId) {
    let (name, operands, props) = {
        let o = m.op(e);
        (o.name.to_string(), o.operands.clone(), o.props.clone())
    };
    let uses: Vec<OpId> = m
        .value(m.op(e).results[0])
        .uses
        .iter()
        .map(|u| u.op)
        .collect();
    for u in uses {
        let bd = m
            .op(u)
            .attr("broadcast_dimensions")
            .and_then(int_list)
            .unwrap_or_default();
        let out_ty = m.ty(m.op(u).results[0]).clone();
        let shape = out_ty.dims().map(<[i64]>::to_vec).unwrap_or_default();
        let spread: Vec<ValueId> = (operands.iter())
            .map(|&x| {
                let (src, dims) = through(m, x, &bd);
                let elem = m.ty(x).elem().cloned().expect("a tensor operand");
                let props = vec![NamedAttr::new(
                    "broadcast_dimensions",
                    Attr::i64_array(dims),
                )];
                let ty = Type::tensor(shape.clone(), elem);
                m.create_before(u, ("stablehlo.broadcast_in_dim", vec![src], props), ty)
            })
            .collect();
        let new = m.create_before(u, (&name, spread, props.clone()), out_ty);
        let old = m.op(u).results[0];
        m.replace_all_uses(old, new);
        let _ = m.erase_op(u);
    }
    let _ = m.erase_op(e);
    for x in operands {
        if let Some(d) = m.defining_op(x).filter(|_| m.value(x).uses.is_empty()) {
            let _ = m.erase_op(d);
        }
    }
}

/// The value a broadcast of `x` by `bd` reads and its broadcast dimensions: `x` itself, or the
/// operand of the broadcast that makes `x`, the two broadcasts composed.
fn through(m: &Module, x: ValueId, bd: &[i64]) -> (ValueId, Vec<i64>) {
    let inner = m
        .defining_op(x)
        .filter(|&d| &*m.op(d).name == "stablehlo.broadcast_in_dim");
    match inner.and_then(|d| Some((d, m.op(d).attr("broadcast_dimensions").and_then(int_list)?))) {
        Some((d, bd0)) => {
            let composed = bd0.iter().map(|&i| bd[i.max(0) as usize]).collect();
            (m.op(d).operands[0], composed)
        }
        None => (x, bd.to_vec()),
    }
}
