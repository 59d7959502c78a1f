//! The anchored matcher of a fusion rule's pattern body, as the seed's matchers work: bind the
//! anchor op, then step one hop at a time, up to an operand's defining op or down to a user of
//! a matched value, checking each binding's op name, operands and attributes; the predicates
//! are checked once every binding is matched. Alternatives and `commute` backtrack; the first
//! complete match in use order wins, so the result is deterministic.
//!
//! With a [`Miss`] (coverage and explain), the matcher also records the deepest point each
//! failed search reached; without one it does no extra work.

use super::preds::{attr_of, literal_matches, pred_holds, Captures, Env};
use crate::trace::{Found, Miss, Reason};
use egfuse_dsl::ast::{AttrValue, Binding, ConstValue, FusionRule, Operand};
use egfuse_ir::floats::is_literal;
use egfuse_ir::{Attr, Module, OpId, ValueId};
use rustc_hash::FxHashMap;

/// The ops of a match of `rule` anchored at `anchor`, in binding order.
pub fn match_at(m: &Module, rule: &FusionRule, anchor: OpId) -> Option<Vec<OpId>> {
    matched(m, rule, anchor, None)
}

/// [`match_at`], recording in `miss` the deepest failure when there is no match.
pub fn match_traced(
    m: &Module,
    rule: &FusionRule,
    anchor: OpId,
    miss: &mut Miss<ValueId>,
) -> Option<Vec<OpId>> {
    matched(m, rule, anchor, Some(miss))
}

fn matched(
    m: &Module,
    rule: &FusionRule,
    anchor: OpId,
    miss: Option<&mut Miss<ValueId>>,
) -> Option<Vec<OpId>> {
    let bindings = rule.bindings();
    let first = bindings
        .iter()
        .position(|b| b.var.name == rule.anchor.name)?;
    let mut st = State {
        m,
        bindings,
        ops: vec![None; bindings.len()],
        env: Env::default(),
        miss,
    };
    if !st.bind(first, anchor) {
        return None;
    }
    let order = plan(bindings, first);
    if !st.search(&order, 0) {
        return None;
    }
    st.ops.into_iter().collect()
}

/// How the matcher reaches a binding from those already matched.
#[derive(Clone, Copy, Debug)]
enum Step {
    /// Binding `to` is the defining op of operand `operand` of matched binding `from`.
    Up {
        from: usize,
        operand: usize,
        to: usize,
    },
    /// Binding `to` uses the result of matched binding `from`.
    Down { from: usize, to: usize },
}

/// Orders the bindings breadth-first from the anchor over the pattern's edges.
fn plan(bindings: &[Binding], first: usize) -> Vec<Step> {
    let var_of = |i: usize| bindings[i].var.name.as_str();
    let index: FxHashMap<&str, usize> = bindings
        .iter()
        .enumerate()
        .map(|(i, b)| (b.var.name.as_str(), i))
        .collect();
    let mut seen = vec![false; bindings.len()];
    seen[first] = true;
    let mut queue = vec![first];
    let mut steps = Vec::new();
    while let Some(i) = queue.first().copied() {
        queue.remove(0);
        for (k, operand) in bindings[i].op.operands.iter().enumerate() {
            if let Operand::Var(v) = operand {
                if let Some(&j) = index.get(v.name.as_str()) {
                    if !seen[j] {
                        seen[j] = true;
                        steps.push(Step::Up {
                            from: i,
                            operand: k,
                            to: j,
                        });
                        queue.push(j);
                    }
                }
            }
        }
        for (j, b) in bindings.iter().enumerate() {
            let uses_i =
                b.op.operands
                    .iter()
                    .any(|o| matches!(o, Operand::Var(v) if v.name == var_of(i)));
            if !seen[j] && uses_i {
                seen[j] = true;
                steps.push(Step::Down { from: i, to: j });
                queue.push(j);
            }
        }
    }
    steps
}

struct State<'a> {
    m: &'a Module,
    bindings: &'a [Binding],
    ops: Vec<Option<OpId>>,
    env: Env,
    miss: Option<&'a mut Miss<ValueId>>,
}

impl State<'_> {
    fn search(&mut self, order: &[Step], k: usize) -> bool {
        let Some(&step) = order.get(k) else {
            return self.preds_hold();
        };
        let candidates: Vec<OpId> = match step {
            Step::Up { from, operand, .. } => {
                let op = self.ops[from].expect("matched before its step");
                let v = self.m.op(op).operands[operand];
                self.m.defining_op(v).into_iter().collect()
            }
            Step::Down { from, .. } => {
                let op = self.ops[from].expect("matched before its step");
                let mut users: Vec<OpId> = self
                    .m
                    .op(op)
                    .results
                    .iter()
                    .flat_map(|&r| self.m.value(r).uses.iter().map(|u| u.op))
                    .collect();
                users.dedup();
                users
            }
        };
        let to = match step {
            Step::Up { to, .. } | Step::Down { to, .. } => to,
        };
        if candidates.is_empty() {
            let found = match step {
                Step::Up { .. } => Found::NoProducer,
                Step::Down { .. } => Found::NoUser,
            };
            self.note(Reason::Op { binding: to, found });
        }
        for op in candidates {
            let saved = (self.ops.clone(), self.env.clone());
            if self.bind(to, op) && self.search(order, k + 1) {
                return true;
            }
            (self.ops, self.env) = saved;
        }
        false
    }

    /// Binds binding `i` to `op` if its name, operands and attributes fit.
    fn bind(&mut self, i: usize, op: OpId) -> bool {
        if self.ops.contains(&Some(op)) {
            let found = Found::Taken;
            self.note(Reason::Op { binding: i, found });
            return false;
        }
        let b = &self.bindings[i];
        let o = self.m.op(op);
        if !b.op.ops.iter().any(|n| n.name == *o.name) || o.results.is_empty() {
            if self.miss.is_some() {
                let found = Found::Op(o.name.to_string());
                self.note(Reason::Op { binding: i, found });
            }
            return false;
        }
        if !self.env.bind_value(&b.var.name, o.results[0]) {
            self.note(Reason::Operands { binding: i });
            return false;
        }
        self.ops[i] = Some(op);
        let operands = o.operands.clone();
        let fits = self.operands_fit(b, &operands)
            || (b.op.commute
                && operands.len() == 2
                && self.operands_fit(b, &[operands[1], operands[0]]));
        if !fits {
            self.note(Reason::Operands { binding: i });
            return false;
        }
        match self.attr_misfit(b, op) {
            Some(attr) => {
                self.note(Reason::Attr { binding: i, attr });
                false
            }
            None => true,
        }
    }

    /// Records a failure at the current depth (the ops bound so far), when tracing.
    fn note(&mut self, reason: Reason) {
        let Some(miss) = self.miss.as_deref_mut() else {
            return;
        };
        let depth = match reason {
            Reason::Pred { .. } => self.bindings.len() + 1,
            _ => self.ops.iter().flatten().count(),
        };
        let env = &self.env;
        let bindings = self.bindings;
        miss.note(depth, || reason, || bound_values(bindings, env));
    }

    fn operands_fit(&mut self, b: &Binding, operands: &[ValueId]) -> bool {
        if b.op.operands.len() != operands.len() {
            return false;
        }
        let saved = self.env.clone();
        let ok = b.op.operands.iter().zip(operands).all(|(p, &v)| match p {
            Operand::Var(var) => self.env.bind_value(&var.name, v),
            Operand::Wildcard(_) => true,
            Operand::Const(c) => match splat_value(self.m, v, c.splat) {
                Some(x) => match &c.value {
                    ConstValue::Number(n) => is_literal(n.value, x, self.m.ty(v).elem()),
                    ConstValue::Capture(cap) => self.env.bind_capture(
                        &cap.name,
                        Attr::Float {
                            text: x.to_string().into(),
                            ty: None,
                        },
                    ),
                },
                None => false,
            },
        });
        if !ok {
            self.env = saved;
        }
        ok
    }

    /// The index of the first attribute pattern of `b` that `op` does not fit.
    fn attr_misfit(&mut self, b: &Binding, op: OpId) -> Option<usize> {
        b.op.attrs.iter().position(|a| {
            let Some(value) = attr_of(self.m, op, &a.name.name) else {
                return true;
            };
            !match &a.value {
                AttrValue::Capture(c) => self.env.bind_capture(&c.name, value),
                AttrValue::Match(lits) => lits.iter().any(|l| literal_matches(l, &value)),
                AttrValue::Var(_) => false,
            }
        })
    }

    fn preds_hold(&mut self) -> bool {
        let caps: &Captures = &self.env.captures;
        let failed = self.bindings.iter().enumerate().find_map(|(i, b)| {
            let p = b
                .preds
                .iter()
                .position(|p| !pred_holds(self.m, p, &self.env.values, caps))?;
            Some((i, p))
        });
        match failed {
            Some((binding, pred)) => {
                self.note(Reason::Pred { binding, pred });
                false
            }
            None => true,
        }
    }
}

/// The values `env` binds: the bindings' variables in binding order, then the leaves by name.
fn bound_values(bindings: &[Binding], env: &Env) -> Vec<(String, ValueId)> {
    let mut out: Vec<(String, ValueId)> = bindings
        .iter()
        .filter_map(|b| Some((b.var.name.clone(), *env.values.get(&b.var.name)?)))
        .collect();
    let mut leaves: Vec<(String, ValueId)> = env
        .values
        .iter()
        .filter(|(n, _)| !bindings.iter().any(|b| b.var.name == **n))
        .map(|(n, v)| (n.clone(), *v))
        .collect();
    leaves.sort();
    out.extend(leaves);
    out
}

/// The scalar a value holds when it is a splat constant: [`egfuse_ir::facts::splat_value`].
fn splat_value(m: &Module, v: ValueId, through_broadcast: bool) -> Option<f64> {
    egfuse_ir::facts::splat_value(m, v, through_broadcast)
}
