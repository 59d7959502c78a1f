//! `egfuse verify`'s rule, which tells a miscompile from rounding.
//!
//! A candidate output agrees with the original's when it is within the element type's
//! tolerance of it ([`compare`](super::compare)), or else when its error against an exact
//! reference (the original module run with [`Numerics::Exact`](super::Numerics), every float
//! in f64) is no worse than the original's own error against that reference, by
//! [`Rule::factor`]. So a rewrite that only changes rounding passes even where a deep network
//! amplifies it past any fixed tolerance, and a changed op still fails: its error is the
//! change, not rounding, and the original's error stays at the rounding level.
//!
//! The errors are the root mean square and the largest absolute difference over the elements
//! where all three runs are finite; an element where the candidate and the original are not
//! finite in the same way (NaN against a number, or infinities of different signs) is a
//! mismatch by itself. Each error may exceed the factor times the original's by the machine
//! epsilon of the output's element type times the reference's root mean square (one ulp of the
//! output, so that an original that happens to be exact does not make every rounding of the
//! candidate a failure). The element type's `atol`/`rtol` play no part here: a bf16 rtol of
//! 2e-2 would hide a changed epsilon, which this rule must not.

use super::compare::rms;
use super::tensor::{Data, Elem, Tensor};
use egfuse_ir::floats::MiniFloat;
use std::borrow::Cow;

/// How far a candidate may be from the reference, against the original.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rule {
    /// The candidate's error may be this many times the original's (default 4).
    pub factor: f64,
}

impl Default for Rule {
    fn default() -> Rule {
        Rule { factor: 4.0 }
    }
}

/// One run's error against the reference.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Error {
    /// Root mean square of the differences over the elements all three runs have finite.
    pub rms: f64,
    /// The largest of those differences, and its flat index.
    pub max: f64,
    pub at: Option<usize>,
}

/// The candidate's and the original's errors against the reference, and the verdict.
#[derive(Clone, Debug, PartialEq)]
pub struct Judged {
    pub candidate: Error,
    pub original: Error,
    /// Elements where the candidate and the original are not finite in the same way, and the
    /// first of them.
    pub nonfinite: usize,
    pub first_nonfinite: Option<usize>,
    /// What each error may reach: the factor times the original's, plus the tolerance.
    pub allowed_rms: f64,
    pub allowed_max: f64,
    /// Set when the runs cannot be compared element by element.
    pub structural: Option<String>,
}

impl Judged {
    pub fn agrees(&self) -> bool {
        self.structural.is_none()
            && self.nonfinite == 0
            && self.candidate.rms <= self.allowed_rms
            && self.candidate.max <= self.allowed_max
    }
}

/// Judges `candidate` against `original` by their errors against `reference`.
pub fn judge(candidate: &Tensor, original: &Tensor, reference: &Tensor, rule: Rule) -> Judged {
    let mut j = Judged {
        candidate: Error::default(),
        original: Error::default(),
        nonfinite: 0,
        first_nonfinite: None,
        allowed_rms: 0.0,
        allowed_max: 0.0,
        structural: (candidate.elem != original.elem || candidate.shape != original.shape)
            .then(|| "the two modules' outputs have different types".to_string()),
    };
    let (Some(c), Some(o), Some(r)) = (reals(candidate), reals(original), reals(reference)) else {
        j.structural.get_or_insert("not float tensors".to_string());
        return j;
    };
    if c.len() != r.len() || o.len() != r.len() {
        j.structural
            .get_or_insert("the reference has another shape".to_string());
        return j;
    }
    // A complex element is two reals; indices are reported by element.
    let per = (r.len() / reference.len().max(1)).max(1);
    let (mut sc, mut so, mut n) = (0.0f64, 0.0f64, 0usize);
    for i in 0..r.len() {
        let (x, y, z) = (c[i], o[i], r[i]);
        if !(x.is_finite() && y.is_finite()) {
            let same = x == y || (x.is_nan() && y.is_nan());
            if !same {
                j.nonfinite += 1;
                j.first_nonfinite.get_or_insert(i / per);
            }
            continue;
        }
        if !z.is_finite() {
            continue;
        }
        let (ex, ey) = ((x - z).abs(), (y - z).abs());
        (sc, so, n) = (sc + ex * ex, so + ey * ey, n + 1);
        if ex > j.candidate.max {
            j.candidate = Error {
                max: ex,
                at: Some(i / per),
                ..j.candidate
            };
        }
        if ey > j.original.max {
            j.original = Error {
                max: ey,
                at: Some(i / per),
                ..j.original
            };
        }
    }
    if n > 0 {
        j.candidate.rms = (sc / n as f64).sqrt();
        j.original.rms = (so / n as f64).sqrt();
    }
    let floor = epsilon(&original.elem) * rms(&reference.data);
    j.allowed_rms = rule.factor * j.original.rms + floor;
    j.allowed_max = rule.factor * j.original.max + floor;
    j
}

/// The machine epsilon of a float kind, one ulp at 1 (2^-23 for f32, 2^-7 for bf16).
fn epsilon(elem: &Elem) -> f64 {
    match elem {
        Elem::Float(k) | Elem::Complex(k) => 2f64.powi(1 - MiniFloat::of(*k).precision),
        _ => 0.0,
    }
}

/// The values of a float or complex tensor as reals (a complex element is two).
fn reals(t: &Tensor) -> Option<Cow<'_, [f64]>> {
    match &t.data {
        Data::Float(v) => Some(Cow::Borrowed(v)),
        Data::Complex(v) => Some(Cow::Owned(v.iter().flat_map(|z| [z.re, z.im]).collect())),
        Data::Int(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use egfuse_ir::FloatKind::{F32, F64};

    fn f32s(v: &[f64]) -> Tensor {
        Tensor::new(Elem::Float(F32), vec![v.len()], Data::Float(v.to_vec()))
    }

    fn f64s(v: &[f64]) -> Tensor {
        Tensor::new(Elem::Float(F64), vec![v.len()], Data::Float(v.to_vec()))
    }

    #[test]
    fn rounding_as_large_as_the_inputs_own_agrees_and_a_changed_value_does_not() {
        let reference = f64s(&[1.0, 2.0, 3.0, 4.0]);
        let original = f32s(&[1.01, 2.0, 2.99, 4.0]);
        let rounded = f32s(&[1.0, 2.02, 3.0, 3.99]);
        let j = judge(&rounded, &original, &reference, Rule::default());
        assert!(j.agrees(), "{j:?}");
        assert_eq!((j.candidate.at, j.original.at), (Some(1), Some(0)));
        let changed = f32s(&[1.01, 2.0, 2.99, 4.5]);
        let j = judge(&changed, &original, &reference, Rule::default());
        assert!(!j.agrees(), "{j:?}");
        assert_eq!(j.candidate.at, Some(3));
    }

    #[test]
    fn an_exact_original_still_allows_one_rounding_and_nonfinite_values_must_match() {
        let reference = f64s(&[1.0, 2.0]);
        let one_ulp = f32s(&[1.0 + f32::EPSILON as f64, 2.0]);
        assert!(judge(&one_ulp, &f32s(&[1.0, 2.0]), &reference, Rule::default()).agrees());
        let nan = f32s(&[f64::NAN, 2.0]);
        let j = judge(&nan, &f32s(&[1.0, 2.0]), &reference, Rule::default());
        assert_eq!(
            (j.nonfinite, j.first_nonfinite, j.agrees()),
            (1, Some(0), false)
        );
        let both = judge(&nan, &nan, &reference, Rule::default());
        assert!(both.agrees(), "{both:?}");
    }
}
