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
use egfuse_ir::FloatKind;
use std::borrow::Cow;

/// How far a candidate may be from the reference, against the original.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rule {
    /// The candidate's error may be this many times the original's (default 4).
    pub factor: f64,
    /// The float kind whose epsilon, times the reference's root mean square, each error may
    /// exceed that by: the narrowest kind the computation rounds to, where that is narrower
    /// than the output's (a bf16 computation converted to f32 at the end); `None`, the
    /// output's kind.
    pub floor: Option<FloatKind>,
}

impl Default for Rule {
    fn default() -> Rule {
        Rule {
            factor: 4.0,
            floor: None,
        }
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
    judge_among(candidate, &[original], reference, rule)
}

/// Judges `candidate` against several faithful evaluations of the original (the first as
/// declared, the others in another order, say): the original's error is the worst of theirs.
/// Non-finite elements must match the first's.
pub fn judge_among(
    candidate: &Tensor,
    originals: &[&Tensor],
    reference: &Tensor,
    rule: Rule,
) -> Judged {
    let first = originals.first();
    let mut j = Judged {
        candidate: Error::default(),
        original: Error::default(),
        nonfinite: 0,
        first_nonfinite: None,
        allowed_rms: 0.0,
        allowed_max: 0.0,
        structural: match first {
            None => Some("no run of the original to judge against".to_string()),
            Some(o) if candidate.elem != o.elem || candidate.shape != o.shape => {
                Some("the two modules' outputs have different types".to_string())
            }
            Some(_) => None,
        },
    };
    let Some(&original) = first else { return j };
    let others: Option<Vec<_>> = originals.iter().map(|t| reals(t)).collect();
    let (Some(c), Some(others), Some(r)) = (reals(candidate), others, reals(reference)) else {
        j.structural.get_or_insert("not float tensors".to_string());
        return j;
    };
    if c.len() != r.len() || others.iter().any(|o| o.len() != r.len()) {
        j.structural
            .get_or_insert("the reference has another shape".to_string());
        return j;
    }
    // A complex element is two reals; indices are reported by element.
    let per = (r.len() / reference.len().max(1)).max(1);
    let o = &others[0];
    let mut kept = Vec::with_capacity(r.len());
    for i in 0..r.len() {
        let (x, y) = (c[i], o[i]);
        if !(x.is_finite() && y.is_finite()) {
            let same = x == y || (x.is_nan() && y.is_nan());
            if !same {
                j.nonfinite += 1;
                j.first_nonfinite.get_or_insert(i / per);
            }
        } else if r[i].is_finite() {
            kept.push(i);
        }
    }
    j.candidate = error(&c, &r, &kept, per);
    for o in &others {
        let e = error(o, &r, &kept, per);
        if e.rms > j.original.rms {
            j.original.rms = e.rms;
        }
        if e.max > j.original.max {
            (j.original.max, j.original.at) = (e.max, e.at);
        }
    }
    let floor_kind = rule.floor.map_or(original.elem.clone(), Elem::Float);
    let floor = epsilon(&floor_kind) * rms(&reference.data);
    j.allowed_rms = rule.factor * j.original.rms + floor;
    j.allowed_max = rule.factor * j.original.max + floor;
    j
}

/// The error of `x` against the reference `r` over the elements `kept` (a non-finite `x` there
/// counts as no error: its match with the original is judged apart).
fn error(x: &[f64], r: &[f64], kept: &[usize], per: usize) -> Error {
    let mut e = Error::default();
    let mut sum = 0.0;
    for &i in kept {
        let d = (x[i] - r[i]).abs();
        if !d.is_finite() {
            continue;
        }
        sum += d * d;
        if d > e.max {
            (e.max, e.at) = (d, Some(i / per));
        }
    }
    if !kept.is_empty() {
        e.rms = (sum / kept.len() as f64).sqrt();
    }
    e
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

    #[test]
    fn a_second_evaluation_and_a_narrower_floor_widen_what_rounding_may_reach() {
        let reference = f64s(&[1.0, 2.0, 3.0, 4.0]);
        let pairwise = f32s(&[1.0, 2.0, 3.0, 4.0 + 1e-6]);
        let in_order = f32s(&[1.0, 2.0 + 1e-5, 3.0, 4.0]);
        let kernel = f32s(&[1.0, 2.0 + 2e-5, 3.0, 4.0]);
        assert!(!judge(&kernel, &pairwise, &reference, Rule::default()).agrees());
        let j = judge_among(
            &kernel,
            &[&pairwise, &in_order],
            &reference,
            Rule::default(),
        );
        assert!(j.agrees(), "{j:?}");
        assert_eq!(j.original.at, Some(1));
        let bf16_floor = Rule {
            floor: Some(egfuse_ir::FloatKind::BF16),
            ..Rule::default()
        };
        let rounded = f32s(&[1.0, 2.0, 3.0, 4.0 + 1e-2]);
        assert!(!judge(&rounded, &pairwise, &reference, Rule::default()).agrees());
        assert!(judge(&rounded, &pairwise, &reference, bf16_floor).agrees());
        let changed = f32s(&[1.0, 2.0, 3.0, 4.5]);
        assert!(!judge(&changed, &pairwise, &reference, bf16_floor).agrees());
    }
}
