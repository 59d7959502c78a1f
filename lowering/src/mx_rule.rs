//! NKI's MX scale rule as the lowering offers it (`--mx-scale`): which rule MxQuantize kernels
//! follow, what a kernel lowered to `quantize_mx` quantizes, and NKI's quantization written
//! from its statement (lowering-anchors §6), apart from the nisa interpreter's, for `--check`.
//! `mx_quantize` builds the kernels; the pipeline's record and the check read this.

use egfuse_ir::ValueId;
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
    /// What the blocks are, their elements in order.
    pub of: Quantized,
    /// The output of the quantized elements and that of the scales, by position.
    pub elements: usize,
    pub scales: usize,
    pub element_type: Dtype,
    pub scale_type: Dtype,
    /// The 32-element blocks.
    pub blocks: u64,
}

/// The values a `quantize_mx` kernel quantizes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Quantized {
    /// A kernel input (by position), read from HBM as the module holds it.
    Input(usize),
    /// A value the kernel computes first, on chip (an MxGateUp kernel's gated product): the
    /// check computes it by the module's ops, which may round it otherwise.
    Computed(ValueId),
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

/// How far a value the kernel computes on chip may round away from the module's rounding of
/// it, relative to its magnitude and, near zero, to its block's largest: two units in the last
/// place of bf16, the narrowest type such a value is held in before `quantize_mx` reads it.
const SLACK: f64 = 1.0 / 64.0;

/// A kernel's elements and scales `got` against NKI's quantization of `x`, the module's
/// rounding of values the kernel computed itself, which it may have rounded otherwise: each
/// block's scale must be NKI's for a block maximum within [`SLACK`] of `x`'s, and each element
/// NKI's quantization, at the kernel's scale, of a value within `SLACK` of its own. `Err` names
/// the first that is not, a miscompile; `Ok` counts the elements and scales that differ from
/// NKI's rule applied to `x` exactly.
pub fn judge(x: &[f64], (q, s): (&[f64], &[f64]), qz: &Quantize) -> Result<usize, String> {
    let emax = mx::element_emax(qz.element_type).unwrap_or(8);
    let kind = qz.element_type.float_kind().expect("an fp8 element type");
    let (mut near, width) = (0, BLOCK as usize);
    for (b, block) in x.chunks(width).enumerate() {
        let amax = block.iter().fold(0f64, |a, v| a.max(v.abs()));
        let slack = |v: f64| SLACK * (v.abs() + amax / 256.0);
        let nan = block.iter().any(|v| v.is_nan());
        let exponent = |a: f64| (!nan).then(|| mx::nki_exponent(a, emax)).flatten();
        let stored = mx::scale_value(qz.scale_type, s[b]);
        let got = stored.is_finite().then(|| stored.log2() as i32);
        let (lo, hi) = (exponent(amax - slack(amax)), exponent(amax + slack(amax)));
        let within = match (got, lo, hi) {
            (Some(e), Some(lo), Some(hi)) => lo <= e && e <= hi,
            (None, _, _) => exponent(amax).is_none() || hi.is_none(),
            _ => false,
        };
        if !within {
            return Err(format!(
                "output {} (scales): block {b}'s scale is {} where NKI's scale rule gives {} for a block maximum of {amax}, further than the rounding of the product it quantizes",
                qz.scales,
                s[b],
                mx::store_scale(qz.scale_type, exponent(amax))
            ));
        }
        near += usize::from(got != exponent(amax));
        let unit = got.map_or(f64::NAN, |e| 2f64.powi(e));
        for (i, &v) in block.iter().enumerate() {
            let at = b * width + i;
            let round = |v: f64| egfuse_ir::floats::round_float(kind, v / unit);
            let (a, z) = (round(v - slack(v)), round(v + slack(v)));
            let g = q[at];
            let undefined = a.is_nan() || z.is_nan() || unit.is_nan();
            if !((a <= g && g <= z) || (g.is_nan() && undefined)) {
                return Err(format!(
                    "output {} (elements): element {at} is {g} where NKI's scale rule gives {} at its scale, further than the rounding of the product it quantizes",
                    qz.elements,
                    round(v)
                ));
            }
            let exact = exponent(amax).map_or(f64::NAN, |e| v / 2f64.powi(e));
            let same = g == egfuse_ir::floats::round_float(kind, exact);
            near += usize::from(!(same || (g.is_nan() && exact.is_nan())));
        }
    }
    Ok(near)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn qz() -> Quantize {
        Quantize {
            of: Quantized::Computed(ValueId(0)),
            elements: 0,
            scales: 1,
            element_type: Dtype::F8E4M3FN,
            scale_type: Dtype::U8,
            blocks: 2,
        }
    }

    /// Two blocks of values a bf16 product could hold, the first one's largest 28.5.
    fn product() -> Vec<f64> {
        (0..64).map(|i| (i as f64 - 31.5) * 0.9).collect()
    }

    /// A kernel that rounded its product one bf16 unit otherwise, up on every element, agrees:
    /// some of its elements differ from NKI's quantization of the module's product, within the
    /// product's rounding.
    #[test]
    fn a_product_rounded_otherwise_agrees_within_its_rounding() {
        let x = product();
        let theirs: Vec<f64> = x.iter().map(|v| v * (1.0 + 1.0 / 128.0)).collect();
        let (q, s) = reference(&theirs, &qz());
        let near = judge(&x, (&q, &s), &qz()).expect("within the rounding");
        assert!(near > 0, "some elements round otherwise");
        let (q, s) = reference(&x, &qz());
        assert_eq!(judge(&x, (&q, &s), &qz()), Ok(0));
    }

    /// A kernel whose product is off by more than its rounding, on one element or on a whole
    /// block, is a miscompile, named by output.
    #[test]
    fn a_product_off_by_more_than_its_rounding_is_a_miscompile() {
        let x = product();
        let mut one = x.clone();
        one[5] *= 1.25;
        let (q, s) = reference(&one, &qz());
        let why = judge(&x, (&q, &s), &qz()).expect_err("one element off");
        assert!(why.starts_with("output 0 (elements): element 5 "), "{why}");
        let doubled: Vec<f64> = x.iter().map(|v| v * 2.0).collect();
        let (q, s) = reference(&doubled, &qz());
        let why = judge(&x, (&q, &s), &qz()).expect_err("a block's scale off");
        assert!(
            why.starts_with("output 1 (scales): block 0's scale"),
            "{why}"
        );
    }
}
