//! The target description: a core's sizes, bandwidths, clocks and rates, read from a
//! `*.target` file (docs/target.md is the format's reference).
//!
//! The format is line-based: `[section]` headers, then `key = value unit` entries, `#` comments
//! anywhere. Every key has one quantity (a size, a frequency, a time...) and is written with a
//! unit of that quantity, so `clock = 1.4 GHz` reads as it means. [`Target::parse`] reports
//! every problem of a file at once (unknown section or key, duplicate or missing key, bad
//! number or unit, a negative or zero value), each with a span on the offending text; a target
//! that parsed has every key set. [`Target`]'s `Display` prints the canonical form, which parses
//! back to an equal target.

use super::units::Quantity;
use egfuse_diag::Diag;
use std::fmt;
use std::ops::RangeInclusive;

/// Every key of the format, in the order of the canonical form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Key {
    Generation,
    Partitions,
    Sbuf,
    Psum,
    PsumBanks,
    HbmBandwidth,
    DmaEngines,
    DmaEngineBandwidth,
    DmaFixed,
    KernelLaunch,
    TileFree,
    TensorClock,
    TensorRows,
    TensorColumns,
    TensorMinInterval,
    TensorFp32Passes,
    VectorClock,
    VectorElementsPerCycle,
    VectorOverhead,
    ScalarClock,
    ScalarElementsPerCycle,
    ScalarOverhead,
    GpsimdClock,
    GpsimdElementsPerCycle,
    GpsimdLaneWidth,
    GpsimdOverhead,
    DynamicDim,
}

pub(super) const KEY_COUNT: usize = Key::DynamicDim as usize + 1;

/// How a key is written: its section, its name there, its quantity, and whether zero is
/// allowed (it is not where the model divides by the value).
pub(super) struct KeySpec {
    pub key: Key,
    pub section: &'static str,
    pub name: &'static str,
    pub quantity: Quantity,
    pub positive: bool,
    /// The values the key may take, when fewer than every number.
    pub within: Option<RangeInclusive<u64>>,
}

const fn spec(key: Key, section: &'static str, name: &'static str, q: Quantity) -> KeySpec {
    KeySpec {
        key,
        section,
        name,
        quantity: q,
        positive: true,
        within: None,
    }
}

/// A key that may be zero.
const fn spec0(key: Key, section: &'static str, name: &'static str, q: Quantity) -> KeySpec {
    KeySpec {
        positive: false,
        ..spec(key, section, name, q)
    }
}

/// A key whose values lie in `within`.
const fn spec_in(
    key: Key,
    section: &'static str,
    name: &'static str,
    within: (u64, u64),
) -> KeySpec {
    KeySpec {
        within: Some(within.0..=within.1),
        ..spec(key, section, name, Quantity::Count)
    }
}

use Quantity::*;

/// The format: one row per [`Key`], in `Key` order.
pub(super) const KEYS: [KeySpec; KEY_COUNT] = [
    spec_in(Key::Generation, "core", "generation", (2, 5)),
    spec(Key::Partitions, "core", "partitions", Count),
    spec(Key::Sbuf, "core", "sbuf", Bytes),
    spec(Key::Psum, "core", "psum", Bytes),
    spec(Key::PsumBanks, "core", "psum_banks", Count),
    spec(Key::HbmBandwidth, "hbm", "bandwidth", Bandwidth),
    spec(Key::DmaEngines, "dma", "engines", Count),
    spec(
        Key::DmaEngineBandwidth,
        "dma",
        "engine_bandwidth",
        Bandwidth,
    ),
    spec0(Key::DmaFixed, "dma", "fixed", Time),
    spec0(Key::KernelLaunch, "kernel", "launch", Time),
    spec(Key::TileFree, "kernel", "tile_free", Elements),
    spec(Key::TensorClock, "tensor", "clock", Frequency),
    spec(Key::TensorRows, "tensor", "rows", Count),
    spec(Key::TensorColumns, "tensor", "columns", Count),
    spec0(Key::TensorMinInterval, "tensor", "min_interval", Cycles),
    spec(Key::TensorFp32Passes, "tensor", "fp32_passes", Count),
    spec(Key::VectorClock, "vector", "clock", Frequency),
    spec(
        Key::VectorElementsPerCycle,
        "vector",
        "elements_per_cycle",
        ElementsPerCycle,
    ),
    spec0(
        Key::VectorOverhead,
        "vector",
        "instruction_overhead",
        Cycles,
    ),
    spec(Key::ScalarClock, "scalar", "clock", Frequency),
    spec(
        Key::ScalarElementsPerCycle,
        "scalar",
        "elements_per_cycle",
        ElementsPerCycle,
    ),
    spec0(
        Key::ScalarOverhead,
        "scalar",
        "instruction_overhead",
        Cycles,
    ),
    spec(Key::GpsimdClock, "gpsimd", "clock", Frequency),
    spec(
        Key::GpsimdElementsPerCycle,
        "gpsimd",
        "elements_per_cycle",
        ElementsPerCycle,
    ),
    spec(Key::GpsimdLaneWidth, "gpsimd", "lane_width", Bits),
    spec0(
        Key::GpsimdOverhead,
        "gpsimd",
        "instruction_overhead",
        Cycles,
    ),
    spec(Key::DynamicDim, "assume", "dynamic_dim", Count),
];

/// The section holding the target's name, the only key whose value is a word.
pub(super) const NAME_SECTION: &str = "target";

/// The sections, in the order of the canonical form.
pub(super) const SECTIONS: [&str; 10] = [
    NAME_SECTION,
    "core",
    "hbm",
    "dma",
    "kernel",
    "tensor",
    "vector",
    "scalar",
    "gpsimd",
    "assume",
];

/// A parsed target description: its name and a value for every [`Key`], each in its
/// quantity's base unit (bytes, kHz, bytes per second, picoseconds, cycles, elements, bits).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    pub(super) name: String,
    pub(super) values: [u64; KEY_COUNT],
}

impl Target {
    /// Parses a target file, reporting every problem at once, sorted by position.
    pub fn parse(src: &str) -> Result<Target, Vec<Diag>> {
        super::parse::parse(src)
    }

    /// The target's name (`neuroncore-v2`).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The core generation (2 for NeuronCore-v2): which nisa ops exist and which opcode bytes
    /// they issue (`rules/targets/opcodes.table`).
    pub fn generation(&self) -> u8 {
        self.get(Key::Generation) as u8
    }

    /// The value of `key` in its quantity's base unit.
    pub fn get(&self, key: Key) -> u64 {
        self.values[key as usize]
    }
}

/// The canonical form: every section in order, one `key = value unit` line per key, each
/// value in the largest unit that keeps it at least one, no comments.
impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "[{NAME_SECTION}]\nname = {}", self.name)?;
        let mut section = NAME_SECTION;
        for spec in &KEYS {
            if spec.section != section {
                section = spec.section;
                writeln!(f, "\n[{section}]")?;
            }
            let value = spec.quantity.format(self.get(spec.key));
            writeln!(f, "{} = {value}", spec.name)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::{Key, KEYS, SECTIONS};

    #[test]
    fn the_key_table_is_in_key_order_and_grouped_by_section() {
        for (i, spec) in KEYS.iter().enumerate() {
            assert_eq!(spec.key as usize, i, "{}", spec.name);
        }
        assert_eq!(KEYS.len(), Key::DynamicDim as usize + 1);
        let order: Vec<usize> = KEYS
            .iter()
            .map(|s| SECTIONS.iter().position(|n| *n == s.section).unwrap())
            .collect();
        assert!(order.windows(2).all(|w| w[0] <= w[1]), "{order:?}");
    }
}
