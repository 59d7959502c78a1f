//! Egraph mode: equality saturation over each function body and each block of its control flow
//! (`while`, `case`, `if`, nested to any depth), fused kernels as e-nodes, and extraction by
//! cost.
//!
//! The mode is a pipeline ([`crate::fuse`]): the `inline` pass first replaces private calls (JAX's
//! `@silu`, `@_where`, ...) by their bodies, so that idioms split across a call are seen whole.
//! Then this module's [`Fuse`] pass, per block of [`blocks::bodies`] (function bodies, composite
//! decompositions excepted, and the blocks of their control flow, enclosing blocks first):
//! [`build`] the e-graph of the block, [`saturate`] it with the rewrite rules, add a fused node for
//! every match of a fusion rule ([`kernels`]), [`extract`] the cheapest acyclic program under the
//! target's cost model, [`materialize`] it, and hand each chosen kernel to the shared region
//! builder. The `loop` pass (the grow rules) then runs over what is left, as in compat mode;
//! a kernel of a single op is built only after it, by `one-op-kernels`, where the grow left its op
//! alone (it costs what the op costs unfused, while a grown cluster that takes the op saves
//! transfers and launches).
//!
//! Invariant: egraph mode changes a function only through the extracted program, whose every
//! class is computed by an e-node equal to it under the rules, so the output computes what the
//! input did whenever the rules are sound.

pub mod build;
pub mod cost;
pub mod dense;
mod derived;
mod dot_layout;
mod dot_views;
pub mod exact;
mod exports;
pub mod extract;
mod frontier;
pub mod kernels;
pub mod lang;
mod layout;
pub mod materialize;
pub mod meta;
pub mod parallel;
pub mod plan;
pub mod program;
mod reduce_views;
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
pub use stats::{ExactStats, FuncStats};

use crate::cluster::{self, Cluster, Emit};
use crate::fuse::{FuseReport, Mode, State};
use crate::inline::InlineConfig;
use crate::trace::Trace;
use egfuse_cost::Target;
use egfuse_diag::Diag;
use egfuse_dsl::RuleSet;
use egfuse_ir::blocks;
use egfuse_ir::pass::{Pass, PassContext, PassError, PipelineConfig};
use egfuse_ir::{BlockId, Module, OpId};
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

/// Fuses every function of `m` (the `egraph` pipeline of [`crate::fuse`], unverified between
/// passes).
pub fn run(
    m: &mut Module,
    rules: &RuleSet,
    target: &Target,
    cfg: &Config,
) -> Result<FuseReport, Diag> {
    let mode = Mode::Egraph(cfg.clone());
    let unverified = PipelineConfig {
        verify_each: false,
        ..PipelineConfig::default()
    };
    crate::fuse::fuse(m, &mode, rules, target, None, &unverified).map_err(first_diag)
}

/// The diagnostic that stopped a pipeline run without `verify_each`.
fn first_diag(e: PassError) -> Diag {
    e.diags().swap_remove(0)
}

/// The `egraph` pass: per block, build, saturate, add the kernels, extract, materialize.
pub struct Fuse<'r> {
    prepared: rules::Prepared<'r>,
    cfg: Config,
}

impl<'r> Fuse<'r> {
    pub fn new(prepared: rules::Prepared<'r>, cfg: Config) -> Fuse<'r> {
        Fuse { prepared, cfg }
    }
}

impl Pass<State<'_, '_>> for Fuse<'_> {
    fn name(&self) -> &'static str {
        "egraph"
    }

    fn run(&mut self, m: &mut Module, s: &mut State, cx: &mut PassContext) -> Result<(), Diag> {
        let bodies = blocks::bodies(m);
        let blocks: Vec<BlockId> = bodies.iter().map(|b| b.block).collect();
        plan::check_roots(m, &self.cfg.plan, &blocks)?;
        // The time limit is the module's: each block saturates in what the ones before it left.
        let started = Instant::now();
        saturate::quiet_clock(|| {
            for body in &bodies {
                let time = self.cfg.limits.time.saturating_sub(started.elapsed());
                let cfg = &Config {
                    limits: Limits {
                        time,
                        ..self.cfg.limits
                    },
                    ..self.cfg.clone()
                };
                let t = s.trace.as_deref_mut();
                let (st, single) = run_block(m, &self.prepared, s.target, cfg, body, t, cx)?;
                let index = s.report.functions.len();
                s.deferred.extend(single.into_iter().map(|k| (index, k)));
                s.report.functions.push(st);
            }
            Ok(())
        })
    }
}

/// One block's e-graph after saturation and kernels, and the program extracted from it,
/// before it is materialized.
pub struct Extracted {
    pub bg: build::BlockGraph,
    /// The values ops outside the graph read ([`materialize::roots`]).
    pub needed: rustc_hash::FxHashMap<OpId, Vec<egfuse_ir::ValueId>>,
    pub choice: extract::Choice,
}

/// A chosen kernel of one op, built after the grow rules unless they took its op.
pub struct OneOp {
    pub block: BlockId,
    pub op: OpId,
    pub kind: String,
    /// The fusion rule's name.
    pub rule: String,
}

/// Egraph mode over one block ([`blocks::Body`]). Kernels of several ops are built at once; a
/// kernel of one op (a native `exponential_minus_one` as an Expm1 kernel) is returned unbuilt, with
/// its kind: it costs what its op costs alone, so it is built only if the Elementwise grow, which
/// runs after extraction and could take its op into a cluster that pays, leaves the op alone. Each
/// step is timed in `cx` under the block's `@name`. The trace's [`Trace::egraph`] hook sees the
/// extracted block before it is materialized.
fn run_block(
    m: &mut Module,
    prepared: &rules::Prepared,
    target: &Target,
    cfg: &Config,
    body: &blocks::Body,
    mut trace: Option<&mut Trace>,
    cx: &mut PassContext,
) -> Result<(FuncStats, Vec<OneOp>), Diag> {
    let block = body.block;
    let mut st = FuncStats::named(body.name.clone());
    let scope = format!("@{}", st.name);
    let t = trace.as_deref_mut();
    let x = extract_block(m, prepared, target, cfg, block, &mut st, t, (cx, &scope))?;
    if let Some(see) = trace.as_deref_mut().and_then(|t| t.egraph.as_mut()) {
        see(m, prepared, &x);
    }
    let Extracted { bg, needed, choice } = x;
    let single = cx.time(&scope, "materialize", || {
        let pending = materialize::materialize(m, &bg, &choice, &needed)?;
        let mut single = Vec::new();
        for p in pending {
            let rule = prepared.fusions[p.rule].name.name.clone();
            let forced = cfg.plan.force.iter().any(|f| p.ops == [f.root]);
            if let ([op], false) = (&p.ops[..], forced) {
                let (op, kind) = (*op, p.kind);
                single.push(OneOp {
                    block,
                    op,
                    kind,
                    rule,
                });
                continue;
            }
            if let (Some(t), Some(&root)) = (trace.as_deref_mut(), p.ops.last()) {
                t.applied(m, &rule, root);
            }
            let c = Cluster::new(m, p.ops, &p.kind)?;
            cluster::build(m, &c, cfg.emit, &cfg.cluster)?;
            st.count_fusion(&p.kind);
        }
        Ok::<_, Diag>(single)
    })?;
    st.times = cx.steps_of(&scope).map(|s| (s.name, s.time)).collect();
    Ok((st, single))
}

/// Builds, saturates, adds the kernels and extracts one block, recording what each
/// step found in `st`, its time in `cx` under `scope` (and the rules' coverage in `trace`);
/// kernels `cfg.plan` forces are taken.
#[allow(clippy::too_many_arguments)]
fn extract_block(
    m: &Module,
    prepared: &rules::Prepared,
    target: &Target,
    cfg: &Config,
    block: BlockId,
    st: &mut FuncStats,
    trace: Option<&mut Trace>,
    (cx, scope): (&mut PassContext, &str),
) -> Result<Extracted, Diag> {
    let mut bg = cx.time(scope, "build", || build::build(m, block, prepared.meta()));
    st.pure_ops = bg.pure_ops;
    let rewrites = &prepared.rewrites;
    let (egraph, sat) = cx.time(scope, "saturate", || {
        saturate::saturate(bg.egraph, rewrites, &cfg.limits)
    });
    bg.egraph = egraph;
    st.saturation = Some(sat);
    cx.time(scope, "kernels", || {
        if let Some(t) = trace {
            survey::survey(&bg.egraph, &prepared.fusions, t);
        }
        st.kernels_found = kernels::add_kernels(
            &mut bg.egraph,
            &prepared.fusions,
            &prepared.roots,
            cfg.limits.threads,
        );
        for k in &bg.egraph.analysis.kernels {
            *st.found.entry(k.kind.clone()).or_default() += 1;
        }
        st.nodes = bg.egraph.total_number_of_nodes();
        st.classes = bg.egraph.number_of_classes();
    });
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
    let choice = choose(&bg.egraph, &roots, &model, cfg, st, (cx, scope));
    forced.check(m, &bg.egraph, &choice, &cfg.plan)?;
    Ok(Extracted { bg, needed, choice })
}

/// The fast extractor's choice, improved by the exact search when `cfg` asks for it; records
/// the costs and the gap in `st`, the time in `cx`.
fn choose(
    g: &meta::Graph,
    roots: &[egg::Id],
    model: &dyn extract::CostModel,
    cfg: &Config,
    st: &mut FuncStats,
    (cx, scope): (&mut PassContext, &str),
) -> extract::Choice {
    let mut budget = extract::Budget::new(&cfg.limits.extract);
    let fast = cx.time(scope, "extract", || {
        extract::extract_within(g, roots, model, &mut budget)
    });
    st.cost_before = fast.input_cost;
    st.extract = fast.stop.clone();
    st.extract_steps = fast.steps;
    let choice = match &cfg.extractor {
        Extractor::Fast => fast,
        Extractor::Exact(limits) => {
            let fast_cost = fast.cost;
            let e = cx.time(scope, "exact", || {
                exact::extract(g, roots, model, fast, limits, &mut budget)
            });
            st.exact = Some(ExactStats {
                fast: fast_cost,
                exact: e.choice.cost,
                stop: e.stop,
                steps: e.steps,
            });
            e.choice
        }
    };
    st.cost_after = choice.cost;
    choice
}
