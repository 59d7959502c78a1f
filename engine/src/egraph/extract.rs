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

use super::lang::{Build, Node};
use super::meta::Graph;
use crate::cost::Cost;
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
    let own = own_costs(g, model);
    let best = best_costs(g, &own);
    let budget = 64 * g.total_number_of_nodes() + 1024;
    let input = original(g, roots);
    let input_cost = program_cost(g, &input, &own);
    let (node, fell_back) = match select(g, roots, &own, &best, budget) {
        Some(chosen) => (chosen, false),
        None => (input, true),
    };
    Choice {
        cost: program_cost(g, &node, &own),
        input_cost,
        node,
        fell_back,
    }
}

/// The own costs of a program's nodes, each class once.
pub(super) fn program_cost(g: &Graph, program: &FxHashMap<Id, Node>, own: &Own) -> Cost {
    program
        .iter()
        .map(|(&c, n)| {
            let i = g[c]
                .nodes
                .iter()
                .position(|x| x == n)
                .expect("a node of its class");
            own[&c][i]
        })
        .sum()
}

/// Every node's own cost, by class, in the order of the class's nodes.
pub(super) type Own = FxHashMap<Id, Vec<Cost>>;

pub(super) fn own_costs(g: &Graph, model: &dyn CostModel) -> Own {
    g.classes()
        .map(|class| {
            let costs = class.nodes.iter().map(|n| model.cost(g, class.id, n));
            (class.id, costs.collect())
        })
        .collect()
}

/// Node `i` of `class` with its operands amortized over their uses; infinite until they are
/// known.
fn node_cost(g: &Graph, class: Id, i: usize, own: &Own, best: &FxHashMap<Id, Cost>) -> Cost {
    let n = &g[class].nodes[i];
    let mut total = own[&class][i];
    for &c in n.operands() {
        let c = g.find(c);
        let Some(&b) = best.get(&c) else {
            return Cost::INFINITY;
        };
        let uses = u64::from(g[c].data.uses.max(1));
        total += Cost::from_ps(b.ps() / uses);
    }
    total
}

/// The amortized cost of every class, to a fixed point over a worklist of parents.
pub(super) fn best_costs(g: &Graph, own: &Own) -> FxHashMap<Id, Cost> {
    let mut best: FxHashMap<Id, Cost> = FxHashMap::default();
    let mut work: Vec<Id> = g.classes().map(|c| c.id).collect();
    work.sort_unstable_by(|a, b| b.cmp(a));
    while let Some(class) = work.pop() {
        let cheapest = (0..g[class].nodes.len())
            .map(|i| node_cost(g, class, i, own, &best))
            .min()
            .unwrap_or(Cost::INFINITY);
        if cheapest.is_infinite() || best.get(&class).is_some_and(|&b| b <= cheapest) {
            continue;
        }
        best.insert(class, cheapest);
        work.extend(g[class].parents().map(|p| g.find(p)));
    }
    best
}

#[derive(Clone, Copy, PartialEq)]
enum State {
    Active,
    Done,
}

/// One class being chosen: its candidates cheapest first, the one being tried, and how many
/// of its operands are done.
struct Frame {
    class: Id,
    /// Indices into the class's nodes.
    candidates: Vec<usize>,
    at: usize,
    operand: usize,
}

impl Frame {
    /// The frame of `class`, its [`candidates`] in order.
    fn new(g: &Graph, class: Id, own: &Own, best: &FxHashMap<Id, Cost>) -> Frame {
        Frame {
            class,
            candidates: candidates(g, class, own, best),
            at: 0,
            operand: 0,
        }
    }
}

/// The nodes of `class` whose amortized cost is finite, as indices into its nodes, cheapest
/// first, a fused kernel first among equals (it names the idiom for the backend).
pub(super) fn candidates(
    g: &Graph,
    class: Id,
    own: &Own,
    best: &FxHashMap<Id, Cost>,
) -> Vec<usize> {
    let mut candidates: Vec<(Cost, bool, usize)> = g[class]
        .nodes
        .iter()
        .enumerate()
        .map(|(i, n)| {
            let fused = matches!(n, Node::Fused { .. });
            (node_cost(g, class, i, own, best), !fused, i)
        })
        .filter(|(c, _, _)| !c.is_infinite())
        .collect();
    candidates.sort();
    candidates.into_iter().map(|(_, _, i)| i).collect()
}

/// The top-down choice; `None` when it needs more than `budget` steps.
fn select(
    g: &Graph,
    roots: &[Id],
    own: &Own,
    best: &FxHashMap<Id, Cost>,
    mut budget: usize,
) -> Option<FxHashMap<Id, Node>> {
    let mut state: FxHashMap<Id, State> = FxHashMap::default();
    let mut chosen: FxHashMap<Id, Node> = FxHashMap::default();
    let frame = |class: Id| Frame::new(g, class, own, best);
    for &root in roots {
        let root = g.find(root);
        if state.contains_key(&root) {
            continue;
        }
        state.insert(root, State::Active);
        let mut stack = vec![frame(root)];
        while let Some(top) = stack.last_mut() {
            budget = budget.checked_sub(1)?;
            let Some(node) = top.candidates.get(top.at).map(|&i| &g[top.class].nodes[i]) else {
                // No candidate works under the current path: give the class up for now and
                // make the parent try its next candidate.
                state.remove(&top.class);
                stack.pop();
                let parent = stack.last_mut()?;
                parent.at += 1;
                parent.operand = 0;
                continue;
            };
            let Some(&child) = node.operands().get(top.operand) else {
                state.insert(top.class, State::Done);
                chosen.insert(top.class, node.clone());
                stack.pop();
                if let Some(parent) = stack.last_mut() {
                    parent.operand += 1;
                }
                continue;
            };
            let child = g.find(child);
            match state.get(&child) {
                Some(State::Done) => top.operand += 1,
                Some(State::Active) => {
                    top.at += 1;
                    top.operand = 0;
                }
                None => {
                    state.insert(child, State::Active);
                    stack.push(frame(child));
                }
            }
        }
    }
    chosen.retain(|c, _| state.get(c) == Some(&State::Done));
    Some(chosen)
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
