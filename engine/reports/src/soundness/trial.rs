//! Running an instance before and after a rule on the same random inputs, and the witness of a
//! difference.
//!
//! Inputs come from [`egfuse_interp::random`] with a fixed seed: draw 0 is positive (so `log`
//! and `sqrt` are defined), draw 1 signed, and draw 2 signed and small (its floats scaled by
//! 2^-6, exactly), where cancellation (`exp(x) - 1`, `log(1 + x)`) shows. An element agrees
//! when it is within the tolerance relative to the larger of its magnitude and the output's
//! root mean square (see [`egfuse_interp::compare`]), or both are NaN, or both are the same
//! infinity.
//!
//! A rewrite is also held to an f64 reference: the instance run with every float in f64
//! ([`Numerics::Exact`]). With bf16 and f16 held in f32 between ops ([`Numerics::F32`], as
//! XLA:CPU and fused kernels compute), the rule's side may be no further from the reference
//! than the matched side is, by more than the tolerance of f32: there a constant the rule folds
//! in the narrow type (`1 / n` rounded to bf16's 8 bits) is an error the matched side never
//! had, where rounding every op to bf16 would hide it.

use super::types::Dtype;
use egfuse_interp::compare::{compare_with, rms, Tolerance};
use egfuse_interp::random::{random_args, scaled, InputConfig};
use egfuse_interp::{Data, Interpreter, Limits, Numerics, Rt, Tensor};
use egfuse_ir::{Attr, Module, OpId, Type};

/// How many input draws each instance is run on.
pub const DRAWS: u32 = 3;
/// The seed of the draws.
const SEED: u64 = 0;

/// The scale of the small draw.
const SMALL: f64 = 1.0 / 64.0;

/// The relative size of a unit in the last place of `d` (its machine epsilon); 0 for integers.
pub fn epsilon(d: Dtype) -> f64 {
    let bits = match d {
        Dtype::F64 => 52,
        Dtype::F32 => 23,
        Dtype::F16 => 10,
        Dtype::BF16 => 7,
        Dtype::F8E4M3FN => 3,
        Dtype::I32 | Dtype::I1 => return 0.0,
    };
    (-(bits as f64)).exp2()
}

/// How many units in the last place a rule may differ by when it states no tolerance.
pub const DEFAULT_ULPS: f64 = 4.0;

/// The tolerance a rule is held to for `d`. A rule's `tolerance = R` is relative in f32 and
/// scales with the type's precision (R times `d`'s epsilon over f32's), since rounding loses
/// the same number of units in the last place in every type; the type's default of
/// [`DEFAULT_ULPS`] applies when it is larger. Integers are exact.
pub fn tolerance(d: Dtype, rule: Option<f64>) -> Tolerance {
    let ulps = DEFAULT_ULPS.max(rule.unwrap_or(0.0) / epsilon(Dtype::F32));
    Tolerance {
        atol: 0.0,
        rtol: ulps * epsilon(d),
    }
}

/// What the runs after a rule are held to.
#[derive(Clone, Copy, Debug)]
pub struct Bounds {
    /// How far the run after may be from the run before, each op rounding to its type.
    pub declared: Tolerance,
    /// How much further from the f64 reference the run after may be than the run before, with
    /// narrow floats held in f32; `None` where only the declared runs count (fusions, which
    /// compute exactly the ops they hold, and integers).
    pub held: Option<Tolerance>,
}

/// The bounds of a rewrite on `d`: its tolerance in `d` for the declared runs, and in the type
/// `d` is held in for the reference (f32 for bf16 and f16).
pub fn bounds(d: Dtype, rule: Option<f64>) -> Bounds {
    let held = match d {
        Dtype::BF16 | Dtype::F16 | Dtype::F8E4M3FN => Some(Dtype::F32),
        Dtype::F32 | Dtype::F64 => Some(d),
        Dtype::I32 | Dtype::I1 => None,
    };
    Bounds {
        declared: tolerance(d, rule),
        held: held.map(|h| tolerance(h, rule)),
    }
}

/// An input on which the two sides differ.
#[derive(Clone, Debug)]
pub struct Witness {
    /// The draw (0 positive, later signed).
    pub draw: u32,
    /// The inputs by the rule's names.
    pub inputs: Vec<(String, Tensor)>,
    pub before: Tensor,
    pub after: Tensor,
    /// The flat index of the first element that differs.
    pub index: usize,
    pub tolerance: Tolerance,
    /// The f64 reference, when `before` and `after` ran with narrow floats held in f32 and
    /// `after` is the further from it by more than the tolerance.
    pub reference: Option<Tensor>,
}

/// Why a run failed.
#[derive(Clone, Debug)]
pub enum RunError {
    /// The instance itself does not run.
    Before(String),
    /// The transformed instance does not run.
    After(String),
}

/// Runs `@main` of both modules on [`DRAWS`] draws; the first difference, if any.
pub fn run(
    before: &Module,
    after: &Module,
    names: &[String],
    bounds: Bounds,
) -> Result<Option<Witness>, RunError> {
    let types = arguments(before).map_err(RunError::Before)?;
    for draw in 0..DRAWS {
        let cfg = InputConfig {
            seed: SEED,
            trial: draw,
            dim_size: 3,
        };
        let mut inputs = random_args(&types, cfg).map_err(RunError::Before)?;
        if draw == 2 {
            inputs = scaled(&inputs, SMALL);
        }
        let witness = |b: Tensor, a: Tensor, index, tolerance, reference| {
            let inputs = (names.iter().cloned())
                .zip(inputs.iter().filter_map(|r| r.as_tensor().cloned()))
                .collect();
            Witness {
                draw,
                inputs,
                before: b,
                after: a,
                index,
                tolerance,
                reference,
            }
        };
        let declared = Numerics::Declared;
        let b = output(before, inputs.clone(), declared).map_err(RunError::Before)?;
        let a = output(after, inputs.clone(), declared).map_err(RunError::After)?;
        let d = compare_with(&a, &b, bounds.declared);
        if let Some(why) = d.structural {
            return Err(RunError::After(format!(
                "the result differs in type: {why}"
            )));
        }
        if let Some(index) = d.first_mismatch {
            return Ok(Some(witness(b, a, index, bounds.declared, None)));
        }
        let Some(tol) = bounds.held else { continue };
        let reference =
            output(before, inputs.clone(), Numerics::Exact).map_err(RunError::Before)?;
        let b = output(before, inputs.clone(), Numerics::F32).map_err(RunError::Before)?;
        let a = output(after, inputs.clone(), Numerics::F32).map_err(RunError::After)?;
        if let Some(index) = further(&a, &b, &reference, tol) {
            return Ok(Some(witness(b, a, index, tol, Some(reference))));
        }
    }
    Ok(None)
}

/// The first element where `after` is further from `reference` than `before` is by more than
/// `tol` relative to the larger of the reference's magnitude and root mean square. Elements
/// where one of the three is not finite are the declared comparison's to judge.
fn further(after: &Tensor, before: &Tensor, reference: &Tensor, tol: Tolerance) -> Option<usize> {
    let (Data::Float(a), Data::Float(b), Data::Float(r)) =
        (&after.data, &before.data, &reference.data)
    else {
        return None;
    };
    let scale = rms(&reference.data);
    (0..r.len().min(a.len()).min(b.len())).find(|&i| {
        let (a, b, r) = (a[i], b[i], r[i]);
        let finite = a.is_finite() && b.is_finite() && r.is_finite();
        finite && (a - r).abs() > (b - r).abs() + tol.atol + tol.rtol * r.abs().max(scale)
    })
}

fn main_func(m: &Module) -> Result<OpId, String> {
    Interpreter::new(m, Limits::default())
        .find_func("main")
        .ok_or_else(|| "no @main".to_string())
}

fn arguments(m: &Module) -> Result<Vec<Type>, String> {
    match m.op(main_func(m)?).attr("function_type") {
        Some(Attr::Type(Type::Function(ins, _))) => Ok(ins.clone()),
        _ => Err("@main has no function type".into()),
    }
}

/// The single tensor `@main` returns, its floats rounded as `numerics` says.
fn output(m: &Module, inputs: Vec<Rt>, numerics: Numerics) -> Result<Tensor, String> {
    let f = main_func(m)?;
    let mut interp = Interpreter::new(m, Limits::default());
    interp.numerics = numerics;
    let out = interp.run_func(f, inputs).map_err(|e| e.message)?;
    match out.as_slice() {
        [Rt::Tensor(t)] => Ok((**t).clone()),
        _ => Err(format!(
            "@main returned {} values, not one tensor",
            out.len()
        )),
    }
}
