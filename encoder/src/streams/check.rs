//! The static checks of a kernel's streams: deadlock freedom and race freedom, proved by one
//! replay. The replay runs every instance of every instruction, each stream in its own order,
//! an instance only once the semaphores it waits on have counted enough signals. Which
//! instance gives a semaphore its `n`th signal does not depend on the interleaving (one
//! stream signals it, in order), so one replay decides both properties for every
//! interleaving:
//!
//! - deadlock: the replay stops with streams left, each waiting for a count no order reaches;
//! - race: each instance carries a vector clock (its stream's order, joined with the clock
//!   of the signal each wait needs), and two conflicting boxes (`access`, exact per instance)
//!   on different streams must be ordered by those clocks, as FastTrack checks a trace.
//!
//! The replay keeps, per memory, the boxes not yet known to be ordered before everything to
//! come; a box another box covers and follows is dropped.

use super::access::{self, Access, Space};
use super::instances::Runs;
use super::{SemId, Stream, Streams};
use egfuse_nisa::Kernel;
use std::collections::BTreeMap;

/// How much one replay may do before it stops and says so.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Instruction instances, over every loop trip.
    pub max_instances: u64,
    /// Comparisons of one box with another.
    pub max_comparisons: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_instances: 4_000_000,
            max_comparisons: 400_000_000,
        }
    }
}

/// Instances between two sweeps of the boxes everything to come follows.
const FORGET_EVERY: u64 = 1024;

/// What the replay found. Instructions are named by their index in [`Kernel::insts`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Every stream ran to its end and every conflicting pair was ordered.
    Sound { instances: u64 },
    /// Two instructions on different streams touch the same bytes, one writing, and nothing
    /// orders them; `first` comes first in the kernel.
    Race { first: usize, second: usize },
    /// Streams are left, each waiting for a count its semaphore never reaches.
    Deadlock { blocked: Vec<Blocked> },
    /// A semaphore operation names a semaphore that does not exist, or one whose streams are
    /// not the instruction's.
    Malformed { inst: usize, why: String },
    /// The replay went past a limit.
    Stopped { why: String },
}

/// A stream's next instruction, and the wait that holds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Blocked {
    pub inst: usize,
    pub sem: SemId,
    pub needs: u64,
    pub has: u64,
}

/// Replays `s` and judges it.
pub fn streams(s: &Streams, limits: &Limits) -> Verdict {
    let placement = s.placement();
    if let Some(v) = malformed(s, &placement) {
        return v;
    }
    let Some(runs) = Runs::of(s, limits.max_instances) else {
        let why = format!("more than {} instruction instances", limits.max_instances);
        return Verdict::Stopped { why };
    };
    Replay::new(s, &runs, *limits).run()
}

/// The first semaphore operation naming no semaphore, or one whose streams are not the
/// instruction's.
pub(crate) fn malformed(s: &Streams, placement: &[Stream]) -> Option<Verdict> {
    for (n, (sync, at)) in s.sync.iter().zip(placement).enumerate() {
        let sems = (sync.signals.iter().map(|&x| (x, true)))
            .chain(sync.waits.iter().map(|w| (w.sem, false)));
        for (sem, signal) in sems {
            let Some(sm) = s.semaphores.get(sem.0 as usize) else {
                let why = format!("semaphore %s{} is not declared", sem.0);
                return Some(Verdict::Malformed { inst: n, why });
            };
            let (end, verb) = if signal {
                (sm.from, "signals")
            } else {
                (sm.to, "waits on")
            };
            if end != *at {
                let why = format!(
                    "{verb} %s{}, a semaphore from {} to {}, from the {} stream",
                    sem.0,
                    sm.from.name(),
                    sm.to.name(),
                    at.name()
                );
                return Some(Verdict::Malformed { inst: n, why });
            }
        }
    }
    None
}

/// A box some instance touched: its stream, that stream's clock when it ran, and which
/// instruction it was.
#[derive(Clone, Copy)]
struct Record {
    access: Access,
    lane: usize,
    epoch: u32,
    inst: usize,
}

struct Replay<'a> {
    s: &'a Streams,
    k: &'a Kernel,
    runs: &'a Runs,
    limits: Limits,
    insts: Vec<&'a egfuse_nisa::Inst>,
    /// Per stream: the next instance, and the vector clock of the last one.
    pos: Vec<usize>,
    clock: Vec<Vec<u32>>,
    /// Per semaphore: the clocks of its signals, in order.
    signals: Vec<Vec<Vec<u32>>>,
    shadow: BTreeMap<Space, Vec<Record>>,
    comparisons: u64,
    ran: u64,
}

impl<'a> Replay<'a> {
    fn new(s: &'a Streams, runs: &'a Runs, limits: Limits) -> Replay<'a> {
        let n = s.streams.len();
        Replay {
            s,
            k: &s.kernel,
            runs,
            limits,
            insts: s.kernel.insts(),
            pos: vec![0; n],
            clock: vec![vec![0; n]; n],
            signals: vec![Vec::new(); s.semaphores.len()],
            shadow: BTreeMap::new(),
            comparisons: 0,
            ran: 0,
        }
    }

    fn run(mut self) -> Verdict {
        let runs = self.runs;
        loop {
            let mut moved = false;
            for lane in 0..self.s.streams.len() {
                while self.pos[lane] < runs.len(lane) {
                    let (inst, ctr) = runs.at(lane, self.pos[lane]);
                    if self.held(inst, ctr).is_some() {
                        break;
                    }
                    if let Some(v) = self.step(lane, inst, ctr) {
                        return v;
                    }
                    moved = true;
                    if self.ran.is_multiple_of(FORGET_EVERY) {
                        self.forget();
                    }
                }
            }
            if (0..self.pos.len()).all(|l| self.pos[l] == self.runs.len(l)) {
                return Verdict::Sound {
                    instances: self.ran,
                };
            }
            if !moved {
                return Verdict::Deadlock {
                    blocked: self.blocked(),
                };
            }
            self.forget();
        }
    }

    /// The first wait of `inst` its semaphore's count does not yet meet.
    fn held(&self, inst: usize, ctr: &[i64]) -> Option<Blocked> {
        (self.s.sync[inst].waits.iter()).find_map(|w| {
            let needs = w.count.eval(ctr).max(0) as u64;
            let has = self.signals[w.sem.0 as usize].len() as u64;
            (has < needs).then_some(Blocked {
                inst,
                sem: w.sem,
                needs,
                has,
            })
        })
    }

    fn blocked(&self) -> Vec<Blocked> {
        (0..self.pos.len())
            .filter_map(|l| {
                let (inst, ctr) = self.runs.get(l, self.pos[l])?;
                self.held(inst, ctr)
            })
            .collect()
    }

    /// Runs one instance: joins the clocks its waits need, checks its boxes, signals.
    fn step(&mut self, lane: usize, inst: usize, ctr: &[i64]) -> Option<Verdict> {
        let mut clock = self.clock[lane].clone();
        for w in &self.s.sync[inst].waits {
            let needs = w.count.eval(ctr).max(0) as usize;
            if needs > 0 {
                let seen = &self.signals[w.sem.0 as usize][needs - 1];
                clock
                    .iter_mut()
                    .zip(seen)
                    .for_each(|(c, s)| *c = (*c).max(*s));
            }
        }
        clock[lane] += 1;
        let at: Vec<(i64, i64)> = ctr.iter().map(|&c| (c, c)).collect();
        let accesses = access::of(self.k, self.insts[inst], &at);
        for a in &accesses {
            if let Some(v) = self.race(a, lane, &clock, inst) {
                return Some(v);
            }
        }
        for a in accesses {
            self.record(a, lane, &clock, inst);
        }
        for sem in &self.s.sync[inst].signals {
            self.signals[sem.0 as usize].push(clock.clone());
        }
        self.clock[lane] = clock;
        self.pos[lane] += 1;
        self.ran += 1;
        None
    }

    fn race(&mut self, a: &Access, lane: usize, clock: &[u32], inst: usize) -> Option<Verdict> {
        let records = self.shadow.get(&a.space)?;
        self.comparisons += records.len() as u64;
        if self.comparisons > self.limits.max_comparisons {
            let why = format!("more than {} box comparisons", self.limits.max_comparisons);
            return Some(Verdict::Stopped { why });
        }
        let r = records
            .iter()
            .find(|r| r.access.conflicts(a) && r.lane != lane && clock[r.lane] < r.epoch)?;
        Some(Verdict::Race {
            first: r.inst.min(inst),
            second: r.inst.max(inst),
        })
    }

    /// Adds `a`'s box, dropping the boxes it follows and covers: anything that conflicts
    /// with one of those and is not ordered after it conflicts with `a` first.
    fn record(&mut self, a: Access, lane: usize, clock: &[u32], inst: usize) {
        let records = self.shadow.entry(a.space).or_default();
        records.retain(|r| {
            let follows = r.lane == lane || clock[r.lane] >= r.epoch;
            !(follows && a.covers(&r.access) && (a.write || !r.access.write))
        });
        records.push(Record {
            access: a,
            lane,
            epoch: clock[lane],
            inst,
        });
    }

    /// Drops every box that everything still to run follows.
    fn forget(&mut self) {
        let live: Vec<usize> = (0..self.pos.len())
            .filter(|&l| self.pos[l] < self.runs.len(l))
            .collect();
        let frontier: Vec<u32> = (0..self.pos.len())
            .map(|t| {
                live.iter()
                    .map(|&l| self.clock[l][t])
                    .min()
                    .unwrap_or(u32::MAX)
            })
            .collect();
        for records in self.shadow.values_mut() {
            records.retain(|r| r.epoch > frontier[r.lane]);
        }
    }
}
