//! Egraph mode's `absorb` pass, after the `Loop` grow rules: the ops a `Loop` rule copies (a
//! broadcast or a reshape that keeps the layout) enter the kernels already built that read them,
//! as XLA fuses a producer into every consumer fusion. A kernel built from a rule's pattern (an RmsNorm, a
//! DotSoftmax) reads its weight through the broadcast then, an access pattern, instead of
//! reading a broadcast tensor a kernel of its own wrote to HBM.
//!
//! The edit is local to one fused op (an `mhlo.fusion`, or a `neuron.*` composite and its
//! decomposition): its operand `k` was the op's result; the op is cloned at the top of the body
//! reading the argument `k`, which takes the op's operand (and its type, in the
//! decomposition's signature too). The original is erased once nothing reads it. A kernel never reads one value
//! through two broadcasts along different dimensions (the layout the lowering holds), so an op
//! whose operand the kernel already reads stays out, unless that operand is a single value.
//!
//! A view a `Loop` rule takes only at a kernel's edge (a slice, a transpose) enters a kernel
//! whose matmul alone reads it, when nothing else reads the view: the matmul then reads its
//! operand through the view's access pattern (a fused gate-up projection's weight half), and
//! the view is no kernel of its own.

use crate::compat::grow;
use egfuse_dsl::ast::{FusionBody, Grow};
use egfuse_dsl::phase::Phase;
use egfuse_dsl::RuleSet;
use egfuse_ir::{blocks, fused, Attr, BlockId, Module, NamedAttr, OpId, Type, ValueMap};

/// Copies into every fused op of the blocks egraph mode fuses the producers that a `Loop`
/// rule's `copy` clause names and whose predicates hold; returns how many it copied.
pub fn absorb(m: &mut Module, rules: &RuleSet) -> usize {
    let grows: Vec<&Grow> = (rules.fusions_in(Phase::Loop).into_iter())
        .filter_map(|r| match &r.body {
            FusionBody::Grow(g) if !g.copy.is_empty() => Some(&**g),
            _ => None,
        })
        .collect();
    if grows.is_empty() {
        return 0;
    }
    let mut copied = 0;
    let functions = fused::functions(m);
    for body in blocks::bodies(m) {
        let kernels: Vec<(OpId, BlockId)> = (m.block(body.block).ops.iter().copied())
            .filter_map(|op| {
                let region = fused::fused(m, op, &functions)?.1?;
                let inner = *m.region(region).blocks.first()?;
                ours(m, inner).then_some((op, inner))
            })
            .collect();
        for (kernel, inner) in kernels {
            while let Some(k) = next_operand(m, &grows, (kernel, inner)) {
                take_in(m, (kernel, inner), k);
                copied += 1;
            }
        }
    }
    copied
}

/// Whether the body `inner` is one fusion built: an `mhlo.fusion`'s, or a decomposition the
/// region builder made for one composite (an input's composite may share its decomposition
/// with others, which one kernel's edit would break).
pub(crate) fn ours(m: &Module, inner: BlockId) -> bool {
    let Some(parent) = m.block_parent_op(inner) else {
        return false;
    };
    let o = m.op(parent);
    match &*o.name {
        "func.func" => (o.attr("sym_name").and_then(Attr::as_str))
            .is_some_and(|n| n.starts_with(crate::cluster::DECOMPOSITION_PREFIX)),
        _ => true,
    }
}

/// The first operand of `fusion` whose producer the kernel can take: a view that keeps the
/// layout that a rule copies, or one that a rule takes at an edge and that only the kernel's
/// matmul reads.
fn next_operand(m: &Module, grows: &[&Grow], (fusion, inner): (OpId, BlockId)) -> Option<usize> {
    let f = m.op(fusion);
    (0..f.operands.len()).find(|&k| {
        let v = f.operands[k];
        let Some(p) = m.defining_op(v) else {
            return false;
        };
        let o = m.op(p);
        let (&[x], 1) = (o.operands.as_slice(), o.results.len()) else {
            return false;
        };
        let copied = || {
            (!f.operands.contains(&x) || splat(m, x))
                && egfuse_ir::facts::keeps_layout(m, p)
                && grows.iter().any(|g| grow::copies(m, g, p))
        };
        let edge = || {
            m.value(v).uses.len() == 1
                && (m.block(inner).args.get(k)).is_some_and(|&a| only_matmuls_read(m, a))
                && grows.iter().any(|g| grow::edges(m, g, p))
        };
        o.parent == f.parent && (copied() || edge())
    })
}

/// Whether every reader of `arg` is a matmul (which reads it by its own access pattern).
fn only_matmuls_read(m: &Module, arg: egfuse_ir::ValueId) -> bool {
    let uses = &m.value(arg).uses;
    !uses.is_empty()
        && (uses.iter())
            .all(|u| matches!(&*m.op(u.op).name, "stablehlo.dot_general" | "stablehlo.dot"))
}

/// Whether `v` is a single value (rank 0): any broadcast of it is a splat, which a kernel reads
/// in every layout at once.
fn splat(m: &Module, v: egfuse_ir::ValueId) -> bool {
    m.ty(v).dims().is_some_and(<[i64]>::is_empty)
}

/// Moves a copy of the producer of `kernel`'s operand `k` into its body `inner` (see the
/// module doc).
fn take_in(m: &mut Module, (kernel, inner): (OpId, BlockId), k: usize) {
    let v = m.op(kernel).operands[k];
    let p = m.defining_op(v).expect("a produced operand");
    let x = m.op(p).operands[0];
    let arg = m.block(inner).args[k];
    let mut map = ValueMap::default();
    map.insert(x, arg);
    let copy = m.clone_op(p, &mut map);
    let first = m.block(inner).ops[0];
    m.insert_op_before(first, copy);
    let result = m.op(copy).results[0];
    m.replace_uses_if(arg, result, |_, u| u.op != copy);
    let ty = m.ty(x).clone();
    m.value_mut(arg).ty = ty.clone();
    if let Some(func) = m
        .block_parent_op(inner)
        .filter(|&f| &*m.op(f).name == "func.func")
    {
        let op = m.op_mut(func);
        let signature = (op.props.iter_mut()).find(|a| &*a.name == "function_type");
        if let Some(NamedAttr {
            value: Attr::Type(Type::Function(inputs, _)),
            ..
        }) = signature
        {
            inputs[k] = ty;
        }
    }
    m.replace_uses_if(v, x, |_, u| u.op == kernel && u.operand as usize == k);
    if m.value(v).uses.is_empty() {
        m.erase_op(p).expect("an op nothing reads");
    }
}
