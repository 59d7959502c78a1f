//! The cost functions: an unfused op, a fused cluster, and their parts (moving tensors between
//! HBM and the core, launching a kernel, computing on an engine).
//!
//! The model is serial: DMA and compute are added, not overlapped, so costs are sums that an
//! extractor can add up over a DAG, and fusion is never credited with overlap it may not get.
//! All arithmetic is on integers (`u128` inside, saturated to a [`Cost`]) and allocates nothing.
//!
//! - Transfer: each tensor is one DMA transfer, `dma.fixed` plus its bytes at the effective
//!   bandwidth, the smaller of `hbm.bandwidth` and `dma.engines × dma.engine_bandwidth`.
//! - VectorE, ScalarE, GpSimdE: an op streams its lanes at `elements_per_cycle`, plus
//!   `instruction_overhead` cycles per instruction; an instruction covers a tile of
//!   `core.partitions × kernel.tile_free` elements.
//! - TensorE: the matmul is tiled into K tiles of `tensor.rows`, M tiles of `tensor.columns` and
//!   N tiles of one PSUM bank (`core.psum / core.partitions / core.psum_banks` bytes of fp32
//!   accumulators, 512 on NeuronCore-v2). Each instruction streams its N tile and takes at least
//!   `tensor.min_interval` cycles; fp32 inputs take `tensor.fp32_passes` times as long.

use super::shape::{Engine, OpShape, Precision, Traffic, Work};
use super::target::{Key, Target};
use super::Cost;
use std::borrow::Borrow;

/// The keys of one streaming engine.
struct Stream {
    clock: Key,
    per_cycle: Key,
    overhead: Key,
}

const VECTOR: Stream = Stream {
    clock: Key::VectorClock,
    per_cycle: Key::VectorElementsPerCycle,
    overhead: Key::VectorOverhead,
};
const SCALAR: Stream = Stream {
    clock: Key::ScalarClock,
    per_cycle: Key::ScalarElementsPerCycle,
    overhead: Key::ScalarOverhead,
};
const GPSIMD: Stream = Stream {
    clock: Key::GpsimdClock,
    per_cycle: Key::GpsimdElementsPerCycle,
    overhead: Key::GpsimdOverhead,
};

/// The key of an engine's clock.
pub fn clock(engine: Engine) -> Key {
    match engine {
        Engine::Tensor => Key::TensorClock,
        Engine::Vector => VECTOR.clock,
        Engine::Scalar => SCALAR.clock,
        Engine::GpSimd => GPSIMD.clock,
    }
}

/// Bytes of one PSUM accumulator (fp32).
const ACCUMULATOR_BYTES: u64 = 4;

impl Target {
    /// An op run as a kernel of its own: a launch, its operands read from HBM, its results
    /// written back, and its compute. Ops without compute (terminators, tuples) and constants
    /// (in HBM from the start; their readers pay for reading them) cost nothing.
    pub fn op_cost(&self, op: &OpShape) -> Cost {
        match op.work {
            Work::None | Work::Constant { .. } => Cost::ZERO,
            work => {
                self.launch_cost()
                    + self.transfer_cost(op.reads)
                    + self.transfer_cost(op.writes)
                    + self.compute_cost(&work)
            }
        }
    }

    /// A fused cluster: one launch, its live-ins read and its live-outs written, and the
    /// compute of every op of its body. An op that two clusters both contain is in both bodies
    /// and is paid for twice.
    pub fn cluster_cost<B: Borrow<OpShape>>(
        &self,
        live_ins: Traffic,
        live_outs: Traffic,
        body: impl IntoIterator<Item = B>,
    ) -> Cost {
        let compute: Cost = body
            .into_iter()
            .map(|op| self.compute_cost(&op.borrow().work))
            .sum();
        self.launch_cost() + self.transfer_cost(live_ins) + self.transfer_cost(live_outs) + compute
    }

    /// Starting one kernel (`kernel.launch`).
    pub fn launch_cost(&self) -> Cost {
        Cost::from_ps(self.get(Key::KernelLaunch))
    }

    /// Moving `traffic` between HBM and the core: `dma.fixed` per tensor plus the bytes at the
    /// effective bandwidth.
    pub fn transfer_cost(&self, traffic: Traffic) -> Cost {
        let dma_sum =
            u128::from(self.get(Key::DmaEngines)) * u128::from(self.get(Key::DmaEngineBandwidth));
        let bandwidth = u128::from(self.get(Key::HbmBandwidth)).min(dma_sum);
        let bytes = (u128::from(traffic.bytes) * 1_000_000_000_000).div_ceil(bandwidth);
        Cost::saturating(bytes)
            + Cost::from_ps(self.get(Key::DmaFixed)) * u64::from(traffic.tensors)
    }

    /// The compute of one op on its engine, as it runs inside a kernel (no launch, no traffic
    /// of its operands and results; a non-splat constant loads its bytes).
    pub fn compute_cost(&self, work: &Work) -> Cost {
        match *work {
            Work::Constant { bytes } if bytes > 0 => self.transfer_cost(Traffic::tensor(bytes)),
            _ => match self.compute_cycles(work) {
                Some((engine, cycles)) => self.cycles(cycles, clock(engine)),
                None => Cost::ZERO,
            },
        }
    }

    /// The engine an op's compute runs on and its cycles there (clocked by the engine's
    /// `clock`); `None` for work no engine does (views, constants, terminators).
    /// [`Target::compute_cost`] is these cycles at that clock.
    pub fn compute_cycles(&self, work: &Work) -> Option<(Engine, u128)> {
        match *work {
            Work::None | Work::View | Work::Constant { .. } => None,
            Work::Vector { elements, inputs } => {
                let lanes = u128::from(elements) * u128::from(inputs.max(1));
                Some((Engine::Vector, self.stream(&VECTOR, lanes, elements)))
            }
            Work::Activation { elements } => Some((
                Engine::Scalar,
                self.stream(&SCALAR, u128::from(elements), elements),
            )),
            Work::GpSimd { operations, bits } => {
                Some((Engine::GpSimd, self.gpsimd(operations, bits)))
            }
            Work::Opaque { elements } => Some((Engine::GpSimd, self.gpsimd(elements, 32))),
            Work::Matmul {
                batch,
                m,
                n,
                k,
                precision,
            } => Some((Engine::Tensor, self.matmul(batch, m, n, k, precision))),
        }
    }

    /// The cycles of `lanes` streamed on an engine, in instructions of one tile of
    /// `elements`' elements each.
    fn stream(&self, engine: &Stream, lanes: u128, elements: u64) -> u128 {
        let per_cycle = u128::from(self.get(engine.per_cycle));
        let tile = u128::from(self.get(Key::Partitions)) * u128::from(self.get(Key::TileFree));
        let instructions = u128::from(elements).div_ceil(tile).max(1);
        lanes.div_ceil(per_cycle) + instructions * u128::from(self.get(engine.overhead))
    }

    /// GpSimdE packs elements narrower than `gpsimd.lane_width` into one lane, and spreads
    /// wider ones over several.
    fn gpsimd(&self, operations: u64, bits: u32) -> u128 {
        let lane = u128::from(self.get(Key::GpsimdLaneWidth));
        let bits = u128::from(bits.max(1));
        let lanes = if bits <= lane {
            u128::from(operations).div_ceil(lane / bits)
        } else {
            u128::from(operations) * bits.div_ceil(lane)
        };
        self.stream(&GPSIMD, lanes, operations)
    }

    fn matmul(&self, batch: u64, m: u64, n: u64, k: u64, precision: Precision) -> u128 {
        let bank = self.get(Key::Psum)
            / self.get(Key::Partitions)
            / self.get(Key::PsumBanks)
            / ACCUMULATOR_BYTES;
        let moving = u128::from(bank.max(1));
        let min = u128::from(self.get(Key::TensorMinInterval));
        let n = u128::from(n);
        let tail = match n % moving {
            0 => 0,
            rest => rest.max(min),
        };
        let per_tile = n / moving * moving.max(min) + tail;
        let m_tiles = u128::from(m).div_ceil(u128::from(self.get(Key::TensorColumns)));
        let k_tiles = u128::from(k).div_ceil(u128::from(self.get(Key::TensorRows)));
        let passes = match precision {
            Precision::Fast => 1,
            Precision::Fp32 => u128::from(self.get(Key::TensorFp32Passes)),
        };
        [m_tiles, k_tiles, per_tile, passes]
            .into_iter()
            .fold(u128::from(batch), u128::saturating_mul)
    }

    /// `cycles` of the engine clocked by `clock` (kHz), rounded up to a picosecond.
    pub fn cycles(&self, cycles: u128, clock: Key) -> Cost {
        let khz = u128::from(self.get(clock));
        Cost::saturating(cycles.saturating_mul(1_000_000_000).div_ceil(khz))
    }
}
