//! What a rule's pattern binds, and the checks of everything that refers to it: predicates,
//! Penguin fields, a rewrite's right side, and captures that are never used.

use super::ops::{suggest, Ctx};
use crate::ast::{Arg, Capture, CmpOp, Compare, Field, FieldValue, Literal, Pred, Var};
use crate::preds::{self, ArgKind, Returns};
use egfuse_diag::{Diag, Span};
use std::collections::BTreeMap;

/// What a value variable stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Role {
    /// The result of an op the pattern matches (a binding, or `as %name`).
    Op,
    /// A value the pattern takes as it is (an input of the cluster).
    Input,
}

/// One capture: where it first appears, how often the pattern writes it, whether anything
/// reads it.
struct Cap {
    first: Span,
    occurrences: usize,
    read: bool,
}

/// The variables and captures of one rule.
#[derive(Default)]
pub(super) struct Env {
    vars: BTreeMap<String, (Role, Span)>,
    caps: BTreeMap<String, Cap>,
}

impl Env {
    /// Records a value variable the pattern binds (the first role wins).
    pub fn bind(&mut self, v: &Var, role: Role) {
        self.vars.entry(v.name.clone()).or_insert((role, v.span));
    }

    pub fn role(&self, name: &str) -> Option<Role> {
        self.vars.get(name).map(|&(r, _)| r)
    }

    /// Every bound value variable with its role and first span.
    pub fn vars(&self) -> impl Iterator<Item = (&str, Role, Span)> {
        self.vars.iter().map(|(n, &(r, s))| (n.as_str(), r, s))
    }

    /// Records an occurrence of a capture in the pattern.
    pub fn capture(&mut self, c: &Capture) {
        let cap = self.caps.entry(c.name.clone()).or_insert(Cap {
            first: c.span,
            occurrences: 0,
            read: false,
        });
        cap.occurrences += 1;
    }

    /// Marks a capture as read by a predicate, a field or a right side; false when unbound.
    pub fn read_capture(&mut self, c: &Capture) -> bool {
        match self.caps.get_mut(&c.name) {
            Some(cap) => {
                cap.read = true;
                true
            }
            None => false,
        }
    }

    /// Reports captures written once and never read.
    pub fn unused_captures(&self, ctx: &mut Ctx) {
        for (name, cap) in &self.caps {
            if cap.occurrences == 1 && !cap.read {
                ctx.push(
                    Diag::new(
                        "check::unused",
                        cap.first,
                        format!("capture ${name} is never used"),
                    )
                    .with_label("captured here and read nowhere")
                    .with_help("match any value with `_` instead of capturing it"),
                );
            }
        }
    }

    /// Checks a variable read outside the pattern (a predicate, the anchor, a field).
    pub fn read_var(&self, ctx: &mut Ctx, v: &Var, what: &str) -> Option<Role> {
        let role = self.role(&v.name);
        if role.is_none() {
            let mut d = Diag::new(
                "check::unbound",
                v.span,
                format!("%{} is not bound by the pattern", v.name),
            )
            .with_label(format!("{what} reads a variable the pattern never binds"));
            if let Some(s) = suggest(&v.name, self.vars.keys().map(String::as_str)) {
                d = d.with_help(format!("did you mean %{s}?"));
            }
            ctx.push(d);
        }
        role
    }

    fn unbound_capture(&mut self, ctx: &mut Ctx, c: &Capture) {
        if !self.read_capture(c) {
            ctx.push(
                Diag::new(
                    "check::unbound",
                    c.span,
                    format!("${} is not captured by the pattern", c.name),
                )
                .with_label("never captured")
                .with_help(format!("capture it in an attribute, `{{dimensions = ${}}}`, or a constant, `splat(${})`", c.name, c.name)),
            );
        }
    }

    /// Checks the predicates `preds`.
    pub fn preds(&mut self, ctx: &mut Ctx, preds: &[Pred]) {
        for p in preds {
            self.pred(ctx, p);
        }
    }

    fn pred(&mut self, ctx: &mut Ctx, p: &Pred) {
        let Some(sig) = preds::lookup(&p.name.name) else {
            let mut d = Diag::new(
                "check::unknown-pred",
                p.name.span,
                format!("unknown predicate `{}`", p.name.name),
            )
            .with_label("not a predicate");
            let names = preds::PREDICATES.iter().map(|s| s.name);
            d = match suggest(&p.name.name, names) {
                Some(s) => d.with_help(format!("did you mean `{s}`?")),
                None => d.with_help("the predicates are listed in docs/rules.md"),
            };
            return ctx.push(d);
        };
        if p.args.len() != sig.args.len() {
            let want = sig.args.len();
            ctx.push(
                Diag::new(
                    "check::pred-arity",
                    p.span,
                    format!(
                        "`{}` takes {want} argument{}, not {}",
                        sig.name,
                        if want == 1 { "" } else { "s" },
                        p.args.len()
                    ),
                )
                .with_label("wrong number of arguments"),
            );
        }
        for (arg, &kind) in p.args.iter().zip(sig.args) {
            self.arg(ctx, sig.name, arg, kind);
        }
        compare(ctx, p, sig.returns);
    }

    fn arg(&mut self, ctx: &mut Ctx, pred: &str, arg: &Arg, kind: ArgKind) {
        let wrong = |got: &str| {
            Diag::new(
                "check::wrong-kind",
                arg.span(),
                format!("`{pred}` takes {}, not {got}", kind.describe()),
            )
            .with_label(format!("this is {got}"))
        };
        match (arg, kind) {
            (Arg::Var(v), ArgKind::Value) => {
                self.read_var(ctx, v, "the predicate");
            }
            (Arg::Var(v), ArgKind::Op) => {
                if self.read_var(ctx, v, "the predicate") == Some(Role::Input) {
                    ctx.push(wrong("an input of the pattern").with_help(format!(
                        "%{} is not produced by an op of this pattern; apply `{pred}` to one of its bindings",
                        v.name
                    )));
                }
            }
            (Arg::Capture(c), ArgKind::Capture) => self.unbound_capture(ctx, c),
            (Arg::Capture(c), _) => {
                self.read_capture(c);
                ctx.push(wrong("an attribute capture"));
            }
            (Arg::Var(_), ArgKind::Capture) => ctx.push(wrong("a value")),
            (Arg::Literal(_), _) => ctx.push(wrong("a literal")),
        }
    }

    /// Checks the Penguin fields.
    pub fn fields(&mut self, ctx: &mut Ctx, fields: &[Field]) {
        for (i, f) in fields.iter().enumerate() {
            if let Some(first) = fields[..i].iter().find(|g| g.name.name == f.name.name) {
                ctx.push(
                    Diag::new(
                        "check::duplicate-field",
                        f.name.span,
                        format!("Penguin field `{}` is set twice", f.name.name),
                    )
                    .with_label("second value")
                    .with_note(first.name.span, "first value"),
                );
            }
            self.field(ctx, f);
        }
    }

    fn field(&mut self, ctx: &mut Ctx, f: &Field) {
        let wrong = |span: Span, got: &str, want: &str| {
            Diag::new(
                "check::wrong-kind",
                span,
                format!("Penguin field `{}` takes {want}, not {got}", f.name.name),
            )
            .with_label(format!("this is {got}"))
        };
        match &f.value {
            FieldValue::Var(v) => {
                self.read_var(ctx, v, "the field");
                ctx.push(
                    wrong(v.span, "a value", "a capture ($name) or a literal").with_help(
                        "fields print attributes; capture one with `{name = $c}` and write `$c`",
                    ),
                );
            }
            FieldValue::Capture(c) if f.name.name == "op" => {
                self.read_capture(c);
                ctx.push(wrong(c.span, "a capture", "a string"));
            }
            FieldValue::Capture(c) => self.unbound_capture(ctx, c),
            FieldValue::Literal(Literal::Wildcard(s)) => {
                ctx.push(wrong(*s, "`_`", "a capture ($name) or a literal"))
            }
            FieldValue::Literal(l) if f.name.name == "op" && !matches!(l, Literal::Str(..)) => ctx
                .push(wrong(
                    l.span(),
                    "a non-string literal",
                    "a string such as \"MulRedSqrt\"",
                )),
            FieldValue::Literal(_) => {}
        }
    }
}

/// A boolean predicate stands alone; the others are compared with literals of their type.
fn compare(ctx: &mut Ctx, p: &Pred, returns: Returns) {
    let name = &p.name.name;
    let Some(c) = &p.compare else {
        if returns != Returns::Bool {
            ctx.push(
                Diag::new(
                    "check::compare",
                    p.span,
                    format!("`{name}` needs a comparison"),
                )
                .with_label("a value, not a test")
                .with_help(format!("compare it, e.g. `{}`", example(name, returns))),
            );
        }
        return;
    };
    if returns == Returns::Bool {
        return ctx.push(
            Diag::new(
                "check::compare",
                c.span,
                format!("`{name}` is a test and takes no comparison"),
            )
            .with_label("nothing to compare"),
        );
    }
    let ordered = !matches!(c.op, CmpOp::Eq | CmpOp::Ne);
    if ordered && (returns != Returns::Int || c.rhs.len() > 1) {
        ctx.push(
            Diag::new(
                "check::compare",
                c.span,
                format!("`{}` compares only one number", c.op.text()),
            )
            .with_label("use `==` or `!=` here"),
        );
    }
    for lit in &c.rhs {
        compared_literal(ctx, c, lit, returns);
    }
}

fn example(name: &str, returns: Returns) -> String {
    match returns {
        Returns::DType => format!("{name}(%x) == f32 | bf16"),
        Returns::Shape => format!("{name}(%x) == [_, 128]"),
        _ => format!("{name}(...) == 1"),
    }
}

fn compared_literal(ctx: &mut Ctx, c: &Compare, lit: &Literal, returns: Returns) {
    let ok = match (returns, lit) {
        (Returns::Int, Literal::Number(n)) => n.as_int().is_some(),
        (Returns::DType, Literal::Word(w, _)) if !preds::DTYPES.contains(&w.as_str()) => {
            return ctx.push(
                Diag::new(
                    "check::unknown-dtype",
                    lit.span(),
                    format!("unknown element type `{w}`"),
                )
                .with_label("not an element type")
                .with_help(format!("element types: {}", preds::DTYPES.join(", "))),
            );
        }
        (Returns::DType, Literal::Word(..)) => true,
        (Returns::Shape, Literal::List(items, _)) => items.iter().all(|i| match i {
            Literal::Number(n) => n.as_int().is_some_and(|v| v >= 0),
            Literal::Wildcard(_) => true,
            _ => false,
        }),
        _ => false,
    };
    if !ok {
        let want = match returns {
            Returns::Int => "a whole number",
            Returns::DType => "an element type such as f32",
            _ => "a list of sizes such as [_, 128]",
        };
        ctx.push(
            Diag::new(
                "check::wrong-kind",
                lit.span(),
                format!("`{}` needs {want} here", c.op.text()),
            )
            .with_label(format!("not {want}")),
        );
    }
}
