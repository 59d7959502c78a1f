//! Constant folding before lowering, as XLA's and neuronx-cc's pipelines fold: a value computed
//! only from constants is a compile-time constant, held in HBM as a weight is, and no kernel
//! computes it. PyTorch exports build their causal and padding masks this way (an `i64`
//! arange, compares, a `reduce_window` cumulative sum, a point gather), all from constants.
//!
//! Which ops fold:
//! - an op of StableHLO or CHLO, or a fusion (an `mhlo.fusion` or a `neuron.` composite), every
//!   operand of which is a compile-time value, with no effect (custom calls, random numbers,
//!   collectives, tokens, calls, other composites and control flow never fold) and at most
//!   [`FoldLimits::max_elements`] result elements;
//! - except a generator (`iota`, `broadcast_in_dim`): its kernel is cheaper than the constant it
//!   would leave in HBM, so it folds only when every op that reads it folds too. XLA never folds
//!   them; here the chains above them still fold.
//!
//! Folding here decides only which ops need no kernel; their values are computed where they
//! are needed (`lower --check` runs them in the reference interpreter).

use egfuse_ir::ops::IMPURE;
use egfuse_ir::{BlockId, Module, OpId, ValueId};
use rustc_hash::FxHashSet;

/// How large a folded value may be.
#[derive(Clone, Copy, Debug)]
pub struct FoldLimits {
    /// Elements of one op's results together; a larger op stays a kernel.
    pub max_elements: u64,
}

impl Default for FoldLimits {
    fn default() -> FoldLimits {
        FoldLimits {
            max_elements: 1 << 20,
        }
    }
}

/// The compile-time values of a module's function bodies, and the ops folded away.
#[derive(Clone, Debug, Default)]
pub struct Folded {
    values: FxHashSet<ValueId>,
    ops: FxHashSet<OpId>,
}

impl Folded {
    /// Whether `v` is known at compile time (constants included).
    pub fn value(&self, v: ValueId) -> bool {
        self.values.contains(&v)
    }

    /// Whether the op `op` folds: no kernel computes it.
    pub fn op(&self, op: OpId) -> bool {
        self.ops.contains(&op)
    }

    /// The ops that fold, in no particular order.
    pub fn ops(&self) -> impl Iterator<Item = OpId> + '_ {
        self.ops.iter().copied()
    }

    /// How many ops fold.
    pub fn len(&self) -> usize {
        self.ops.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ops.is_empty()
    }
}

/// Ops that never fold besides the impure ones: calls into other code, and control flow.
const NEVER: &[&str] = &["composite", "while", "case", "if"];

/// Generators: folded only when every reader folds.
const GENERATORS: &[&str] = &["stablehlo.iota", "stablehlo.broadcast_in_dim"];

/// The compile-time values of the top-level ops of `blocks` and the ops that fold.
pub fn fold(m: &Module, blocks: &[BlockId], limits: &FoldLimits) -> Folded {
    let mut f = Folded::default();
    for &b in blocks {
        for &op in &m.block(b).ops {
            let o = m.op(op);
            let known = o.operands.iter().all(|v| f.values.contains(v));
            if &*o.name == "stablehlo.constant" {
                f.values.extend(o.results.iter().copied());
            } else if known && foldable(m, op, limits) {
                f.values.extend(o.results.iter().copied());
                f.ops.insert(op);
            }
        }
    }
    // Generators keep their kernels unless all their readers fold; readers come later in the
    // block, so a walk backwards decides each reader first.
    for &b in blocks {
        for &op in m.block(b).ops.iter().rev() {
            let o = m.op(op);
            if !GENERATORS.contains(&&*o.name) || !f.ops.contains(&op) {
                continue;
            }
            let read_by_kernel = o
                .results
                .iter()
                .flat_map(|&r| &m.value(r).uses)
                .any(|u| !f.ops.contains(&u.op));
            if read_by_kernel {
                f.ops.remove(&op);
            }
        }
    }
    f
}

/// Whether `op`, given compile-time operands, computes a compile-time value.
fn foldable(m: &Module, op: OpId, limits: &FoldLimits) -> bool {
    let o = m.op(op);
    let Some((dialect, name)) = o.name.split_once('.') else {
        return false;
    };
    let named = o.attr("name").and_then(egfuse_ir::Attr::as_str);
    let pure = match dialect {
        // A `neuron.` composite is a kernel fusion made, as an `mhlo.fusion` is.
        "stablehlo" if name == "composite" => named.is_some_and(|n| n.starts_with("neuron.")),
        "stablehlo" | "chlo" => !NEVER.contains(&name) && !IMPURE.contains(&name),
        "mhlo" => name == "fusion",
        _ => false,
    };
    let elements = o.results.iter().try_fold(0u64, |n, &r| {
        n.checked_add(m.ty(r).as_tensor()?.num_elements()?)
    });
    pure && !o.results.is_empty() && elements.is_some_and(|e| e <= limits.max_elements)
}
