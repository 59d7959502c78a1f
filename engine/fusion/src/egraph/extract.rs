//! Extraction: one e-node per needed class, chosen by cost, never forming a cycle.
//!
//! Costs are bottom-up over a worklist: a node costs its own cost plus, for every operand
//! class, that class's cost divided by its use count, so a value shared by `n` consumers is
//! paid about once (egg's tree-cost extractor pays it `n` times, which overflows on deep
//! graphs and makes fused and unfused tie). The choice is then made top-down from the roots
//! (the operands of ops that stay in place and of the terminator), cheapest candidate first,
//! skipping any candidate that would close a cycle. If that search exceeds its step budget, the
//! function keeps its original program, which is always acyclic: every class holds the op that
//! first computed it, whose operands were computed before it.
//!
//! The program's true cost, each chosen class paid once, is reported next to the input's.

use super::dense::{ClassNo, Dense};
use super::lang::{Build, Node};
use super::meta::Graph;
use egfuse_cost::Cost;
use egg::Id;
use rustc_hash::FxHashMap;

/// What a node costs by itself (operands excluded).
pub trait CostModel {
    fn cost(&self, g: &Graph, class: Id, node: &Node) -> Cost;
}

/// The chosen node of every class the roots need.
#[derive(Debug, Default)]
pub struct Choice {
    pub node: FxHashMap<Id, Node>,
    /// The sum of the chosen nodes' own costs, each class once.
    pub cost: Cost,
    /// The same sum for the input program (each class by its original op).
    pub input_cost: Cost,
    /// Whether the search ran out of steps and the original program was kept.
    pub fell_back: bool,
}

/// Chooses a node for every class reachable from `roots`.
pub fn extract(g: &Graph, roots: &[Id], model: &dyn CostModel) -> Choice {
    let costs = Costs::new(g, model);
    let budget = 64 * g.total_number_of_nodes() + 1024;
    let input = original(g, roots);
    let input_cost = costs.program(&input);
    let (node, fell_back) = match select(&costs, roots, budget) {
        Some(chosen) => (chosen, false),
        None => (input, true),
    };
    Choice {
        cost: costs.program(&node),
        input_cost,
        node,
        fell_back,
    }
}

/// Every node's own cost and every class's amortized cost, by class number.
pub(super) struct Costs<'g> {
    pub dense: Dense<'g>,
    /// By class: where its nodes' own costs start in `own`.
    first: Vec<u32>,
    own: Vec<Cost>,
    /// By class: the amortized cost ([`Costs::node_cost`] of its cheapest node), infinite when
    /// no node's operands are known.
    best: Vec<Cost>,
}

impl<'g> Costs<'g> {
    pub fn new(g: &'g Graph, model: &dyn CostModel) -> Costs<'g> {
        let dense = Dense::new(g);
        let mut first = Vec::with_capacity(dense.len() + 1);
        let mut own = Vec::new();
        for k in 0..dense.len() {
            let class = dense.class(ClassNo(k as u32));
            first.push(own.len() as u32);
            own.extend(class.nodes.iter().map(|n| model.cost(g, class.id, n)));
        }
        first.push(own.len() as u32);
        let best = vec![Cost::INFINITY; dense.len()];
        let mut costs = Costs {
            dense,
            first,
            own,
            best,
        };
        costs.best_costs();
        costs
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

    /// Node `i` of class `k` with its operands amortized over their uses; infinite until they
    /// are known.
    fn node_cost(&self, k: ClassNo, i: usize) -> Cost {
        let n = &self.dense.class(k).nodes[i];
        let mut total = self.own(k, i);
        for &c in n.operands() {
            let operand = self.dense.no(c);
            let b = self.best[operand.index()];
            if b.is_infinite() {
                return Cost::INFINITY;
            }
            let uses = u64::from(self.dense.class(operand).data.uses.max(1));
            total += Cost::from_ps(b.ps() / uses);
        }
        total
    }

    /// The amortized cost of every class, to a fixed point over a worklist of parents. A class
    /// already waiting is not queued again: it reads its children's improved costs when it is
    /// evaluated, so every class is still evaluated after the last change below it and the
    /// result is a fixed point of the same equations.
    fn best_costs(&mut self) {
        let mut work: Vec<ClassNo> = (0..self.dense.len() as u32).map(ClassNo).collect();
        work.sort_unstable_by_key(|&k| std::cmp::Reverse(self.dense.id(k)));
        let mut waiting = vec![true; self.dense.len()];
        while let Some(k) = work.pop() {
            waiting[k.index()] = false;
            let cheapest = (0..self.dense.class(k).nodes.len())
                .map(|i| self.node_cost(k, i))
                .min()
                .unwrap_or(Cost::INFINITY);
            if cheapest.is_infinite() || self.best[k.index()] <= cheapest {
                continue;
            }
            self.best[k.index()] = cheapest;
            for p in self.dense.class(k).parents() {
                let p = self.dense.no(p);
                if !std::mem::replace(&mut waiting[p.index()], true) {
                    work.push(p);
                }
            }
        }
    }

    /// The nodes of class `k` whose amortized cost is finite, as indices into its nodes,
    /// cheapest first, a fused kernel first among equals (it names the idiom for the backend).
    pub fn candidates(&self, k: ClassNo) -> Vec<usize> {
        let mut candidates: Vec<(Cost, bool, usize)> = (self.dense.class(k).nodes.iter())
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

/// The top-down choice; `None` when it needs more than `budget` steps.
fn select(costs: &Costs, roots: &[Id], mut budget: usize) -> Option<FxHashMap<Id, Node>> {
    let dense = &costs.dense;
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
            budget = budget.checked_sub(1)?;
            let nodes = &dense.class(top.class).nodes;
            let Some(i) = top.candidates.get(top.at).copied() else {
                // No candidate works under the current path: give the class up for now and
                // make the parent try its next candidate.
                state[top.class.index()] = State::Unseen;
                stack.pop();
                let parent = stack.last_mut()?;
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
    Some(program.collect())
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
