//! The rule set prepared for the e-graph: egg rewrites from the `rewrite` rules, the pattern
//! fusion rules in priority order, and the attribute names rules match or build per op (the
//! attribute leaves op nodes carry).

use super::kernels::root_binding;
use super::lang::Node;
use super::meta::{AttrNames, Meta};
use super::rewrite::rewrites;
use egfuse_dsl::ast::{Binding, Expr, FusionBody, FusionRule, OpPattern};
use egfuse_dsl::RuleSet;
use egg::Rewrite;
use std::sync::Arc;

pub struct Prepared<'r> {
    pub rewrites: Vec<Rewrite<Node, Meta>>,
    /// Pattern fusion rules egraph mode can run, highest priority first (then file order).
    pub fusions: Vec<&'r FusionRule>,
    /// The root binding of each of `fusions` ([`root_binding`]), found once here rather than
    /// once per rule per block searched.
    pub roots: Vec<usize>,
    /// Fusion rules it cannot run, with the reason (grow bodies run after extraction).
    pub skipped: Vec<(&'r FusionRule, &'static str)>,
    /// Rewrite rules egg refused, with its reason.
    pub refused: Vec<(String, String)>,
    pub attr_names: Arc<AttrNames>,
}

impl<'r> Prepared<'r> {
    pub fn new(rules: &'r RuleSet) -> Prepared<'r> {
        let mut attr_names = AttrNames::default();
        let mut fusions: Vec<(&FusionRule, usize)> = Vec::new();
        let mut skipped = Vec::new();
        // The variants of one fusion share the bindings of all its forms, which name the same
        // ops and attributes as theirs: those are noted once per fusion, not once per variant.
        let mut noted: Option<&Arc<Vec<Binding>>> = None;
        for f in rules.fusions() {
            match &f.body {
                FusionBody::Grow(_) => skipped.push((f, "a grow body runs after extraction")),
                FusionBody::Steps(_) => skipped.push((f, "its body is not expanded")),
                FusionBody::Pattern(b) => {
                    let Some(root) = root_binding(b) else {
                        skipped.push((f, "its bindings do not form one tree under one root"));
                        continue;
                    };
                    match &f.whole {
                        Some(w) if noted.is_some_and(|n| Arc::ptr_eq(n, w)) => {}
                        Some(w) => {
                            w.iter().for_each(|b| note_attrs(&b.op, &mut attr_names));
                            noted = Some(w);
                        }
                        None => b.iter().for_each(|b| note_attrs(&b.op, &mut attr_names)),
                    }
                    fusions.push((f, root));
                }
            }
        }
        fusions.sort_by_key(|(f, _)| std::cmp::Reverse(f.priority()));
        let (fusions, roots) = fusions.into_iter().unzip();
        let mut rws = Vec::new();
        let mut refused = Vec::new();
        for r in rules.rewrites() {
            note_expr(&r.lhs, &mut attr_names);
            note_expr(&r.rhs, &mut attr_names);
            match rewrites(r) {
                Ok(list) => rws.extend(list),
                Err(why) => refused.push((r.name.name.clone(), why)),
            }
        }
        for names in attr_names.values_mut() {
            names.sort();
            names.dedup();
        }
        Prepared {
            rewrites: rws,
            fusions,
            roots,
            skipped,
            refused,
            attr_names: Arc::new(attr_names),
        }
    }

    /// A fresh analysis carrying the attribute names.
    pub fn meta(&self) -> Meta {
        Meta::new(Arc::clone(&self.attr_names))
    }
}

/// Notes the attributes `p` matches or builds; a `broadcast_in_dim` always carries its
/// dimensions, a `dot_general` its dimension numbers, precision and algorithm, a `slice` its
/// indices and a `reduce` its dimensions and body, which a built side may derive from the matched ones ([`super::layout`],
/// [`super::dot_views`]).
fn note_attrs<A>(p: &OpPattern<A>, out: &mut AttrNames) {
    for op in &p.ops {
        let names = out.entry(op.sym).or_default();
        names.extend(p.attrs.iter().map(|a| a.name.name.clone()));
        match op.name.as_str() {
            "stablehlo.broadcast_in_dim" => names.push("broadcast_dimensions".to_string()),
            "stablehlo.dot_general" => names.extend(
                ["algorithm", "dot_dimension_numbers", "precision_config"].map(String::from),
            ),
            "stablehlo.slice" => {
                names.extend(["limit_indices", "start_indices", "strides"].map(String::from))
            }
            "stablehlo.reduce" => names.extend(["body", "dimensions"].map(String::from)),
            _ => {}
        }
    }
}

fn note_expr(e: &Expr, out: &mut AttrNames) {
    if let Expr::Op { pattern, .. } = e {
        note_attrs(pattern, out);
        pattern.operands.iter().for_each(|o| note_expr(o, out));
    }
}
