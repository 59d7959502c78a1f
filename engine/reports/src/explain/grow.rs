//! Explain a grow rule (egraph mode's `Loop` rules, which run after extraction on the ops left
//! unfused): the whole pipeline runs with a trace, and every op the rule's walk looked at is a
//! candidate: the root of a cluster (of how many ops), or why it roots none. Each cluster that
//! left out a producer of the rule's class says which and why (another cluster took it, an op
//! outside reads it, a view that moves elements is not at the kernel's edge, ...), on the
//! root's candidate and on the producer's; a cluster merged into the kernel that reads it
//! says so on its root.

use super::{place_of, Candidate, Explanation, Failure, Names, Place};
use egfuse_cost::Target;
use egfuse_diag::Diag;
use egfuse_dsl::ast::FusionRule;
use egfuse_dsl::RuleSet;
use egfuse_fusion::egraph::Config;
use egfuse_fusion::fuse::{fuse, Mode};
use egfuse_fusion::trace::{GrowOutcome, Trace};
use egfuse_ir::pass::PipelineConfig;
use egfuse_ir::{Module, OpId};
use rustc_hash::FxHashMap;

/// The candidates of the grow rule `rule` in `m`, which this fuses in egraph mode (`src` is its
/// text, for the names values have there).
pub fn grow(
    m: &mut Module,
    src: &str,
    rules: &RuleSet,
    rule: &FusionRule,
    (target, cfg): (&Target, &Config),
) -> Result<Explanation, Diag> {
    let mut e = Explanation::new(rule, "egraph");
    let mut trace = Trace::default();
    let unverified = PipelineConfig {
        verify_each: false,
        ..PipelineConfig::default()
    };
    fuse(
        m,
        &Mode::Egraph(cfg.clone()),
        rules,
        target,
        Some(&mut trace),
        &unverified,
    )
    .map_err(|e| e.diags().swap_remove(0))?;
    let names = Names::new(m, src);
    let steps = trace.grows.iter().filter(|s| s.rule == rule.name.name);
    let mut found = Found::default();
    for step in steps {
        match &step.outcome {
            GrowOutcome::Rooted(n) => {
                let c = found.at(m, &names, step.op);
                c.bound = vec![("op".to_string(), c.at.name.clone())];
                c.failure = None;
                c.notes.push(format!("roots a cluster of {n} ops"));
            }
            GrowOutcome::Rejected(why) => {
                found.at(m, &names, step.op).failure = Some(Failure {
                    key: why.clone(),
                    detail: None,
                });
            }
            GrowOutcome::Refused { root, why } => {
                let (op, r) = (describe(m, &names, step.op), describe(m, &names, *root));
                let left_out = format!("left out {op}: {why}");
                let not_taken = format!("the cluster of {r} reads it and left it out: {why}");
                note(found.at(m, &names, *root), left_out);
                note(found.at(m, &names, step.op), not_taken);
            }
        }
    }
    for merge in &trace.merges {
        for op in &merge.ops {
            let Some(c) = found.by_op.get_mut(op).filter(|c| c.failure.is_none()) else {
                continue;
            };
            c.notes.push(format!(
                "then merged into the {} kernel {}",
                merge.into, merge.how
            ));
        }
    }
    let Found { order, mut by_op } = found;
    e.candidates = order.iter().filter_map(|op| by_op.remove(op)).collect();
    let key = |c: &Candidate| (c.at.span.is_none(), c.at.span.start);
    e.candidates.sort_by_key(key);
    Ok(e)
}

/// The candidates so far, by op, in the order first met.
#[derive(Default)]
struct Found {
    order: Vec<OpId>,
    by_op: FxHashMap<OpId, Candidate>,
}

impl Found {
    /// The candidate of `op`, made on first use.
    fn at(&mut self, m: &Module, names: &Names, op: OpId) -> &mut Candidate {
        let order = &mut self.order;
        self.by_op.entry(op).or_insert_with(|| {
            order.push(op);
            blank(place_of(m, names, op))
        })
    }
}

/// A candidate nothing is known of yet: neither rooted nor rejected (a producer only left
/// out) reads as no match until its own outcome comes.
fn blank(at: Place) -> Candidate {
    Candidate {
        at,
        bound: Vec::new(),
        failure: Some(Failure {
            key: "not an anchor of the rule: only left out of a cluster".to_string(),
            detail: None,
        }),
        claimed: None,
        notes: Vec::new(),
    }
}

/// `%12 = stablehlo.transpose (30:5)`.
fn describe(m: &Module, names: &Names, op: OpId) -> String {
    let p = place_of(m, names, op);
    format!("{} = {} ({})", p.name, p.op, names.at(p.span))
}

/// Adds `text` to `c`'s notes once.
fn note(c: &mut Candidate, text: String) {
    if !c.notes.contains(&text) {
        c.notes.push(text);
    }
}
