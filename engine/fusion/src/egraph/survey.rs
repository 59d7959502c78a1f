//! Coverage of the pattern fusion rules over one saturated e-graph: every candidate class of a
//! rule's root is an anchor; it matches when some match's predicates all hold (as
//! [`super::kernels`] decides), else it is rejected under the deepest failure the matcher
//! recorded. Runs only for `egfuse coverage` and `explain`.

use super::kernels::root_binding;
use super::meta::Graph;
use super::search::{candidate_classes, Env, Matcher};
use crate::trace::{Miss, Reason, Trace};
use egfuse_dsl::ast::{Binding, FusionBody, FusionRule};
use egg::Id;
use std::cell::RefCell;
use std::ops::ControlFlow;

/// Counts the anchors, matches and rejections of every pattern rule of `rules` in `trace`.
pub fn survey(g: &Graph, rules: &[&FusionRule], trace: &mut Trace) {
    for rule in rules {
        let FusionBody::Pattern(bindings) = &rule.body else {
            continue;
        };
        let Some(root) = root_binding(bindings) else {
            continue;
        };
        for class in candidate_classes(g, &bindings[root].op) {
            let (matched, miss) = anchor(g, bindings, root, class);
            trace.anchor(rule, bindings, matched.is_some(), &miss);
        }
    }
}

/// The value variables of the first match of binding `root` of `bindings` in class `class`
/// (`None` when there is none), and why the search failed where it did.
pub fn anchor(
    g: &Graph,
    bindings: &[Binding],
    root: usize,
    class: Id,
) -> (Option<Vec<(String, Id)>>, Miss<Id>) {
    let miss = RefCell::new(Miss::default());
    let m = Matcher {
        g,
        miss: Some(&miss),
    };
    let mut matched = None;
    m.each_binding(
        bindings,
        root,
        class,
        &mut |env| match failed_pred(&m, bindings, env) {
            None => {
                matched = Some(
                    env.values
                        .iter()
                        .map(|&(n, c)| (n.to_string(), c))
                        .collect(),
                );
                ControlFlow::Break(())
            }
            Some((binding, pred)) => {
                m.note(env, Reason::Pred { binding, pred });
                ControlFlow::Continue(())
            }
        },
    );
    (matched, miss.into_inner())
}

/// The first predicate (binding, index) that does not hold on a complete match.
fn failed_pred(m: &Matcher, bindings: &[Binding], env: &Env) -> Option<(usize, usize)> {
    bindings.iter().enumerate().find_map(|(i, b)| {
        let k = b.preds.iter().position(|p| !m.preds_hold([p], env))?;
        Some((i, k))
    })
}
