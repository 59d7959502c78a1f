//! A lowered kernel and where it came from: the nisa kernel, its schedule, and the ops and
//! values of the module it computes. The pipeline returns them; the check and the device
//! program read them.

use crate::place::Usage;
use crate::schedule::Tiles;
use egfuse_ir::{OpId, ValueId};
use egfuse_nisa::Kernel;

/// One lowered kernel and where it came from.
#[derive(Clone, Debug)]
pub struct Lowered {
    pub kernel: Kernel,
    pub usage: Usage,
    /// The tiles it was lowered with: its schedule record.
    pub tiles: Tiles,
    /// The op it lowers (a fusion or an op on its own).
    pub op: OpId,
    /// The ops its instructions compute, in program order.
    pub ops: Vec<OpId>,
    pub inputs: Vec<ValueId>,
    /// The value outside the kernel each input stands for (a fusion's operands).
    pub sources: Vec<ValueId>,
    pub outputs: Vec<ValueId>,
    /// For each HBM input the kernel declares, in order, the position in `inputs` (and
    /// `sources`) of the value it holds: the inputs no instruction reads are not bound.
    pub bound: Vec<usize>,
    /// The other form the lowering built for this kernel and passed over for a cheaper one.
    pub rival: Option<Rival>,
    /// An MxQuantize kernel lowered to `quantize_mx` (`--mx-scale nki`): it follows NKI's
    /// scale rule, not the module's, and `--check` judges it by that rule.
    pub nki_scale: Option<crate::mx_rule::Quantize>,
}

/// A form of a kernel that was built, estimated and passed over: its name and its estimate.
#[derive(Clone, Debug)]
pub struct Rival {
    pub form: &'static str,
    pub estimate: egfuse_nisa::cost::Estimate,
}
