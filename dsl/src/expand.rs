//! Fragments and optional bindings expanded away: a fusion written with them becomes one plain
//! pattern rule per combination of its optional parts, which is all the matchers, the
//! soundness check and the reports ever see.
//!
//! Expansion is macro expansion, as ISLE's internal extractors are. A call `%v = f(%a)` is
//! replaced by `f`'s bindings: its parameters read as the call's arguments, its output is
//! `%v`, and every other value variable `%x` of `f` becomes `%v.x` (a name no rule can write,
//! so calls never capture each other's values). Captures are not renamed: they are the
//! caller's. Then each optional binding `%m = op(...) or %x` is present or absent; absent, it
//! is dropped and later bindings read `%x` for `%m`. Variants come in order of how many parts
//! they leave out (none first), so that among rules of one priority the fullest match wins in
//! compat mode.
//!
//! Invariant: expansion is bounded. A rule inlines at most [`MAX_BINDINGS`] bindings and has at
//! most [`MAX_OPTIONAL`] optional parts (so at most 2^8 variants); fragments call only
//! fragments defined above them, so a call never recurses.

use crate::ast::{
    Arg, AttrValue, Binding, Call, Converts, Field, FieldValue, Fragment, FusionBody, FusionRule,
    Operand, Pred, Step, Var,
};
use egfuse_diag::{Diag, Span};
use std::collections::{BTreeMap, BTreeSet};

/// How many bindings one rule may expand to, fragments inlined.
pub const MAX_BINDINGS: usize = 256;
/// How many optional bindings one rule may have, fragments inlined.
pub const MAX_OPTIONAL: usize = 8;

/// The fragments a rule may call: those defined above it in its file.
#[derive(Default)]
pub struct Fragments<'a> {
    by_name: BTreeMap<&'a str, &'a Fragment>,
}

impl<'a> Fragments<'a> {
    pub fn add(&mut self, f: &'a Fragment) {
        self.by_name.insert(&f.name.name, f);
    }

    pub fn get(&self, name: &str) -> Option<&'a Fragment> {
        self.by_name.get(name).copied()
    }

    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.by_name.keys().copied()
    }
}

/// One combination of a pattern's optional parts: plain bindings, the anchor they leave, and
/// which optional bindings are left out.
#[derive(Clone, Debug, PartialEq)]
pub struct Variant {
    pub bindings: Vec<Binding>,
    pub anchor: Var,
    pub absent: Vec<Var>,
}

/// The variants of `steps` anchored on `anchor`, or the problems of its calls and optional
/// parts. A variant whose anchor would be one of the pattern's inputs is no pattern and is left
/// out.
pub fn variants(
    steps: &[Step],
    anchor: &Var,
    fragments: &Fragments,
    at: Span,
) -> Result<Vec<Variant>, Vec<Diag>> {
    let (out, diags) = inline(steps, Converts::Exact, fragments);
    variants_of(&out, diags, anchor, at)
}

/// The steps with every call inlined: bindings, the optional ones with their `or`, each
/// reading through converts where `converts` or its fragment says so.
fn inline(steps: &[Step], converts: Converts, fragments: &Fragments) -> (Vec<Binding>, Vec<Diag>) {
    let mut inliner = Inliner {
        fragments,
        out: Vec::new(),
        diags: Vec::new(),
    };
    inliner.steps(steps, &Scope::top(converts));
    (inliner.out, inliner.diags)
}

/// The forms of inlined bindings `out`, or the problems found inlining and enumerating.
fn variants_of(
    out: &[Binding],
    mut diags: Vec<Diag>,
    anchor: &Var,
    at: Span,
) -> Result<Vec<Variant>, Vec<Diag>> {
    let optional: Vec<usize> = (0..out.len()).filter(|&i| out[i].or.is_some()).collect();
    if out.len() > MAX_BINDINGS {
        diags.push(too_big(at, format!("{} bindings", out.len()), MAX_BINDINGS));
    } else if optional.len() > MAX_OPTIONAL {
        let what = format!("{} optional bindings", optional.len());
        diags.push(too_big(at, what, MAX_OPTIONAL));
    }
    if !diags.is_empty() {
        return Err(diags);
    }
    let mut masks: Vec<u32> = (0..1u32 << optional.len()).collect();
    masks.sort_by_key(|m| (m.count_ones(), *m));
    let found = masks.into_iter().filter_map(|mask| {
        let absent: BTreeSet<usize> = (optional.iter().enumerate())
            .filter(|(bit, _)| mask & (1 << bit) != 0)
            .map(|(_, &i)| i)
            .collect();
        variant(out, &absent, anchor)
    });
    Ok(found.collect())
}

/// The rule's expansion: itself when its body is plain, else one rule per variant, each with
/// the Penguin fields whose captures it binds.
pub fn expand_rule(rule: &FusionRule, fragments: &Fragments) -> Result<Vec<FusionRule>, Vec<Diag>> {
    let FusionBody::Steps(steps) = &rule.body else {
        let mut plain = rule.clone();
        if let FusionBody::Pattern(bindings) = &mut plain.body {
            for b in bindings {
                b.converts = b.converts.max(rule.converts);
            }
        }
        return Ok(vec![plain]);
    };
    let (inlined, diags) = inline(steps, rule.converts, fragments);
    let found = variants_of(&inlined, diags, &rule.anchor, rule.name.span)?;
    let optional = inlined.iter().any(|b| b.or.is_some());
    let whole = optional.then(|| std::sync::Arc::new(inlined));
    Ok(found
        .into_iter()
        .map(|v| {
            let bound = captures(&v.bindings);
            let penguin: Vec<Field> = (rule.penguin.iter())
                .filter(|f| !matches!(&f.value, FieldValue::Capture(c) if !bound.contains(&c.name)))
                .cloned()
                .collect();
            FusionRule {
                anchor: v.anchor,
                body: FusionBody::Pattern(v.bindings),
                penguin,
                absent: v.absent,
                whole: whole.clone(),
                ..rule.clone()
            }
        })
        .collect())
}

/// The captures a list of bindings writes.
pub fn captures(bindings: &[Binding]) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for b in bindings {
        for o in &b.op.operands {
            if let Operand::Const(c) = o {
                if let crate::ast::ConstValue::Capture(cap) = &c.value {
                    out.insert(cap.name.clone());
                }
            }
        }
        for a in &b.op.attrs {
            if let AttrValue::Capture(c) = &a.value {
                out.insert(c.name.clone());
            }
        }
    }
    out
}

/// The bindings with those at `absent` dropped and their uses read through `or`.
fn variant(all: &[Binding], absent: &BTreeSet<usize>, anchor: &Var) -> Option<Variant> {
    let mut alias: BTreeMap<&str, Var> = BTreeMap::new();
    let through = |alias: &BTreeMap<&str, Var>, v: &Var| alias.get(v.name.as_str()).cloned();
    let mut bindings = Vec::new();
    let mut left_out = Vec::new();
    for (i, b) in all.iter().enumerate() {
        let or = b.or.as_ref();
        if absent.contains(&i) {
            let to = or.expect("an absent binding is optional");
            let to = through(&alias, to).unwrap_or_else(|| to.clone());
            alias.insert(&b.var.name, to);
            left_out.push(b.var.clone());
            continue;
        }
        let mut kept = rename_binding(b, &|v: &Var| through(&alias, v).unwrap_or(v.clone()));
        kept.or = None;
        bindings.push(kept);
    }
    let anchor = through(&alias, anchor).unwrap_or_else(|| anchor.clone());
    let anchored = bindings.iter().any(|b| b.var.name == anchor.name);
    anchored.then_some(Variant {
        bindings,
        anchor,
        absent: left_out,
    })
}

/// How a fragment's names read at one call: parameters and output map to the caller's names,
/// the rest get the call's prefix. The top level keeps every name.
struct Scope {
    map: BTreeMap<String, String>,
    prefix: Option<String>,
    /// `Through` inside a rule or fragment written `through converts`.
    converts: Converts,
}

impl Scope {
    fn top(converts: Converts) -> Scope {
        Scope {
            map: BTreeMap::new(),
            prefix: None,
            converts,
        }
    }

    fn name(&self, v: &Var) -> Var {
        let name = match (self.map.get(&v.name), &self.prefix) {
            (Some(n), _) => n.clone(),
            (None, Some(p)) => format!("{p}.{}", v.name),
            (None, None) => v.name.clone(),
        };
        Var { name, span: v.span }
    }
}

/// Inlines calls into plain (possibly optional) bindings.
struct Inliner<'f, 'a> {
    fragments: &'f Fragments<'a>,
    out: Vec<Binding>,
    diags: Vec<Diag>,
}

impl Inliner<'_, '_> {
    fn steps(&mut self, steps: &[Step], scope: &Scope) {
        for s in steps {
            if self.out.len() > MAX_BINDINGS {
                return;
            }
            match s {
                Step::Bind(b) => self.bind(b, scope),
                Step::Call(c) => self.call(c, scope),
            }
        }
    }

    fn bind(&mut self, b: &Binding, scope: &Scope) {
        if let Some(or) = &b.or {
            let operand = |o: &Operand| matches!(o, Operand::Var(v) if v.name == or.name);
            if !b.op.operands.iter().any(operand) {
                self.diags.push(
                    Diag::new(
                        "check::optional",
                        or.span,
                        format!("`or %{}`: %{} is not an operand of this op", or.name, or.name),
                    )
                    .with_label("not among the operands")
                    .with_help("an absent op passes one of its operands through: name one of them after `or`"),
                );
            }
        }
        let mut renamed = rename_binding(b, &|v: &Var| scope.name(v));
        renamed.converts = renamed.converts.max(scope.converts);
        self.out.push(renamed);
    }

    fn call(&mut self, c: &Call, scope: &Scope) {
        let Some(f) = self.fragments.get(&c.fragment.name) else {
            self.diags.push(unknown_fragment(c, self.fragments));
            return;
        };
        if f.params.len() != c.args.len() {
            self.diags.push(
                Diag::new(
                    "check::arity",
                    c.span,
                    format!(
                        "fragment `{}` takes {} values, not {}",
                        f.name.name,
                        f.params.len(),
                        c.args.len()
                    ),
                )
                .with_label("this call")
                .with_note(f.name.span, "the fragment"),
            );
            return;
        }
        let output = scope.name(&c.var).name;
        let mut map: BTreeMap<String, String> = (f.params.iter().zip(&c.args))
            .map(|(p, a)| (p.name.clone(), scope.name(a).name))
            .collect();
        map.insert(f.output.name.clone(), output.clone());
        let inner = Scope {
            map,
            prefix: Some(output.clone()),
            converts: scope.converts.max(f.converts),
        };
        self.steps(&f.steps, &inner);
        let preds: Vec<Pred> = (c.preds.iter())
            .map(|p| rename_pred(p, &|v: &Var| scope.name(v)))
            .collect();
        if let Some(b) = self.out.iter_mut().rev().find(|b| b.var.name == output) {
            b.preds.extend(preds);
        }
    }
}

fn unknown_fragment(c: &Call, fragments: &Fragments) -> Diag {
    let names: Vec<&str> = fragments.names().collect();
    let help = if names.is_empty() {
        "no fragment is defined above this rule in its file; an op name carries its dialect, as in `stablehlo.add`".to_string()
    } else {
        format!(
            "the fragments defined above this rule: {}; an op name carries its dialect",
            names.join(", ")
        )
    };
    Diag::new(
        "check::unknown-fragment",
        c.fragment.span,
        format!("no fragment named `{}`", c.fragment.name),
    )
    .with_label("not a fragment defined above in this file")
    .with_help(help)
}

fn too_big(at: Span, what: String, limit: usize) -> Diag {
    Diag::new(
        "check::expansion",
        at,
        format!("this rule expands to {what}, more than the limit of {limit}"),
    )
    .with_label("expanded here")
    .with_help("split the rule, or make fewer of its parts optional")
}

/// The binding with every value variable renamed.
fn rename_binding(b: &Binding, name: &dyn Fn(&Var) -> Var) -> Binding {
    let mut out = b.clone();
    out.var = name(&b.var);
    for o in &mut out.op.operands {
        if let Operand::Var(v) = o {
            *v = name(v);
        }
    }
    for a in &mut out.op.attrs {
        if let AttrValue::Var(v) = &mut a.value {
            *v = name(v);
        }
    }
    out.or = b.or.as_ref().map(name);
    out.preds = b.preds.iter().map(|p| rename_pred(p, name)).collect();
    out
}

fn rename_pred(p: &Pred, name: &dyn Fn(&Var) -> Var) -> Pred {
    let mut out = p.clone();
    for a in &mut out.args {
        if let Arg::Var(v) = a {
            *v = name(v);
        }
    }
    out
}

#[cfg(test)]
mod tests;
