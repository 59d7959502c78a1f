//! Checks of one rewrite rule: the left side is an op pattern, the right side builds ops from
//! only what the left side binds (and, for `<=>`, the other way round too), the predicates, and
//! the tolerance.

use super::env::{Env, Role};
use super::ops::{Ctx, Side};
use crate::ast::{AttrValue, ConstValue, Direction, Expr, RewriteRule, Var};
use egfuse_diag::Diag;

pub(super) fn check(ctx: &mut Ctx, rule: &RewriteRule) {
    op_lhs(
        ctx,
        &rule.lhs,
        "a rewrite replaces an op",
        "stablehlo.add(%x, 0.0)",
    );
    let both = rule.direction == Direction::Both;
    if both && !matches!(rule.rhs, Expr::Op { .. }) {
        ctx.push(
            Diag::new(
                "check::rewrite-lhs",
                rule.rhs.span(),
                "with `<=>` the right side is matched too, so it must be an op pattern",
            )
            .with_label("matches no op")
            .with_help("use `=>` for a rule that rewrites to a plain value"),
        );
    }
    let lhs_side = if both { Side::Build } else { Side::Match };
    let mut env = Env::default();
    bind(ctx, &mut env, &rule.lhs, lhs_side);
    own_operands(ctx, &rule.lhs);
    let mut rhs_vars = Vec::new();
    build(ctx, &mut env, &rule.rhs, &mut rhs_vars);
    if both {
        reverse(ctx, &env, &rhs_vars);
    }
    env.preds(ctx, &rule.preds);
    if !derives_layout(&rule.rhs) {
        let read = names_read(&[&rule.lhs, &rule.rhs], &rule.preds);
        unused_names(ctx, &rule.lhs, &read);
    }
    env.unused_captures(ctx);
    if let Some(t) = &rule.tolerance {
        tolerance(ctx, t);
    }
}

/// A rule's left side is an op pattern: `does` says what the rule does with the op, `example`
/// is a left side that is one.
pub(super) fn op_lhs(ctx: &mut Ctx, lhs: &Expr, does: &str, example: &str) {
    if !matches!(lhs, Expr::Op { .. }) {
        let kind = does.split(' ').nth(1).unwrap_or("rule");
        ctx.push(
            Diag::new(
                "check::rewrite-lhs",
                lhs.span(),
                format!("the left side of a {kind} must be an op pattern"),
            )
            .with_label("matches no op")
            .with_help(format!(
                "{does}: start the left side with one, such as `{example}`"
            )),
        );
    }
}

/// A tolerance is a relative difference: above 0 (a rule that needs none states none) and
/// below 1 (a difference the size of the value itself says nothing).
fn tolerance(ctx: &mut Ctx, t: &crate::ast::Number) {
    let why = if t.value.is_nan() || t.value <= 0.0 {
        "not above 0"
    } else if t.value >= 1.0 {
        "not below 1"
    } else {
        return;
    };
    ctx.push(
        Diag::new(
            "check::tolerance",
            t.span,
            "a tolerance is a relative difference between 0 and 1",
        )
        .with_label(why)
        .with_help("state the relative difference the sides may show, such as `tolerance = 1e-6`"),
    );
}

/// Binds the left side's variables and captures and checks its ops.
pub(super) fn bind(ctx: &mut Ctx, env: &mut Env, e: &Expr, side: Side) {
    match e {
        Expr::Op { pattern, name } => {
            ctx.pattern(pattern, side);
            if let Some(n) = name {
                env.bind(n, Role::Op);
            }
            for a in &pattern.attrs {
                if let AttrValue::Capture(c) = &a.value {
                    env.capture(c);
                }
            }
            for o in &pattern.operands {
                bind(ctx, env, o, side);
            }
        }
        Expr::Var(v) => env.bind(v, Role::Input),
        Expr::Const(c) => {
            if let ConstValue::Capture(cap) = &c.value {
                env.capture(cap);
            }
        }
        Expr::Wildcard(s) if side == Side::Build => ctx.push(
            Diag::new("check::build", *s, "`_` cannot be built")
                .with_label("with `<=>` this side is also built")
                .with_help("name the value, `%x`, and use it on the other side"),
        ),
        Expr::Wildcard(_) => {}
    }
}

/// Checks the right side: built ops, and only variables and captures the left side binds.
fn build<'e>(ctx: &mut Ctx, env: &mut Env, e: &'e Expr, vars: &mut Vec<&'e Var>) {
    match e {
        Expr::Op { pattern, name } => {
            ctx.pattern(pattern, Side::Build);
            if let Some(n) = name {
                ctx.push(
                    Diag::new(
                        "check::build",
                        n.span,
                        "`as` names a matched node, and the right side is built",
                    )
                    .with_label("nothing to name here"),
                );
            }
            for a in &pattern.attrs {
                if let AttrValue::Capture(c) = &a.value {
                    read(ctx, env, c);
                }
            }
            for o in &pattern.operands {
                build(ctx, env, o, vars);
            }
        }
        Expr::Var(v) => {
            vars.push(v);
            if env.role(&v.name).is_none() {
                unbound(
                    ctx,
                    v,
                    "the right side can only use what the left side matched",
                );
            }
        }
        Expr::Const(c) => {
            if let ConstValue::Capture(cap) = &c.value {
                read(ctx, env, cap);
            }
        }
        Expr::Wildcard(s) => ctx.push(
            Diag::new("check::build", *s, "`_` cannot be built")
                .with_label("the right side builds values")
                .with_help("name the value on the left side, `%x`, and use it here"),
        ),
    }
}

/// `%v` is read on the right side but the left side does not bind it.
pub(super) fn unbound(ctx: &mut Ctx, v: &Var, label: &str) {
    ctx.push(
        Diag::new(
            "check::rhs-unbound",
            v.span,
            format!("%{} is not bound by the left side", v.name),
        )
        .with_label(label),
    );
}

pub(super) fn read(ctx: &mut Ctx, env: &mut Env, c: &crate::ast::Capture) {
    if !env.read_capture(c) {
        ctx.push(
            Diag::new(
                "check::rhs-unbound",
                c.span,
                format!("${} is not captured by the left side", c.name),
            )
            .with_label("the right side can only use what the left side matched"),
        );
    }
}

/// With `<=>` the right side is also matched, so it must bind every input the left side uses.
fn reverse(ctx: &mut Ctx, env: &Env, rhs_vars: &[&Var]) {
    for (name, role, span) in env.vars() {
        if role == Role::Input && !rhs_vars.iter().any(|v| v.name == name) {
            ctx.push(
                Diag::new("check::rhs-unbound", span, format!("%{name} does not appear on the right side"))
                    .with_label("read when the rule runs right to left")
                    .with_help("with `<=>` each side must bind the other's variables; use `=>` for a one-way rule"),
            );
        }
    }
}

/// Whether a built side derives layout attributes from the matched side (a `broadcast_in_dim`
/// without `broadcast_dimensions`, a `dot_general` without its dimensions, a `slice` without
/// its indices, a `reduce` without its dimensions), which reads the types of the nodes `as`
/// names: those names are used.
fn derives_layout(e: &Expr) -> bool {
    let Expr::Op { pattern, .. } = e else {
        return false;
    };
    let given = |n: &str| pattern.attrs.iter().any(|a| a.name.name.ends_with(n));
    let derived = pattern.ops.iter().any(|o| match o.name.as_str() {
        "stablehlo.broadcast_in_dim" => !given("broadcast_dimensions"),
        "stablehlo.dot_general" => !given("_dimensions"),
        "stablehlo.slice" => !given("_indices"),
        "stablehlo.reduce" => !given("dimensions"),
        _ => false,
    });
    derived || pattern.operands.iter().any(derives_layout)
}

/// The value variables that `sides` and `preds` read (an `as` name gives one, it reads none).
pub(super) fn names_read<'e>(sides: &[&'e Expr], preds: &'e [crate::ast::Pred]) -> Vec<&'e str> {
    let mut read = Vec::new();
    for e in sides {
        var_names(e, &mut read);
    }
    read.extend(preds.iter().flat_map(|p| &p.args).filter_map(|a| match a {
        crate::ast::Arg::Var(v) => Some(v.name.as_str()),
        _ => None,
    }));
    read
}

/// An `as %name` read inside the node it names: a node cannot be its own operand.
pub(super) fn own_operands(ctx: &mut Ctx, e: &Expr) {
    let Expr::Op { pattern, name } = e else {
        return;
    };
    if let Some(n) = name {
        let mut inside = Vec::new();
        pattern
            .operands
            .iter()
            .for_each(|o| var_names(o, &mut inside));
        if inside.contains(&n.name.as_str()) {
            ctx.push(
                Diag::new(
                    "check::own-operand",
                    n.span,
                    format!("%{} is read inside the node it names", n.name),
                )
                .with_label("this node would be its own operand")
                .with_help("name a node, then read the name outside it"),
            );
        }
    }
    pattern.operands.iter().for_each(|o| own_operands(ctx, o));
}

/// The names of the value variables `e` reads.
fn var_names<'e>(e: &'e Expr, out: &mut Vec<&'e str>) {
    match e {
        Expr::Var(v) => out.push(&v.name),
        Expr::Op { pattern, .. } => pattern.operands.iter().for_each(|o| var_names(o, out)),
        Expr::Const(_) | Expr::Wildcard(_) => {}
    }
}

/// An `as %name` that nothing reads: no predicate, no other place of either side (a node the
/// left side matches twice, a value the right side builds from).
pub(super) fn unused_names(ctx: &mut Ctx, e: &Expr, read: &[&str]) {
    let Expr::Op { pattern, name } = e else {
        return;
    };
    if let Some(n) = name {
        if !read.contains(&n.name.as_str()) {
            ctx.push(
                Diag::new(
                    "check::unused",
                    n.span,
                    format!("%{} is named but never used", n.name),
                )
                .with_label("nothing reads this name")
                .with_help("drop `as %name`, or test the node in an `if` predicate"),
            );
        }
    }
    for o in &pattern.operands {
        unused_names(ctx, o, read);
    }
}
