//! Egraph mode: equality saturation over each function body, fused kernels as e-nodes, and
//! extraction by cost.
//!
//! Private function calls are inlined first (JAX's `@silu`, `@_where`, ...), so that idioms
//! split across a call are seen whole. Then per function (composite decompositions excepted):
//! [`build`] the e-graph of its body,
//! [`saturate`] it with the rewrite rules, add a fused node for every match of a fusion rule
//! ([`kernels`]), [`extract`] the cheapest acyclic program under the target's cost model,
//! [`materialize`] it, and hand each chosen kernel to the shared region builder. The grow rules
//! (the general Elementwise fusion) then run over what is left, as in compat mode; a kernel of a
//! single op is built only after them, where they left its op alone (it costs what the op costs
//! unfused, while a grown cluster that takes the op saves transfers and launches).
//!
//! Invariant: egraph mode changes a function only through the extracted program, whose every
//! class is computed by an e-node equal to it under the rules, so the output computes what the
//! input did whenever the rules are sound.

pub mod build;
pub mod cost;
pub mod dense;
pub mod exact;
pub mod extract;
pub mod kernels;
pub mod lang;
pub mod materialize;
pub mod meta;
pub mod plan;
pub mod rewrite;
pub mod rules;
pub mod saturate;
pub mod search;
mod stats;
pub mod survey;

pub use exact::{ExactLimits, ExactStop, Extractor};
pub use extract::{ExtractLimits, ExtractStop};
pub use plan::{Force, Plan};
pub use saturate::{Limits, Stop};
pub use stats::{ExactStats, FuncStats, Step};

use crate::cluster::{self, Cluster, Emit};
use crate::compat;
use crate::cost::Target;
use crate::coverage::Trace;
use crate::diag::Diag;
use crate::inline::{inline, InlineConfig, InlineStats};
use crate::ir::{BlockId, Module, OpId};
use egfuse_dsl::phase::Phase;
use egfuse_dsl::RuleSet;
use std::time::Instant;

/// How egraph mode runs.
#[derive(Clone, Debug)]
pub struct Config {
    pub limits: Limits,
    pub emit: Emit,
    pub cluster: cluster::Limits,
    /// Inline private function calls first (`None`: keep them, `--no-inline`).
    pub inline: Option<InlineConfig>,
    /// The extractor (`--extract`).
    pub extractor: Extractor,
    /// Fusions the extracted program must contain (`egfuse compare --force`).
    pub plan: Plan,
}

impl Default for Config {
    /// What `egfuse fuse` does given no options: default limits, `mhlo.fusion` ops, private
    /// calls inlined, the fast extractor, no forced kernels.
    fn default() -> Config {
        Config {
            limits: Limits::default(),
            emit: Emit::Fusion,
            cluster: cluster::Limits::default(),
            inline: Some(InlineConfig::default()),
            extractor: Extractor::Fast,
            plan: Plan::default(),
        }
    }
}

/// What a run did.
#[derive(Debug)]
pub struct Report {
    /// Per function, in module order.
    pub functions: Vec<FuncStats>,
    /// The clusters the grow rules built after extraction.
    pub grown: Vec<compat::Fused>,
    /// What inlining did, when it ran.
    pub inlined: Option<InlineStats>,
    /// Rewrite rules egg could not take (name, why): none for rules that pass the checks.
    pub refused: Vec<(String, String)>,
}

impl Report {
    /// Fusions built, by kind.
    pub fn kinds(&self) -> std::collections::BTreeMap<String, usize> {
        let mut out = std::collections::BTreeMap::new();
        for f in &self.functions {
            for (k, n) in &f.fused {
                *out.entry(k.clone()).or_default() += n;
            }
        }
        for g in &self.grown {
            *out.entry(g.kind.clone()).or_default() += 1;
        }
        out
    }
}

/// Fuses every function of `m`.
pub fn run(m: &mut Module, rules: &RuleSet, target: &Target, cfg: &Config) -> Result<Report, Diag> {
    saturate::quiet_clock(|| run_module(m, rules, target, cfg, None))
}

/// [`run`], reporting every anchor examined and every fusion built into `trace`.
pub fn run_traced(
    m: &mut Module,
    rules: &RuleSet,
    target: &Target,
    cfg: &Config,
    trace: &mut Trace,
) -> Result<Report, Diag> {
    saturate::quiet_clock(|| run_module(m, rules, target, cfg, Some(trace)))
}

fn run_module(
    m: &mut Module,
    rules: &RuleSet,
    target: &Target,
    cfg: &Config,
    mut trace: Option<&mut Trace>,
) -> Result<Report, Diag> {
    let prepared = rules::Prepared::new(rules);
    let inlined = cfg.inline.as_ref().map(|c| inline(m, c));
    let bodies = self::functions(m);
    let blocks: Vec<BlockId> = bodies.iter().map(|&(_, b)| b).collect();
    plan::check_roots(m, &cfg.plan, &blocks)?;
    let mut functions = Vec::new();
    let mut deferred: Vec<(usize, OneOp)> = Vec::new();
    for (func, block) in bodies {
        let t = trace.as_deref_mut();
        let (st, single) = run_block(m, &prepared, target, cfg, (func, block), t)?;
        deferred.extend(single.into_iter().map(|k| (functions.len(), k)));
        functions.push(st);
    }
    let phases = [Phase::Elementwise];
    let t = trace.as_deref_mut();
    let grown = compat::phases_traced(m, rules, &phases, cfg.emit, &cfg.cluster, t)?;
    for (func, k) in deferred {
        if m.op(k.op).parent == Some(k.block) {
            if let Some(t) = trace.as_deref_mut() {
                t.applied(m, &prepared.fusions[k.rule].name.name, k.op);
            }
            let c = Cluster::new(m, vec![k.op], &k.kind)?;
            cluster::build(m, &c, cfg.emit, &cfg.cluster)?;
            functions[func].count_fusion(&k.kind);
        }
    }
    Ok(Report {
        functions,
        grown,
        inlined,
        refused: prepared.refused.clone(),
    })
}

/// The bodies egraph mode works on: every `func.func` that is not a composite decomposition.
fn functions(m: &Module) -> Vec<(OpId, BlockId)> {
    m.walk()
        .into_iter()
        .filter(|&op| {
            let o = m.op(op);
            &*o.name == "func.func" && o.attr("noDelete").is_none() && o.regions.len() == 1
        })
        .filter_map(|op| {
            let region = m.op(op).regions[0];
            let block = *m.region(region).blocks.first()?;
            Some((op, block))
        })
        .collect()
}

/// One function's e-graph after saturation and kernels, and the program extracted from it,
/// before it is materialized.
pub struct Extracted {
    pub bg: build::BlockGraph,
    /// The values ops outside the graph read ([`materialize::roots`]).
    pub needed: rustc_hash::FxHashMap<OpId, Vec<crate::ir::ValueId>>,
    pub choice: extract::Choice,
}

/// Runs egraph mode up to extraction over every function of `m` (after inlining, when `cfg`
/// asks for it), handing each function's graph and choice to `visit`; the functions
/// themselves are left as they were (`egfuse explain`).
pub fn inspect(
    m: &mut Module,
    rules: &RuleSet,
    target: &Target,
    cfg: &Config,
    visit: &mut dyn FnMut(&Module, &rules::Prepared, &Extracted),
) -> Result<(), Diag> {
    saturate::quiet_clock(|| {
        let prepared = rules::Prepared::new(rules);
        if let Some(c) = &cfg.inline {
            inline(m, c);
        }
        for (func, block) in self::functions(m) {
            let mut st = FuncStats::new(m, func);
            let x = extract_block(m, &prepared, target, cfg, block, &mut st, None)?;
            visit(m, &prepared, &x);
        }
        Ok(())
    })
}

/// A chosen kernel of one op, built after the grow rules unless they took its op.
struct OneOp {
    block: BlockId,
    op: OpId,
    kind: String,
    /// The fusion rule's index in the prepared rules.
    rule: usize,
}

/// Egraph mode over one function body. Kernels of several ops are built at once; a kernel of
/// one op (a native `exponential_minus_one` as an Expm1 kernel) is returned unbuilt, with its
/// kind: it costs what its op costs alone, so it is built only if the Elementwise grow, which
/// runs after extraction and could take its op into a cluster that pays, leaves the op alone.
fn run_block(
    m: &mut Module,
    prepared: &rules::Prepared,
    target: &Target,
    cfg: &Config,
    (func, block): (OpId, BlockId),
    mut trace: Option<&mut Trace>,
) -> Result<(FuncStats, Vec<OneOp>), Diag> {
    let mut st = FuncStats::new(m, func);
    let t = trace.as_deref_mut();
    let Extracted { bg, needed, choice } =
        extract_block(m, prepared, target, cfg, block, &mut st, t)?;
    let clock = Instant::now();
    let pending = materialize::materialize(m, &bg, &choice, &needed)?;
    let mut single = Vec::new();
    for p in pending {
        let forced = cfg.plan.force.iter().any(|f| p.ops == [f.root]);
        if let ([op], false) = (&p.ops[..], forced) {
            let (op, kind, rule) = (*op, p.kind, p.rule);
            single.push(OneOp {
                block,
                op,
                kind,
                rule,
            });
            continue;
        }
        if let (Some(t), Some(&root)) = (trace.as_deref_mut(), p.ops.last()) {
            t.applied(m, &prepared.fusions[p.rule].name.name, root);
        }
        let c = Cluster::new(m, p.ops, &p.kind)?;
        cluster::build(m, &c, cfg.emit, &cfg.cluster)?;
        st.count_fusion(&p.kind);
    }
    st.lap(Step::Materialize, clock);
    Ok((st, single))
}

/// Builds, saturates, adds the kernels and extracts one function body, recording each step
/// in `st` (and the rules' coverage in `trace`); kernels `cfg.plan` forces are taken.
fn extract_block(
    m: &Module,
    prepared: &rules::Prepared,
    target: &Target,
    cfg: &Config,
    block: BlockId,
    st: &mut FuncStats,
    trace: Option<&mut Trace>,
) -> Result<Extracted, Diag> {
    let clock = Instant::now();
    let mut bg = build::build(m, block, prepared.meta());
    st.pure_ops = bg.pure_ops;
    st.lap(Step::Build, clock);
    let clock = Instant::now();
    let (egraph, sat) = saturate::saturate(bg.egraph, &prepared.rewrites, &cfg.limits);
    bg.egraph = egraph;
    st.saturation = Some(sat);
    st.lap(Step::Saturate, clock);
    let clock = Instant::now();
    if let Some(t) = trace {
        survey::survey(&bg.egraph, &prepared.fusions, t);
    }
    st.kernels_found = kernels::add_kernels(&mut bg.egraph, &prepared.fusions);
    for k in &bg.egraph.analysis.kernels {
        *st.found.entry(k.kind.clone()).or_default() += 1;
    }
    st.nodes = bg.egraph.total_number_of_nodes();
    st.classes = bg.egraph.number_of_classes();
    st.lap(Step::Kernels, clock);
    let needed = materialize::roots(m, &bg);
    let mut roots: Vec<egg::Id> = (needed.values().flatten())
        .map(|v| bg.egraph.find(bg.class_of[v]))
        .collect();
    roots.sort();
    roots.dedup();
    let forced = plan::forced(m, &bg, prepared, &cfg.plan)?;
    let model = plan::ForcedModel {
        inner: &cost::Model::new(target, m),
        forced: &forced,
    };
    let choice = choose(&bg.egraph, &roots, &model, cfg, st);
    forced.check(m, &choice, &cfg.plan)?;
    Ok(Extracted { bg, needed, choice })
}

/// The fast extractor's choice, improved by the exact search when `cfg` asks for it; records
/// the costs, the gap and the time in `st`.
fn choose(
    g: &meta::Graph,
    roots: &[egg::Id],
    model: &dyn extract::CostModel,
    cfg: &Config,
    st: &mut FuncStats,
) -> extract::Choice {
    let clock = Instant::now();
    let mut budget = extract::Budget::new(&cfg.limits.extract);
    let fast = extract::extract_within(g, roots, model, &mut budget);
    st.cost_before = fast.input_cost;
    st.extract = fast.stop.clone();
    st.extract_steps = fast.steps;
    st.lap(Step::Extract, clock);
    let choice = match &cfg.extractor {
        Extractor::Fast => fast,
        Extractor::Exact(limits) => {
            let clock = Instant::now();
            let fast_cost = fast.cost;
            let e = exact::extract(g, roots, model, fast, limits, &mut budget);
            st.exact = Some(ExactStats {
                fast: fast_cost,
                exact: e.choice.cost,
                stop: e.stop,
                steps: e.steps,
            });
            st.lap(Step::Exact, clock);
            e.choice
        }
    };
    st.cost_after = choice.cost;
    choice
}
