//! Why an anchor did not match: the deepest point a matcher's search reached, kept while it
//! backtracks. Both matchers (compat's anchored one over ops, egraph's over e-classes) report
//! into a [`Miss`] when coverage or explain asks for it, and only then.
//!
//! Invariant: a [`Miss`] keeps the first failure at the greatest depth, so the reason reported
//! for an anchor is deterministic and is the one that got furthest into the pattern.

use egfuse_dsl::ast::{Binding, Pred};

/// What the matcher was checking when it gave up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// Binding `binding` needed one of its ops and found something else.
    Op { binding: usize, found: Found },
    /// The operands of binding `binding` did not fit its pattern (a constant, a variable
    /// bound twice to different values, or the operand count).
    Operands { binding: usize },
    /// Attribute `attr` (an index into the binding's attribute patterns) did not fit.
    Attr { binding: usize, attr: usize },
    /// Predicate `pred` of binding `binding` does not hold on the complete match.
    Pred { binding: usize, pred: usize },
}

/// What stood where a binding's op was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    /// An op (or, in the e-graph, a class whose first op node is) of this name.
    Op(String),
    /// The operand is a block argument or an opaque value: nothing defines it in the pattern's
    /// reach.
    NoProducer,
    /// The value has no user to step down to.
    NoUser,
    /// The op is already bound to another binding of this match.
    Taken,
}

/// The deepest failure of one anchor's search, with what was bound at that point.
#[derive(Clone, Debug)]
pub struct Miss<V> {
    pub depth: usize,
    pub reason: Option<Reason>,
    /// The value variables bound when the failure was recorded, in binding order.
    pub bound: Vec<(String, V)>,
}

impl<V> Default for Miss<V> {
    fn default() -> Self {
        Miss {
            depth: 0,
            reason: None,
            bound: Vec::new(),
        }
    }
}

impl<V: Clone> Miss<V> {
    /// Records `reason` at `depth` when nothing deeper was recorded before; `bound` is called
    /// only then.
    pub fn note(
        &mut self,
        depth: usize,
        reason: impl FnOnce() -> Reason,
        bound: impl FnOnce() -> Vec<(String, V)>,
    ) {
        if self.reason.is_none() || depth > self.depth {
            self.depth = depth;
            self.reason = Some(reason());
            self.bound = bound();
        }
    }

    /// Forgets what was recorded, for the next anchor.
    pub fn clear(&mut self) {
        self.depth = 0;
        self.reason = None;
        self.bound.clear();
    }
}

impl Reason {
    /// The text coverage counts rejections under: the pattern node and what was found, or the
    /// predicate as written in the rule.
    pub fn key(&self, bindings: &[Binding]) -> String {
        match self {
            Reason::Op { binding, found } => {
                let head = node(&bindings[*binding]);
                match found {
                    Found::Op(name) => format!("{head}: found {name}"),
                    Found::NoProducer => format!("{head}: no producing op"),
                    Found::NoUser => format!("{head}: no user"),
                    Found::Taken => format!("{head}: op already in the match"),
                }
            }
            Reason::Operands { binding } => {
                format!("{}: operands do not fit", node(&bindings[*binding]))
            }
            Reason::Attr { binding, attr } => {
                let b = &bindings[*binding];
                format!("{}: attribute {}", node(b), b.op.attrs[*attr].name.name)
            }
            Reason::Pred { binding, pred } => pred_text(&bindings[*binding].preds[*pred]),
        }
    }

    /// The predicate this reason names, when it is one.
    pub fn pred<'b>(&self, bindings: &'b [Binding]) -> Option<&'b Pred> {
        match self {
            Reason::Pred { binding, pred } => Some(&bindings[*binding].preds[*pred]),
            _ => None,
        }
    }
}

/// `%var = op1 | op2`, how a pattern node is named in reports.
pub fn node(b: &Binding) -> String {
    let ops: Vec<&str> = b.op.ops.iter().map(|o| o.name.as_str()).collect();
    format!("%{} = {}", b.var.name, ops.join(" | "))
}

/// A predicate as the rule file writes it.
pub fn pred_text(p: &Pred) -> String {
    egfuse_dsl::print::pred(p)
}

#[cfg(test)]
mod tests {
    use super::{Found, Miss, Reason};

    fn op(binding: usize) -> Reason {
        Reason::Op {
            binding,
            found: Found::NoUser,
        }
    }

    /// The first failure at the greatest depth wins; `bound` is read only when it does.
    #[test]
    fn the_first_deepest_failure_is_kept() {
        let mut m: Miss<u32> = Miss::default();
        m.note(1, || op(1), || vec![("a".into(), 1)]);
        m.note(
            1,
            || op(2),
            || unreachable!("a failure as deep as the first is not kept"),
        );
        m.note(
            0,
            || op(3),
            || unreachable!("a shallower failure is not kept"),
        );
        assert_eq!(m.reason, Some(op(1)));
        m.note(2, || op(4), || vec![("b".into(), 2)]);
        assert_eq!((m.depth, m.reason.clone()), (2, Some(op(4))));
        assert_eq!(m.bound, vec![("b".to_string(), 2)]);
        m.clear();
        assert!(m.reason.is_none() && m.bound.is_empty());
    }
}
