//! `egfuse explain`: for every candidate anchor of one fusion rule, the match trace (what the
//! matcher bound, and the pattern node or predicate that said no, with the IR excerpt), and in
//! egraph mode the matches extraction did not choose, with the costs that decided it; for a
//! `Loop` grow rule, each op's cluster and the producers a cluster left out, and why.
//!
//! [`compat`] and [`egraph`] (which hands a grow rule to `grow`) gather an [`Explanation`];
//! [`render`] prints it against the module's source text.

mod classes;
mod compat;
mod egraph;
mod grow;
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

/// Where a candidate is: the span of its op in the user's own code (the outermost call an
/// inlined op came through; none for an op a rewrite built), the span of the op's own text,
/// the SSA name of its result, and the op's name. An op a rewrite built is placed at the
/// original op it was built under (`from`).
#[derive(Clone, Debug)]
pub struct Place {
    pub span: Span,
    pub written: Span,
    pub name: String,
    pub op: String,
    pub from: Option<Box<Place>>,
}

impl Place {
    /// A place with no source text (a value a pass built, an input leaf).
    pub fn unplaced(name: String, op: String) -> Place {
        Place {
            span: Span::NONE,
            written: Span::NONE,
            name,
            op,
            from: None,
        }
    }

    /// The span that orders it in the file: its own, else that of the op it was built under.
    pub fn anchor(&self) -> Span {
        match &self.from {
            Some(f) if self.span.is_none() => f.span,
            _ => self.span,
        }
    }

    /// The order places are listed in: by position in the user's code, an op a rewrite built
    /// after the op it was built under, unplaced ones last.
    pub fn order(&self) -> (bool, u32, bool, u32) {
        let at = self.anchor();
        (
            at.is_none(),
            at.start,
            self.from.is_some(),
            self.written.start,
        )
    }
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
    /// What else there is to know (a grow rule: the cluster it roots, the producers a cluster
    /// left out and why).
    pub notes: Vec<String>,
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
    /// What extraction chose for the root's class instead (`extraction chose ...`, `covered by
    /// ...`).
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

/// Value names as the input file writes them: a value computed by an op read from the file is
/// named by the text at the op's start (`%113`, `%5#1` for the second result of `%5:2`, `%3 in
/// @silu` for an op inlined from the private function `@silu`), a
/// block argument by its own name, even where inlining renamed the value; anything else (a
/// value a pass built) by the name the printer gives it.
pub struct Names<'s> {
    printed: Vec<Option<Box<str>>>,
    src: &'s str,
}

impl<'s> Names<'s> {
    pub fn new(m: &Module, src: &'s str) -> Names<'s> {
        Names {
            printed: egfuse_ir::print::value_names(m, egfuse_ir::print::PrintOptions::default()),
            src,
        }
    }

    /// The name of `v` (`%3`), or `%?` when it has none.
    pub fn value(&self, m: &Module, v: ValueId) -> String {
        if let Some(name) = self.source(m, v) {
            return name;
        }
        match self.printed.get(v.index()).and_then(|n| n.as_deref()) {
            Some(n) => format!("%{n}"),
            None => "%?".to_string(),
        }
    }

    /// The name the input file gives `v`, when it was read from the file.
    fn source(&self, m: &Module, v: ValueId) -> Option<String> {
        let (op, index) = match m.value(v).def {
            egfuse_ir::ValueDef::Arg { .. } => {
                return m.value(v).name.as_deref().map(|n| format!("%{n}"));
            }
            egfuse_ir::ValueDef::Result { op, index } => (op, index),
        };
        let span = m.op(op).span;
        let text = self
            .src
            .get(span.start as usize..)
            .filter(|_| !span.is_none())?;
        let name = text.strip_prefix('%')?;
        let end = name
            .find(|c: char| !(c.is_ascii_alphanumeric() || "_$.-".contains(c)))
            .unwrap_or(name.len());
        let name = &name[..end];
        if name.is_empty() {
            return None;
        }
        let mut name = match m.op(op).results.len() {
            1 => format!("%{name}"),
            _ => format!("%{name}#{index}"),
        };
        if m.op(op).inlined_at != Span::NONE {
            if let Some(f) = self.function_at(span) {
                name = format!("{name} in @{f}");
            }
        }
        Some(name)
    }

    /// The function whose text holds `span`: the last `func.func` written before it.
    fn function_at(&self, span: Span) -> Option<&'s str> {
        let before = self.src.get(..span.start as usize)?;
        let head = &before[before.rfind("func.func")?..];
        let name = &head[head.find('@')? + 1..];
        let end = name
            .find(|c: char| !(c.is_ascii_alphanumeric() || "_$.-".contains(c)))
            .unwrap_or(name.len());
        Some(&name[..end])
    }

    /// Every name the input file gives a value of `m`, sorted and each once.
    pub fn all(&self, m: &Module) -> Vec<String> {
        let mut out: Vec<String> = (m.walk().into_iter())
            .flat_map(|op| {
                let o = m.op(op);
                let args = (o.regions.iter())
                    .flat_map(|&r| m.region(r).blocks.clone())
                    .flat_map(|b| m.block(b).args.clone());
                o.results
                    .clone()
                    .into_iter()
                    .chain(args)
                    .collect::<Vec<_>>()
            })
            .filter_map(|v| self.source(m, v))
            .map(|n| n.split(" in @").next().unwrap_or_default().to_string())
            .collect();
        out.sort();
        out.dedup();
        out
    }

    /// `LINE:COL` of `span` in the input, or `?`.
    pub fn at(&self, span: Span) -> String {
        if span.is_none() {
            return "?".to_string();
        }
        let (line, col) = egfuse_diag::line_col(self.src, span.start as usize);
        format!("{line}:{col}")
    }
}

/// The place of `op`: its span in the user's code and its own, its first result's name, its
/// op name.
pub fn place_of(m: &Module, names: &Names, op: OpId) -> Place {
    let o = m.op(op);
    Place {
        span: o.user_span(),
        written: o.span,
        from: None,
        name: o
            .results
            .first()
            .map_or_else(|| "%?".to_string(), |&r| names.value(m, r)),
        op: o.name.to_string(),
    }
}
