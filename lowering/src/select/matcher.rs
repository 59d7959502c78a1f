//! A select rule's pattern against the ops of a kernel: the pattern's root is the op that
//! defines a value, its operands match recursively, the same variable twice is the same value,
//! `commute` tries both operand orders, and every interior op has that one use (its value is not
//! needed elsewhere, since the instruction replaces it). Attributes and constants match as in the
//! fusion rules (`egfuse_ir::facts`).

use super::Scope;
use egfuse_dsl::ast::{AttrValue, ConstValue, Expr, Literal};
use egfuse_ir::facts::{attr_of, int_list};
use egfuse_ir::floats::is_literal;
use egfuse_ir::{Attr, Module, OpId, ValueId};
use rustc_hash::FxHashMap;

/// What a match binds.
#[derive(Clone, Debug, Default)]
pub struct Match {
    pub values: FxHashMap<String, ValueId>,
    pub numbers: FxHashMap<String, f64>,
    /// The ops it covers, the root first.
    pub ops: Vec<OpId>,
}

/// Matches `e` at the op defining `v`, covering only the kernel's ops.
pub fn at(m: &Module, scope: &Scope, e: &Expr, v: ValueId) -> Option<Match> {
    let mut st = Match::default();
    expr(m, scope, e, v, true, &mut st).then_some(st)
}

fn expr(m: &Module, scope: &Scope, e: &Expr, v: ValueId, root: bool, st: &mut Match) -> bool {
    match e {
        Expr::Var(x) => match st.values.get(&x.name) {
            Some(&bound) => bound == v,
            None => {
                st.values.insert(x.name.clone(), v);
                true
            }
        },
        Expr::Wildcard(_) => true,
        Expr::Const(c) => {
            let Some(value) = scope.splat(m, v) else {
                return false;
            };
            match &c.value {
                ConstValue::Number(n) => is_literal(n.value, value, m.ty(v).elem()),
                ConstValue::Capture(cap) => bind_number(st, &cap.name, value),
            }
        }
        Expr::Op { pattern, .. } => {
            let mut v = v;
            // A broadcast or reshape the pattern does not name is looked through: the layout
            // makes it an access pattern, and elementwise ops commute with it.
            while let Some(x) = scope.view(m, v).filter(|_| !names(pattern, m, v)) {
                if !root && m.value(v).uses.len() != 1 {
                    return false;
                }
                v = x;
            }
            let Some(op) = m.defining_op(v) else {
                return false;
            };
            let o = m.op(op);
            if !scope.inside.contains(&op) || o.results.len() != 1 {
                return false;
            }
            if !root && m.value(v).uses.len() != 1 {
                return false;
            }
            if !pattern.ops.iter().any(|n| *n.name == *o.name) {
                return false;
            }
            if pattern.operands.len() != o.operands.len() {
                return false;
            }
            if !attrs(m, op, &pattern.attrs) {
                return false;
            }
            st.ops.push(op);
            let orders: &[[usize; 2]] = if pattern.commute && o.operands.len() == 2 {
                &[[0, 1], [1, 0]]
            } else {
                &[[0, 1]]
            };
            for order in orders {
                let mut trial = st.clone();
                let ok = pattern.operands.iter().enumerate().all(|(k, p)| {
                    let at = if k < 2 && o.operands.len() == 2 {
                        order[k]
                    } else {
                        k
                    };
                    expr(m, scope, p, o.operands[at], false, &mut trial)
                });
                if ok {
                    *st = trial;
                    return true;
                }
            }
            false
        }
    }
}

/// Whether the pattern names the op that defines `v`.
fn names(pattern: &egfuse_dsl::ast::OpPattern<Expr>, m: &Module, v: ValueId) -> bool {
    m.defining_op(v)
        .is_some_and(|op| pattern.ops.iter().any(|n| *n.name == *m.op(op).name))
}

fn bind_number(st: &mut Match, name: &str, value: f64) -> bool {
    match st.numbers.get(name) {
        Some(&x) => x == value || (x.is_nan() && value.is_nan()),
        None => {
            st.numbers.insert(name.to_string(), value);
            true
        }
    }
}

fn attrs(m: &Module, op: OpId, pats: &[egfuse_dsl::ast::AttrPattern]) -> bool {
    pats.iter().all(|p| {
        let Some(a) = attr_of(m, op, &p.name.name) else {
            return false;
        };
        match &p.value {
            AttrValue::Match(alts) => alts.iter().any(|l| literal_is(l, &a)),
            // No instruction argument reads a captured attribute yet: its presence is enough.
            AttrValue::Capture(_) | AttrValue::Var(_) => true,
        }
    })
}

/// Whether the attribute `a` is what the literal writes.
fn literal_is(l: &Literal, a: &Attr) -> bool {
    match (l, a) {
        (Literal::Wildcard(_), _) => true,
        (Literal::Word(w, _), Attr::Enum { value, .. }) => **value == **w,
        (Literal::Word(w, _) | Literal::Str(w, _), _) => a.as_str().as_deref() == Some(w.as_str()),
        (Literal::Number(n), _) => match a.as_int() {
            Some(i) => n.as_int().is_some_and(|x| x as i128 == i),
            None => false,
        },
        (Literal::List(items, _), _) => int_list(a).is_some_and(|v| {
            v.len() == items.len()
                && items.iter().zip(&v).all(|(l, &x)| match l {
                    Literal::Number(n) => n.as_int() == Some(x),
                    Literal::Wildcard(_) => true,
                    _ => false,
                })
        }),
    }
}
