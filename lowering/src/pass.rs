//! The lowering's passes, by name, and what a run of them needs: the one vocabulary that the
//! driver, the kernel passes and the trace share.

use crate::int64::Int64;
use crate::rules::Rules;
use crate::schedule::Override;
use egfuse_cost::Target;
use egfuse_dsl::RuleSet;

/// The passes, in the order they run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Pass {
    Refine,
    ComplexForms,
    RoundForms,
    MathForms,
    RngForms,
    BitForms,
    WindowForms,
    Fuse,
    ConvForms,
    Sink,
    MxScales,
    NormMx,
    GateUp,
    Fold,
    Split,
    Expand,
    Select,
    Tile,
    Place,
    Route,
    Device,
}

/// Every pass with its name on the command line, in order.
pub const PASSES: &[(Pass, &str)] = &[
    (Pass::Refine, "refine"),
    (Pass::ComplexForms, "complex-forms"),
    (Pass::RoundForms, "round-forms"),
    (Pass::MathForms, "math-forms"),
    (Pass::RngForms, "rng-forms"),
    (Pass::BitForms, "bit-forms"),
    (Pass::WindowForms, "window-forms"),
    (Pass::Fuse, "fuse"),
    (Pass::ConvForms, "conv-forms"),
    (Pass::Sink, "sink"),
    (Pass::MxScales, "mx-scales"),
    (Pass::NormMx, "norm-mx"),
    (Pass::GateUp, "gate-up"),
    (Pass::Fold, "fold"),
    (Pass::Split, "split"),
    (Pass::Expand, "expand"),
    (Pass::Select, "select"),
    (Pass::Tile, "tile"),
    (Pass::Place, "place"),
    (Pass::Route, "route"),
    (Pass::Device, "device"),
];

impl Pass {
    /// The pass's name on the command line.
    pub fn name(self) -> &'static str {
        PASSES[self as usize].1
    }

    /// The pass called `name`.
    pub fn named(name: &str) -> Option<Pass> {
        PASSES.iter().find(|(_, n)| *n == name).map(|(p, _)| *p)
    }

    /// Whether the pass leaves a nisa kernel that a run may stop after (`--after`).
    pub fn makes_kernels(self) -> bool {
        matches!(self, Pass::Tile | Pass::Place | Pass::Route)
    }
}

/// What a lowering run needs.
#[derive(Clone, Copy, Debug)]
pub struct Config<'a> {
    /// The back-half's rules: select, kernel layouts, routes.
    pub rules: &'a Rules,
    /// The fusion rules the `fuse` pass runs on a module that comes unfused.
    pub fusion: &'a RuleSet,
    /// The core: its SBUF and PSUM budget, and its instruction costs, which choose between
    /// sequences that compute the same values.
    pub target: &'a Target,
    /// Stop each kernel after this pass (the last, when `None`); one of those that
    /// [`Pass::makes_kernels`].
    pub after: Option<Pass>,
    /// The passes after which the program or module is printed into the outcome.
    pub print_after: &'a [Pass],
    /// Tile sizes asked for by kernel name or kind (`--schedule`), before the rules' own.
    pub schedule: &'a [Override],
    /// What becomes of 64-bit integers (`--int64`).
    pub int64: Int64,
    /// What becomes of 64-bit floats (`--float64`).
    pub float64: crate::float64::Float64,
    /// The sizes of the module's symbolic dimensions (`--dim`), for the `refine` pass.
    pub dims: &'a [crate::refine::Binding],
    /// The scale rule MxQuantize kernels follow (`--mx-scale`).
    pub mx_scale: crate::mx_rule::ScaleRule,
}

impl<'a> Config<'a> {
    /// Every pass, nothing printed, no schedule, no dimension sizes and the default policies:
    /// what a caller of the library starts from, changing the fields it needs.
    pub fn new(rules: &'a Rules, fusion: &'a RuleSet, target: &'a Target) -> Config<'a> {
        Config {
            rules,
            fusion,
            target,
            after: None,
            print_after: &[],
            schedule: &[],
            int64: Int64::default(),
            float64: Default::default(),
            dims: &[],
            mx_scale: Default::default(),
        }
    }

    /// Whether the run quantizes on the device: under NKI's scale rule, on a target with
    /// `quantize_mx`. Only then do the `mx-scales`, `norm-mx` and `gate-up` passes join kernels
    /// around a quantize.
    pub(crate) fn quantizes_on_device(&self) -> bool {
        let since = egfuse_nisa::spec::Opcode::QuantizeMx.spec().since;
        self.mx_scale == crate::mx_rule::ScaleRule::Nki && self.target.generation() >= since
    }
}
