//! NKI's MX scale rule as the lowering offers it (`--mx-scale`): which rule MxQuantize kernels
//! follow, what a kernel lowered to `quantize_mx` quantizes, and NKI's quantization written
//! from its statement (lowering-anchors §6), apart from the nisa interpreter's, for `--check`.
//! `mx_quantize` builds the kernels; the pipeline's record and the check read this.

use egfuse_nisa::mx::{self, BLOCK};
use egfuse_nisa::Dtype;

/// Which scale rule MxQuantize kernels follow (`--mx-scale`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ScaleRule {
    /// The module's own, computed as its ops say: exact.
    #[default]
    Module,
    /// NKI's `quantize_mx`, on a target that has it.
    Nki,
}

impl ScaleRule {
    pub fn named(s: &str) -> Option<ScaleRule> {
        match s {
            "module" => Some(ScaleRule::Module),
            "nki" => Some(ScaleRule::Nki),
            _ => None,
        }
    }
}

/// An MxQuantize kernel `quantize_mx` computes: which input it quantizes, which outputs hold
/// the elements and the scales, and their types.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Quantize {
    /// The kernel input (by position) whose elements, in order, are the blocks.
    pub input: usize,
    /// The output of the quantized elements and that of the scales, by position.
    pub elements: usize,
    pub scales: usize,
    pub element_type: Dtype,
    pub scale_type: Dtype,
    /// The 32-element blocks.
    pub blocks: u64,
}

/// NKI's quantization of `x`, a flat run of 32-element blocks, as `--check` judges a
/// `quantize_mx` kernel: the elements, and each block's scale as `scale_type` stores it. Written
/// from NKI's statement of the instruction (lowering-anchors §6), apart from the interpreter's.
pub fn reference(x: &[f64], qz: &Quantize) -> (Vec<f64>, Vec<f64>) {
    let emax = mx::element_emax(qz.element_type).unwrap_or(8);
    let kind = qz.element_type.float_kind().expect("an fp8 element type");
    let (mut q, mut s) = (Vec::with_capacity(x.len()), Vec::new());
    for block in x.chunks(BLOCK as usize) {
        let amax = block.iter().fold(0f64, |a, v| a.max(v.abs()));
        let exponent = match amax {
            a if a.is_nan() || a.is_infinite() || block.iter().any(|v| v.is_nan()) => None,
            0.0 => Some(-127),
            a => Some((a.log2().floor() as i32 - (emax - 1)).clamp(-127, 127)),
        };
        for v in block {
            let scaled = exponent.map_or(f64::NAN, |e| v / 2f64.powi(e));
            q.push(egfuse_ir::floats::round_float(kind, scaled));
        }
        s.push(match (qz.scale_type, exponent) {
            (Dtype::U8, Some(e)) => f64::from(e + 127),
            (Dtype::U8, None) => 255.0,
            (_, Some(e)) => 2f64.powi(e),
            (_, None) => f64::NAN,
        });
    }
    (q, s)
}
