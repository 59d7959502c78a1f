//! The branch and bound over a [`Problem`]: depth first, one pending class at a time, with the
//! state changed by [`Search::apply`] and restored by [`Search::undo`].
//!
//! States whose futures are the same are expanded once. What a state can still do depends only
//! on its pending classes, on the chosen classes that an unchosen class could still read (they
//! are free to read; call them shared), and on which pending classes each shared class reaches
//! through chosen nodes (that decides which reads would close a cycle). Any other chosen class
//! can never be read again, and every class the future can touch is either pending, shared or
//! not chosen. So a state met again with that signature, at no lower cost, has nothing the
//! first visit did not search, and is skipped. This is what makes layered models tractable:
//! where two layers meet, the many ways to extract the upper one leave few distinct states, and
//! the lower one is searched once per state rather than once per way. Signatures are compared
//! by a 192-bit hash (a collision, which would wrongly skip a state, is vanishingly unlikely);
//! computing one walks the chosen nodes below the shared classes once.

use super::{ExactLimits, ExactStop, Problem};
use rustc_hash::FxHashMap;
use std::collections::BTreeSet;
use std::time::Instant;

/// Most signatures remembered (about 40 bytes each).
const SEEN_CAP: usize = 1 << 21;

/// One branching class on the search stack and the next of its candidates to try; a candidate
/// is applied while `at > 0` (it is candidate `at - 1`).
struct Frame {
    class: u32,
    at: usize,
}

/// The search state.
pub(super) struct Search<'p> {
    p: &'p Problem,
    limits: ExactLimits,
    chosen: Vec<Option<usize>>,
    /// How many chosen nodes (and roots) read each class.
    readers: Vec<u32>,
    /// How many pending classes require each class ([`Problem::required`]).
    need: Vec<u32>,
    /// The pending classes by [`Problem::rank`]: the next to branch on first.
    pending: BTreeSet<(usize, u32)>,
    /// The own costs of the chosen nodes.
    cost: u128,
    /// The least own costs of the classes some pending class requires that are not chosen.
    bound: u128,
    /// The incumbent's cost and, once the search beat the warm start, its choice.
    best: u128,
    pub found: Option<Vec<Option<usize>>>,
    pub steps: u64,
    /// The cycle check's visit marks (`epoch` when visited by the current walk) and stack.
    mark: Vec<u32>,
    epoch: u32,
    walk: Vec<u32>,
    /// How many unchosen classes have a candidate reading each class.
    open: Vec<u32>,
    /// The shared classes (chosen, `open > 0`), each with its place in the list.
    shared: Vec<u32>,
    place: Vec<usize>,
    /// Hashes of the pending and of the shared classes, kept up to date.
    pending_hash: u64,
    shared_hash: u64,
    /// The signatures of the states expanded, with the cost they were expanded at.
    seen: FxHashMap<[u64; 3], u128>,
    /// The signature's scratch: each pending class's number, each chosen class's reach.
    slot: Vec<usize>,
    bits: Vec<u64>,
}

impl<'p> Search<'p> {
    /// The search from the roots, with `best` (the warm start's cost) to beat.
    pub fn new(p: &'p Problem, best: u128, limits: &ExactLimits) -> Search<'p> {
        let n = p.ids.len();
        let mut open = vec![0; n];
        for reads in &p.reads {
            reads.iter().for_each(|&d| open[d as usize] += 1);
        }
        let mut s = Search {
            p,
            limits: *limits,
            chosen: vec![None; n],
            readers: vec![0; n],
            need: vec![0; n],
            pending: BTreeSet::new(),
            cost: 0,
            bound: 0,
            best,
            found: None,
            steps: 0,
            mark: vec![0; n],
            epoch: 0,
            walk: Vec::new(),
            open,
            shared: Vec::new(),
            place: vec![usize::MAX; n],
            pending_hash: 0,
            shared_hash: 0,
            seen: FxHashMap::default(),
            slot: vec![0; n],
            bits: Vec::new(),
        };
        for &r in &p.roots {
            s.read(r);
        }
        s
    }

    /// Depth first from the roots until every state is searched or bounded away, or a limit
    /// stops it.
    pub fn run(&mut self) -> ExactStop {
        let start = Instant::now();
        let mut stack: Vec<Frame> = Vec::new();
        loop {
            if self.steps == self.limits.steps {
                return ExactStop::StepLimit(self.limits.steps);
            }
            self.steps += 1;
            if self.steps & 1023 == 0 && start.elapsed() > self.limits.time {
                return ExactStop::TimeLimit(self.limits.time);
            }
            match self.pending.first().copied() {
                None if self.cost < self.best => self.record(),
                None => {}
                Some((_, class)) if self.cost + self.bound < self.best && !self.seen_before() => {
                    stack.push(Frame { class, at: 0 });
                }
                Some(_) => {}
            }
            // Move to the next candidate of the deepest class that has one left.
            loop {
                let Some(top) = stack.last_mut() else {
                    return ExactStop::Proved;
                };
                if top.at > 0 {
                    self.undo(top.class);
                }
                if let Some(k) = self.next_candidate(top.class, top.at) {
                    top.at = k + 1;
                    self.apply(top.class, k);
                    break;
                }
                stack.pop();
            }
        }
    }

    /// A complete program cheaper than the incumbent: the new incumbent.
    fn record(&mut self) {
        self.best = self.cost;
        self.found = Some(self.chosen.clone());
    }

    /// The first candidate of pending `class` from `from` on that can still beat the incumbent
    /// and closes no cycle.
    fn next_candidate(&mut self, class: u32, from: usize) -> Option<usize> {
        let p = self.p;
        let i = class as usize;
        let rest = self.cost + self.bound - u128::from(p.min_own[i]);
        for (k, cand) in p.candidates[i].iter().enumerate().skip(from) {
            if rest + u128::from(cand.own) < self.best && !self.closes_cycle(class, &cand.operands)
            {
                return Some(k);
            }
        }
        None
    }

    /// Whether a node of `class` reading `operands` would close a cycle: whether a chosen
    /// operand reaches `class` through chosen nodes.
    fn closes_cycle(&mut self, class: u32, operands: &[u32]) -> bool {
        let mut hit = false;
        self.reach(operands, |c| hit |= c == class);
        hit
    }

    /// Calls `pending` for every pending class reached from `from` through chosen nodes (from
    /// included), at least once each.
    fn reach(&mut self, from: &[u32], mut pending: impl FnMut(u32)) {
        let p = self.p;
        self.epoch += 1;
        self.walk.clear();
        self.walk.extend_from_slice(from);
        while let Some(c) = self.walk.pop() {
            let i = c as usize;
            if self.mark[i] == self.epoch {
                continue;
            }
            self.mark[i] = self.epoch;
            match self.chosen[i] {
                Some(k) => self
                    .walk
                    .extend(p.candidates[i][k].operands.iter().copied()),
                None => pending(c),
            }
        }
    }

    /// Whether a state with this one's signature was expanded at no higher cost; records it
    /// otherwise.
    fn seen_before(&mut self) -> bool {
        if self.seen.len() >= SEEN_CAP {
            return false;
        }
        let key = [self.pending_hash, self.shared_hash, self.reach_hash()];
        match self.seen.get(&key) {
            Some(&cost) if cost <= self.cost => true,
            _ => {
                self.seen.insert(key, self.cost);
                false
            }
        }
    }

    /// A hash of which pending classes each shared class reaches through chosen nodes: one
    /// pass over the chosen nodes below the shared classes, children first, each class's
    /// reach a bit set over the pending classes (numbered in `pending` order).
    fn reach_hash(&mut self) -> u64 {
        let p = self.p;
        let words = self.pending.len().div_ceil(64).max(1);
        for (j, &(_, c)) in self.pending.iter().enumerate() {
            self.slot[c as usize] = j;
        }
        self.bits.resize(p.ids.len() * words, 0);
        self.epoch += 1;
        let mut stack: Vec<(u32, bool)> = self.shared.iter().map(|&x| (x, false)).collect();
        while let Some((c, done)) = stack.pop() {
            let i = c as usize;
            let operands = &p.candidates[i][self.chosen[i].expect("a chosen class")].operands;
            if !done {
                if self.mark[i] != self.epoch {
                    self.mark[i] = self.epoch;
                    stack.push((c, true));
                    let chosen = operands
                        .iter()
                        .filter(|&&d| self.chosen[d as usize].is_some());
                    stack.extend(chosen.map(|&d| (d, false)));
                }
                continue;
            }
            let own = i * words..(i + 1) * words;
            self.bits[own.clone()].fill(0);
            for &d in operands {
                let d = d as usize;
                if self.chosen[d].is_none() {
                    self.bits[own.start + self.slot[d] / 64] |= 1 << (self.slot[d] % 64);
                    continue;
                }
                for w in 0..words {
                    self.bits[own.start + w] |= self.bits[d * words + w];
                }
            }
        }
        let mut hash = 0;
        for &x in &self.shared {
            let set = &self.bits[x as usize * words..(x as usize + 1) * words];
            hash ^= set.iter().fold(zobrist(x, 2), |h, &w| mix(h ^ w));
        }
        hash
    }

    /// Chooses candidate `k` for pending `class`.
    fn apply(&mut self, class: u32, k: usize) {
        let p = self.p;
        let i = class as usize;
        self.set_pending(class, false);
        self.chosen[i] = Some(k);
        self.bound -= u128::from(p.min_own[i]);
        self.set_shared(class, self.open[i] > 0);
        for &x in &p.reads[i] {
            self.open[x as usize] -= 1;
            self.set_shared(x, self.open[x as usize] > 0);
        }
        let cand = &p.candidates[i][k];
        self.cost += u128::from(cand.own);
        for &d in &cand.operands {
            self.read(d);
        }
        self.require(class, false);
    }

    /// Takes back the choice of `class`, the latest one still applied.
    fn undo(&mut self, class: u32) {
        let p = self.p;
        let i = class as usize;
        self.require(class, true);
        let cand = &p.candidates[i][self.chosen[i].expect("an applied class")];
        for &d in &cand.operands {
            self.unread(d);
        }
        self.cost -= u128::from(cand.own);
        for &x in &p.reads[i] {
            self.open[x as usize] += 1;
            self.set_shared(x, true);
        }
        self.set_shared(class, false);
        self.chosen[i] = None;
        self.bound += u128::from(p.min_own[i]);
        self.set_pending(class, true);
    }

    /// One more reader of `class`: it becomes pending if it had none and is not chosen.
    fn read(&mut self, class: u32) {
        let i = class as usize;
        self.readers[i] += 1;
        if self.readers[i] == 1 && self.chosen[i].is_none() {
            self.set_pending(class, true);
            self.require(class, true);
        }
    }

    /// One reader fewer: a class nothing reads any more is no longer pending. (A chosen class
    /// keeps a reader until it is undone, since choices are undone in reverse order.)
    fn unread(&mut self, class: u32) {
        let i = class as usize;
        self.readers[i] -= 1;
        if self.readers[i] == 0 && self.chosen[i].is_none() {
            self.set_pending(class, false);
            self.require(class, false);
        }
    }

    /// Counts (`on`) or uncounts what pending `class` requires in the bound.
    fn require(&mut self, class: u32, on: bool) {
        let p = self.p;
        for &d in &p.required[class as usize] {
            let d = d as usize;
            let before = self.need[d];
            self.need[d] = if on { before + 1 } else { before - 1 };
            if (before == 0) != (self.need[d] == 0) && self.chosen[d].is_none() {
                let m = u128::from(p.min_own[d]);
                self.bound = if on { self.bound + m } else { self.bound - m };
            }
        }
    }

    fn set_pending(&mut self, class: u32, on: bool) {
        let rank = self.p.rank(class);
        if on {
            self.pending.insert(rank);
        } else {
            self.pending.remove(&rank);
        }
        self.pending_hash ^= zobrist(class, 0);
    }

    /// Makes chosen `class` shared or not (`on` is ignored for a class not chosen, which is
    /// never shared).
    fn set_shared(&mut self, class: u32, on: bool) {
        let i = class as usize;
        let on = on && self.chosen[i].is_some();
        if on == (self.place[i] != usize::MAX) {
            return;
        }
        if on {
            self.place[i] = self.shared.len();
            self.shared.push(class);
        } else {
            let at = std::mem::replace(&mut self.place[i], usize::MAX);
            self.shared.swap_remove(at);
            if let Some(&moved) = self.shared.get(at) {
                self.place[moved as usize] = at;
            }
        }
        self.shared_hash ^= zobrist(class, 1);
    }
}

/// A pseudo-random 64-bit key for `class` in one of the signature's parts.
fn zobrist(class: u32, part: u64) -> u64 {
    mix(u64::from(class) << 2 | part)
}

/// SplitMix64's finalizer: a bijection that spreads every input bit over the output.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
