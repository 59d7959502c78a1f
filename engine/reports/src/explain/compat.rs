//! Explain in compat mode: the sub-passes before the rule's run as the driver runs them, then
//! every op the rule's anchor names is matched with a [`Miss`] recording the deepest failure.
//! A match the sub-pass would not build (an op of it is in a cluster found first) says whose.

use super::{place_of, pred_detail, Candidate, Explanation, Failure, Names, ValueFacts};
use egfuse_diag::Diag;
use egfuse_dsl::ast::{FusionBody, FusionRule};
use egfuse_dsl::phase::Phase;
use egfuse_dsl::RuleSet;
use egfuse_fusion::compat::{self, CompatConfig, Facts};
use egfuse_fusion::trace::Miss;
use egfuse_ir::{Module, OpId, ValueId};

/// The candidates of `rule` in `m` as compat mode sees them (`m` is fused by the sub-passes
/// that run before the rule's; `src` is its text, for the names values have there).
pub fn compat(
    m: &mut Module,
    src: &str,
    rules: &RuleSet,
    rule: &FusionRule,
    cfg: &CompatConfig,
) -> Result<Explanation, Diag> {
    let mut e = Explanation::new(rule, "compat");
    let claims = match rule.phase() {
        Some(Phase::Loop) => {
            let note = "phase Loop is egraph mode's grow: compat mode does not run it; `egfuse coverage` traces it";
            e.note = Some(note.to_string());
            return Ok(e);
        }
        Some(phase) => {
            let before: Vec<Phase> = (Phase::ALL.into_iter())
                .filter(|&p| cfg.enabled(p))
                .take_while(|&p| p != phase)
                .collect();
            compat::run_phases(m, rules, &before, cfg.emit, &cfg.limits)?;
            if !cfg.enabled(phase) {
                e.note = Some(format!(
                    "phase {} is off under the flags given: compat mode does not run the rule",
                    phase.name()
                ));
            }
            compat::claims(m, rules, phase)?
        }
        None => {
            e.note = Some("the rule has no phase: compat mode does not run it".to_string());
            Vec::new()
        }
    };
    if let FusionBody::Grow(_) = rule.body {
        e.note = Some("a grow rule has no pattern to trace: see `egfuse coverage`".to_string());
        return Ok(e);
    }
    let view = View {
        m,
        names: Names::new(m, src),
        rule,
        claims,
    };
    let mut miss = Miss::default();
    for op in compat::anchors(m, rule) {
        miss.clear();
        let c = match compat::match_traced(m, rule, op, &mut miss) {
            Some(ops) => view.matched(op, &ops),
            None => view.rejected(op, &miss),
        };
        e.candidates.push(c);
    }
    Ok(e)
}

/// The module with its value names, the rule, and the clusters its sub-pass would build.
struct View<'a> {
    m: &'a Module,
    names: Names<'a>,
    rule: &'a FusionRule,
    claims: Vec<(&'a FusionRule, Vec<OpId>)>,
}

impl View<'_> {
    fn named(&self, list: &[(String, ValueId)]) -> Vec<(String, String)> {
        (list.iter())
            .map(|(var, v)| (var.clone(), self.names.value(self.m, *v)))
            .collect()
    }

    /// A match: its ops in binding order.
    fn matched(&self, anchor: OpId, ops: &[OpId]) -> Candidate {
        let bound: Vec<(String, ValueId)> = (self.rule.bindings().iter())
            .zip(ops)
            .map(|(b, &o)| (b.var.name.clone(), self.m.op(o).results[0]))
            .collect();
        Candidate {
            at: place_of(self.m, &self.names, anchor),
            bound: self.named(&bound),
            failure: None,
            claimed: self.claimed(ops),
            notes: Vec::new(),
        }
    }

    /// Why a match is not built: the first cluster found before it that holds one of its ops;
    /// `None` when it is built (or its phase does not run).
    fn claimed(&self, ops: &[OpId]) -> Option<String> {
        let mut mine = ops.to_vec();
        mine.sort();
        let built = self.claims.iter().any(|(r, c)| {
            let mut c = c.clone();
            c.sort();
            r.name == self.rule.name && c == mine
        });
        if built || self.claims.is_empty() {
            return None;
        }
        self.claims.iter().find_map(|(r, c)| {
            let shared = ops.iter().find(|o| c.contains(o))?;
            let value = self.m.op(*shared).results[0];
            Some(format!(
                "{} is in a {} cluster of rule {} (priority {}) found first",
                self.names.value(self.m, value),
                r.kind.name,
                r.name.name,
                r.priority()
            ))
        })
    }

    fn rejected(&self, anchor: OpId, miss: &Miss<ValueId>) -> Candidate {
        let bindings = self.rule.bindings();
        let failure = match &miss.reason {
            None => Failure {
                key: "no match".to_string(),
                detail: None,
            },
            Some(reason) => Failure {
                key: reason.key(bindings),
                detail: reason.pred(bindings).map(|p| {
                    pred_detail(p, |var| {
                        let &(_, v) = miss.bound.iter().find(|(n, _)| n == var)?;
                        Some(ValueFacts {
                            name: self.names.value(self.m, v),
                            uses: Facts::uses(self.m, v),
                            ty: Facts::ty(self.m, v),
                        })
                    })
                }),
            },
        };
        Candidate {
            at: place_of(self.m, &self.names, anchor),
            bound: self.named(&miss.bound),
            failure: Some(failure),
            claimed: None,
            notes: Vec::new(),
        }
    }
}
