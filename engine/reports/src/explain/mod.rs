//! `egfuse explain`: for every candidate anchor of one fusion rule, the match trace (what the
//! matcher bound, and the pattern node or predicate that said no, with the IR excerpt), and in
//! egraph mode the matches extraction did not choose, with the costs that decided it.
//!
//! [`compat`] and [`egraph`] gather an [`Explanation`]; [`render`] prints it against the
//! module's source text.

mod compat;
mod egraph;
mod render;

pub use compat::compat;
pub use egraph::egraph;
pub use render::render;

use egfuse_cost::Cost;
use egfuse_diag::Span;
use egfuse_dsl::ast::{Arg, FusionRule, Pred};
use egfuse_ir::{Module, OpId, Type, ValueId};

/// What explain found for one rule.
#[derive(Clone, Debug)]
pub struct Explanation {
    pub rule: String,
    pub kind: String,
    pub mode: &'static str,
    /// Something the reader should know first (the rule does not run in this mode).
    pub note: Option<String>,
    /// Every candidate anchor, in program order.
    pub candidates: Vec<Candidate>,
    /// Egraph mode: matches that extraction did not choose.
    pub unchosen: Vec<Unchosen>,
}

impl Explanation {
    /// Nothing found yet for `rule` in `mode`.
    pub fn new(rule: &FusionRule, mode: &'static str) -> Explanation {
        Explanation {
            rule: rule.title(),
            kind: rule.kind.name.clone(),
            mode,
            note: None,
            candidates: Vec::new(),
            unchosen: Vec::new(),
        }
    }
}

/// Where a candidate is: the source span of its op (none for an op a rewrite built), the SSA
/// name of its result, and the op's name.
#[derive(Clone, Debug)]
pub struct Place {
    pub span: Span,
    pub name: String,
    pub op: String,
}

/// One candidate anchor and how its search ended.
#[derive(Clone, Debug)]
pub struct Candidate {
    pub at: Place,
    /// The value variables of the match, or those bound at the deepest failure, with the
    /// names of their values.
    pub bound: Vec<(String, String)>,
    /// `None` for a match; else the failure as coverage counts it, and for a predicate, what
    /// the values it reads are.
    pub failure: Option<Failure>,
    /// For a match compat mode does not build: the cluster of another rule that claimed one of
    /// its ops first.
    pub claimed: Option<String>,
}

/// Why a candidate did not match.
#[derive(Clone, Debug)]
pub struct Failure {
    pub key: String,
    pub detail: Option<String>,
}

/// A match in the e-graph whose kernel extraction did not choose.
#[derive(Clone, Debug)]
pub struct Unchosen {
    pub at: Place,
    /// The kernel's cost: one launch, its inputs and result moved once, its body's compute.
    pub kernel: Cost,
    /// The body's ops, each costed as if run alone.
    pub unfused: Cost,
    pub body_ops: usize,
    /// What extraction chose for the root's class instead.
    pub chosen: String,
    /// How many kernels of the rule with these costs the class holds (the same match found
    /// through several equal forms).
    pub forms: usize,
}

/// The facts a predicate's detail reports about one value.
pub struct ValueFacts<'t> {
    pub name: String,
    pub uses: usize,
    pub ty: Option<&'t Type>,
}

/// `pred: %x is %3 (2 uses, tensor<4xf32>), ...`: what the values a predicate reads are.
pub fn pred_detail<'t>(p: &Pred, facts: impl Fn(&str) -> Option<ValueFacts<'t>>) -> String {
    let parts: Vec<String> = p
        .args
        .iter()
        .filter_map(|a| match a {
            Arg::Var(v) => Some(v),
            _ => None,
        })
        .filter_map(|v| {
            let f = facts(&v.name)?;
            let mut ty = String::new();
            if let Some(t) = f.ty {
                ty.push_str(", ");
                egfuse_ir::print::write_type(&mut ty, t);
            }
            let uses = if f.uses == 1 { "use" } else { "uses" };
            Some(format!("%{} is {} ({} {uses}{ty})", v.name, f.name, f.uses))
        })
        .collect();
    parts.join("; ")
}

/// The printed SSA name of `v` (`%3`), or `%?` when it does not print.
pub fn value_name(names: &[Option<Box<str>>], v: ValueId) -> String {
    match names.get(v.index()).and_then(|n| n.as_deref()) {
        Some(n) => format!("%{n}"),
        None => "%?".to_string(),
    }
}

/// The place of `op`: its span, its first result's name, its op name.
pub fn place_of(m: &Module, names: &[Option<Box<str>>], op: OpId) -> Place {
    let o = m.op(op);
    Place {
        span: o.span,
        name: o
            .results
            .first()
            .map_or_else(|| "%?".to_string(), |&r| value_name(names, r)),
        op: o.name.to_string(),
    }
}
