//! CHLO ops whose result depends on the element type's own arithmetic, not only on the exact
//! value: `cosh` and `sinh` (computed as XLA decomposes them, in `f32` for `f32`, `f16` and
//! `bf16`), `next_after` (one step in the element type's representation), the `is_inf` family,
//! and `top_k`.
//!
//! XLA lowers `chlo.cosh` to `e^(x + log(1/2)) + e^(-x + log(1/2))` and `chlo.sinh` to the same
//! difference for `|x| >= 1` and `(expm1(x) + expm1(x) / (expm1(x) + 1)) / 2` below, each step
//! rounded to `f32` (`f16` and `bf16` are upcast to `f32` first). Rounding `x + log(1/2)`
//! shifts the result by up to `|x| * 2^-24` relative, which is several ulps for large `|x|`, so
//! the interpreter reproduces those steps rather than rounding the exact value.

use super::dispatch::Claim;
use super::tensor::{Data, Elem, Tensor, BOOL};
use super::Interpreter;
use egfuse_ir::floats::{float_from_bits, float_to_bits};
use egfuse_ir::{FloatKind, OpId};

pub fn eval(cx: &mut Interpreter, op: OpId, stem: &str, args: &[&Tensor]) -> Claim {
    if !cx.module.op(op).name.starts_with("chlo.") {
        return None;
    }
    Some(match (stem, args) {
        ("cosh" | "sinh", [a]) if a.elem.is_float() => Ok(vec![hyperbolic(stem, a)]),
        ("next_after", [a, b]) if a.elem.is_float() => next_after(a, b).map(|t| vec![t]),
        ("is_inf" | "is_pos_inf" | "is_neg_inf", [a]) => is_inf(stem, a),
        ("top_k", [a]) => top_k(cx, op, a),
        _ => return None,
    })
}

/// `cosh` and `sinh` as XLA's CHLO decomposition computes them.
fn hyperbolic(stem: &str, a: &Tensor) -> Tensor {
    let wide = matches!(a.elem, Elem::Float(FloatKind::F64));
    let step = |x: f64| if wide { x } else { x as f32 as f64 };
    let half_log = step(0.5f64.ln());
    let large = |x: f64, sign: f64| {
        let up = step(step(x + half_log).exp());
        let down = step(step(half_log - x).exp());
        step(up + sign * down)
    };
    let f = |x: f64| -> f64 {
        if stem == "cosh" {
            return large(x, 1.0);
        }
        if x.abs() >= 1.0 {
            return large(x, -1.0);
        }
        let e = step(x.exp_m1());
        let ratio = step(e / step(e + 1.0));
        step(0.5 * step(e + ratio))
    };
    let v = a.floats().unwrap_or_default();
    let data = v.iter().map(|&x| a.elem.round(f(x))).collect();
    Tensor::new(a.elem.clone(), a.shape.clone(), Data::Float(data))
}

/// The next representable value of the element type after `x` in the direction of `y`.
fn next_after(a: &Tensor, b: &Tensor) -> Result<Tensor, String> {
    let Elem::Float(kind) = a.elem else {
        return Err("next_after needs float operands".to_string());
    };
    let (Some(x), Some(y)) = (a.floats(), b.floats()) else {
        return Err("next_after needs two float operands".to_string());
    };
    if x.len() != y.len() {
        return Err(format!(
            "operand shapes {:?} and {:?} differ",
            a.shape, b.shape
        ));
    }
    let data = x
        .iter()
        .zip(y)
        .map(|(&x, &y)| step_toward(kind, x, y))
        .collect();
    Ok(Tensor::new(
        a.elem.clone(),
        a.shape.clone(),
        Data::Float(data),
    ))
}

fn step_toward(kind: FloatKind, x: f64, y: f64) -> f64 {
    if x.is_nan() || y.is_nan() {
        return f64::NAN;
    }
    if x == y {
        return y;
    }
    if x == 0.0 {
        return float_from_bits(kind, 1).copysign(y);
    }
    let magnitude = float_to_bits(kind, x.abs());
    let away_from_zero = (y > x) == (x > 0.0);
    let next = if away_from_zero {
        magnitude + 1
    } else {
        magnitude - 1
    };
    float_from_bits(kind, next).copysign(x)
}

fn is_inf(stem: &str, a: &Tensor) -> Result<Vec<Tensor>, String> {
    let v = a
        .floats()
        .ok_or_else(|| format!("{stem} needs a float operand"))?;
    let test = |x: f64| match stem {
        "is_pos_inf" => x == f64::INFINITY,
        "is_neg_inf" => x == f64::NEG_INFINITY,
        _ => x.is_infinite(),
    };
    let data = v.iter().map(|&x| test(x) as i128).collect();
    Ok(vec![Tensor::new(BOOL, a.shape.clone(), Data::Int(data))])
}

/// The `k` largest entries along the last dimension, in descending order, and their indices;
/// equal values keep their original order. Floats use the IEEE total order (`+NaN` above
/// `+inf`, `-NaN` below `-inf`, `-0` below `+0`), as XLA's sort-based `TopK` does.
fn top_k(cx: &Interpreter, op: OpId, a: &Tensor) -> Result<Vec<Tensor>, String> {
    let k = cx
        .module
        .op(op)
        .attr("k")
        .and_then(|x| x.as_int())
        .ok_or("top_k without k")? as usize;
    if matches!(a.data, Data::Complex(_)) {
        return Err("top_k needs a real operand".to_string());
    }
    let Some(&n) = a.shape.last() else {
        return Err("top_k needs an operand of rank 1 or more".to_string());
    };
    if k > n {
        return Err(format!("k = {k} exceeds the last dimension's size {n}"));
    }
    let rows = a.len().checked_div(n).unwrap_or(0);
    let mut picks = Vec::with_capacity(rows * k);
    for r in 0..rows {
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by(|&i, &j| compare_desc(&a.data, r * n + i, r * n + j));
        picks.extend(order.into_iter().take(k).map(|i| (r * n + i, i)));
    }
    let mut shape = a.shape.clone();
    *shape.last_mut().expect("rank checked above") = k;
    let values = a.data.select(picks.iter().map(|p| p.0));
    let index_elem = cx.result_elem(op, 1)?;
    let indices = picks.iter().map(|p| index_elem.wrap(p.1 as i128)).collect();
    Ok(vec![
        Tensor::new(a.elem.clone(), shape.clone(), values),
        Tensor::new(index_elem, shape, Data::Int(indices)),
    ])
}

fn compare_desc(data: &Data, i: usize, j: usize) -> std::cmp::Ordering {
    match data {
        Data::Float(v) => v[j].total_cmp(&v[i]),
        Data::Int(v) => v[j].cmp(&v[i]),
        Data::Complex(_) => unreachable!("top_k rejects complex operands"),
    }
}
