//! The dynamic race check: runs a kernel's streams with values, in the nisa interpreter, under
//! many random interleavings that honour only each stream's order and the semaphores, and
//! compares each with the sequential order. Where the static check (`check`) reasons about
//! boxes, this one watches bytes, so a box the static check drew wrong shows here.
//!
//! Every byte carries a tag: the sequential index of the instance that last wrote it, with
//! SBUF and PSUM tagged where the place pass put each tile, so two tiles sharing bytes share
//! tags. A first run in the sequential order records the tag of every element each instance
//! reads. An interleaving whose instance reads a byte tagged otherwise has raced: with the
//! writer the sequential order says it should have waited for, or with one it should have
//! come before. Values need not differ for the race to show. At the end, the outputs must be
//! the sequential run's, bit for bit.

use super::instances::Runs;
use super::Streams;
use egfuse_nisa::interp::{self, Stepper, Touch};
use egfuse_nisa::{verify, Budget, BufId, Kernel, Memory, Role};

/// How many interleavings to run, from which seed, and how much work each may do.
#[derive(Clone, Copy, Debug)]
pub struct Config {
    pub interleavings: u32,
    pub seed: u64,
    pub limits: interp::Limits,
    /// Runs of read tags (elements in a row that one writer last wrote) the sequential run may
    /// keep: what its memory grows with.
    pub max_reads: u64,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            interleavings: 100,
            seed: 0x5eed,
            limits: interp::Limits::default(),
            max_reads: 1 << 24,
        }
    }
}

/// What the interleavings showed. Instructions are named by their [`Kernel::insts`] index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Every interleaving read what the sequential order reads and wrote its outputs.
    Agree {
        interleavings: u32,
        instances: u64,
    },
    /// In interleaving `interleaving` (from 0), `first` and `second` (in kernel order)
    /// touched the same bytes in an order the sequential order does not.
    Race {
        first: usize,
        second: usize,
        interleaving: u32,
    },
    /// Interleaving `interleaving` reached a point where no stream could go on.
    Deadlock {
        interleaving: u32,
    },
    /// Output `output` differs from the sequential run's though every read agreed.
    Differs {
        output: usize,
        interleaving: u32,
    },
    /// The scheduled kernel does not verify (the scheduler broke it), or a semaphore
    /// operation names a semaphore that is not there or not its stream's.
    Invalid {
        why: String,
    },
    NotRun {
        why: String,
    },
}

/// Runs `s` under `cfg.interleavings` random interleavings.
pub fn run(s: &Streams, cfg: &Config) -> Outcome {
    let k = &s.kernel;
    let not_run = |why: String| Outcome::NotRun { why };
    if let Some(d) = verify::kernel(k, &Budget::UNLIMITED).into_iter().next() {
        return Outcome::Invalid { why: d.message };
    }
    if let Some(super::check::Verdict::Malformed { why, .. }) =
        super::check::malformed(s, &s.placement())
    {
        return Outcome::Invalid { why };
    }
    if interp::work(k) > cfg.limits.max_work {
        return not_run(format!(
            "it performs more than {} element operations",
            cfg.limits.max_work
        ));
    }
    let Some(runs) = Runs::of(s, cfg.limits.max_steps) else {
        return not_run(format!("more than {} instances", cfg.limits.max_steps));
    };
    let mut rng = Rng(cfg.seed | 1);
    let inputs = inputs(k, &mut rng);
    let insts = k.insts();
    let order = runs.sequential();
    // The sequential run: what each instance reads, and the outputs.
    let mut reads: Vec<Reads> = Vec::with_capacity(order.len());
    let mut recorded = 0u64;
    let start = match Stepper::new(k, &inputs, &cfg.limits) {
        Ok(m) => m,
        Err(d) => return not_run(d.message),
    };
    let mut mem = start.clone();
    let mut tags = Tags::new(k);
    for (q, &(lane, n)) in order.iter().enumerate() {
        let (inst, ctr) = runs.at(lane, n);
        let touches = match mem.step(insts[inst], ctr) {
            Ok(t) => t,
            Err(d) => return not_run(d.message),
        };
        let mut seen = Reads::default();
        tags.apply(k, &touches, q as u32 + 1, &mut seen);
        recorded += seen.0.len() as u64;
        if recorded > cfg.max_reads {
            return not_run(format!(
                "it keeps more than {} runs of read tags",
                cfg.max_reads
            ));
        }
        reads.push(seen);
    }
    let expected = Expected {
        outputs: mem.outputs(),
        reads,
        last: tags,
    };
    let ctx = Ctx {
        s,
        k,
        runs: &runs,
        insts: &insts,
        start: &start,

        expected: &expected,
        order: &order,
    };
    let mut tags = Tags::new(k);
    for n in 0..cfg.interleavings {
        if let Some(o) = ctx.one(n, &mut rng, &mut tags) {
            return o;
        }
    }
    Outcome::Agree {
        interleavings: cfg.interleavings,
        instances: order.len() as u64,
    }
}

/// What the sequential run read, wrote and left.
struct Expected {
    outputs: Vec<Vec<f64>>,
    /// Per sequential instance, the tag of every element it read, in order.
    reads: Vec<Reads>,
    last: Tags,
}

struct Ctx<'a> {
    s: &'a Streams,
    k: &'a Kernel,
    runs: &'a Runs,
    insts: &'a [&'a egfuse_nisa::Inst],
    /// The memory every interleaving starts from.
    start: &'a Stepper<'a>,
    expected: &'a Expected,
    /// Every instance in the sequential order, as `(stream, position)`.
    order: &'a [(usize, usize)],
}

impl Ctx<'_> {
    /// Runs interleaving `n`; `Some` when it went wrong.
    fn one(&self, n: u32, rng: &mut Rng, tags: &mut Tags) -> Option<Outcome> {
        let lanes = self.s.streams.len();
        let mut pos = vec![0usize; lanes];
        let mut counts = vec![0i64; self.s.semaphores.len()];
        let mut mem = self.start.clone();
        tags.restart(self.order.len() as u32 + 1);
        let mut got = Reads::default();
        let mut ready = Vec::with_capacity(lanes);
        let seq_inst = |q: u32| {
            let (lane, p) = self.order[q as usize - 1];
            self.runs.at(lane, p).0
        };
        loop {
            ready.clear();
            ready.extend((0..lanes).filter(|&l| {
                self.runs.get(l, pos[l]).is_some_and(|(inst, ctr)| {
                    (self.s.sync[inst].waits.iter())
                        .all(|w| counts[w.sem.0 as usize] >= w.count.eval(ctr))
                })
            }));
            if ready.is_empty() {
                if (0..lanes).all(|l| pos[l] == self.runs.len(l)) {
                    break;
                }
                return Some(Outcome::Deadlock { interleaving: n });
            }
            let lane = ready[rng.below(ready.len())];
            let (inst, ctr) = self.runs.at(lane, pos[lane]);
            let q = self.runs.seq(lane, pos[lane]) as u32 + 1;
            let touches = mem.step(self.insts[inst], ctr).ok()?;
            let want = &self.expected.reads[q as usize - 1];
            tags.apply(self.k, &touches, q, &mut got);
            if let Some((g, w)) = got.first_difference(want) {
                // A later writer came first, or the expected one has not run yet.
                let other = if g > w { g } else { w };
                return Some(race(inst, seq_inst(other), n));
            }
            for s in &self.s.sync[inst].signals {
                counts[s.0 as usize] += 1;
            }
            pos[lane] += 1;
        }
        if let Some((a, b)) = tags.first_difference(&self.expected.last) {
            return Some(race(seq_inst(a), seq_inst(b), n));
        }
        let outputs = mem.outputs();
        let same = |a: &[f64], b: &[f64]| a.iter().zip(b).all(|(x, y)| x.to_bits() == y.to_bits());
        (outputs.iter().zip(&self.expected.outputs))
            .position(|(a, b)| !same(a, b))
            .map(|output| Outcome::Differs {
                output,
                interleaving: n,
            })
    }
}

fn race(a: usize, b: usize, interleaving: u32) -> Outcome {
    Outcome::Race {
        first: a.min(b),
        second: a.max(b),
        interleaving,
    }
}

/// Inputs to run on: floats in [-2, 2), integers zero (an index then stays in bounds). The
/// tags, not the values, show a race.
fn inputs(k: &Kernel, rng: &mut Rng) -> Vec<Vec<f64>> {
    (k.buffers.iter())
        .filter(|b| b.role == Role::Input)
        .map(|b| {
            (0..b.elements())
                .map(|_| match b.dtype.is_int() {
                    true => 0.0,
                    false => (rng.next() >> 11) as f64 / (1u64 << 53) as f64 * 4.0 - 2.0,
                })
                .collect()
        })
        .collect()
}

/// The tag of every byte: 0 until written, then the sequential index (from 1) of the
/// instance that last wrote it. SBUF and PSUM are grids of partitions by bytes; each HBM
/// tensor and unplaced tile has its own array with a tag per element, since nothing else
/// shares its bytes and every instruction touches its elements whole. A run stores
/// `base + tag`, so the next run starts afresh by raising `base` past it instead of clearing
/// every byte.
struct Tags {
    sbuf: Plane,
    psum: Plane,
    own: Vec<Vec<u32>>,
    base: u32,
}

/// One on-chip memory's tags: partitions of `width` bytes, one after another.
struct Plane {
    width: usize,
    cells: Vec<u32>,
}

/// Which tag array a buffer's bytes are in.
#[derive(Clone, Copy)]
enum Grid {
    Sbuf,
    Psum,
    Own(usize),
}

/// How a buffer's elements map to its tag array.
struct Layout {
    grid: Grid,
    size: usize,
    free: usize,
    width: usize,
    base: usize,
}

impl Layout {
    /// The first tag of element `e`.
    fn at(&self, e: usize) -> usize {
        match self.grid {
            Grid::Own(_) => e * self.size,
            _ => (e / self.free) * self.width + self.base + (e % self.free) * self.size,
        }
    }

    /// Calls `f` with each maximal run of `indices` whose tags lie side by side (consecutive
    /// elements, in one partition on chip): its first element and its length.
    fn runs(&self, indices: &[usize], mut f: impl FnMut(usize, usize)) {
        let mut i = 0;
        while i < indices.len() {
            let first = indices[i];
            let end = match self.grid {
                Grid::Own(_) => usize::MAX,
                _ => (first / self.free + 1) * self.free,
            };
            let most = (indices.len() - i).min(end - first);
            let n = (1..most)
                .find(|&n| indices[i + n] != first + n)
                .unwrap_or(most);
            f(first, n);
            i += n;
        }
    }
}

/// The tags one instance read, in order, as runs: `(tag, elements)`, no two neighbours of one
/// tag, so two lists are equal exactly when the tags they spell are.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Reads(Vec<(u32, u32)>);

impl Reads {
    fn clear(&mut self) {
        self.0.clear();
    }

    fn push(&mut self, tag: u32, n: u32) {
        match self.0.last_mut() {
            Some(last) if last.0 == tag => last.1 += n,
            _ => self.0.push((tag, n)),
        }
    }

    /// The tags of the first element read differently: this list's, then `other`'s.
    fn first_difference(&self, other: &Reads) -> Option<(u32, u32)> {
        if self == other {
            return None;
        }
        let (mut a, mut b) = (self.0.iter().copied(), other.0.iter().copied());
        let (mut x, mut y) = (a.next(), b.next());
        while let (Some((t, n)), Some((u, m))) = (x, y) {
            if t != u {
                return Some((t, u));
            }
            let k = n.min(m);
            x = if n > k { Some((t, n - k)) } else { a.next() };
            y = if m > k { Some((u, m - k)) } else { b.next() };
        }
        None
    }
}

impl Tags {
    fn new(k: &Kernel) -> Tags {
        let grid = |m: Memory| {
            let placed = (k.buffers.iter()).filter(|b| b.memory == m && b.offset.is_some());
            let (mut width, mut parts) = (0u64, 0u64);
            for b in placed {
                width = width.max(
                    b.offset
                        .unwrap_or(0)
                        .saturating_add(b.bytes_per_partition()),
                );
                parts = parts.max(b.shape.first().copied().unwrap_or(1));
            }
            Plane {
                width: width as usize,
                cells: vec![0; (width * parts) as usize],
            }
        };
        let own = (k.buffers.iter())
            .map(|b| match b.memory == Memory::Hbm || b.offset.is_none() {
                true => vec![0; b.elements() as usize],
                false => Vec::new(),
            })
            .collect();
        Tags {
            sbuf: grid(Memory::Sbuf),
            psum: grid(Memory::Psum),
            own,
            base: 0,
        }
    }

    /// Forgets the last run, whose tags went up to `span`.
    fn restart(&mut self, span: u32) {
        match self
            .base
            .checked_add(span)
            .filter(|b| b.checked_add(span).is_some())
        {
            Some(b) => self.base = b,
            None => {
                let planes = [&mut self.sbuf.cells, &mut self.psum.cells];
                planes
                    .into_iter()
                    .chain(&mut self.own)
                    .for_each(|c| c.fill(0));
                self.base = 0;
            }
        }
    }

    /// Where the tags of `buf`'s elements lie: its grid (or its own array), the tags of an
    /// element (its bytes on chip, one in its own array), its elements per partition and its
    /// offset in a partition.
    fn layout(&self, k: &Kernel, buf: BufId) -> Layout {
        let b = k.buffer(buf);
        let (bytes, free) = (b.dtype.bytes() as usize, b.free_elements().max(1) as usize);
        let (grid, width, size) = match (b.memory, b.offset) {
            (Memory::Sbuf, Some(_)) => (Grid::Sbuf, self.sbuf.width, bytes),
            (Memory::Psum, Some(_)) => (Grid::Psum, self.psum.width, bytes),
            _ => (Grid::Own(buf.0 as usize), usize::MAX, 1),
        };
        let base = b.offset.unwrap_or(0) as usize;
        Layout {
            grid,
            size,
            free,
            width,
            base,
        }
    }

    fn cells(&mut self, grid: Grid) -> &mut [u32] {
        match grid {
            Grid::Sbuf => &mut self.sbuf.cells,
            Grid::Psum => &mut self.psum.cells,
            Grid::Own(b) => &mut self.own[b],
        }
    }

    /// Applies one instance's touches: the tags it read (each element's first differing byte,
    /// else its first), then its writes tagged `q`. A run of elements whose bytes all carry one
    /// tag is read, and written, at once.
    fn apply(&mut self, k: &Kernel, touches: &[Touch], q: u32, seen: &mut Reads) {
        seen.clear();
        let base = self.base;
        for t in touches.iter().filter(|t| !t.write) {
            let l = self.layout(k, t.buf);
            let cells = self.cells(l.grid);
            l.runs(&t.indices, |e, n| {
                let bytes = &cells[l.at(e)..l.at(e) + n * l.size];
                let first = bytes[0];
                // An OR of differences, not `all`: it vectorizes.
                if bytes.iter().fold(0, |d, &x| d | (x ^ first)) == 0 {
                    return seen.push(first.saturating_sub(base), n as u32);
                }
                for element in bytes.chunks(l.size) {
                    let first = element[0];
                    let tag = element.iter().copied().find(|&x| x != first);
                    seen.push(tag.unwrap_or(first).saturating_sub(base), 1);
                }
            });
        }
        for t in touches.iter().filter(|t| t.write) {
            let l = self.layout(k, t.buf);
            let cells = self.cells(l.grid);
            l.runs(&t.indices, |e, n| {
                cells[l.at(e)..l.at(e) + n * l.size].fill(base + q)
            });
        }
    }

    /// The first element of an HBM tensor (or unplaced tile) whose last writer differs from
    /// `other`'s, a run from base 0: the two writers. On-chip scratch no one reads again may
    /// end as it likes.
    fn first_difference(&self, other: &Tags) -> Option<(u32, u32)> {
        let (a, b) = (self.own.iter().flatten(), other.own.iter().flatten());
        (a.zip(b))
            .map(|(&x, &y)| (x.saturating_sub(self.base), y))
            .find(|(x, y)| x != y)
    }
}

/// xorshift64*: a small deterministic generator, so a seed names its interleavings.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}
