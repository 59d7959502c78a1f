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
//! Amortizing over the input program's uses undercharges a value that a kernel takes over: a
//! dot read by a softmax's max and subtract counts half inside a Softmax kernel reading it,
//! though the kernel is then its only reader, so the dot looks cheaper outside a DotSoftmax
//! than in it. The choice is therefore priced again by its own uses (how many chosen nodes
//! read each chosen class) and chosen again, at most [`REFINE_ROUNDS`] times, and the program
//! whose true cost is lowest is kept.
//!
//! Both passes are bounded by [`ExtractLimits`]; when a limit stops them the function keeps
//! its original program, which is always acyclic: every class holds the op that first computed
//! it, whose operands were computed before it. The program's true cost, each chosen class paid
//! once, is reported next to the input's.

use super::dense::{self, ClassNo, Dense};
use super::lang::{Build, Node};
use super::meta::Graph;
use super::program::Program;
use egfuse_cost::Cost;
use egg::Id;
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
    pub program: Program,
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
    let mut costs = Costs::unsolved(Own::new(g, model));
    let input = original(&costs.own, roots);
    let input_cost = costs.own.cost_of(&input);
    let chosen = (costs.solve(budget)).and_then(|()| select(&costs, roots, budget));
    let chosen = chosen.map(|chosen| refine(&mut costs, roots, chosen, budget));
    let (chosen, stop) = match chosen {
        Ok(chosen) => (chosen, ExtractStop::Chosen),
        Err(stop) => (input, stop),
    };
    Choice {
        program: program(costs.dense(), &chosen),
        cost: costs.own.cost_of(&chosen),
        input_cost,
        stop,
        steps: budget.used - start,
    }
}

impl Choice {
    /// The node chosen in `class`'s class, if the roots need it.
    pub fn node<'g>(&self, g: &'g Graph, class: Id) -> Option<&'g Node> {
        self.program.node(g, class)
    }
}

/// The program `chosen` names by class number (an index into the class's nodes).
fn program(dense: &Dense, chosen: &[Option<usize>]) -> Program {
    let mut program = Program::with_ids(dense.ids());
    for (k, i) in chosen.iter().enumerate() {
        if let Some(i) = *i {
            program.choose(dense.id(ClassNo(k as u32)), i);
        }
    }
    program
}

/// Every node's own cost and its operand classes, by class number, in flat vectors that the
/// passes read in the classes' order (egg's classes and nodes are touched once, here).
pub(super) struct Own<'g> {
    pub dense: Dense<'g>,
    /// By class: where its nodes start in the per-node vectors (one more, the end).
    first: Vec<u32>,
    /// By node: its own cost.
    own: Vec<Cost>,
    /// By node: whether it is a fused kernel.
    fused: Vec<bool>,
    /// By node: where its operands start in `operands` (one more, the end).
    reads: Vec<u32>,
    /// The operand classes of every node, node after node.
    operands: Vec<ClassNo>,
    /// By class: its use count, at least 1.
    uses: Vec<u64>,
    /// By class: the index of the node the input program computes it with
    /// ([`first_original`]).
    original: Vec<u32>,
}

impl<'g> Own<'g> {
    pub fn new(g: &'g Graph, model: &dyn CostModel) -> Own<'g> {
        let dense = Dense::new(g);
        let nodes = g.total_number_of_nodes();
        let mut own = Own {
            first: Vec::with_capacity(dense.len() + 1),
            own: Vec::with_capacity(nodes),
            fused: Vec::with_capacity(nodes),
            reads: Vec::with_capacity(nodes + 1),
            operands: Vec::with_capacity(nodes * 2),
            uses: Vec::with_capacity(dense.len()),
            original: Vec::with_capacity(dense.len()),
            dense,
        };
        // egg keeps its classes in a hash map, so the first read of each is a cache miss; a
        // loop that does nothing else keeps many of them in flight (on a 1M-node graph the
        // loop below, reading each class itself, spent three quarters of its time there).
        let heads: Vec<(Id, &[Node], u32)> = (0..own.dense.len() as u32)
            .map(|k| own.dense.class(ClassNo(k)))
            .map(|c| (c.id, &c.nodes[..], c.data.uses))
            .collect();
        for (id, nodes, uses) in heads {
            own.first.push(own.own.len() as u32);
            own.uses.push(u64::from(uses.max(1)));
            own.original.push(first_original(nodes));
            for n in nodes {
                own.own.push(model.cost(g, id, n));
                own.fused.push(matches!(n, Node::Fused { .. }));
                own.reads.push(own.operands.len() as u32);
                let operands = n.operands().iter().map(|&c| own.dense.no(c));
                own.operands.extend(operands);
            }
        }
        own.first.push(own.own.len() as u32);
        own.reads.push(own.operands.len() as u32);
        own
    }

    /// The own cost of node `i` of class `k`.
    pub fn own(&self, k: ClassNo, i: usize) -> Cost {
        self.own[self.first[k.index()] as usize + i]
    }

    /// How many nodes class `k` has.
    fn nodes(&self, k: ClassNo) -> usize {
        (self.first[k.index() + 1] - self.first[k.index()]) as usize
    }

    /// The operand classes of node `i` of class `k`.
    fn operands(&self, k: ClassNo, i: usize) -> &[ClassNo] {
        let n = self.first[k.index()] as usize + i;
        &self.operands[self.reads[n] as usize..self.reads[n + 1] as usize]
    }

    /// The operand classes of every node of class `k`, node after node.
    fn class_operands(&self, k: ClassNo) -> &[ClassNo] {
        let (a, b) = (self.first[k.index()], self.first[k.index() + 1]);
        &self.operands[self.reads[a as usize] as usize..self.reads[b as usize] as usize]
    }

    /// The own costs of the nodes `chosen` names by class number, each class once.
    pub fn cost_of(&self, chosen: &[Option<usize>]) -> Cost {
        (chosen.iter().enumerate())
            .filter_map(|(k, i)| Some(self.own(ClassNo(k as u32), (*i)?)))
            .sum()
    }

    /// The own costs of a program's nodes, each class once.
    pub fn program(&self, program: &Program) -> Cost {
        (program.choices())
            .map(|(c, i)| self.own(self.dense.no(c), i))
            .sum()
    }
}

/// Most classes of a component whose readers of a class are found by scanning them.
const SMALL_CYCLE: usize = 16;

/// The worklist of [`Costs::solve_cycle`], kept from one component to the next: the classes
/// of the component being solved, the classes queued, and the queue.
struct Cycle {
    here: Vec<bool>,
    waiting: Vec<bool>,
    work: VecDeque<ClassNo>,
}

/// Most times [`refine`] prices a choice by its own uses and chooses again.
pub const REFINE_ROUNDS: usize = 4;

/// `chosen`, or the cheapest choice (by true cost) made after pricing each chosen class by how
/// many chosen nodes read it, at most [`REFINE_ROUNDS`] times. Each round prices by the last
/// two choices (a class's readers in either, the more of the two): priced by the last alone,
/// the choices can alternate between two programs forever, each pricing the other's shared
/// values cheap (torch's GPT-2 at batch 2 went 666 -> 590 -> 666 us, never to the 579 us
/// program with its first LayerNorm, which the blend reaches in its second round). The rounds
/// stop at a choice of a cost seen before (taken as a choice seen before). A round that
/// `budget` stops keeps the best choice so far.
fn refine(
    costs: &mut Costs,
    roots: &[Id],
    mut chosen: Vec<Option<usize>>,
    budget: &mut Budget,
) -> Vec<Option<usize>> {
    let mut cost = costs.own.cost_of(&chosen);
    let mut seen = vec![cost];
    let (mut latest, mut before) = (chosen.clone(), chosen.clone());
    for _ in 0..REFINE_ROUNDS {
        costs.reprice(&latest, &before);
        let Ok(next) = (costs.solve(budget)).and_then(|()| select(costs, roots, budget)) else {
            break;
        };
        let next_cost = costs.own.cost_of(&next);
        if next == latest || seen.contains(&next_cost) {
            break;
        }
        seen.push(next_cost);
        if next_cost < cost {
            (chosen, cost) = (next.clone(), next_cost);
        }
        before = std::mem::replace(&mut latest, next);
    }
    chosen
}

/// Every node's own cost and every class's amortized cost, by class number.
pub(super) struct Costs<'g> {
    pub own: Own<'g>,
    /// By class: the uses its cost is amortized over, at least 1: the input program's, until
    /// [`Costs::reprice`].
    uses: Vec<u64>,
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
        let mut costs = Costs::unsolved(Own::new(g, model));
        costs.solve(budget)?;
        Ok(costs)
    }

    /// Every class's amortized cost infinite, until [`Costs::solve`].
    fn unsolved(own: Own<'g>) -> Costs<'g> {
        let best = vec![Cost::INFINITY; own.dense.len()];
        let uses = own.uses.clone();
        Costs { own, uses, best }
    }

    /// Amortizes each class `chosen` or `other` names over the nodes that read it in whichever
    /// of the two has more of them (at least 1), the others over the input program's uses, and
    /// forgets every amortized cost.
    fn reprice(&mut self, chosen: &[Option<usize>], other: &[Option<usize>]) {
        self.uses.clone_from(&self.own.uses);
        let count = |chosen: &[Option<usize>]| {
            let mut readers = vec![0u64; chosen.len()];
            for (k, i) in chosen.iter().enumerate() {
                let Some(i) = *i else { continue };
                for operand in self.own.operands(ClassNo(k as u32), i) {
                    readers[operand.index()] += 1;
                }
            }
            readers
        };
        let (a, b) = (count(chosen), count(other));
        for k in 0..chosen.len() {
            if chosen[k].is_some() || other[k].is_some() {
                self.uses[k] = a[k].max(b[k]).max(1);
            }
        }
        self.best.fill(Cost::INFINITY);
    }

    pub fn dense(&self) -> &Dense<'g> {
        &self.own.dense
    }

    /// Node `i` of class `k` with its operands amortized over their uses; infinite until they
    /// are known.
    fn node_cost(&self, k: ClassNo, i: usize) -> Cost {
        let mut total = self.own.own(k, i);
        for &operand in self.own.operands(k, i) {
            let b = self.best[operand.index()];
            if b.is_infinite() {
                return Cost::INFINITY;
            }
            total += Cost::from_ps(b.ps() / self.uses[operand.index()]);
        }
        total
    }

    /// The amortized cost of every class: the greatest fixed point of `best(k) = min over k's
    /// nodes of node_cost`, reached from infinity. The equations are monotone, so any order of
    /// evaluation that ends at a fixed point ends at this one; evaluating each component after
    /// the ones it reads settles a class outside a cycle in one evaluation (or, when a node
    /// reads its own class, in as many as it improves).
    fn solve(&mut self, budget: &mut Budget) -> Result<(), ExtractStop> {
        let n = self.dense().len();
        let components = dense::components(n, |k| self.own.class_operands(k));
        let mut cycle = Cycle {
            here: vec![false; n],
            waiting: vec![false; n],
            work: VecDeque::new(),
        };
        for members in components.iter() {
            if let [k] = *members {
                let cyclic = self.own.class_operands(k).contains(&k);
                loop {
                    budget.step()?;
                    if !self.improve(k) || !cyclic {
                        break;
                    }
                }
                continue;
            }
            members.iter().for_each(|k| cycle.here[k.index()] = true);
            self.solve_cycle(members, &mut cycle, budget)?;
            members.iter().for_each(|k| cycle.here[k.index()] = false);
        }
        Ok(())
    }

    /// The fixed point inside one component of several classes (`cycle.here` marks them),
    /// over a worklist: a class that improves queues its parents there that are not already
    /// waiting (so each is evaluated again after the last change below it).
    fn solve_cycle(
        &mut self,
        members: &[ClassNo],
        cycle: &mut Cycle,
        budget: &mut Budget,
    ) -> Result<(), ExtractStop> {
        cycle.work.extend(members.iter().copied());
        members.iter().for_each(|k| cycle.waiting[k.index()] = true);
        while let Some(k) = cycle.work.pop_front() {
            if let Err(stop) = budget.step() {
                cycle.work.clear();
                return Err(stop);
            }
            cycle.waiting[k.index()] = false;
            if !self.improve(k) {
                continue;
            }
            // The members that read `k`: found among the members when they are few (their
            // operands are at hand), else through egg's parent lists.
            let mut queue = |p: ClassNo| {
                if cycle.here[p.index()] && !std::mem::replace(&mut cycle.waiting[p.index()], true)
                {
                    cycle.work.push_back(p);
                }
            };
            if members.len() <= SMALL_CYCLE {
                let readers = members.iter().copied();
                readers
                    .filter(|&p| self.own.class_operands(p).contains(&k))
                    .for_each(&mut queue);
            } else {
                let parents = self.own.dense.class(k).parents();
                parents.map(|p| self.own.dense.no(p)).for_each(&mut queue);
            }
        }
        Ok(())
    }

    /// Evaluates class `k` again; whether its cost went down.
    fn improve(&mut self, k: ClassNo) -> bool {
        let cheapest = (0..self.own.nodes(k))
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
        let first = self.own.first[k.index()] as usize;
        let mut candidates: Vec<(Cost, bool, usize)> = (0..self.own.nodes(k))
            .map(|i| (self.node_cost(k, i), !self.own.fused[first + i], i))
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
    /// Where its candidates (indices into the class's nodes) start in the list all frames
    /// share, and where they end.
    start: usize,
    end: usize,
    at: usize,
    operand: usize,
}

impl Frame {
    /// The frame of class `k`, its [`Costs::candidates`] in order pushed onto `list`.
    fn new(costs: &Costs, k: ClassNo, list: &mut Vec<usize>) -> Frame {
        let start = list.len();
        if costs.own.nodes(k) == 1 {
            list.extend((!costs.node_cost(k, 0).is_infinite()).then_some(0));
        } else {
            list.extend(costs.candidates(k));
        }
        Frame {
            class: k,
            start,
            end: list.len(),
            at: 0,
            operand: 0,
        }
    }

    /// The candidate being tried, if any is left.
    fn candidate(&self, list: &[usize]) -> Option<usize> {
        (self.start + self.at < self.end).then(|| list[self.start + self.at])
    }
}

/// The top-down choice, by class number (an index into the class's nodes), or why `budget`
/// stopped it.
fn select(
    costs: &Costs,
    roots: &[Id],
    budget: &mut Budget,
) -> Result<Vec<Option<usize>>, ExtractStop> {
    let dense = costs.dense();
    let mut state = vec![State::Unseen; dense.len()];
    let mut chosen: Vec<Option<usize>> = vec![None; dense.len()];
    for &root in roots {
        let root = dense.no(root);
        if state[root.index()] != State::Unseen {
            continue;
        }
        state[root.index()] = State::Active;
        let mut list = Vec::new();
        let mut stack = vec![Frame::new(costs, root, &mut list)];
        while let Some(top) = stack.last_mut() {
            budget.step()?;
            let Some(i) = top.candidate(&list) else {
                // No candidate works under the current path: give the class up for now and
                // make the parent try its next candidate.
                state[top.class.index()] = State::Unseen;
                list.truncate(top.start);
                stack.pop();
                let parent = stack.last_mut().ok_or(ExtractStop::Stuck)?;
                parent.at += 1;
                parent.operand = 0;
                continue;
            };
            let Some(&child) = costs.own.operands(top.class, i).get(top.operand) else {
                state[top.class.index()] = State::Done;
                chosen[top.class.index()] = Some(i);
                list.truncate(top.start);
                stack.pop();
                if let Some(parent) = stack.last_mut() {
                    parent.operand += 1;
                }
                continue;
            };
            match state[child.index()] {
                State::Done => top.operand += 1,
                State::Active => {
                    top.at += 1;
                    top.operand = 0;
                }
                State::Unseen => {
                    state[child.index()] = State::Active;
                    stack.push(Frame::new(costs, child, &mut list));
                }
            }
        }
    }
    // A class is chosen exactly when it is done: a done class never goes back on the stack.
    Ok(chosen)
}

/// The original program, by class number: for every class the roots need, the index of the op
/// that computed it first (or of its input leaf).
fn original(own: &Own, roots: &[Id]) -> Vec<Option<usize>> {
    let mut chosen = vec![None; own.dense.len()];
    let mut stack: Vec<ClassNo> = roots.iter().map(|&r| own.dense.no(r)).collect();
    while let Some(k) = stack.pop() {
        if chosen[k.index()].is_some() {
            continue;
        }
        let i = own.original[k.index()];
        assert!(
            i != u32::MAX,
            "every class the roots need holds an input or an original op"
        );
        stack.extend_from_slice(own.operands(k, i as usize));
        chosen[k.index()] = Some(i as usize);
    }
    chosen
}

/// The index of the node of `nodes` the input program computes the class with: its input leaf,
/// else the original op that comes first; `u32::MAX` when there is neither.
fn first_original(nodes: &[Node]) -> u32 {
    let key = |n: &Node| match n {
        Node::Input(_) => Some((0, 0)),
        Node::Op {
            build: Build::Original(op),
            ..
        } => Some((1, op.0)),
        _ => None,
    };
    (nodes.iter().enumerate())
        .filter_map(|(i, n)| Some((key(n)?, i as u32)))
        .min()
        .map_or(u32::MAX, |(_, i)| i)
}
