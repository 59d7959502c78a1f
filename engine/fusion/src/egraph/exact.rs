//! Exact extraction for small e-graphs, to measure how far the fast extractor
//! ([`super::extract`]) is from optimal: a depth-first branch and bound ([`branch`]) over the
//! same objective (the DAG cost: every chosen class paid once, the sum of the chosen nodes' own
//! costs) under the same constraint (the chosen nodes form no cycle).
//!
//! A search state is a partial program: the classes chosen so far, and the pending classes
//! that the roots or a chosen node read and that are not chosen yet. The search branches on one
//! pending class at a time, the one with the fewest candidates (so forced classes cost no
//! branching), trying its nodes in the fast extractor's order. A node that would close a cycle
//! through the chosen nodes is skipped: pending classes read nothing yet, so a cycle can only
//! run through chosen ones. The bound is the cost so far plus the least own cost of every class
//! that some pending class requires ([`Problem::required`]) and that is not chosen, each once.
//! The incumbent starts as the fast extractor's program, so the result is never worse than it.
//! States whose futures are the same are expanded once (see [`branch`]).
//!
//! The search is bounded by [`ExactLimits`] and says why it stopped; only [`ExactStop::Proved`]
//! means the program is optimal. Under a step limit the result is deterministic; a time limit
//! depends on the machine. Its preparation (the costs, the required classes) takes its steps
//! from the function's extraction [`Budget`] (`--limits extract-steps=N,extract-time=S`), what
//! the fast extractor left of it.

mod branch;

use super::extract::{Budget, Choice, CostModel, Costs, ExtractStop};
use super::meta::Graph;
use super::program::Program;
use branch::Search;
use egg::Id;
use rustc_hash::FxHashMap;
use std::fmt;
use std::time::Duration;

/// Which extractor egraph mode runs.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum Extractor {
    /// Amortized costs and a cheapest-first top-down choice (the default).
    #[default]
    Fast,
    /// The fast choice, then a branch and bound warm-started from it.
    Exact(ExactLimits),
}

/// Bounds on one function's exact search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ExactLimits {
    /// Most search states visited (default 1,000,000).
    pub steps: u64,
    /// Most wall-clock time (default 10 s).
    pub time: Duration,
    /// Most e-classes a graph may have to be searched at all (default 2,000); a larger one
    /// keeps the fast program.
    pub classes: usize,
}

impl Default for ExactLimits {
    fn default() -> ExactLimits {
        ExactLimits {
            steps: 1_000_000,
            time: Duration::from_secs(10),
            classes: 2_000,
        }
    }
}

impl ExactLimits {
    /// Parses `steps=N,time=SECONDS,classes=N` (any subset, any order) over the defaults.
    pub fn parse(text: &str) -> Result<ExactLimits, String> {
        let mut l = ExactLimits::default();
        for item in super::saturate::items(text) {
            let item = item?;
            match item.key {
                "steps" => l.steps = item.whole()? as u64,
                "time" => l.time = item.seconds()?,
                "classes" => l.classes = item.whole()?,
                other => {
                    return Err(format!(
                        "unknown limit `{other}` (expected steps, time or classes)"
                    ))
                }
            }
        }
        Ok(l)
    }
}

/// Why the exact search stopped.
#[derive(Clone, Debug, PartialEq)]
pub enum ExactStop {
    /// Every program was searched or bounded away: the result is optimal.
    Proved,
    StepLimit(u64),
    TimeLimit(Duration),
    /// The graph has more classes than the limit and was not searched.
    TooLarge {
        classes: usize,
        limit: usize,
    },
    /// The extraction budget ran out while the search was being prepared: not searched.
    Unprepared(ExtractStop),
}

impl fmt::Display for ExactStop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExactStop::Proved => write!(f, "proved optimal"),
            ExactStop::StepLimit(n) => write!(f, "step limit ({n})"),
            ExactStop::TimeLimit(t) => write!(f, "time limit ({:.1} s)", t.as_secs_f64()),
            ExactStop::TooLarge { classes, limit } => {
                write!(f, "not searched ({classes} classes, limit {limit})")
            }
            ExactStop::Unprepared(stop) => write!(f, "not searched (extraction {stop})"),
        }
    }
}

/// What the exact search returns.
#[derive(Debug)]
pub struct Exact {
    /// The best acyclic program found: the warm start unless a cheaper one was found.
    pub choice: Choice,
    pub stop: ExactStop,
    /// Search states visited.
    pub steps: u64,
}

/// The cheapest acyclic program for `roots` within `limits`, starting from `warm` (the fast
/// extractor's choice over the same graph and model), prepared within `budget`.
pub fn extract(
    g: &Graph,
    roots: &[Id],
    model: &dyn CostModel,
    warm: Choice,
    limits: &ExactLimits,
    budget: &mut Budget,
) -> Exact {
    let classes = g.number_of_classes();
    if classes > limits.classes {
        let stop = ExactStop::TooLarge {
            classes,
            limit: limits.classes,
        };
        return Exact {
            choice: warm,
            stop,
            steps: 0,
        };
    }
    let prepared = Costs::new(g, model, budget)
        .and_then(|costs| Ok((Problem::new(&costs, roots, budget)?, costs)));
    let (problem, costs) = match prepared {
        Ok(both) => both,
        Err(stop) => {
            let stop = ExactStop::Unprepared(stop);
            return Exact {
                choice: warm,
                stop,
                steps: 0,
            };
        }
    };
    let mut search = Search::new(&problem, u128::from(warm.cost.ps()), limits);
    let stop = search.run();
    let choice = match &search.found {
        Some(chosen) => {
            let program = problem.program(g, chosen);
            Choice {
                cost: costs.own.program(&program),
                input_cost: warm.input_cost,
                program,
                stop: warm.stop,
                steps: warm.steps,
            }
        }
        None => warm,
    };
    Exact {
        choice,
        stop,
        steps: search.steps,
    }
}

/// A node a class may be computed by: its index among the class's nodes, its own cost, and its
/// operand classes (problem indices, each once).
struct Candidate {
    node: usize,
    own: u64,
    operands: Vec<u32>,
}

/// The classes the roots can reach, numbered in the order they are reached, with their
/// candidates in the fast extractor's order (nodes that read their own class left out).
struct Problem {
    ids: Vec<Id>,
    candidates: Vec<Vec<Candidate>>,
    /// The least own cost of each class's candidates (`u64::MAX` for none).
    min_own: Vec<u64>,
    /// For each class, the classes every program computing it computes too (itself included).
    required: Vec<Vec<u32>>,
    /// For each class, the classes its candidates read, each once.
    reads: Vec<Vec<u32>>,
    roots: Vec<u32>,
}

/// Problem numbers for e-classes, given in the order classes are first met.
#[derive(Default)]
struct Numbering {
    index: FxHashMap<Id, u32>,
    ids: Vec<Id>,
}

impl Numbering {
    fn number(&mut self, class: Id) -> u32 {
        let ids = &mut self.ids;
        *self.index.entry(class).or_insert_with(|| {
            ids.push(class);
            ids.len() as u32 - 1
        })
    }
}

impl Problem {
    fn new(costs: &Costs, roots: &[Id], budget: &mut Budget) -> Result<Problem, ExtractStop> {
        let g = costs.dense().g;
        let mut numbering = Numbering::default();
        let mut root_list: Vec<u32> = (roots.iter())
            .map(|&r| numbering.number(g.find(r)))
            .collect();
        root_list.sort_unstable();
        root_list.dedup();
        let mut candidates: Vec<Vec<Candidate>> = Vec::new();
        while candidates.len() < numbering.ids.len() {
            let class = numbering.ids[candidates.len()];
            let mut list = Vec::new();
            let k = costs.dense().no(class);
            for i in costs.candidates(k) {
                let reads: Vec<Id> = (g[class].nodes[i].operands().iter())
                    .map(|&c| g.find(c))
                    .collect();
                if reads.contains(&class) {
                    continue;
                }
                let mut operands: Vec<u32> =
                    (reads.into_iter()).map(|c| numbering.number(c)).collect();
                operands.sort_unstable();
                operands.dedup();
                let own = costs.own.own(k, i).ps();
                list.push(Candidate {
                    node: i,
                    own,
                    operands,
                });
            }
            candidates.push(list);
        }
        let mut p = Problem {
            ids: numbering.ids,
            min_own: (candidates.iter())
                .map(|list| list.iter().map(|c| c.own).min().unwrap_or(u64::MAX))
                .collect(),
            reads: candidates.iter().map(|list| union(list)).collect(),
            candidates,
            required: Vec::new(),
            roots: root_list,
        };
        p.required = p.required(budget)?;
        Ok(p)
    }

    /// The least fixed point of `required(c) = {c} ∪ ⋂ over c's candidates of ⋃ over their
    /// operands d of required(d)`, as bit sets while it grows. Each step keeps it sound: a
    /// program computing `c` computes the operands of the node it chose, and by induction what
    /// those require.
    fn required(&self, budget: &mut Budget) -> Result<Vec<Vec<u32>>, ExtractStop> {
        let n = self.ids.len();
        let words = n.div_ceil(64);
        let mut sets: Vec<Vec<u64>> = (0..n)
            .map(|c| {
                let mut set = vec![0; words];
                set[c / 64] |= 1 << (c % 64);
                set
            })
            .collect();
        let mut changed = true;
        while changed {
            changed = false;
            for c in (0..n).rev().filter(|&c| !self.candidates[c].is_empty()) {
                budget.step()?;
                let mut all = vec![u64::MAX; words];
                for cand in &self.candidates[c] {
                    let mut any = vec![0; words];
                    for &d in &cand.operands {
                        any.iter_mut()
                            .zip(&sets[d as usize])
                            .for_each(|(a, b)| *a |= b);
                    }
                    all.iter_mut().zip(&any).for_each(|(a, b)| *a &= b);
                }
                all.iter_mut().zip(&sets[c]).for_each(|(a, b)| *a |= b);
                if all != sets[c] {
                    sets[c] = all;
                    changed = true;
                }
            }
        }
        let members = |set: &Vec<u64>| {
            (0..n as u32)
                .filter(|&d| set[d as usize / 64] >> (d % 64) & 1 == 1)
                .collect()
        };
        Ok(sets.iter().map(members).collect())
    }

    /// The order pending classes are branched on: forced ones first, then by number (roots
    /// first, then the order they were met).
    fn rank(&self, class: u32) -> (usize, u32) {
        (self.candidates[class as usize].len(), class)
    }

    /// The program a search chose: each chosen class's node.
    fn program(&self, g: &Graph, chosen: &[Option<usize>]) -> Program {
        let mut program = Program::with_ids(g.nodes().len());
        for (i, k) in chosen.iter().enumerate() {
            if let Some(k) = *k {
                program.choose(g.find(self.ids[i]), self.candidates[i][k].node);
            }
        }
        program
    }
}

/// The classes some candidate in `list` reads, each once.
fn union(list: &[Candidate]) -> Vec<u32> {
    let mut all: Vec<u32> = list.iter().flat_map(|c| c.operands.clone()).collect();
    all.sort_unstable();
    all.dedup();
    all
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::egraph::extract::{self, ExtractLimits};
    use crate::egraph::lang::{Build, Node};
    use crate::egraph::meta::{add_original, Meta};
    use egfuse_cost::Cost;
    use egfuse_ir::{ElemType, FloatKind, OpId, Type, ValueId};

    /// A tiny e-graph of `f32` values whose op nodes cost what they were built with.
    struct Tiny {
        g: Graph,
        costs: Vec<u64>,
    }

    impl CostModel for Tiny {
        fn cost(&self, _: &Graph, _: Id, node: &Node) -> Cost {
            match node {
                Node::Op {
                    build: Build::Original(op),
                    ..
                } => Cost::from_ps(self.costs[op.index()]),
                _ => Cost::ZERO,
            }
        }
    }

    fn f32() -> Type {
        Type::Scalar(ElemType::Float(FloatKind::F32))
    }

    impl Tiny {
        fn new() -> Tiny {
            Tiny {
                g: Graph::new(Meta::default()),
                costs: Vec::new(),
            }
        }

        fn input(&mut self) -> Id {
            let k = self.g.analysis.inputs.len() as u32;
            let ty = self.g.analysis.ty(&f32());
            self.g.analysis.inputs.push((ValueId(k), ty, 1));
            self.g.add(Node::Input(k))
        }

        /// An op of own cost `cost` whose value the input program read `uses` times.
        fn op(&mut self, cost: u64, uses: u32, operands: &[Id]) -> Id {
            let op = OpId(self.costs.len() as u32);
            self.costs.push(cost);
            add_original(&mut self.g, "t.op", op, (f32(), uses), operands)
        }

        fn same(&mut self, a: Id, b: Id) {
            self.g.union(a, b);
            self.g.rebuild();
        }

        /// The fast choice and the exact one from it.
        fn both(&self, roots: &[Id], limits: &ExactLimits) -> (Cost, Exact) {
            let fast = extract::extract(&self.g, roots, self, &ExtractLimits::default());
            let cost = fast.cost;
            let mut budget = Budget::new(&ExtractLimits::default());
            let exact = extract(&self.g, roots, self, fast, limits, &mut budget);
            let program = program_cost(self, roots, |c| {
                exact.choice.node(&self.g, c).expect("a chosen node")
            });
            assert_eq!(
                program,
                Some(exact.choice.cost),
                "an acyclic program at its cost"
            );
            (cost, exact)
        }
    }

    /// The cost of the program that `node_of` picks for `roots` (every class reached paid
    /// once), or `None` when the picked nodes form a cycle.
    fn program_cost<'g>(
        t: &'g Tiny,
        roots: &[Id],
        node_of: impl Fn(Id) -> &'g Node,
    ) -> Option<Cost> {
        // false: on the current path; true: finished.
        let mut state: FxHashMap<Id, bool> = FxHashMap::default();
        let mut cost = Cost::ZERO;
        let mut stack: Vec<(Id, bool)> = roots.iter().map(|&r| (t.g.find(r), false)).collect();
        while let Some((c, leaving)) = stack.pop() {
            if leaving {
                state.insert(c, true);
                continue;
            }
            match state.get(&c) {
                Some(true) => continue,
                Some(false) => return None,
                None => {}
            }
            state.insert(c, false);
            stack.push((c, true));
            let node = node_of(c);
            cost += t.cost(&t.g, c, node);
            stack.extend(node.operands().iter().map(|&o| (t.g.find(o), false)));
        }
        Some(cost)
    }

    /// The cheapest acyclic program by trying every node of every class.
    fn brute_force(t: &Tiny, roots: &[Id]) -> Cost {
        let classes: Vec<Id> = t.g.classes().map(|c| c.id).collect();
        let radix: Vec<usize> = classes.iter().map(|&c| t.g[c].nodes.len()).collect();
        let mut digits = vec![0; classes.len()];
        let mut best = Cost::INFINITY;
        loop {
            let pick: FxHashMap<Id, usize> = classes.iter().copied().zip(digits.clone()).collect();
            let cost = program_cost(t, roots, |c| &t.g[c].nodes[pick[&c]]);
            best = best.min(cost.unwrap_or(Cost::INFINITY));
            let Some(i) = (0..digits.len()).find(|&i| digits[i] + 1 < radix[i]) else {
                return best;
            };
            digits[i] += 1;
            digits[..i].iter_mut().for_each(|d| *d = 0);
        }
    }

    /// A root computed from a value the input program read four times (10 + 100) or directly
    /// (50): amortized over four uses the shared value looks cheap (10 + 25).
    fn misleading() -> (Tiny, Id) {
        let mut t = Tiny::new();
        let x = t.input();
        let shared = t.op(100, 4, &[x]);
        let via_shared = t.op(10, 1, &[shared]);
        let direct = t.op(50, 1, &[x]);
        t.same(via_shared, direct);
        (t, direct)
    }

    /// The fast extractor's first choice trusts the amortized cost and pays all of the
    /// shared value (110); priced again by the uses it chose (one), the shared value costs
    /// what it is, and the fast extractor computes the root directly, as the exact one does.
    #[test]
    fn a_shared_operand_misleads_the_first_choice_and_neither_extractor_keeps_it() {
        let (t, root) = misleading();
        let (fast, exact) = t.both(&[root], &ExactLimits::default());
        assert_eq!(fast, Cost::from_ps(50));
        assert_eq!(exact.choice.cost, Cost::from_ps(50));
        assert_eq!(exact.stop, ExactStop::Proved);
    }

    /// Two classes that each hold a cheap node reading the other: taking both cheap nodes
    /// would be a cycle, so one of them is computed the expensive way; a node reading its own
    /// class is never taken.
    #[test]
    fn cycles_are_never_chosen() {
        let mut t = Tiny::new();
        let x = t.input();
        let b_direct = t.op(10, 1, &[x]);
        let a_via_b = t.op(1, 1, &[b_direct]);
        let a_direct = t.op(10, 1, &[x]);
        t.same(a_via_b, a_direct);
        let b_via_a = t.op(1, 1, &[a_via_b]);
        t.same(b_via_a, b_direct);
        let c_direct = t.op(7, 1, &[x]);
        let c_self = t.op(1, 1, &[c_direct]);
        t.same(c_self, c_direct);
        let (_, exact) = t.both(&[a_via_b, b_via_a, c_self], &ExactLimits::default());
        assert_eq!(exact.choice.cost, Cost::from_ps(11 + 7));
        assert_eq!(exact.stop, ExactStop::Proved);
    }

    /// Random small e-graphs (shared values, merged classes, cycles): the exact extractor
    /// finds what trying every program finds, and never more than the fast one.
    #[test]
    fn exact_matches_brute_force_on_random_graphs() {
        let mut seed: u64 = 7;
        let mut next = |n: u64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % n
        };
        let mut beaten = 0;
        for _ in 0..2000 {
            let mut t = Tiny::new();
            let mut values = vec![t.input(), t.input()];
            for _ in 0..11 {
                let a = values[next(values.len() as u64) as usize];
                let b = values[next(values.len() as u64) as usize];
                let operands = if next(2) == 0 { vec![a] } else { vec![a, b] };
                let v = t.op(1 + next(100), 1 + next(4) as u32, &operands);
                values.push(v);
            }
            for _ in 0..5 {
                let a = values[2 + next(11) as usize];
                let b = values[2 + next(11) as usize];
                t.same(a, b);
            }
            let roots = [
                values[12],
                values[2 + next(11) as usize],
                values[2 + next(11) as usize],
            ];
            let (fast, exact) = t.both(&roots, &ExactLimits::default());
            assert_eq!(exact.stop, ExactStop::Proved);
            assert_eq!(exact.choice.cost, brute_force(&t, &roots));
            assert!(exact.choice.cost <= fast);
            beaten += usize::from(exact.choice.cost < fast);
        }
        assert!(beaten > 0, "some random graph mislead the fast extractor");
    }

    /// A search out of steps keeps the warm start; a graph over the class limit is not
    /// searched; a search with no roots has nothing to choose.
    #[test]
    fn limits_stop_the_search_and_keep_the_warm_start() {
        let (t, direct) = misleading();
        let steps = ExactLimits {
            steps: 1,
            ..ExactLimits::default()
        };
        let (fast, exact) = t.both(&[direct], &steps);
        assert_eq!(
            (exact.stop, exact.choice.cost),
            (ExactStop::StepLimit(1), fast)
        );
        let classes = ExactLimits::parse("classes=2").unwrap();
        let (_, exact) = t.both(&[direct], &classes);
        let stop = ExactStop::TooLarge {
            classes: 3,
            limit: 2,
        };
        assert_eq!((exact.stop, exact.choice.cost), (stop, fast));
        let (fast, exact) = t.both(&[], &ExactLimits::default());
        assert_eq!(
            (exact.stop, exact.choice.cost, fast),
            (ExactStop::Proved, Cost::ZERO, Cost::ZERO)
        );
        assert!(ExactLimits::parse("steps=x").is_err());
        assert!(ExactLimits::parse("depth=3").is_err());
    }
}
