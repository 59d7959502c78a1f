//! The rule language's patterns matched over e-classes: rewrite sides (trees) and fusion bodies
//! (flat bindings, root last). One backtracking matcher enumerates every match, with the same
//! meaning as compat mode's (`compat::pattern`): op alternatives, `commute`, the same variable
//! twice is the same class, splat constants (also through `broadcast_in_dim`), attribute
//! captures and literals read from attribute leaves, and predicates checked on complete
//! matches with the original program's use counts. One thing compat mode has not: a binding
//! written `through converts` reaches the bindings it reads through float converts, which join
//! the match (the rule checks keep such rules out of compat mode).
//!
//! Given a [`Miss`] (coverage and explain), the matcher also records the deepest point a
//! failed search reached; it then tries every operand order instead of dropping those whose
//! operand ops are missing up front, so that the failure is found where the pattern names it.

use super::lang::{op_discriminant, Node};
use super::meta::Graph;
use crate::compat::{literal_matches, pred_holds, Captures, Facts};
use crate::trace::{Found, Miss, Reason};
use egfuse_dsl::ast::{
    AttrPattern, AttrValue, Binding, ConstValue, Converts, Expr, OpName, OpPattern, Operand, Pred,
    Var,
};
use egfuse_ir::floats::is_literal;
use egfuse_ir::{Attr, Type};
use egg::Id;
use rustc_hash::FxHashMap;
use std::cell::RefCell;
use std::ops::ControlFlow;

/// What a match binds: value variables and interior names to classes, captures to attribute
/// leaf classes (or, for `splat($c)`, to the constant's class), and for fusion bodies the
/// e-node each binding matched.
///
/// Names borrow from the rule. The matcher extends one `Env` as it descends and truncates it
/// back as it backtracks ([`Env::mark`], [`Env::undo`]), so a search allocates nothing per
/// partial match.
#[derive(Clone, Debug, Default)]
pub struct Env<'r> {
    pub values: Vec<(&'r str, Id)>,
    pub captures: Vec<(&'r str, Id)>,
    /// For each fusion binding matched: its index, its class, and the matched node's index
    /// in that class.
    pub nodes: Vec<(usize, Id, usize)>,
    /// Each convert a binding written `through converts` reads through, and each node of a
    /// function a binding written `through elementwise` reads through, once however many read
    /// it: its class, and its node's index there.
    pub through: Vec<(Id, usize)>,
}

/// The lengths of an [`Env`]'s lists, to return to.
#[derive(Clone, Copy)]
pub(super) struct Mark(usize, usize, usize, usize);

impl<'r> Env<'r> {
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

    pub(super) fn mark(&self) -> Mark {
        Mark(
            self.values.len(),
            self.captures.len(),
            self.nodes.len(),
            self.through.len(),
        )
    }

    pub(super) fn undo(&mut self, m: Mark) {
        self.values.truncate(m.0);
        self.captures.truncate(m.1);
        self.nodes.truncate(m.2);
        self.through.truncate(m.3);
    }

    /// Whether class `id` is already part of the match, as a binding's or a convert's.
    fn taken(&self, id: Id) -> bool {
        self.nodes.iter().any(|(_, c, _)| *c == id) || self.through.iter().any(|(c, _)| *c == id)
    }
}

/// How many matches one search of one class may visit.
pub const MATCHES_PER_CLASS: usize = 16;

/// How many float converts in a row a binding written `through converts` reads through (torch
/// rounds a product to bf16 and widens it again: two).
pub const CONVERTS_IN_A_ROW: usize = 3;

/// How many levels below a binding the bindings it reads may be, beyond the one of an operand:
/// the converts or the elementwise function it reads through.
pub fn levels_through(c: Converts) -> usize {
    match c {
        Converts::Exact => 0,
        Converts::Through => CONVERTS_IN_A_ROW,
        Converts::Elementwise => super::derived::DEPTH,
    }
}

/// What a search does with each complete match; `Break` ends the search.
pub(super) type Then<'k, 'r> = &'k mut dyn FnMut(&mut Env<'r>) -> ControlFlow<()>;

/// Matches one operand of a pattern, then continues.
type OperandFn<'g, 'r, A> =
    dyn Fn(&Matcher<'g>, &'r A, Id, &mut Env<'r>, Then<'_, 'r>) -> ControlFlow<()> + 'r;

/// The classes that may hold the root of an op pattern: those with a node of one of its op
/// names and its operand count, in id order.
pub fn candidate_classes<A>(g: &Graph, p: &OpPattern<A>) -> Vec<Id> {
    candidate_classes_where(g, p, |_| true)
}

/// The [`candidate_classes`] that `keep` keeps (sorting only those).
pub fn candidate_classes_where<A>(
    g: &Graph,
    p: &OpPattern<A>,
    keep: impl Fn(Id) -> bool,
) -> Vec<Id> {
    let mut out: Vec<Id> = p
        .ops
        .iter()
        .filter_map(|n| {
            let d = op_discriminant(n.sym, p.operands.len());
            g.classes_for_op(&d)
        })
        .flatten()
        .filter(|&c| keep(c))
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// Whether every binding that must be present (not `or`) names an op the graph holds with its
/// operand count: no class can hold a match otherwise. One lookup per binding rules out the
/// rules of idioms a model never spells (a GELU's `tanh` in a Llama). Every such binding is in
/// every match: the rule checks make each binding feed a later one in every form.
pub fn ops_present(g: &Graph, bindings: &[Binding]) -> bool {
    (bindings.iter())
        .filter(|b| b.or.is_none())
        .all(|b| op_classes(g, &b.op) > 0)
}

/// How many classes hold a node of one of the op pattern's names with its operand count (a
/// class holding two of them counts twice).
pub fn op_classes<A>(g: &Graph, p: &OpPattern<A>) -> usize {
    (p.ops.iter())
        .filter_map(|n| g.classes_for_op(&op_discriminant(n.sym, p.operands.len())))
        .map(|c| c.len())
        .sum()
}

/// The matcher over one graph.
pub struct Matcher<'g> {
    pub g: &'g Graph,
    /// Where to record why searches fail (coverage, explain), or `None`.
    pub miss: Option<&'g RefCell<Miss<Id>>>,
}

impl<'g> Matcher<'g> {
    /// A matcher over `g` that records nothing.
    pub fn new(g: &'g Graph) -> Matcher<'g> {
        Matcher { g, miss: None }
    }

    /// Visits the matches of the tree `e` rooted in class `id`, at most
    /// [`MATCHES_PER_CLASS`].
    pub fn each_expr<'r>(
        &self,
        e: &'r Expr,
        id: Id,
        visit: &mut dyn FnMut(&Env<'r>) -> ControlFlow<()>,
    ) {
        let mut env = Env::default();
        let _ = self.expr(e, id, &mut env, &mut capped(visit));
    }

    /// Visits the matches of fusion binding `root` (and, through its operands, the bindings it
    /// reaches) rooted in class `id`, at most [`MATCHES_PER_CLASS`].
    pub fn each_binding<'r>(
        &self,
        bindings: &'r [Binding],
        root: usize,
        id: Id,
        visit: &mut dyn FnMut(&Env<'r>) -> ControlFlow<()>,
    ) {
        let mut env = Env::default();
        let _ = self.binding(bindings, root, id, &mut env, &mut capped(visit));
    }

    fn expr<'r>(
        &self,
        e: &'r Expr,
        id: Id,
        env: &mut Env<'r>,
        then: Then<'_, 'r>,
    ) -> ControlFlow<()> {
        let id = self.g.find(id);
        match e {
            Expr::Var(v) => bind_then(env, &v.name, id, then),
            Expr::Wildcard(_) => then(env),
            Expr::Const(c) => self.constant_then(c, id, env, then),
            Expr::Op { pattern, name } => {
                let mark = env.mark();
                let flow = match name {
                    Some(n) if !bind_in(&mut env.values, &n.name, id) => ControlFlow::Continue(()),
                    _ => {
                        let ahead = |arg: &'r Expr| match arg {
                            Expr::Op { pattern, .. } => Some(pattern.ops.as_slice()),
                            _ => None,
                        };
                        let operand: &OperandFn<'g, 'r, Expr> =
                            &|m, arg, child, env, then| m.expr(arg, child, env, then);
                        self.op(pattern, id, env, usize::MAX, operand, &ahead, then)
                    }
                };
                env.undo(mark);
                flow
            }
        }
    }

    fn binding<'r>(
        &self,
        bindings: &'r [Binding],
        i: usize,
        id: Id,
        env: &mut Env<'r>,
        then: Then<'_, 'r>,
    ) -> ControlFlow<()> {
        let id = self.g.find(id);
        let b = &bindings[i];
        if let Some(bound) = env.value(&b.var.name) {
            return if bound == id {
                then(env)
            } else {
                self.note(env, Reason::Operands { binding: i });
                ControlFlow::Continue(())
            };
        }
        let flow = self.present(bindings, i, id, env, then);
        match &b.or {
            Some(x) if flow.is_continue() => self.absent(bindings, &b.var.name, x, id, env, then),
            _ => flow,
        }
    }

    /// Binding `i`'s op matched at class `id` (not yet bound, and no other binding's).
    fn present<'r>(
        &self,
        bindings: &'r [Binding],
        i: usize,
        id: Id,
        env: &mut Env<'r>,
        then: Then<'_, 'r>,
    ) -> ControlFlow<()> {
        let b = &bindings[i];
        if env.taken(id) {
            let found = Found::Taken;
            self.note(env, Reason::Op { binding: i, found });
            return ControlFlow::Continue(());
        }
        let mark = env.mark();
        env.values.push((&b.var.name, id));
        env.nodes.push((i, id, usize::MAX));
        let (converts, depth) = (b.converts, levels_through(b.converts));
        let operand: &OperandFn<'g, 'r, Operand> = &move |m, arg, child, env, then| match arg {
            // The pattern's inputs are read as they are: converts join a match only between
            // its bindings.
            Operand::Var(v) => match bindings.iter().position(|b| b.var.name == v.name) {
                Some(j) if depth == 0 => m.binding(bindings, j, child, env, then),
                Some(j) if converts == Converts::Elementwise => {
                    // The function must read the binding: one of constants alone is no match.
                    let name = &bindings[j].var.name;
                    m.derived(
                        child,
                        env,
                        &mut |env| match env.value(name) {
                            Some(_) => then(env),
                            None => ControlFlow::Continue(()),
                        },
                        &move |m, c, env, then| m.binding(bindings, j, c, env, then),
                    )
                }
                Some(j) => m.through(child, depth, env, then, &|m, c, env, then| {
                    m.binding(bindings, j, c, env, then)
                }),
                None => bind_then(env, &v.name, m.g.find(child), then),
            },
            Operand::Wildcard(_) => then(env),
            Operand::Const(c) => m.constant_then(c, m.g.find(child), env, then),
        };
        // An optional producer may be absent, so its op says nothing about the operand; nor
        // does a producer read through converts.
        let ahead = |arg: &'r Operand| match arg {
            Operand::Var(_) if depth > 0 => None,
            Operand::Var(v) => bindings
                .iter()
                .find(|b| b.var.name == v.name && b.or.is_none())
                .map(|b| b.op.ops.as_slice()),
            _ => None,
        };
        let flow = self.op(&b.op, id, env, mark.2, operand, &ahead, then);
        env.undo(mark);
        flow
    }

    /// Matches `inner` at class `id`, then, up to `depth` converts deep, at the operand of
    /// each float-to-float convert in `id`, recording the convert (once: two bindings may read
    /// one value through the same convert).
    fn through<'r>(
        &self,
        id: Id,
        depth: usize,
        env: &mut Env<'r>,
        then: Then<'_, 'r>,
        inner: &dyn Fn(&Self, Id, &mut Env<'r>, Then<'_, 'r>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let id = self.g.find(id);
        inner(self, id, env, then)?;
        // A class a binding matched is that binding's value, not a convert to step through.
        if depth == 0 || env.nodes.iter().any(|(_, c, _)| *c == id) {
            return ControlFlow::Continue(());
        }
        // A class already read through keeps the convert it was read through.
        let recorded = env.through.iter().find(|(c, _)| *c == id).map(|&(_, n)| n);
        for (index, node) in self.g[id].nodes.iter().enumerate() {
            let Some(from) = self.float_convert(id, node) else {
                continue;
            };
            if recorded.is_some_and(|n| n != index) {
                continue;
            }
            let mark = env.mark();
            if recorded.is_none() {
                env.through.push((id, index));
            }
            let flow = self.through(from, depth - 1, env, then, inner);
            env.undo(mark);
            flow?;
        }
        ControlFlow::Continue(())
    }

    /// The operand class of `node` in class `id` when it is a convert between float types.
    fn float_convert(&self, id: Id, node: &Node) -> Option<Id> {
        if node.op_name() != Some("stablehlo.convert") {
            return None;
        }
        let from = self.g.find(*node.operands().first()?);
        let float = |c: Id| {
            let ty = self.g[c].data.ty.as_deref()?;
            ty.elem().map(|e| e.is_float())
        };
        (float(id)? && float(from)?).then_some(from)
    }

    /// An optional binding left out (`%var = op(...) or %x`, in a rule's whole bindings):
    /// `%var` is class `id`, and so is `%x`, matched on there.
    fn absent<'r>(
        &self,
        bindings: &'r [Binding],
        var: &'r str,
        x: &'r Var,
        id: Id,
        env: &mut Env<'r>,
        then: Then<'_, 'r>,
    ) -> ControlFlow<()> {
        let mark = env.mark();
        env.values.push((var, id));
        let flow = match bindings.iter().position(|b| b.var.name == x.name) {
            Some(j) => self.binding(bindings, j, id, env, then),
            None => bind_then(env, &x.name, id, then),
        };
        env.undo(mark);
        flow
    }

    /// Matches an op pattern against the op nodes of class `id`, recording the matched node in
    /// `env.nodes[slot]` (when in range); `operand` matches each operand, and `ahead` names the
    /// ops an operand must have, so an operand order that cannot match is dropped at once.
    #[allow(clippy::too_many_arguments)]
    fn op<'r, A>(
        &self,
        p: &'r OpPattern<A>,
        id: Id,
        env: &mut Env<'r>,
        slot: usize,
        operand: &OperandFn<'g, 'r, A>,
        ahead: &dyn Fn(&'r A) -> Option<&'r [OpName]>,
        then: Then<'_, 'r>,
    ) -> ControlFlow<()> {
        let nodes = &self.g[id].nodes;
        let mut named = false;
        for (index, node) in nodes.iter().enumerate() {
            let Some(name) = node.op_symbol() else {
                continue;
            };
            let ops = node.operands();
            if ops.len() != p.operands.len() || !p.ops.iter().any(|n| n.sym == name) {
                continue;
            }
            named = true;
            if nodes[..index].iter().any(|n| same_op(n, node)) {
                continue;
            }
            let fits = |order: &[Id]| {
                p.operands
                    .iter()
                    .zip(order)
                    .all(|(arg, &child)| ahead(arg).is_none_or(|names| self.has_op(child, names)))
            };
            let swapped = match ops {
                &[a, b] if p.commute && a != b => Some([b, a]),
                _ => None,
            };
            let orders: [Option<&[Id]>; 2] = [Some(ops), swapped.as_ref().map(|s| &s[..])];
            let tracing = self.miss.is_some();
            for order in orders.into_iter().flatten().filter(|o| tracing || fits(o)) {
                let mark = env.mark();
                match self.attr_misfit(&p.attrs, node, env) {
                    None => {
                        if let Some(s) = env.nodes.get_mut(slot) {
                            s.2 = index;
                        }
                        let flow = self.operands(&p.operands, order, env, operand, then);
                        env.undo(mark);
                        flow?;
                    }
                    Some(attr) => {
                        env.undo(mark);
                        if let Some(&(binding, _, _)) = env.nodes.get(slot) {
                            self.note(env, Reason::Attr { binding, attr });
                        }
                    }
                }
            }
        }
        if !named {
            self.note_missing_op(id, env, slot);
        }
        ControlFlow::Continue(())
    }

    /// Records that class `id` has no node of the ops binding `env.nodes[slot]` names.
    fn note_missing_op(&self, id: Id, env: &Env, slot: usize) {
        let Some(&(binding, _, _)) = env.nodes.get(slot).filter(|_| self.miss.is_some()) else {
            return;
        };
        let found = match self.g[id].nodes.iter().find_map(Node::op_name) {
            Some(name) => Found::Op(name.to_string()),
            None => Found::NoProducer,
        };
        self.note(env, Reason::Op { binding, found });
    }

    /// Records a failure at the depth of `env` (the bindings entered), when tracing.
    pub fn note(&self, env: &Env, reason: Reason) {
        let Some(miss) = self.miss else { return };
        let depth = match reason {
            Reason::Pred { .. } => usize::MAX,
            _ => env.nodes.len(),
        };
        miss.borrow_mut().note(
            depth,
            || reason,
            || {
                env.values
                    .iter()
                    .map(|&(n, id)| (n.to_string(), id))
                    .collect()
            },
        );
    }

    /// Matches `args` against the classes `order` in turn, then continues.
    fn operands<'r, A>(
        &self,
        args: &'r [A],
        order: &[Id],
        env: &mut Env<'r>,
        operand: &OperandFn<'g, 'r, A>,
        then: Then<'_, 'r>,
    ) -> ControlFlow<()> {
        match (args.split_first(), order.split_first()) {
            (Some((arg, args)), Some((&child, order))) => {
                operand(self, arg, child, env, &mut |env| {
                    self.operands(args, order, env, operand, then)
                })
            }
            _ => then(env),
        }
    }

    /// Whether class `id` has an op node named one of `names`.
    fn has_op(&self, id: Id, names: &[OpName]) -> bool {
        self.g[self.g.find(id)]
            .nodes
            .iter()
            .filter_map(Node::op_symbol)
            .any(|n| names.iter().any(|x| x.sym == n))
    }

    /// Checks the attribute patterns of `p` on `node`'s attribute leaves, binding captures
    /// (the caller undoes them when one fails); the index of the first that does not fit.
    fn attr_misfit<'r>(
        &self,
        attrs: &'r [AttrPattern],
        node: &Node,
        env: &mut Env<'r>,
    ) -> Option<usize> {
        if attrs.is_empty() {
            return None;
        }
        let Some(names) = node.op_symbol().map(|n| self.g.analysis.leaves_of(n)) else {
            return Some(0);
        };
        attrs.iter().position(|a| {
            let Some(k) = names.iter().position(|n| *n == a.name.name) else {
                return true;
            };
            let leaf = self.g.find(node.attr_args()[k]);
            let Some(value) = self.attr_value(leaf) else {
                return true;
            };
            !match &a.value {
                AttrValue::Capture(c) => bind_in(&mut env.captures, &c.name, leaf),
                AttrValue::Match(lits) => lits.iter().any(|l| literal_matches(l, value)),
                AttrValue::Var(_) => false,
            }
        })
    }

    /// The attribute an attribute leaf class holds.
    pub fn attr_value(&self, leaf: Id) -> Option<&'g Attr> {
        self.g[leaf].nodes.iter().find_map(|n| match n {
            Node::Attr(k) => self.g.analysis.attr(*k),
            _ => None,
        })
    }

    /// A constant operand: `splat(c)` (also through `broadcast_in_dim`) or a splat constant;
    /// then continues.
    fn constant_then<'r>(
        &self,
        c: &'r egfuse_dsl::ast::Const,
        id: Id,
        env: &mut Env<'r>,
        then: Then<'_, 'r>,
    ) -> ControlFlow<()> {
        let class = &self.g[id];
        let Some(x) = class.data.splat.filter(|_| c.splat || class.data.constant) else {
            return ControlFlow::Continue(());
        };
        let elem = class.data.ty.as_deref().and_then(|t| t.elem());
        match &c.value {
            ConstValue::Number(n) if is_literal(n.value, x, elem) => then(env),
            ConstValue::Number(_) => ControlFlow::Continue(()),
            ConstValue::Capture(cap) => match env.capture(&cap.name) {
                Some(other) if self.g[other].data.splat == Some(x) => then(env),
                Some(_) => ControlFlow::Continue(()),
                None => {
                    let mark = env.mark();
                    env.captures.push((&cap.name, id));
                    let flow = then(env);
                    env.undo(mark);
                    flow
                }
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

/// Whether two op nodes differ only in how they are built (an original op and a rewrite's
/// template of the same name, operands and attributes): they match the same patterns the same
/// way, so the matcher tries only the first.
fn same_op(a: &Node, b: &Node) -> bool {
    match (a, b) {
        (
            Node::Op { name, args, .. },
            Node::Op {
                name: name_b,
                args: args_b,
                ..
            },
        ) => name == name_b && args == args_b,
        _ => false,
    }
}

/// Binds `%name` to `id` (or checks it), then continues.
fn bind_then<'r>(env: &mut Env<'r>, name: &'r str, id: Id, then: Then<'_, 'r>) -> ControlFlow<()> {
    let mark = env.mark();
    let flow = if bind_in(&mut env.values, name, id) {
        then(env)
    } else {
        ControlFlow::Continue(())
    };
    env.undo(mark);
    flow
}

/// `visit` for at most [`MATCHES_PER_CLASS`] matches.
fn capped<'v, 'r>(
    visit: &'v mut dyn FnMut(&Env<'r>) -> ControlFlow<()>,
) -> impl FnMut(&mut Env<'r>) -> ControlFlow<()> + 'v {
    let mut seen = 0;
    move |env| {
        seen += 1;
        visit(env)?;
        if seen >= MATCHES_PER_CLASS {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
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
        self.0[v].data.ty.as_deref()
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
    /// A class may hold several ops; which one a grow would take is not known here.
    fn keeps_layout(&self, _: Id) -> bool {
        false
    }
    fn no_table(&self, _: Id) -> bool {
        false
    }
    fn even_pieces(&self, _: Id) -> bool {
        false
    }
}
