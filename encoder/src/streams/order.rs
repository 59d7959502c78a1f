//! The list scheduler: reorders each straight-line block of a kernel so that the streams
//! overlap. A block's statements (an instruction, or a whole loop as one item) form a
//! dependence graph: the later of two statements that touch buffers sharing a byte, one
//! writing (read after write, write after read, write after write, `access::of_buffers`),
//! depends on the earlier. Whole buffers, not the boxes a view touches: the verifier judges a
//! tile's lifetime by its whole placement, and the scheduled kernel must verify. The scheduler
//! simulates the streams, each item starting when its streams are free and its predecessors
//! have finished, and picks at each step the item that can start first, the one with the
//! longest path of cost to the block's end among ties (then the earlier). The pick order is a
//! topological order of the graph, so the reordered kernel computes what the kernel did.
//!
//! Invariant: the scheduler never moves a statement out of its block or across a statement
//! it conflicts with.

use super::access::{self, Access};
use super::Stream;
use egfuse_cost::Target;
use egfuse_nisa::{cost, Kernel, Stmt};
use std::collections::BTreeMap;

/// Blocks longer than this keep their order: the dependence graph is quadratic in a block.
pub const MAX_BLOCK: usize = 2048;

/// `k` with every block in its scheduled order.
pub fn schedule(target: &Target, k: &Kernel) -> Kernel {
    let cx = Cx { target, k };
    Kernel {
        body: block(&cx, &k.body),
        ..k.clone()
    }
}

struct Cx<'a> {
    target: &'a Target,
    k: &'a Kernel,
}

/// What the scheduler knows of one item: its boxes over every trip, and its busy time on
/// each stream it uses.
struct Item {
    accesses: Vec<Access>,
    busy: BTreeMap<Stream, u64>,
}

impl Item {
    fn cost(&self) -> u64 {
        self.busy.values().copied().max().unwrap_or(0)
    }
}

fn block(cx: &Cx, stmts: &[Stmt]) -> Vec<Stmt> {
    let inner: Vec<Stmt> = stmts.iter().map(|s| nested(cx, s)).collect();
    if inner.len() < 2 || inner.len() > MAX_BLOCK {
        return inner;
    }
    let items: Vec<Item> = inner.iter().map(|s| item(cx, s)).collect();
    let preds = graph(&items);
    let order = list(&items, &preds);
    let mut slots: Vec<Option<Stmt>> = inner.into_iter().map(Some).collect();
    order.into_iter().filter_map(|j| slots[j].take()).collect()
}

/// A statement with the blocks inside it scheduled, and every instruction's engine named.
fn nested(cx: &Cx, s: &Stmt) -> Stmt {
    match s {
        Stmt::Loop {
            counter,
            count,
            body,
            span,
        } => Stmt::Loop {
            counter: *counter,
            count: *count,
            body: block(cx, body),
            span: *span,
        },
        // An instruction without an engine runs on its stream's: the scheduled kernel names it,
        // as the binary's word does, so the streams read back as they were written.
        Stmt::Inst(i) => Stmt::Inst(egfuse_nisa::Inst {
            engine: Some(super::Stream::of(cx.k, i).engine),
            ..i.clone()
        }),
    }
}

fn item(cx: &Cx, s: &Stmt) -> Item {
    let mut it = Item {
        accesses: Vec::new(),
        busy: BTreeMap::new(),
    };
    gather(cx, std::slice::from_ref(s), 1, &mut it);
    it
}

fn gather(cx: &Cx, stmts: &[Stmt], trips: u64, it: &mut Item) {
    for s in stmts {
        match s {
            Stmt::Inst(i) => {
                it.accesses.extend(access::of_buffers(cx.k, i));
                let t = cost::instruction(cx.target, cx.k, i).1.ps();
                let busy = it.busy.entry(Stream::of(cx.k, i)).or_default();
                *busy = busy.saturating_add(t.saturating_mul(trips));
            }
            Stmt::Loop { count, body, .. } => {
                gather(cx, body, trips.saturating_mul(*count), it);
            }
        }
    }
}

/// For each item, the earlier items it conflicts with.
fn graph(items: &[Item]) -> Vec<Vec<usize>> {
    let conflict =
        |a: &Item, b: &Item| (a.accesses.iter()).any(|x| b.accesses.iter().any(|y| x.conflicts(y)));
    (0..items.len())
        .map(|j| (0..j).filter(|&i| conflict(&items[i], &items[j])).collect())
        .collect()
}

/// The pick order of a list schedule of `items`.
fn list(items: &[Item], preds: &[Vec<usize>]) -> Vec<usize> {
    let n = items.len();
    let mut rank = vec![0u64; n];
    for j in (0..n).rev() {
        rank[j] = rank[j].saturating_add(items[j].cost());
        for &p in &preds[j] {
            rank[p] = rank[p].max(rank[j]);
        }
    }
    // `rank[p]` so far holds its successors' longest path; add its own cost when reached.
    let mut done = vec![false; n];
    let mut finish = vec![0u64; n];
    let mut free = BTreeMap::<Stream, u64>::new();
    let mut order = Vec::with_capacity(n);
    for _ in 0..n {
        let start = |j: usize| {
            let after = preds[j].iter().map(|&p| finish[p]).max().unwrap_or(0);
            let streams = items[j]
                .busy
                .keys()
                .map(|s| free.get(s).copied().unwrap_or(0));
            streams.fold(after, u64::max)
        };
        let ready = (0..n).filter(|&j| !done[j] && preds[j].iter().all(|&p| done[p]));
        let j = ready
            .min_by_key(|&j| (start(j), std::cmp::Reverse(rank[j]), j))
            .expect("a graph of earlier-to-later edges always has a ready item");
        let end = start(j).saturating_add(items[j].cost());
        for s in items[j].busy.keys() {
            free.insert(*s, end);
        }
        finish[j] = end;
        done[j] = true;
        order.push(j);
    }
    order
}
