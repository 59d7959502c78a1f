//! Equality saturation of the rewrite rules with egg, bounded by [`Limits`]; the run returns
//! why it stopped. The same `--limits` list also bounds extraction ([`ExtractLimits`]).
//!
//! egg's own defaults (10,000 nodes, 5 s, 30 iterations, a scheduler that bans busy rules)
//! silently cut graph-sized inputs short, so every bound is set here and the scheduler never
//! bans a rule. egg checks the node limit only between iterations and one iteration can grow
//! the graph several times over, so a hook also stops a run whose last iteration grew the
//! graph past `growth` times its size before it.
//!
//! egg times its steps with `quanta`, whose first clock calibrates the CPU's time-stamp counter
//! for about 10 ms of every process (as long as fusing a 5,000-op model). egfuse reads none of
//! egg's timings, so [`quiet_clock`] runs egg under a mock clock, and the time limit is kept
//! here with the standard library's clock. egg's own checks inside an iteration read its
//! (mock) clock, so the time limit is also kept inside one by [`Bounded`], the scheduler: it
//! searches no further rule once the time is up, applies a rule's matches one e-class at a time
//! and stops at the deadline or the node limit. An iteration of a rule set that grows the graph
//! without bound (associativity and commutativity on a long sum) used to run on for seconds
//! past both.
//!
//! Every iteration after the first searches only the classes near what the one before changed
//! ([`super::frontier`]; [`Search::Everywhere`] searches every class, for the tests that check
//! the two build the same graph).
//!
//! The defaults are sized by the shared corpus: over every export and test-suite module with the
//! default rules, the largest e-graph holds 7,348 nodes (llama_32layer_f32, 5,532 ops) and the
//! longest saturation takes 32 ms. 100,000 nodes and 1 s leave more than ten times that, and
//! keep what follows saturation (kernels and extraction, roughly linear in the nodes: about
//! 0.5 s at 100,000 here) within a second more.

use super::extract::ExtractLimits;
use super::frontier::{self, Frontier};
use super::lang::Node;
use super::meta::{Graph, Meta};
use super::parallel;
use egg::{
    Rewrite, RewriteScheduler, Runner, RunnerLimits, RunnerResult, SearchMatches, StopReason,
};
use std::cell::Cell;
use std::fmt;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Bounds on one function's saturation run, and on its extraction.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limits {
    /// Most e-nodes the graph may hold (default 100,000).
    pub nodes: usize,
    /// Most iterations (default 64).
    pub iterations: usize,
    /// Most wall-clock time of saturation over the whole module, all functions together
    /// (default 1 s).
    pub time: Duration,
    /// Most growth of one iteration, as a factor of the graph's size before it (default 4).
    pub growth: usize,
    /// Bounds on extraction (`extract-steps`, `extract-time`).
    pub extract: ExtractLimits,
    /// Most threads the searches of saturation and of the kernels step use (default: the
    /// machine's cores, at most 4); the result is the same for any number.
    pub threads: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            nodes: 100_000,
            iterations: 64,
            time: Duration::from_secs(1),
            growth: 4,
            extract: ExtractLimits::default(),
            threads: parallel::default_threads(),
        }
    }
}

impl Limits {
    /// Parses `nodes=N,iterations=N,time=SECONDS,growth=N,extract-steps=N,extract-time=SECONDS,
    /// threads=N` (any subset, any order) over the defaults.
    pub fn parse(text: &str) -> Result<Limits, String> {
        let mut l = Limits::default();
        for item in items(text) {
            let item = item?;
            match item.key {
                "nodes" => l.nodes = item.whole()?,
                "iterations" => l.iterations = item.whole()?,
                "growth" => l.growth = item.whole()?.max(1),
                "time" => l.time = item.seconds()?,
                "extract-steps" => l.extract.steps = item.whole()? as u64,
                "extract-time" => l.extract.time = item.seconds()?,
                "threads" => l.threads = item.whole()?.max(1),
                other => {
                    return Err(format!(
                        "unknown limit `{other}` (expected nodes, iterations, time, growth, \
                         extract-steps, extract-time or threads)"
                    ))
                }
            }
        }
        Ok(l)
    }
}

/// One `KEY=VALUE` item of a limits list, read as its key needs.
pub(super) struct Item<'a> {
    pub key: &'a str,
    value: &'a str,
    text: &'a str,
}

impl Item<'_> {
    pub fn whole(&self) -> Result<usize, String> {
        (self.value.parse::<usize>()).map_err(|_| {
            format!(
                "`{}` is not a whole number (in `{}`)",
                self.value, self.text
            )
        })
    }

    pub fn seconds(&self) -> Result<Duration, String> {
        let secs: f64 = (self.value.parse().ok())
            .filter(|s: &f64| s.is_finite() && *s >= 0.0)
            .ok_or_else(|| format!("`{}` is not a number of seconds", self.value))?;
        Ok(Duration::from_secs_f64(secs))
    }
}

/// The items of a comma-separated `KEY=VALUE` list (empty items skipped).
pub(super) fn items(text: &str) -> impl Iterator<Item = Result<Item<'_>, String>> {
    (text.split(',').map(str::trim).filter(|s| !s.is_empty())).map(|text| {
        let (key, value) =
            (text.split_once('=')).ok_or_else(|| format!("`{text}` is not KEY=VALUE"))?;
        Ok(Item { key, value, text })
    })
}

/// Why saturation stopped.
#[derive(Clone, Debug, PartialEq)]
pub enum Stop {
    /// No rule could add anything: every equivalent form the rules know is in the graph.
    Saturated,
    IterationLimit(usize),
    NodeLimit(usize),
    TimeLimit(Duration),
    /// One iteration grew the graph past the growth factor.
    Growth(usize),
}

impl fmt::Display for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stop::Saturated => write!(f, "saturated"),
            Stop::IterationLimit(n) => write!(f, "iteration limit ({n})"),
            Stop::NodeLimit(n) => write!(f, "node limit ({n})"),
            Stop::TimeLimit(t) => write!(f, "time limit ({:.1} s)", t.as_secs_f64()),
            Stop::Growth(n) => write!(f, "growth limit (x{n} in one iteration)"),
        }
    }
}

/// What a run did.
#[derive(Clone, Debug)]
pub struct Saturation {
    pub stop: Stop,
    pub iterations: usize,
    /// Applications per rule name, sorted by name.
    pub applied: Vec<(String, usize)>,
}

/// The hook's stop reasons.
const TIME: &str = "time";
const GROWTH: &str = "growth";

/// Runs `f` with egg's clock replaced by a mock that never advances (see the module doc).
pub fn quiet_clock<T>(f: impl FnOnce() -> T) -> T {
    let (clock, _) = quanta::Clock::mock();
    quanta::with_clock(&clock, f)
}

/// Which classes each iteration searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Search {
    /// After the first iteration, only the classes near a change ([`super::frontier`]).
    SemiNaive,
    /// Every class in every iteration: what the semi-naive search is checked against.
    Everywhere,
}

/// Saturates `g` with `rules` within `limits`; returns the graph and what happened.
pub fn saturate(g: Graph, rules: &[Rewrite<Node, Meta>], limits: &Limits) -> (Graph, Saturation) {
    saturate_searching(g, rules, limits, Search::SemiNaive)
}

/// [`saturate`], each iteration searching as `search` says.
pub fn saturate_searching(
    mut g: Graph,
    rules: &[Rewrite<Node, Meta>],
    limits: &Limits,
    search: Search,
) -> (Graph, Saturation) {
    let growth = limits.growth;
    let mut before = g.total_number_of_nodes();
    let (start, time) = (Instant::now(), limits.time);
    let cut = Rc::new(Cell::new(None));
    let scheduler = Bounded {
        deadline: start.checked_add(time),
        nodes: limits.nodes,
        threads: limits.threads,
        cut: cut.clone(),
    };
    g.analysis.changed = (search == Search::SemiNaive).then(Vec::new);
    let cut_seen = cut.clone();
    let mut runner = Runner::default()
        .with_egraph(g)
        .with_node_limit(limits.nodes)
        .with_iter_limit(limits.iterations)
        .with_time_limit(Duration::MAX)
        .with_scheduler(scheduler)
        .with_hook(move |r| {
            if start.elapsed() > time {
                return Err(TIME.to_string());
            }
            let now = r.egraph.total_number_of_nodes();
            if now > before.max(1).saturating_mul(growth) {
                return Err(GROWTH.to_string());
            }
            before = now;
            let searched = !r.iterations.is_empty() && cut_seen.get().is_none();
            r.egraph.analysis.frontier = next_frontier(&mut r.egraph, searched);
            Ok(())
        })
        .run(rules);
    runner.egraph.analysis.changed = None;
    runner.egraph.analysis.frontier = Frontier::everything();
    let sat = Saturation {
        stop: stop(&runner, cut.get(), limits),
        iterations: runner.iterations.len(),
        applied: applied(&runner),
    };
    (runner.egraph, sat)
}

/// Why a run stopped: egg's reason, or the cut [`Bounded`] made where egg saw saturation.
fn stop(runner: &Runner<Node, Meta>, cut: Option<Cut>, limits: &Limits) -> Stop {
    match runner.stop_reason.clone() {
        Some(StopReason::Saturated) | None => match cut {
            Some(Cut::Time) => Stop::TimeLimit(limits.time),
            Some(Cut::Nodes) => Stop::NodeLimit(runner.egraph.total_number_of_nodes()),
            None => Stop::Saturated,
        },
        Some(StopReason::IterationLimit(n)) => Stop::IterationLimit(n),
        Some(StopReason::NodeLimit(n)) => Stop::NodeLimit(n),
        Some(StopReason::TimeLimit(_)) => Stop::TimeLimit(limits.time),
        Some(StopReason::Other(why)) if why == TIME => Stop::TimeLimit(limits.time),
        Some(StopReason::Other(_)) => Stop::Growth(limits.growth),
    }
}

/// Applications per rule name over every iteration, sorted by name.
fn applied(runner: &Runner<Node, Meta>) -> Vec<(String, usize)> {
    let mut applied: std::collections::BTreeMap<String, usize> = Default::default();
    for it in &runner.iterations {
        for (name, n) in &it.applied {
            *applied.entry(name.to_string()).or_default() += n;
        }
    }
    applied.into_iter().collect()
}

/// The classes an iteration searches: those near the changes egg reported since the previous
/// iteration, when the run records changes and a previous iteration searched and applied in
/// full (`searched`); else every class.
fn next_frontier(g: &mut Graph, searched: bool) -> Frontier {
    match g.analysis.changed.as_mut().map(std::mem::take) {
        Some(changed) if searched => Frontier::around(g, &changed, frontier::DEPTH),
        _ => Frontier::everything(),
    }
}

/// Why [`Bounded`] cut an iteration short.
#[derive(Clone, Copy, Debug)]
enum Cut {
    Time,
    Nodes,
}

/// Graphs smaller than this many nodes are searched on one thread: on synthesized Llamas of 32,
/// 64 and 128 layers (7,500, 13,500 and 27,000 nodes) two threads saturated 14% and 4% slower
/// and 9% faster than one.
const SERIAL_SEARCH_BELOW: usize = 20_000;

/// egg's simple scheduler (every rule every iteration, none banned) that keeps the time and node
/// limits inside an iteration, and records in `cut` when it left matches unapplied, so that an
/// iteration it cut is not taken for saturation.
struct Bounded {
    /// `None` when the time limit is too far off to represent.
    deadline: Option<Instant>,
    nodes: usize,
    /// How many threads search the rules ([`parallel::map`]).
    threads: usize,
    cut: Rc<Cell<Option<Cut>>>,
}

impl Bounded {
    /// Whether the deadline or the node limit has been reached (recording which).
    fn over(&self, g: &Graph) -> bool {
        let late = self.deadline.is_some_and(|d| Instant::now() >= d);
        if late {
            self.cut.set(Some(Cut::Time));
        } else if g.total_size() >= self.nodes {
            self.cut.set(Some(Cut::Nodes));
        }
        late || g.total_size() >= self.nodes
    }
}

impl RewriteScheduler<Node, Meta> for Bounded {
    /// Searches every rule, on [`Bounded::threads`] threads (no search changes the graph); a
    /// rule whose turn comes after the deadline is not searched.
    fn search_rewrites<'a>(
        &mut self,
        _iteration: usize,
        g: &Graph,
        rewrites: &[&'a Rewrite<Node, Meta>],
        _limits: &RunnerLimits,
    ) -> RunnerResult<Vec<Vec<SearchMatches<'a, Node>>>> {
        if self.over(g) {
            return Ok(rewrites.iter().map(|_| Vec::new()).collect());
        }
        // A match adds at least one node when it changes anything: no more are needed than
        // the room left.
        let room = self.nodes - g.total_size();
        let deadline = self.deadline;
        let late = AtomicBool::new(false);
        let threads = parallel::threads_for(self.threads, g.total_size(), SERIAL_SEARCH_BELOW);
        let found = parallel::map(threads, rewrites, |rewrite| {
            if deadline.is_some_and(|d| Instant::now() >= d) {
                late.store(true, Ordering::Relaxed);
                return Vec::new();
            }
            rewrite.search_with_limit(g, room)
        });
        if found
            .iter()
            .any(|f| f.iter().map(|m| m.substs.len()).sum::<usize>() >= room)
        {
            self.cut.set(Some(Cut::Nodes));
        }
        if late.into_inner() {
            self.cut.set(Some(Cut::Time));
        }
        Ok(found)
    }

    fn apply_rewrite(
        &mut self,
        _iteration: usize,
        g: &mut Graph,
        rewrite: &Rewrite<Node, Meta>,
        matches: Vec<SearchMatches<Node>>,
    ) -> usize {
        let mut applied = 0;
        for one in matches.chunks(1) {
            if self.over(g) {
                break;
            }
            applied += rewrite.apply(g, one).len();
        }
        applied
    }
}
