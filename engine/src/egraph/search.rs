//! The rule language's patterns matched over e-classes: rewrite sides (trees) and fusion bodies
//! (flat bindings, root last). One backtracking matcher enumerates every match, with the same
//! meaning as compat mode's (`compat::pattern`): op alternatives, `commute`, the same variable
//! twice is the same class, splat constants (also through `broadcast_in_dim`), attribute
//! captures and literals read from attribute leaves, and predicates checked on complete
//! matches with the original program's use counts.

use super::lang::{op_discriminant, Node};
use super::meta::Graph;
use crate::compat::{literal_matches, pred_holds, Captures, Facts};
use crate::ir::{Attr, Type};
use egfuse_dsl::ast::{
    AttrPattern, AttrValue, Binding, ConstValue, Expr, OpName, OpPattern, Operand, Pred,
};
use egg::Id;
use rustc_hash::FxHashMap;

/// What a match binds: value variables and interior names to classes, captures to attribute
/// leaf classes (or, for `splat($c)`, to the constant's class), and for fusion bodies the
/// e-node each binding matched.
///
/// Names borrow from the rule, and the lists are short, so a partial match is cheap to copy
/// when the matcher backtracks.
#[derive(Clone, Debug, Default)]
pub struct Env<'r> {
    pub values: Vec<(&'r str, Id)>,
    pub captures: Vec<(&'r str, Id)>,
    /// For each fusion binding matched: its index, its class, and the matched node's index
    /// in that class.
    pub nodes: Vec<(usize, Id, usize)>,
}

impl Env<'_> {
    /// The class bound to `%name`.
    pub fn value(&self, name: &str) -> Option<Id> {
        self.values
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, id)| *id)
    }

    /// The class bound to `$name`.
    pub fn capture(&self, name: &str) -> Option<Id> {
        self.captures
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, id)| *id)
    }
}

/// How many matches one search of one class may return.
pub const MATCHES_PER_CLASS: usize = 16;

/// The classes that may hold the root of an op pattern: those with a node of one of its op
/// names and its operand count, in id order.
pub fn candidate_classes<A>(g: &Graph, p: &OpPattern<A>) -> Vec<Id> {
    let mut out: Vec<Id> = p
        .ops
        .iter()
        .filter_map(|n| {
            let d = op_discriminant(egg::Symbol::from(n.name.as_str()), p.operands.len());
            g.classes_for_op(&d)
        })
        .flatten()
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// The matcher over one graph.
pub struct Matcher<'g> {
    pub g: &'g Graph,
}

impl<'g> Matcher<'g> {
    /// Every match of the tree `e` rooted in class `id`.
    pub fn expr<'r>(&self, e: &'r Expr, id: Id, env: Env<'r>) -> Vec<Env<'r>> {
        let id = self.g.find(id);
        match e {
            Expr::Var(v) => bind(env, &v.name, id).into_iter().collect(),
            Expr::Wildcard(_) => vec![env],
            Expr::Const(c) => self.constant(c, id, env).into_iter().collect(),
            Expr::Op { pattern, name } => {
                let env = match name {
                    Some(n) => match bind(env, &n.name, id) {
                        Some(env) => env,
                        None => return Vec::new(),
                    },
                    None => env,
                };
                let ahead = |arg: &'r Expr| match arg {
                    Expr::Op { pattern, .. } => Some(pattern.ops.as_slice()),
                    _ => None,
                };
                self.op_recording(
                    pattern,
                    id,
                    env,
                    usize::MAX,
                    &|m, arg, child, env| m.expr(arg, child, env),
                    &ahead,
                )
            }
        }
    }

    /// Every match of fusion binding `i` (and, through its operands, the bindings it reaches)
    /// rooted in class `id`.
    pub fn binding<'r>(
        &self,
        bindings: &'r [Binding],
        i: usize,
        id: Id,
        env: Env<'r>,
    ) -> Vec<Env<'r>> {
        let id = self.g.find(id);
        let b = &bindings[i];
        if let Some(bound) = env.value(&b.var.name) {
            return if bound == id { vec![env] } else { Vec::new() };
        }
        if env.nodes.iter().any(|(_, c, _)| *c == id) {
            return Vec::new();
        }
        let Some(mut env) = bind(env, &b.var.name, id) else {
            return Vec::new();
        };
        env.nodes.push((i, id, usize::MAX));
        let slot = env.nodes.len() - 1;
        let operand = |m: &Matcher, arg: &'r Operand, child: Id, env: Env<'r>| -> Vec<Env<'r>> {
            match arg {
                Operand::Var(v) => match bindings.iter().position(|b| b.var.name == v.name) {
                    Some(j) => m.binding(bindings, j, child, env),
                    None => bind(env, &v.name, m.g.find(child)).into_iter().collect(),
                },
                Operand::Wildcard(_) => vec![env],
                Operand::Const(c) => m.constant(c, m.g.find(child), env).into_iter().collect(),
            }
        };
        let ahead = |arg: &'r Operand| match arg {
            Operand::Var(v) => bindings
                .iter()
                .find(|b| b.var.name == v.name)
                .map(|b| b.op.ops.as_slice()),
            _ => None,
        };
        self.op_recording(&b.op, id, env, slot, &operand, &ahead)
    }

    /// Matches an op pattern against the op nodes of class `id`, recording the matched node in
    /// `env.nodes[slot]` (when in range); `operand` matches each operand, and `ahead` names the
    /// ops an operand must have, so a node whose operands cannot match is dropped before any
    /// partial match is copied.
    fn op_recording<'r, A>(
        &self,
        p: &'r OpPattern<A>,
        id: Id,
        env: Env<'r>,
        slot: usize,
        operand: &dyn Fn(&Matcher, &'r A, Id, Env<'r>) -> Vec<Env<'r>>,
        ahead: &dyn Fn(&'r A) -> Option<&'r [OpName]>,
    ) -> Vec<Env<'r>> {
        let mut out = Vec::new();
        for (index, node) in self.g[id].nodes.iter().enumerate() {
            let Some(name) = node.op_name() else { continue };
            let ops = node.operands();
            if ops.len() != p.operands.len() || !p.ops.iter().any(|n| n.name == name) {
                continue;
            }
            let fits = |order: &[Id]| {
                p.operands
                    .iter()
                    .zip(order)
                    .all(|(arg, &child)| ahead(arg).is_none_or(|names| self.has_op(child, names)))
            };
            let swapped = p.commute && ops.len() == 2 && ops[0] != ops[1];
            if !(fits(ops) || (swapped && fits(&[ops[1], ops[0]]))) {
                continue;
            }
            let Some(mut env) = self.attrs(&p.attrs, node, env.clone()) else {
                continue;
            };
            if let Some(s) = env.nodes.get_mut(slot) {
                s.2 = index;
            }
            let mut orders = vec![ops.to_vec()];
            if p.commute && ops.len() == 2 && ops[0] != ops[1] {
                orders.push(vec![ops[1], ops[0]]);
            }
            for order in orders {
                let mut partial = vec![env.clone()];
                for (arg, &child) in p.operands.iter().zip(&order) {
                    partial = partial
                        .into_iter()
                        .flat_map(|e| operand(self, arg, child, e))
                        .collect();
                }
                out.extend(partial);
                if out.len() >= MATCHES_PER_CLASS {
                    out.truncate(MATCHES_PER_CLASS);
                    return out;
                }
            }
        }
        out
    }

    /// Whether class `id` has an op node named one of `names`.
    fn has_op(&self, id: Id, names: &[OpName]) -> bool {
        self.g[self.g.find(id)]
            .nodes
            .iter()
            .filter_map(Node::op_name)
            .any(|n| names.iter().any(|x| x.name == n))
    }

    /// Checks the attribute patterns of `p` on `node`'s attribute leaves.
    fn attrs<'r>(
        &self,
        attrs: &'r [AttrPattern],
        node: &Node,
        mut env: Env<'r>,
    ) -> Option<Env<'r>> {
        let names = self.g.analysis.leaves_of(node.op_name()?);
        for a in attrs {
            let k = names.iter().position(|n| *n == a.name.name)?;
            let leaf = self.g.find(node.attr_args()[k]);
            let value = self.attr_value(leaf)?;
            match &a.value {
                AttrValue::Capture(c) => env = bind_capture(env, &c.name, leaf)?,
                AttrValue::Match(lits) => {
                    if !lits.iter().any(|l| literal_matches(l, value)) {
                        return None;
                    }
                }
                AttrValue::Var(_) => return None,
            }
        }
        Some(env)
    }

    /// The attribute an attribute leaf class holds.
    pub fn attr_value(&self, leaf: Id) -> Option<&'g Attr> {
        self.g[leaf].nodes.iter().find_map(|n| match n {
            Node::Attr(k) => self.g.analysis.attr(*k),
            _ => None,
        })
    }

    /// A constant operand: `splat(c)` (also through `broadcast_in_dim`) or a splat constant.
    fn constant<'r>(&self, c: &'r egfuse_dsl::ast::Const, id: Id, env: Env<'r>) -> Option<Env<'r>> {
        let class = &self.g[id];
        let direct = class
            .nodes
            .iter()
            .any(|n| n.op_name().is_some_and(|s| s.ends_with(".constant")));
        if !c.splat && !direct {
            return None;
        }
        let x = class.data.splat?;
        match &c.value {
            ConstValue::Number(n) => (n.value == x).then_some(env),
            ConstValue::Capture(cap) => match env.capture(&cap.name) {
                Some(other) => (self.g[other].data.splat == Some(x)).then_some(env),
                None => bind_capture(env, &cap.name, id),
            },
        }
    }

    /// Whether every predicate holds on a complete match.
    pub fn preds_hold<'p>(&self, preds: impl IntoIterator<Item = &'p Pred>, env: &Env) -> bool {
        let mut preds = preds.into_iter().peekable();
        if preds.peek().is_none() {
            return true;
        }
        let mut caps = Captures::default();
        for &(name, leaf) in &env.captures {
            if let Some(a) = self.attr_value(leaf) {
                caps.insert(name.to_string(), a.clone());
            }
        }
        let values: FxHashMap<String, Id> = env
            .values
            .iter()
            .map(|&(n, id)| (n.to_string(), id))
            .collect();
        let facts = ClassFacts(self.g);
        preds.all(|p| pred_holds(&facts, p, &values, &caps))
    }
}

fn bind<'r>(mut env: Env<'r>, name: &'r str, id: Id) -> Option<Env<'r>> {
    bind_in(&mut env.values, name, id).then_some(env)
}

fn bind_capture<'r>(mut env: Env<'r>, name: &'r str, id: Id) -> Option<Env<'r>> {
    bind_in(&mut env.captures, name, id).then_some(env)
}

/// Binds `name` to `id` in `list`, or checks it is bound to `id` already.
fn bind_in<'r>(list: &mut Vec<(&'r str, Id)>, name: &'r str, id: Id) -> bool {
    match list.iter().find(|(n, _)| *n == name) {
        Some(&(_, old)) => old == id,
        None => {
            list.push((name, id));
            true
        }
    }
}

/// Predicates over e-classes: types and use counts from the analysis; every class lives in a
/// function body outside any fusion (the graph is built from one).
struct ClassFacts<'g>(&'g Graph);

impl Facts for ClassFacts<'_> {
    type Value = Id;
    fn ty(&self, v: Id) -> Option<&Type> {
        self.0[v].data.ty.as_ref()
    }
    fn uses(&self, v: Id) -> usize {
        self.0[v].data.uses as usize
    }
    fn not_fused(&self, _: Id) -> bool {
        true
    }
    fn top_level(&self, _: Id) -> bool {
        true
    }
}
