//! The instances of a kernel's instructions: every run of every instruction over every loop
//! trip, listed per stream in its order, each with its loop counters and its place in the
//! sequential order. Both replays (`check`, `interleave`) walk these lists.

use super::print::insts;
use super::{Stream, Streams};
use egfuse_nisa::Stmt;

/// Every instance, per stream in its order.
pub struct Runs {
    /// Per stream: the instruction (by [`egfuse_nisa::Kernel::insts`] index) and where its
    /// loop counters start in `counters`.
    per: Vec<Vec<(u32, u32)>>,
    counters: Vec<i64>,
    width: usize,
    /// Per stream and position: the instance's index in the sequential order.
    seq: Vec<Vec<u32>>,
}

impl Runs {
    /// The instances of `s`; `None` past `max` of them.
    pub fn of(s: &Streams, max: u64) -> Option<Runs> {
        let placement = s.placement();
        let lane = |st: &Stream| s.streams.iter().position(|x| x == st).expect("listed");
        let lanes: Vec<usize> = placement.iter().map(lane).collect();
        let mut runs = Runs {
            per: vec![Vec::new(); s.streams.len()],
            counters: Vec::new(),
            width: s.kernel.loops.len(),
            seq: vec![Vec::new(); s.streams.len()],
        };
        let mut walk = Walk {
            lanes: &lanes,
            runs: &mut runs,
            total: 0,
            max,
            ctr: vec![0; s.kernel.loops.len()],
        };
        walk.stmts(&s.kernel.body, 0).then_some(runs)
    }

    /// How many instances stream `lane` runs.
    pub fn len(&self, lane: usize) -> usize {
        self.per[lane].len()
    }

    /// The instruction and loop counters of stream `lane`'s instance `n`.
    pub fn at(&self, lane: usize, n: usize) -> (usize, &[i64]) {
        let (inst, at) = self.per[lane][n];
        let at = at as usize;
        (inst as usize, &self.counters[at..at + self.width])
    }

    pub fn get(&self, lane: usize, n: usize) -> Option<(usize, &[i64])> {
        (n < self.len(lane)).then(|| self.at(lane, n))
    }

    /// The index in the sequential order of stream `lane`'s instance `n`.
    pub fn seq(&self, lane: usize, n: usize) -> usize {
        self.seq[lane][n] as usize
    }

    /// Every instance in the sequential order, as `(stream, position)`.
    pub fn sequential(&self) -> Vec<(usize, usize)> {
        let total: usize = self.per.iter().map(Vec::len).sum();
        let mut out = vec![(0, 0); total];
        for (lane, seqs) in self.seq.iter().enumerate() {
            for (n, &q) in seqs.iter().enumerate() {
                out[q as usize] = (lane, n);
            }
        }
        out
    }
}

struct Walk<'a> {
    lanes: &'a [usize],
    runs: &'a mut Runs,
    total: u64,
    max: u64,
    ctr: Vec<i64>,
}

impl Walk<'_> {
    /// Lists the instances of `stmts`, whose first instruction has index `first`; `false`
    /// past the limit.
    fn stmts(&mut self, stmts: &[Stmt], first: usize) -> bool {
        let mut n = first;
        for s in stmts {
            match s {
                Stmt::Inst(_) => {
                    if self.total >= self.max {
                        return false;
                    }
                    let r = &mut *self.runs;
                    let at = r.counters.len() as u32;
                    r.counters.extend_from_slice(&self.ctr);
                    r.per[self.lanes[n]].push((n as u32, at));
                    r.seq[self.lanes[n]].push(self.total as u32);
                    self.total += 1;
                    n += 1;
                }
                Stmt::Loop {
                    counter,
                    count,
                    body,
                    ..
                } => {
                    for t in 0..*count {
                        self.ctr[counter.0 as usize] = t as i64;
                        if !self.stmts(body, n) {
                            return false;
                        }
                    }
                    n += insts(body);
                }
            }
        }
        true
    }
}
