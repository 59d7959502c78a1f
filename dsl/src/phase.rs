//! The compat mode's sub-passes and flags, as the seed's driver runs them
//! (000_2a3b48bb609391fd.txt, "Entry Point": `hilo::NeuronOpFusion::runOnOperation`), and
//! egraph mode's own grow phase, `Loop`, which the seed's driver never runs.

use serde::{Deserialize, Serialize};

/// A sub-pass of the seed's fusion driver, in driver order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Phase {
    SubExp,
    DotLogistic,
    MulRedSqrt,
    Expm1,
    Log1p,
    Elementwise,
    /// Egraph mode's grow after extraction (XLA's loop and input fusion); compat mode never
    /// runs it.
    Loop,
}

impl Phase {
    /// Every phase, in the driver's order: SubExp always first; DotLogistic then MulRedSqrt
    /// under `fuseDotLogistic`; Expm1, Log1p, Elementwise under `generalElementwiseFusion`.
    pub const ALL: [Phase; 6] = [
        Phase::SubExp,
        Phase::DotLogistic,
        Phase::MulRedSqrt,
        Phase::Expm1,
        Phase::Log1p,
        Phase::Elementwise,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Phase::SubExp => "SubExp",
            Phase::DotLogistic => "DotLogistic",
            Phase::MulRedSqrt => "MulRedSqrt",
            Phase::Expm1 => "Expm1",
            Phase::Log1p => "Log1p",
            Phase::Elementwise => "Elementwise",
            Phase::Loop => "Loop",
        }
    }

    /// The phase named `name`: one of [`Phase::ALL`] or `Loop`.
    pub fn from_name(name: &str) -> Option<Phase> {
        (Phase::ALL.into_iter())
            .chain([Phase::Loop])
            .find(|p| p.name() == name)
    }

    /// The flag the driver tests before running this phase; none for SubExp, which always runs,
    /// and for `Loop`, which the driver never runs.
    pub fn gate(self) -> Option<Flag> {
        match self {
            Phase::SubExp | Phase::Loop => None,
            Phase::DotLogistic | Phase::MulRedSqrt => Some(Flag::FuseDotLogistic),
            Phase::Expm1 | Phase::Log1p | Phase::Elementwise => {
                Some(Flag::GeneralElementwiseFusion)
            }
        }
    }
}

/// A command-line flag of the seed's driver.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Flag {
    FuseDotLogistic,
    GeneralElementwiseFusion,
}

impl Flag {
    pub const ALL: [Flag; 2] = [Flag::FuseDotLogistic, Flag::GeneralElementwiseFusion];

    pub fn name(self) -> &'static str {
        match self {
            Flag::FuseDotLogistic => "fuseDotLogistic",
            Flag::GeneralElementwiseFusion => "generalElementwiseFusion",
        }
    }

    pub fn from_name(name: &str) -> Option<Flag> {
        Flag::ALL.into_iter().find(|f| f.name() == name)
    }
}
