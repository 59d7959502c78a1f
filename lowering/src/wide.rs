//! What a kernel holding a 64-bit value is told, under the policies for 64-bit integers
//! (`int64`) and floats (`float64`), which call this: refused, the first such value is a
//! diagnostic; held at 32 bits, each constant the narrower type cannot hold is.

use egfuse_diag::{Diag, Span};
use egfuse_ir::{Module, ValueId};

/// One policy for one 64-bit type.
pub(crate) struct Policy {
    /// Whether every 64-bit value is refused.
    pub refuse: bool,
    /// Whether a value is of the 64-bit type.
    pub wide: fn(&Module, ValueId) -> bool,
    /// Why a constant of it cannot be held at 32 bits, if it cannot.
    pub beyond: fn(&Module, ValueId) -> Option<Diag>,
    /// What a refused value's diagnostic offers instead.
    pub help: &'static str,
}

/// The diagnostics `policy` gives the kernel at `span` reading `sources` and computing
/// `values`: when it refuses, the first 64-bit value (at its op, or at the kernel for an
/// argument); else each 64-bit constant it reads that 32 bits cannot hold.
pub(crate) fn check(
    m: &Module,
    policy: Policy,
    span: Span,
    (sources, values): (&[ValueId], &[ValueId]),
) -> Vec<Diag> {
    let mut all = sources.iter().chain(values).copied();
    if policy.refuse {
        let Some(v) = all.find(|&v| (policy.wide)(m, v)) else {
            return Vec::new();
        };
        let mut d = crate::tensor::no_dtype(m, v).with_help(policy.help);
        if d.span == Span::NONE {
            d.span = span;
        }
        return vec![d];
    }
    all.filter(|&v| (policy.wide)(m, v))
        .filter_map(|v| (policy.beyond)(m, v))
        .collect()
}
