//! The anchored matcher of a fusion rule's pattern body, as the seed's matchers work: bind the
//! anchor op, then step one hop at a time, up to an operand's defining op or down to a user of
//! a matched value, checking each binding's op name, operands and attributes; the predicates
//! are checked once every binding is matched. Alternatives and `commute` backtrack; the first
//! complete match in use order wins, so the result is deterministic.

use super::preds::{attr_of, literal_matches, pred_holds, splat_of_dense, Captures, Env};
use crate::ir::{Attr, Module, OpId, ValueId};
use egfuse_dsl::ast::{AttrValue, Binding, ConstValue, FusionRule, Operand};
use rustc_hash::FxHashMap;

/// The ops of a match of `rule` anchored at `anchor`, in binding order.
pub fn match_at(m: &Module, rule: &FusionRule, anchor: OpId) -> Option<Vec<OpId>> {
    let bindings = rule.bindings();
    let first = bindings
        .iter()
        .position(|b| b.var.name == rule.anchor.name)?;
    let mut st = State {
        m,
        bindings,
        ops: vec![None; bindings.len()],
        env: Env::default(),
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
            return false;
        }
        let b = &self.bindings[i];
        let o = self.m.op(op);
        if !b.op.ops.iter().any(|n| n.name == *o.name) || o.results.is_empty() {
            return false;
        }
        if !self.env.bind_value(&b.var.name, o.results[0]) {
            return false;
        }
        self.ops[i] = Some(op);
        let operands = o.operands.clone();
        let fits = self.operands_fit(b, &operands)
            || (b.op.commute
                && operands.len() == 2
                && self.operands_fit(b, &[operands[1], operands[0]]));
        fits && self.attrs_fit(b, op)
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
                    ConstValue::Number(n) => n.value == x,
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

    fn attrs_fit(&mut self, b: &Binding, op: OpId) -> bool {
        b.op.attrs.iter().all(|a| {
            let Some(value) = attr_of(self.m, op, &a.name.name) else {
                return false;
            };
            match &a.value {
                AttrValue::Capture(c) => self.env.bind_capture(&c.name, value),
                AttrValue::Match(lits) => lits.iter().any(|l| literal_matches(l, &value)),
                AttrValue::Var(_) => false,
            }
        })
    }

    fn preds_hold(&self) -> bool {
        let caps: &Captures = &self.env.captures;
        self.bindings.iter().all(|b| {
            b.preds
                .iter()
                .all(|p| pred_holds(self.m, p, &self.env.values, caps))
        })
    }
}

/// The scalar a value holds when it is a splat constant (or, with `through_broadcast`, a
/// `broadcast_in_dim` of a scalar constant).
fn splat_value(m: &Module, v: ValueId, through_broadcast: bool) -> Option<f64> {
    let op = m.defining_op(v)?;
    let o = m.op(op);
    match o.name.split_once('.')?.1 {
        "constant" => splat_of_dense(o.attr("value")?),
        "broadcast_in_dim" if through_broadcast => splat_value(m, o.operands[0], false),
        _ => None,
    }
}
