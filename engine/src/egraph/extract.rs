//! Extraction: one e-node per needed class, chosen by cost, never forming a cycle.
//!
//! Costs are bottom-up: a node costs its own cost plus, for every operand class, that class's
//! cost divided by its use count, so a value shared by `n` consumers is paid about once (egg's
//! tree-cost extractor pays it `n` times, which overflows on deep graphs and makes fused and
//! unfused tie). Classes are evaluated one strongly connected component at a time, every
//! component after the ones it reads ([`Dense::components`]), so a class outside a cycle is
//! evaluated once; within a component a worklist runs to the fixed point. The choice is then
//! made top-down from the roots (the operands of ops that stay in place and of the
//! terminator), cheapest candidate first, skipping any candidate that would close a cycle.
//!
//! Both passes are bounded by [`ExtractLimits`]; when a limit stops them the function keeps
//! its original program, which is always acyclic: every class holds the op that first computed
//! it, whose operands were computed before it. The program's true cost, each chosen class paid
//! once, is reported next to the input's.

use super::dense::{ClassNo, Dense};
use super::lang::{Build, Node};
use super::meta::Graph;
use crate::cost::Cost;
use egg::Id;
use rustc_hash::FxHashMap;
use std::collections::VecDeque;
use std::fmt;
use std::time::{Duration, Instant};

/// What a node costs by itself (operands excluded).
pub trait CostModel {
    fn cost(&self, g: &Graph, class: Id, node: &Node) -> Cost;
}

/// Bounds on one function's extraction (`--limits extract-steps=N,extract-time=SECONDS`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ExtractLimits {
    /// Most steps: evaluations of a class's cost plus moves of the top-down choice (default
    /// 100,000,000, about a second on a fast core).
    pub steps: u64,
    /// Most wall-clock time (default 10 s).
    pub time: Duration,
}

impl Default for ExtractLimits {
    fn default() -> ExtractLimits {
        ExtractLimits {
            steps: 100_000_000,
            time: Duration::from_secs(10),
        }
    }
}

/// Why extraction stopped.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum ExtractStop {
    /// Every needed class has a node.
    #[default]
    Chosen,
    /// The step limit was reached: the input program is kept.
    StepLimit(u64),
    /// The time limit was reached: the input program is kept.
    TimeLimit(Duration),
    /// A root has no acyclic choice under the costs: the input program is kept.
    Stuck,
}

impl fmt::Display for ExtractStop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExtractStop::Chosen => write!(f, "chosen"),
            ExtractStop::StepLimit(n) => write!(f, "step limit ({n})"),
            ExtractStop::TimeLimit(t) => write!(f, "time limit ({:.1} s)", t.as_secs_f64()),
            ExtractStop::Stuck => write!(f, "no acyclic choice for a root"),
        }
    }
}

/// What is left of one extraction's [`ExtractLimits`]: steps are counted, and the clock is
/// read on the first step and every 1,024th.
pub struct Budget {
    limits: ExtractLimits,
    start: Instant,
    pub used: u64,
}

impl Budget {
    pub fn new(limits: &ExtractLimits) -> Budget {
        Budget {
            limits: *limits,
            start: Instant::now(),
            used: 0,
        }
    }

    /// Takes one step, or says which limit forbids it.
    pub fn step(&mut self) -> Result<(), ExtractStop> {
        if self.used >= self.limits.steps {
            return Err(ExtractStop::StepLimit(self.limits.steps));
        }
        self.used += 1;
        if self.used & 1023 == 1 && self.start.elapsed() > self.limits.time {
            return Err(ExtractStop::TimeLimit(self.limits.time));
        }
        Ok(())
    }
}

/// The chosen node of every class the roots need.
#[derive(Debug, Default)]
pub struct Choice {
    pub node: FxHashMap<Id, Node>,
    /// The sum of the chosen nodes' own costs, each class once.
    pub cost: Cost,
    /// The same sum for the input program (each class by its original op).
    pub input_cost: Cost,
    /// Why extraction stopped: anything but [`ExtractStop::Chosen`] means the input program
    /// was kept.
    pub stop: ExtractStop,
    /// The steps taken.
    pub steps: u64,
}

/// Chooses a node for every class reachable from `roots` within `limits`.
pub fn extract(g: &Graph, roots: &[Id], model: &dyn CostModel, limits: &ExtractLimits) -> Choice {
    extract_within(g, roots, model, &mut Budget::new(limits))
}

/// [`extract`] taking its steps from `budget`.
pub fn extract_within(
    g: &Graph,
    roots: &[Id],
    model: &dyn CostModel,
    budget: &mut Budget,
) -> Choice {
    let start = budget.used;
    let own = Own::new(g, model);
    let input = original(g, roots);
    let input_cost = own.program(&input);
    let chosen = Costs::from_own(own, budget).and_then(|costs| {
        let node = select(&costs, roots, budget)?;
        Ok((costs.own.program(&node), node))
    });
    let (cost, node, stop) = match chosen {
        Ok((cost, node)) => (cost, node, ExtractStop::Chosen),
        Err(stop) => (input_cost, input, stop),
    };
    Choice {
        node,
        cost,
        input_cost,
        stop,
        steps: budget.used - start,
    }
}

/// Every node's own cost, by class number.
pub(super) struct Own<'g> {
    pub dense: Dense<'g>,
    /// By class: where its nodes' own costs start in `own`.
    first: Vec<u32>,
    own: Vec<Cost>,
}

impl<'g> Own<'g> {
    pub fn new(g: &'g Graph, model: &dyn CostModel) -> Own<'g> {
        let dense = Dense::new(g);
        let mut first = Vec::with_capacity(dense.len() + 1);
        let mut own = Vec::new();
        for k in 0..dense.len() {
            let class = dense.class(ClassNo(k as u32));
            first.push(own.len() as u32);
            own.extend(class.nodes.iter().map(|n| model.cost(g, class.id, n)));
        }
        first.push(own.len() as u32);
        Own { dense, first, own }
    }

    /// The own cost of node `i` of class `k`.
    pub fn own(&self, k: ClassNo, i: usize) -> Cost {
        self.own[self.first[k.index()] as usize + i]
    }

    /// The own costs of a program's nodes, each class once.
    pub fn program(&self, program: &FxHashMap<Id, Node>) -> Cost {
        program
            .iter()
            .map(|(&c, n)| {
                let k = self.dense.no(c);
                let i = (self.dense.class(k).nodes.iter())
                    .position(|x| x == n)
                    .expect("a node of its class");
                self.own(k, i)
            })
            .sum()
    }
}

/// Every node's own cost and every class's amortized cost, by class number.
pub(super) struct Costs<'g> {
    pub own: Own<'g>,
    /// By class: the amortized cost ([`Costs::node_cost`] of its cheapest node), infinite when
    /// no node's operands are known.
    best: Vec<Cost>,
}

impl<'g> Costs<'g> {
    /// The amortized costs over `g`, or why `budget` stopped them.
    pub fn new(
        g: &'g Graph,
        model: &dyn CostModel,
        budget: &mut Budget,
    ) -> Result<Costs<'g>, ExtractStop> {
        Costs::from_own(Own::new(g, model), budget)
    }

    /// The amortized costs from the own costs, or why `budget` stopped them.
    pub fn from_own(own: Own<'g>, budget: &mut Budget) -> Result<Costs<'g>, ExtractStop> {
        let best = vec![Cost::INFINITY; own.dense.len()];
        let mut costs = Costs { own, best };
        costs.best_costs(budget)?;
        Ok(costs)
    }

    pub fn dense(&self) -> &Dense<'g> {
        &self.own.dense
    }

    /// Node `i` of class `k` with its operands amortized over their uses; infinite until they
    /// are known.
    fn node_cost(&self, k: ClassNo, i: usize) -> Cost {
        let dense = self.dense();
        let n = &dense.class(k).nodes[i];
        let mut total = self.own.own(k, i);
        for &c in n.operands() {
            let operand = dense.no(c);
            let b = self.best[operand.index()];
            if b.is_infinite() {
                return Cost::INFINITY;
            }
            let uses = u64::from(dense.class(operand).data.uses.max(1));
            total += Cost::from_ps(b.ps() / uses);
        }
        total
    }

    /// The amortized cost of every class: the greatest fixed point of `best(k) = min over k's
    /// nodes of node_cost`, reached from infinity. The equations are monotone, so any order of
    /// evaluation that ends at a fixed point ends at this one; evaluating each component after
    /// the ones it reads settles a class outside a cycle in one evaluation. Inside a component,
    /// a class that improves queues its parents there that are not already waiting (it is
    /// evaluated again after the last change below it).
    fn best_costs(&mut self, budget: &mut Budget) -> Result<(), ExtractStop> {
        let components = self.dense().components();
        let mut component = vec![0u32; self.dense().len()];
        for (c, members) in components.iter().enumerate() {
            members.iter().for_each(|k| component[k.index()] = c as u32);
        }
        let mut waiting = vec![false; self.dense().len()];
        let mut work = VecDeque::new();
        for (c, members) in components.iter().enumerate() {
            work.extend(members.iter().copied());
            members.iter().for_each(|k| waiting[k.index()] = true);
            while let Some(k) = work.pop_front() {
                budget.step()?;
                waiting[k.index()] = false;
                if !self.improve(k) {
                    continue;
                }
                for p in self.own.dense.class(k).parents() {
                    let p = self.own.dense.no(p);
                    let here = component[p.index()] == c as u32;
                    if here && !std::mem::replace(&mut waiting[p.index()], true) {
                        work.push_back(p);
                    }
                }
            }
        }
        Ok(())
    }

    /// Evaluates class `k` again; whether its cost went down.
    fn improve(&mut self, k: ClassNo) -> bool {
        let cheapest = (0..self.dense().class(k).nodes.len())
            .map(|i| self.node_cost(k, i))
            .min()
            .unwrap_or(Cost::INFINITY);
        if cheapest.is_infinite() || self.best[k.index()] <= cheapest {
            return false;
        }
        self.best[k.index()] = cheapest;
        true
    }

    /// The nodes of class `k` whose amortized cost is finite, as indices into its nodes,
    /// cheapest first, a fused kernel first among equals (it names the idiom for the backend).
    pub fn candidates(&self, k: ClassNo) -> Vec<usize> {
        let mut candidates: Vec<(Cost, bool, usize)> = (self.dense().class(k).nodes.iter())
            .enumerate()
            .map(|(i, n)| {
                let fused = matches!(n, Node::Fused { .. });
                (self.node_cost(k, i), !fused, i)
            })
            .filter(|(c, _, _)| !c.is_infinite())
            .collect();
        candidates.sort();
        candidates.into_iter().map(|(_, _, i)| i).collect()
    }
}

#[derive(Clone, Copy, PartialEq)]
enum State {
    Unseen,
    Active,
    Done,
}

/// One class being chosen: its candidates cheapest first, the one being tried, and how many
/// of its operands are done.
struct Frame {
    class: ClassNo,
    /// Indices into the class's nodes.
    candidates: Vec<usize>,
    at: usize,
    operand: usize,
}

impl Frame {
    /// The frame of class `k`, its [`Costs::candidates`] in order.
    fn new(costs: &Costs, k: ClassNo) -> Frame {
        Frame {
            class: k,
            candidates: costs.candidates(k),
            at: 0,
            operand: 0,
        }
    }
}

/// The top-down choice, or why `budget` stopped it.
fn select(
    costs: &Costs,
    roots: &[Id],
    budget: &mut Budget,
) -> Result<FxHashMap<Id, Node>, ExtractStop> {
    let dense = costs.dense();
    let mut state = vec![State::Unseen; dense.len()];
    let mut chosen: Vec<Option<usize>> = vec![None; dense.len()];
    for &root in roots {
        let root = dense.no(root);
        if state[root.index()] != State::Unseen {
            continue;
        }
        state[root.index()] = State::Active;
        let mut stack = vec![Frame::new(costs, root)];
        while let Some(top) = stack.last_mut() {
            budget.step()?;
            let nodes = &dense.class(top.class).nodes;
            let Some(i) = top.candidates.get(top.at).copied() else {
                // No candidate works under the current path: give the class up for now and
                // make the parent try its next candidate.
                state[top.class.index()] = State::Unseen;
                stack.pop();
                let parent = stack.last_mut().ok_or(ExtractStop::Stuck)?;
                parent.at += 1;
                parent.operand = 0;
                continue;
            };
            let Some(&child) = nodes[i].operands().get(top.operand) else {
                state[top.class.index()] = State::Done;
                chosen[top.class.index()] = Some(i);
                stack.pop();
                if let Some(parent) = stack.last_mut() {
                    parent.operand += 1;
                }
                continue;
            };
            let child = dense.no(child);
            match state[child.index()] {
                State::Done => top.operand += 1,
                State::Active => {
                    top.at += 1;
                    top.operand = 0;
                }
                State::Unseen => {
                    state[child.index()] = State::Active;
                    stack.push(Frame::new(costs, child));
                }
            }
        }
    }
    // A class is chosen exactly when it is done: a done class never goes back on the stack.
    let program = (0..dense.len() as u32).map(ClassNo).filter_map(|k| {
        let i = chosen[k.index()]?;
        Some((dense.id(k), dense.class(k).nodes[i].clone()))
    });
    Ok(program.collect())
}

/// The original program: for every class, the op that computed it first (or its input leaf).
fn original(g: &Graph, roots: &[Id]) -> FxHashMap<Id, Node> {
    let first = |class: Id| -> Node {
        let nodes = &g[class].nodes;
        nodes
            .iter()
            .filter(|n| matches!(n, Node::Input(_)))
            .chain(nodes.iter().filter(|n| {
                matches!(
                    n,
                    Node::Op {
                        build: Build::Original(_),
                        ..
                    }
                )
            }))
            .min_by_key(|n| match n {
                Node::Op {
                    build: Build::Original(op),
                    ..
                } => (1, op.0),
                _ => (0, 0),
            })
            .cloned()
            .expect("every class the roots need holds an input or an original op")
    };
    let mut chosen = FxHashMap::default();
    let mut stack: Vec<Id> = roots.iter().map(|&r| g.find(r)).collect();
    while let Some(c) = stack.pop() {
        if chosen.contains_key(&c) {
            continue;
        }
        let n = first(c);
        stack.extend(n.operands().iter().map(|&x| g.find(x)));
        chosen.insert(c, n);
    }
    chosen
}
