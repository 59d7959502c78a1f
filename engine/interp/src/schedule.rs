//! How the interpreter evaluates what the spec leaves open or a device computes its own way.
//!
//! [`Schedule::Reference`] is the default and the spec's reference: a float sum is summed
//! pairwise (its error grows with the log of the count), and every op is computed to its own
//! accuracy. [`Schedule::Device`] evaluates the same ops as a NeuronCore kernel does: a float
//! sum in index order, one rounding per add, as the PE accumulates a contraction in PSUM; and
//! the two functions ACT has no instruction for, by the formulas the lowering uses
//! (`rules/select.rules`): `log_plus_one(x)` as ACT's log of `x + 1` taken in fp32, and
//! `exponential_minus_one(x)` as `exp(x)` rounded to the result type, then 1 subtracted.
//! Both are faithful evaluations of the ops at their declared types: `lower --check` takes the
//! worse of the two as the rounding a kernel may reach, so a kernel that sums in another order
//! is not called a miscompile.

use super::tensor::Elem;
use egfuse_ir::FloatKind;

/// The order and the formulas ops are evaluated by.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Schedule {
    /// Float sums pairwise; every op to its own accuracy.
    #[default]
    Reference,
    /// Float sums in index order; `log_plus_one` and `exponential_minus_one` as ACT computes
    /// them.
    Device,
}

impl Schedule {
    /// The value of the unary op `stem` at `x`, rounded to `out`, where this schedule computes
    /// it otherwise than the op's own function; `None` where it does not.
    pub fn unary(self, stem: &str, x: f64, out: &Elem) -> Option<f64> {
        let fp32 = Elem::Float(FloatKind::F32);
        match (self, stem) {
            (Schedule::Device, "log_plus_one") => Some(out.round(fp32.round(x + 1.0).ln())),
            (Schedule::Device, "exponential_minus_one") => {
                Some(out.round(out.round(x.exp()) - 1.0))
            }
            _ => None,
        }
    }

    /// Whether this schedule computes `stem` otherwise than the op's own function.
    pub fn rewrites(self, stem: &str) -> bool {
        self.unary(stem, 0.0, &Elem::Float(FloatKind::F64))
            .is_some()
    }

    /// The sum of `terms`, each partial sum rounded to `elem`; `None` when there are none.
    pub fn sum(self, elem: &Elem, terms: &[f64]) -> Option<f64> {
        match self {
            Schedule::Reference => pairwise(elem, terms),
            Schedule::Device => {
                let (&first, rest) = terms.split_first()?;
                Some(rest.iter().fold(first, |acc, &x| elem.round(acc + x)))
            }
        }
    }
}

/// The sum of `terms`, halves first, every partial sum rounded to `elem`; `None` when empty.
fn pairwise(elem: &Elem, terms: &[f64]) -> Option<f64> {
    if terms.len() <= 8 {
        return Schedule::Device.sum(elem, terms);
    }
    let (left, right) = terms.split_at(terms.len() / 2);
    Some(elem.round(pairwise(elem, left)? + pairwise(elem, right)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_device_sums_in_order_and_computes_log1p_as_act_does() {
        let f32 = Elem::Float(FloatKind::F32);
        // 2^24 + 1 + 1 + 1 + 1: in order each 1 is lost (a tie, to even); pairwise the right
        // half's ones add to 2 first.
        let terms = [16_777_216.0, 1.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 1.0];
        assert_eq!(Schedule::Device.sum(&f32, &terms), Some(16_777_216.0));
        assert_eq!(Schedule::Reference.sum(&f32, &terms), Some(16_777_218.0));
        assert_eq!(Schedule::Reference.sum(&f32, &[]), None);
        // 1 + 1e-9 is 1 in fp32, so the device's log1p of 1e-9 is 0.
        assert_eq!(
            Schedule::Device.unary("log_plus_one", 1e-9, &f32),
            Some(0.0)
        );
        assert_eq!(Schedule::Reference.unary("log_plus_one", 1e-9, &f32), None);
        assert!(Schedule::Device.rewrites("exponential_minus_one"));
        assert!(!Schedule::Device.rewrites("exponential"));
    }
}
