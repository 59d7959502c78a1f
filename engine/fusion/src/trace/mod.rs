//! Rule traces: what each fusion rule did over a module (anchors examined, matches, fusions
//! applied, rejections by the pattern node or predicate that said no, and where it applied; a
//! grow rule's decision about each op, the producers each cluster left out, and the clusters
//! merged into the kernel that reads them).
//! `egfuse coverage` and `egfuse explain` (in `egfuse-reports`) read it.
//!
//! A [`Trace`] is the sink both fusion modes report into when [`crate::fuse::fuse`] is given
//! one (the pipeline hands it to each pass); without one they pay nothing for it. Its
//! [`Trace::egraph`] hook sees each block's e-graph and extracted program as the `egraph` pass
//! has them, before it materializes them (`egfuse explain` reads them so, from the one pipeline
//! `egfuse fuse` runs).
//!
//! Invariant: for every rule, the rejections of a [`Tally`] sum to `anchors - matches`: each
//! anchor that did not match is counted once, under its deepest failure ([`Miss`]).

mod miss;

pub use miss::{node, pred_text, Found, Miss, Reason};

use crate::egraph::rules::Prepared;
use crate::egraph::Extracted;
use egfuse_diag::Span;
use egfuse_dsl::ast::{Binding, FusionRule};
use egfuse_ir::{Module, OpId};
use std::collections::BTreeMap;
use std::fmt;

/// One place a rule's fusion was built: the block (as `egfuse_ir::blocks::name_of` names it,
/// `main` or `main/while#1 body`), the span of the fused root in the user's own code (the
/// outermost call, for an op inlined from a private function) and the span of its own text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Site {
    pub function: String,
    pub span: Span,
    pub written: Span,
}

/// What one rule did over one module.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Ops (compat) or candidate classes (egraph) whose op the rule's anchor or root names.
    pub anchors: usize,
    /// Anchors where a complete match was found, predicates included.
    pub matches: usize,
    /// Fusions built from the rule.
    pub applied: usize,
    /// Anchors that did not match, by their deepest failure ([`Reason::key`]).
    pub rejected: BTreeMap<String, usize>,
    /// Where the applied fusions are, in build order.
    pub sites: Vec<Site>,
}

/// What a grow rule decided about one op of its class (`egfuse explain` reads these).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GrowStep {
    pub rule: String,
    /// The op, in the module the grow ran on (the fused module, where it stays).
    pub op: OpId,
    pub outcome: GrowOutcome,
}

/// How a grow rule's decision about an op came out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GrowOutcome {
    /// It roots a cluster of these ops (itself included).
    Rooted(usize),
    /// It roots none, for this reason (as coverage counts it).
    Rejected(String),
    /// The cluster rooted at `root`, which reads it, did not take it, for this reason.
    Refused { root: OpId, why: &'static str },
}

/// A kernel merged into another: a loop kernel into the kernel that reads it
/// ([`crate::merge`]), a matmul kernel with the DotSoftmax it reads ([`crate::attention`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Merged {
    /// The merged kernel's ops (of an `mhlo.fusion`: the ops the grow clustered).
    pub ops: Vec<OpId>,
    /// The kind of the kernel they are now part of.
    pub into: String,
    /// How they joined it, a sentence's end: `that reads its result, as its prologue`.
    pub how: &'static str,
}

/// What the `egraph` pass hands [`Trace::egraph`] per block: the module as it is then, the
/// prepared rules, and the block's saturated e-graph with the program extracted from it.
pub type SeeExtracted<'o> = dyn FnMut(&Module, &Prepared, &Extracted) + Send + 'o;

/// The sink the matchers report into, per rule name.
#[derive(Default)]
pub struct Trace<'o> {
    pub rules: BTreeMap<String, Tally>,
    /// The grow rules' decisions, in the order they were made.
    pub grows: Vec<GrowStep>,
    /// The loop kernels merged into their reader, in merge order.
    pub merges: Vec<Merged>,
    /// Called by the `egraph` pass with each block it fuses, in its order, after extraction and
    /// before materialization.
    pub egraph: Option<Box<SeeExtracted<'o>>>,
}

impl fmt::Debug for Trace<'_> {
    /// The records; the hook only as whether there is one.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Trace")
            .field("rules", &self.rules)
            .field("grows", &self.grows)
            .field("merges", &self.merges)
            .field("egraph", &self.egraph.is_some())
            .finish()
    }
}

impl Trace<'_> {
    /// The tally of `rule`.
    pub fn tally(&mut self, rule: &FusionRule) -> &mut Tally {
        self.rules.entry(rule.name.name.clone()).or_default()
    }

    /// Counts an anchor of `rule`: a match, or a rejection under `miss`'s reason.
    pub fn anchor<V>(
        &mut self,
        rule: &FusionRule,
        bindings: &[Binding],
        matched: bool,
        miss: &Miss<V>,
    ) {
        let t = self.tally(rule);
        t.anchors += 1;
        if matched {
            t.matches += 1;
            return;
        }
        let key = match &miss.reason {
            Some(r) => r.key(bindings),
            None => "no match".to_string(),
        };
        *t.rejected.entry(key).or_default() += 1;
    }

    /// Counts the anchor `op` of the grow rule `rule` rejected for `why`.
    pub fn reject(&mut self, rule: &FusionRule, op: OpId, why: String) {
        let t = self.tally(rule);
        t.anchors += 1;
        *t.rejected.entry(why.clone()).or_default() += 1;
        self.grow(rule, op, GrowOutcome::Rejected(why));
    }

    /// Counts the anchor `op` of the grow rule `rule` that roots a cluster of `size` ops.
    pub fn rooted(&mut self, rule: &FusionRule, op: OpId, size: usize) {
        let t = self.tally(rule);
        t.anchors += 1;
        t.matches += 1;
        self.grow(rule, op, GrowOutcome::Rooted(size));
    }

    /// Records what the grow rule `rule` decided about `op`.
    pub fn grow(&mut self, rule: &FusionRule, op: OpId, outcome: GrowOutcome) {
        self.grows.push(GrowStep {
            rule: rule.name.name.clone(),
            op,
            outcome,
        });
    }

    /// Records a fusion built from `rule` whose root is `root`.
    pub fn applied(&mut self, m: &Module, rule: &str, root: OpId) {
        let t = self.rules.entry(rule.to_string()).or_default();
        t.applied += 1;
        let o = m.op(root);
        t.sites.push(Site {
            function: egfuse_ir::blocks::name_of(m, root),
            span: o.user_span(),
            written: o.span,
        });
    }
}
