//! Elementwise ops: constants, unary and binary arithmetic over floats, integers, booleans and
//! complex numbers, comparisons, `select`, `clamp`, and the conversions (`convert`,
//! `bitcast_convert`, `reduce_precision`).
//!
//! Integer semantics follow XLA's CPU backend where StableHLO leaves them to the
//! implementation: division by zero gives -1 (all ones), `INT_MIN / -1` gives `INT_MIN`, a
//! remainder by zero gives the dividend, shifts by the width or more give 0 (or the sign fill).

use super::dispatch::Claim;
use super::literal::tensor_of;
use super::numerics::narrowed;
use super::pool;
use super::quant;
use super::scalar::{
    binary_complex, binary_float, binary_int, unary_complex, unary_float, unary_int,
};
use super::schedule::Schedule;
use super::tensor::{Data, Elem, Tensor, BOOL};
use super::Interpreter;
use egfuse_ir::OpId;
use num_complex::Complex64;

pub fn eval(cx: &mut Interpreter, op: OpId, stem: &str, args: &[&Tensor]) -> Claim {
    let out = match cx.result_elem(op, 0).or_else(|e| {
        if cx.module.op(op).results.is_empty() {
            Ok(BOOL)
        } else {
            Err(e)
        }
    }) {
        Ok(e) => e,
        Err(e) => return Some(Err(e)),
    };
    Some(match stem {
        "constant" => constant(cx, op),
        "compare" => compare(cx, op, args),
        "select" => select(args),
        "clamp" => clamp(args, &out),
        "convert" => convert(args[0], &out),
        "bitcast_convert" => bitcast(cx, op, args[0]),
        "reduce_precision" => super::convert::reduce_precision(cx, op, args[0]),
        "is_finite" => is_finite(args[0]),
        "real" | "imag" => part(stem, args[0], &out),
        "complex" => make_complex(args, &out),
        _ if is_quantized(args, &out) => return quantized(stem, args, &out),
        _ if args.len() == 1 => return unary(cx.schedule, stem, args[0], &out),
        _ if args.len() == 2 => return binary(stem, args[0], args[1], &out),
        _ => return None,
    })
}

/// A constant is decoded at its declared type, then held as [`Numerics`] says.
fn constant(cx: &Interpreter, op: OpId) -> Result<Vec<Tensor>, String> {
    let value = cx
        .module
        .op(op)
        .attr("value")
        .ok_or("constant without a value")?;
    let declared = Elem::from_type(&cx.declared_elem(op, 0)?)?;
    Ok(vec![cx.numerics.held(tensor_of(value, Some(&declared))?)])
}

/// Bits are those of the declared types, whatever [`Numerics`] holds the values in.
fn bitcast(cx: &Interpreter, op: OpId, a: &Tensor) -> Result<Vec<Tensor>, String> {
    let m = cx.module;
    let operand = m.ty(m.op(op).operands[0]).as_tensor();
    let declared_in = Elem::from_type(&operand.ok_or("the operand is not a tensor")?.elem)?;
    let declared_out = Elem::from_type(&cx.declared_elem(op, 0)?)?;
    let a = narrowed(a, &declared_in);
    let out = super::convert::bitcast(&a, &declared_out, &cx.result_shape(op))?;
    Ok(out.into_iter().map(|t| cx.numerics.held(t)).collect())
}

fn is_quantized(args: &[&Tensor], out: &Elem) -> bool {
    matches!(out, Elem::Quant(_)) || args.iter().any(|a| matches!(a.elem, Elem::Quant(_)))
}

/// The spec's `dequantize_op_quantize`: run the float op on dequantized operands.
fn quantized(stem: &str, args: &[&Tensor], out: &Elem) -> Claim {
    let floats: Vec<_> = args.iter().map(|t| quant::dequantize(t)).collect();
    let float_out = match out {
        Elem::Quant(q) => Elem::Float(q.expressed),
        other => other.clone(),
    };
    let refs: Vec<&Tensor> = floats.iter().map(|t| &**t).collect();
    let result = match refs.len() {
        1 => unary(Schedule::Reference, stem, refs[0], &float_out)?,
        2 => binary(stem, refs[0], refs[1], &float_out)?,
        _ => return None,
    };
    Some(result.and_then(|mut ts| {
        let t = ts.pop().ok_or("no result")?;
        Ok(vec![quant::quantize(t, out)?])
    }))
}

fn unary(schedule: Schedule, stem: &str, a: &Tensor, out: &Elem) -> Claim {
    let data = match (&a.data, &a.elem) {
        (Data::Float(v), _) if schedule.rewrites(stem) => Data::Float(pool::collect(
            (v.iter()).map(|&x| schedule.unary(stem, x, out).unwrap_or(f64::NAN)),
        )),
        (Data::Float(v), _) => {
            let f = unary_float(stem)?;
            Data::Float(pool::collect(v.iter().map(|&x| out.round(f(x)))))
        }
        (Data::Complex(v), _) if stem == "abs" => {
            Data::Float(v.iter().map(|x| out.round(x.norm())).collect())
        }
        (Data::Complex(v), _) => {
            let f = unary_complex(stem)?;
            Data::Complex(v.iter().map(|&x| round_c(out, f(x))).collect())
        }
        (Data::Int(v), Elem::Int { width, .. }) => {
            let f = unary_int(stem, *width)?;
            Data::Int(v.iter().map(|&x| out.wrap(f(x))).collect())
        }
        _ => return None,
    };
    Some(Ok(vec![Tensor::new(out.clone(), a.shape.clone(), data)]))
}

fn binary(stem: &str, a: &Tensor, b: &Tensor, out: &Elem) -> Claim {
    let known = binary_float(stem).is_some()
        || binary_complex(stem).is_some()
        || binary_int(stem, 8, true).is_some();
    if !known {
        return None;
    }
    if a.shape != b.shape {
        return Some(Err(format!(
            "operand shapes {:?} and {:?} differ",
            a.shape, b.shape
        )));
    }
    let data = match (&a.data, &b.data, &a.elem) {
        (Data::Float(x), Data::Float(y), _) => {
            let f = binary_float(stem)?;
            Data::Float(pool::collect(
                x.iter().zip(y).map(|(&p, &q)| out.round(f(p, q))),
            ))
        }
        (Data::Complex(x), Data::Complex(y), _) => {
            let f = binary_complex(stem)?;
            Data::Complex(
                x.iter()
                    .zip(y)
                    .map(|(&p, &q)| round_c(out, f(p, q)))
                    .collect(),
            )
        }
        (Data::Int(x), Data::Int(y), Elem::Int { width, signed }) => {
            let f = binary_int(stem, *width, *signed)?;
            Data::Int(x.iter().zip(y).map(|(&p, &q)| out.wrap(f(p, q))).collect())
        }
        _ => return None,
    };
    Some(Ok(vec![Tensor::new(out.clone(), a.shape.clone(), data)]))
}

pub fn round_c(elem: &Elem, z: Complex64) -> Complex64 {
    Complex64::new(elem.round(z.re), elem.round(z.im))
}

fn compare(cx: &Interpreter, op: OpId, args: &[&Tensor]) -> Result<Vec<Tensor>, String> {
    let o = cx.module.op(op);
    let dir = o
        .attr("comparison_direction")
        .and_then(|a| a.enum_value("comparison_direction"))
        .ok_or("compare without a comparison_direction")?;
    let total = o
        .attr("compare_type")
        .and_then(|a| a.enum_value("comparison_type"))
        == Some("TOTALORDER");
    let (a, b) = (quant::dequantize(args[0]), quant::dequantize(args[1]));
    let test = |ord: Option<std::cmp::Ordering>| -> bool {
        use std::cmp::Ordering::*;
        match (dir, ord) {
            ("EQ", Some(Equal)) | ("LE", Some(Less | Equal)) | ("GE", Some(Greater | Equal)) => {
                true
            }
            ("LT", Some(Less)) | ("GT", Some(Greater)) => true,
            ("NE", o) => o != Some(Equal),
            _ => false,
        }
    };
    let v: Vec<i128> = match (&a.data, &b.data) {
        (Data::Float(x), Data::Float(y)) if total => x
            .iter()
            .zip(y)
            .map(|(p, q)| test(Some(p.total_cmp(q))) as i128)
            .collect(),
        (Data::Float(x), Data::Float(y)) => x
            .iter()
            .zip(y)
            .map(|(p, q)| test(p.partial_cmp(q)) as i128)
            .collect(),
        (Data::Int(x), Data::Int(y)) => x
            .iter()
            .zip(y)
            .map(|(p, q)| test(Some(p.cmp(q))) as i128)
            .collect(),
        (Data::Complex(x), Data::Complex(y)) => x
            .iter()
            .zip(y)
            .map(|(p, q)| {
                test(Some(if p == q {
                    std::cmp::Ordering::Equal
                } else {
                    std::cmp::Ordering::Less
                })) as i128
            })
            .collect(),
        _ => return Err("compare operands differ in kind".to_string()),
    };
    Ok(vec![Tensor::new(BOOL, a.shape.clone(), Data::Int(v))])
}

/// `select(pred, on_true, on_false)`; `pred` may be a scalar.
fn select(args: &[&Tensor]) -> Result<Vec<Tensor>, String> {
    let [p, t, f] = args else {
        return Err("select takes three operands".to_string());
    };
    let pred = p.ints().ok_or("select predicate must be i1")?;
    let scalar = p.shape.is_empty();
    let mut data = t.elem.empty_data(t.len());
    for i in 0..t.len() {
        let take = pred[if scalar { 0 } else { i }] != 0;
        data.push_from(if take { &t.data } else { &f.data }, i);
    }
    Ok(vec![Tensor::new(t.elem.clone(), t.shape.clone(), data)])
}

/// `clamp(min, x, max)`; `min` and `max` may be scalars.
fn clamp(args: &[&Tensor], out: &Elem) -> Result<Vec<Tensor>, String> {
    let [lo, x, hi] = args else {
        return Err("clamp takes three operands".to_string());
    };
    let (lo, x, hi) = (
        quant::dequantize(lo),
        quant::dequantize(x),
        quant::dequantize(hi),
    );
    let at = |t: &Tensor, i: usize| if t.shape.is_empty() { 0 } else { i };
    let data = match (&lo.data, &x.data, &hi.data) {
        (Data::Float(l), Data::Float(v), Data::Float(h)) => Data::Float(
            (0..v.len())
                .map(|i| {
                    binary_float("minimum").unwrap()(
                        binary_float("maximum").unwrap()(v[i], l[at(&lo, i)]),
                        h[at(&hi, i)],
                    )
                })
                .collect(),
        ),
        (Data::Int(l), Data::Int(v), Data::Int(h)) => Data::Int(
            (0..v.len())
                .map(|i| v[i].max(l[at(&lo, i)]).min(h[at(&hi, i)]))
                .collect(),
        ),
        _ => return Err("clamp operands must be real numbers of one kind".to_string()),
    };
    let t = Tensor::new(x.elem.clone(), x.shape.clone(), data);
    Ok(vec![quant::quantize(t, out)?])
}

/// `convert`: between any two numeric kinds (float to int truncates and saturates, NaN to 0).
pub fn convert(a: &Tensor, out: &Elem) -> Result<Vec<Tensor>, String> {
    let a = quant::dequantize(a);
    let n = a.len();
    let data = match (&a.data, out) {
        (Data::Float(v), Elem::Float(_)) => {
            Data::Float(pool::collect(v.iter().map(|&x| out.round(x))))
        }
        (Data::Float(v), Elem::Int { width: 1, .. }) => {
            Data::Int(v.iter().map(|&x| (x != 0.0) as i128).collect())
        }
        (Data::Float(v), Elem::Int { .. }) => {
            Data::Int(v.iter().map(|&x| saturate(out, x)).collect())
        }
        (Data::Float(v), Elem::Complex(_)) => Data::Complex(
            v.iter()
                .map(|&x| Complex64::new(out.round(x), 0.0))
                .collect(),
        ),
        (Data::Int(v), Elem::Float(_)) => {
            Data::Float(v.iter().map(|&x| out.round(x as f64)).collect())
        }
        (Data::Int(v), Elem::Int { width: 1, .. }) => {
            Data::Int(v.iter().map(|&x| (x != 0) as i128).collect())
        }
        (Data::Int(v), Elem::Int { .. }) => Data::Int(v.iter().map(|&x| out.wrap(x)).collect()),
        (Data::Int(v), Elem::Complex(_)) => Data::Complex(
            v.iter()
                .map(|&x| Complex64::new(out.round(x as f64), 0.0))
                .collect(),
        ),
        (Data::Complex(v), Elem::Complex(_)) => {
            Data::Complex(v.iter().map(|&z| round_c(out, z)).collect())
        }
        (Data::Complex(v), Elem::Float(_)) => {
            Data::Float(v.iter().map(|z| out.round(z.re)).collect())
        }
        (Data::Complex(v), Elem::Int { .. }) => {
            Data::Int(v.iter().map(|z| saturate(out, z.re)).collect())
        }
        (_, Elem::Quant(_)) => return Ok(vec![quant::quantize(a.into_owned(), out)?]),
    };
    debug_assert_eq!(data.len(), n);
    Ok(vec![Tensor::new(out.clone(), a.shape.clone(), data)])
}

/// Float to integer: truncation toward zero, saturating at the type's bounds, NaN to 0.
fn saturate(out: &Elem, x: f64) -> i128 {
    let Elem::Int { width, signed } = *out else {
        return 0;
    };
    if x.is_nan() {
        return 0;
    }
    let (lo, hi) = if signed {
        (-(1i128 << (width - 1)), (1i128 << (width - 1)) - 1)
    } else {
        (0, (1i128 << width) - 1)
    };
    (x.trunc() as i128).clamp(lo, hi)
}

fn is_finite(a: &Tensor) -> Result<Vec<Tensor>, String> {
    let v = a.floats().ok_or("is_finite needs a float operand")?;
    let data = v.iter().map(|x| x.is_finite() as i128).collect();
    Ok(vec![Tensor::new(BOOL, a.shape.clone(), Data::Int(data))])
}

fn part(stem: &str, a: &Tensor, out: &Elem) -> Result<Vec<Tensor>, String> {
    let data = match &a.data {
        Data::Complex(v) => Data::Float(
            v.iter()
                .map(|z| if stem == "real" { z.re } else { z.im })
                .collect(),
        ),
        Data::Float(v) => Data::Float(
            v.iter()
                .map(|&x| if stem == "real" { x } else { 0.0 })
                .collect(),
        ),
        Data::Int(_) => return Err(format!("{stem} needs a float or complex operand")),
    };
    Ok(vec![Tensor::new(out.clone(), a.shape.clone(), data)])
}

fn make_complex(args: &[&Tensor], out: &Elem) -> Result<Vec<Tensor>, String> {
    let (Some(re), Some(im)) = (args[0].floats(), args[1].floats()) else {
        return Err("complex needs two float operands".to_string());
    };
    let data = re
        .iter()
        .zip(im)
        .map(|(&r, &i)| Complex64::new(r, i))
        .collect();
    Ok(vec![Tensor::new(
        out.clone(),
        args[0].shape.clone(),
        Data::Complex(data),
    )])
}
