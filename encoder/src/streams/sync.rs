//! The semaphores: every pair of instructions on different streams whose boxes conflict
//! (`access`), where some instance of the first precedes some instance of the second in the
//! sequential order, is an edge. Each edge makes the producer signal the semaphore from its
//! stream to the consumer's, and the consumer wait on it. One semaphore serves each ordered
//! pair of streams; its producer stream is in order, so its `n`th signal is always the same
//! instance, and a wait for `n` signals is a wait for that instance and everything before it
//! on the producer's stream.
//!
//! A wait counts every signal of its semaphore that precedes the waiting instance in the
//! sequential order. Within one trip of the enclosing loops that count is affine in their
//! counters: `x` runs `E_j` times per trip of each shared loop `j`, and once more per trip of
//! its own loops if it precedes the waiter in the body. A wait already made by an earlier
//! instruction of the same stream in the same block, for the same count, is dropped.
//!
//! Invariant: the sequential order satisfies every wait (each waits only for signals issued
//! before it), so the streams cannot deadlock, and every conflicting pair is ordered.

use super::access::{self, Access};
use super::{SemId, Semaphore, Stream, Sync, Wait};
use egfuse_nisa::{Affine, Kernel, LoopId, Stmt};
use std::collections::{BTreeMap, BTreeSet};

/// One instruction of the kernel: the loops around it (outermost first, with their trip
/// counts), its stream and the boxes it touches over every trip.
struct Site {
    path: Vec<(LoopId, u64)>,
    stream: Stream,
    accesses: Vec<Access>,
}

/// The semaphores of the scheduled kernel `k`, and each instruction's operations on them.
pub fn semaphores(k: &Kernel) -> (Vec<Semaphore>, Vec<Sync>) {
    let trips = access::every_trip(k);
    let mut sites = Vec::new();
    walk(k, &k.body, &mut Vec::new(), &trips, &mut sites);
    let edges = edges(&sites);
    let pairs: BTreeSet<(Stream, Stream)> = (edges.iter())
        .map(|&(a, b)| (sites[a].stream, sites[b].stream))
        .collect();
    let semaphores: Vec<Semaphore> = (pairs.iter())
        .map(|&(from, to)| Semaphore { from, to })
        .collect();
    let sem_of = |a: usize, b: usize| {
        let pair = (sites[a].stream, sites[b].stream);
        SemId(
            pairs
                .iter()
                .position(|p| *p == pair)
                .expect("every edge's pair") as u16,
        )
    };
    let mut sync = vec![Sync::default(); sites.len()];
    let mut waited: Vec<BTreeSet<SemId>> = vec![BTreeSet::new(); sites.len()];
    for &(a, b) in &edges {
        let s = sem_of(a, b);
        if !sync[a].signals.contains(&s) {
            sync[a].signals.push(s);
        }
        waited[b].insert(s);
    }
    sync.iter_mut().for_each(|s| s.signals.sort());
    let signallers: Vec<Vec<usize>> = (0..semaphores.len())
        .map(|s| {
            (0..sites.len())
                .filter(|&x| sync[x].signals.contains(&SemId(s as u16)))
                .collect()
        })
        .collect();
    for (b, sems) in waited.iter().enumerate() {
        for &s in sems {
            let count = (signallers[s.0 as usize].iter())
                .fold(Affine::constant(0), |n, &x| n.plus(&before(&sites, x, b)));
            sync[b].waits.push(Wait { sem: s, count });
        }
    }
    prune(&k.body, &mut 0, &sites, &mut sync);
    (semaphores, sync)
}

fn walk(
    k: &Kernel,
    stmts: &[Stmt],
    path: &mut Vec<(LoopId, u64)>,
    trips: &[(i64, i64)],
    out: &mut Vec<Site>,
) {
    for s in stmts {
        match s {
            Stmt::Inst(i) => out.push(Site {
                path: path.clone(),
                stream: Stream::of(k, i),
                accesses: access::of(k, i, trips),
            }),
            Stmt::Loop {
                counter,
                count,
                body,
                ..
            } => {
                path.push((*counter, *count));
                walk(k, body, path, trips, out);
                path.pop();
            }
        }
    }
}

/// How many loops two sites share, outermost first.
fn shared(a: &Site, b: &Site) -> usize {
    (a.path.iter().zip(&b.path))
        .take_while(|(x, y)| x.0 == y.0)
        .count()
}

/// The conflicting pairs `(a, b)` on different streams where an instance of `a` precedes an
/// instance of `b`: `a` comes first in the kernel, or both run in a loop of several trips.
fn edges(sites: &[Site]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for (b, y) in sites.iter().enumerate() {
        for (a, x) in sites.iter().enumerate() {
            if a == b || x.stream == y.stream {
                continue;
            }
            let looped = x.path[..shared(x, y)].iter().any(|l| l.1 > 1);
            let conflict =
                || (x.accesses.iter()).any(|p| y.accesses.iter().any(|q| p.conflicts(q)));
            if (a < b || looped) && conflict() {
                out.push((a, b));
            }
        }
    }
    out
}

/// How many times `x` has run before an instance of `b`, affine in `b`'s loop counters.
fn before(sites: &[Site], x: usize, b: usize) -> Affine {
    let (xs, ys) = (&sites[x], &sites[b]);
    let n = shared(xs, ys);
    let own = xs.path[n..]
        .iter()
        .fold(1i64, |t, l| t.saturating_mul(l.1 as i64));
    let mut per = own;
    let mut terms = Vec::new();
    for &(l, count) in xs.path[..n].iter().rev() {
        terms.push((l, per));
        per = per.saturating_mul(count as i64);
    }
    terms.retain(|t| t.1 != 0);
    terms.sort_by_key(|t| t.0);
    Affine {
        base: if x < b { own } else { 0 },
        terms,
    }
}

/// Drops each wait an earlier instruction of the same stream in the same block already made:
/// the same semaphore and count, so no signal came between.
fn prune(stmts: &[Stmt], next: &mut usize, sites: &[Site], sync: &mut [Sync]) {
    let mut made = BTreeMap::<(Stream, SemId), Affine>::new();
    for s in stmts {
        match s {
            Stmt::Inst(_) => {
                let n = *next;
                *next += 1;
                let stream = sites[n].stream;
                sync[n].waits.retain(|w| {
                    let same = made.get(&(stream, w.sem)) == Some(&w.count);
                    made.insert((stream, w.sem), w.count.clone());
                    !same
                });
            }
            Stmt::Loop { body, .. } => prune(body, next, sites, sync),
        }
    }
}
