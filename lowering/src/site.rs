//! What a kernel is: every top-level op of every function body (and of the `while`, `case` and
//! `if` blocks in them, at any depth) is one kernel, a fused op with its body or an op left
//! unfused on its own; constants, calls and returns are none.

use egfuse_diag::Span;
use egfuse_ir::blocks;
use egfuse_ir::fused::fused;
use egfuse_ir::{BlockId, Module, OpId, RegionId, ValueId};
use egfuse_nisa::Stmt;
use rustc_hash::FxHashMap;

/// A kernel's source: its op, kind, ops, inputs and outputs.
#[derive(Clone)]
pub(crate) struct Site {
    pub op: OpId,
    pub kind: String,
    pub ops: Vec<OpId>,
    pub inputs: Vec<ValueId>,
    /// The value outside the kernel each input stands for.
    pub sources: Vec<ValueId>,
    pub outputs: Vec<ValueId>,
}

/// The blocks of every function body, composite decompositions aside, with the blocks of the
/// control flow in them at any depth ([`blocks::bodies`]): a `while`'s ops are kernels like a
/// function body's, and the loop itself is the device program's (`crate::device`).
pub(crate) fn bodies(m: &Module) -> Vec<BlockId> {
    (blocks::bodies(m).into_iter())
        .filter(|b| !is_decomposition(m, b.func))
        .map(|b| b.block)
        .collect()
}

/// The kernels of `blocks` in program order.
pub(crate) fn sites(
    m: &Module,
    blocks: &[BlockId],
    funcs: &FxHashMap<String, RegionId>,
) -> Vec<Site> {
    let ops = blocks.iter().flat_map(|&b| m.block(b).ops.iter().copied());
    ops.filter(|&op| is_kernel(m, op, funcs))
        .map(|op| site(m, op, funcs))
        .collect()
}

/// The ops of `blocks` that alias their operands ([`aliases`]), in program order.
pub(crate) fn aliasing(m: &Module, blocks: &[BlockId]) -> Vec<OpId> {
    let ops = blocks.iter().flat_map(|&b| m.block(b).ops.iter().copied());
    ops.filter(|&op| aliases(m, op)).collect()
}

/// Whether `op` computes nothing, its results its operands' bytes in the same HBM tensors: an
/// optimization barrier (it only keeps XLA from moving work across it, and fusion, which runs
/// before, kept the work on each side of it apart), a `bitcast_convert`, which fusion leaves
/// on its own (its result is its operand's bytes read as another type, row-major and
/// little-endian, which is how StableHLO lays out a narrower type's extra last dimension), or
/// a `reshape` left outside every kernel (its result is its operand's elements in the same
/// row-major order).
pub(crate) fn aliases(m: &Module, op: OpId) -> bool {
    matches!(
        &*m.op(op).name,
        "stablehlo.optimization_barrier"
            | "mhlo.optimization_barrier"
            | "stablehlo.bitcast_convert"
            | "stablehlo.reshape"
    )
}

/// Whether `op` is a kernel: not a constant, a return, a call, control flow (the device
/// program's) or an op that [`aliases`] its operands. A composite that is not a fused kind is a call to its decomposition, whose body
/// lowers as a function's does.
fn is_kernel(m: &Module, op: OpId, funcs: &FxHashMap<String, RegionId>) -> bool {
    if aliases(m, op) {
        return false;
    }
    match &*m.op(op).name {
        "func.return" | "stablehlo.constant" | "func.call" | "stablehlo.return" => false,
        "stablehlo.while" | "mhlo.while" | "stablehlo.case" | "mhlo.case" | "stablehlo.if"
        | "mhlo.if" => false,
        "stablehlo.composite" => fused(m, op, funcs).is_some(),
        _ => true,
    }
}

/// The kernel of `op`: a fused op's body, or the op on its own.
pub(crate) fn site(m: &Module, op: OpId, funcs: &FxHashMap<String, RegionId>) -> Site {
    let o = m.op(op);
    let Some((kind, b)) = body(m, op, funcs) else {
        return Site {
            op,
            kind: o.name.to_string(),
            ops: vec![op],
            inputs: o.operands.clone(),
            sources: o.operands.clone(),
            outputs: o.results.to_vec(),
        };
    };
    let ops = &m.block(b).ops;
    let (term, inner) = ops.split_last().expect("a body ends with its terminator");
    Site {
        op,
        kind,
        ops: inner.to_vec(),
        inputs: m.block(b).args.clone(),
        sources: o.operands.clone(),
        outputs: m.op(*term).operands.clone(),
    }
}

/// The kind and the body's block of `op`, when it is a fused op that has a body.
pub(crate) fn body(
    m: &Module,
    op: OpId,
    funcs: &FxHashMap<String, RegionId>,
) -> Option<(String, BlockId)> {
    let (kind, body) = fused(m, op, funcs)?;
    Some((kind, *m.region(body?).blocks.first()?))
}

/// Where a kernel's header and diagnostics point: its root, the op that computes its first
/// output, as the user's own code has it (the call an inlined op came through, not the helper
/// it was written in); else the kernel's op, else the first op of its body with source text.
pub(crate) fn site_span(m: &Module, site: &Site) -> Span {
    let inside = |o: &OpId| *o == site.op || site.ops.contains(o);
    let root = site
        .outputs
        .first()
        .and_then(|&v| m.defining_op(v))
        .filter(inside);
    (root.into_iter())
        .chain(std::iter::once(site.op))
        .chain(site.ops.iter().copied())
        .map(|o| m.op(o).user_span())
        .find(|s| *s != Span::NONE)
        .unwrap_or(Span::NONE)
}

/// Places every instruction of `body` whose span is the text of an op of `site` inlined from a
/// private function at the call it came through, as the kernel's header is: an instruction is
/// found in the user's code, not in a helper's (of two copies of one helper op in a kernel,
/// the first's call).
pub(crate) fn at_calls(m: &Module, site: &Site, body: &mut [Stmt]) {
    let calls: FxHashMap<Span, Span> = (site.ops.iter().chain([&site.op]))
        .map(|&o| m.op(o))
        .filter(|o| o.inlined_at != Span::NONE && o.span != Span::NONE)
        .map(|o| (o.span, o.inlined_at))
        .rev()
        .collect();
    if !calls.is_empty() {
        moved(body, &calls);
    }
}

fn moved(body: &mut [Stmt], calls: &FxHashMap<Span, Span>) {
    for s in body {
        match s {
            Stmt::Inst(i) => {
                if let Some(&call) = calls.get(&i.span) {
                    i.span = call;
                }
            }
            Stmt::Loop { body, .. } => moved(body, calls),
        }
    }
}

/// A `@genComposite<N>` decomposition: its ops are a composite's body, lowered with it.
fn is_decomposition(m: &Module, f: OpId) -> bool {
    m.op(f)
        .attr("sym_name")
        .and_then(|a| a.as_str())
        .is_some_and(|n| n.starts_with("genComposite"))
}
