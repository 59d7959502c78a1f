//! The cost model: what running an op, or a fused cluster of ops, costs on a target core.
//!
//! The numbers are data: a [`Target`] is parsed from a target description file
//! (`rules/targets/*.target`, documented in docs/target.md), never written in Rust. The model
//! ([`model`]) is a serial roofline in picoseconds:
//!
//! - an unfused op is a kernel of its own: it pays a launch, one DMA per operand read from HBM
//!   and per result written back, and its compute on its engine;
//! - a fused cluster pays one launch, the DMAs of its live-ins and live-outs only, and the
//!   compute of every op in its body. Fusion therefore saves the intermediates' round trips
//!   through HBM and the launches of the ops it absorbs; an op recomputed in two clusters is in
//!   both bodies and pays its compute twice.
//!
//! [`OpShape`] ([`shape`]) is what the model needs to know about one op: its engine class and
//! work, and the bytes it reads and writes. It is computed from an op of a module or from an op
//! name and its types alone (for ops a rewrite made that are not in any module yet).
//!
//! Costs are [`Cost`] values: picoseconds in a `u64` whose arithmetic saturates at
//! [`Cost::INFINITY`]. The functions are integer-only and allocate nothing, so the same input
//! gives the same cost on every machine.

mod families;
mod matmul;
pub mod model;
mod parse;
pub mod plan;
pub mod shape;
pub mod summary;
pub mod target;
mod units;

pub use plan::{module_bill, Bill, FuncBill, Fusion};
pub use shape::{Engine, OpShape, Precision, Traffic, Work};
pub use summary::{summary, Summary};
pub use target::{Key, Target};

use std::fmt;
use std::iter::Sum;
use std::ops::{Add, AddAssign, Mul};

/// A duration in picoseconds. Arithmetic saturates: nothing overflows, and anything added to
/// [`Cost::INFINITY`] stays infinite.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cost(u64);

impl Cost {
    pub const ZERO: Cost = Cost(0);
    /// A cost larger than every finite one: what no choice should take.
    pub const INFINITY: Cost = Cost(u64::MAX);

    pub const fn from_ps(ps: u64) -> Cost {
        Cost(ps)
    }

    pub const fn ps(self) -> u64 {
        self.0
    }

    pub const fn is_infinite(self) -> bool {
        self.0 == u64::MAX
    }

    /// A `u128` quantity of picoseconds, saturated to a cost.
    pub(crate) fn saturating(ps: u128) -> Cost {
        Cost(u64::try_from(ps).unwrap_or(u64::MAX))
    }
}

impl Add for Cost {
    type Output = Cost;
    fn add(self, rhs: Cost) -> Cost {
        Cost(self.0.saturating_add(rhs.0))
    }
}

impl AddAssign for Cost {
    fn add_assign(&mut self, rhs: Cost) {
        *self = *self + rhs;
    }
}

impl Mul<u64> for Cost {
    type Output = Cost;
    fn mul(self, rhs: u64) -> Cost {
        Cost(self.0.saturating_mul(rhs))
    }
}

impl Sum for Cost {
    fn sum<I: Iterator<Item = Cost>>(iter: I) -> Cost {
        iter.fold(Cost::ZERO, Add::add)
    }
}

/// Readable units: `850 ps`, `1.250 ns`, `12.345 us`, `3.000 ms`, `2.500 s`, or `inf`. Three
/// decimals, truncated, so the text is a function of the picoseconds alone.
impl fmt::Display for Cost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const UNITS: [(u64, &str); 4] = [
            (1_000_000_000_000, "s"),
            (1_000_000_000, "ms"),
            (1_000_000, "us"),
            (1_000, "ns"),
        ];
        if self.is_infinite() {
            return f.write_str("inf");
        }
        for (scale, unit) in UNITS {
            if self.0 >= scale {
                let whole = self.0 / scale;
                let milli = self.0 % scale / (scale / 1000);
                return write!(f, "{whole}.{milli:03} {unit}");
            }
        }
        write!(f, "{} ps", self.0)
    }
}
