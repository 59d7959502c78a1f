//! Two fusion rules overlap when, at the same priority and in the same phase, some graph could
//! match both: their roots unify. Unification walks both patterns from their roots (the last
//! binding) through operands; a free input or `_` unifies with anything, two ops unify when
//! their alternatives share an op, their operand counts agree, their literal attributes can be
//! equal and their operands unify (in either order under `commute`). Predicates are ignored, so
//! the check is conservative: rules told apart only by a predicate are reported, and a
//! priority settles which goes first. Two grow rules overlap when their op classes share an op.
//! The check runs on expanded rules: each variant against the other rules' variants (a rule's
//! own variants overlap by design, and compat mode tries the fullest first).

use super::{place, Source};
use crate::ast::{
    AttrValue, Binding, ConstValue, FusionBody, FusionRule, Item, Literal, OpClass, OpPattern,
    Operand,
};
use crate::catalog::OpCatalog;
use egfuse_diag::Diag;

/// Reports each fusion rule that overlaps an earlier one (in any file).
pub(super) fn check(
    files: &[Source],
    expanded: &[Vec<Item>],
    catalog: &dyn OpCatalog,
    out: &mut [Vec<Diag>],
) {
    let mut seen: Vec<(usize, &FusionRule)> = Vec::new();
    let mut reported = std::collections::BTreeSet::new();
    for (f, items) in expanded.iter().enumerate() {
        for item in items {
            let Item::Fusion(rule) = item else { continue };
            if reported.contains(&rule.name.name) {
                continue;
            }
            let clash = seen.iter().find(|(_, other)| {
                other.name.name != rule.name.name
                    && other.priority() == rule.priority()
                    && same_phase(other, rule)
                    && bodies_overlap(other, rule, catalog)
            });
            if let Some(&(g, other)) = clash {
                let phase = rule
                    .phase
                    .as_ref()
                    .map_or("egraph mode".to_string(), |p| format!("phase {}", p.name));
                let mut d = Diag::new(
                    "check::overlap",
                    rule.name.span,
                    format!(
                        "fusion rule `{}` overlaps `{}` at priority {} in {phase}",
                        rule.title(),
                        other.title(),
                        rule.priority()
                    ),
                )
                .with_label("some ops could match both rules");
                let fix = "give one rule a higher `priority`, or make the patterns disjoint";
                d = if g == f {
                    d.with_note(other.name.span, "the earlier rule")
                        .with_help(fix)
                } else {
                    let at = place(files, g, other.name.span.start);
                    d.with_help(format!("the earlier rule is at {at}; {fix}"))
                };
                out[f].push(d);
                reported.insert(rule.name.name.clone());
            }
            seen.push((f, rule));
        }
    }
}

fn same_phase(a: &FusionRule, b: &FusionRule) -> bool {
    a.phase.as_ref().map(|p| &p.name) == b.phase.as_ref().map(|p| &p.name)
}

fn bodies_overlap(a: &FusionRule, b: &FusionRule, catalog: &dyn OpCatalog) -> bool {
    match (&a.body, &b.body) {
        (FusionBody::Pattern(x), FusionBody::Pattern(y)) => match (x.last(), y.last()) {
            (Some(rx), Some(ry)) => Unifier {
                a: x,
                b: y,
                depth: 0,
            }
            .ops(&rx.op, &ry.op),
            _ => false,
        },
        (FusionBody::Grow(x), FusionBody::Grow(y)) => {
            let joins =
                |c: &OpClass, o: &str| c.contains(o, catalog.op(o).is_some_and(|s| s.elementwise));
            (x.class.elementwise.is_some() && y.class.elementwise.is_some())
                || x.class.ops.iter().any(|o| joins(&y.class, &o.name))
                || y.class.ops.iter().any(|o| joins(&x.class, &o.name))
        }
        _ => false,
    }
}

/// Unifies two patterns' nodes; `depth` bounds the walk by the patterns' sizes.
struct Unifier<'a> {
    a: &'a [Binding],
    b: &'a [Binding],
    depth: usize,
}

/// What an operand stands for, once variables are resolved to their bindings.
enum Node<'a> {
    Any,
    Op(&'a OpPattern<Operand>),
    Const(Option<f64>),
}

fn resolve<'a>(bindings: &'a [Binding], o: &Operand) -> Node<'a> {
    match o {
        Operand::Var(v) => bindings
            .iter()
            .find(|b| b.var.name == v.name)
            .map_or(Node::Any, |b| Node::Op(&b.op)),
        Operand::Wildcard(_) => Node::Any,
        Operand::Const(c) => Node::Const(match &c.value {
            ConstValue::Number(n) => Some(n.value),
            ConstValue::Capture(_) => None,
        }),
    }
}

impl Unifier<'_> {
    fn ops(&mut self, x: &OpPattern<Operand>, y: &OpPattern<Operand>) -> bool {
        self.depth += 1;
        if self.depth > self.a.len() + self.b.len() + 2 {
            return true;
        }
        let shared = x.ops.iter().any(|o| y.ops.iter().any(|p| p.name == o.name));
        if !shared || x.operands.len() != y.operands.len() || !attrs_compatible(x, y) {
            return false;
        }
        let straight = x
            .operands
            .iter()
            .zip(&y.operands)
            .all(|(p, q)| self.operands(p, q));
        let swapped = (x.commute || y.commute)
            && x.operands.len() == 2
            && self.operands(&x.operands[0], &y.operands[1])
            && self.operands(&x.operands[1], &y.operands[0]);
        straight || swapped
    }

    fn operands(&mut self, p: &Operand, q: &Operand) -> bool {
        match (resolve(self.a, p), resolve(self.b, q)) {
            (Node::Any, _) | (_, Node::Any) => true,
            (Node::Const(Some(u)), Node::Const(Some(v))) => u == v,
            (Node::Const(_), Node::Const(_)) => true,
            (Node::Const(_), Node::Op(o)) | (Node::Op(o), Node::Const(_)) => makes_constant(o),
            (Node::Op(x), Node::Op(y)) => self.ops(x, y),
        }
    }
}

/// A constant operand can be produced by a constant or a broadcast of one.
fn makes_constant(o: &OpPattern<Operand>) -> bool {
    o.ops.iter().any(|n| {
        let op = n.name.rsplit('.').next().unwrap_or("");
        op == "constant" || op == "broadcast_in_dim"
    })
}

/// Attributes both patterns match by literals must share a value.
fn attrs_compatible<A, B>(x: &OpPattern<A>, y: &OpPattern<B>) -> bool {
    x.attrs.iter().all(|a| {
        let Some(b) = y.attrs.iter().find(|b| b.name.name == a.name.name) else {
            return true;
        };
        match (&a.value, &b.value) {
            (AttrValue::Match(p), AttrValue::Match(q)) => {
                p.iter().any(|l| q.iter().any(|m| literals_may_equal(l, m)))
            }
            _ => true,
        }
    })
}

fn literals_may_equal(l: &Literal, m: &Literal) -> bool {
    match (l, m) {
        (Literal::Wildcard(_), _) | (_, Literal::Wildcard(_)) => true,
        (Literal::Number(a), Literal::Number(b)) => a.value == b.value,
        (Literal::Str(a, _), Literal::Str(b, _)) | (Literal::Word(a, _), Literal::Word(b, _)) => {
            a == b
        }
        (Literal::List(a, _), Literal::List(b, _)) => {
            a.len() == b.len() && a.iter().zip(b).all(|(p, q)| literals_may_equal(p, q))
        }
        _ => false,
    }
}
