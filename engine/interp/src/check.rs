//! The self-checking ops of the StableHLO test suite, with the reference interpreter's
//! semantics: `check.expect_eq` (exact), `check.expect_almost_eq` (absolute tolerance, 1e-3 as a
//! custom call, 1e-4 by default as an op), `check.expect_close` (0..=3 ULPs as a custom call),
//! `check.eq` (exact for integers, 1e-4 for floats; returns an `i1`), and the `*_const` ops
//! that compare against a literal.

use super::literal::tensor_of;
use super::tensor::{Data, Elem, Tensor};
use super::{CheckOutcome, Interpreter, Rt};
use egfuse_ir::OpId;
use num_complex::Complex64;

/// How two tensors must agree.
#[derive(Clone, Copy, Debug)]
enum Rule {
    Exact,
    Absolute(f64),
    Ulps { max: u64 },
}

impl std::fmt::Display for Rule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Rule::Exact => write!(f, "exactly"),
            Rule::Absolute(tol) => write!(f, "within {tol:e} absolute"),
            Rule::Ulps { max } => write!(f, "within {max} ULP"),
        }
    }
}

/// Runs `op` if it is a check; `None` when it is not one.
pub fn eval(cx: &mut Interpreter, op: OpId, args: &[Rt]) -> Option<Result<Vec<Rt>, String>> {
    let o = cx.module.op(op);
    let target = match &*o.name {
        "stablehlo.custom_call" | "mhlo.custom_call" => o.attr("call_target_name")?.as_str()?,
        name if name.starts_with("check.") => name.to_string(),
        _ => return None,
    };
    if target == "shape_assertion" {
        return Some(shape_assertion(cx, op, args));
    }
    let rule = rule_for(cx, op, &target)?;
    Some(run(cx, op, &target, rule, args))
}

fn rule_for(cx: &Interpreter, op: OpId, target: &str) -> Option<Rule> {
    let o = cx.module.op(op);
    let custom = o.name.ends_with("custom_call");
    let tolerance = o.attr("tolerance").and_then(float_attr);
    Some(match target {
        "check.expect_eq" | "check.expect_eq_const" => Rule::Exact,
        "check.expect_almost_eq" | "check.expect_almost_eq_const" => {
            Rule::Absolute(tolerance.unwrap_or(if custom { 1e-3 } else { 1e-4 }))
        }
        "check.expect_close" => Rule::Ulps {
            max: if custom {
                3
            } else {
                o.attr("max_ulp_difference")
                    .and_then(|a| a.as_int())
                    .unwrap_or(1) as u64
            },
        },
        "check.eq" => Rule::Absolute(1e-4),
        _ => return None,
    })
}

fn float_attr(a: &egfuse_ir::Attr) -> Option<f64> {
    match a {
        egfuse_ir::Attr::Float { text, .. } => text.parse().ok(),
        other => other.as_int().map(|v| v as f64),
    }
}

fn run(
    cx: &mut Interpreter,
    op: OpId,
    target: &str,
    rule: Rule,
    args: &[Rt],
) -> Result<Vec<Rt>, String> {
    let o = cx.module.op(op);
    let actual = args
        .first()
        .and_then(Rt::as_tensor)
        .ok_or("a check needs a tensor operand")?;
    let expected_owned;
    let expected = if target.ends_with("_const") {
        let value = o.attr("value").ok_or("a constant check needs a `value`")?;
        expected_owned = tensor_of(value, Some(&actual.elem))?;
        &expected_owned
    } else {
        args.get(1)
            .and_then(Rt::as_tensor)
            .ok_or("a check needs two tensor operands")?
    };
    let rule = match (rule, &actual.elem) {
        (Rule::Absolute(_), Elem::Int { .. } | Elem::Quant(_)) => Rule::Exact,
        (r, _) => r,
    };
    let failure = compare(actual, expected, rule).err();
    let func = enclosing_func_name(cx, op);
    let result = if target == "check.eq" {
        vec![Rt::tensor(Tensor::bool_scalar(failure.is_none()))]
    } else {
        Vec::new()
    };
    cx.checks.push(CheckOutcome {
        op,
        func,
        kind: target.to_string(),
        failure,
    });
    Ok(result)
}

fn enclosing_func_name(cx: &Interpreter, op: OpId) -> String {
    let m = cx.module;
    let mut cur = m.op(op).parent.and_then(|b| m.block_parent_op(b));
    while let Some(p) = cur {
        if &*m.op(p).name == "func.func" {
            return m
                .op(p)
                .attr("sym_name")
                .and_then(|a| a.as_str())
                .unwrap_or_default();
        }
        cur = m.op(p).parent.and_then(|b| m.block_parent_op(b));
    }
    String::new()
}

/// Compares element by element; the error names the first mismatch and counts them all.
fn compare(actual: &Tensor, expected: &Tensor, rule: Rule) -> Result<(), String> {
    if actual.shape != expected.shape {
        return Err(format!(
            "shape {:?} differs from expected {:?}",
            actual.shape, expected.shape
        ));
    }
    let kind = match actual.elem {
        Elem::Float(k) | Elem::Complex(k) => Some(k),
        _ => None,
    };
    let mut first = None;
    let mut bad = 0usize;
    for i in 0..actual.len() {
        let ok = match (&actual.data, &expected.data) {
            (Data::Int(a), Data::Int(b)) => a[i] == b[i],
            (Data::Float(a), Data::Float(b)) => float_ok(a[i], b[i], rule, kind),
            (Data::Complex(a), Data::Complex(b)) => complex_ok(a[i], b[i], rule, kind),
            _ => return Err("element kinds differ".to_string()),
        };
        if !ok {
            bad += 1;
            first.get_or_insert(i);
        }
    }
    match first {
        None => Ok(()),
        Some(i) => Err(format!(
            "{bad} of {} elements differ (must agree {rule}); first at flat index {i}: {} (actual) vs {} (expected)",
            actual.len(),
            show(actual, i),
            show(expected, i)
        )),
    }
}

fn show(t: &Tensor, i: usize) -> String {
    match &t.data {
        Data::Float(v) => format!("{:e}", v[i]),
        Data::Int(v) => v[i].to_string(),
        Data::Complex(v) => format!("({:e}, {:e})", v[i].re, v[i].im),
    }
}

fn complex_ok(a: Complex64, b: Complex64, rule: Rule, kind: Option<egfuse_ir::FloatKind>) -> bool {
    float_ok(a.re, b.re, rule, kind) && float_ok(a.im, b.im, rule, kind)
}

fn float_ok(a: f64, b: f64, rule: Rule, kind: Option<egfuse_ir::FloatKind>) -> bool {
    match rule {
        // As the reference interpreter compares: NaN equals NaN, -0 equals +0.
        Rule::Exact => a == b || (a.is_nan() && b.is_nan()),
        Rule::Absolute(tol) => {
            if a == b {
                return true;
            }
            if a.is_nan() || b.is_nan() {
                return a.is_nan() && b.is_nan();
            }
            a.is_finite() && b.is_finite() && (a - b).abs() <= tol
        }
        Rule::Ulps { max } => ulp_distance(a, b, kind) <= max,
    }
}

/// The number of representable values of `kind` between `a` and `b` (both already of that kind).
pub fn ulp_distance(a: f64, b: f64, kind: Option<egfuse_ir::FloatKind>) -> u64 {
    let Some(kind) = kind else {
        return if a == b { 0 } else { u64::MAX };
    };
    if a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan()) {
        return 0;
    }
    if !a.is_finite() || !b.is_finite() {
        return u64::MAX;
    }
    let mag = |x: f64| egfuse_ir::floats::float_to_bits(kind, x.abs());
    let (ma, mb) = (mag(a), mag(b));
    if a.is_sign_negative() != b.is_sign_negative() {
        ma + mb
    } else {
        ma.abs_diff(mb)
    }
}

/// JAX's `shape_assertion` custom call: fails with its `error_message` (with `{i}` replaced by
/// operand `i + 1`) when its predicate operand is false.
fn shape_assertion(cx: &Interpreter, op: OpId, args: &[Rt]) -> Result<Vec<Rt>, String> {
    let holds = args
        .first()
        .and_then(Rt::as_tensor)
        .and_then(|t| t.ints())
        .is_some_and(|v| v.iter().all(|&x| x != 0));
    if holds {
        return Ok(Vec::new());
    }
    let o = cx.module.op(op);
    let mut message = o
        .attr("error_message")
        .and_then(|a| a.as_str())
        .unwrap_or_else(|| "shape assertion failed".to_string());
    for (i, a) in args.iter().skip(1).enumerate() {
        if let Some(v) = a.as_tensor().and_then(|t| t.ints()).and_then(|v| v.first()) {
            message = message.replace(&format!("{{{i}}}"), &v.to_string());
        }
    }
    Err(message)
}
