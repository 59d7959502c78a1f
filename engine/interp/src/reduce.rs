//! `reduce` (variadic: N inputs, N init values, any body) and `map`.
//!
//! The reduction order is the spec's implementation-defined schedule. A float sum (a body that
//! is one `add`) is summed pairwise, each partial sum rounded to the element type, then added
//! to its init value: its error grows with the log of the count (a sum of 4M f32 squares was
//! 1.5e-3 off in sequence, as far as XLA:CPU is from f64 the other way). Under
//! [`Schedule::Device`](super::Schedule) it is summed in index order instead. Any other body folds
//! each output's elements in row-major order into its init value, `acc = body(acc, x)`,
//! accumulator first, as XLA's reference evaluator does.

use super::body::Body;
use super::dispatch::Claim;
use super::layout::{axis, blank, filled, required_ints, steps, Walk};
use super::tensor::{Data, Tensor};
use super::Interpreter;
use egfuse_ir::OpId;

pub fn eval(cx: &mut Interpreter, op: OpId, stem: &str, args: &[&Tensor]) -> Claim {
    Some(match stem {
        "reduce" => reduce(cx, op, args),
        "map" => map(cx, op, args),
        _ => return None,
    })
}

fn reduce(cx: &mut Interpreter, op: OpId, args: &[&Tensor]) -> Result<Vec<Tensor>, String> {
    if !args.len().is_multiple_of(2) || args.is_empty() {
        return Err("reduce takes as many init values as inputs".to_string());
    }
    let (inputs, inits) = args.split_at(args.len() / 2);
    let shape = &inputs[0].shape;
    if inputs.iter().any(|t| &t.shape != shape) {
        return Err("reduce inputs differ in shape".to_string());
    }
    let mut reduced = vec![false; shape.len()];
    for d in required_ints(cx, op, "dimensions")? {
        reduced[axis(d, shape.len())?] = true;
    }
    let st = steps(shape);
    let pick = |keep: bool| -> (Vec<usize>, Vec<isize>) {
        (0..shape.len())
            .filter(|&d| reduced[d] != keep)
            .map(|d| (shape[d], st[d]))
            .unzip()
    };
    let (out_shape, out_steps) = pick(true);
    let (red_shape, red_steps) = pick(false);
    let mut accs: Vec<Tensor> = inits
        .iter()
        .map(|init| filled(init, out_shape.clone()))
        .collect::<Result<_, _>>()?;
    let body = Body::new(cx, op, 0)?;
    if let (Some(elem), [input], [acc]) = (body.float_sum(), inputs, &mut accs[..]) {
        if let (Data::Float(x), Data::Float(a)) = (&input.data, &mut acc.data) {
            let mut terms = Vec::new();
            for (ai, base) in Walk::new(&out_shape, &out_steps, 0).enumerate() {
                terms.clear();
                terms.extend(Walk::new(&red_shape, &red_steps, base as isize).map(|si| x[si]));
                if let Some(sum) = cx.schedule.sum(elem, &terms) {
                    a[ai] = elem.round(a[ai] + sum);
                }
            }
            return Ok(accs);
        }
    }
    for (ai, base) in Walk::new(&out_shape, &out_steps, 0).enumerate() {
        for si in Walk::new(&red_shape, &red_steps, base as isize) {
            body.fold(cx, &mut accs, ai, inputs, si)?;
        }
    }
    Ok(accs)
}

/// `map`: the body applied to the elements at each index of the operands (all dimensions).
fn map(cx: &mut Interpreter, op: OpId, args: &[&Tensor]) -> Result<Vec<Tensor>, String> {
    let first = args.first().ok_or("map needs operands")?;
    if args.iter().any(|t| t.shape != first.shape) {
        return Err("map operands differ in shape".to_string());
    }
    let elem = cx.result_elem(op, 0)?;
    let mut out = Tensor::new(elem.clone(), first.shape.clone(), blank(&elem, first.len()));
    let body = Body::new(cx, op, 0)?;
    for i in 0..first.len() {
        let operands: Vec<(&Tensor, usize)> = args.iter().map(|t| (*t, i)).collect();
        let r = body.call(cx, &operands)?;
        let r = r.first().ok_or("the map body returns nothing")?;
        if r.len() != 1 || r.elem != elem {
            return Err("the map body must return one scalar of the result type".to_string());
        }
        out.data.set_from(i, &r.data, 0);
    }
    Ok(vec![out])
}
