//! Explain in compat mode: the sub-passes before the rule's run as the driver runs them, then
//! every op the rule's anchor names is matched with a [`Miss`] recording the deepest failure.

use super::{place_of, pred_detail, value_name, Candidate, Explanation, Failure, ValueFacts};
use crate::compat::{self, CompatConfig, Facts};
use crate::coverage::Miss;
use crate::diag::Diag;
use crate::ir::{Module, OpId, ValueId};
use crate::print::{value_names, PrintOptions};
use egfuse_dsl::ast::{Binding, FusionBody, FusionRule};
use egfuse_dsl::phase::Phase;
use egfuse_dsl::RuleSet;

/// The candidates of `rule` in `m` as compat mode sees them (`m` is fused by the sub-passes
/// that run before the rule's).
pub fn compat(
    m: &mut Module,
    rules: &RuleSet,
    rule: &FusionRule,
    cfg: &CompatConfig,
) -> Result<Explanation, Diag> {
    let mut e = Explanation {
        rule: rule.name.name.clone(),
        kind: rule.kind.name.clone(),
        mode: "compat",
        note: None,
        candidates: Vec::new(),
        unchosen: Vec::new(),
    };
    match rule.phase() {
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
        }
        None => {
            e.note = Some("the rule has no phase: compat mode does not run it".to_string());
        }
    }
    if let FusionBody::Grow(_) = rule.body {
        e.note = Some("a grow rule has no pattern to trace: see `egfuse coverage`".to_string());
        return Ok(e);
    }
    let names = value_names(m, PrintOptions::default());
    let bindings = rule.bindings();
    let mut miss = Miss::default();
    for op in compat::anchors(m, rule) {
        miss.clear();
        let found = compat::match_traced(m, rule, op, &mut miss);
        e.candidates
            .push(candidate(m, &names, bindings, op, found, &miss));
    }
    Ok(e)
}

fn candidate(
    m: &Module,
    names: &[Option<Box<str>>],
    bindings: &[Binding],
    op: OpId,
    found: Option<Vec<OpId>>,
    miss: &Miss<ValueId>,
) -> Candidate {
    let at = place_of(m, names, op);
    let named = |list: &[(String, ValueId)]| {
        list.iter()
            .map(|(var, v)| (var.clone(), value_name(names, *v)))
            .collect()
    };
    if let Some(ops) = found {
        let bound: Vec<(String, ValueId)> = bindings
            .iter()
            .zip(&ops)
            .map(|(b, &o)| (b.var.name.clone(), m.op(o).results[0]))
            .collect();
        return Candidate {
            at,
            bound: named(&bound),
            failure: None,
        };
    }
    let Some(reason) = &miss.reason else {
        let failure = Failure {
            key: "no match".to_string(),
            detail: None,
        };
        return Candidate {
            at,
            bound: Vec::new(),
            failure: Some(failure),
        };
    };
    let detail = reason.pred(bindings).map(|p| {
        pred_detail(p, |var| {
            let &(_, v) = miss.bound.iter().find(|(n, _)| n == var)?;
            Some(ValueFacts {
                name: value_name(names, v),
                uses: Facts::uses(m, v),
                ty: Facts::ty(m, v),
            })
        })
    });
    Candidate {
        at,
        bound: named(&miss.bound),
        failure: Some(Failure {
            key: reason.key(bindings),
            detail,
        }),
    }
}
