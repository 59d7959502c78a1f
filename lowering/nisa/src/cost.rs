//! The estimated time of a kernel: each instruction's cycles on its engine, from NKI's
//! per-instruction cost formulas (lowering-anchors §1, "Estimated instruction cost") with the
//! target file's clocks, overheads and bandwidths, summed per engine over every loop trip.
//!
//! ```text
//! ACT, DVE, GpSimd   overhead + passes x F        F: free elements per partition read
//!   tensor_tensor      2 passes, 1 when one input is in PSUM and the other in SBUF, or
//!                      both in SBUF, all bf16, add/subtract/multiply, unit inner stride
//!   reciprocal         8 passes (DVE's is "about 8x lower" throughput than ACT's)
//!   tensor_reduce      1/2 pass when bf16 in and out and add or maximum
//!   memset             1/2 pass when zero into bf16 or f16
//!   tensor_copy_predicated  2 passes when both operands are in SBUF
//!   activation_reduce  one overhead more (the reduce's own interval)
//! PE                 max(tensor.min_interval, N) x (tensor.fp32_passes for fp32 operands)
//!   nc_matmul          N: the moving tile's free size
//!   nc_transpose       N: the partitions transposed (a matmul against an identity)
//! DMA                dma.fixed + bytes at the effective bandwidth (the smaller of
//!                    hbm.bandwidth and dma.engines x dma.engine_bandwidth), as the fusion
//!                    model moves one tensor; in a kernel's total the bytes share the
//!                    bandwidth and the fixed costs overlap over the dma.engines queues
//! ```
//!
//! The engines run concurrently, so the kernel's estimate is its busiest engine's time: a
//! bound that assumes perfect overlap, which the per-engine streams with their semaphores
//! (the encoder) will replace. The launch is the fusion model's (`kernel.launch`), not counted
//! here. Every figure is an estimate, as docs/target.md labels the target's values.

use crate::spec::{Alu, Arg, Opcode};
use crate::{Ap, Dtype, Engine, Inst, Kernel, Memory, Stmt, ENGINES};
use egfuse_cost::{Cost, Key, Target, Traffic};
use std::fmt;

/// A kernel's estimated busy time on each engine, by [`ENGINES`] order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Estimate {
    pub busy: [Cost; ENGINES.len()],
}

impl Estimate {
    /// The busiest engine and its time (the first of a tie): the kernel's estimate.
    pub fn bound(&self) -> (Engine, Cost) {
        let mut best = (ENGINES[0].0, self.busy[0]);
        for (&(engine, _), &busy) in ENGINES.iter().zip(&self.busy) {
            if busy > best.1 {
                best = (engine, busy);
            }
        }
        best
    }

    pub fn of(&self, engine: Engine) -> Cost {
        self.busy[slot(engine)]
    }
}

/// `5.678 us, bound by DVE (PE 1.234 us, DVE 5.678 us, DMA 2.000 us)`: the engines that
/// are busy at all, in [`ENGINES`] order.
impl fmt::Display for Estimate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (engine, time) = self.bound();
        let busy: Vec<String> = (ENGINES.iter().zip(&self.busy))
            .filter(|(_, c)| **c > Cost::ZERO)
            .map(|((_, name), c)| format!("{name} {c}"))
            .collect();
        write!(
            f,
            "{time}, bound by {} ({})",
            engine.name(),
            busy.join(", ")
        )
    }
}

fn slot(engine: Engine) -> usize {
    (ENGINES.iter().position(|(e, _)| *e == engine)).expect("every engine is in ENGINES")
}

/// The estimate of `k` on `target`: every instruction once per trip of its loops.
pub fn kernel(target: &Target, k: &Kernel) -> Estimate {
    let mut est = Estimate::default();
    let mut latency = Cost::ZERO;
    walk(target, k, &k.body, 1, &mut est, &mut latency);
    let queues = target.get(Key::DmaEngines).max(1);
    est.busy[slot(Engine::Dma)] += Cost::from_ps(latency.ps().div_ceil(queues));
    est
}

/// Adds `stmts`, run `trips` times, to `est`; the DMA transfers' fixed costs, which the
/// queues overlap, to `latency`.
fn walk(
    t: &Target,
    k: &Kernel,
    stmts: &[Stmt],
    trips: u64,
    est: &mut Estimate,
    latency: &mut Cost,
) {
    for s in stmts {
        match s {
            Stmt::Inst(i) => {
                let (engine, cost) = instruction(t, k, i);
                let fixed = match engine {
                    Engine::Dma => Cost::from_ps(t.get(Key::DmaFixed)),
                    _ => Cost::ZERO,
                };
                est.busy[slot(engine)] += Cost::from_ps(cost.ps() - fixed.ps()) * trips;
                *latency += fixed * trips;
            }
            Stmt::Loop { count, body, .. } => {
                walk(t, k, body, trips.saturating_mul(*count), est, latency);
            }
        }
    }
}

/// One instruction's engine and its time there, once.
pub fn instruction(t: &Target, k: &Kernel, i: &Inst) -> (Engine, Cost) {
    let engine = i.engine.unwrap_or(i.op.spec().engines[0]);
    let cost = match engine {
        Engine::Pe => pe(t, k, i),
        Engine::Act => stream(t, Key::ScalarClock, Key::ScalarOverhead, k, i),
        Engine::Dve => stream(t, Key::VectorClock, Key::VectorOverhead, k, i),
        Engine::GpSimd => stream(t, Key::GpsimdClock, Key::GpsimdOverhead, k, i),
        Engine::Dma => transfer(t, k, i),
        // The sync engine triggers DMA queues; no instruction of a program runs on it.
        Engine::Sp => Cost::ZERO,
    };
    (engine, cost)
}

/// A streaming engine's instruction: `overhead + passes x F` cycles at `clock`, in halves of a
/// pass so that a half-pass instruction rounds up.
fn stream(t: &Target, clock: Key, overhead: Key, k: &Kernel, i: &Inst) -> Cost {
    let mut free = u128::from(widest(i));
    if i.op == Opcode::QuantizeMx {
        // "Four input elements per partition, per cycle (4x Vector performance mode)"
        // (lowering-anchors §6): a pass over the packed elements.
        free = free.div_ceil(4);
    }
    let halves = u128::from(half_passes(k, i));
    let mut fixed = u128::from(t.get(overhead));
    if i.op == Opcode::ActivationReduce {
        fixed *= 2;
    }
    t.cycles(fixed + (free * halves).div_ceil(2), clock)
}

/// The passes over its free elements an instruction makes, in halves (anchors §1).
fn half_passes(k: &Kernel, i: &Inst) -> u64 {
    let mem = |name: &str| i.ap(name).map(|a| k.buffer(a.buf).memory);
    let dtype = |name: &str| i.ap(name).map(|a| k.buffer(a.buf).dtype);
    let alu = |name: &str| match i.arg(name) {
        Some(Arg::Alu(a)) => Some(*a),
        _ => None,
    };
    let half_width = |d: Option<Dtype>| matches!(d, Some(Dtype::Bf16 | Dtype::F16));
    match i.op {
        Opcode::TensorTensor => {
            let (a, b) = (mem("data1"), mem("data2"));
            let psum = Some(Memory::Psum);
            let mixed = (a == psum) != (b == psum);
            let bf16 = ["dst", "data1", "data2"]
                .iter()
                .all(|n| dtype(n) == Some(Dtype::Bf16));
            let simple = matches!(alu("op"), Some(Alu::Add | Alu::Subtract | Alu::Multiply));
            let unit = ["dst", "data1", "data2"]
                .iter()
                .all(|n| i.ap(n).is_some_and(inner_unit));
            let fast = mixed || (a == b && a == Some(Memory::Sbuf) && bf16 && simple && unit);
            if fast {
                2
            } else {
                4
            }
        }
        Opcode::Reciprocal => 16,
        Opcode::TensorReduce => {
            let bf16 = dtype("data") == Some(Dtype::Bf16) && dtype("dst") == Some(Dtype::Bf16);
            let folds = matches!(alu("op"), Some(Alu::Add | Alu::Maximum));
            if bf16 && folds {
                1
            } else {
                2
            }
        }
        Opcode::Memset => {
            let zero = matches!(i.arg("value"), Some(Arg::Float(v)) if *v == 0.0);
            if zero && half_width(dtype("dst")) {
                1
            } else {
                2
            }
        }
        Opcode::TensorCopyPredicated => {
            let sbuf = Some(Memory::Sbuf);
            if mem("src") == sbuf && mem("dst") == sbuf {
                4
            } else {
                2
            }
        }
        _ => 2,
    }
}

/// Whether the view's innermost pair steps one element.
fn inner_unit(ap: &Ap) -> bool {
    ap.dims.len() < 2 || ap.dims.last().is_some_and(|d| d.0 == 1)
}

/// The most free elements per partition any tensor argument of `i` spans: what the engine
/// streams.
fn widest(i: &Inst) -> u64 {
    (i.args.iter().flatten())
        .filter_map(Arg::as_ap)
        .map(Ap::free_elements)
        .max()
        .unwrap_or(1)
}

/// A PE instruction: `max(tensor.min_interval, N)` cycles, `tensor.fp32_passes` times over
/// for fp32 operands. The MX matmul streams its moving operand's packed columns, each four
/// rows of the contraction deep: four times a bf16 matmul's throughput (anchors §6).
fn pe(t: &Target, k: &Kernel, i: &Inst) -> Cost {
    let (n, operands) = match i.op {
        Opcode::NcMatmul => (
            i.ap("moving").map_or(1, Ap::free_elements),
            &["stationary", "moving"][..],
        ),
        Opcode::NcMatmulMx => (
            i.ap("moving").map_or(1, |a| a.free_elements().div_ceil(4)),
            &[][..],
        ),
        _ => (i.ap("data").map_or(1, Ap::partitions), &["data"][..]),
    };
    let fp32 =
        (operands.iter()).any(|n| i.ap(n).is_some_and(|a| k.buffer(a.buf).dtype == Dtype::F32));
    let passes = if fp32 {
        t.get(Key::TensorFp32Passes)
    } else {
        1
    };
    let cycles = u128::from(n.max(t.get(Key::TensorMinInterval))) * u128::from(passes);
    t.cycles(cycles, Key::TensorClock)
}

/// A DMA transfer: `dma.fixed` plus the source's bytes at the effective bandwidth, the fusion
/// model's transfer of one tensor.
fn transfer(t: &Target, k: &Kernel, i: &Inst) -> Cost {
    let bytes = (i.ap("src")).map_or(0, |a| {
        a.elements().saturating_mul(k.buffer(a.buf).dtype.bytes())
    });
    t.transfer_cost(Traffic::tensor(bytes))
}
