//! Checks of one fusion rule: the header (anchor, phase, flag), the bindings (order, names,
//! connectedness), a grow body (op class, limits), the predicates and the Penguin fields. A
//! rule with fragment calls or optional parts is checked variant by variant, as the loader
//! expands it; so is a fragment, as a pattern rooted at its output.

use super::env::{Env, Role};
use super::ops::{Ctx, Side};
use crate::ast::{
    AttrValue, Binding, ConstValue, Converts, Fragment, FusionBody, FusionRule, Grow, Operand,
};
use crate::expand::{self, Fragments};
use crate::phase::{Flag, Phase};
use egfuse_diag::Diag;
use std::collections::BTreeMap;

/// The names a `limit` may set.
pub const LIMITS: &[&str] = &["max_live_ins", "max_live_outs", "max_ops", "min_ops"];

/// Checks `rule` and returns its expansion (empty when the expansion itself fails).
pub(super) fn check(ctx: &mut Ctx, rule: &FusionRule, fragments: &Fragments) -> Vec<FusionRule> {
    gating(ctx, rule);
    let variants = match expand::expand_rule(rule, fragments) {
        Ok(v) => v,
        Err(diags) => {
            diags.into_iter().for_each(|d| ctx.push(d));
            return Vec::new();
        }
    };
    if variants.is_empty() {
        ctx.push(
            Diag::new(
                "check::anchor",
                rule.anchor.span,
                format!("every variant leaves the anchor %{} out", rule.anchor.name),
            )
            .with_label("the anchor is optional, and nothing is left to anchor on"),
        );
    }
    if let Some(v) = variants.first() {
        through_in_compat(ctx, rule, v);
    }
    for v in &variants {
        let before = ctx.diags.len();
        body(ctx, v);
        if !v.absent.is_empty() {
            for d in &mut ctx.diags[before..] {
                let form = format!("this is in the form {}", v.title());
                d.help = Some(
                    d.help
                        .take()
                        .map_or(form.clone(), |h| format!("{h}; {form}")),
                );
            }
        }
    }
    variants
}

/// Checks a fragment as a pattern rooted at its output: the same checks as a fusion's body,
/// except that captures are the callers' to read.
pub(super) fn check_fragment(ctx: &mut Ctx, f: &Fragment, fragments: &Fragments) {
    let variants = match expand::variants(&f.steps, &f.output, fragments, f.name.span) {
        Ok(v) => v,
        Err(diags) => return diags.into_iter().for_each(|d| ctx.push(d)),
    };
    for v in variants {
        let mut env = Env::default();
        let rule = FusionRule {
            doc: Vec::new(),
            name: f.name.clone(),
            kind: f.name.clone(),
            anchor: v.anchor.clone(),
            phase: None,
            flag: None,
            priority: None,
            converts: f.converts,
            body: FusionBody::Pattern(Vec::new()),
            penguin: Vec::new(),
            absent: v.absent,
            whole: None,
            span: f.span,
        };
        pattern(ctx, &mut env, &rule, &v.bindings);
        params(ctx, &env, f);
    }
}

/// A fragment's parameters are inputs its bindings read.
fn params(ctx: &mut Ctx, env: &Env, f: &Fragment) {
    for p in &f.params {
        if env.role(&p.name) != Some(super::env::Role::Input) {
            ctx.push(
                Diag::new(
                    "check::unused",
                    p.span,
                    format!("parameter %{} is not an input of the fragment", p.name),
                )
                .with_label("no binding reads it, or a binding defines it")
                .with_help("a parameter is a value the fragment's bindings read and do not bind"),
            );
        }
    }
}

/// The checks of one expanded rule's body, fields and captures.
fn body(ctx: &mut Ctx, rule: &FusionRule) {
    let mut env = Env::default();
    match &rule.body {
        FusionBody::Pattern(bindings) => pattern(ctx, &mut env, rule, bindings),
        FusionBody::Grow(g) => grow(ctx, &mut env, rule, g),
        FusionBody::Steps(_) => {}
    }
    env.fields(ctx, &rule.penguin);
    env.unused_captures(ctx);
}

/// Compat mode matches each binding's operands exactly: a rule with a phase may not read
/// through converts (its own `through converts`, or a fragment's it calls) nor through
/// elementwise functions (a binding's `through elementwise`).
fn through_in_compat(ctx: &mut Ctx, rule: &FusionRule, expanded: &FusionRule) {
    let Some(phase) = &rule.phase else { return };
    let reads = expanded.bindings().iter().map(|b| b.converts).max();
    let (code, what, help) = match reads {
        Some(Converts::Through) => (
            "check::through-converts",
            "converts",
            "drop the phase (egraph mode only), or `through converts` from the rule and the fragments it calls",
        ),
        Some(Converts::Elementwise) => (
            "check::through-elementwise",
            "elementwise functions",
            "drop the phase (egraph mode only), or `through elementwise` from the bindings",
        ),
        _ => return,
    };
    ctx.push(
        Diag::new(
            code,
            phase.span,
            format!("a rule with a phase runs in compat mode, which does not match through {what}"),
        )
        .with_label("compat mode's phase")
        .with_help(help),
    );
}

/// The phase and flag name the seed's sub-passes and flags, and the flag is the phase's gate.
fn gating(ctx: &mut Ctx, rule: &FusionRule) {
    let phase = known_phase(ctx, rule);
    let flag = known_flag(ctx, rule);
    match phase {
        Some(phase) => gate(ctx, rule, phase, flag),
        None => {
            if let Some(f) = &rule.flag {
                ctx.push(
                    Diag::new(
                        "check::gating",
                        f.span,
                        "a flag gates a phase, and this rule has none",
                    )
                    .with_label("no phase to gate")
                    .with_help("add `phase NAME` before the flag, or drop the flag"),
                );
            }
        }
    }
}

fn known_phase(ctx: &mut Ctx, rule: &FusionRule) -> Option<Phase> {
    rule.phase.as_ref().and_then(|p| {
        let found = Phase::from_name(&p.name);
        if found.is_none() {
            let names: Vec<&str> = (Phase::ALL.iter().chain(&[Phase::Loop]))
                .map(|p| p.name())
                .collect();
            ctx.push(
                Diag::new(
                    "check::unknown-phase",
                    p.span,
                    format!("unknown phase `{}`", p.name),
                )
                .with_label("not a sub-pass of the seed's driver or egraph mode's grow")
                .with_help(format!(
                    "the phases, in driver order, then egraph mode's: {}",
                    names.join(", ")
                )),
            );
        }
        found
    })
}

fn known_flag(ctx: &mut Ctx, rule: &FusionRule) -> Option<Flag> {
    rule.flag.as_ref().and_then(|f| {
        let found = Flag::from_name(&f.name);
        if found.is_none() {
            ctx.push(
                Diag::new(
                    "check::unknown-flag",
                    f.span,
                    format!("unknown flag `{}`", f.name),
                )
                .with_label("not a flag of the seed's driver")
                .with_help("the flags: fuseDotLogistic, generalElementwiseFusion"),
            );
        }
        found
    })
}

/// The flag written (or missing) is the one the seed's driver tests before `phase`.
fn gate(ctx: &mut Ctx, rule: &FusionRule, phase: Phase, flag: Option<Flag>) {
    let span = rule
        .flag
        .as_ref()
        .map_or(rule.phase.as_ref().map_or(rule.span, |p| p.span), |f| {
            f.span
        });
    match (phase.gate(), flag, &rule.flag) {
        (None, _, Some(_)) => ctx.push(
            Diag::new(
                "check::gating",
                span,
                format!("phase {} always runs and has no flag", phase.name()),
            )
            .with_label("remove this flag"),
        ),
        (Some(gate), None, None) => ctx.push(
            Diag::new(
                "check::gating",
                span,
                format!("phase {} runs under the flag {}", phase.name(), gate.name()),
            )
            .with_label("the flag is missing")
            .with_help(format!("write `flag {}` after the phase", gate.name())),
        ),
        (Some(gate), Some(f), _) if f != gate => ctx.push(
            Diag::new(
                "check::gating",
                span,
                format!(
                    "phase {} runs under the flag {}, not {}",
                    phase.name(),
                    gate.name(),
                    f.name()
                ),
            )
            .with_label("the seed's driver gates this phase with another flag"),
        ),
        _ => {}
    }
}

/// Binds every binding's variable, then checks each binding's operands, op and predicates.
fn pattern(ctx: &mut Ctx, env: &mut Env, rule: &FusionRule, bindings: &[Binding]) {
    let index = index_bindings(ctx, env, bindings);
    let mut consumed = vec![false; bindings.len()];
    let mut misordered = false;
    for (i, b) in bindings.iter().enumerate() {
        for operand in &b.op.operands {
            match operand {
                Operand::Var(v) => match index.get(v.name.as_str()) {
                    Some(&j) if j >= i => {
                        misordered = true;
                        ctx.push(order(v, j == i));
                    }
                    Some(&j) => consumed[j] = true,
                    None => env.bind(v, Role::Input),
                },
                Operand::Const(c) => {
                    if let ConstValue::Capture(cap) = &c.value {
                        env.capture(cap);
                    }
                }
                Operand::Wildcard(_) => {}
            }
        }
        for a in &b.op.attrs {
            if let AttrValue::Capture(c) = &a.value {
                env.capture(c);
            }
        }
        ctx.pattern(&b.op, Side::Match);
    }
    // A misordered pattern's edges are already reported; connectedness would repeat them.
    if !misordered {
        connected(ctx, bindings, &consumed);
    }
    anchor(ctx, env, rule);
    for b in bindings {
        env.preds(ctx, &b.preds);
    }
}

/// Each binding's index by variable name; a second binding of a name is reported.
fn index_bindings<'b>(
    ctx: &mut Ctx,
    env: &mut Env,
    bindings: &'b [Binding],
) -> BTreeMap<&'b str, usize> {
    let mut index = BTreeMap::new();
    for (i, b) in bindings.iter().enumerate() {
        if let Some(&j) = index.get(b.var.name.as_str()) {
            let first: &Binding = &bindings[j];
            ctx.push(
                Diag::new(
                    "check::redefined",
                    b.var.span,
                    format!("%{} is bound twice", b.var.name),
                )
                .with_label("second binding")
                .with_note(first.var.span, "first binding"),
            );
            continue;
        }
        index.insert(b.var.name.as_str(), i);
        env.bind(&b.var, Role::Op);
    }
    index
}

/// Every binding but the root feeds a later one.
fn connected(ctx: &mut Ctx, bindings: &[Binding], consumed: &[bool]) {
    let last = bindings.len().saturating_sub(1);
    for (b, _) in bindings
        .iter()
        .zip(consumed)
        .take(last)
        .filter(|(_, used)| !**used)
    {
        ctx.push(
            Diag::new(
                "check::unused",
                b.var.span,
                format!("%{} feeds no later binding", b.var.name),
            )
            .with_label("the pattern is not connected here")
            .with_help("a fusion pattern is one connected graph: list producers first and the root last, each feeding a later binding"),
        );
    }
}

fn order(v: &crate::ast::Var, itself: bool) -> Diag {
    let (message, label) = if itself {
        (
            format!("%{} is used by its own binding", v.name),
            "a binding cannot read its own result",
        )
    } else {
        (
            format!("%{} is used before its binding", v.name),
            "bound on a later line",
        )
    };
    Diag::new("check::order", v.span, message)
        .with_label(label)
        .with_help("list producers before their consumers, as in MLIR")
}

/// The anchor is one of the ops the pattern binds.
fn anchor(ctx: &mut Ctx, env: &Env, rule: &FusionRule) {
    let a = &rule.anchor;
    let message = match env.role(&a.name) {
        Some(Role::Op) => return,
        Some(Role::Input) => format!(
            "anchor %{} is an input of the pattern, not one of its ops",
            a.name
        ),
        None => format!("anchor %{} is not bound by the pattern", a.name),
    };
    ctx.push(
        Diag::new("check::anchor", a.span, message)
            .with_label("the matcher walks for this op")
            .with_help("anchor on a variable bound by `%v = op(...)` in the body"),
    );
}

fn grow(ctx: &mut Ctx, env: &mut Env, rule: &FusionRule, g: &Grow) {
    env.bind(&g.var, Role::Op);
    if rule.anchor.name != g.var.name {
        ctx.push(
            Diag::new(
                "check::anchor",
                rule.anchor.span,
                format!(
                    "a grow rule is anchored on its grow variable %{}",
                    g.var.name
                ),
            )
            .with_label(format!("%{} is not the grow variable", rule.anchor.name))
            .with_note(g.var.span, "the grow variable"),
        );
    }
    for op in g
        .class
        .ops
        .iter()
        .chain(&g.close)
        .chain(&g.copy)
        .chain(&g.edge)
        .chain(&g.except)
    {
        ctx.op(op);
    }
    let clauses = [
        (
            "copy",
            &g.copy,
            "check::grow-copy",
            "never joins a cluster, so it is never copied",
        ),
        (
            "edge",
            &g.edge,
            "check::grow-edge",
            "never joins a cluster, at its edge or elsewhere",
        ),
    ];
    for (word, ops, code, label) in clauses {
        for op in ops {
            let elementwise = ctx.catalog.op(&op.name).is_some_and(|s| s.elementwise);
            if !g.class.contains(&op.name, elementwise) {
                ctx.diags.push(
                    Diag::new(
                        code,
                        op.span,
                        format!(
                            "`{word}` names `{}`, which is not in the grow's class",
                            op.name
                        ),
                    )
                    .with_label(label),
                );
            }
        }
    }
    env.preds(ctx, &g.preds);
    limits(ctx, g);
}

fn limits(ctx: &mut Ctx, g: &Grow) {
    for (i, l) in g.limits.iter().enumerate() {
        let problem = if !LIMITS.contains(&l.name.name.as_str()) {
            Some(format!("unknown limit `{}`", l.name.name))
        } else if g.limits[..i].iter().any(|m| m.name.name == l.name.name) {
            Some(format!("limit `{}` is set twice", l.name.name))
        } else if l.value < 1 {
            Some(format!("limit `{}` must be at least 1", l.name.name))
        } else {
            None
        };
        if let Some(message) = problem {
            ctx.push(
                Diag::new("check::limit", l.span, message)
                    .with_label("bad limit")
                    .with_help(format!(
                        "the limits: {}, each set once to a positive number",
                        LIMITS.join(", ")
                    )),
            );
        }
    }
    if let (Some(min), Some(max)) = (g.limit("min_ops"), g.limit("max_ops")) {
        if min > max {
            let span = g
                .limits
                .iter()
                .find(|l| l.name.name == "min_ops")
                .map_or(g.span, |l| l.span);
            ctx.push(
                Diag::new(
                    "check::limit",
                    span,
                    format!("min_ops {min} is larger than max_ops {max}"),
                )
                .with_label("no cluster can satisfy both"),
            );
        }
    }
}
