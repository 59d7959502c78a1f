//! Per-engine instruction streams and the semaphores between them: how a kernel runs on a
//! NeuronCore whose engines each read their own in-order stream (003 §1.6).
//!
//! `order` list-schedules each straight-line block of the kernel by the target's costs,
//! moving an instruction only past instructions whose memory it does not conflict with. The
//! scheduled kernel is the program's *sequential order*: its meaning, and what every stream
//! is a projection of. A stream keeps the kernel's loops around its own instructions.
//! `sync` then gives every pair of conflicting instructions on different streams a
//! semaphore: the producer signals it (one increment per instance), the consumer waits until
//! it has counted every signal the sequential order issues before it, a count affine in the
//! enclosing loop counters. `check` replays the streams in an order only the semaphores
//! constrain and proves them deadlock-free and race-free; `print` is the text form.
//!
//! Invariant: a kernel call is a barrier. Every stream of one call finishes before the next
//! call starts, and semaphores start each call at zero.

pub mod access;
pub mod check;
pub mod instances;
pub mod interleave;
pub mod order;
pub mod parse;
pub mod print;
pub mod sync;

use egfuse_cost::Target;
use egfuse_nisa::spec::Opcode;
use egfuse_nisa::{Affine, Engine, Inst, Kernel, LoopId, Memory, Stmt};

/// An in-order instruction stream: an engine's, or one of the DMA queues.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Stream {
    pub engine: Engine,
    /// The DMA queue: 0 carries loads and on-chip moves, 1 stores to HBM; 0 on engines.
    pub queue: u8,
}

impl Stream {
    /// The stream that runs `i`: its engine's, or for a DMA, the queue of its direction.
    pub fn of(k: &Kernel, i: &Inst) -> Stream {
        let engine = i.engine.unwrap_or(i.op.spec().engines[0]);
        let stores = matches!(i.op, Opcode::DmaCopy | Opcode::DmaTranspose)
            && i.ap("dst")
                .is_some_and(|d| k.buffer(d.buf).memory == Memory::Hbm);
        Stream {
            engine,
            queue: u8::from(engine == Engine::Dma && stores),
        }
    }

    /// `PE`, `ACT`, ..., and `DMA0`, `DMA1` for the queues.
    pub fn name(self) -> String {
        match self.engine {
            Engine::Dma => format!("DMA{}", self.queue),
            e => e.name().to_string(),
        }
    }

    pub fn from_name(s: &str) -> Option<Stream> {
        if let Some(q) = s.strip_prefix("DMA") {
            let queue = q.parse().ok().filter(|&q: &u8| q <= 1)?;
            return Some(Stream {
                engine: Engine::Dma,
                queue,
            });
        }
        let engine = Engine::from_name(s).filter(|&e| e != Engine::Dma)?;
        Some(Stream { engine, queue: 0 })
    }
}

/// A semaphore's index in [`Streams::semaphores`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SemId(pub u16);

/// A counting semaphore from one stream to another: the producer increments it, the consumer
/// waits on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Semaphore {
    pub from: Stream,
    pub to: Stream,
}

/// Wait, before the instruction starts, until `sem` has counted `count` signals (`count`
/// affine in the loop counters around the instruction).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wait {
    pub sem: SemId,
    pub count: Affine,
}

/// An instruction's semaphore operations.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sync {
    pub waits: Vec<Wait>,
    /// Incremented by one once the instruction has finished, each time it runs.
    pub signals: Vec<SemId>,
}

/// A kernel as streams: the scheduled kernel (the sequential order), its streams, and each
/// instruction's semaphore operations.
#[derive(Clone, Debug, PartialEq)]
pub struct Streams {
    pub kernel: Kernel,
    /// Every stream that runs an instruction, engines in the seed's order, then queues.
    pub streams: Vec<Stream>,
    pub semaphores: Vec<Semaphore>,
    /// By instruction, in [`Kernel::insts`] order of the scheduled kernel.
    pub sync: Vec<Sync>,
}

impl Streams {
    /// Each instruction's stream, in [`Kernel::insts`] order.
    pub fn placement(&self) -> Vec<Stream> {
        let k = &self.kernel;
        k.insts().into_iter().map(|i| Stream::of(k, i)).collect()
    }

    /// Each instruction's position in its own stream (loop bodies counted once).
    pub fn positions(&self) -> Vec<usize> {
        let mut next = std::collections::BTreeMap::<Stream, usize>::new();
        (self.placement().into_iter())
            .map(|s| {
                let n = next.entry(s).or_default();
                *n += 1;
                *n - 1
            })
            .collect()
    }
}

/// Schedules `k` and gives its streams their semaphores.
pub fn build(target: &Target, k: &Kernel) -> Streams {
    let mut kernel = order::schedule(target, k);
    let (semaphores, mut sync) = sync::semaphores(&kernel);
    canonical_loops(&mut kernel, &mut sync);
    let mut streams: Vec<Stream> = (kernel.insts().into_iter())
        .map(|i| Stream::of(&kernel, i))
        .collect();
    streams.sort();
    streams.dedup();
    Streams {
        kernel,
        streams,
        semaphores,
        sync,
    }
}

/// Numbers `k`'s loop counters in the order their loops open in the kernel (the order the
/// binary lists them in), rewriting every offset and wait count to match, so that one kernel
/// has one numbering however it was built or read. Loops no statement opens keep their
/// order after the rest.
pub fn canonical_loops(k: &mut Kernel, sync: &mut [Sync]) {
    fn opened(stmts: &[Stmt], out: &mut Vec<LoopId>) {
        for s in stmts {
            if let Stmt::Loop { counter, body, .. } = s {
                out.push(*counter);
                opened(body, out);
            }
        }
    }
    let mut order = Vec::new();
    opened(&k.body, &mut order);
    let all = (0..k.loops.len() as u32).map(LoopId);
    order.extend(all.filter(|l| !order.contains(l)).collect::<Vec<_>>());
    let mut new = vec![LoopId(0); k.loops.len()];
    for (n, l) in order.iter().enumerate() {
        new[l.0 as usize] = LoopId(n as u32);
    }
    k.loops = order
        .iter()
        .map(|l| k.loops[l.0 as usize].clone())
        .collect();
    let remap = |a: &mut Affine| {
        a.terms.iter_mut().for_each(|t| t.0 = new[t.0 .0 as usize]);
        a.terms.sort();
    };
    renumber(&mut k.body, &new, &remap);
    sync.iter_mut()
        .flat_map(|s| s.waits.iter_mut())
        .for_each(|w| remap(&mut w.count));
}

fn renumber(stmts: &mut [Stmt], new: &[LoopId], remap: &impl Fn(&mut Affine)) {
    for s in stmts {
        match s {
            Stmt::Inst(i) => (i.args.iter_mut().flatten())
                .filter_map(|a| match a {
                    egfuse_nisa::spec::Arg::Ap(ap) => Some(ap),
                    _ => None,
                })
                .for_each(|ap| remap(&mut ap.offset)),
            Stmt::Loop { counter, body, .. } => {
                *counter = new[counter.0 as usize];
                renumber(body, new, remap);
            }
        }
    }
}
