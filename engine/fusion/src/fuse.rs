//! Fusion as a pipeline of named passes, run by `egfuse_ir::pass`'s driver, in either mode,
//! returning one [`FuseReport`] whatever the mode.
//!
//! Egraph mode is `inline` (unless configured off), `scalar-folding` (scalar ops of constants
//! become constants, [`crate::scalars`]), `expand` (a `batch_norm_training` whose
//! statistics nothing reads becomes its definition, [`crate::expand`]), `dot-folding`
//! (the transposes and reshapes a dot reads folded into it, [`crate::dot_folding`]), `egraph` (per block,
//! function bodies and the blocks of their control flow: build, saturate, kernels, extract,
//! materialize, each timed as a step), `loop` (the `Loop` grow rules over what extraction left,
//! in the same blocks), `absorb` (the ops they copy taken into every `mhlo.fusion` that reads
//! them, [`crate::absorb`]), `merge` (a loop kernel that only one kernel reads merged into it,
//! [`crate::merge`]), `one-op-kernels` (the deferred kernels of one op the grow left alone) and
//! `attention` (a DotSoftmax kernel and the matmul of its probabilities merged,
//! [`crate::attention`]).
//! Compat mode is one pass per seed sub-pass its flags enable, in the seed's driver order
//! (`SubExp`, `DotLogistic`, `MulRedSqrt`, `Expm1`, `Log1p`, `Elementwise`).

use crate::cluster::{self, Cluster};
use crate::compat::{self, CompatConfig, Scope};
use crate::egraph::kernels::root_binding;
use crate::egraph::{self, FuncStats, OneOp};
use crate::inline::{inline, InlineConfig, InlineStats};
use crate::trace::Trace;
use egfuse_cost::Target;
use egfuse_diag::Diag;
use egfuse_dsl::ast::{FusionBody, FusionRule};
use egfuse_dsl::phase::Phase;
use egfuse_dsl::RuleSet;
use egfuse_ir::pass::{Pass, PassContext, PassError, PassReport, Pipeline, PipelineConfig};
use egfuse_ir::Module;
use std::collections::BTreeMap;

/// Which fusion mode runs, with its configuration.
#[derive(Clone, Debug)]
pub enum Mode {
    Egraph(egraph::Config),
    Compat(CompatConfig),
}

/// What a fusion run did, in either mode.
#[derive(Debug, Default)]
pub struct FuseReport {
    /// Every pass, in order, with its time and timed steps.
    pub passes: Vec<PassReport>,
    /// Egraph mode: per function, in module order (empty in compat mode).
    pub functions: Vec<FuncStats>,
    /// The clusters grow rules and compat mode's sub-passes built, in build order.
    pub grown: Vec<compat::Fused>,
    /// What inlining did, when it ran.
    pub inlined: Option<InlineStats>,
    /// Rewrite rules egg could not take (name, why): none for rules that pass the checks.
    pub refused: Vec<(String, String)>,
}

impl FuseReport {
    /// Fusions in the output, by kind: those built, less those a later pass merged into
    /// another.
    pub fn kinds(&self) -> BTreeMap<String, usize> {
        let mut out: BTreeMap<String, usize> = BTreeMap::new();
        for f in &self.functions {
            for (k, n) in &f.fused {
                *out.entry(k.clone()).or_default() += n;
            }
        }
        for g in &self.grown {
            *out.entry(g.kind.clone()).or_default() += 1;
        }
        for (k, n) in self.functions.iter().flat_map(|f| &f.merged) {
            if let Some(c) = out.get_mut(k) {
                *c = c.saturating_sub(*n);
            }
        }
        out.retain(|_, n| *n > 0);
        out
    }
}

/// What the passes of one run share.
pub struct State<'a, 'o> {
    pub rules: &'a RuleSet,
    pub target: &'a Target,
    pub trace: Option<&'a mut Trace<'o>>,
    pub report: FuseReport,
    /// Egraph mode's one-op kernels, by the index of their function in `report.functions`.
    pub deferred: Vec<(usize, OneOp)>,
}

/// Fuses `m` by `mode`, reporting every anchor and fusion into `trace` when given.
pub fn fuse(
    m: &mut Module,
    mode: &Mode,
    rules: &RuleSet,
    target: &Target,
    trace: Option<&mut Trace>,
    pipeline: &PipelineConfig,
) -> Result<FuseReport, PassError> {
    let mut state = State {
        rules,
        target,
        trace,
        report: FuseReport::default(),
        deferred: Vec::new(),
    };
    let (mut passes, refused) = passes_of(mode, rules);
    state.report.refused = refused;
    state.report.passes = passes.run(m, &mut state, pipeline)?;
    Ok(state.report)
}

/// Whether [`fuse`] in `mode` runs the fusion rule `rule`: compat mode the rules of the
/// sub-passes its flags enable; egraph mode the pattern rules its e-graph can run (one root
/// reaching every binding) and the rules of the `Loop` grow.
pub fn runs(mode: &Mode, rule: &FusionRule) -> bool {
    match mode {
        Mode::Compat(cfg) => rule
            .phase()
            .is_some_and(|p| Phase::ALL.contains(&p) && cfg.enabled(p)),
        Mode::Egraph(_) => {
            let pattern = matches!(&rule.body, FusionBody::Pattern(b) if root_binding(b).is_some());
            pattern || rule.phase() == Some(Phase::Loop)
        }
    }
}

/// The names of the passes [`fuse`] runs in `mode`, in order.
pub fn pass_names(mode: &Mode, rules: &RuleSet) -> Vec<&'static str> {
    passes_of(mode, rules).0.names()
}

/// The pipeline of `mode`, and the rewrites egg refused while preparing egraph mode's rules.
fn passes_of<'p, 'a, 'o>(
    mode: &Mode,
    rules: &'p RuleSet,
) -> (Pipeline<'p, State<'a, 'o>>, Vec<(String, String)>) {
    let mut passes = Pipeline::default();
    let mut refused = Vec::new();
    match mode {
        Mode::Egraph(cfg) => {
            let prepared = egraph::rules::Prepared::new(rules);
            refused = prepared.refused.clone();
            if let Some(c) = &cfg.inline {
                passes.add(Inline(*c));
            }
            passes.add(ScalarFolding);
            passes.add(Expand);
            passes.add(DotFolding);
            passes.add(egraph::Fuse::new(prepared, cfg.clone()));
            let scope = Scope::ControlFlow;
            passes.add(Grow(Phase::Loop, (cfg.emit, scope), cfg.cluster));
            passes.add(Absorb);
            passes.add(Merge(cfg.emit, cfg.cluster));
            passes.add(OneOpKernels(cfg.emit, cfg.cluster));
            passes.add(Attention(cfg.emit, cfg.cluster));
        }
        Mode::Compat(cfg) => {
            for phase in Phase::ALL.into_iter().filter(|&p| cfg.enabled(p)) {
                passes.add(Grow(phase, (cfg.emit, Scope::FunctionBodies), cfg.limits));
            }
        }
    }
    (passes, refused)
}

/// `inline`: private calls replaced by their bodies.
struct Inline(InlineConfig);

impl Pass<State<'_, '_>> for Inline {
    fn name(&self) -> &'static str {
        "inline"
    }

    fn run(&mut self, m: &mut Module, s: &mut State, _: &mut PassContext) -> Result<(), Diag> {
        s.report.inlined = Some(inline(m, &self.0));
        Ok(())
    }
}

/// One seed sub-pass over the module (compat mode's passes, in function bodies as the seed's; and
/// egraph mode's `Loop` grow, in every block egraph mode fuses).
struct Grow(Phase, (cluster::Emit, Scope), cluster::Limits);

impl Pass<State<'_, '_>> for Grow {
    fn name(&self) -> &'static str {
        match self.0 {
            Phase::Elementwise => "elementwise",
            Phase::Loop => "loop",
            phase => phase.name(),
        }
    }

    fn run(&mut self, m: &mut Module, s: &mut State, _: &mut PassContext) -> Result<(), Diag> {
        let t = s.trace.as_deref_mut();
        let built = compat::phases_traced(m, s.rules, &[self.0], self.1, &self.2, t)?;
        s.report.grown.extend(built);
        Ok(())
    }
}

/// `absorb`: the ops a `Loop` rule copies taken into every fused op that reads them
/// ([`crate::absorb`]).
struct Absorb;

impl Pass<State<'_, '_>> for Absorb {
    fn name(&self) -> &'static str {
        "absorb"
    }

    fn run(&mut self, m: &mut Module, s: &mut State, _: &mut PassContext) -> Result<(), Diag> {
        crate::absorb::absorb(m, s.rules);
        Ok(())
    }
}

/// `merge`: a loop kernel that only one kernel reads merged into it as its prologue
/// ([`crate::merge`]).
struct Merge(cluster::Emit, cluster::Limits);

impl Pass<State<'_, '_>> for Merge {
    fn name(&self) -> &'static str {
        "merge"
    }

    fn run(&mut self, m: &mut Module, s: &mut State, _: &mut PassContext) -> Result<(), Diag> {
        let t = s.trace.as_deref_mut();
        crate::merge::merge(m, (self.0, &self.1), &mut s.report.grown, t)?;
        Ok(())
    }
}

/// `scalar-folding`: scalar ops of constants replaced by the constants they compute.
struct ScalarFolding;

impl Pass<State<'_, '_>> for ScalarFolding {
    fn name(&self) -> &'static str {
        "scalar-folding"
    }

    fn run(&mut self, m: &mut Module, _: &mut State, _: &mut PassContext) -> Result<(), Diag> {
        crate::scalars::fold_scalars(m);
        Ok(())
    }
}

/// `expand`: the ops whose math the rules must see, replaced by their definitions.
struct Expand;

impl Pass<State<'_, '_>> for Expand {
    fn name(&self) -> &'static str {
        "expand"
    }

    fn run(&mut self, m: &mut Module, _: &mut State, _: &mut PassContext) -> Result<(), Diag> {
        crate::expand::expand(m);
        Ok(())
    }
}

/// `dot-folding`: the transposes and reshapes a `dot_general` reads folded into it.
struct DotFolding;

impl Pass<State<'_, '_>> for DotFolding {
    fn name(&self) -> &'static str {
        "dot-folding"
    }

    fn run(&mut self, m: &mut Module, _: &mut State, _: &mut PassContext) -> Result<(), Diag> {
        crate::dot_folding::fold_dots(m);
        Ok(())
    }
}

/// `one-op-kernels`: egraph mode's chosen kernels of a single op, built where the grow left
/// their op alone (such a kernel costs what its op costs alone; a grown cluster saves more).
struct OneOpKernels(cluster::Emit, cluster::Limits);

impl Pass<State<'_, '_>> for OneOpKernels {
    fn name(&self) -> &'static str {
        "one-op-kernels"
    }

    fn run(&mut self, m: &mut Module, s: &mut State, _: &mut PassContext) -> Result<(), Diag> {
        for (func, k) in std::mem::take(&mut s.deferred) {
            if m.op(k.op).parent != Some(k.block) {
                continue;
            }
            if let Some(t) = s.trace.as_deref_mut() {
                t.applied(m, &k.rule, k.op);
            }
            let c = Cluster::new(m, vec![k.op], &k.kind)?;
            cluster::build(m, &c, self.0, &self.1)?;
            s.report.functions[func].count_fusion(&k.kind);
        }
        Ok(())
    }
}

/// `attention`: each DotSoftmax kernel merged with the matmul that reads its probabilities,
/// where the cost model prefers one kernel ([`crate::attention`]).
struct Attention(cluster::Emit, cluster::Limits);

impl Pass<State<'_, '_>> for Attention {
    fn name(&self) -> &'static str {
        "attention"
    }

    fn run(&mut self, m: &mut Module, s: &mut State, _: &mut PassContext) -> Result<(), Diag> {
        let t = s.trace.as_deref_mut();
        crate::attention::attention(m, (self.0, &self.1), s.target, &mut s.report, t)?;
        Ok(())
    }
}
