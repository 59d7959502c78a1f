//! A fusion rule applied to an instance of its pattern, the way each mode applies it: egraph
//! mode (build, kernels, extract, materialize, the region builder) and, for a rule with a
//! phase, compat mode's sub-pass; each emitting `mhlo.fusion` and `stablehlo.composite`.
//!
//! A fusion's body is the matched ops themselves, so the fused module must compute exactly
//! what the instance did: what can go wrong is the region builder (live-ins, live-outs, the
//! fused op's place) and the kernel's body as egraph mode rebuilds it.

use egfuse_cost::Target;
use egfuse_dsl::ast::{FusionBody, FusionRule, Grow, OpClass};
use egfuse_dsl::phase::Phase;
use egfuse_dsl::{Arity, OpCatalog, RuleSet};
use egfuse_fusion::cluster::{self, Emit};
use egfuse_fusion::compat;
use egfuse_fusion::egraph;
use egfuse_ir::Module;

use super::pattern::{combinations, Pattern};

/// A way a rule is fused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mode {
    pub egraph: bool,
    pub emit: Emit,
}

impl Mode {
    /// The modes that run `rule`: egraph mode every pattern rule and the `Loop` grow rules,
    /// compat mode the rules of its phases.
    pub fn of(rule: &FusionRule) -> Vec<Mode> {
        let mut out = Vec::new();
        let grow = matches!(rule.body, FusionBody::Grow(_));
        let in_egraph = !grow || rule.phase() == Some(Phase::Loop);
        let in_compat = rule.phase().is_some_and(|p| p != Phase::Loop);
        let modes = [(true, in_egraph), (false, in_compat)];
        for egraph in modes.into_iter().filter(|m| m.1).map(|m| m.0) {
            for emit in [Emit::Fusion, Emit::Composite] {
                out.push(Mode { egraph, emit });
            }
        }
        out
    }

    /// `egraph mhlo.fusion`, `compat composite`, ...
    pub fn name(self) -> String {
        let mode = if self.egraph { "egraph" } else { "compat" };
        let emit = match self.emit {
            Emit::Fusion => "mhlo.fusion",
            Emit::Composite => "composite",
        };
        format!("{mode} {emit}")
    }
}

/// The patterns of a fusion rule (one per combination of alternatives, at most `cap`), how
/// many combinations there are, or why it has none.
pub fn patterns(rule: &FusionRule, cap: usize) -> Result<(Vec<Pattern>, usize), String> {
    match &rule.body {
        FusionBody::Pattern(bindings) => {
            let (picks, total) = combinations(&Pattern::binding_choices(bindings), cap);
            let out = picks
                .iter()
                .map(|p| Pattern::from_bindings(bindings, p))
                .collect();
            Ok((out, total))
        }
        FusionBody::Grow(g) => {
            let len = chain_length(g)?;
            let candidates = chain_ops(g);
            let close = (g.close.first()).and_then(|o| {
                let arity = match egfuse_fusion::catalog::Catalog.op(&o.name)?.operands {
                    Arity::Fixed(n) => n as usize,
                    Arity::Pairs => 2,
                    _ => return None,
                };
                Some((o.name.as_str(), arity))
            });
            let p = Pattern::from_grow(g, len, &candidates, close)
                .ok_or("its class has no unary or binary op to chain")?;
            Ok((vec![p], 1))
        }
        FusionBody::Steps(_) => Err("its body is not expanded".to_string()),
    }
}

/// The ops a grow chain is made of: a fixed mix for `elementwise`, else the listed ops that
/// take one or two operands.
fn chain_ops(g: &Grow) -> Vec<(&str, usize)> {
    match &g.class {
        OpClass {
            elementwise: Some(_),
            ..
        } => vec![
            ("stablehlo.add", 2),
            ("stablehlo.exponential", 1),
            ("stablehlo.multiply", 2),
            ("stablehlo.negate", 1),
        ],
        OpClass { ops, .. } => ops
            .iter()
            .filter_map(
                |o| match egfuse_fusion::catalog::Catalog.op(&o.name)?.operands {
                    Arity::Fixed(n @ (1 | 2)) => Some((o.name.as_str(), n as usize)),
                    _ => None,
                },
            )
            .collect(),
    }
}

/// Three ops, or as many as the limits ask.
fn chain_length(g: &Grow) -> Result<usize, String> {
    let min = g.limit("min_ops").unwrap_or(1).max(3);
    match g.limit("max_ops") {
        Some(max) if max < 2 => Err(format!("max_ops = {max} leaves nothing to fuse")),
        Some(max) => Ok(min.min(max) as usize),
        None => Ok(min as usize),
    }
}

/// Fuses `m` with the one-rule set `set` in `mode`; `None` when nothing of the rule's kind was
/// fused.
pub fn fuse(
    m: &Module,
    set: &RuleSet,
    rule: &FusionRule,
    mode: Mode,
    target: &Target,
) -> Result<Option<Module>, String> {
    let mut m = m.clone();
    let fused = if mode.egraph {
        let cfg = egraph::Config {
            emit: mode.emit,
            inline: None,
            ..Default::default()
        };
        let report = egraph::run(&mut m, set, target, &cfg).map_err(|d| d.message)?;
        report.kinds().get(&rule.kind.name).copied().unwrap_or(0)
    } else {
        let phase = rule
            .phase()
            .ok_or("compat mode runs only rules with a phase")?;
        let limits = cluster::Limits::default();
        compat::run_phases(&mut m, set, &[phase], mode.emit, &limits)
            .map_err(|d| d.message)?
            .len()
    };
    Ok((fused > 0).then_some(m))
}
